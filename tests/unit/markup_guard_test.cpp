// Tests for the markup guard (src/dom/markup_guard.hpp): hostile nesting is
// cut before Gumbo sees it, ordinary markup passes untouched.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "dom/markup_guard.hpp"
#include "dom/prescan.hpp"
#include "dom/unseen_markup.hpp"

namespace {

using pith::dom::build_dom;
using pith::dom::Dom;
using pith::dom::GuardedMarkup;
using pith::dom::guard_markup;
using pith::dom::MarkupLimits;
using pith::dom::Tag;

std::string repeat(std::string_view piece, int times) {
  std::string out;
  out.reserve(piece.size() * static_cast<std::size_t>(times));
  for (int k = 0; k < times; ++k) out += piece;
  return out;
}

std::size_t max_depth(const Dom& dom) {
  std::size_t deepest = 0;
  for (const auto& node : dom.nodes) deepest = std::max<std::size_t>(deepest, node.depth);
  return deepest;
}

std::size_t count_tag(const Dom& dom, Tag tag) {
  std::size_t n = 0;
  for (const auto& node : dom.nodes) n += node.tag == tag;
  return n;
}

std::string all_text(const Dom& dom) {
  std::string out;
  if (dom.size() > 0) dom.append_subtree_text(0, out);
  return out;
}

}  // namespace

TEST_CASE("guard_markup leaves an ordinary page unchanged") {
  std::string page =
      "<!DOCTYPE html><html><head><title>T</title><script>if (a < b) x()</script></head>"
      "<body><div class=\"a\"><p>One <b>bold</b> <a href='/x?a=1&b=2'>link</a><p>Two<br>"
      "<ul><li>a<li>b</ul><table><tr><td>1<td>2<tr><td>3</table><!-- <div> -->"
      "<svg><path d=\"M0 0\"/></svg><textarea><div></textarea></div></body></html>";
  GuardedMarkup g = guard_markup(page, {});
  CHECK_FALSE(g.changed);
  CHECK(g.dropped_deep == 0);
  CHECK(g.dropped_formatting == 0);
  CHECK(g.truncated_at == std::string::npos);
}

TEST_CASE("guard_markup drops start tags beyond max_depth and their end tags") {
  MarkupLimits limits;
  limits.max_depth = 100;
  std::string page = "<html><body>" + repeat("<div>", 1000) + "deep" + repeat("</div>", 1000) +
                     "<p>after</p></body></html>";
  GuardedMarkup g = guard_markup(page, limits);
  CHECK(g.changed);
  CHECK(g.dropped_deep == 900);
  Dom dom = build_dom(page, nullptr, limits);
  CHECK(count_tag(dom, Tag::div) == 100);
  CHECK(max_depth(dom) <= 105);
  CHECK(all_text(dom) == "deepafter");
  // The <p> after the deep block is a sibling of the outermost div, not
  // inside it: the dropped end tags did not close kept elements.
  pith::dom::NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != pith::dom::kNoNode);
  CHECK(dom.nodes[dom.nodes[p].parent].tag == Tag::body);
}

TEST_CASE("guard_markup keeps a million nested divs linear and shallow") {
  std::string page = "<html><body>" + repeat("<div>", 1'000'000) + "x";
  GuardedMarkup g = guard_markup(page, {});
  CHECK(g.dropped_deep == 1'000'000 - 512);
  Dom dom = build_dom(page);
  CHECK(count_tag(dom, Tag::div) == 512);
}

TEST_CASE("guard_markup: sibling paragraphs and list items do not count as depth") {
  std::string page = "<html><body>" + repeat("<p>para", 5000) + repeat("<ul><li>a<li>b</ul>", 2000) +
                     repeat("<table><tr><td>c<td>d</table>", 2000) + repeat("<dl><dt>t<dd>d</dl>", 2000);
  GuardedMarkup g = guard_markup(page, {});
  CHECK_FALSE(g.changed);
  Dom dom = build_dom(page);
  CHECK(count_tag(dom, Tag::p) == 5000);
  CHECK(count_tag(dom, Tag::li) == 4000);
}

TEST_CASE("guard_markup caps unclosed formatting elements that blocks would reopen") {
  // Each <p> closes the previous one; every still-open <b> is reopened inside
  // the next paragraph, so without the cap the tree grows quadratically.
  std::string page = "<html><body>";
  for (int k = 0; k < 2000; ++k) page += "<p><b id=" + std::to_string(k) + ">x";
  GuardedMarkup g = guard_markup(page, {});
  CHECK(g.dropped_formatting == 2000 - 32);
  Dom dom = build_dom(page);
  CHECK(count_tag(dom, Tag::p) == 2000);
  CHECK(count_tag(dom, Tag::b) <= 2000 * 33);
  CHECK(max_depth(dom) < 64);
}

