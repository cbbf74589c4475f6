// "……恢复运营。（何静 周明）", "（记者 唐雨）", "（何静 宁波报道）": Chinese news
// closes with the reporters' names in brackets, after the last sentence or
// on a line of their own.
#pragma once

#include <string_view>

namespace pith::meta {

// The names in the bracket that closes the line, as this regex's group 1
// finds them (leftmost match):
//
//   (?:[。！？”」]\s*[（(]\s*(?:\p{Han}{0,6}记者\s*)?|^[（(]\s*(?:\p{Han}{0,6}记者\s*)?)
//   (\p{Han}{2,4}(?:[ 　、]+\p{Han}{2,6}){0,4})\s*[）)]\s*$
//
// read by hand: RE2 compiled the counted Han classes (35 copies of
// \p{Han}) for 12 M instructions, once per process. False when the line
// has none.
bool find_cjk_closing_names(std::string_view line, std::string_view& names);

}  // namespace pith::meta
