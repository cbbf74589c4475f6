// Fingerprints of a text for deduplication: a SimHash (near-duplicates have
// fingerprints a few bits apart) and an exact hash, both over the same
// normalised form of the text, so that case, punctuation and spacing never
// make two copies differ.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace pith::fingerprint {

// SimHash features: shingles of this many consecutive words (a CJK character
// counts as a word): long enough that common phrases do not make different
// texts look alike, short enough that one changed word moves few shingles.
inline constexpr std::size_t kShingleWords = 3;

// The text as its words in lower case, one space between them: punctuation,
// symbols and white space dropped (text::is_word_char decides).
std::string normalise(std::string_view utf8);

struct Fingerprints {
  std::uint64_t simhash = 0;    // 0 for a text without words
  std::uint64_t text_hash = 0;  // XXH3 of normalise(text); 0 for a text without words
};
Fingerprints fingerprints(std::string_view utf8);

// XXH3 of normalise(utf8): equal for texts that differ only in case,
// punctuation or spacing; 0 for a text without words.
std::uint64_t text_hash(std::string_view utf8);

inline int hamming_distance(std::uint64_t a, std::uint64_t b) { return std::popcount(a ^ b); }

// 16 lower-case hex digits, as JSON and the Python module show fingerprints.
std::string to_hex(std::uint64_t value);

}  // namespace pith::fingerprint
