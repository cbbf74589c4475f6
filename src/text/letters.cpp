#include "text/letters.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <iterator>
#include <utility>

#include "text/utf8.hpp"

namespace pith::text {

bool is_letter(char32_t c) {
  const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(c));
  return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_LO;
}

bool is_upper_case_letter(char32_t c) {
  return utf8proc_category(static_cast<utf8proc_int32_t>(c)) == UTF8PROC_CATEGORY_LU;
}

bool is_han(char32_t c) {
  // Unicode 15's Han script (utf8proc has no scripts), as RE2's tables give
  // it; tests/unit/letters_test.cpp holds the two to every code point.
  static constexpr std::pair<char32_t, char32_t> kHan[] = {
      {0x2E80, 0x2E99},   {0x2E9B, 0x2EF3},   {0x2F00, 0x2FD5},   {0x3005, 0x3005},   {0x3007, 0x3007},
      {0x3021, 0x3029},   {0x3038, 0x303B},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xF900, 0xFA6D},
      {0xFA70, 0xFAD9},   {0x16FE2, 0x16FE3}, {0x16FF0, 0x16FF1}, {0x20000, 0x2A6DF}, {0x2A700, 0x2B739},
      {0x2B740, 0x2B81D}, {0x2B820, 0x2CEA1}, {0x2CEB0, 0x2EBE0}, {0x2F800, 0x2FA1D}, {0x30000, 0x3134A},
      {0x31350, 0x323AF}};
  if (c < kHan[0].first) return false;
  // The first range that ends at or after c.
  const auto* range = std::lower_bound(std::begin(kHan), std::end(kHan), c,
                                       [](const std::pair<char32_t, char32_t>& r, char32_t v) { return r.second < v; });
  return range != std::end(kHan) && range->first <= c;
}

std::size_t han_length_at(std::string_view s, std::size_t at) {
  if (at >= s.size()) return 0;
  std::size_t next = at;
  return is_han(decode_utf8(s, next)) ? next - at : 0;
}

}  // namespace pith::text
