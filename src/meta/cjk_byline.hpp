// Labelled bylines in Chinese (and Japanese) text: "作者：周文澜", "记者 林晓",
// names in closing brackets, checked against common family names where no
// label says "author".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pith::meta {

// Ranks of CJK byline labels, in order of trust (who wrote it beats who
// edited it or where it came from): 0 author, 1 reporter, ... 4 source
// ("来源", the weakest); kNoCjkLabel when none was found.
constexpr int kReporterRank = 1;
constexpr int kNoCjkLabel = 99;

// Every labelled CJK byline of the line, and a closing bracketed one: the
// names of one with a better rank than `best_rank` replace `best`, and its
// rank `best_rank`.
void read_cjk_byline(std::string_view line, int& best_rank, std::vector<std::string>& best);

}  // namespace pith::meta