TEST_CASE("guard_markup: <a> closes the previous <a>, so unclosed links do not pile up") {
  std::string page = "<html><body><ul>" + repeat("<li><a href=/x>link", 5000) + "</ul>";
  GuardedMarkup g = guard_markup(page, {});
  CHECK_FALSE(g.changed);
}

TEST_CASE("guard_markup cuts the page at max_elements") {
  MarkupLimits limits;
  limits.max_elements = 1000;
  std::string page = "<html><body>" + repeat("<p>x</p>", 5000);
  GuardedMarkup g = guard_markup(page, limits);
  REQUIRE(g.truncated_at != std::string::npos);
  Dom dom = build_dom(page, nullptr, limits);
  CHECK(count_tag(dom, Tag::p) <= 1000);
  CHECK(count_tag(dom, Tag::p) > 990);
}

TEST_CASE("guard_markup counts stray </p> end tags as elements") {
  MarkupLimits limits;
  limits.max_elements = 100;
  std::string page = "<html><body>" + repeat("</p>", 1000);
  GuardedMarkup g = guard_markup(page, limits);
  CHECK(g.truncated_at != std::string::npos);
}

TEST_CASE("guard_markup does not let an unclosed comment, quote or raw-text tag hide markup") {
  MarkupLimits limits;
  limits.max_depth = 50;
  for (std::string opener : {"<!-->", "<!-- x --!>", "<!-- never closed", "<a =\">",
                             "<textarea>", "<title>", "<svg><title>", "<div title='x>"}) {
    CAPTURE(opener);
    std::string page = "<html><body>" + opener + repeat("<div>", 500) + "x";
    GuardedMarkup g = guard_markup(page, limits);
    CHECK(g.dropped_deep >= 400);
  }
}

TEST_CASE("guard_markup: <span><div></span> does not hide depth behind ignored end tags") {
  MarkupLimits limits;
  limits.max_depth = 100;
  std::string page = "<html><body>" + repeat("<span><div></span>", 1000) + "x";
  GuardedMarkup g = guard_markup(page, limits);
  CHECK(g.dropped_deep > 1000);
  Dom dom = build_dom(page, nullptr, limits);
  CHECK(max_depth(dom) <= 110);
}

// The finders the guard reads hostile markup with give the plain scans'
// answers, asked as the guard asks: from positions that never go back, and
// past the end of each scan that found one.
TEST_CASE("guard finders answer as the plain scans, on random markup") {
  using namespace pith::dom;
  std::mt19937 random(24);
  const std::string_view alphabet = "<<<>\"\"''==  /a-!bsc";
  for (int round = 0; round < 2000; ++round) {
    std::string s;
    std::size_t size = 1 + random() % 200;
    for (std::size_t k = 0; k < size; ++k) s += alphabet[random() % alphabet.size()];
    if (round % 3 == 0) s = "<script>" + s;
    CAPTURE(s);
    TagEnds tag_ends(s);
    CommentEnds comment_ends(s);
    RawTextEnds raw_text_ends(s);
    NameEnds name_ends(s);
    for (std::size_t at = 0; at < s.size();) {
      CHECK(tag_ends.find(at) == find_tag_end(s, at));
      std::size_t name_end = at;
      while (!ends_tag_name(s, name_end)) ++name_end;
      CHECK(name_ends.find(at) == name_end);
      CHECK(comment_ends.find(at) == comment_end(s, at));
      CHECK(raw_text_ends.find(at, "script") == find_raw_text_end(s, at, "script"));
      CHECK(raw_text_ends.find(at, "style") == find_raw_text_end(s, at, "style"));
      std::size_t end = find_tag_end(s, at);
      at = end != std::string_view::npos && random() % 2 ? end + 1 : at + 1 + random() % 3;
    }
  }
}

TEST_CASE("guard_markup reads unclosed comments, tags and quotes once, not once per '<'") {
  // Each of these took seconds at 160 KB when every '<' scanned to the end of
  // the page; the guard's answer must not change either.
  MarkupLimits limits;
  limits.max_depth = 50;
  for (std::string piece : {"<!--", "<a ", "<b", "<a x=\"", "<script><!--<script>", "<p>1 < 2 "}) {
    CAPTURE(piece);
    std::string page = "<html><body>" + repeat("<div>", 100) + repeat(piece, 100000);
    GuardedMarkup g = guard_markup(page, limits);
    CHECK(g.dropped_deep >= 50);
  }
}

