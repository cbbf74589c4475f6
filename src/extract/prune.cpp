#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "assert.hpp"
#include "extract/discussion.hpp"
#include "extract/heuristics.hpp"
#include "extract/pass.hpp"
#include "text/ascii.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

// The numbers of a node after what was pruned inside it is taken away.
using Remaining = SubtreeSums;

Remaining remaining(const NodeFeatures& f, const Remaining& pruned) {
  Remaining r = f;
  r.remove(pruned);
  return r;
}

// Whether a container the rules would prune is part of a larger block that
// stands for it: a heading's parts are the heading (a "#" anchor and the
// title, each in a <div> of its own), and a list item's or a table cell's
// paragraph in a wrapper is the item, as short as items are ("Quick-access
// side-bar"; the list around it is judged as a whole). Asked only of the
// containers a rule prunes, and only kBlockPartMaxLevels ancestors up: a
// wrapper is a few levels below its heading or item, and the walk stays
// short on pages nested thousands deep.
bool part_of_larger_block(const dom::Dom& dom, NodeId id, NodeId root, Rule rule, const Remaining& r) {
  bool in_item = false;
  NodeId p = dom.nodes[id].parent;
  for (int level = 0; level < kBlockPartMaxLevels && p != kNoNode && p >= root; ++level, p = dom.nodes[p].parent) {
    Tag t = dom.nodes[p].tag;
    if (dom::is_heading(t)) return true;
    in_item |= t == Tag::li || t == Tag::td || t == Tag::th || t == Tag::dd || t == Tag::dt;
  }
  return in_item && rule == Rule::too_short && r.paragraphs > 0;
}

// Whether the container `id` or a node inside it, among its first
// kCodeSearchNodes nodes, is still in and passes `test`. The short
// containers this asks about are small, and one over a deep chain of empty
// elements is not walked to its end.
template <typename Test>
bool holds_live_node(const Pass& pass, NodeId id, Test test) {
  const auto& nodes = pass.dom.nodes;
  const NodeId end = std::min<NodeId>(nodes[id].subtree_end, id + kCodeSearchNodes);
  for (NodeId k = id; k < end; ++k) {
    if (pass.dead[k]) {
      k = nodes[k].subtree_end - 1;
      continue;
    }
    if (test(k)) return true;
  }
  return false;
}

// Whether a container's text left in is code: a one-line command in the
// wrapper that gives a code block its "Copy" button is as short as a label,
// but code is content to the last character (see prune_content).
bool holds_code(const Pass& pass, NodeId id) {
  return holds_live_node(pass, id, [&](NodeId k) {
    return pass.dom.nodes[k].tag == Tag::text && pass.features[k].in_code && pass.features[k].text.chars > 0;
  });
}

// Whether a short container holds a <time> still in: a post's or an event's
// date stamp, which is content however short (see kMinContainerLength).
bool holds_time_stamp(const Pass& pass, NodeId id) {
  return holds_live_node(pass, id, [&](NodeId k) { return pass.dom.nodes[k].tag == Tag::time; });
}

bool is_list(Tag tag) { return tag == Tag::ul || tag == Tag::ol || tag == Tag::dl; }

// "12", "1.2K", "16.02M Popularity", "10 Likes Reward 10 6 2 Share": short,
// numeric, no sentence.
bool is_counter_bar(const Remaining& r) {
  return r.text.words > 0 && r.text.words <= kCounterMaxWords && r.text.digits > 0 &&
         r.text.sentence_ends == 0 && r.text.commas == 0;
}

// Prose, whatever a weak clutter name says of it: kProseCommas commas (see
// kNamedProseLinkDensity), or, under a page builder's name, a heading (the
// builder wraps the article's headings as it wraps its paragraphs) or
// kBuilderNamedProseSentences sentences.
bool is_prose(const Pass& pass, NodeId id, const Remaining& r) {
  if (r.link_density() >= kNamedProseLinkDensity) return false;
  if (r.text.commas >= kProseCommas) return true;
  const bool reads_as_prose = r.headings > 0 || (r.text.sentence_ends >= kBuilderNamedProseSentences &&
                                                 r.length() >= kBuilderNamedProseMinLength);
  return reads_as_prose && element_named(NameList::builder, pass.dom, id);
}

