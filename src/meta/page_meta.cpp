// What the document says as plain markup: <title>, <html lang>,
// Content-Language, og:locale, and its <h1> headings.
#include "meta/page_meta.hpp"

#include "meta/sources.hpp"
#include "meta/url.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

Metadata read_document(const dom::Dom& dom) {
  Metadata m;
  std::string content_language, og_locale;
  for (NodeId i = 0; i < dom.size(); ++i) {
    Tag tag = dom.nodes[i].tag;
    if (tag == Tag::html && m.language.empty()) {
      m.language = text::collapse_whitespace(dom.attr(i, Attr::lang));
    } else if (tag == Tag::title && m.title.empty()) {
      // <title> inside an <svg> is not the page's; the DOM drops svg subtrees.
      m.title = element_text(dom, i);
    } else if (tag == Tag::meta) {
      std::string_view content = dom.attr(i, Attr::content);
      if (og_locale.empty() && text::iequals_ascii(dom.attr(i, Attr::property), "og:locale"))
        og_locale = text::collapse_whitespace(content);
      else if (content_language.empty() &&
               text::iequals_ascii(dom.attr(i, Attr::http_equiv), "content-language"))
        content_language = text::collapse_whitespace(content);
    }
  }
  if (m.language.empty()) m.language = !content_language.empty() ? content_language : og_locale;
  return m;
}

std::vector<std::string> headings_h1(const dom::Dom& dom, std::size_t limit) {
  std::vector<std::string> out;
  for (NodeId i = 0; i < dom.size() && out.size() < limit; ++i)
    if (dom.nodes[i].tag == Tag::h1) {
      std::string text = element_text(dom, i);
      if (!text.empty()) out.push_back(std::move(text));
    }
  return out;
}

std::vector<std::string> headline_texts(const dom::Dom& dom, std::size_t limit) {
  std::vector<std::string> out;
  NodeId body = dom.find_first(Tag::body);
  for (NodeId i = body == dom::kNoNode ? 0 : body; i < dom.size() && out.size() < limit; ++i) {
    Tag tag = dom.nodes[i].tag;
    if (tag != Tag::h1 && tag != Tag::h2 && tag != Tag::h3 && tag != Tag::b && tag != Tag::strong) continue;
    // Site names show as bold links or in the page's header, navigation and
    // footer; the headline does not.
    bool chrome = false;
    for (NodeId p = dom.nodes[i].parent; p != dom::kNoNode && !chrome; p = dom.nodes[p].parent) {
      Tag t = dom.nodes[p].tag;
      chrome = t == Tag::a || t == Tag::header || t == Tag::nav || t == Tag::footer;
    }
    for (NodeId k = i + 1; k < dom.nodes[i].subtree_end && !chrome; ++k) chrome = dom.nodes[k].tag == Tag::a;
    if (chrome) {
      i = dom.nodes[i].subtree_end - 1;
      continue;
    }
    std::string text = element_text(dom, i);
    if (text.size() >= 10 && text.size() <= 400) out.push_back(std::move(text));
    i = dom.nodes[i].subtree_end - 1;
  }
  return out;
}

std::string document_base_url(const dom::Dom& dom, std::string_view page_url) {
  // Only the first <base> with an href counts (HTML, "document base URL").
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag != Tag::base || !dom.has_attr(i, Attr::href)) continue;
    std::string base = resolve_url(page_url, dom.attr(i, Attr::href));
    if (base.find("://") != std::string::npos) return base;
    break;
  }
  return std::string(page_url);
}

PageMeta read_meta(const dom::Dom& dom) {
  Metadata m = read_metadata(dom, {});
  return {std::move(m.title), std::move(m.language)};
}

}  // namespace pith::meta