TEST_CASE("guard_markup matches the end tags of many invented names, short and long") {
  // Thousands of distinct names (the short ones share the name cache's 256
  // slots, the long ones bypass it), each opened and closed, then nesting
  // past max_depth: as many start tags are dropped as after plain <span>s.
  auto page = [](bool invented) {
    std::string html = "<html><body>";
    for (int k = 0; k < 3000; ++k) {
      std::string name = !invented ? "span" : k % 2 ? "x" + std::to_string(k) : "long-name-" + std::to_string(k);
      html += "<" + name + ">t</" + name + ">";
    }
    for (int k = 0; k < 40; ++k) html += "<div>";
    return html + "deep</body></html>";
  };
  MarkupLimits limits;
  limits.max_depth = 30;
  GuardedMarkup plain = guard_markup(page(false), limits);
  GuardedMarkup invented = guard_markup(page(true), limits);
  CHECK(plain.dropped_deep > 0);
  CHECK(invented.dropped_deep == plain.dropped_deep);
  CHECK(invented.elements == plain.elements);
}

namespace {

// What the filter's feed counts for `html` (when it did not give up), and
// what guard_markup counts over the filter's output.
struct FeedAndWalk {
  bool complete;
  GuardedMarkup fed, walked;
};
FeedAndWalk feed_and_walk(const std::string& html, const MarkupLimits& limits = {}) {
  pith::dom::MovedValues moved;
  pith::dom::GuardFeed feed(limits);
  std::string out = pith::dom::drop_unseen_markup(html, &moved, {}, /*runs_by_tag=*/true, &feed);
  return {feed.complete(), feed.complete() ? feed.result() : GuardedMarkup{}, guard_markup(out, limits)};
}

}  // namespace

TEST_CASE("the filter's feed counts what guard_markup counts in the filter's output") {
  namespace fs = std::filesystem;
  std::vector<std::string> pages = {
      "<p>a<!--x-->b</p>", "x <!-- a --> <b>y</b>", "a < b <p> c", "<svg><p>x</p></svg>",
      "<table>x<!--c-->y<tr><td>1</td></tr></table>", "</ x><?php ?><!x>< 1 </1><p>t",
      "<!DOCTYPE html><html><head><title>t<!--x--></title></head><body>  <p>q</p> <!-- c --> <b>b<p>c</p></b>",
      "<a href=x/>y</a><svg><a href=x/>z</a><circle r=1 /></svg><br/ ><img src=x />",
      "<script>var a='<!--';</script><p>x<textarea><b>x</textarea><p>", "<math><mi>x</mi></math><p>t",
      "<font color=red><b><i><u>x<p>y</p>z", "\n\n  <p>x</p>\n\n<!-- a -->\n\n<p>y</p>", "<<<<<<<<p>x",
      "<ul><li>a<li>b</ul><dl><dt>x<dd>y</dl><frameset><frame></frameset>"};
  fs::path fixtures = fs::path(__FILE__).parent_path().parent_path().parent_path() / "fixtures";
  for (const auto& entry : fs::directory_iterator(fixtures)) {
    std::ifstream in(entry.path() / "page.html", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (!ss.str().empty()) pages.push_back(ss.str());
  }
  int complete = 0;
  for (const std::string& page : pages) {
    INFO(page.substr(0, 80));
    FeedAndWalk r = feed_and_walk(page);
    if (!r.complete) continue;
    ++complete;
    CHECK_FALSE(r.walked.changed);
    CHECK(r.fed.elements == r.walked.elements);
    CHECK(r.fed.text_runs == r.walked.text_runs);
  }
  CHECK(complete >= 30);
  // It gives up where the guard would cut, and where the filter reads the
  // page differently from how the guard reads the output.
  MarkupLimits shallow;
  shallow.max_depth = 8;
  CHECK_FALSE(feed_and_walk(repeat("<div>", 20), shallow).complete);
  CHECK_FALSE(feed_and_walk(repeat("<b><p>x", 50)).complete);
  CHECK_FALSE(feed_and_walk("a<<!--x-->p>b</p>").complete);
  CHECK_FALSE(feed_and_walk("<p>a<!-- never closed <p>b").complete);
  CHECK_FALSE(feed_and_walk("<title>x<p>y").complete);
  CHECK_FALSE(feed_and_walk("<svg><g><style>x{}</style></g><p></svg>").complete);
}
