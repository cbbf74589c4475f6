// The state of one extraction attempt over a Dom: which nodes are left out,
// and the features measured without them. Attempts differ in which
// assumptions they make (Flags); the Dom itself is never changed or copied.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "dom/dom.hpp"
#include "extract/features.hpp"
#include "extract/heuristics.hpp"
#include "extract/hints.hpp"
#include "extract/rule.hpp"

namespace pith::extraction {

// Whether PITH_DEBUG asks for the extraction's trace on stderr. The
// environment is read once per process: the discussion search alone asked
// getenv thousands of times over the dev set.
inline bool debug_trace() {
  static const bool on = std::getenv("PITH_DEBUG") != nullptr;
  return on;
}

struct Flags {
  bool strip_unlikely = true;       // remove clutter-named nodes before scoring
  bool weight_classes = true;       // let class/id names move scores
  bool clean_conditionally = true;  // prune link lists, counters, galleries inside the content
  bool keep_dominant_lists = true;  // keep a comment/teaser list that is most of the selection
  bool prune_teasers = true;        // prune lists of teasers (ContentOptions::teasers_are_clutter)
  bool keep_spec_rows = false;      // spare label/value rows: a product's specs (kSpecLabelMaxChars)
};

struct Pass {
  const dom::Dom& dom;
  const std::vector<Hints>& hints;
  Flags flags;
  std::vector<std::uint8_t> dead;   // 1 = left out, with its whole subtree
  std::vector<Rule> why;            // at the root of each left-out subtree: the rule
  // The features measured with the boilerplate removed: this pass's own, or
  // those of the prepared pass it started from (pruning changes `dead`,
  // never the features).
  const std::vector<NodeFeatures>& features;
  Tuning tuning = kBalancedTuning;
  // In document order, the nodes whose own text was kMinParagraphLength or
  // longer when the features were measured, before a prepared pass took
  // anything away from them (which only shortens own text): the only ones
  // that may vote in select_content, which requires the list (a list of
  // every node is the walk it stands for).
  const std::vector<dom::NodeId>* long_own_text = nullptr;
  // In document order, at least every live element judged_by_pruning()
  // (PageHints::containers): what prune_content judges, which requires the
  // list (every container of the page is the walk over its subtrees).
  const std::vector<dom::NodeId>* containers = nullptr;

  Pass(const dom::Dom& d, const std::vector<Hints>& h, Flags fl)
      : dom(d), hints(h), flags(fl), features(measured) {}
  // A pass whose features are kept elsewhere (measured by its owner, who
  // keeps them what this pass's `dead` leaves).
  Pass(const dom::Dom& d, const std::vector<Hints>& h, Flags fl,
       const std::vector<NodeFeatures>& shared_features,
       const std::vector<dom::NodeId>* long_own = nullptr)
      : dom(d), hints(h), flags(fl), features(shared_features), long_own_text(long_own) {}
  // A pass that starts where `prepared` (prepared with the same
  // flags.strip_unlikely, on hints that the removal reads alike) left off.
  Pass(const dom::Dom& d, const std::vector<Hints>& h, Flags fl, Tuning tu, const Pass& prepared)
      : dom(d), hints(h), flags(fl), dead(prepared.dead), why(prepared.why),
        features(prepared.features), tuning(tu), long_own_text(prepared.long_own_text),
        containers(prepared.containers) {}
  // `features` may refer to the pass's own member: no copies (a copy would
  // refer to its source's).
  Pass(const Pass&) = delete;
  Pass& operator=(const Pass&) = delete;

  // Marks a node and its subtree as left out.
  void kill(dom::NodeId id, Rule rule) {
    for (dom::NodeId i = id; i < dom.nodes[id].subtree_end; ++i) dead[i] = 1;
    why[id] = rule;
  }

  std::vector<NodeFeatures> measured;  // its own features, when the pass measures them itself
};

// The removal every prepared pass starts from: <head>, boilerplate elements
// (Hints::boilerplate_tag) and, with flags.strip_unlikely, clutter-named ones
// (Hints::unlikely, and Hints::header_name unless header_reads_as_content on
// the features measured without strip_unlikely) that removable_by_name
// allows, each unless it holds
// declared content (Hints::content). The library derives it from what
// read_page_hints() found (remove_left_out, remove_unlikely_from); the walk
// over the page it stands for is the tests' reference
// (tests/unit/reference_passes.cpp).
//
// The removal for a strip_unlikely pass, from what was removed for `unstripped` (the same but
// for strip_unlikely, on hints that agree on tags and declared content): the
// clutter-named nodes outside that are removed besides. What lies inside one
// of them is then part of its subtree, as a pass of its own would record it.
// Only `candidates` are looked at: in document order, at least every element
// the pass's hints name like clutter outside what `unstripped` removed
// (PageHints::unlikely, for the page's hints or hints that name less so).
void remove_unlikely_from(Pass& pass, const Pass& unstripped,
                          const std::vector<dom::NodeId>& candidates);
// The removal for a pass that keeps clutter-named nodes, from the subtrees
// read_page_hints() found it removes (PageHints::left_out), each with its rule.
void remove_left_out(Pass& pass, const std::vector<LeftOut>& left_out);
// Whether a clutter-named element not holding declared content is removed
// before scoring: the page's frame and links are not, nor what sits in a
// table or in code (whose names say nothing of the page).
bool removable_by_name(const dom::Dom& dom, dom::NodeId id);
// Whether a clutter-named element is the frame of the page's layout, not
// clutter, and so stays: it holds the story and the boilerplate beside it
// (a "sidebar-container" around the article and its <aside>). Read on the
// pass without strip_unlikely: see kLayoutWrapperShare.
bool wraps_page_layout(const Pass& unstripped, dom::NodeId id);
// Whether a header-named element (Hints::header_name) with features `f` is an
// entry's or a section's header, kept, rather than the site's: see
// kHeaderContentMinLength.
bool header_reads_as_content(const NodeFeatures& f);

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
namespace detail {
// The containers the conditional rules judge; paragraphs and inline elements
// are judged as blocks when rendered.
constexpr bool pruning_judges(dom::Tag tag) {
  using dom::Tag;
  switch (tag) {
    case Tag::div: case Tag::section: case Tag::ul: case Tag::ol: case Tag::dl:
    case Tag::table: case Tag::form: case Tag::fieldset: case Tag::aside: case Tag::header:
    case Tag::footer: case Tag::figure: case Tag::other: case Tag::center:
    case Tag::details:
    case Tag::picture:  // judged as while it was Tag::other (a gallery of <source>s and an <img>)
      return true;
    default:
      return false;
  }
}
// By table: asked of every element of the page (hints) and of every child
// under the content's roots in every pass that spares grids (prune).
struct PrunedTags {
  bool of[256] = {};
  constexpr PrunedTags() {
    for (int t = 0; t < 256; ++t) of[t] = pruning_judges(static_cast<dom::Tag>(t));
  }
};
inline constexpr PrunedTags kPrunedTags{};
}  // namespace detail

// The containers prune_content judges; paragraphs and inline elements are
// judged as blocks when rendered.
inline bool judged_by_pruning(dom::Tag tag) { return detail::kPrunedTags.of[static_cast<std::uint8_t>(tag)]; }

}  // namespace pith::extraction
