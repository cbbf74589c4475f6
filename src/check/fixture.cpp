#include "check/fixture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <system_error>

#include "check/gzip.hpp"

namespace fs = std::filesystem;

namespace pith::check {
namespace {

template <class T>
void take(const nlohmann::json& json, const char* key, T& field) {
  if (auto it = json.find(key); it != json.end() && !it->is_null()) {
    try {
      field = it->get<T>();
    } catch (const nlohmann::json::exception&) {
      throw FixtureError(fmt::format("fixture.json: \"{}\" has the wrong type ({})", key, it->type_name()));
    }
  }
}

bool is_hidden(const fs::path& p) {
  std::string name = p.filename().string();
  return !name.empty() && name[0] == '.';
}

}  // namespace

std::string floor_text(double floor) {
  std::string text = fmt::format("{:.3f}", floor);
  if (text.back() == '0') text.pop_back();
  return text;
}

FixtureSpec parse_spec(const nlohmann::json& json) {
  if (!json.is_object()) throw FixtureError("fixture.json: not a JSON object");
  static const std::set<std::string> known = {
      "description", "url", "charset", "content_type", "mode", "f1_floor", "must_contain",
      "must_not_contain", "expect_no_content", "max_tokens", "known_leaks", "known_misses"};
  FixtureSpec spec;
  take(json, "description", spec.description);
  take(json, "url", spec.url);
  take(json, "charset", spec.charset);
  take(json, "content_type", spec.content_type);
  take(json, "mode", spec.mode);
  take(json, "f1_floor", spec.f1_floor);
  take(json, "must_contain", spec.must_contain);
  take(json, "must_not_contain", spec.must_not_contain);
  take(json, "expect_no_content", spec.expect_no_content);
  take(json, "max_tokens", spec.max_tokens);
  take(json, "known_leaks", spec.known_leaks);
  take(json, "known_misses", spec.known_misses);
  if (!spec.mode.empty() && spec.mode != "precision" && spec.mode != "recall" && spec.mode != "balanced")
    throw FixtureError(fmt::format("fixture.json: mode \"{}\" is not precision, recall or balanced", spec.mode));
  if (spec.f1_floor < 0 || spec.f1_floor > 1)
    throw FixtureError(fmt::format("fixture.json: f1_floor {} is outside 0..1", spec.f1_floor));
  for (const auto& [key, value] : json.items())
    if (!known.contains(key)) spec.unknown_keys.push_back(key);
  return spec;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FixtureError(fmt::format("cannot read {}: {}", path.string(), std::strerror(errno)));
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw FixtureError(fmt::format("error while reading {}", path.string()));
  return data;
}

void write_file(const fs::path& path, std::string_view data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw FixtureError(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  out.close();
  if (!out) throw FixtureError(fmt::format("error while writing {}", path.string()));
}

fs::path page_file(const fs::path& dir) {
  std::error_code ec;
  for (const char* name : {"page.html", "page.html.gz"})
    if (fs::is_regular_file(dir / name, ec)) return dir / name;
  return {};
}

std::vector<FixtureLocation> find_fixtures(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw std::runtime_error(fmt::format("{} is not a folder", root.string()));
  std::vector<FixtureLocation> found;
  if (!page_file(root).empty()) {
    fs::path absolute = fs::absolute(root, ec).lexically_normal();
    std::string name = (absolute.has_filename() ? absolute : absolute.parent_path()).filename().string();
    found.push_back({name, root});
    return found;
  }
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot read {}: {}", root.string(), ec.message()));
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) throw std::runtime_error(fmt::format("cannot read {}: {}", root.string(), ec.message()));
    if (!it->is_directory(ec)) continue;
    if (is_hidden(it->path())) {
      it.disable_recursion_pending();
      continue;
    }
    if (page_file(it->path()).empty()) continue;
    // A fixture's own subfolders are not fixtures.
    it.disable_recursion_pending();
    found.push_back({it->path().lexically_relative(root).generic_string(), it->path()});
  }
  std::sort(found.begin(), found.end(),
            [](const FixtureLocation& a, const FixtureLocation& b) { return a.name < b.name; });
  return found;
}

std::string read_page(const fs::path& page, std::size_t max_bytes) {
  std::string bytes = read_file(page);
  if (!is_gzip(bytes)) return bytes;
  try {
    return gunzip(bytes, max_bytes);
  } catch (const std::runtime_error& e) {
    throw FixtureError(fmt::format("{}: {}", page.string(), e.what()));
  }
}

Fixture load_fixture(const FixtureLocation& location) {
  Fixture fixture;
  fixture.name = location.name;
  fixture.dir = location.dir;
  fixture.page = page_file(location.dir);
  if (fixture.page.empty()) throw FixtureError("no page.html or page.html.gz");
  std::error_code ec;
  if (fs::exists(location.dir / "fixture.json", ec)) {
    try {
      fixture.spec = parse_spec(nlohmann::json::parse(read_file(location.dir / "fixture.json")));
    } catch (const nlohmann::json::parse_error& e) {
      throw FixtureError(fmt::format("fixture.json is not valid JSON: {}", e.what()));
    }
  }
  if (fs::exists(location.dir / "expected.txt", ec)) fixture.expected_text = read_file(location.dir / "expected.txt");
  if (fs::exists(location.dir / "expected.json", ec)) {
    try {
      fixture.expected_fields = nlohmann::ordered_json::parse(read_file(location.dir / "expected.json"));
    } catch (const nlohmann::json::parse_error& e) {
      throw FixtureError(fmt::format("expected.json is not valid JSON: {}", e.what()));
    }
    if (!fixture.expected_fields->is_object()) throw FixtureError("expected.json: not a JSON object");
  }
  return fixture;
}

namespace {

// fixture.json's mode goes to Options::focus when pith::Options has one (the
// precision/recall trade-off); written against whatever Options holds, so
// fixtures stay valid for a pith without that option, which ignores the mode.
template <class ExtractOptions>
void apply_mode(ExtractOptions& options, const std::string& mode) {
  if constexpr (requires { options.focus; }) {
    using Focus = decltype(options.focus);
    if (mode == "precision") options.focus = Focus::precision;
    if (mode == "recall") options.focus = Focus::recall;
  }
}

}  // namespace

pith::Options extract_options(const FixtureSpec& spec) {
  pith::Options options;
  options.url = spec.url;
  options.charset = spec.charset;
  options.content_type = spec.content_type;
  apply_mode(options, spec.mode);
  return options;
}

}  // namespace pith::check
