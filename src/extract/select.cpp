#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "assert.hpp"
#include "extract/heuristics.hpp"
#include "extract/pass.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

bool inside(const dom::Dom& dom, NodeId node, Tag tag) {
  for (NodeId p = dom.nodes[node].parent; p != kNoNode; p = dom.nodes[p].parent)
    if (dom.nodes[p].tag == tag) return true;
  return false;
}

// Nodes declared as content, or holding such a node, are never removed by
// name: a "page-header-wrap" may well contain the <main>. Asked about nodes
// in document order, it reads each node's hints once at most, and only in
// the subtrees asked about (the removal candidates).
class DeclaredContent {
 public:
  explicit DeclaredContent(const Pass& pass) : pass_(pass) {}

  // Whether `id` or a node of its subtree is declared as content. `id` may
  // not be less than in the previous call.
  bool held_by(NodeId id) {
    NodeId end = pass_.dom.nodes[id].subtree_end;
    if (scanned_ < id) scanned_ = id;
    while (scanned_ < end && !pass_.hints[scanned_].content) ++scanned_;
    return scanned_ < end;  // stopped on a declared node
  }

 private:
  const Pass& pass_;
  // No node from the last id asked about up to here is declared (and this
  // one is, when a search stopped before the end of its subtree).
  NodeId scanned_ = 0;
};

int tag_base_score(Tag tag) {
  switch (tag) {
    case Tag::div: case Tag::article: case Tag::main: case Tag::section: return 5;
    case Tag::pre: case Tag::td: case Tag::blockquote: return 3;
    case Tag::address: case Tag::ol: case Tag::ul: case Tag::dl: case Tag::dd: case Tag::dt:
    case Tag::li: case Tag::form: return -3;
    case Tag::h1: case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
    case Tag::th: return -5;
    default: return 0;
  }
}

// Blocks whose own text is a paragraph of the content, as far as voting goes.
bool votes(Tag tag) {
  switch (tag) {
    case Tag::li: case Tag::dt: case Tag::th: case Tag::caption: case Tag::h1: case Tag::h2:
    case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6: case Tag::ul: case Tag::ol:
    case Tag::table: case Tag::tr: case Tag::tbody: case Tag::thead: case Tag::html:
    case Tag::head: case Tag::title: case Tag::option: case Tag::label: case Tag::button:
    case Tag::figcaption: case Tag::legend: case Tag::summary:
      return false;
    default:
      return true;
  }
}

// Paragraph elements pass their score to their container; other blocks with
// text of their own (div soup: text and <br>s straight in a <div>) are the
// container.
bool is_paragraph_element(Tag tag) {
  return tag == Tag::p || tag == Tag::pre || tag == Tag::blockquote || tag == Tag::dd ||
         tag == Tag::address;
}

// Elements that carry content in their own right when they sit beside it:
// a specification table, a list of steps, a code sample.
bool continues_content(Tag tag) {
  switch (tag) {
    case Tag::table: case Tag::ul: case Tag::ol: case Tag::dl: case Tag::pre:
    case Tag::blockquote: case Tag::figure:
      return true;
    default:
      return false;
  }
}

bool ends_sentence(const dom::Dom& dom, NodeId id) {
  std::string text;
  dom.append_subtree_text(id, text);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\t'))
    text.pop_back();
  if (text.empty()) return false;
  char last = text.back();
  if (last == '.' || last == '!' || last == '?') return true;
  // Full-width enders are three bytes in UTF-8.
  return text.size() >= 3 && (text.ends_with("\xE3\x80\x82") || text.ends_with("\xEF\xBC\x81") ||
                              text.ends_with("\xEF\xBC\x9F"));
}

}  // namespace

bool removable_by_name(const dom::Dom& dom, NodeId id) {
  Tag tag = dom.nodes[id].tag;
  return tag != Tag::body && tag != Tag::html && tag != Tag::a && !inside(dom, id, Tag::table) &&
         !inside(dom, id, Tag::pre);
}

bool wraps_page_layout(const Pass& unstripped, NodeId id) {
  const auto& nodes = unstripped.dom.nodes;
  if (unstripped.features[id].length() <= kLayoutWrapperShare * unstripped.features[0].length()) return false;
  for (NodeId k = id + 1; k < nodes[id].subtree_end; ++k)
    if (unstripped.dead[k] && nodes[k].tag != Tag::text && unstripped.hints[k].boilerplate_tag) return true;
  return false;
}

bool header_reads_as_content(const NodeFeatures& f) {
  return f.paragraphs > 0 && f.inputs == 0 && f.link_density() < kHeaderContentLinkDensity &&
         f.length() >= kHeaderContentMinLength;
}

