// A labelled CJK byline at a given place of a line: "作者：周文澜", "记者 林晓",
// "东海日报记者 林晓", "文/周思远 (Joan Smith)".
#pragma once

#include <cstddef>
#include <string_view>

namespace pith::meta {

struct CjkByline {
  std::string_view label;  // "作者", "记者", "文/", ...
  bool reporter = false;   // the label is "记者"/"記者" run into the text before it ("日报记者王五")
  std::string_view names;
};

// The match of this regex anchored at line[start] (leftmost-first, as RE2
// matches it): label group 1, or 2 (reporter), and the names, group 3:
//
//   (?:(?:^|[\s(（【\[|｜·:：])(作者|撰文|执笔人|执笔|记者|記者|编辑|責任編輯|责任编辑|编者|发表人|發表人|
//       发布人|发布者|发帖人|楼主|樓主|来源|來源|文(?:[/／:：]))|(记者|記者))\s*[:：/／]?\s*
//   ((?:\p{Han}{2,4}?|[A-Za-z][A-Za-z0-9_.-]{2,20})(?:[ 　、,，]+\p{Han}{2,6}){0,4}
//    (?:\s*[(（][A-Za-z][A-Za-z .'-]{1,40}[)）])?)
//   (?:发自|报道|摄|[^\p{Han}]|$)
//
// read by hand: RE2 compiled its counted Han classes (31 copies of
// \p{Han}) for 11 M instructions, once per process. A name ends where the
// Han text does, or at "发自" (filed from), "报道" (reports), "摄" (photo); a
// translated author's original name may follow in brackets.
bool match_cjk_byline(std::string_view line, std::size_t start, CjkByline& found);

}  // namespace pith::meta
