// The second strategy: every text block of the page classified on its own,
// then by its neighbours (boilerpipe, jusText), without a stop-word list so
// that it works in every language. Where the primary selection yields too
// little, or the page's content is spread over sibling sections, it judges
// whether the main region does better (content.cpp).
#pragma once

#include <string>
#include <vector>

#include "dom/dom.hpp"
#include "extract/pass.hpp"

namespace pith::extraction {

enum class BlockClass : std::uint8_t { bad, short_text, near_good, good };

// The blocks of a prepared pass (nodes holding text of their own), in
// document order, and their classes after neighbour smoothing.
struct ClassifiedBlocks {
  std::vector<dom::NodeId> nodes;
  std::vector<BlockClass> classes;
};
ClassifiedBlocks classify_blocks(const Pass& pass);

// The own text of the blocks classified good (headings that open good
// blocks included), a line per text node.
std::string good_text(const Pass& pass, const ClassifiedBlocks& blocks);

}  // namespace pith::extraction
