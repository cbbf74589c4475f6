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
  std::vector<Block> blocks;  // empty when only counted (RenderMode::count)
  // The sum of the blocks' text::weighted_length, counted while rendering
  // (from the text nodes' features) rather than over the text afterwards.
  std::uint32_t length = 0;
  std::uint32_t block_count = 0;
  // Characters of the paragraphs, headings and list items (table rows and
  // code not counted), and of those the ones inside links, as the text
  // nodes' features count them.
  std::uint32_t chars = 0;
  std::uint32_t link_chars = 0;
};
// `count` walks and judges every block as `blocks` does but keeps only the
// counts (no text, no links or emphasis): what an attempt that is only judged
// needs, in the memory of one block's text.
enum class RenderMode : std::uint8_t { blocks, count };
Rendering to_blocks(const Pass& pass, const std::vector<dom::NodeId>& roots,
                    bool keep_link_paragraphs = false, RenderMode mode = RenderMode::blocks);

// No less than the length to_blocks() gives `roots` (equal when every block
// is kept): the weighted length of their live text (<pre> text counted by its
// bytes), and one per table cell for the '|' between cells. A walk over the
// nodes, no text: what tells an attempt that cannot win from one to render.
std::uint32_t rendered_length_bound(const Pass& pass, const std::vector<dom::NodeId>& roots);

// The text of one node, white space collapsed, as a heading block would hold it.
std::string inline_text(const dom::Dom& dom, dom::NodeId id);

}  // namespace pith::extraction
