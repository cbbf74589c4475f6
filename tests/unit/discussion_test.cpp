// Stamped item lists (extract/discussion.cpp): a date or time counts when it
// opens an item, within its first kStampSearchBytes bytes of text once white
// space is collapsed; the text node that reaches that far is searched to its
// end, nothing after it.
#include <doctest/doctest.h>

#include <string>

#include "dom/build.hpp"
#include "extract/discussion.hpp"
#include "extract/heuristics.hpp"
#include "extract/hints.hpp"
#include "extract/pass.hpp"
#include "reference_passes.hpp"

namespace {

using pith::extraction::kStampSearchBytes;

// Whether a list of four items, each `item` (HTML), is a stamped item list.
bool stamped_list_of(const std::string& item) {
  std::string html = "<html><body><ul>";
  for (int k = 0; k < 4; ++k) html += "<li>" + item + "</li>";
  html += "</ul></body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::extraction::Hints> hints = pith::extraction::page_hints(dom);
  pith::extraction::reference::WalkedPass walked(dom, hints, pith::extraction::Flags{.strip_unlikely = false});
  pith::extraction::Pass& pass = walked.pass;
  pith::dom::NodeId list = dom.find_first(pith::dom::Tag::ul);
  REQUIRE(list != pith::dom::kNoNode);
  return pith::extraction::is_stamped_item_list(pass, list, 0.5);
}

// `chars` letters that are not white space, in words of five.
std::string words(std::size_t chars) {
  std::string text;
  for (std::size_t k = 0; k < chars; ++k) {
    if (k > 0 && k % 5 == 0) text += "   \n ";  // collapses to one space
    text += 'a';
  }
  return text;
}

}  // namespace

TEST_CASE("stamped items: a stamp in the item's opening bytes counts, one past them does not") {
  CHECK(stamped_list_of("<p>Posted 12.09.2024 by someone. Text.</p>"));
  CHECK(stamped_list_of("<time>now</time><p>A reply. Text.</p>"));
  CHECK_FALSE(stamped_list_of("<p>No date at all in here. Text.</p>"));
  // Relative words whose moment is the tooltip, or a microdata date.
  CHECK(stamped_list_of("<span title='August 13, 2023 - 3:05pm'>2y</span><p>A reply. Text.</p>"));
  CHECK(stamped_list_of("<a class=timeago title='2024-11-27T15:50:23.066Z'></a><p>A reply. Text.</p>"));
  CHECK(stamped_list_of("<meta itemprop=datePublished content='2024-11-27'><p>A reply. Text.</p>"));
  CHECK_FALSE(stamped_list_of("<span title='Senior member'>2y</span><p>A reply. Text.</p>"));
  // The stamp in a text node of its own, after a first one: found while the
  // first leaves room (collapsed, with the space between the two).
  for (std::size_t chars : {std::size_t{10}, kStampSearchBytes / 2, kStampSearchBytes - 40}) {
    CAPTURE(chars);
    std::string first = words(chars);
    std::size_t collapsed = chars + (chars - 1) / 5;  // letters and one space per gap
    REQUIRE(collapsed < kStampSearchBytes);
    CHECK(stamped_list_of("<p>" + first + ".</p><p>12.09.2024</p>"));
  }
  // A first text node that fills the opening bytes (by its characters alone,
  // or only once its spaces are counted) ends the search before the stamp.
  for (std::size_t chars : {kStampSearchBytes, kStampSearchBytes + 1, 3 * kStampSearchBytes,
                            kStampSearchBytes - 10}) {
    CAPTURE(chars);
    std::size_t collapsed = chars + (chars - 1) / 5;
    REQUIRE(collapsed >= kStampSearchBytes);
    CHECK_FALSE(stamped_list_of("<p>" + words(chars) + ".</p><p>12.09.2024</p>"));
  }
  // At the edge, one word with no space (its letters and a full stop): a
  // byte short of the opening bytes leaves room for the next text node, all
  // of them do not.
  CHECK(stamped_list_of("<p>" + std::string(kStampSearchBytes - 2, 'a') + ".</p><p>12.09.2024</p>"));
  CHECK_FALSE(stamped_list_of("<p>" + std::string(kStampSearchBytes - 1, 'a') + ".</p><p>12.09.2024</p>"));
  // The text node that reaches past the opening bytes is searched to its end.
  CHECK(stamped_list_of("<p>" + words(3 * kStampSearchBytes) + " 12.09.2024.</p>"));
}

