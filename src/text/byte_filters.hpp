// Byte-level filters that pass over most of a text at a few instructions a
// block: what the caller looks for is rare, so the blocks that cannot hold it
// are dismissed in bulk and only the rest is looked at closely.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "text/chars.hpp"

namespace pith::text {

// Two lower-case ASCII letters in a row.
struct LetterPair {
  char first;
  char second;
};

// Calls found(i) for every position i of `s` where one of `Pairs` starts,
// ignoring ASCII case, in increasing order. Sixteen places are tested at a
// time with the GCC and Clang vector extension, which compiles to SSE2 or
// NEON and to plain code on a processor with neither, so there is no
// separate fallback. Reads no byte outside `s`: a block is loaded straight
// from the text while the seventeen bytes it compares lie inside it, the
// last one is copied (zeros after it; its lanes past the text are masked
// off).
//
// `readable`, when given, is how many bytes from s.data() on may be read (at
// least s.size()): a short text inside a larger buffer (a class name in the
// DOM's pool) is then loaded straight, its lanes past its end masked off,
// rather than copied.
template <LetterPair... Pairs, typename Found>
void for_each_letter_pair(std::string_view s, Found found, std::size_t readable = 0) {
  typedef unsigned char Bytes16 __attribute__((vector_size(16)));
  static constexpr Bytes16 kLane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const std::size_t n = s.size();
  readable = std::max(readable, n);
  for (std::size_t block = 0; block + 1 < n; block += 16) {
    Bytes16 here, next;
    if (block + 17 <= readable) {
      std::memcpy(&here, s.data() + block, 16);
      std::memcpy(&next, s.data() + block + 1, 16);
    } else {
      unsigned char bytes[17] = {};
      s.copy(reinterpret_cast<char*>(bytes), 17, block);
      std::memcpy(&here, bytes, 16);
      std::memcpy(&next, bytes + 1, 16);
    }
    here |= 0x20;  // ASCII letters to lower case; a letter's pair matches nothing else
    next |= 0x20;
    Bytes16 hit = (((here == static_cast<unsigned char>(Pairs.first)) &
                    (next == static_cast<unsigned char>(Pairs.second))) |
                   ...);
    // Only pairs inside the text count.
    if (block + 17 > n) hit &= kLane < static_cast<unsigned char>(n - 1 - block);
    std::uint64_t halves[2];
    std::memcpy(halves, &hit, sizeof halves);
    if ((halves[0] | halves[1]) == 0) continue;
    for (std::size_t lane = 0; lane < 16; ++lane)
      if (hit[lane]) found(block + lane);
  }
}

// The vector types of the sixteen-byte filters below: a block of the text,
// and the lane mask a comparison of blocks gives (all bits set where it holds).
typedef unsigned char Bytes16 __attribute__((vector_size(16)));
typedef signed char Lanes16 __attribute__((vector_size(16)));
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "lanes and words are read little-endian");

// The eight bytes of `s` from `at` as one little-endian word (byte k in bits
// 8k..8k+7), zeros for those past its end: a name's first bytes, tested or
// keyed at once.
inline std::uint64_t word_at(std::string_view s, std::size_t at) {
  std::uint64_t word = 0;
  if (at + sizeof word <= s.size()) std::memcpy(&word, s.data() + at, sizeof word);
  else if (at < s.size()) std::memcpy(&word, s.data() + at, s.size() - at);
  return word;
}
// A slot of a table of 2^Bits slots for `s`, keyed by its size and its first
// and last eight bytes (zeros past the end of a shorter text): cheap however
// long the text, for tables that compare the text a slot holds with the one
// asked about, where a collision costs a second look, never a wrong answer
// (class lists in extract/hints.cpp, class names in meta/element_words.cpp).
template <unsigned Bits>
std::size_t ends_key_slot(std::string_view s) {
  static_assert(Bits > 0 && Bits < 64);
  const std::uint64_t head = word_at(s, 0);
  const std::uint64_t tail = s.size() > 8 ? word_at(s, s.size() - 8) : head;
  // Multiplicative hashing: the top bits of the product depend on every bit
  // of the key.
  const std::uint64_t key = (head ^ (tail * 0x9E3779B97F4A7C15ULL)) + s.size();
  return static_cast<std::size_t>((key * 0xC2B2AE3D27D4EB4FULL) >> (64 - Bits));
}
// The bytes of `word` that belong to its first `size` bytes; the others zero.
constexpr std::uint64_t first_bytes(std::uint64_t word, std::size_t size) {
  return size >= 8 ? word : word & ((std::uint64_t{1} << (8 * size)) - 1);
}

