// Turning the selected, pruned subtrees into pith::Blocks.
#pragma once

#include <vector>

#include "dom/dom.hpp"
#include "extract/pass.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

// Walks the roots in document order, skipping dead nodes, and emits headings,
// paragraphs, list items, quotes, code and table rows. Layout tables (cells
// holding blocks or nested tables) are walked into rather than emitted as rows.
// keep_link_paragraphs keeps paragraphs that are mostly link text (teaser
// lists, where the headlines are the links).
struct Rendering {
  std::vector<Block> blocks;
  // The sum of the blocks' text::weighted_length, counted while rendering
  // (from the text nodes' features) rather than over the text afterwards.
  std::uint32_t length = 0;
};
Rendering to_blocks(const Pass& pass, const std::vector<dom::NodeId>& roots,
                    bool keep_link_paragraphs = false);

// No less than the length to_blocks() gives `roots` (equal when every block
// is kept): the weighted length of their live text (<pre> text counted by its
// bytes), and one per table cell for the '|' between cells. A walk over the
// nodes, no text: what tells an attempt that cannot win from one to render.
std::uint32_t rendered_length_bound(const Pass& pass, const std::vector<dom::NodeId>& roots);

// The text of one node, white space collapsed, as a heading block would hold it.
std::string inline_text(const dom::Dom& dom, dom::NodeId id);

}  // namespace pith::extraction
