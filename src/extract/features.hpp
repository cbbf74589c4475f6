// One forward and one backward pass over the Dom that give every node the
// numbers the heuristics read: how much text it holds, how much of it is in
// links, how many paragraphs, headings, images and form fields.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/dom.hpp"
#include "text/chars.hpp"

namespace pith::extraction {

// The text counts of a block's own text that the heuristics read (digits and
// words are read only over whole subtrees).
struct OwnText {
  std::uint32_t chars = 0;
  std::uint32_t cjk = 0;
  std::uint32_t commas = 0;
  std::uint32_t sentence_ends = 0;

  void add(const text::TextCounts& o) {
    chars += o.chars; cjk += o.cjk; commas += o.commas; sentence_ends += o.sentence_ends;
  }
  void remove(const text::TextCounts& o) {
    chars -= o.chars; cjk -= o.cjk; commas -= o.commas; sentence_ends -= o.sentence_ends;
  }
};

// The numbers of a subtree that add up from its children: a parent's are the
// sum of its children's and its own element's.
struct SubtreeSums {
  text::TextCounts text;            // all text in the subtree
  std::uint32_t link_chars = 0;     // text inside <a href>
  std::uint32_t paragraphs = 0;     // <p> and <pre>
  std::uint32_t images = 0;
  std::uint32_t inputs = 0;         // input, select, textarea, button
  std::uint32_t headings = 0;

  void add(const SubtreeSums& o) {
    text.add(o.text);
    link_chars += o.link_chars;
    paragraphs += o.paragraphs;
    images += o.images;
    inputs += o.inputs;
    headings += o.headings;
  }
  // Takes away sums that add() put in.
  void remove(const SubtreeSums& o) {
    text.remove(o.text);
    link_chars -= o.link_chars;
    paragraphs -= o.paragraphs;
    images -= o.images;
    inputs -= o.inputs;
    headings -= o.headings;
  }
  std::uint32_t length() const { return text::weighted_length(text.chars, text.cjk); }
  double link_density() const {
    return text.chars ? static_cast<double>(link_chars) / text.chars : 0.0;
  }
};

// 72 bytes a node, written by the forward pass and summed by the backward
// one: only what some heuristic reads is kept (the wall time of the passes
// goes with the bytes they move).
struct NodeFeatures : SubtreeSums {
  OwnText own;                      // text whose nearest block ancestor is this node
  std::uint32_t own_link_chars = 0;
  dom::NodeId block = dom::kNoNode; // nearest block-level ancestor-or-self
  bool in_link = false;
  bool in_code = false;             // inside <pre> or <code> (itself included)

  std::uint32_t own_length() const { return text::weighted_length(own.chars, own.cjk); }
  double own_link_density() const {
    return own.chars ? static_cast<double>(own_link_chars) / own.chars : 0.0;
  }
};

// `dead` marks nodes left out (removed subtrees, every descendant marked);
// empty means none. Dead nodes get zero features and count for nothing.
// With `long_own_text`, the nodes whose own_length() is `min_own_length` or
// more are listed there, in document order (its old content replaced).
std::vector<NodeFeatures> measure(const dom::Dom& dom, const std::vector<std::uint8_t>& dead = {},
                                  std::uint32_t min_own_length = 0,
                                  std::vector<dom::NodeId>* long_own_text = nullptr);

// What take_away() took out of a page's features, for put_back(): the roots
// of the removed subtrees.
struct RemovedFeatures {
  std::vector<dom::NodeId> roots;
};

// Turns `f` = measure(dom, measured_dead) into measure(dom, dead) for every
// node `dead` leaves in, where every node of measured_dead is dead in `dead`
// too: the subtrees `dead` adds are taken away from what holds them (their
// text from their ancestors' sums and from the own text of the blocks outside
// them they belong to), at a cost in their roots' ancestors (and the nodes of
// the few that are not blocks) rather than in the whole page. The nodes taken
// away keep their features, which no pass reads (measure() gives them zeros):
// not copying or clearing them is most of what this saves. With `removed`,
// the roots taken away are kept there (its old content replaced).
void take_away(const dom::Dom& dom, std::vector<NodeFeatures>& f,
               const std::vector<std::uint8_t>& measured_dead,
               const std::vector<std::uint8_t>& dead, RemovedFeatures* removed = nullptr);
// Undoes take_away(dom, f, ..., &removed): `f` is again what it was before,
// to the bit.
void put_back(const dom::Dom& dom, std::vector<NodeFeatures>& f, const RemovedFeatures& removed);

}  // namespace pith::extraction
