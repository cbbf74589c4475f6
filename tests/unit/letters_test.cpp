// text::is_letter and is_upper_case_letter stand in for RE2's \p{L} and
// \p{Lu} (meta/latin_byline.cpp reads byline names with them): they are
// utf8proc's general categories, and the two libraries' Unicode tables must
// agree on every code point for the bylines to stay what the regex found.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <string>

#include "text/letters.hpp"
#include "text/utf8.hpp"

TEST_CASE("letters: is_letter and is_upper_case_letter are RE2's \\p{L} and \\p{Lu} on every code point") {
  const RE2 letter("\\p{L}"), upper_case("\\p{Lu}");
  int letters = 0, letter_differences = 0, upper_case_differences = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;  // no UTF-8 encodes a surrogate
    std::string encoded;
    pith::text::append_utf8(encoded, c);
    const bool is_letter = RE2::FullMatch(encoded, letter);
    letters += is_letter ? 1 : 0;
    letter_differences += is_letter != pith::text::is_letter(c) ? 1 : 0;
    upper_case_differences += RE2::FullMatch(encoded, upper_case) != pith::text::is_upper_case_letter(c) ? 1 : 0;
  }
  CHECK(letters > 100000);
  CHECK(letter_differences == 0);
  CHECK(upper_case_differences == 0);
}