// A sentence with a link in it ("This hotel features in my <a>top 10
// lists</a> of..."), not a link with words after it (a teaser, a menu
// entry): the item opens with kProseItemLeadChars of unlinked text and
// ends a sentence.
bool is_linked_sentence(const Pass& pass, NodeId item) {
  const auto& nodes = pass.dom.nodes;
  if (pass.features[item].text.sentence_ends == 0) return false;
  std::size_t lead = 0;
  for (NodeId n = item + 1; n < nodes[item].subtree_end && lead < kProseItemLeadChars; ++n) {
    if (nodes[n].tag == Tag::a) return false;
    if (nodes[n].tag != Tag::text) continue;
    for (char c : pass.dom.text(n)) lead += !text::is_ascii_whitespace(c);
  }
  return lead >= kProseItemLeadChars;
}

// A list some of whose items are not links (a packing list with a few
// products linked), or whose every item is a sentence, links in it or not
// (short lists too: see kProseItemLeadChars), rather than a list of links
// (a menu, related stories, tags: every item a link).
bool holds_more_than_links(const Pass& pass, NodeId list) {
  const auto& nodes = pass.dom.nodes;
  std::uint32_t items = 0, unlinked = 0, sentences = 0;
  for (NodeId c = nodes[list].first_child; c != kNoNode; c = nodes[c].next_sibling) {
    if (nodes[c].tag != Tag::li || pass.dead[c] || pass.features[c].text.chars == 0) continue;
    ++items;
    bool plain = pass.features[c].link_density() < kUnlinkedItemLinkDensity;
    unlinked += plain;
    sentences += plain ? pass.features[c].text.sentence_ends > 0 : is_linked_sentence(pass, c);
  }
  // Every item a sentence, some with links in them: prose set as a list.
  if (items > 0 && sentences == items && sentences > unlinked) return true;
  return items >= kListMinItems && unlinked >= kListUnlinkedItemShare * items;
}

// A heading with a link beside it and little else ("Course [edit]", "News
// See all"): its own words are not links, and a section's title is content.
bool is_heading_with_links(const Remaining& r) {
  return r.headings > 0 && r.length() < kMinContainerLength && r.link_density() < kHeadingModuleMaxLinkDensity;
}

// Elements that may be the items of a run (see mark_item_runs): a list's
// items, a table's rows, the containers pruning judges.
bool may_be_item(Tag tag) {
  return tag == Tag::li || tag == Tag::tr || tag == Tag::article || judged_by_pruning(tag);
}

// Marks in `in_run` the subtrees of the items of every run of repeated items
// under `root` that is the content's grid (see kItemRunMinShare), and the
// elements that hold them (a grid, a section's list of cards): at least
// kItemRunMinItems live elements of one tag and one class, each with a
// sibling of its kind, holding kItemRunMinShare of the root's text between
// them, not links alone, none of them holding more than kItemRunMaxItemShare
// of the run's text.
void mark_item_runs(const Pass& pass, NodeId root, std::vector<std::uint8_t>& in_run) {
  const dom::Dom& dom = pass.dom;
  const auto& nodes = dom.nodes;
  const auto& f = pass.features;
  if (f[root].text.chars == 0) return;
  const double min_chars = kItemRunMinShare * f[root].text.chars;
  struct Item {
    Tag tag;
    std::string_view cls;
    NodeId node;
    bool operator<(const Item& o) const { return tag != o.tag ? tag < o.tag : cls < o.cls; }
  };
  // Every item with a sibling of its kind (its tag and class), and then the
  // items of each kind across the root: one design of card repeated in the
  // grids of several sections is one run.
  std::vector<Item> items, repeated;
  for (NodeId p = root; p < nodes[root].subtree_end; ++p) {
    if (pass.dead[p]) {
      p = nodes[p].subtree_end - 1;
      continue;
    }
    if (nodes[p].tag == Tag::text || nodes[p].first_child == kNoNode) continue;
    items.clear();
    for (NodeId c = nodes[p].first_child; c != kNoNode; c = nodes[c].next_sibling)
      if (!pass.dead[c] && may_be_item(nodes[c].tag) && f[c].text.chars > 0)
        items.push_back({nodes[c].tag, dom.attr(c, dom::Attr::class_), c});
    // Unstable sorts: a run's items are summed and marked, in any order
    // (std::stable_sort asked for a buffer at every parent).
    std::sort(items.begin(), items.end());
    for (std::size_t first = 0, last; first < items.size(); first = last) {
      for (last = first + 1; last < items.size() && !(items[first] < items[last]); ++last) {}
      if (last - first >= 2) repeated.insert(repeated.end(), items.begin() + first, items.begin() + last);
    }
  }
  std::sort(repeated.begin(), repeated.end());
  for (std::size_t first = 0, last; first < repeated.size(); first = last) {
    std::uint32_t chars = 0, link_chars = 0, largest = 0;
    for (last = first; last < repeated.size() && !(repeated[first] < repeated[last]); ++last) {
      const NodeFeatures& fi = f[repeated[last].node];
      chars += fi.text.chars;
      link_chars += fi.link_chars;
      largest = std::max(largest, fi.text.chars);
    }
    if (last - first < kItemRunMinItems || chars < min_chars ||
        link_chars > kItemRunMaxLinkDensity * chars || largest > kItemRunMaxItemShare * chars)
      continue;
    for (std::size_t k = first; k < last; ++k) {
      NodeId item = repeated[k].node;
      std::fill(in_run.begin() + item, in_run.begin() + nodes[item].subtree_end, 1);
      in_run[nodes[item].parent] = 1;
    }
  }
}

