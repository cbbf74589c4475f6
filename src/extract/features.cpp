#include "extract/features.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

#include "text/ascii.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

// An e-mail address or a phone number is information to read, not a way
// elsewhere: its text counts as plain text, not link text.
bool is_contact_link(std::string_view href) {
  return text::iequals_ascii(href.substr(0, 7), "mailto:") ||
         text::iequals_ascii(href.substr(0, 4), "tel:");
}

// What measure asks of every node's tag, by table: one load instead of a
// switch and a call per node.
struct TagTraits {
  bool block = false;       // dom::is_block (text nodes: no)
  bool code = false;        // <pre>, <code>
  bool ends_link = false;   // <p>: a paragraph inside a link is prose, not link text
  std::uint8_t paragraph = 0, image = 0, input = 0, heading = 0;  // 1 to count the element
};

struct TagTable {
  std::array<TagTraits, 256> of{};
  TagTable() {
    for (std::size_t t = 0; t < of.size(); ++t) {
      Tag tag = static_cast<Tag>(t);
      TagTraits& x = of[t];
      x.block = tag != Tag::text && dom::is_block(tag);
      x.code = tag == Tag::pre || tag == Tag::code;
      x.ends_link = tag == Tag::p;
      x.paragraph = tag == Tag::p || tag == Tag::pre;
      x.image = tag == Tag::img;
      x.input = tag == Tag::input || tag == Tag::select || tag == Tag::textarea || tag == Tag::button;
      x.heading = dom::is_heading(tag);
    }
  }
  const TagTraits& operator[](Tag tag) const { return of[static_cast<std::uint8_t>(tag)]; }
};

const TagTable& tag_traits() {
  static const TagTable table;
  return table;
}

// A dead node's features, copied from one object: built anew for each node,
// GCC put it on the stack and read it back across its last two stores,
// stalling every node.
const NodeFeatures kNoFeatures{};

}  // namespace

std::vector<NodeFeatures> measure(const dom::Dom& dom, const std::vector<std::uint8_t>& dead,
                                  std::uint32_t min_own_length,
                                  std::vector<dom::NodeId>* long_own_text) {
  const std::size_t n = dom.size();
  const auto& nodes = dom.nodes;
  const bool any_dead = !dead.empty();
  // Each node's features are written once, as the forward pass reaches it
  // (value-initialising them all first would write every node twice).
  const TagTable& traits = tag_traits();
  std::vector<NodeFeatures> f;
  f.reserve(n);
  // Forward: parents come before children, so inherited facts are ready.
  // Text nodes and elements go the same way (an element's text counts are
  // zero, and its own text is its own block's), so the tags steer loads, not
  // branches.
  for (NodeId i = 0; i < n;) {
    const dom::Node& node = nodes[i];
    if (any_dead && dead[i]) {
      // A removed subtree (all of it is dead): nothing in it counts.
      f.insert(f.end(), node.subtree_end - i, kNoFeatures);
      i = node.subtree_end;
      continue;
    }
    const TagTraits& t = traits[node.tag];
    NodeFeatures& fi = f.emplace_back();
    fi.text = dom.text_counts(i);
    fi.paragraphs = t.paragraph;
    fi.images = t.image;
    fi.inputs = t.input;
    fi.headings = t.heading;
    if (node.parent != kNoNode) {
      // The parent's features (written already; f has room for all, so they
      // stay where they are).
      const NodeFeatures& up = f[node.parent];
      // A paragraph inside a link (a whole card made clickable) is prose to
      // read, not a way elsewhere. (dev: wcxb 0.811 -> 0.813; one listing of
      // clickable cards 0.12 -> 0.87, a service page 0.52 -> 0.78; the worst
      // loss a news index, 0.83 -> 0.63.)
      fi.in_link = up.in_link & !t.ends_link;
      fi.in_code = up.in_code | t.code;
      fi.block = t.block ? i : up.block;
    } else {
      fi.in_code = t.code;
      fi.block = node.tag == Tag::text ? kNoNode : i;
    }
    if (node.tag == Tag::a && !fi.in_link)
      fi.in_link = dom.has_attr(i, dom::Attr::href) && !is_contact_link(dom.attr(i, dom::Attr::href));
    fi.link_chars = fi.in_link ? fi.text.chars : 0;
    if (fi.block != kNoNode) {
      NodeFeatures& block = f[fi.block];
      block.own.add(fi.text);
      block.own_link_chars += fi.link_chars;
    }
    ++i;
  }
  // Backward: children come after parents, so a reverse loop sums bottom-up
  // (dead nodes hold nothing to add; a text node's numbers other than its
  // text are 0, so adding them costs less than telling it apart). Own text
  // is complete by now: the nodes with enough of it are listed on the way,
  // while their features are at hand.
  if (long_own_text) long_own_text->clear();
  for (NodeId i = static_cast<NodeId>(n); i-- > 1;) {
    if (any_dead && dead[i]) continue;
    if (long_own_text && f[i].own_length() >= min_own_length) long_own_text->push_back(i);
    NodeId parent = nodes[i].parent;
    if (parent == kNoNode) continue;
    f[parent].add(f[i]);
  }
  if (long_own_text) {
    if (n > 0 && !(any_dead && dead[0]) && f[0].own_length() >= min_own_length)
      long_own_text->push_back(0);
    std::reverse(long_own_text->begin(), long_own_text->end());
  }
  return f;
}

