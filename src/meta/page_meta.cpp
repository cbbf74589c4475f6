// What the document says as plain markup: <title>, <html lang>,
// Content-Language, og:locale, and its <h1> headings.
#include "meta/page_meta.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "meta/sources.hpp"
#include "meta/url.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

namespace {

// The tags find_page_elements records (a few in forty): the others, and
// text, are passed over with one look at a table instead of a jump through
// a switch, which the tags of a page, in no order a predictor learns, sent
// astray at most nodes.
constexpr std::array<bool, 256> recorded_tags() {
  std::array<bool, 256> recorded{};
  for (Tag t : {Tag::html, Tag::title, Tag::meta, Tag::base, Tag::script, Tag::link, Tag::a, Tag::h1,
                Tag::h2, Tag::h3, Tag::b, Tag::strong, Tag::time})
    recorded[static_cast<std::uint8_t>(t)] = true;
  return recorded;
}
constexpr std::array<bool, 256> kRecordedTags = recorded_tags();

}  // namespace

PageElements find_page_elements(const dom::Dom& dom) {
  PageElements found;
  const dom::Node* nodes = dom.nodes.data();
  const NodeId count = static_cast<NodeId>(dom.size());
  found.body = dom.find_first(Tag::body);
  const NodeId body_start = found.body == dom::kNoNode ? 0 : found.body;
  // Microdata is on few pages (a quarter of the dev set's).
  const bool any_items = dom.any_element_has(Attr::itemtype, Attr::itemprop);
  // The recorded nodes, one in seven, gathered first without a branch per
  // node (a test per node mispredicted at most recorded ones): every index
  // is written, and the end moves on only past a recorded one.
  thread_local std::vector<NodeId> recorded;
  if (recorded.size() < count + std::size_t{1}) recorded.resize(count + std::size_t{1});
  NodeId* const first = recorded.data();
  NodeId* last = first;
  for (NodeId i = 0; i < count; ++i) {
    *last = i;
    last += kRecordedTags[static_cast<std::uint8_t>(nodes[i].tag)];
  }
  for (const NodeId* at = first; at != last; ++at) {
    const NodeId i = *at;
    switch (nodes[i].tag) {
      case Tag::html: found.html.push_back(i); break;
      case Tag::title: found.titles.push_back(i); break;
      case Tag::meta: found.metas.push_back(i); break;
      case Tag::base: found.bases.push_back(i); break;
      case Tag::script: found.scripts.push_back(i); break;
      case Tag::time: found.times.push_back(i); break;
      case Tag::link: case Tag::a:
        if (dom.has_attr(i, Attr::rel)) found.links.push_back(i);  // most links: nothing to read
        break;
      case Tag::h1:
        found.h1s.push_back(i);
        [[fallthrough]];
      case Tag::h2: case Tag::h3: case Tag::b: case Tag::strong:
        if (i >= body_start) found.headings.push_back(i);
        break;
      default: break;
    }
  }
  // Kept for the thread's next page, like the DOM's buffers (build.cpp),
  // unless a huge page grew it past what they keep.
  constexpr std::size_t kMaxKeptBytes = std::size_t{16} << 20;
  if (recorded.capacity() * sizeof(NodeId) > kMaxKeptBytes) std::vector<NodeId>().swap(recorded);
  if (!any_items) return found;
  for (NodeId i = 0; i < count; ++i) {
    const dom::Node& n = nodes[i];
    for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a)
      if (dom.attrs[a].name == Attr::itemtype || dom.attrs[a].name == Attr::itemprop) {
        found.items.push_back(i);
        break;
      }
  }
  return found;
}

Metadata read_document(const dom::Dom& dom, const PageElements& elements) {
  Metadata m;
  std::string content_language, og_locale;
  for (NodeId i : elements.html)
    if (m.language.empty()) m.language = text::collapse_whitespace(dom.attr(i, Attr::lang));
  // <title> inside an <svg> is not the page's; the DOM drops svg subtrees.
  for (NodeId i : elements.titles)
    if (m.title.empty()) m.title = element_text(dom, i);
  for (NodeId i : elements.metas) {
    std::string_view content = dom.attr(i, Attr::content);
    if (og_locale.empty() && text::iequals_ascii(dom.attr(i, Attr::property), "og:locale"))
      og_locale = text::collapse_whitespace(content);
    else if (content_language.empty() && text::iequals_ascii(dom.attr(i, Attr::http_equiv), "content-language"))
      content_language = text::collapse_whitespace(content);
  }
  if (m.language.empty()) m.language = !content_language.empty() ? content_language : og_locale;
  return m;
}

std::vector<std::string> headings_h1(const dom::Dom& dom, const PageElements& elements, std::size_t limit) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < elements.h1s.size() && out.size() < limit; ++k) {
    std::string text = element_text(dom, elements.h1s[k]);
    if (!text.empty()) out.push_back(std::move(text));
  }
  return out;
}

std::vector<std::string> headline_texts(const dom::Dom& dom, const PageElements& elements, std::size_t limit) {
  std::vector<std::string> out;
  NodeId read_up_to = 0;  // a heading read (or passed over) is read with what it holds
  for (std::size_t k = 0; k < elements.headings.size() && out.size() < limit; ++k) {
    const NodeId i = elements.headings[k];
    if (i < read_up_to) continue;
    read_up_to = dom.nodes[i].subtree_end;
    // Site names show as bold links or in the page's header, navigation and
    // footer; the headline does not.
    bool chrome = false;
    for (NodeId p = dom.nodes[i].parent; p != dom::kNoNode && !chrome; p = dom.nodes[p].parent) {
      Tag t = dom.nodes[p].tag;
      chrome = t == Tag::a || t == Tag::header || t == Tag::nav || t == Tag::footer;
    }
    // A heading's own link is its permalink (blog templates link the post's
    // title to itself); a bold link is a site name or a menu entry.
    if (dom.nodes[i].tag == Tag::b || dom.nodes[i].tag == Tag::strong)
      for (NodeId c = i + 1; c < dom.nodes[i].subtree_end && !chrome; ++c) chrome = dom.nodes[c].tag == Tag::a;
    if (chrome) continue;
    std::string text = element_text(dom, i);
    if (text.size() >= 10 && text.size() <= 400) out.push_back(std::move(text));
  }
  return out;
}

std::string document_base_url(const dom::Dom& dom, const PageElements& elements, std::string_view page_url) {
  // Only the first <base> with an href counts (HTML, "document base URL").
  for (NodeId i : elements.bases) {
    if (!dom.has_attr(i, Attr::href)) continue;
    std::string base = resolve_url(page_url, dom.attr(i, Attr::href));
    if (base.find("://") != std::string::npos) return base;
    break;
  }
  return std::string(page_url);
}

PageMeta read_meta(const dom::Dom& dom) {
  Metadata m = read_metadata(dom, {}).metadata;
  return {std::move(m.title), std::move(m.language)};
}

}  // namespace pith::meta
