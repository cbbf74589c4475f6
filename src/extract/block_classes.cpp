#include "extract/block_classes.hpp"

#include "extract/heuristics.hpp"

namespace pith::extraction {

using dom::NodeId;
using dom::Tag;

namespace {

bool is_heading_tag(Tag tag) {
  return tag == Tag::h1 || tag == Tag::h2 || tag == Tag::h3 || tag == Tag::h4 ||
         tag == Tag::h5 || tag == Tag::h6;
}

// A block on its own: link lists are bad, long prose with few links good,
// what is too short to judge waits for its neighbours, medium prose (a
// sentence end) near-good. Sentence ends stand in for jusText's stop words.
BlockClass classify_alone(const NodeFeatures& f) {
  std::uint32_t length = f.own_length();
  double links = f.own_link_density();
  if (links > kBlockBadLinkDensity) return BlockClass::bad;
  if (length < kBlockShortLength) return BlockClass::short_text;
  if (length >= kBlockGoodLength && links < kBlockGoodLinkDensity && f.own.sentence_ends > 0)
    return BlockClass::good;
  return f.own.sentence_ends > 0 || f.own.commas > 0 ? BlockClass::near_good : BlockClass::bad;
}

}  // namespace

ClassifiedBlocks classify_blocks(const Pass& pass) {
  const dom::Dom& dom = pass.dom;
  ClassifiedBlocks out;
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (pass.dead[i]) {
      i = dom.nodes[i].subtree_end - 1;
      continue;
    }
    if (dom.nodes[i].tag == Tag::text || pass.features[i].own.chars == 0) continue;
    out.nodes.push_back(i);
    out.classes.push_back(classify_alone(pass.features[i]));
  }
  // Neighbour smoothing (jusText): a block that could not be judged alone
  // takes the class of the nearest judged blocks around it — good between
  // good ones; bad between bad ones; between a good and a bad one, good only
  // if it reads as prose (near-good).
  const std::size_t n = out.classes.size();
  std::vector<BlockClass> smoothed = out.classes;
  auto judged = [](BlockClass c) { return c == BlockClass::good || c == BlockClass::bad; };
  std::vector<BlockClass> before(n, BlockClass::bad), after(n, BlockClass::bad);
  BlockClass last = BlockClass::bad;
  for (std::size_t k = 0; k < n; ++k) {
    before[k] = last;
    if (judged(out.classes[k])) last = out.classes[k];
  }
  last = BlockClass::bad;
  for (std::size_t k = n; k-- > 0;) {
    after[k] = last;
    if (judged(out.classes[k])) last = out.classes[k];
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (judged(out.classes[k])) continue;
    bool good_before = before[k] == BlockClass::good, good_after = after[k] == BlockClass::good;
    if (good_before && good_after) smoothed[k] = BlockClass::good;
    else if (!good_before && !good_after) smoothed[k] = BlockClass::bad;
    else smoothed[k] = out.classes[k] == BlockClass::near_good ? BlockClass::good : BlockClass::bad;
  }
  // A heading opens the good block that follows it.
  for (std::size_t k = 0; k + 1 < n; ++k)
    if (is_heading_tag(dom.nodes[out.nodes[k]].tag) && smoothed[k + 1] == BlockClass::good)
      smoothed[k] = BlockClass::good;
  out.classes = std::move(smoothed);
  return out;
}

std::string good_text(const Pass& pass, const ClassifiedBlocks& blocks) {
  const dom::Dom& dom = pass.dom;
  std::vector<std::uint8_t> good(dom.size(), 0);
  for (std::size_t k = 0; k < blocks.nodes.size(); ++k)
    if (blocks.classes[k] == BlockClass::good) good[blocks.nodes[k]] = 1;
  // Each text node belongs to exactly one block (its nearest block
  // ancestor): one walk collects the good blocks' own text.
  std::string text;
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (pass.dead[i]) {
      i = dom.nodes[i].subtree_end - 1;
      continue;
    }
    if (dom.nodes[i].tag != Tag::text) continue;
    NodeId block = pass.features[i].block;
    if (block != dom::kNoNode && good[block]) {
      text.append(dom.text(i));
      text.push_back('\n');
    }
  }
  return text;
}

}  // namespace pith::extraction
