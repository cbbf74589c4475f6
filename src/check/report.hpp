// How `pith check` reports: a table for people, JSON for programs, JUnit XML
// for CI systems. All three describe the same results.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "check/metadata.hpp"
#include "check/run.hpp"

namespace pith::check {

struct Tally {
  std::size_t passed = 0;
  std::size_t failed = 0;
};
Tally tally(const std::vector<FixtureResult>& results);

// Why a fixture failed, one reason a line (empty when it passed).
std::vector<std::string> failure_reasons(const FixtureResult& result);

// How much of a diff the table and the JUnit report show per fixture.
inline constexpr std::size_t kDiffLines = 8;
inline constexpr std::size_t kDiffWidth = 110;

// One row per fixture (fixture, P, R, F1, floor, snippet failures, metadata
// mismatches, result), each failure's reasons and compact diff below its row,
// and "N passed, M failed" last.
std::string format_table(const std::vector<FixtureResult>& results);

// {"passed": N, "failed": M, "fixtures": [{...}, ...]}
OrderedJson results_json(const std::vector<FixtureResult>& results);

// A JUnit XML report: one <testsuite>, one <testcase> per fixture; failing
// fixtures carry <failure>, unreadable ones <error>.
std::string junit_xml(const std::vector<FixtureResult>& results);

}  // namespace pith::check