// A list inside a list item, or an item of one: the sub-points of a point.
// However short, they are not decoration: the too-short rule
// (kMinContainerLength) took a nested list's 22 characters from under a
// point that stayed, its list being judged as a whole. train + dev: no page
// moves by 0.0001 (models fixed).
bool is_sublist(const dom::Dom& dom, NodeId id) {
  const Tag tag = dom.nodes[id].tag;
  const NodeId list = tag == Tag::li ? dom.nodes[id].parent : id;
  if (list == kNoNode || (dom.nodes[list].tag != Tag::ul && dom.nodes[list].tag != Tag::ol)) return false;
  const NodeId holder = dom.nodes[list].parent;
  return holder != kNoNode && dom.nodes[holder].tag == Tag::li;
}

// The element before `id` among its siblings (text between them passed
// over), found from the node before it in document order, the last of that
// sibling's subtree, by climbing at most kPreviousSiblingSearchLevels.
NodeId previous_element_sibling(const dom::Dom& dom, NodeId id) {
  const auto& nodes = dom.nodes;
  const NodeId parent = nodes[id].parent;
  NodeId n = id;
  while (n > 0 && n - 1 != parent) {
    NodeId up = n - 1;
    for (int level = 0; up != kNoNode && nodes[up].parent != parent; ++level) {
      if (level == kPreviousSiblingSearchLevels) return kNoNode;
      up = nodes[up].parent;
    }
    if (up == kNoNode) return kNoNode;
    if (nodes[up].tag != Tag::text) return up;
    n = up;  // a text node between them: the element before it
  }
  return kNoNode;
}

// A label/value row ("Fabric Content" / "100% cotton"): a container of
// exactly two elements with text and nothing else, no links, the label short
// and not much longer than its value (see kSpecLabelMaxChars), beside a
// sibling row of its design (tag and class).
bool is_spec_row(const Pass& pass, NodeId id) {
  const auto& nodes = pass.dom.nodes;
  const auto& f = pass.features;
  if (f[id].link_chars > 0) return false;
  NodeId parts[2];
  int n = 0;
  for (NodeId c = nodes[id].first_child; c != kNoNode; c = nodes[c].next_sibling) {
    if (pass.dead[c] || f[c].text.chars == 0) continue;
    if (nodes[c].tag == Tag::text || n == 2) return false;
    parts[n++] = c;
  }
  if (n != 2) return false;
  const std::uint32_t label = f[parts[0]].text.chars;
  if (label > kSpecLabelMaxChars || label > f[parts[1]].text.chars + kSpecLabelMaxExcessChars) return false;
  // The rows of a specification sit side by side: the element just before
  // or after is one (a look that stays short however many siblings a
  // hostile page gives the row).
  const std::string_view cls = pass.dom.attr(id, dom::Attr::class_);
  auto same_design = [&](NodeId s) {
    return s != kNoNode && nodes[s].tag == nodes[id].tag && pass.dom.attr(s, dom::Attr::class_) == cls;
  };
  NodeId next = nodes[id].next_sibling;
  while (next != kNoNode && nodes[next].tag == Tag::text) next = nodes[next].next_sibling;
  return same_design(next) || same_design(previous_element_sibling(pass.dom, id));
}

// A container of label/value rows (is_spec_row): a specification, however
// numeric its text.
bool holds_spec_rows(const Pass& pass, NodeId id) {
  const auto& nodes = pass.dom.nodes;
  int rows = 0;
  for (NodeId c = nodes[id].first_child; c != kNoNode && rows < 2; c = nodes[c].next_sibling)
    rows += !pass.dead[c] && is_spec_row(pass, c);
  return rows >= 2;
}

// Pictures with a title and a sentence each, not links: a grid of cards
// (courses, features, services), not a gallery (kTitledCardImagesPerHeading).
bool is_titled_card_grid(const Remaining& r) {
  return r.headings * kTitledCardImagesPerHeading >= r.images && r.link_density() < kTitledCardMaxLinkDensity &&
         r.text.sentence_ends >= r.headings;
}

