// ASCII case folding for markup names (tags, attributes, charset labels),
// which HTML compares case-insensitively in ASCII only.
#pragma once

#include <cstdint>
#include <string_view>

namespace pith::text {

// HTML's "ASCII whitespace" (tab, LF, FF, CR, space), which is also RE2's \s.
constexpr bool is_ascii_whitespace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~ (what
// CommonMark calls ASCII punctuation).
constexpr bool is_ascii_punctuation(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}
constexpr char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
// ascii_lower on each of the eight bytes of `word` at once.
constexpr std::uint64_t ascii_lower_word(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  // Each byte's low seven bits, to which no sum below carries past its lane.
  const std::uint64_t low = word & ~kHigh;
  const std::uint64_t from_a = low + (0x80 - 'A') * kOnes;      // high bit: at least 'A'
  const std::uint64_t past_z = low + (0x80 - 'Z' - 1) * kOnes;  // high bit: above 'Z'
  const std::uint64_t upper = from_a & ~past_z & ~word & kHigh;
  return word | upper >> 2;  // 0x80 >> 2 is the case bit, 0x20
}

constexpr bool iequals_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  return true;
}

// The space-separated token of `list` (rel="alternate feed", class lists) at
// or after `from`, "" when none is left; `from` moves past it. Every byte up
// to ' ' separates.
constexpr std::string_view next_token(std::string_view list, std::size_t& from) {
  std::size_t i = from;
  while (i < list.size() && static_cast<unsigned char>(list[i]) <= ' ') ++i;
  std::size_t j = i;
  while (j < list.size() && static_cast<unsigned char>(list[j]) > ' ') ++j;
  from = j;
  return list.substr(i, j - i);
}

// Is `token` one of the space-separated tokens of `list`, ignoring ASCII case?
constexpr bool has_token_ci(std::string_view list, std::string_view token) {
  for (std::size_t at = 0; at < list.size();) {
    const std::string_view t = next_token(list, at);
    if (!t.empty() && iequals_ascii(t, token)) return true;
  }
  return false;
}

// Does `list` hold every token of `tokens` (class names compare by case)?
constexpr bool has_every_token(std::string_view list, std::string_view tokens) {
  for (std::size_t at = 0; at < tokens.size();) {
    const std::string_view wanted = next_token(tokens, at);
    if (wanted.empty()) break;
    bool found = false;
    for (std::size_t k = 0; k < list.size() && !found;) found = next_token(list, k) == wanted;
    if (!found) return false;
  }
  return true;
}

// The first of the space-separated tokens of `list` (a class list's first
// class), "" when there is none.
constexpr std::string_view first_token(std::string_view list) {
  std::size_t at = 0;
  return next_token(list, at);
}

// Does `hay` contain `needle_lower` (already lower case), ignoring ASCII case?
constexpr bool contains_ascii_ci(std::string_view hay, std::string_view needle_lower) {
  if (needle_lower.size() > hay.size()) return false;
  if (needle_lower.empty()) return true;
  // Most positions fail on the first character: test it in both cases
  // before folding anything (hot: class names are searched for many words).
  const char first = needle_lower[0];
  if (first >= 'A' && first <= 'Z') return false;  // not lower case: folded text never has it
  const char first_upper = (first >= 'a' && first <= 'z') ? static_cast<char>(first - 32) : first;
  for (std::size_t i = 0; i + needle_lower.size() <= hay.size(); ++i) {
    if (hay[i] != first && hay[i] != first_upper) continue;
    std::size_t k = 1;
    while (k < needle_lower.size() && ascii_lower(hay[i + k]) == needle_lower[k]) ++k;
    if (k == needle_lower.size()) return true;
  }
  return false;
}

}  // namespace pith::text
