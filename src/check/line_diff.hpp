// What a failing fixture shows: the expected lines the output lacks and the
// output lines nobody expected. Lines are compared with white space collapsed,
// as multisets, so a moved paragraph is not reported twice and blank-line or
// indentation changes are not reported at all.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pith::check {

struct LineDiff {
  std::vector<std::string> missing;  // in expected, not in actual (expected order)
  std::vector<std::string> extra;    // in actual, not in expected (actual order)

  bool empty() const noexcept { return missing.empty() && extra.empty(); }
};

LineDiff diff_lines(std::string_view expected, std::string_view actual);

// The diff as "- line" / "+ line" rows, at most max_lines of each kind, each
// cut to max_width characters (UTF-8 aware), with a count of what was left out.
std::vector<std::string> compact_diff(const LineDiff& diff, std::size_t max_lines, std::size_t max_width);

}  // namespace pith::check