void remove_unlikely_from(Pass& pass, const Pass& unstripped,
                          const std::vector<NodeId>& candidates) {
  const dom::Dom& dom = pass.dom;
  const auto& nodes = dom.nodes;
  pass.dead = unstripped.dead;
  pass.why = unstripped.why;
  DeclaredContent declared(pass);
  // Headers of one design (class list) repeated down the page are the
  // entries' (a card's title row), not the site's (see kEntryHeaderMinRepeats).
  std::unordered_map<std::string_view, std::uint32_t> header_designs;
  for (NodeId i : candidates)
    if (pass.hints[i].header_name && !pass.hints[i].unlikely && !dom.attr(i, dom::Attr::class_).empty())
      ++header_designs[dom.attr(i, dom::Attr::class_)];
  auto entry_header = [&](NodeId i) {
    auto design = header_designs.find(dom.attr(i, dom::Attr::class_));
    return design != header_designs.end() && design->second >= kEntryHeaderMinRepeats;
  };
  // In document order, as a walk over the live nodes would meet them: those
  // inside a subtree left out (before, or here) are dead.
  for (NodeId i : candidates) {
    if (pass.dead[i]) continue;
    const Hints& h = pass.hints[i];
    bool clutter_named =
        h.unlikely || (h.header_name && !entry_header(i) && !header_reads_as_content(unstripped.features[i]));
    if (clutter_named && nodes[i].tag != Tag::text && !declared.held_by(i) &&
        removable_by_name(dom, i) && !wraps_page_layout(unstripped, i)) {
      NodeId end = nodes[i].subtree_end;
      pass.kill(i, Rule::unlikely_name);
      std::fill(pass.why.begin() + i + 1, pass.why.begin() + end, Rule::none);
    }
  }
}

void remove_left_out(Pass& pass, const std::vector<LeftOut>& left_out) {
  const auto& nodes = pass.dom.nodes;
  pass.dead.assign(nodes.size(), 0);
  pass.why.assign(nodes.size(), Rule::none);
  for (const LeftOut& l : left_out) pass.kill(l.root, l.rule);
}

namespace {

// The candidates' scores, by node: a dense table (indexing beats hashing a
// node id), with the scored nodes listed for the loops over all candidates
// (none of which depends on their order).
class Scores {
 public:
  // The scores are written when a node gets one (filling the table first
  // would cost as much as the voting).
  explicit Scores(std::size_t nodes) : score_(new double[nodes]), scored_(nodes, 0) {}

  bool empty() const { return candidates_.empty(); }
  const std::vector<NodeId>& candidates() const { return candidates_; }
  bool has(NodeId id) const { return scored_[id] != 0; }
  // A node's score, 0 when it has none.
  double of(NodeId id) const { return scored_[id] ? score_[id] : 0.0; }
  double& operator[](NodeId id) { return score_[id]; }  // of a scored node

  // Adds `points` to a node's score, which starts at `initial(id)`.
  template <typename Initial>
  void add(NodeId id, double points, Initial&& initial) {
    if (!scored_[id]) {
      scored_[id] = 1;
      score_[id] = initial(id);
      candidates_.push_back(id);
    }
    score_[id] += points;
  }

 private:
  std::unique_ptr<double[]> score_;
  std::vector<std::uint8_t> scored_;
  std::vector<NodeId> candidates_;
};

// Tags whose elements may vote with their own text: votes() and block-level
// (see select_content), by table.
struct VoterTags {
  std::array<bool, 256> may_vote{};
  VoterTags() {
    for (std::size_t t = 0; t < may_vote.size(); ++t) {
      Tag tag = static_cast<Tag>(t);
      may_vote[t] = tag != Tag::text && votes(tag) && dom::is_block(tag);
    }
  }
};

// The lowest common ancestor of `top` and the candidates that share its
// exact class and score at least kSameClassShare of it, outside it and not
// holding it, when there are kSameClassMinCandidates of them; kNoNode when
// not, or when that ancestor is the page's body.
NodeId same_class_ancestor(const Pass& pass, const Scores& score, NodeId top, double top_score) {
  const dom::Dom& dom = pass.dom;
  const auto& nodes = dom.nodes;
  std::string_view cls = dom.attr(top, dom::Attr::class_);
  if (cls.empty()) return kNoNode;
  NodeId first = top, end = nodes[top].subtree_end;
  int same = 0;
  for (NodeId id : score.candidates()) {
    if (id == top || score.of(id) < top_score * kSameClassShare) continue;
    bool nested = (id > top && id < nodes[top].subtree_end) || (top > id && top < nodes[id].subtree_end);
    if (nested || dom.attr(id, dom::Attr::class_) != cls) continue;
    ++same;
    first = std::min(first, id);
    end = std::max(end, nodes[id].subtree_end);
  }
  if (same < kSameClassMinCandidates) return kNoNode;
  NodeId a = nodes[top].parent;
  while (a != kNoNode && !(a <= first && nodes[a].subtree_end >= end)) a = nodes[a].parent;
  if (a == kNoNode || nodes[a].tag == Tag::body || nodes[a].tag == Tag::html) return kNoNode;
  return a;
}

}  // namespace

