// `pith fixture new`: a page snapshotted into a new fixture folder, with the
// current extraction recorded as the expected output for a person to review.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "check/run.hpp"

namespace pith::check {

struct PageSnapshot {
  std::string bytes;         // exactly as received or read (gzip stays gzip)
  std::string url;           // the page's address (after redirects, when fetched)
  std::string content_type;  // the response's Content-Type, when fetched: it carries the charset
  std::string charset;       // a charset the user gave
};

struct CreatedFixture {
  std::filesystem::path dir;
  std::vector<std::filesystem::path> files;  // in the order written
  FixtureResult result;                      // the new fixture, checked
};

// Letters, digits, '.', '_' and '-', not starting with '.': a folder name on
// every system, and no way out of the fixtures folder.
bool valid_fixture_name(std::string_view name);

// Creates parent/name/ with page.html (page.html.gz for gzip bytes),
// fixture.json, expected.txt and, when the page has metadata, expected.json.
// Throws FixtureError when the name is invalid, the folder exists and is not
// empty, a file cannot be written, or the page cannot be extracted (the
// half-made folder is then removed).
CreatedFixture create_fixture(const PageSnapshot& page, const std::filesystem::path& parent, const std::string& name);

}  // namespace pith::check
