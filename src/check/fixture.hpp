// A page fixture: a folder holding a page, the main text pith should extract
// from it and the checks to run (docs/fixtures.md):
//
//   page.html | page.html.gz   the page's exact bytes, any encoding, optionally gzipped
//   expected.txt               the expected main text
//   expected.json              optional: metadata fields to check (only those present)
//   fixture.json               optional: url, charset, content_type, f1_floor, snippets...
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "pith/pith.hpp"

namespace pith::check {

// A fixture that cannot be read: bad JSON, an unreadable page. Reported as
// that fixture's failure, never fatal for the run.
class FixtureError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// fixture.json. Every key is optional.
struct FixtureSpec {
  std::string description;
  std::string url;           // Options::url
  std::string charset;       // Options::charset: trusted as given (a BOM still wins)
  std::string content_type;  // Options::content_type: the HTTP header recorded at fetch time
  std::string mode;          // "precision" / "recall" / "balanced": Options::focus, when pith has it
  // Token F1 against expected.txt must reach this. 1.0 (the default) means the
  // same words in the same order: any drift fails.
  double f1_floor = 1.0;
  std::vector<std::string> must_contain;
  std::vector<std::string> must_not_contain;
  // Pages with no main content: at most max_tokens tokens may come out (F1 is
  // still checked against expected.txt when there is one).
  bool expect_no_content = false;
  std::size_t max_tokens = 60;
  // Failure classes not solved yet: reported on every run, never failing.
  std::vector<std::string> known_leaks;
  std::vector<std::string> known_misses;
  // Keys this version does not know (typos, or newer options): reported.
  std::vector<std::string> unknown_keys;
};

// A floor as people write it: 0.85, 0.989, 1.00 (two or three decimals).
std::string floor_text(double floor);

// Throws FixtureError on a value of the wrong type or an unknown mode.
FixtureSpec parse_spec(const nlohmann::json& json);

struct Fixture {
  std::string name;                 // relative to the folder it was found under
  std::filesystem::path dir;
  std::filesystem::path page;       // page.html or page.html.gz
  FixtureSpec spec;
  std::optional<std::string> expected_text;              // expected.txt, when present
  std::optional<nlohmann::ordered_json> expected_fields;  // expected.json, when present
};

// Where a fixture lives, before anything in it is read.
struct FixtureLocation {
  std::string name;
  std::filesystem::path dir;
};

// The page file of a fixture folder (page.html, else page.html.gz), or an
// empty path when there is none.
std::filesystem::path page_file(const std::filesystem::path& dir);

// Every fixture folder under `root`, sorted by name; `root` itself when it is
// one (a folder with a page file). Hidden folders are skipped. Throws
// std::runtime_error when `root` is not a readable folder.
std::vector<FixtureLocation> find_fixtures(const std::filesystem::path& root);

// Reads a fixture's files. Throws FixtureError.
Fixture load_fixture(const FixtureLocation& location);

// The page's bytes, gunzipped when the file is gzip (by content, whatever its
// name). Throws FixtureError.
std::string read_page(const std::filesystem::path& page, std::size_t max_bytes);

// Options for pith::extract() as the fixture asks.
pith::Options extract_options(const FixtureSpec& spec);

// Whole-file helpers shared by the loader, --update and `pith fixture new`.
std::string read_file(const std::filesystem::path& path);  // throws FixtureError
void write_file(const std::filesystem::path& path, std::string_view data);  // throws FixtureError

}  // namespace pith::check
