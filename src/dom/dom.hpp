// The compact DOM every stage after the parse reads.
//
// Nodes live in one vector in document (pre-)order and link to each other by
// index, so a bottom-up pass is a reverse loop over the vector and no node is
// ever heap-allocated on its own. Text and the few attribute values we read are
// copied once into one string pool and referred to by offset.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "text/chars.hpp"

namespace pith::dom {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

enum class Tag : std::uint8_t {
  text,  // a text node
  other, // an element we have no special use for (custom elements included)
  html, head, body, title, meta, link, script, style, base,
  img, picture, figure, figcaption, video, audio, iframe, object, embed, canvas, svg, math,
  a, p, br, hr, div, span, section, article, main, header, footer, nav, aside, address,
  h1, h2, h3, h4, h5, h6,
  ul, ol, li, dl, dt, dd, menu,
  blockquote, pre, code, kbd, samp, tt,
  table, caption, thead, tbody, tfoot, tr, td, th,
  form, fieldset, legend, input, button, select, option, textarea, label,
  b, strong, i, em, u, s, small, big, sup, sub, mark, abbr, cite, q, del, ins, time, font, center,
  details, summary, dialog,
};

enum class Attr : std::uint8_t {
  class_, id, role, itemprop, itemtype, href, src, alt, lang, type, name, property, content,
  datetime, rel, charset, http_equiv, title,
  // Images as data (dom/image_source.cpp) and the writing direction.
  srcset, data_src, data_srcset, data_lazy_src, data_original, width, height, dir,
};

struct AttrValue {
  Attr name;
  std::uint32_t offset;  // into Dom::pool
  std::uint32_t length;
};

struct Node {
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId last_child = kNoNode;
  NodeId next_sibling = kNoNode;
  NodeId subtree_end = 0;      // one past the last descendant: [id, subtree_end) is the subtree
  std::uint32_t text_offset = 0;  // text nodes: into Dom::pool
  std::uint32_t text_length = 0;
  std::uint32_t attr_begin = 0;   // into Dom::attrs
  std::uint16_t attr_count = 0;
  std::uint16_t depth = 0;        // saturates at 65535
  Tag tag = Tag::other;
};

class Dom {
 public:
  Dom() = default;
  Dom(const Dom&) = default;
  Dom(Dom&&) noexcept = default;
  Dom& operator=(const Dom&) = default;
  Dom& operator=(Dom&&) noexcept = default;
  // Leaves the node, attribute and count buffers to the next Dom built on
  // this thread (build.cpp): memory already mapped, where fresh memory cost
  // a page fault per 4 KB touched.
  ~Dom();

  std::vector<Node> nodes;     // nodes[0] is the <html> element when the page has one
  std::vector<AttrValue> attrs;
  std::string pool;
  // Per node, the counts over a text node's text (zero for elements): taken
  // once by the build, read by every extraction attempt. kNotCounted for
  // text no attempt reads (<head>, <script>), counted if asked for.
  std::vector<text::TextCounts> counts;
  static constexpr text::TextCounts kNotCounted{std::numeric_limits<std::uint32_t>::max()};

  std::string_view text(NodeId id) const {
    const Node& n = nodes[id];
    return std::string_view(pool).substr(n.text_offset, n.text_length);
  }
  // The value of an attribute, "" when absent.
  std::string_view attr(NodeId id, Attr name) const {
    const Node& n = nodes[id];
    for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i)
      if (attrs[i].name == name)
        return std::string_view(pool).substr(attrs[i].offset, attrs[i].length);
    return {};
  }
  bool has_attr(NodeId id, Attr name) const {
    const Node& n = nodes[id];
    for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i)
      if (attrs[i].name == name) return true;
    return false;
  }
  bool is_text(NodeId id) const { return nodes[id].tag == Tag::text; }
  // count_text of a text node's text; counted here when the Dom was not made
  // by build_dom.
  text::TextCounts text_counts(NodeId id) const {
    if (id < counts.size() && counts[id].chars != kNotCounted.chars) return counts[id];
    return text::count_text(text(id));
  }
  std::size_t size() const { return nodes.size(); }

  // Appends all text of the subtree, as is (no whitespace folding).
  void append_subtree_text(NodeId id, std::string& out) const {
    for (NodeId i = id; i < nodes[id].subtree_end; ++i)
      if (nodes[i].tag == Tag::text) out.append(text(i));
  }
  // First element of the given tag in document order, kNoNode if none.
  NodeId find_first(Tag tag, NodeId from = 0) const {
    for (NodeId i = from; i < nodes.size(); ++i)
      if (nodes[i].tag == tag) return i;
    return kNoNode;
  }
};

bool is_heading(Tag tag);
int heading_level(Tag tag);  // 1..6, 0 for other tags

// Block-level for layout purposes: starts a new line of text. Every stage
// asks it of every element, so it is a table look, inline.
namespace detail {
constexpr bool is_block_by_switch(Tag tag) {
  switch (tag) {
    case Tag::text: case Tag::a: case Tag::span: case Tag::b: case Tag::strong: case Tag::i:
    case Tag::em: case Tag::u: case Tag::s: case Tag::small: case Tag::big: case Tag::sup:
    case Tag::sub: case Tag::mark: case Tag::abbr: case Tag::cite: case Tag::q: case Tag::del:
    case Tag::ins: case Tag::time: case Tag::font: case Tag::code: case Tag::kbd: case Tag::samp:
    case Tag::tt: case Tag::img: case Tag::br: case Tag::label: case Tag::input:
    case Tag::button: case Tag::select: case Tag::option: case Tag::textarea: case Tag::picture:
      return false;
    default:
      return true;
  }
}
struct BlockTags {
  bool of[256] = {};
  constexpr BlockTags() {
    for (int t = 0; t < 256; ++t) of[t] = is_block_by_switch(static_cast<Tag>(t));
  }
};
inline constexpr BlockTags kBlockTags{};
}  // namespace detail

inline bool is_block(Tag tag) { return detail::kBlockTags.of[static_cast<std::uint8_t>(tag)]; }
std::string_view tag_name(Tag tag);

}  // namespace pith::dom
