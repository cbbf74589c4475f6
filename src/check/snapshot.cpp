#include "check/snapshot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

#include "check/fixture.hpp"
#include "check/gzip.hpp"
#include "check/metadata.hpp"
#include "check/update.hpp"

namespace fs = std::filesystem;

namespace pith::check {
namespace {

std::string spec_file(const PageSnapshot& page) {
  OrderedJson spec;
  spec["description"] = "";
  spec["url"] = page.url;
  if (!page.content_type.empty()) spec["content_type"] = page.content_type;
  if (!page.charset.empty()) spec["charset"] = page.charset;
  // The recorded output is the expectation: any drift fails until a person
  // edits expected.txt towards the ideal text and lowers the floor to match.
  spec["f1_floor"] = 1.0;
  spec["must_contain"] = OrderedJson::array();
  spec["must_not_contain"] = OrderedJson::array();
  return spec.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n";
}

}  // namespace

bool valid_fixture_name(std::string_view name) {
  if (name.empty() || name.size() > 128 || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
  });
}

CreatedFixture create_fixture(const PageSnapshot& page, const fs::path& parent, const std::string& name) {
  if (!valid_fixture_name(name))
    throw FixtureError(fmt::format("invalid fixture name \"{}\": use letters, digits, '.', '_' and '-'", name));
  CreatedFixture created;
  created.dir = parent / name;
  std::error_code ec;
  if (fs::exists(created.dir, ec) && !fs::is_empty(created.dir, ec))
    throw FixtureError(fmt::format("{} already exists (pith check --update {} re-records its expected output)",
                                   created.dir.string(), created.dir.string()));
  fs::create_directories(created.dir, ec);
  if (ec) throw FixtureError(fmt::format("cannot create {}: {}", created.dir.string(), ec.message()));

  try {
    fs::path page_path = created.dir / (is_gzip(page.bytes) ? "page.html.gz" : "page.html");
    write_file(page_path, page.bytes);
    write_file(created.dir / "fixture.json", spec_file(page));
    created.files = {page_path, created.dir / "fixture.json"};

    FixtureLocation location{name, created.dir};
    FixtureResult first = run_fixture(location);
    if (!first.error.empty()) throw FixtureError(first.error);
    write_file(created.dir / "expected.txt", expected_text_file(first.actual_text));
    created.files.push_back(created.dir / "expected.txt");
    OrderedJson fields = snapshot_fields(first.document);
    if (!fields.empty()) {
      write_file(created.dir / "expected.json",
                 fields.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n");
      created.files.push_back(created.dir / "expected.json");
    }
    // Checked as `pith check` will check it, so what is printed is what CI sees.
    created.result = run_fixture(location);
  } catch (...) {
    fs::remove_all(created.dir, ec);
    throw;
  }
  return created;
}

}  // namespace pith::check