Selection select_content(const Pass& pass) {
  static const VoterTags voters;
  const dom::Dom& dom = pass.dom;
  const auto& nodes = dom.nodes;
  const auto& f = pass.features;
  Scores score(nodes.size());

  auto initial = [&](NodeId id) {
    double s = tag_base_score(nodes[id].tag);
    if (pass.flags.weight_classes) {
      s += pass.hints[id].weight;
      if (pass.hints[id].content) s += kContentHintBonus;
    }
    return s;
  };

  // A live node's paragraph vote, if it casts one.
  auto vote = [&](NodeId i) {
    // An inline element's own text is its block's, so only blocks (and a
    // parentless root, its own block) can have any: the others are passed
    // over without reading their features.
    Tag tag = nodes[i].tag;
    if (!voters.may_vote[static_cast<std::uint8_t>(tag)] &&
        (nodes[i].parent != kNoNode || tag == Tag::text || !votes(tag)))
      return;
    const NodeFeatures& fi = f[i];
    std::uint32_t length = fi.own_length();
    if (length < kMinParagraphLength) return;
    double points = 1.0 + fi.own.commas +
                    std::min(static_cast<double>(length / kLengthPerPoint), kMaxLengthPoints);
    points *= 1.0 - fi.own_link_density();
    NodeId target = is_paragraph_element(nodes[i].tag) ? nodes[i].parent : i;
    for (int level = 0; level < kAncestorLevels && target != kNoNode; ++level) {
      if (nodes[target].tag == Tag::html) break;
      double divider = level == 0 ? 1.0 : level == 1 ? 2.0 : level * kAncestorDecay;
      score.add(target, points / divider, initial);
      target = nodes[target].parent;
    }
  };
  // In document order, as a walk over the live nodes meets them: the nodes
  // that can vote (own text only shrinks as a pass leaves more out).
  PITH_ASSERT(pass.long_own_text != nullptr, "a pass lists the nodes that may vote");
  for (NodeId i : *pass.long_own_text)
    if (!pass.dead[i]) vote(i);
  if (score.empty()) return {};
  Selection selection;

  for (NodeId id : score.candidates()) score[id] *= 1.0 - f[id].link_density();

  NodeId top = kNoNode;
  double top_score = -1e18;
  for (NodeId id : score.candidates())
    if (score.of(id) > top_score || (score.of(id) == top_score && id < top)) {
      top = id;
      top_score = score.of(id);
    }

  if (debug_trace()) {
    std::vector<std::pair<double, NodeId>> ranked;
    for (NodeId id : score.candidates()) ranked.push_back({score.of(id), id});
    std::sort(ranked.rbegin(), ranked.rend());
    for (std::size_t k = 0; k < ranked.size() && k < 8; ++k)
      std::fprintf(stderr, "  cand %u %s class=%s score=%.1f ld=%.2f\n", ranked[k].second,
                   std::string(dom::tag_name(nodes[ranked[k].second].tag)).c_str(),
                   std::string(dom.attr(ranked[k].second, dom::Attr::class_)).c_str(),
                   ranked[k].first, f[ranked[k].second].link_density());
  }

  // Content split over sibling containers: several strong candidates under
  // one ancestor of the top one mean that ancestor is the content.
  std::vector<NodeId> alternatives;
  for (NodeId id : score.candidates())
    if (id != top && score.of(id) >= top_score * kAlternativeShare) alternatives.push_back(id);
  if (static_cast<int>(alternatives.size()) >= kMinAlternativesForAncestor) {
    for (NodeId a = nodes[top].parent; a != kNoNode && nodes[a].tag != Tag::body;
         a = nodes[a].parent) {
      int under = 0;
      for (NodeId alt : alternatives)
        if (alt > a && alt < nodes[a].subtree_end) ++under;
      if (under >= kMinAlternativesForAncestor) {
        top = a;
        break;
      }
    }
  }

  // Content cut into blocks of one class (see kSameClassShare): their common
  // ancestor, taken as it is (its own score says nothing of the blocks').
  bool joined_same_class = false;
  if (pass.flags.weight_classes && top_score >= kSameClassMinTopScore) {
    // The blocks may be the sections around the top candidate (a manual's
    // "sect1" sections, each a heading and its body): the top's ancestors
    // are asked too.
    NodeId t = top;
    for (int level = 0; level <= kSameClassAncestorLevels && t != kNoNode && nodes[t].tag != Tag::body;
         ++level, t = nodes[t].parent) {
      if (!score.has(t) || score.of(t) < kSameClassMinTopScore) continue;
      NodeId joined = same_class_ancestor(pass, score, t, score.of(t));
      if (joined != kNoNode) {
        top = joined;
        joined_same_class = true;
        break;
      }
    }
  }

  // Walk up while an ancestor scores better than the top node itself: the top
  // node was one part of it. (Readability compares with the last ancestor
  // seen, which climbs to the page wrapper whenever teasers and comments vote
  // for it from many branches.)
  if (!joined_same_class) {
    double best = score.of(top);
    double threshold = best / 3.0;
    for (NodeId p = nodes[top].parent; p != kNoNode && nodes[p].tag != Tag::body;
         p = nodes[p].parent) {
      if (!score.has(p)) continue;
      if (score.of(p) < threshold) break;
      if (score.of(p) > best) {
        top = p;
        break;
      }
    }
  }
  // An only child says nothing its parent does not.
  while (nodes[top].parent != kNoNode && nodes[nodes[top].parent].tag != Tag::body &&
         nodes[nodes[top].parent].tag != Tag::html) {
    NodeId parent = nodes[top].parent;
    int live_children = 0;
    for (NodeId c = nodes[parent].first_child; c != kNoNode; c = nodes[c].next_sibling)
      if (!pass.dead[c] && !(nodes[c].tag == Tag::text && f[c].text.chars == 0)) ++live_children;
    if (live_children != 1) break;
    top = parent;
  }

  std::vector<NodeId> roots;
  NodeId parent = nodes[top].parent;
  if (parent == kNoNode) {
    selection.roots = {top};
    selection.top_score = score.of(top);
    return selection;
  }
  double top_final = score.of(top);
  double sibling_threshold = std::max(kMinSiblingScore, top_final * pass.tuning.sibling_share);
  std::string_view top_class = dom.attr(top, dom::Attr::class_);
  // A sibling joins for what its text voted, not for its name: a block
  // beside the article named like content ("article_full_list",
  // "post-footer-content") is as often a teaser list, a newsletter box or a
  // comment count, and kClassWeight alone clears the threshold. What its
  // name added to its score (see initial), less its link share as the votes
  // were. Cross-validated (bench/cv.py, 1,337 WCXB pages): +0.0003
  // [+0.0001, +0.0005], articles +0.0005; news pages of the dev set (daniel)
  // +0.002.
  auto name_weight = [&](NodeId c) {
    if (!pass.flags.weight_classes || pass.hints[c].weight <= 0) return 0.0;
    return pass.hints[c].weight * (1.0 - f[c].link_density());
  };
  // A heading belongs with the sibling content it introduces: it joins just
  // before the element that follows it.
  NodeId previous = kNoNode;  // the previous live element sibling
  auto take = [&](NodeId c) {
    if (previous != kNoNode && dom::is_heading(nodes[previous].tag) &&
        (roots.empty() || roots.back() != previous))
      roots.push_back(previous);
    roots.push_back(c);
  };
  for (NodeId c = nodes[parent].first_child; c != kNoNode; c = nodes[c].next_sibling) {
    if (pass.dead[c] || nodes[c].tag == Tag::text) continue;
    if (c != top && marked_no_snippet(dom, c)) continue;  // a bio or a notice beside the article
    if (c == top) {
      take(c);
      previous = c;
      continue;
    }
    double bonus = 0;
    if (!top_class.empty() && dom.attr(c, dom::Attr::class_) == top_class)
      bonus = top_final * 0.2;
    bool append = false;
    if (score.has(c) && score.of(c) - name_weight(c) + bonus >= sibling_threshold) {
      append = true;
    } else if (nodes[c].tag == Tag::p || (dom::is_block(nodes[c].tag) && f[c].own.chars > 0 &&
                                          f[c].headings == 0 && f[c].paragraphs == 0)) {
      std::uint32_t length = f[c].length();
      double density = f[c].link_density();
      if (length > kSiblingParagraphLength && density < kSiblingParagraphLinkDensity)
        append = true;
      else if (length > 0 && length <= kSiblingParagraphLength && density == 0 &&
               ends_sentence(dom, c))
        append = true;
    } else if (continues_content(nodes[c].tag)) {
      append = f[c].length() > kSiblingParagraphLength &&
               f[c].link_density() < kSiblingParagraphLinkDensity;
    }
    if (append) take(c);
    previous = c;
  }
  selection.top_score = top_final;
  selection.roots = std::move(roots);
  return selection;
}

}  // namespace pith::extraction
