#include "extract/content.hpp"

#include <cstdio>
#include <cstdlib>

#include "extract/blocks.hpp"
#include "extract/heuristics.hpp"
#include "extract/pass.hpp"
#include "extract/stage_timer.hpp"
#include "text/chars.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

std::uint32_t content_length(const std::vector<Block>& blocks) {
  std::uint32_t total = 0;
  for (const Block& b : blocks) {
    text::TextCounts c = text::count_text(b.text);
    total += text::weighted_length(c.chars, c.cjk);
  }
  return total;
}

// The page's headline: the first <h1> whose text the title contains (or
// that contains the title), else the first <h1> when there is only one.
NodeId find_headline(const dom::Dom& dom, std::string_view title) {
  NodeId first = kNoNode;
  int count = 0;
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag != Tag::h1) continue;
    std::string text = inline_text(dom, i);
    if (text.empty()) continue;
    if (!title.empty() && (title.find(text) != std::string_view::npos ||
                           text.find(title) != std::string::npos))
      return i;
    if (first == kNoNode) first = i;
    ++count;
  }
  return count == 1 ? first : kNoNode;
}

struct Attempt {
  std::vector<Block> blocks;
  std::vector<NodeId> roots;
  std::uint32_t length = 0;
};

Attempt run(const dom::Dom& dom, const std::vector<Hints>& hints, Flags flags, Timings* timings) {
  StageTimer timer(timings);
  Pass pass(dom, hints, flags);
  prepare(pass);
  timer.lap(&Timings::features);
  Attempt a;
  a.roots = select_content(pass);
  if (std::getenv("PITH_DEBUG")) {
    NodeId body = dom.find_first(Tag::body);
    std::fprintf(stderr, "nodes=%zu body=%u body_chars=%u\n", dom.size(), body,
                 body == kNoNode ? 0u : pass.features[body].text.chars);
    for (NodeId r : a.roots)
      std::fprintf(stderr, "attempt %d%d%d root %u <%s class=\"%.*s\" id=\"%.*s\"> len=%u\n",
                   flags.strip_unlikely, flags.weight_classes, flags.clean_conditionally, r,
                   std::string(dom::tag_name(dom.nodes[r].tag)).c_str(),
                   static_cast<int>(dom.attr(r, dom::Attr::class_).size()),
                   dom.attr(r, dom::Attr::class_).data(),
                   static_cast<int>(dom.attr(r, dom::Attr::id).size()), dom.attr(r, dom::Attr::id).data(),
                   pass.features[r].length());
  }
  if (a.roots.empty()) {
    timer.lap(&Timings::selection);
    return a;
  }
  prune_content(pass, a.roots);
  timer.lap(&Timings::selection);
  a.blocks = to_blocks(pass, a.roots);
  a.length = content_length(a.blocks);
  timer.lap(&Timings::render);
  return a;
}

// When no part of the page stands out (listings, collections, pages of short
// items), the page's declared main region — or its body — minus navigation,
// asides, footers and clutter-named blocks, with teaser links kept.
Attempt whole_region(const dom::Dom& dom, const std::vector<Hints>& hints, Timings* timings) {
  StageTimer timer(timings);
  Pass pass(dom, hints, Flags{true, true, false});
  prepare(pass);
  timer.lap(&Timings::features);
  Attempt a;
  NodeId region = kNoNode;
  for (NodeId i = 0; i < dom.size() && region == kNoNode; ++i)
    if (!pass.dead[i] && (dom.nodes[i].tag == Tag::main ||
                          dom.attr(i, dom::Attr::role) == "main"))
      region = i;
  if (region == kNoNode) region = dom.find_first(Tag::body);
  if (region == kNoNode || pass.dead[region]) return a;
  a.roots = {region};
  timer.lap(&Timings::selection);
  a.blocks = to_blocks(pass, a.roots, /*keep_link_paragraphs=*/true);
  a.length = content_length(a.blocks);
  timer.lap(&Timings::render);
  return a;
}

}  // namespace

std::vector<Block> extract_content(const dom::Dom& dom, const ContentOptions& options) {
  if (dom.size() == 0) return {};
  StageTimer timer(options.timings);
  std::vector<Hints> hints(dom.size());
  for (NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag != Tag::text) hints[i] = node_hints(dom, i);
  timer.lap(&Timings::features);

  // Fewer assumptions on each retry, as Readability does; keep the longest.
  static constexpr Flags kAttempts[] = {
      {true, true, true}, {false, true, true}, {false, false, true}, {false, false, false}};
  Attempt best;
  for (const Flags& flags : kAttempts) {
    Attempt a = run(dom, hints, flags, options.timings);
    if (a.length > best.length) best = std::move(a);
    if (best.length >= kRetryLength) break;
  }
  if (best.length < kRegionFallbackBelow) {
    Attempt region = whole_region(dom, hints, options.timings);
    if (std::getenv("PITH_DEBUG"))
      std::fprintf(stderr, "region fallback: best=%u region=%u\n", best.length, region.length);
    if (region.length > best.length * kRegionFallbackGain) best = std::move(region);
  }
  if (best.length < kMinContentLength) return {};

  if (options.include_title) {
    NodeId headline = find_headline(dom, options.title);
    bool inside_content = false;
    for (NodeId r : best.roots)
      if (headline != kNoNode && headline >= r && headline < dom.nodes[r].subtree_end)
        inside_content = true;
    if (headline != kNoNode && !inside_content && !best.roots.empty() &&
        headline < best.roots.front()) {
      std::string text = inline_text(dom, headline);
      bool duplicate = !best.blocks.empty() && best.blocks.front().text == text;
      if (!text.empty() && !duplicate) {
        Block b;
        b.kind = BlockKind::heading;
        b.level = 1;
        b.text = std::move(text);
        best.blocks.insert(best.blocks.begin(), std::move(b));
      }
    }
  }
  return std::move(best.blocks);
}

}  // namespace pith::extraction
