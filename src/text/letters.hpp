// Unicode letters by general category and script, for code that reads names
// without a regex: RE2 compiles a class such as \p{L} (some 650 ranges) anew
// for every pattern that holds it, several million instructions each time,
// and a counted one (\p{Han}{2,6}) once for each count.
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::text {

// General category L (Lu, Ll, Lt, Lm, Lo): what RE2's \p{L} matches.
bool is_letter(char32_t c);
// General category Lu: what RE2's \p{Lu} matches.
bool is_upper_case_letter(char32_t c);
// Script Han: what RE2's \p{Han} matches.
bool is_han(char32_t c);
// The length in bytes of the Han character at s[at]; 0 when there is none
// (past the end, another character, or ill-formed UTF-8).
std::size_t han_length_at(std::string_view s, std::size_t at);

}  // namespace pith::text