// `in_item_run`: the node is one of the content's grids or in one of their items
// (mark_item_runs).
Rule prune_rule(const Pass& pass, NodeId id, const Remaining& r, bool in_item_run) {
  const Hints& h = pass.hints[id];
  Tag tag = pass.dom.nodes[id].tag;
  if (h.content) return Rule::none;
  // Prose under a weak clutter name is spared, but for the author's box: a
  // bio under the story ("Rebecca Norris is a freelance writer living in...")
  // reads as prose and is the writer's, not the story's. train + dev, CV by
  // site, models fixed: all +0.0001 [+0.0000, +0.0002], five pages up
  // (+0.01 to +0.05), none down, dev sources unchanged.
  if (pass.flags.weight_classes && h.weight < 0 &&
      (h.strong_clutter_name || !is_prose(pass, id, r) || element_named(NameList::author, pass.dom, id)))
    return Rule::negative_name;
  if (r.text.commas >= kProseCommas) return Rule::none;
  if (pass.flags.keep_spec_rows && (is_spec_row(pass, id) || holds_spec_rows(pass, id))) return Rule::none;
  if (r.headings == 0 && r.length() < kMinContainerLength && r.images == 0 &&
      r.text.chars > 0 && !holds_code(pass, id) && !is_sublist(pass.dom, id) && !holds_time_stamp(pass, id))
    return Rule::too_short;
  if (r.inputs > 0 && r.inputs > r.paragraphs / 3) return Rule::form_controls;
  double density_limit = h.weight > 0 ? kLinkListDensityNamedContent : pass.tuning.link_list_density;
  // The content's grids and their items are spared (see kItemRunMinShare); lists
  // with unlinked items only in the passes that weight names (see
  // kListUnlinkedItemShare).
  if (r.link_density() > density_limit && !in_item_run && !is_heading_with_links(r) &&
      !(pass.flags.weight_classes && is_list(tag) && holds_more_than_links(pass, id)))
    return Rule::link_list;
  if (r.images > 1 && r.paragraphs * 2 < r.images && tag != Tag::figure &&
      !(in_item_run && !pass.flags.prune_teasers) &&  // see kGalleryMinSentencesPerImage
      r.text.sentence_ends < kGalleryMinSentencesPerImage * r.images &&
      r.text.sentence_ends < kGalleryMaxSentences && !is_titled_card_grid(r))
    return Rule::gallery;
  if (tag != Tag::table && !is_list(tag) && r.headings == 0 && is_counter_bar(r) && !holds_code(pass, id))
    return Rule::counter_bar;
  return Rule::none;
}

// A table of short rows without links (a time series, a price history):
// its dates are data, not the stamps of comments or teasers.
bool is_data_table(const Pass& pass, NodeId id) {
  const auto& nodes = pass.dom.nodes;
  if (nodes[id].tag != Tag::table) return false;
  const NodeFeatures& f = pass.features[id];
  if (f.link_density() >= kDataTableMaxLinkDensity) return false;
  std::uint32_t rows = 0;
  for (NodeId i = id; i < nodes[id].subtree_end; ++i) rows += nodes[i].tag == Tag::tr;
  return rows > 0 && f.text.chars < kDataTableMaxRowChars * rows;
}

// An element the page asks search engines not to quote (marked_no_snippet),
// in every pass, unless it is declared content or holds most of the
// content's text (kLeftOutWidgetMaxPageShare: a wrapper, not a widget).
bool is_unquoted_widget(const Pass& pass, NodeId id, NodeId root) {
  return marked_no_snippet(pass.dom, id) && !pass.hints[id].content &&
         pass.features[id].text.chars < kLeftOutWidgetMaxPageShare * pass.features[root].text.chars;
}

// Comment threads and teaser lists are pruned unless they are most of the
// content (a forum thread's posts are its content).
Rule clutter_list_rule(const Pass& pass, NodeId id, NodeId root) {
  if (!pass.flags.clean_conditionally || pass.hints[id].discussion) return Rule::none;
  const bool dominant = pass.features[id].text.chars * 2 > pass.features[root].text.chars;
  if (pass.flags.keep_dominant_lists && dominant) return Rule::none;
  // Most containers hold too few items to be any of the lists below.
  if (!holds_item_list(pass, id)) return Rule::none;
  if (!pass.flags.keep_dominant_lists && is_interactive_item_list(pass, id))
    return Rule::action_bar_list;
  if (is_data_table(pass, id)) return Rule::none;
  if (is_stamped_item_list(pass, id, kClutterStampedShare)) return Rule::stamped_list;
  // Never most of the content, whatever the pass: a blog's index is a teaser list.
  if (pass.flags.prune_teasers && !dominant && is_teaser_list(pass, id))
    return Rule::teaser_list;
  return Rule::none;
}

}  // namespace

