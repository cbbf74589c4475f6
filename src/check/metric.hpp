// The token-level precision / recall / F1 that the public article-extraction
// benchmarks use (and ../shared/eval/score.py implements): texts become
// multisets of 4-token shingles; a token is a run of word characters, or a
// single CJK character (those scripts do not separate words by spaces).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pith::check {

std::vector<std::string> tokens(std::string_view utf8);

struct Score {
  double precision = 0;
  double recall = 0;
  double f1 = 0;
};

// Precision and recall are 1 when both texts are empty.
Score compare(std::string_view expected, std::string_view actual);

}  // namespace pith::check
