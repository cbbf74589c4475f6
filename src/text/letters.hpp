// Unicode letters by general category, for code that reads names without a
// regex: RE2 compiles a class such as \p{L} (some 650 ranges) anew for every
// pattern that holds it, several million instructions each time.
#pragma once

namespace pith::text {

// General category L (Lu, Ll, Lt, Lm, Lo): what RE2's \p{L} matches.
bool is_letter(char32_t c);
// General category Lu: what RE2's \p{Lu} matches.
bool is_upper_case_letter(char32_t c);

}  // namespace pith::text