const char* rule_name(Rule rule) {
  switch (rule) {
    case Rule::none: return "kept";
    case Rule::document_head: return "document head";
    case Rule::boilerplate_tag: return "boilerplate element (nav/aside/footer/form/role)";
    case Rule::unlikely_name: return "clutter-like class/id or a photo caption, removed before scoring";
    case Rule::negative_name: return "clutter-like class/id inside the content";
    case Rule::link_list: return "link list (link density over the limit)";
    case Rule::too_short: return "container with almost no text";
    case Rule::form_controls: return "form remnant (more fields than paragraphs)";
    case Rule::gallery: return "gallery (images without paragraphs)";
    case Rule::counter_bar: return "counter bar (short, numeric, no sentence)";
    case Rule::stamped_list: return "comment thread or teaser list (date-stamped items)";
    case Rule::action_bar_list: return "comment-like items with action buttons";
    case Rule::teaser_list: return "teaser list (short repeated items opening with a link)";
    case Rule::machine_text: return "machine text (an object literal or UUIDs)";
    case Rule::customer_reviews: return "customer reviews of a product";
    case Rule::consent_prompt: return "a cookie or consent prompt";
    case Rule::poll: return "a poll or survey form";
    case Rule::no_snippet: return "marked data-nosnippet (the page asks search engines not to quote it)";
  }
  return "?";
}

void prune_content(Pass& pass, const std::vector<NodeId>& roots) {
  const auto& nodes = pass.dom.nodes;
  // What was pruned so far, as disjoint pieces: a pruned node (all of it), or
  // what a judged node found pruned inside it. Nodes come bottom-up, so the
  // pieces inside a node are the last ones pushed: a stack, costing nothing
  // per node of the subtree (a table of the amounts by node would be cleared
  // for every node first).
  struct Pruned {
    NodeId node;
    Remaining amount;
  };
  std::vector<Pruned> pieces;
  // The content's grids (see kItemRunMinShare), only in the passes that
  // weight names: in the retries without weights a spared grid made a pass
  // long enough to stop the retries before the unpruned one, which keeps the
  // cards' short lines (prices, dates). The roots are disjoint: each marks
  // its own subtree only.
  const bool spare_grids = pass.flags.clean_conditionally && pass.flags.weight_classes;
  std::vector<std::uint8_t> in_item_run;
  if (spare_grids) in_item_run.assign(nodes.size(), 0);
  for (NodeId root : roots) {
    pieces.clear();
    if (spare_grids) mark_item_runs(pass, root, in_item_run);
    NodeId end = nodes[root].subtree_end;
    // Bottom-up (reverse document order), so an outer container is judged on
    // what is left after the clutter inside it is gone.
    auto judge = [&](NodeId i) {
      // Code is content to the last character, whatever its markup looks like.
      if (pass.dead[i] || pass.features[i].in_code) return;
      Remaining inside;
      while (!pieces.empty() && pieces.back().node < nodes[i].subtree_end) {
        inside.add(pieces.back().amount);
        pieces.pop_back();
      }
      Remaining r = remaining(pass.features[i], inside);
      Rule rule = Rule::none;
      if (is_unquoted_widget(pass, i, root)) {
        rule = Rule::no_snippet;
      } else if (!pass.flags.clean_conditionally) {
        if (pass.flags.weight_classes && pass.hints[i].weight < 0 && !pass.hints[i].content)
          rule = Rule::negative_name;
      } else {
        rule = prune_rule(pass, i, r, spare_grids && in_item_run[i] != 0);
        if (rule == Rule::none) rule = clutter_list_rule(pass, i, root);
        if (rule != Rule::none && part_of_larger_block(pass.dom, i, root, rule, r)) rule = Rule::none;
      }
      if (rule != Rule::none) {
        pass.kill(i, rule);
        inside.add(r);  // now all of it
      }
      pieces.push_back({i, inside});
    };
    // The page's containers in the subtree, last first: the nodes a walk
    // over it would judge, without reading every node's tag.
    PITH_ASSERT(pass.containers != nullptr, "a pass lists the containers pruning judges");
    const std::vector<NodeId>& listed = *pass.containers;
    auto first = std::upper_bound(listed.begin(), listed.end(), root);
    for (auto it = std::lower_bound(first, listed.end(), end); it != first;) judge(*--it);
  }
}

}  // namespace pith::extraction
