// text::is_letter, is_upper_case_letter and is_han stand in for RE2's \p{L},
// \p{Lu} and \p{Han} (meta/latin_byline.cpp and cjk_closing_names.cpp read
// byline names with them): the first two are utf8proc's general categories,
// the third a table; they must agree with RE2's Unicode tables on every code
// point for the bylines to stay what the regexes found.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <string>

#include "text/letters.hpp"
#include "text/utf8.hpp"

TEST_CASE("letters: is_letter, is_upper_case_letter and is_han are RE2's \\p{L}, \\p{Lu} and \\p{Han}") {
  const RE2 letter("\\p{L}"), upper_case("\\p{Lu}"), han("\\p{Han}");
  int letters = 0, letter_differences = 0, upper_case_differences = 0, han_differences = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;  // no UTF-8 encodes a surrogate
    std::string encoded;
    pith::text::append_utf8(encoded, c);
    const bool is_letter = RE2::FullMatch(encoded, letter);
    letters += is_letter ? 1 : 0;
    letter_differences += is_letter != pith::text::is_letter(c) ? 1 : 0;
    upper_case_differences += RE2::FullMatch(encoded, upper_case) != pith::text::is_upper_case_letter(c) ? 1 : 0;
    han_differences += RE2::FullMatch(encoded, han) != pith::text::is_han(c) ? 1 : 0;
  }
  CHECK(letters > 100000);
  CHECK(letter_differences == 0);
  CHECK(upper_case_differences == 0);
  CHECK(han_differences == 0);
}
