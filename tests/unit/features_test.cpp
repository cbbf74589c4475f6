// remove_unlikely_from and take_away (a stripped pass derived from the
// unstripped one) against preparing it anew, and put_back against the pass that removed less, on
// pages whose clutter-named nodes sit everywhere: inline in paragraphs,
// around blocks, inside links, nested in each other.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "extract/discussion.hpp"
#include "extract/hints.hpp"
#include "extract/pass.hpp"
#include "reference_passes.hpp"

namespace {

using pith::extraction::Flags;
using pith::extraction::NodeFeatures;
using pith::extraction::Pass;

bool same_counts(const pith::text::TextCounts& a, const pith::text::TextCounts& b) {
  return a.chars == b.chars && a.cjk == b.cjk && a.commas == b.commas &&
         a.sentence_ends == b.sentence_ends && a.digits == b.digits && a.words == b.words;
}

bool same_own(const pith::extraction::OwnText& a, const pith::extraction::OwnText& b) {
  return a.chars == b.chars && a.cjk == b.cjk && a.commas == b.commas &&
         a.sentence_ends == b.sentence_ends;
}

bool same(const NodeFeatures& a, const NodeFeatures& b) {
  return same_counts(a.text, b.text) && same_own(a.own, b.own) &&
         a.link_chars == b.link_chars && a.own_link_chars == b.own_link_chars &&
         a.paragraphs == b.paragraphs && a.images == b.images && a.inputs == b.inputs &&
         a.headings == b.headings && a.block == b.block && a.in_link == b.in_link &&
         a.in_code == b.in_code;
}

// On `hints` (the page's, or hints that name less like clutter): the
// unstripped pass, a stripped one prepared anew, and one derived from the
// unstripped one with the page's candidates.
struct ThreePasses {
  pith::extraction::reference::WalkedPass walked_unstripped, walked_anew;
  Pass& unstripped;
  Pass& anew;
  Pass derived;
  ThreePasses(const pith::dom::Dom& dom, const std::vector<pith::extraction::Hints>& hints,
              const pith::extraction::PageHints& page)
      : walked_unstripped(dom, hints, Flags{.strip_unlikely = false}),
        walked_anew(dom, hints, Flags{}),
        unstripped(walked_unstripped.pass),
        anew(walked_anew.pass),
        derived(dom, hints, Flags{}) {
    pith::extraction::remove_unlikely_from(derived, unstripped, page.unlikely);
  }
};

void check_same_selection(const Pass& a, const Pass& b) {
  pith::extraction::Selection x = pith::extraction::select_content(a);
  pith::extraction::Selection y = pith::extraction::select_content(b);
  CHECK(x.roots == y.roots);
  CHECK(x.top_score == y.top_score);
  CHECK_FALSE(x.roots.empty());
}

void check_page(const std::string& html) {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  pith::extraction::PageHints page = pith::extraction::read_page_hints(dom);
  const std::vector<pith::extraction::Hints>& hints = page.hints;
  ThreePasses passes(dom, hints, page);
  const Pass& unstripped = passes.unstripped;
  const Pass& anew = passes.anew;
  const Pass& derived = passes.derived;
  // What read_page_hints found left out is what remove_boilerplate removes.
  Pass left_out(dom, hints, Flags{.strip_unlikely = false});
  pith::extraction::remove_left_out(left_out, page.left_out);
  REQUIRE(left_out.dead == unstripped.dead);
  REQUIRE(left_out.why == unstripped.why);
  REQUIRE_FALSE(page.left_out.empty());
  REQUIRE(derived.dead == anew.dead);
  REQUIRE(derived.why == anew.why);  // boilerplate inside a clutter-named node is its subtree
  REQUIRE(derived.dead != unstripped.dead);  // the page has something to strip
  // Hints marked for a discussion (named less like clutter) use the page's
  // candidates too: every clutter-named element, marked at a time.
  for (pith::dom::NodeId marked_at : page.unlikely) {
    std::vector<pith::extraction::Hints> marked = hints;
    pith::extraction::mark_discussion(dom, marked_at, marked);
    ThreePasses with_marked(dom, marked, page);
    CHECK(with_marked.derived.dead == with_marked.anew.dead);
    CHECK(with_marked.derived.why == with_marked.anew.why);
  }
  // The features taken away in place are those measured anew (for the nodes
  // the pass leaves in: no pass reads a dead node's), and putting back what
  // was taken gives the unstripped features again.
  std::vector<NodeFeatures> features = unstripped.features;
  pith::extraction::RemovedFeatures removed;
  pith::extraction::take_away(dom, features, unstripped.dead, derived.dead, &removed);
  REQUIRE_FALSE(removed.roots.empty());
  int live = 0;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    if (derived.dead[i]) continue;
    INFO("node " << i);
    CHECK(same(features[i], anew.features[i]));
    ++live;
  }
  CHECK(live > 10);
  // Votes from the nodes measure() lists as long enough are the walk's, on
  // the unstripped features and on the stripped ones taken from them.
  std::vector<pith::dom::NodeId> long_own;
  std::vector<NodeFeatures> listed = pith::extraction::measure(
      dom, unstripped.dead, pith::extraction::kMinParagraphLength, &long_own);
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    bool long_enough = !unstripped.dead[i] &&
                       listed[i].own_length() >= pith::extraction::kMinParagraphLength;
    CHECK(std::count(long_own.begin(), long_own.end(), i) == (long_enough ? 1 : 0));
  }
  CHECK(std::is_sorted(long_own.begin(), long_own.end()));
  CHECK_FALSE(long_own.empty());
  Pass unstripped_listed(dom, hints, Flags{.strip_unlikely = false}, listed, &long_own);
  unstripped_listed.dead = unstripped.dead;
  check_same_selection(unstripped_listed, unstripped);
  std::vector<NodeFeatures> stripped_listed = listed;
  pith::extraction::take_away(dom, stripped_listed, unstripped.dead, derived.dead);
  Pass derived_listed(dom, hints, Flags{}, stripped_listed, &long_own);
  derived_listed.dead = derived.dead;
  check_same_selection(derived_listed, anew);
  // Pruning the page's listed containers prunes what the walk over the
  // subtrees prunes, for the selection and for the whole body.
  REQUIRE_FALSE(page.containers.empty());
  pith::dom::NodeId body = dom.find_first(pith::dom::Tag::body);
  for (const Pass* prepared : {&unstripped, &anew}) {
    for (bool clean : {true, false}) {
      Flags flags{prepared->flags.strip_unlikely, true, clean};
      std::vector<pith::dom::NodeId> selected = pith::extraction::select_content(*prepared).roots;
      for (const std::vector<pith::dom::NodeId>& roots : {selected, {body}}) {
        Pass walked(dom, hints, flags, pith::extraction::kBalancedTuning, *prepared);
        Pass listed_containers(dom, hints, flags, pith::extraction::kBalancedTuning, *prepared);
        listed_containers.containers = &page.containers;
        pith::extraction::prune_content(walked, roots);
        pith::extraction::prune_content(listed_containers, roots);
        CHECK(walked.dead == listed_containers.dead);
        CHECK(walked.why == listed_containers.why);
      }
    }
  }
  pith::extraction::put_back(dom, features, removed);
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    INFO("node " << i);
    CHECK(same(features[i], unstripped.features[i]));
  }
}

}  // namespace

