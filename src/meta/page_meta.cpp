#include "meta/page_meta.hpp"

#include <array>

#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {

using dom::Attr;
using dom::NodeId;
using dom::Tag;


std::string strip_site_suffix(std::string_view title) {
  static constexpr std::array<std::string_view, 7> kSeparators = {
      " | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " :: ", " \xC2\xB7 ", "_"};
  std::size_t cut = std::string_view::npos;
  for (std::string_view sep : kSeparators) {
    std::size_t at = title.rfind(sep);
    if (at != std::string_view::npos && at > 0 && (cut == std::string_view::npos || at > cut))
      cut = at;
  }
  // Keep the cut only when the headline is the larger part: "A | B" where B
  // is a long headline is a site name first.
  if (cut != std::string_view::npos && cut * 2 >= title.size()) return std::string(title.substr(0, cut));
  return std::string(title);
}

PageMeta read_meta(const dom::Dom& dom) {
  PageMeta m;
  std::string og_title, title_tag, content_language, og_locale;
  for (NodeId i = 0; i < dom.size(); ++i) {
    Tag tag = dom.nodes[i].tag;
    if (tag == Tag::html && m.language.empty()) {
      m.language = text::collapse_whitespace(dom.attr(i, Attr::lang));
    } else if (tag == Tag::title && title_tag.empty()) {
      std::string raw;
      dom.append_subtree_text(i, raw);
      title_tag = text::collapse_whitespace(raw);
    } else if (tag == Tag::meta) {
      std::string_view property = dom.attr(i, Attr::property);
      std::string_view name = dom.attr(i, Attr::name);
      std::string_view content = dom.attr(i, Attr::content);
      if (og_title.empty() && (text::iequals_ascii(property, "og:title") || text::iequals_ascii(name, "og:title")))
        og_title = text::collapse_whitespace(content);
      else if (og_locale.empty() && text::iequals_ascii(property, "og:locale"))
        og_locale = text::collapse_whitespace(content);
      else if (content_language.empty() &&
               text::iequals_ascii(dom.attr(i, Attr::http_equiv), "content-language"))
        content_language = text::collapse_whitespace(content);
    }
  }
  m.title = strip_site_suffix(!og_title.empty() ? og_title : title_tag);
  if (m.language.empty()) m.language = !content_language.empty() ? content_language : og_locale;
  return m;
}

}  // namespace pith::meta
