#include "extract/self_repetition.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "extract/heuristics.hpp"
#include "fingerprint/fingerprint.hpp"

namespace pith::extraction {

double repeated_shingle_share(const std::vector<Block>& blocks) {
  // A sample of the text: a selection that repeats itself does so from its
  // first lines, and a long article is not read to its end.
  std::string sample;
  for (const Block& b : blocks) {
    if (sample.size() >= kRepetitionSampleBytes) break;
    sample.append(b.text, 0, kRepetitionSampleBytes - sample.size());
    sample += '\n';
  }
  // Words in lower case, one space between them (a CJK character a word).
  const std::string words = fingerprint::normalise(sample);
  std::vector<std::size_t> starts;
  for (std::size_t at = 0; at < words.size();) {
    starts.push_back(at);
    const std::size_t space = words.find(' ', at);
    at = space == std::string::npos ? words.size() : space + 1;
  }
  if (starts.size() < kRepetitionShingleWords) return 0.0;
  std::vector<std::uint64_t> shingles;
  shingles.reserve(starts.size() - kRepetitionShingleWords + 1);
  for (std::size_t i = 0; i + kRepetitionShingleWords <= starts.size(); ++i) {
    const std::size_t end =
        i + kRepetitionShingleWords < starts.size() ? starts[i + kRepetitionShingleWords] - 1 : words.size();
    shingles.push_back(XXH3_64bits(words.data() + starts[i], end - starts[i]));
  }
  std::sort(shingles.begin(), shingles.end());
  std::size_t repeated = 0;
  for (std::size_t first = 0, last; first < shingles.size(); first = last) {
    for (last = first + 1; last < shingles.size() && shingles[last] == shingles[first]; ++last) {}
    if (last - first > 1) repeated += last - first;
  }
  return static_cast<double>(repeated) / static_cast<double>(shingles.size());
}

}  // namespace pith::extraction
