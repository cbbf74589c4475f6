// The attributes the Dom keeps, and those the pre-parse filter must leave in
// the markup besides: one list each, for the build (build.cpp), the filter
// (unseen_markup.cpp) and their tests.
#pragma once

#include <string_view>

#include "dom/dom.hpp"

namespace pith::dom {

// The attributes the Dom keeps: `name` (lower case, as Gumbo gives it) maps
// to `out`; false for every other attribute.
[[gnu::always_inline]] inline bool dom_attribute(std::string_view name, Attr& out) {
  auto is = [&](std::string_view kept, Attr attr) {
    if (name != kept) return false;
    out = attr;
    return true;
  };
  // Called for every attribute of every tag, twice (filter and build): the
  // name's length leaves a few candidates, compared with no call. (Always
  // inlined: GCC left it a call in the filter's attribute loop.)
  switch (name.size()) {
    case 2: return is("id", Attr::id);
    case 3: return is("src", Attr::src) || is("alt", Attr::alt) || is("rel", Attr::rel) || is("dir", Attr::dir);
    case 4:
      return is("href", Attr::href) || is("role", Attr::role) || is("lang", Attr::lang) ||
             is("type", Attr::type) || is("name", Attr::name);
    case 5: return is("class", Attr::class_) || is("title", Attr::title) || is("width", Attr::width);
    case 6: return is("srcset", Attr::srcset) || is("height", Attr::height);
    case 7: return is("content", Attr::content) || is("charset", Attr::charset);
    case 8:
      return is("itemprop", Attr::itemprop) || is("itemtype", Attr::itemtype) ||
             is("property", Attr::property) || is("datetime", Attr::datetime) || is("data-src", Attr::data_src);
    case 10: return is("http-equiv", Attr::http_equiv);
    case 11: return is("data-srcset", Attr::data_srcset);
    case 13: return is("data-lazy-src", Attr::data_lazy_src) || is("data-original", Attr::data_original);
    case 14: return is("data-nosnippet", Attr::data_nosnippet);
    default: return false;
  }
}

// Attributes the Dom does not keep that are read before it is built: by the
// build's hidden test (hides, build.cpp; aria-labelledby marks a collapsed
// panel, which stays), by its template test (shadowrootmode, and the older
// shadowroot, make a <template> a declarative shadow root, which shows)
// and by Gumbo's tree builder (input
// type is kept already; annotation-xml encoding, font color/face/size, an
// <isindex>'s prompt and action: the filter keeps these on those elements
// only). A style is read too, when it hides.
inline constexpr std::string_view kReadBeforeTheDom[] = {
    "hidden", "aria-hidden", "aria-labelledby", "aria-controls", "aria-expanded", "shadowrootmode", "shadowroot",
    "color", "face", "size", "encoding", "prompt", "action"};

// Does an inline style hide its element (display:none, visibility:hidden)?
bool style_hides(std::string_view style);

}  // namespace pith::dom
