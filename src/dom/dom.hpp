// The compact DOM every stage after the parse reads.
//
// Nodes live in one vector in document (pre-)order and link to each other by
// index, so a bottom-up pass is a reverse loop over the vector and no node is
// ever heap-allocated on its own. Text and the few attribute values we read are
// copied once into one string pool and referred to by offset.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "text/chars.hpp"

namespace pith::dom {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// The elements pith tells apart, from the tag table (tags.def), in its order.
enum class Tag : std::uint8_t {
  text,   // a text node
  other,  // an element we have no special use for (custom elements included)
#define PITH_TAG(name, gumbo, layout, hint, guard) name,
#define PITH_UNTAGGED(name, guard)
#include "dom/tags.def"
#undef PITH_TAG
#undef PITH_UNTAGGED
};

// Whether an element starts a new line of text (block) or flows within one.
enum class Layout : std::uint8_t { block, inline_ };
// What an element's tag alone says of it (extract/hints.cpp).
enum class TagHint : std::uint8_t { none, boilerplate, content };

namespace detail {
struct TagRow {
  std::string_view name;
  Layout layout;
  TagHint hint;
};
// Indexed by Tag.
inline constexpr TagRow kTagRows[] = {
    {"#text", Layout::inline_, TagHint::none},
    {"element", Layout::block, TagHint::none},
#define PITH_TAG(name, gumbo, layout, hint, guard) {#name, Layout::layout, TagHint::hint},
#define PITH_UNTAGGED(name, guard)
#include "dom/tags.def"
#undef PITH_TAG
#undef PITH_UNTAGGED
};
inline constexpr std::size_t kTagCount = std::size(kTagRows);
static_assert(kTagCount <= 256, "Tag is one byte");

// Every stage asks is_block of every element: a table look.
struct BlockTags {
  bool of[256] = {};
  constexpr BlockTags() {
    for (std::size_t t = 0; t < 256; ++t) of[t] = t >= kTagCount || kTagRows[t].layout == Layout::block;
  }
};
inline constexpr BlockTags kBlockTags{};
}  // namespace detail

enum class Attr : std::uint8_t {
  class_, id, role, itemprop, itemtype, href, src, alt, lang, type, name, property, content,
  datetime, rel, charset, http_equiv, title,
  // Images as data (dom/image_source.cpp) and the writing direction.
  srcset, data_src, data_srcset, data_lazy_src, data_original, width, height, dir,
  // Google's data-nosnippet: the page asks search engines not to quote the
  // element (a writer's bio, an affiliate notice, a footer).
  data_nosnippet,
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
  std::vector<AttrValue> attrs;  // each element's in a run, the runs in the elements' order
  std::string pool;
  // Per node, the counts over a text node's text (zero for elements): taken
  // once by the build, read by every extraction attempt. kNotCounted for
  // text no attempt reads (<head>, <script>), counted if asked for.
  std::vector<text::TextCounts> counts;
  static constexpr text::TextCounts kNotCounted{std::numeric_limits<std::uint32_t>::max()};
  // Bytes of text in the hidden subtrees the build left out (build_dom).
  std::size_t hidden_text_left_out = 0;
  // The markup of the page's longest <noframes>, which the DOM leaves out
  // (a browser never shows it): the only text a page made of frames holds.
  std::string frames_fallback;

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
  // Does any element of the page carry one of `names`? A look through the
  // attributes, a dense array: pages that carry none (most, for dir or
  // microdata) are spared a test of every node's.
  template <typename... Names>
  bool any_element_has(Names... names) const {
    return std::any_of(attrs.begin(), attrs.end(), [=](const AttrValue& a) { return ((a.name == names) || ...); });
  }
  bool is_text(NodeId id) const { return nodes[id].tag == Tag::text; }
  // count_text of a text node's text; counted here when the Dom was not made
  // by build_dom.
  text::TextCounts text_counts(NodeId id) const {
    if (id < counts.size() && counts[id].chars != kNotCounted.chars) return counts[id];
    return text::count_text(text(id));
  }
  std::size_t size() const { return nodes.size(); }

  // Whether `node` is `root` or lies inside it.
  bool in_subtree(NodeId node, NodeId root) const { return root <= node && node < nodes[root].subtree_end; }
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

// Block-level for layout purposes: starts a new line of text.
inline bool is_block(Tag tag) { return detail::kBlockTags.of[static_cast<std::uint8_t>(tag)]; }
// The element's name ("h1"); "#text" for text, "element" for Tag::other.
constexpr std::string_view tag_name(Tag tag) {
  const auto t = static_cast<std::size_t>(tag);
  return t < detail::kTagCount ? detail::kTagRows[t].name : detail::kTagRows[1].name;
}
constexpr TagHint tag_hint(Tag tag) {
  const auto t = static_cast<std::size_t>(tag);
  return t < detail::kTagCount ? detail::kTagRows[t].hint : TagHint::none;
}

}  // namespace pith::dom
