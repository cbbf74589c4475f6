#include "extract/content.hpp"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_set>

#include <fmt/format.h>

#include "extract/article_body.hpp"
#include "extract/block_classes.hpp"
#include "extract/blocks.hpp"
#include "extract/discussion.hpp"
#include "extract/explain.hpp"
#include "extract/heuristics.hpp"
#include "extract/pass.hpp"
#include "extract/self_repetition.hpp"
#include "extract/stage_timer.hpp"
#include "text/ascii.hpp"
#include "text/byte_filters.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

// How the page's names and forms read, from what the earlier stages found
// (a product page, a declared article): for every reading of the page.
PageReading page_reading(const ContentOptions& options) {
  return {.reviews_are_clutter = options.reviews_are_clutter,
          .polls_are_clutter = options.declares_article,
          .url = options.url};
}

// The page's headline: the first <h1> whose text the title contains (or
// that contains the title), else the first <h1> when there is only one.
// `h1`: the page's <h1> elements, in document order (PageHints::h1).
NodeId find_headline(const dom::Dom& dom, std::string_view title, const std::vector<NodeId>& h1) {
  NodeId first = kNoNode;
  int count = 0;
  for (NodeId i : h1) {
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
  // The selection's length outside the page's discussion, before pruning.
  std::uint32_t outside_discussion = 0;
  // For --explain: what the attempt left out, and why.
  std::vector<std::uint8_t> dead;
  std::vector<Rule> why;
  // The blocks taken out after rendering (leave_out_repeated_blocks,
  // leave_out_closing_heading).
  LeftOutAfterRendering after_rendering;
  std::string strategy;
  // The main region's text before pruning, as the first attempt (which
  // prepares the page as the pruned-region attempt does) measured it: the
  // pruned region can hold no more, so it is not built when this is small.
  std::uint32_t region_upper_bound = 0;
  // The article's lead, when the selection left it out (see find_lead).
  std::vector<NodeId> lead_roots;
  std::vector<Block> lead;
  // Main-region attempts: the words of the blocks the second strategy
  // (block classification) calls good.
  std::unordered_set<std::string> good_words;
  // Main-region attempts: what their rendering counted.
  AttemptSummary rendered;
};

// Keeps what --explain needs from a finished pass.
void keep_decisions(Attempt& a, Pass& pass, bool explain) {
  if (!explain) return;
  a.dead = std::move(pass.dead);
  a.why = std::move(pass.why);
}

// How much of the selection lies outside `discussion` (all of it when there is
// none).
std::uint32_t length_outside(const Pass& pass, const std::vector<NodeId>& roots,
                             NodeId discussion) {
  std::uint32_t total = 0;
  for (NodeId r : roots) {
    std::uint32_t length = pass.features[r].length();
    // A left-out discussion holds nothing of the selection (its features are
    // not the pass's: see take_away).
    if (discussion != kNoNode && pass.dom.in_subtree(discussion, r) && !pass.dead[discussion])
      length -= pass.features[discussion].length();
    else if (discussion != kNoNode && pass.dom.in_subtree(r, discussion))
      length = 0;
    total += length;
  }
  return total;
}

// The selection plus the page's discussion, when the selection lies outside it:
// a forum thread's opening post and its replies.
void add_discussion(const dom::Dom& dom, NodeId discussion, std::vector<NodeId>& roots) {
  if (discussion == kNoNode || roots.empty()) return;
  NodeId end = dom.nodes[discussion].subtree_end;
  std::vector<NodeId> kept;
  for (NodeId r : roots) {
    if (dom.in_subtree(discussion, r)) return;  // already inside
    if (r < discussion || r >= end) kept.push_back(r);
  }
  kept.push_back(discussion);
  std::sort(kept.begin(), kept.end());
  roots = std::move(kept);
}

// The page's declared main region (<main>, role=main), else its body: the
// first of the page's declared elements (PageHints::declared, which <main>
// and role=main make declared) that the pass leaves in and says so.
NodeId main_region(const Pass& pass, const std::vector<NodeId>& declared) {
  const dom::Dom& dom = pass.dom;
  for (NodeId i : declared) {
    if (pass.dead[i]) continue;
    if (dom.nodes[i].tag == Tag::main || dom.attr(i, dom::Attr::role) == "main") return i;
  }
  NodeId body = dom.find_first(Tag::body);
  return body != kNoNode && !pass.dead[body] ? body : kNoNode;
}

// Letters, and of those the ones outside ASCII: the share differs between
// languages written in one script (Portuguese é, ã, ç; English none) and
// between scripts.
struct LetterCounts {
  std::size_t letters = 0;
  std::size_t non_ascii = 0;
};
// The letters [A-Za-z] of `ascii`, a run of ASCII: sixteen bytes a step, a
// letter's lane counted by the multiplication that sums a word's bytes.
std::size_t ascii_letters(std::string_view ascii) {
  constexpr std::uint64_t kEachByte = 0x0101010101010101ULL;
  std::size_t letters = 0, i = 0;
  for (; i + 16 <= ascii.size(); i += 16) {
    text::Bytes16 b;
    std::memcpy(&b, ascii.data() + i, 16);
    const text::Bytes16 lower = b | 0x20;
    const text::Bytes16 letter = reinterpret_cast<text::Bytes16>((lower >= 'a') & (lower <= 'z')) & 1;
    std::uint64_t halves[2];
    std::memcpy(halves, &letter, sizeof halves);
    letters += ((halves[0] * kEachByte) >> 56) + ((halves[1] * kEachByte) >> 56);
  }
  for (; i < ascii.size(); ++i) {
    const char c = text::ascii_lower(ascii[i]);
    letters += c >= 'a' && c <= 'z';
  }
  return letters;
}

void count_letters(std::string_view utf8, LetterCounts& counts) {
  for (std::size_t i = 0; i < utf8.size();) {
    if (static_cast<unsigned char>(utf8[i]) < 0x80) {  // ASCII letters are [A-Za-z]
      const std::size_t run_end = text::skip_ascii(utf8, i + 1);
      counts.letters += ascii_letters(utf8.substr(i, run_end - i));
      i = run_end;
      continue;
    }
    char32_t c = text::decode_utf8(utf8, i);
    if (!text::is_word_char(c) || text::is_digit(c) || c == U'_') continue;
    ++counts.letters;
    if (c > 0x7F) ++counts.non_ascii;
  }
}

// Whether `lead` is written like `body`: as many letters outside ASCII as the
// body's share predicts, within a factor of kLeadAlphabetFactor once the
// count is large enough to tell.
bool same_alphabet(const LetterCounts& lead, const LetterCounts& body) {
  if (body.letters == 0) return true;
  double expected = static_cast<double>(body.non_ascii) * lead.letters / body.letters;
  double seen = static_cast<double>(lead.non_ascii);
  if (expected >= kLeadAlphabetMinCount && seen * kLeadAlphabetFactor < expected) return false;
  if (seen >= kLeadAlphabetMinCount && expected * kLeadAlphabetFactor < seen) return false;
  return true;
}

// The article's lead (standfirst): plain paragraphs between the headline and
// the selected content. Pages often set the lead apart from the body, in a
// container of its own beside the byline and the date, so the body's
// paragraph votes never reach it. Only what the prepared pass left in counts (no
// navigation, no clutter names), and only prose: long, with few links, all of
// its text its own (not a wrapper of teasers), no pictures (captions and
// credits are not the lead), nothing in the author's box (a bio beside the
// byline reads as prose; NameList::author) nor marked data-nosnippet. The
// author's box: train + dev, CV by site, models fixed: all +0.0000 [+0.0000,
// +0.0001], articles +0.0001 [+0.0000, +0.0002], four pages up (to +0.03),
// none down.
std::vector<NodeId> find_lead(const Pass& pass, NodeId headline, NodeId first_root) {
  std::vector<NodeId> lead;
  if (headline == kNoNode || headline >= first_root) return lead;
  const auto& nodes = pass.dom.nodes;
  const auto& f = pass.features;
  for (NodeId i = nodes[headline].subtree_end; i < first_root;) {
    if (nodes[i].tag == Tag::text) {
      ++i;
      continue;
    }
    // A subtree too short to be a lead holds none (no node outweighs its
    // ancestor): passed over before its names are read, most of the time.
    if (pass.dead[i] || f[i].length() <= kSiblingParagraphLength || nodes[i].tag == Tag::figure ||
        nodes[i].tag == Tag::figcaption || element_named(NameList::author, pass.dom, i) ||
        marked_no_snippet(pass.dom, i)) {
      i = nodes[i].subtree_end;
      continue;
    }
    bool encloses_content = nodes[i].subtree_end > first_root;
    if (!encloses_content && f[i].own_length() * kLeadOwnTextShare >= f[i].length() &&
        f[i].link_density() < kSiblingParagraphLinkDensity && f[i].text.sentence_ends > 0 &&
        f[i].images == 0) {
      lead.push_back(i);
      i = nodes[i].subtree_end;
    } else {
      ++i;
    }
  }
  return lead;
}

// The prepared passes attempts start from. Their removal (pass.hpp) reads the hints and
// flags.strip_unlikely only (the other flags steer selection and pruning),
// and the unstripped pass only the tags and declared content, which the
// discussion's hints share with the page's (mark_discussion changes names):
// one unstripped pass serves all hints, and a stripped pass is kept for the
// last hints asked for.
// The features are a page's largest data (72 bytes a node): the passes share
// one copy, measured for the unstripped pass and turned into the stripped
// one's by taking the clutter-named subtrees away (take_away), and back by
// putting them back (put_back), at a cost in those subtrees' roots rather
// than in the whole page. Copying the features for a second pass cost more
// wall time than measuring them had (a fifth of the nodes, on the dev set,
// are clutter-named subtrees the stripped pass removes). A node taken away
// keeps its features: no pass reads a dead node's.
class PreparedStore {
 public:
  PreparedStore(const dom::Dom& dom, const PageHints& page) : dom_(dom), page_(page) {}

  // Valid, and its features too, until the other kind of prepared pass is
  // asked for.
  const Pass& prepared(const std::vector<Hints>& hints, bool strip_unlikely) {
    if (!unstripped_) {
      unstripped_ =
          std::make_unique<Pass>(dom_, hints, Flags{.strip_unlikely = false}, features_, &long_own_text_);
      unstripped_->containers = &page_.containers;
      remove_left_out(*unstripped_, page_.left_out);  // found by read_page_hints
      features_ = measure(dom_, unstripped_->dead, kMinParagraphLength, &long_own_text_);
    }
    if (!strip_unlikely) {
      show(nullptr);
      return *unstripped_;
    }
    if (!stripped_ || &stripped_->hints != &hints) {
      show(nullptr);
      stripped_ =
          std::make_unique<Pass>(dom_, hints, Flags{}, features_, &long_own_text_);
      stripped_->containers = &page_.containers;
      remove_unlikely_from(*stripped_, *unstripped_, page_.unlikely);
    }
    show(stripped_.get());
    return *stripped_;
  }

  const dom::Dom& dom() const { return dom_; }
  const PageHints& page() const { return page_; }

 private:
  // Makes the features those of `stripped`, or of the unstripped pass when null.
  void show(const Pass* stripped) {
    if (shown_ == stripped) return;
    if (shown_) put_back(dom_, features_, removed_);
    if (stripped) take_away(dom_, features_, unstripped_->dead, stripped->dead, &removed_);
    shown_ = stripped;
  }

  const dom::Dom& dom_;
  // The page's own hints and lists: the unlikely list also holds every
  // element other hints of the page name like clutter (mark_discussion only
  // takes such names away).
  const PageHints& page_;
  std::vector<NodeFeatures> features_;
  std::vector<NodeId> long_own_text_;  // of the unstripped features (Pass::long_own_text)
  std::unique_ptr<Pass> unstripped_;
  std::unique_ptr<Pass> stripped_;
  const Pass* shown_ = nullptr;  // the stripped pass the features are for; null: the unstripped
  RemovedFeatures removed_;      // what the stripped pass's features lack
};

// The attempts on one set of hints.
class PreparedPasses {
 public:
  PreparedPasses(PreparedStore& store, const std::vector<Hints>& hints)
      : store_(store), hints_(hints) {}

  const dom::Dom& dom() const { return store_.dom(); }
  // The page's declared content, for main_region.
  const std::vector<NodeId>& declared() const { return store_.page().declared; }
  // Every <h1> of the page.
  const std::vector<NodeId>& h1() const { return store_.page().h1; }

  // Valid until another prepared pass is asked for.
  const Pass& prepared(bool strip_unlikely) { return store_.prepared(hints_, strip_unlikely); }

  // A new attempt's pass: what the prepared pass left, set up for `flags` and
  // for what `options` say of the page. Its features are the prepared pass's:
  // no other pass is prepared while it runs.
  Pass start(Flags flags, const ContentOptions& options) {
    if (options.reviews_are_clutter) {  // a product page
      flags.keep_dominant_lists = false;
      flags.keep_spec_rows = true;
    }
    if (!options.teasers_are_clutter) flags.prune_teasers = false;
    return Pass(dom(), hints_, flags, options.tuning, prepared(flags.strip_unlikely));
  }

  // Whether removing clutter-named nodes removes anything: when not, an
  // attempt that keeps them repeats one that removes them. (A node removed
  // for its name is one that keeping names leaves in.)
  bool strip_unlikely_removes_nodes() {
    const std::vector<Rule>& why = prepared(true).why;
    return std::find(why.begin(), why.end(), Rule::unlikely_name) != why.end();
  }

 private:
  PreparedStore& store_;
  const std::vector<Hints>& hints_;
};

// A selection holding a series of stories (an infinite scroll loads the next
// ones under the page's own; a live page stacks them), each an <article> with
// its own <h1>: the story holding the page's headline is the content.
// (train + dev, models fixed: no WCXB, daniel or zh-cwced page changes; one
// news page of trafilatura's set loses its three following stories.)
// `h1`: the page's <h1>s; with fewer than two there is no series to narrow.
void narrow_to_headline_story(const Pass& pass, NodeId headline, const std::vector<NodeId>& h1,
                              std::vector<NodeId>& roots) {
  const dom::Dom& dom = pass.dom;
  if (headline == kNoNode || roots.size() != 1 || h1.size() < 2) return;
  const NodeId root = roots.front();
  NodeId story = kNoNode;
  int stories = 0;
  for (NodeId i = root; i < dom.nodes[root].subtree_end; ++i) {
    if (dom.nodes[i].tag != Tag::article) continue;
    if (pass.dead[i]) {
      i = dom.nodes[i].subtree_end - 1;
      continue;
    }
    auto first_inside = std::upper_bound(h1.begin(), h1.end(), i);  // h1 is in document order
    if (first_inside != h1.end() && *first_inside < dom.nodes[i].subtree_end) {
      ++stories;
      if (headline > i && headline < dom.nodes[i].subtree_end) story = i;
    }
    i = dom.nodes[i].subtree_end - 1;  // nested articles belong to this one
  }
  if (stories >= 2 && story != kNoNode) roots = {story};
}

// One attempt: select, prune, render. With `include_discussion`, the page's
// discussion joins the selection. With `must_beat`, the caller keeps the
// attempt only when it is longer: one whose pruned selection cannot be is
// not rendered (its length is left at 0, its blocks and lead empty). Of the
// retries, one in six lost, and rendering was half of an attempt's cost.
Attempt run(PreparedPasses& passes, Flags flags, NodeId discussion, bool include_discussion,
            NodeId headline, const ContentOptions& options, std::optional<std::uint32_t> must_beat = std::nullopt) {
  const dom::Dom& dom = passes.dom();
  StageTimer timer(options.timings, options.deadline);
  Pass pass = passes.start(flags, options);
  timer.lap(&Timings::features);
  Attempt a;
  if (flags.strip_unlikely) {
    NodeId region = main_region(pass, passes.declared());
    a.region_upper_bound = region == kNoNode ? 0 : pass.features[region].length();
  }
  a.roots = select_content(pass).roots;
  narrow_to_headline_story(pass, headline, passes.h1(), a.roots);
  a.outside_discussion = length_outside(pass, a.roots, discussion);
  if (include_discussion && !pass.dead[discussion]) add_discussion(dom, discussion, a.roots);
  if (debug_trace()) {
    NodeId body = dom.find_first(Tag::body);
    std::fprintf(stderr, "nodes=%zu body=%u body_chars=%u\n", dom.size(), body,
                 body == kNoNode || pass.dead[body] ? 0u : pass.features[body].text.chars);
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
  if (must_beat && rendered_length_bound(pass, a.roots) <= *must_beat) {
    timer.lap(&Timings::selection);
    return a;
  }
  a.lead_roots = find_lead(pass, headline, a.roots.front());
  timer.lap(&Timings::selection);
  Rendering content = to_blocks(pass, a.roots);
  a.blocks = std::move(content.blocks);
  a.length = content.length;
  // Rendered apart, and not counted in the length that compares attempts:
  // the lead decorates a selection, it must not make one win.
  // (judged by keep_lead() once an attempt has won).
  if (!a.lead_roots.empty()) a.lead = to_blocks(pass, a.lead_roots).blocks;
  timer.lap(&Timings::render);
  a.strategy = include_discussion ? "selection + discussion" : "selection";
  keep_decisions(a, pass, options.explanation != nullptr);
  return a;
}

// The main region minus navigation, asides, footers and clutter-named blocks.
// With `prune`, the clutter inside it is pruned as run() prunes a selection:
// for pages whose content is split over many sibling sections (service pages,
// documentation hubs), none of which dominates. Without, teaser links are kept:
// for pages where no part stands out (listings, collections, pages of short
// items).
// With `judged_above`, the caller judges the region only when it is longer:
// the words of the blocks the second strategy calls good are taken only then,
// and a region that cannot be longer is not rendered (its length is left at
// 0). Without, the region is rendered and not judged.
// With RenderMode::count, the attempt has no blocks: `rendered` says what they
// would be. Without `strip_unlikely`, clutter-named blocks stay in (the last
// resort of extract_content).
Attempt whole_region(PreparedPasses& passes, bool prune, const ContentOptions& options,
                     std::optional<double> judged_above = std::nullopt,
                     RenderMode mode = RenderMode::blocks, bool strip_unlikely = true) {
  StageTimer timer(options.timings, options.deadline);
  // Pruning treats every comment thread and teaser list in the region as
  // clutter, however long (the discussion, when it is the content, is marked
  // in the hints).
  Pass pass = passes.start(Flags{.strip_unlikely = strip_unlikely, .clean_conditionally = prune,
                                 .keep_dominant_lists = false},
                           options);
  timer.lap(&Timings::features);
  Attempt a;
  NodeId region = main_region(pass, passes.declared());
  if (region == kNoNode) return a;
  a.roots = {region};
  if (prune) prune_content(pass, a.roots);
  timer.lap(&Timings::selection);
  if (judged_above && rendered_length_bound(pass, a.roots) <= *judged_above) {
    return a;
  }
  Rendering content = to_blocks(pass, a.roots, /*keep_link_paragraphs=*/!prune, mode);
  a.blocks = std::move(content.blocks);
  a.length = content.length;
  a.rendered = AttemptSummary{content.length, content.counts};
  // The second strategy reads the page as prepared, before any pruning: the
  // prepared pass this one started from.
  if (judged_above && a.length > *judged_above) {
    const Pass& unpruned = passes.prepared(pass.flags.strip_unlikely);
    a.good_words = word_set(good_text(unpruned, classify_blocks(unpruned)));
  }
  timer.lap(&Timings::render);
  a.strategy = prune ? "main region, pruned (content split over sections)"
                     : "main region (no block stands out)";
  keep_decisions(a, pass, options.explanation != nullptr);
  return a;
}

// An attempt's summary from its blocks (the counts of a rendering, see
// BlockCounts, but characters counted with white space: the chooser reads
// the selection's this way and the regions' as their rendering counted them,
// in training as in use).
AttemptSummary summary_of(const Attempt& a) {
  AttemptSummary s{a.length, {}};
  for (const Block& b : a.blocks) {
    std::uint32_t chars = 0, link_chars = 0;
    if (b.kind != BlockKind::table_row && b.kind != BlockKind::code) {
      const std::string_view text = b.text;
      chars = static_cast<std::uint32_t>(text::lead_bytes(text));
      for (const Inline& span : b.inlines) {
        if (span.kind != InlineKind::link || span.begin >= span.end || span.begin >= text.size()) continue;
        link_chars += static_cast<std::uint32_t>(
            text::lead_bytes(text.substr(span.begin, span.end - span.begin)));
      }
    }
    s.counts.add(b.kind, chars, link_chars);
  }
  return s;
}

// The blocks' text, a line each.
std::string joined_text(const std::vector<Block>& blocks) {
  std::string text;
  for (const Block& b : blocks) {
    text += b.text;
    text += '\n';
  }
  return text;
}

// Keeps an attempt, and the summary the chooser read of it, for training.
void record(const Attempt& a, const AttemptSummary& summary, const char* strategy,
            const ContentOptions& options) {
  if (options.attempts) options.attempts->push_back({strategy, summary, joined_text(a.blocks)});
}

// Lets options.choose_attempt replace the rules' choice by the page's main
// region, pruned or whole (see ContentOptions::choose_attempt). The region
// attempts are only counted (the chosen one is rendered after): a page's
// memory peak does not grow with them.
void choose_between_attempts(PreparedPasses& passes, const Discussion& discussion,
                             const ContentOptions& options, Attempt& best) {
  AttemptChoice inputs;
  inputs.attempts[0] = summary_of(best);
  inputs.discussion_length = discussion.node == kNoNode ? 0 : discussion.length;
  record(best, inputs.attempts[0], "selection", options);
  constexpr bool kPrune[] = {true, false};
  constexpr const char* kNames[] = {"region_pruned", "region"};
  // The whole region's text is read only when the selection repeats itself
  // (a few pages in a hundred); otherwise the regions are only counted.
  const double selection_repetition = repeated_shingle_share(best.blocks);
  const bool repetition_in_doubt = selection_repetition >= kSelfRepeatingSelectionShare;
  for (std::size_t k = 0; k < 2; ++k) {
    const bool read_text = options.attempts || (repetition_in_doubt && !kPrune[k]);
    Attempt region = whole_region(passes, kPrune[k], options, std::nullopt,
                                  read_text ? RenderMode::blocks : RenderMode::count);
    inputs.attempts[k + 1] = region.rendered;
    // (A region with next to no text repeats nothing, and is no content.)
    if (repetition_in_doubt && !kPrune[k] && region.length >= kMinContentLength)
      inputs.selection_repeats_itself =
          selection_repetition - repeated_shingle_share(region.blocks) >= kSelfRepetitionMargin;
    record(region, inputs.attempts[k + 1], kNames[k], options);
  }
  std::size_t choice = options.choose_attempt(inputs);
  if (choice == 0 || choice > 2) return;
  // The selection's blocks go before the region's are rendered: on a page of
  // many small blocks (each with its inline marks) the two renderings held
  // at once doubled the peak memory (hostile page unclosed-tags-100k-mixed:
  // 99 MB against 67 MB).
  best = Attempt{};
  best = whole_region(passes, kPrune[choice - 1], options);
  best.strategy += inputs.selection_repeats_itself && choice == 2 ? " (the selection repeats itself)"
                                                                  : " (chosen by the attempt model)";
}

// A block of prose that says again, word for word, what an earlier block of
// the content said is left out: a reply's quote of the post above it, a
// thread's preview of the post replied to, the mobile copy of a section
// beside the desktop one. Code and table rows repeat by design (a setting
// shown in each of its variants), short lines ("Reply", "Free shipping on
// orders over $50") are a page's furniture: both stay (see
// kRepeatedBlockMinLength).
void leave_out_repeated_blocks(Attempt& a) {
  auto may_repeat = [](const Block& b) {
    // (No text is longer than its bytes: shorter ones are never repeats.)
    return (b.kind == BlockKind::paragraph || b.kind == BlockKind::quote || b.kind == BlockKind::list_item) &&
           b.text.size() >= kRepeatedBlockMinLength;
  };
  // A repeat has the size of the block it repeats: only the texts whose size
  // another such block shares are hashed (most blocks' sizes are their own,
  // and hashing every long paragraph was most of this).
  std::vector<std::size_t> sizes;
  for (const Block& b : a.blocks)
    if (may_repeat(b)) sizes.push_back(b.text.size());
  std::sort(sizes.begin(), sizes.end());
  auto size_shared = [&sizes](std::size_t size) {
    const auto [first, last] = std::equal_range(sizes.begin(), sizes.end(), size);
    return last - first > 1;
  };
  std::unordered_set<std::string_view> seen;
  std::vector<std::uint8_t> repeated(a.blocks.size(), 0);
  std::size_t left_out = 0;
  for (std::size_t k = 0; k < a.blocks.size(); ++k) {
    const Block& b = a.blocks[k];
    if (!may_repeat(b) || !size_shared(b.text.size()) || seen.insert(b.text).second) continue;
    // Only a repeat's length is counted: a text's repeat has its length.
    const std::uint32_t length = text::weighted_length(b.text);
    if (length < kRepeatedBlockMinLength) continue;
    repeated[k] = 1;
    a.length -= std::min(a.length, length);
    ++left_out;
  }
  if (left_out == 0) return;
  for (std::size_t k = 0; k < a.blocks.size(); ++k)
    if (repeated[k]) a.after_rendering.repeated.push_back(std::move(a.blocks[k].text));  // the block goes below
  std::size_t k = 0;
  a.blocks.erase(std::remove_if(a.blocks.begin(), a.blocks.end(), [&](const Block&) { return repeated[k++] != 0; }),
                 a.blocks.end());
  a.strategy += fmt::format(" (less {} repeated block{})", left_out, left_out == 1 ? "" : "s");
}

// A heading after the content's last paragraph introduces nothing: what it
// headed ("Related topics", "Tags", "Comments") was left out. A run of
// headings (a list of titles) stays. Only on pages that declare an article:
// a service page often closes on a call to action ("Ready to start?") that
// its gold text keeps. train + dev, models fixed, every page: all -0.0002,
// service -0.0014 [-0.0039, -0.0001]; declared articles only: WCXB +0.0000,
// daniel +0.001 (seven pages up, none down), zh-cwced one page up,
// trafilatura-eval's snippets that must be absent 0.939 -> 0.944.
void leave_out_closing_heading(Attempt& a) {
  const std::size_t n = a.blocks.size();
  if (n < 2 || a.blocks[n - 1].kind != BlockKind::heading || a.blocks[n - 2].kind == BlockKind::heading) return;
  a.length -= std::min<std::uint32_t>(a.length, text::weighted_length(a.blocks[n - 1].text));
  a.after_rendering.closing_heading = std::move(a.blocks[n - 1].text);
  a.blocks.pop_back();
}

// The chosen attempt's lead blocks, less those that are not its lead, put
// before its content.
void keep_lead(Attempt& a) {
  if (a.lead.empty()) return;
  // Pages that carry a second copy of the article (print or mobile
  // versions) would otherwise have its paragraphs twice.
  std::unordered_set<std::string_view> body;
  for (const Block& b : a.blocks) body.insert(b.text);
  // A lead is written in the article's language. A summary in another one
  // (an "AI summary" widget, a machine translation) gives itself away by its
  // letters.
  LetterCounts body_letters;
  for (const Block& b : a.blocks) count_letters(b.text, body_letters);
  a.lead.erase(std::remove_if(a.lead.begin(), a.lead.end(),
                              [&](const Block& b) {
                                if (body.count(b.text) > 0) return true;
                                LetterCounts lead_letters;
                                count_letters(b.text, lead_letters);
                                return !same_alphabet(lead_letters, body_letters);
                              }),
               a.lead.end());
  if (a.lead.empty()) return;
  a.roots.insert(a.roots.begin(), a.lead_roots.begin(), a.lead_roots.end());
  a.blocks.insert(a.blocks.begin(), std::make_move_iterator(a.lead.begin()),
                  std::make_move_iterator(a.lead.end()));
}

// The words of an attempt's content.
std::unordered_set<std::string> words_of(const Attempt& a) { return word_set(joined_text(a.blocks)); }

// The second strategy's verdict between a main-region attempt (which carries
// the words of the blocks classified good on its own pass) and the
// selection: the region replaces the selection only if its words match the
// good blocks at least as well.
bool second_strategy_prefers(const Attempt& region, const Attempt& selection) {
  return word_set_f1(words_of(region), region.good_words) >=
         word_set_f1(words_of(selection), region.good_words);
}

// The selection passes, each with one assumption fewer, as Readability retries.
constexpr Flags kSelectionPasses[] = {
    {},
    {.strip_unlikely = false},
    {.strip_unlikely = false, .weight_classes = false},
    {.strip_unlikely = false, .weight_classes = false, .clean_conditionally = false}};

// Fewer assumptions on each retry, as Readability does; keeps the longest.
Attempt select_with_retries(PreparedPasses& passes, NodeId discussion, bool include_discussion,
                            NodeId headline, const ContentOptions& options) {
  Attempt best;
  std::uint32_t region_upper_bound = 0;
  for (const Flags& flags : kSelectionPasses) {
    // Keeping clutter-named nodes when there are none repeats the first
    // attempt, which an equal length cannot replace.
    if (flags.strip_unlikely != kSelectionPasses[0].strip_unlikely &&
        flags.weight_classes == kSelectionPasses[0].weight_classes &&
        flags.clean_conditionally == kSelectionPasses[0].clean_conditionally &&
        !passes.strip_unlikely_removes_nodes())
      continue;
    // (Until one has length, every attempt is rendered: none has to beat it.)
    Attempt a = run(passes, flags, discussion, include_discussion, headline, options,
                    best.length > 0 ? std::optional(best.length) : std::nullopt);
    if (flags.strip_unlikely) region_upper_bound = a.region_upper_bound;
    if (a.length > best.length) best = std::move(a);
    if (best.length >= kRetryLength) break;
  }
  best.region_upper_bound = region_upper_bound;
  return best;
}

// The page's JSON-LD articleBody, when it is a whole article (not a teaser),
// checks the result: content that holds little of it was probably taken from
// the wrong part of the page, so every other strategy is tried and the one
// whose words match the declared body best is kept. The declared text itself
// does not become the content here (it may be a paywalled text the page
// hides): only when the markup gave nothing (use_declared_body).
// Whether the declared body was long enough to judge by.
bool cross_check_with_article_body(PreparedPasses& passes, NodeId discussion, NodeId headline,
                                   const ContentOptions& options, Attempt& best) {
  const std::string_view declared = options.article_body;
  if (declared.empty()) return false;
  std::unordered_set<std::string> reference = word_set(declared);
  if (reference.size() < kCrossCheckMinWords) return false;
  std::unordered_set<std::string> best_words = words_of(best);
  double best_coverage = word_set_share(reference, best_words);
  if (debug_trace())
    std::fprintf(stderr, "articleBody cross-check: %zu words, coverage %.2f\n", reference.size(),
                 best_coverage);
  if (best_coverage >= kCrossCheckCoverage) return true;
  double best_f1 = word_set_f1(best_words, reference);
  std::vector<Attempt> others;
  for (const Flags& flags : kSelectionPasses)
    others.push_back(run(passes, flags, discussion, false, headline, options));
  others.push_back(whole_region(passes, /*prune=*/true, options));
  others.push_back(whole_region(passes, /*prune=*/false, options));
  for (Attempt& other : others) {
    std::unordered_set<std::string> words = words_of(other);
    double f1 = word_set_f1(words, reference);
    if (f1 > best_f1 && word_set_share(reference, words) >= best_coverage + kCrossCheckGain) {
      best_f1 = f1;
      other.strategy += " (chosen by the JSON-LD articleBody cross-check)";
      best = std::move(other);
    }
  }
  return true;
}

// A news brief of a sentence or two: shorter than kMinContentLength, on a
// page that declares an article, in the one element the page declares as
// its content (a <main> holding an <article> is one), and prose rather than
// links.
bool is_short_declared_article(const dom::Dom& dom, const PageHints& page, const Attempt& best) {
  if (best.length < kShortArticleMinLength || page.declared.empty()) return false;
  for (std::size_t k = 1; k < page.declared.size(); ++k)
    if (page.declared[k] >= dom.nodes[page.declared[k - 1]].subtree_end) return false;  // siblings: a hub
  const NodeId outermost = page.declared.front(), innermost = page.declared.back();
  bool in_declared = false;
  for (NodeId r : best.roots)
    in_declared = in_declared || dom.in_subtree(innermost, r) || dom.in_subtree(r, outermost);
  if (!in_declared) return false;
  const AttemptSummary summary = summary_of(best);
  if (summary.counts.link_chars > kShortArticleMaxLinkShare * summary.counts.chars) return false;
  for (const Block& b : best.blocks)
    if (b.kind == BlockKind::paragraph && text::count_text(b.text).sentence_ends > 0) return true;
  return false;
}

// Adds declared text (metadata, not markup) to `a` as a paragraph, its white
// space collapsed, unless nothing is left of it.
void add_declared_paragraph(std::string_view declared, Attempt& a) {
  std::string paragraph = text::collapse_whitespace(declared);
  if (paragraph.empty()) return;
  a.length += text::weighted_length(paragraph);
  Block b;
  b.text = std::move(paragraph);
  a.blocks.push_back(std::move(b));
}

// Declared text as an attempt: a paragraph a line.
Attempt declared_paragraphs(std::string_view declared) {
  Attempt a;
  std::size_t start = 0;
  while (start < declared.size()) {
    std::size_t end = declared.find('\n', start);
    if (end == std::string_view::npos) end = declared.size();
    add_declared_paragraph(declared.substr(start, end - start), a);
    start = end + 1;
  }
  return a;
}

// Last of all, when the page's markup gave nothing: its JSON-LD articleBody,
// a paragraph a line, if it is a whole article (kCrossCheckMinWords words,
// not a teaser). Pages rendered by scripts ship an empty shell and declare
// the article there; the declared text is what a reader of the page sees.
// Bodies written as markup are left alone (their tags would be text here).
void use_declared_body(std::string_view declared, Attempt& best) {
  if (declared.empty() || word_set(declared).size() < kCrossCheckMinWords) return;
  if (declared.find("</") != std::string_view::npos) return;
  Attempt a = declared_paragraphs(declared);
  if (a.length < kMinContentLength) return;
  a.strategy = "the page's JSON-LD articleBody (nothing found in its markup)";
  best = std::move(a);
}

// A shell page (its markup shows under kShellMaxVisibleLength of text: the
// rest comes from its scripts) that declares a description long enough to
// be content has that description as its content: what the page's author
// says it holds, the nearest to what a reader sees once the scripts ran.
void use_declared_description(std::string_view description, std::uint32_t visible_length, Attempt& best) {
  if (visible_length >= kShellMaxVisibleLength) return;
  Attempt a;
  add_declared_paragraph(description, a);
  if (a.length < kMinContentLength) return;
  a.strategy = "the page's declared description (a shell page: almost no text in its markup)";
  best = std::move(a);
}

// A product page's declared description (ContentOptions::
// product_description) where its content lacks it: after the leading
// headings, a paragraph a line. Descriptions written as markup or
// percent-encoded are left alone (their tags or escapes would be text here).
void add_declared_product_description(std::string_view declared, Attempt& best) {
  if (text::weighted_length(declared) < kProductDescriptionMinLength) return;
  if (declared.find("</") != std::string_view::npos) return;
  if (declared.find("%20") != std::string_view::npos) return;  // percent-encoded, not text
  const std::unordered_set<std::string> declared_words = word_set(declared);
  if (declared_words.empty() || word_set_share(declared_words, words_of(best)) >= kProductDescriptionCoverage)
    return;
  Attempt description = declared_paragraphs(declared);
  auto at = std::find_if(best.blocks.begin(), best.blocks.end(),
                         [](const Block& b) { return b.kind != BlockKind::heading; });
  best.blocks.insert(at, std::make_move_iterator(description.blocks.begin()),
                     std::make_move_iterator(description.blocks.end()));
  best.length += description.length;
  best.strategy += " + the product's declared description";
}

// Whether `id` or one of its ancestors is an aside, a footer or a dialog
// (hints.hpp, is_page_region).
bool in_page_region(const dom::Dom& dom, NodeId id) {
  for (NodeId k = id; k != kNoNode; k = dom.nodes[k].parent)
    if (is_page_region(dom.nodes[k].tag, dom.attr(k, dom::Attr::role))) return true;
  return false;
}

// Last of all, when nothing outside them is content: the page's asides,
// footers and dialogs, read like the rest of the page. Their selection is the
// content when it lies in one of them, is long enough not to be a footer's
// few lines (kLastResortMinLength) and is prose (kPageRegionMinSentences), not
// a list of links. A page that holds its article in an <aside>, a
// <footer> or an open dialog otherwise gives nothing.
// `left_out`: what the first reading of the page left out (PageHints::left_out),
// among which those regions, if the page has any.
bool use_page_regions(const dom::Dom& dom, const std::vector<LeftOut>& left_out, const ContentOptions& options,
                      Attempt& best) {
  if (std::none_of(left_out.begin(), left_out.end(), [&](const LeftOut& l) {
        return is_page_region(dom.nodes[l.root].tag, dom.attr(l.root, dom::Attr::role));
      }))
    return false;  // no such region: a second reading would find what the first did
  PageReading reading = page_reading(options);
  reading.page_regions_kept = true;
  const PageHints page = read_page_hints(dom, reading);
  PreparedStore store(dom, page);
  PreparedPasses passes(store, page.hints);
  Attempt regions = select_with_retries(passes, kNoNode, false, kNoNode, options);
  if (regions.length < kLastResortMinLength || regions.roots.empty()) return false;
  for (NodeId r : regions.roots)
    if (!in_page_region(dom, r)) return false;
  std::uint32_t sentences = 0;
  for (const Block& b : regions.blocks) sentences += text::count_text(b.text).sentence_ends;
  if (sentences < kPageRegionMinSentences) return false;
  regions.strategy = "selection in the page's asides, footers and dialogs (nothing found outside them)";
  best = std::move(regions);
  return true;
}

// The characters of text in the page's <body> (hidden parts and scripts are
// not in the Dom).
std::uint64_t body_text_chars(const dom::Dom& dom) {
  NodeId body = dom.find_first(Tag::body);
  if (body == kNoNode) return 0;
  std::uint64_t chars = 0;
  for (NodeId i = body; i < dom.nodes[body].subtree_end; ++i)
    if (dom.nodes[i].tag == Tag::text) chars += dom.text_counts(i).chars;
  return chars;
}

// Why a page whose best attempt holds `length` (weighted characters) has no
// main content, for Document::no_content_reason.
std::string no_content_reason(const dom::Dom& dom, std::uint32_t length) {
  if (length == 0 && body_text_chars(dom) == 0)
    return "the page shows no text (none outside its head, scripts and hidden parts)";
  if (length == 0)
    return "no text outside navigation, page headers and footers, link lists and clutter-named blocks";
  return fmt::format("the best candidate for main content holds {} characters of text (CJK counting 3), "
                     "fewer than the {} main content needs",
                     length, kMinContentLength);
}

}  // namespace

std::vector<Block> extract_content(const dom::Dom& dom, const ContentOptions& options) {
  if (dom.size() == 0) {
    if (options.no_content_reason) *options.no_content_reason = "the page's markup holds no text";
    return {};
  }
  StageTimer timer(options.timings, options.deadline);
  const PageHints page = read_page_hints(dom, page_reading(options));
  const std::vector<Hints>& hints = page.hints;
  PreparedStore store(dom, page);
  PreparedPasses page_passes(store, hints);
  // A page whose discussion holds most of its text, with little article
  // outside it (a forum thread, a link shared with a long thread under it),
  // has the discussion as its content: its names ("comment", "reply") then
  // describe content, and it joins the selection.
  const Pass& unstripped = page_passes.prepared(/*strip_unlikely=*/false);
  const NodeId h1 = page.h1.empty() ? kNoNode : page.h1.front();
  Discussion discussion = find_discussion(unstripped, h1, kMinStampedItems);
  // A forum page's thread may be an opening post and one reply.
  if (discussion.node == kNoNode && options.thread_page) discussion = find_discussion(unstripped, h1, kMinThreadPosts);
  NodeId headline = find_headline(dom, options.title, page.h1);
  timer.lap(&Timings::features);
  Attempt best = select_with_retries(page_passes, discussion.node, false, headline, options);
  // The passes of the hints the chosen attempt used: the later strategies
  // read the page as it did.
  PreparedPasses* passes = &page_passes;
  std::vector<Hints> marked;
  std::optional<PreparedPasses> marked_passes;
  if (discussion.node != kNoNode && options.tuning.join_discussion) {
    marked = hints;
    mark_discussion(dom, discussion.node, marked);
    marked_passes.emplace(store, marked);
    Attempt with_thread =
        select_with_retries(*marked_passes, discussion.node, true, headline, options);
    if (debug_trace())
      std::fprintf(stderr, "with thread: outside=%u length=%u\n", with_thread.outside_discussion,
                   with_thread.length);
    const bool thread_left_out = options.thread_page && with_thread.length > kThreadJoinGain * best.length;
    if (thread_left_out || with_thread.outside_discussion < discussion.length * kDiscussionArticleShare) {
      best = std::move(with_thread);
      passes = &*marked_passes;
    }
  }
  if (debug_trace())
    std::fprintf(stderr, "discussion=%u length=%u outside=%u\n", discussion.node,
                 discussion.length, best.outside_discussion);
  // When the selection looks wrong (too little, or far less than its region
  // holds), the main region is the other candidate; the second strategy,
  // block classification, judges between the two.
  if (best.region_upper_bound > best.length * options.tuning.split_content_gain) {
    double judged_above = best.length * options.tuning.split_content_gain;
    Attempt region = whole_region(*passes, /*prune=*/true, options, judged_above);
    if (region.length > judged_above &&
        second_strategy_prefers(region, best))
      best = std::move(region);
  }
  if (best.length < options.tuning.region_fallback_below) {
    double judged_above = best.length * kRegionFallbackGain;
    Attempt region = whole_region(*passes, /*prune=*/false, options, judged_above);
    if (debug_trace())
      std::fprintf(stderr, "region fallback: best=%u region=%u\n", best.length, region.length);
    if (region.length > judged_above && second_strategy_prefers(region, best))
      best = std::move(region);
  }
  // Nothing found, even by the region fallback: the page's text may all sit
  // under clutter names (a grid of product cards whose captions are named
  // "caption", a listing in a "related-products" section). The main region
  // with those names kept is the content when it is long enough not to be
  // a menu or an error page's few lines.
  if (best.length < kMinContentLength) {
    Attempt region = whole_region(*passes, /*prune=*/false, options, std::nullopt,
                                  RenderMode::blocks, /*strip_unlikely=*/false);
    if (debug_trace())
      std::fprintf(stderr, "last resort: best=%u region=%u\n", best.length, region.length);
    if (region.length >= kLastResortMinLength) {
      region.strategy = "main region, clutter names kept (nothing else found)";
      best = std::move(region);
    }
  }
  if (best.length < kMinContentLength) use_declared_body(options.article_body, best);
  if (best.length < kMinContentLength)
    use_declared_description(options.description, passes->prepared(false).features[0].length(), best);
  bool judged_by_article_body =
      cross_check_with_article_body(*passes, discussion.node, headline, options, best);
  keep_lead(best);
  if (options.choose_attempt && !judged_by_article_body)
    choose_between_attempts(*passes, discussion, options, best);
  add_declared_product_description(options.product_description, best);
  if (options.repeats_are_clutter) leave_out_repeated_blocks(best);
  if (options.declares_article) leave_out_closing_heading(best);
  bool too_short = best.length < kMinContentLength;
  if (too_short && options.declares_article && is_short_declared_article(dom, page, best)) {
    too_short = false;
    best.strategy = "a short article in the declared content";
  }
  if (too_short && !options.noindex && use_page_regions(dom, page.left_out, options, best)) too_short = false;
  // A sign-in, challenge or error page: the page says it is not for search
  // engines, and shows little. Not a story whose metadata declares it (see
  // kNoindexMinContentLength): its few lines are the part a paywall shows.
  const bool noindex_page = !too_short && options.noindex && !options.declares_article &&
                            best.length < kNoindexMinContentLength;
  if (options.explanation) {
    std::string strategy = noindex_page ? "none: a page that asks not to be indexed, with little text"
                           : too_short  ? "none: the best candidate is too short to be main content"
                                        : best.strategy;
    *options.explanation =
        explain(dom, best.roots, best.dead, best.why, best.after_rendering, too_short || noindex_page,
                std::move(strategy));
  }
  if (noindex_page) {
    if (options.no_content_reason)
      *options.no_content_reason = fmt::format(
          "the page asks not to be indexed (robots noindex) and holds {} characters of text, fewer than the "
          "{} such a page needs (a sign-in, challenge or error page)",
          best.length, kNoindexMinContentLength);
    return {};
  }
  if (too_short) {
    if (options.no_content_reason) *options.no_content_reason = no_content_reason(dom, best.length);
    return {};
  }

  const bool headline_inside_content =
      headline != kNoNode && std::any_of(best.roots.begin(), best.roots.end(),
                                         [&](NodeId r) { return dom.in_subtree(headline, r); });
  if (options.include_title) {
    if (headline != kNoNode && !headline_inside_content && !best.roots.empty() &&
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
  } else if (options.declares_article && headline_inside_content && best.blocks.size() > 1 &&
             best.blocks.front().kind == BlockKind::heading &&
             best.blocks.front().text == inline_text(dom, headline)) {
    // A story's content is its body, its headline Document::title, also when
    // the selection holds the headline (an <h1> inside the <article>). Only
    // on pages that declare an article: a service or product page's <h1> is
    // part of what it shows, which golds keep. train + dev, models fixed:
    // all +0.0002 [+0.0001, +0.0003] word F1, articles +0.0004, daniel,
    // zh-cwced and trafilatura-eval unchanged; on every page, service -0.0010.
    best.blocks.erase(best.blocks.begin());
  }
  return std::move(best.blocks);
}

}  // namespace pith::extraction