namespace {

// Whether a <div> of four cards, each `card` (HTML) inside <article
// class="card post-N">, is a teaser list.
bool teaser_list_of(const std::string& card) {
  std::string html = "<html><body><div id=grid>";
  for (int k = 0; k < 4; ++k) html += "<article class='card post-" + std::to_string(k) + "'>" + card + "</article>";
  html += "</div></body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::extraction::Hints> hints = pith::extraction::page_hints(dom);
  pith::extraction::reference::WalkedPass walked(dom, hints, pith::extraction::Flags{.strip_unlikely = false});
  pith::dom::NodeId grid = dom.nodes[dom.find_first(pith::dom::Tag::article)].parent;
  return pith::extraction::is_teaser_list(walked.pass, grid);
}

}  // namespace

TEST_CASE("teaser lists: cards opening with a linked title and carrying a date") {
  // Dates in words of any language, numeric dates, <time>.
  CHECK(teaser_list_of("<h3><a href=/a>A story</a></h3><p>December 15, 2025</p><p>The excerpt of it.</p>"));
  CHECK(teaser_list_of("<h3><a href=/a>Eine Meldung</a></h3><span>15. Dezember 2025</span><p>Der Anfang.</p>"));
  CHECK(teaser_list_of("<h3><a href=/a>一则新闻</a></h3><span>2025年12月15日</span><p>摘要。</p>"));
  CHECK(teaser_list_of("<a href=/a>A story</a><time>yesterday</time><p>The excerpt of it.</p>"));
  CHECK(teaser_list_of("<div><a href=/a>A story</a></div><p>12.09.2024 - The excerpt of it.</p>"));
  // No date: a service page's feature cards, a glossary.
  CHECK_FALSE(teaser_list_of("<h3><a href=/a>Support</a></h3><p>Help on every channel, in one view.</p>"));
  // Opening with words rather than a link: an article's own sections.
  CHECK_FALSE(teaser_list_of("<h3>A section</h3><p>Since 12 March 2024 <a href=/a>the law</a> applies.</p>"));
  // Links alone (a link list's business), and cards too long to be teasers.
  CHECK_FALSE(teaser_list_of("<a href=/a>A story, 15 December 2025</a>"));
  CHECK_FALSE(teaser_list_of("<h3><a href=/a>A story</a></h3><p>15 December 2025</p><p>" +
                             std::string(pith::extraction::kTeaserMaxItemLength, 'a') + "</p>"));
}

namespace {

// Whether the page's discussion is found: a <div id=thread> of dated posts,
// the k-th of class `classes[k]`, `min_posts` of them or more making one.
bool thread_found(const std::vector<std::string>& classes,
                  std::size_t min_posts = pith::extraction::kMinStampedItems) {
  std::string html = "<html><body><div id=thread>";
  for (const std::string& cls : classes)
    html += "<div class='" + cls + "'><p>user <time datetime='2026-03-04T19:34:47Z'>17 hours ago</time></p>"
            "<p>A reply that says something, with a sentence of its own. And then another one.</p></div>";
  html += "</div></body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::extraction::Hints> hints = pith::extraction::page_hints(dom);
  pith::extraction::reference::WalkedPass walked(dom, hints, pith::extraction::Flags{.strip_unlikely = false});
  pith::extraction::Discussion found =
      pith::extraction::find_discussion(walked.pass, dom.find_first(pith::dom::Tag::h1), min_posts);
  return found.node != pith::dom::kNoNode && dom.attr(found.node, pith::dom::Attr::id) == "thread";
}

}  // namespace

TEST_CASE("discussion: posts whose classes name the post itself are still of one design") {
  CHECK(thread_found({"comment", "comment", "comment", "comment", "comment"}));
  // Each post's own id among its classes (three digits or more).
  CHECK(thread_found({"thing id-t1_o8n5jvy comment", "thing id-t1_o8nd42m comment", "thing id-t1_o8o9g61 comment",
                      "thing id-t1_o8n5vbe comment", "thing id-t1_o8nl6q0 comment"}));
  CHECK(thread_found({"post post-4711", "post post-4748", "post post-4785", "post post-4822", "post post-4859"}));
  // Classes numbered with a digit or two are designs: a page's numbered
  // layout wrappers are not a thread.
  CHECK_FALSE(thread_found({"layer1", "layer2", "layer3", "layer81", "layer82"}));
}

TEST_CASE("discussion: an opening post and one reply make a thread only when asked for two posts") {
  CHECK_FALSE(thread_found({"post", "post"}));
  CHECK(thread_found({"post", "post"}, pith::extraction::kMinThreadPosts));
  CHECK_FALSE(thread_found({"post"}, pith::extraction::kMinThreadPosts));
}
