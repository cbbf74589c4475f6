#include "check/update.hpp"

#include <system_error>

#include "check/fixture.hpp"
#include "check/metadata.hpp"

namespace fs = std::filesystem;

namespace pith::check {
namespace {

// Writes `content` unless the file already holds exactly that.
bool write_if_changed(const fs::path& path, const std::string& content) {
  std::error_code ec;
  if (fs::exists(path, ec) && read_file(path) == content) return false;
  write_file(path, content);
  return true;
}

}  // namespace

std::string expected_text_file(const std::string& text) { return text.empty() ? text : text + "\n"; }

std::vector<fs::path> update_expected(const FixtureResult& result) {
  if (!result.error.empty()) throw FixtureError(result.name + ": nothing to record: " + result.error);
  std::vector<fs::path> written;
  if (write_if_changed(result.dir / "expected.txt", expected_text_file(result.actual_text)))
    written.push_back(result.dir / "expected.txt");
  // expected.json is rewritten only when a field drifted, so a hand-formatted
  // file that still matches stays as it was.
  fs::path fields_path = result.dir / "expected.json";
  if (!result.field_mismatches.empty()) {
    OrderedJson fields;
    try {
      fields = OrderedJson::parse(read_file(fields_path));
    } catch (const nlohmann::json::parse_error& e) {
      throw FixtureError(fields_path.string() + " is not valid JSON: " + e.what());
    }
    if (!fields.is_object()) throw FixtureError(fields_path.string() + ": not a JSON object");
    std::string content =
        updated_fields(fields, result.document).dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n";
    if (write_if_changed(fields_path, content)) written.push_back(fields_path);
  }
  return written;
}

}  // namespace pith::check
