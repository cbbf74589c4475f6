// UTF-8 primitives shared by every stage. Invalid input is never fatal: each
// maximal ill-formed subpart (Unicode 15, section 3.9, "U+FFFD substitution of
// maximal subparts", which is also what WHATWG decoders do) becomes one U+FFFD.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pith::text {

inline constexpr char32_t kReplacementCharacter = U'\uFFFD';

// Length of the longest prefix of `s` that is well-formed UTF-8 (no overlongs,
// no surrogates, nothing above U+10FFFF). Skips ASCII sixteen bytes at a time.
std::size_t valid_utf8_prefix_length(std::string_view s) noexcept;

inline bool is_valid_utf8(std::string_view s) noexcept {
  return valid_utf8_prefix_length(s) == s.size();
}

// Appends `cp` encoded as UTF-8; surrogates and values above U+10FFFF are
// appended as U+FFFD so the output stays valid.
void append_utf8(std::string& out, char32_t cp);

// Decodes the code point starting at s[i] and advances i past it. On an
// ill-formed sequence returns U+FFFD and advances past its maximal subpart
// (always at least one byte). Requires i < s.size().
char32_t decode_utf8(std::string_view s, std::size_t& i) noexcept;

// The well-formed two- and three-byte sequence at s[i] (most non-ASCII
// text), decoded inline into `c`: its length, or 0 when s[i] does not start
// one, for decode_utf8 (an out-of-line call) to handle.
inline std::size_t decode_utf8_short(std::string_view s, std::size_t i, char32_t& c) noexcept {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    if (i + 1 >= s.size()) return 0;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if ((b1 & 0xC0) != 0x80) return 0;
    c = static_cast<char32_t>((b0 & 0x1F) << 6 | (b1 & 0x3F));
    return 2;
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (i + 2 >= s.size()) return 0;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    const auto b2 = static_cast<unsigned char>(s[i + 2]);
    if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return 0;
    if ((b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 >= 0xA0)) return 0;  // overlong, surrogate
    c = static_cast<char32_t>((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F));
    return 3;
  }
  return 0;
}

// Whether `c` is a UTF-8 continuation byte (10xxxxxx): one that no code
// point starts at.
inline bool is_continuation(char c) noexcept { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The start of the code point that holds byte i: the largest j <= i where
// s[j] is not a continuation byte, but no lower than `floor` (the start of a
// line or window the caller reads within). i itself when i >= s.size(). Cut
// `s` there to leave no character split; s[j] starts the character before i
// when i - 1 is passed.
inline std::size_t code_point_start(std::string_view s, std::size_t i, std::size_t floor = 0) noexcept {
  if (i >= s.size()) return i;
  while (i > floor && is_continuation(s[i])) --i;
  return i;
}

// The first code point boundary at or after byte i: the smallest j >= i
// where s[j] is not a continuation byte, or s.size(). i itself when a code
// point starts there; i + 1 passed gives the start of the next character.
inline std::size_t code_point_start_at_or_after(std::string_view s, std::size_t i) noexcept {
  while (i < s.size() && is_continuation(s[i])) ++i;
  return i;
}

// Bytes of `s` that are not UTF-8 continuation bytes: its code points when it
// is well formed (a cheap count where exactness on ill-formed text does not
// matter: a length for a heuristic or a model).
// Eight bytes a step: a continuation byte (10xxxxxx) has its top bit set and
// the next one clear; each byte's flag is moved to its low bit and the eight
// are summed by the multiplication that adds a word's bytes (std::popcount is
// a library call on the baseline x86-64).
inline std::size_t lead_bytes(std::string_view s) noexcept {
  constexpr std::uint64_t kTopBits = 0x8080808080808080ULL;
  constexpr std::uint64_t kEachByte = 0x0101010101010101ULL;
  std::size_t continuations = 0, i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, sizeof word);
    const std::uint64_t flags = (word & ~(word << 1) & kTopBits) >> 7;  // 0 or 1 in each byte
    continuations += (flags * kEachByte) >> 56;
  }
  for (; i < s.size(); ++i) continuations += (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
  return s.size() - continuations;
}

// lead_bytes(s) < limit, reading `s` no further than its limit-th lead
// byte: a length test on long text costs what its first `limit` code points do.
inline bool fewer_lead_bytes_than(std::string_view s, std::size_t limit) noexcept {
  if (limit == 0) return false;
  if (s.size() < limit) return true;
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && ++n == limit) return false;
  return true;
}

// `s` with every ill-formed subpart replaced by U+FFFD.
std::string repair_utf8(std::string_view s);

}  // namespace pith::text