// The first position of `s` from `from` on whose byte `stops` marks (it maps
// a block of sixteen bytes to a lane mask); s.size() when none does. Sixteen
// bytes at a time with the vector extension, as for_each_letter_pair; the
// last block is copied (its lanes past the text count as stops), so no byte
// outside `s` is read. For runs of bytes that go on for a few blocks at
// least: a run that usually ends at its first byte is cheaper tested there.
template <typename Stops>
std::size_t find_first_of_lanes(std::string_view s, std::size_t from, Stops stops) {
  static constexpr Bytes16 kLane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const std::size_t n = s.size();
  for (std::size_t block = from; block < n; block += 16) {
    Bytes16 bytes;
    Lanes16 hit;
    if (block + 16 <= n) {
      std::memcpy(&bytes, s.data() + block, 16);
      hit = stops(bytes);
    } else {
      unsigned char tail[16] = {};
      s.copy(reinterpret_cast<char*>(tail), 16, block);
      std::memcpy(&bytes, tail, 16);
      hit = stops(bytes) | (kLane >= static_cast<unsigned char>(n - block));
    }
    std::uint64_t halves[2];
    std::memcpy(halves, &hit, sizeof halves);
    // Lane k is byte k of the little-endian halves.
    if (halves[0] != 0) return block + static_cast<std::size_t>(__builtin_ctzll(halves[0])) / 8;
    if (halves[1] != 0) return block + 8 + static_cast<std::size_t>(__builtin_ctzll(halves[1])) / 8;
  }
  return n;
}

// Where the run of ASCII white space (tab, LF, FF, CR, space: is_ascii_whitespace)
// at s[from] ends.
inline std::size_t skip_ascii_whitespace(std::string_view s, std::size_t from) {
  return find_first_of_lanes(s, from, [](Bytes16 b) {
    return ~((b == ' ') | (b == '\t') | (b == '\n') | (b == '\r') | (b == '\f'));
  });
}

// Where the run of ASCII at s[from] ends: the first byte from 0x80 up (as
// signed bytes, those are negative).
inline std::size_t skip_ascii(std::string_view s, std::size_t from) {
  return find_first_of_lanes(s, from, [](Bytes16 b) { return __builtin_convertvector(b, Lanes16) < 0; });
}

// Could the text hold a CJK character (text::is_cjk)? Every code point
// from U+2E80 up starts with a byte >= 0xE3 or with 0xE2 0xBA..;
// the test runs eight bytes at a time over bytes below 0xE0 (ASCII and the
// two-byte sequences of alphabetic scripts). False only when there is none;
// true may be wrong.
inline bool may_hold_han(std::string_view s) {
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  auto han_starts_at = [&s](std::size_t i) {
    auto b = static_cast<unsigned char>(s[i]);
    return b >= 0xE3 || (b == 0xE2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xBA);
  };
  // A lane's high bit ends up set when its own top three bits are.
  auto e0_up = [](std::uint64_t word) { return word & (word << 1) & (word << 2) & kHighBits; };
  // Most texts have no byte from 0xE0 up: one pass that tests nothing per
  // block (the last block overlapping the one before; a short text a byte
  // at a time) says so; only the others are searched.
  std::uint64_t any = 0;
  if (s.size() >= 8) {
    auto word_at = [&s](std::size_t i) {
      std::uint64_t word;
      std::memcpy(&word, s.data() + i, sizeof word);
      return word;
    };
    for (std::size_t i = 0; i + 8 <= s.size(); i += 8) any |= e0_up(word_at(i));
    any |= e0_up(word_at(s.size() - 8));
  } else {
    for (char c : s) any |= static_cast<unsigned char>(c) >= 0xE0;
  }
  if (any == 0) return false;
  return any_position(s, [&](std::uint64_t word) { return e0_up(word) != 0; }, han_starts_at);
}

}  // namespace pith::text
