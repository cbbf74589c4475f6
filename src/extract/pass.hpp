// The state of one extraction attempt over a Dom: which nodes are left out,
// and the features measured without them. Attempts differ in which
// assumptions they make (Flags); the Dom itself is never changed or copied.
#pragma once

#include <cstdint>
#include <vector>

#include "dom/dom.hpp"
#include "extract/features.hpp"
#include "extract/hints.hpp"

namespace pith::extraction {

struct Flags {
  bool strip_unlikely = true;       // remove clutter-named nodes before scoring
  bool weight_classes = true;       // let class/id names move scores
  bool clean_conditionally = true;  // prune link lists, counters, galleries inside the content
  bool keep_dominant_lists = true;  // keep a comment/teaser list that is most of the selection
};

struct Pass {
  const dom::Dom& dom;
  const std::vector<Hints>& hints;
  Flags flags;
  std::vector<std::uint8_t> dead;   // 1 = left out, with its whole subtree
  std::vector<NodeFeatures> features;

  Pass(const dom::Dom& d, const std::vector<Hints>& h, Flags fl) : dom(d), hints(h), flags(fl) {}

  // Marks a node and its subtree as left out.
  void kill(dom::NodeId id) {
    for (dom::NodeId i = id; i < dom.nodes[id].subtree_end; ++i) dead[i] = 1;
  }
};

// Removes boilerplate elements (and, with flags.strip_unlikely, clutter-named
// ones) and measures what is left.
void prepare(Pass& pass);

struct Selection {
  // The top candidate and the siblings that continue it, in document order.
  // Empty when the page has nothing that scores.
  std::vector<dom::NodeId> roots;
  double top_score = 0;
};

// The main content, chosen by Readability-style paragraph votes.
Selection select_content(const Pass& pass);

// Leaves out clutter inside the selected content: link lists, counter bars,
// galleries, form remnants, clutter-named blocks.
void prune_content(Pass& pass, const std::vector<dom::NodeId>& roots);

}  // namespace pith::extraction
