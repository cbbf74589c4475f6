// One forward and one backward pass over the Dom that give every node the
// numbers the heuristics read: how much text it holds, how much of it is in
// links, how many paragraphs, list items, images and form fields.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/dom.hpp"
#include "text/chars.hpp"

namespace pith::extraction {

struct NodeFeatures {
  text::TextCounts text;            // all text in the subtree
  std::uint32_t link_chars = 0;     // text inside <a href>
  text::TextCounts own;             // text whose nearest block ancestor is this node
  std::uint32_t own_link_chars = 0;
  std::uint32_t elements = 0;       // elements in the subtree, itself included
  std::uint32_t links = 0;
  std::uint32_t paragraphs = 0;     // <p> and <pre>
  std::uint32_t list_items = 0;
  std::uint32_t images = 0;
  std::uint32_t inputs = 0;         // input, select, textarea, button
  std::uint32_t headings = 0;
  dom::NodeId block = dom::kNoNode; // nearest block-level ancestor-or-self
  bool in_link = false;
  bool in_code = false;             // inside <pre> or <code> (itself included)

  std::uint32_t length() const { return text::weighted_length(text.chars, text.cjk); }
  std::uint32_t own_length() const { return text::weighted_length(own.chars, own.cjk); }
  double link_density() const {
    return text.chars ? static_cast<double>(link_chars) / text.chars : 0.0;
  }
  double own_link_density() const {
    return own.chars ? static_cast<double>(own_link_chars) / own.chars : 0.0;
  }
};

// `dead` marks nodes left out (removed subtrees, every descendant marked);
// empty means none. Dead nodes get zero features and count for nothing.
std::vector<NodeFeatures> measure(const dom::Dom& dom, const std::vector<std::uint8_t>& dead = {});

// measure(dom, dead) from `measured` = measure(dom, measured_dead), where every
// node of measured_dead is dead in `dead` too: the subtrees `dead` adds are
// taken away from what holds them (their text from their ancestors' sums and
// from the own text of the blocks outside them they belong to), at a cost in
// the removed nodes and their ancestors rather than in the whole page.
// `measured` is changed in place (move it in when it is not needed after).
std::vector<NodeFeatures> measure_with_fewer(const dom::Dom& dom,
                                             std::vector<NodeFeatures> measured,
                                             const std::vector<std::uint8_t>& measured_dead,
                                             const std::vector<std::uint8_t>& dead);

}  // namespace pith::extraction
