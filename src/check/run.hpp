// Running fixtures: extract each page, score it against expected.txt, check
// the snippets and the metadata fields. Fixtures run in parallel on a small
// pool of threads (pith::extract() is thread-safe).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "check/fixture.hpp"
#include "check/line_diff.hpp"
#include "check/metadata.hpp"
#include "check/metric.hpp"

namespace pith::check {

struct FixtureResult {
  std::string name;
  std::filesystem::path dir;
  std::string error;  // the fixture could not be read or the page not extracted

  FixtureSpec spec;
  Score score;
  std::size_t tokens = 0;  // tokens in the output
  std::vector<std::string> text_failures;     // F1 below the floor, too much output, no expected.txt
  std::size_t snippets_checked = 0;
  std::vector<std::string> snippet_failures;  // "missing: ..." / "leaked: ..."
  std::size_t fields_checked = 0;             // keys of expected.json; 0 without one
  bool has_expected_fields = false;
  std::vector<FieldMismatch> field_mismatches;
  std::vector<std::string> notes;  // known leaks/misses, unknown keys: never failing
  LineDiff diff;                   // filled when the text or a snippet check failed
  double seconds = 0;

  // What --update writes back.
  std::string actual_text;
  OrderedJson document;

  bool passed() const noexcept {
    return error.empty() && text_failures.empty() && snippet_failures.empty() && field_mismatches.empty();
  }
};

// Snippets match after white space is collapsed (as the benchmark's scorer does).
bool contains_snippet(std::string_view text, std::string_view snippet);

FixtureResult run_fixture(const FixtureLocation& location);

// Runs every fixture on `jobs` threads (at least one); results in input order.
std::vector<FixtureResult> run_fixtures(const std::vector<FixtureLocation>& fixtures, unsigned jobs);

}  // namespace pith::check
