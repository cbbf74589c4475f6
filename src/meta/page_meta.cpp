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
  const dom::Node* nodes = dom.nodes.data();
  for (NodeId i = 0, count = static_cast<NodeId>(dom.size()); i < count; ++i) {
    Tag tag = nodes[i].tag;
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
  for (NodeId i = dom.find_first(Tag::h1); i != dom::kNoNode && out.size() < limit; i = dom.find_first(Tag::h1, i + 1)) {
    std::string text = element_text(dom, i);
    if (!text.empty()) out.push_back(std::move(text));
  }
  return out;
}

std::vector<std::string> headline_texts(const dom::Dom& dom, std::size_t limit) {
  std::vector<std::string> out;
  NodeId body = dom.find_first(Tag::body);
  const dom::Node* nodes = dom.nodes.data();
  for (NodeId i = body == dom::kNoNode ? 0 : body, count = static_cast<NodeId>(dom.size()); i < count && out.size() < limit;
       ++i) {
    switch (nodes[i].tag) {
      case Tag::h1: case Tag::h2: case Tag::h3: case Tag::b: case Tag::strong: break;
      default: continue;
    }
    // Site names show as bold links or in the page's header, navigation and
    // footer; the headline does not.
    bool chrome = false;
    for (NodeId p = dom.nodes[i].parent; p != dom::kNoNode && !chrome; p = dom.nodes[p].parent) {
      Tag t = dom.nodes[p].tag;
      chrome = t == Tag::a || t == Tag::header || t == Tag::nav || t == Tag::footer;
    }
    // A heading's own link is its permalink (blog templates link the post's
    // title to itself); a bold link is a site name or a menu entry.
    if (nodes[i].tag == Tag::b || nodes[i].tag == Tag::strong)
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
  for (NodeId i = dom.find_first(Tag::base); i != dom::kNoNode; i = dom.find_first(Tag::base, i + 1)) {
    if (!dom.has_attr(i, Attr::href)) continue;
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
