#include "check/report.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pith::check {
namespace {

std::string ratio(std::size_t failures, std::size_t checked, bool applies) {
  return applies ? fmt::format("{}/{}", failures, checked) : std::string("-");
}

}  // namespace

Tally tally(const std::vector<FixtureResult>& results) {
  Tally t;
  for (const auto& r : results) (r.passed() ? t.passed : t.failed)++;
  return t;
}

std::vector<std::string> failure_reasons(const FixtureResult& r) {
  std::vector<std::string> reasons;
  if (!r.error.empty()) reasons.push_back("error: " + r.error);
  reasons.insert(reasons.end(), r.text_failures.begin(), r.text_failures.end());
  reasons.insert(reasons.end(), r.snippet_failures.begin(), r.snippet_failures.end());
  for (const auto& m : r.field_mismatches) reasons.push_back(describe(m));
  return reasons;
}

std::string format_table(const std::vector<FixtureResult>& results) {
  std::size_t width = 7;
  for (const auto& r : results) width = std::max(width, r.name.size());
  std::string out = fmt::format("{:<{}}  {:>5}  {:>5}  {:>5}  {:>5}  {:>8}  {:>6}  {}\n", "fixture", width, "P",
                                "R", "F1", "floor", "snippets", "fields", "result");
  for (const auto& r : results) {
    if (!r.error.empty()) {
      out += fmt::format("{:<{}}  {:>5}  {:>5}  {:>5}  {:>5}  {:>8}  {:>6}  ERROR\n", r.name, width, "-", "-", "-",
                         "-", "-", "-");
    } else {
      out += fmt::format("{:<{}}  {:5.3f}  {:5.3f}  {:5.3f}  {:>5}  {:>8}  {:>6}  {}\n", r.name, width,
                         r.score.precision, r.score.recall, r.score.f1, floor_text(r.spec.f1_floor),
                         ratio(r.snippet_failures.size(), r.snippets_checked, true),
                         ratio(r.field_mismatches.size(), r.fields_checked, r.has_expected_fields),
                         r.passed() ? "ok" : "FAIL");
    }
    for (const auto& reason : failure_reasons(r)) out += "    " + reason + "\n";
    if (!r.passed())
      for (const auto& row : compact_diff(r.diff, kDiffLines, kDiffWidth)) out += "    " + row + "\n";
    for (const auto& note : r.notes) out += "    (" + note + ")\n";
  }
  Tally t = tally(results);
  out += fmt::format("{} passed, {} failed\n", t.passed, t.failed);
  return out;
}

OrderedJson results_json(const std::vector<FixtureResult>& results) {
  OrderedJson fixtures = OrderedJson::array();
  for (const auto& r : results) {
    OrderedJson j;
    j["name"] = r.name;
    j["path"] = r.dir.generic_string();
    j["passed"] = r.passed();
    if (!r.error.empty()) j["error"] = r.error;
    j["precision"] = r.score.precision;
    j["recall"] = r.score.recall;
    j["f1"] = r.score.f1;
    j["f1_floor"] = r.spec.f1_floor;
    j["expect_no_content"] = r.spec.expect_no_content;
    j["tokens"] = r.tokens;
    j["text_failures"] = r.text_failures;
    j["snippets_checked"] = r.snippets_checked;
    j["snippet_failures"] = r.snippet_failures;
    j["fields_checked"] = r.fields_checked;
    OrderedJson mismatches = OrderedJson::array();
    for (const auto& m : r.field_mismatches)
      mismatches.push_back({{"field", m.field}, {"expected", m.expected}, {"actual", m.actual.value_or(nullptr)}});
    j["field_mismatches"] = std::move(mismatches);
    j["missing_lines"] = r.diff.missing;
    j["extra_lines"] = r.diff.extra;
    j["notes"] = r.notes;
    j["seconds"] = r.seconds;
    fixtures.push_back(std::move(j));
  }
  Tally t = tally(results);
  return {{"passed", t.passed}, {"failed", t.failed}, {"fixtures", std::move(fixtures)}};
}

}  // namespace pith::check