namespace {

// The first node from `from` on that `dead` leaves out and `measured_dead`
// does not (every node dead in measured_dead is dead in `dead`), or n: eight
// nodes a step, as most of the page is alike in both.
NodeId next_newly_dead(const std::vector<std::uint8_t>& measured_dead,
                       const std::vector<std::uint8_t>& dead, NodeId from) {
  const std::size_t n = dead.size();
  std::size_t i = from;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t a, b;
    std::memcpy(&a, dead.data() + i, 8);
    std::memcpy(&b, measured_dead.data() + i, 8);
    if (a != b) break;
  }
  while (i < n && dead[i] == measured_dead[i]) ++i;
  return static_cast<NodeId>(i);
}

// Adds (sign +1) or takes away (-1) the text of the removed subtree rooted
// at `r` (its features intact in `f`) that belonged to the own text of blocks
// outside it, and its sums from its ancestors'.
template <int sign>
void carry(const dom::Dom& dom, std::vector<NodeFeatures>& f, NodeId r) {
  const auto& nodes = dom.nodes;
  const NodeFeatures& sub = f[r];
  for (NodeId a = nodes[r].parent; a != kNoNode; a = nodes[a].parent) {
    if (sign > 0) f[a].add(sub);
    else f[a].remove(sub);
  }
  // A block's text is its own or its descendants' blocks': none belongs to a
  // block outside (most removed subtrees are blocks, and their nodes are not
  // looked at).
  if (tag_traits()[nodes[r].tag].block) return;
  NodeId end = nodes[r].subtree_end;
  for (NodeId i = r; i < end; ++i) {
    // Text whose block is outside the subtree was part of that block's own text.
    const NodeFeatures& fi = f[i];
    NodeId block = fi.block;
    if (nodes[i].tag == Tag::text && block != kNoNode && block < r) {
      if (sign > 0) {
        f[block].own.add(fi.text);
        f[block].own_link_chars += fi.link_chars;
      } else {
        f[block].own.remove(fi.text);
        f[block].own_link_chars -= fi.link_chars;
      }
    }
  }
}

}  // namespace

void take_away(const dom::Dom& dom, std::vector<NodeFeatures>& f,
               const std::vector<std::uint8_t>& measured_dead,
               const std::vector<std::uint8_t>& dead, RemovedFeatures* removed) {
  const auto& nodes = dom.nodes;
  std::vector<NodeId> found;
  std::vector<NodeId>& roots = removed ? removed->roots : found;
  roots.clear();
  // Each hit is the root of a subtree only `dead` removes: its parent lives
  // on (else the parent's subtree would have been taken first). Nothing
  // outside one subtree is inside another: each one's numbers are intact
  // when it is taken away, and again when it is put back.
  for (NodeId r = next_newly_dead(measured_dead, dead, 0); r < nodes.size();
       r = next_newly_dead(measured_dead, dead, nodes[r].subtree_end)) {
    roots.push_back(r);
    carry<-1>(dom, f, r);
  }
}

void put_back(const dom::Dom& dom, std::vector<NodeFeatures>& f, const RemovedFeatures& removed) {
  for (NodeId r : removed.roots) carry<+1>(dom, f, r);
}

}  // namespace pith::extraction