TEST_CASE("a stripped pass derived from the unstripped one is the one prepared anew") {
  check_page(
      "<html><head><title>T</title></head><body><nav><a href='/'>Home</a></nav>"
      "<div class='article'><p>Opening, with a <span class='share'>Share this, 12 times.</span> "
      "and more text. <a href='/x'>A link <b class='social'>inside</b> it</a> ends.</p>"
      "<div class='sidebar'><p>Aside paragraph one.</p><ul><li>one</li><li>two</li></ul>"
      "<div class='comment'><p>Nested clutter.</p></div></div>"
      "text straight in the div <em class='popup'>inline popup, text</em> after."
      "<h2>Heading</h2><pre><code class='share'>code();</code></pre>"
      "<table><tr><td class='sidebar'>in a table: kept</td></tr></table>"
      "<p>Closing 中文 text. <img src='a.png'><span class='related'>相关 2024</span></p>"
      "<div class='footer'><form><input><button>Go</button></form></div></div>"
      "<aside>aside</aside><div class='menu'><a href='/m'>Menu</a></div></body></html>");
  check_page(
      "<html><body><div class='comment-list main'>kept: also named like content</div>"
      "<section><div class='cookie'><div class='cookie'><p>deep</p></div>tail</div>"
      "<p>Para <a href='mailto:x@y.z'>mail</a> <span class='ad-break'>x</span>.</p></section>"
      "<article><span class='newsletter'><p>block in an inline</p> text</span></article>"
      "</body></html>");
  // Header-named elements: the site's (links, a form: removed) and an
  // entry's (a title and a lead paragraph: kept), one inside the other too.
  check_page(
      "<html><body><div class='site-header'><a href='/'>Logo</a><form><input></form>"
      "<div class='menu-header'><a href='/a'>A</a> <a href='/b'>B</a></div></div>"
      "<main><div class='entry-header'><h1>Title</h1><p>A lead paragraph that says, in well over a "
      "hundred characters, what the page is about, why it was written and what a reader learns from it.</p><span class='share-header'>x</span></div>"
      "<p>Body text, long enough to hold the page, with a comma or two, and an end.</p>"
      "<p>A second paragraph, <em>with emphasis</em> and <a href='/c'>a link</a>, ends here.</p></main>"
      "<div id='header'><p>Short</p></div></body></html>");
}
