#include "extract/features.hpp"

#include <array>
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

// dom::is_block by table: measure asks it of every element.
struct BlockTags {
  std::array<bool, 256> is_block{};
  BlockTags() {
    for (std::size_t t = 0; t < is_block.size(); ++t) is_block[t] = dom::is_block(static_cast<Tag>(t));
  }
  bool operator()(Tag tag) const { return is_block[static_cast<std::uint8_t>(tag)]; }
};

}  // namespace

std::vector<NodeFeatures> measure(const dom::Dom& dom, const std::vector<std::uint8_t>& dead) {
  const std::size_t n = dom.size();
  // Each node's features are written once, as the forward pass reaches it
  // (value-initialising them all first would write every node twice).
  static const BlockTags is_block;
  std::vector<NodeFeatures> f;
  f.reserve(n);
  // Forward: parents come before children, so inherited facts are ready.
  for (NodeId i = 0; i < n;) {
    const dom::Node& node = dom.nodes[i];
    if (!dead.empty() && dead[i]) {
      // A removed subtree (all of it is dead): nothing in it counts.
      f.resize(node.subtree_end);
      i = node.subtree_end;
      continue;
    }
    NodeFeatures& fi = f.emplace_back();
    // The parent's features (written already; f has room for all, so they
    // stay where they are).
    const NodeFeatures* up = node.parent == kNoNode ? nullptr : &f[node.parent];
    // A paragraph inside a link (a whole card made clickable) is prose to
    // read, not a way elsewhere. (dev: wcxb 0.811 -> 0.813; one listing of
    // clickable cards 0.12 -> 0.87, a service page 0.52 -> 0.78; the worst
    // loss a news index, 0.83 -> 0.63.)
    bool parent_in_link = up && up->in_link && node.tag != Tag::p;
    fi.in_link = parent_in_link || (node.tag == Tag::a && dom.has_attr(i, dom::Attr::href) &&
                                    !is_contact_link(dom.attr(i, dom::Attr::href)));
    fi.in_code = (up && up->in_code) || node.tag == Tag::pre || node.tag == Tag::code;
    if (node.tag == Tag::text) {
      fi.block = up ? up->block : kNoNode;
      fi.text = dom.text_counts(i);
      if (fi.in_link) fi.link_chars = fi.text.chars;
      if (fi.block != kNoNode) {
        f[fi.block].own.add(fi.text);
        f[fi.block].own_link_chars += fi.link_chars;
      }
      ++i;
      continue;
    }
    fi.block = is_block(node.tag) || !up ? i : up->block;
    fi.elements = 1;
    switch (node.tag) {
      case Tag::a: fi.links = 1; break;
      case Tag::p: case Tag::pre: fi.paragraphs = 1; break;
      case Tag::li: fi.list_items = 1; break;
      case Tag::img: fi.images = 1; break;
      case Tag::input: case Tag::select: case Tag::textarea: case Tag::button: fi.inputs = 1; break;
      case Tag::h1: case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
        fi.headings = 1;
        break;
      default: break;
    }
    ++i;
  }
  // Backward: children come after parents, so a reverse loop sums bottom-up
  // (dead nodes hold nothing to add).
  for (NodeId i = static_cast<NodeId>(n); i-- > 1;) {
    if (!dead.empty() && dead[i]) continue;
    NodeId parent = dom.nodes[i].parent;
    if (parent == kNoNode) continue;
    NodeFeatures& p = f[parent];
    const NodeFeatures& c = f[i];
    p.text.add(c.text);
    p.link_chars += c.link_chars;
    if (dom.nodes[i].tag == Tag::text) continue;  // its other numbers are all 0
    p.elements += c.elements;
    p.links += c.links;
    p.paragraphs += c.paragraphs;
    p.list_items += c.list_items;
    p.images += c.images;
    p.inputs += c.inputs;
    p.headings += c.headings;
  }
  return f;
}

namespace {

// Takes a removed subtree's sums (`gone`, its root's features) from an
// ancestor's.
void subtract_subtree(NodeFeatures& ancestor, const NodeFeatures& gone) {
  ancestor.text.remove(gone.text);
  ancestor.link_chars -= gone.link_chars;
  ancestor.elements -= gone.elements;
  ancestor.links -= gone.links;
  ancestor.paragraphs -= gone.paragraphs;
  ancestor.list_items -= gone.list_items;
  ancestor.images -= gone.images;
  ancestor.inputs -= gone.inputs;
  ancestor.headings -= gone.headings;
}

}  // namespace

std::vector<NodeFeatures> measure_with_fewer(const dom::Dom& dom,
                                             std::vector<NodeFeatures> measured,
                                             const std::vector<std::uint8_t>& measured_dead,
                                             const std::vector<std::uint8_t>& dead) {
  std::vector<NodeFeatures>& f = measured;
  const auto& nodes = dom.nodes;
  for (NodeId r = 0; r < nodes.size();) {
    // The root of a subtree only `dead` removes: its parent lives on.
    if (!dead[r] || measured_dead[r]) {
      ++r;
      continue;
    }
    // Nothing outside the subtree is inside it: its own numbers are read
    // before they are cleared.
    const NodeFeatures gone = f[r];
    for (NodeId a = nodes[r].parent; a != kNoNode; a = nodes[a].parent) subtract_subtree(f[a], gone);
    NodeId end = nodes[r].subtree_end;
    for (NodeId i = r; i < end; ++i) {
      // Text whose block is outside the subtree was part of that block's own text.
      NodeId block = f[i].block;
      if (nodes[i].tag == Tag::text && block != kNoNode && block < r) {
        f[block].own.remove(f[i].text);
        f[block].own_link_chars -= f[i].link_chars;
      }
      f[i] = NodeFeatures{};
    }
    r = end;
  }
  return measured;
}

}  // namespace pith::extraction
