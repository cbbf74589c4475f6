// to_blocks counts the rendered length (what content attempts are compared
// by) from the text nodes' features while it renders: it must equal the
// blocks' text::weighted_length, whatever the blocks are made of, and
// rendered_length_bound must never be below it. Counted only
// (RenderMode::count, what the attempt chooser reads of the main region), a
// rendering must count exactly what the rendered blocks hold.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "extract/blocks.hpp"
#include "extract/hints.hpp"
#include "extract/pass.hpp"
#include "text/chars.hpp"
#include "reference_passes.hpp"

namespace {

using pith::extraction::Flags;
using pith::extraction::Pass;

// Renders the page's <body> as the first content attempt would, and checks the
// length it counted against the blocks' text. Returns the number of blocks.
std::size_t check_length(const std::string& html, bool keep_link_paragraphs) {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::extraction::Hints> hints = pith::extraction::page_hints(dom);
  pith::extraction::reference::WalkedPass walked(dom, hints, Flags{});
  Pass& pass = walked.pass;
  pith::dom::NodeId body = dom.find_first(pith::dom::Tag::body);
  REQUIRE(body != pith::dom::kNoNode);
  pith::extraction::Rendering rendering =
      pith::extraction::to_blocks(pass, {body}, keep_link_paragraphs);
  std::uint32_t expected = 0;
  for (const pith::Block& b : rendering.blocks) expected += pith::text::weighted_length(b.text);
  INFO(html);
  CHECK(rendering.length == expected);
  CHECK(pith::extraction::rendered_length_bound(pass, {body}) >= rendering.length);
  pith::extraction::Rendering counted = pith::extraction::to_blocks(
      pass, {body}, keep_link_paragraphs, pith::extraction::RenderMode::count);
  CHECK(counted.blocks.empty());
  CHECK(counted.length == rendering.length);
  const pith::extraction::BlockCounts& c = counted.counts;
  const pith::extraction::BlockCounts& r = rendering.counts;
  CHECK(c.blocks == rendering.blocks.size());
  CHECK(c.blocks == r.blocks);
  CHECK(c.chars == r.chars);
  CHECK(c.link_chars == r.link_chars);
  CHECK(c.link_chars <= c.chars);
  CHECK(c.headings == r.headings);
  CHECK(c.list_items == r.list_items);
  CHECK(c.table_rows == r.table_rows);
  std::uint32_t headings = 0, list_items = 0, rows = 0;
  for (const pith::Block& b : rendering.blocks) {
    headings += b.kind == pith::BlockKind::heading;
    list_items += b.kind == pith::BlockKind::list_item;
    rows += b.kind == pith::BlockKind::table_row;
  }
  CHECK(r.headings == headings);
  CHECK(r.list_items == list_items);
  CHECK(r.table_rows == rows);
  return rendering.blocks.size();
}

// Pieces pages are made of: blocks, inline elements, data and layout tables,
// code, line breaks, link paragraphs, forum signatures, and text of every kind
// (white space of all sorts, CJK, ill-formed UTF-8 cut anywhere).
const std::vector<std::string> kPieces = {
    "<p>", "</p>", "<div>", "</div>", "<h2>", "</h2>", "<ul><li>", "</li></ul>", "<ol><li>",
    "</li></ol>", "<blockquote>", "</blockquote>", "<a href=\"/x\">", "</a>", "<em>", "</em>",
    "<br>", "<hr>", "<img src=\"i.png\" alt=\"a\">", "<table><tr><td>", "</td><td>",
    "</td></tr><tr><th>", "</th></tr></table>", "<table><tr><td><div>", "</div></td></tr></table>",
    "<pre>", "</pre>", "<pre><code class=\"language-c\">", "</code></pre>", "<nav>", "</nav>",
    "<span>", "</span>", "<span class=\"v\">", "<label>", "</label>", "<code>", "</code>",
    "<sup>", "</sup>", "Plain words here.", " spaced   out\t\ttext \n", "Read more", ", 2 May.",
    "__________", "\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82", "\xC3\xA9t\xC3\xA9", "\xC2\xA0",
    "\xE3\x80\x80", "\xE2\x80\x83", "\xE4\xB8", "\xAD", "\xFF", "\xEF\xBF\xBD", "\xF0\x9F\x98\x80",
    "a | b", "x", " ", "\n\n", "|",
    // Link paragraphs long enough to be a sentence of their own, and how
    // sentences end: what only counting reads of a block's text.
    "<a href=\"/y\">Council approves the harbour plan after a long night of debate</a>", ".", "...",
    "\xE2\x80\x9D", ")", "_"};

}  // namespace

TEST_CASE("to_blocks counts the weighted length of the blocks it renders, within its bound") {
  check_length("<html><body><p>One paragraph.</p></body></html>", false);
  check_length("<html><body><table><tr><th>Name</th><th>Value</th></tr>"
               "<tr><td> a </td><td></td><td>\xE4\xB8\xAD</td></tr></table></body></html>",
               false);
  check_length("<html><body><pre>  code\n  more\xE4\xB8</pre><p>after</p></body></html>", false);
  check_length("<html><body><p><a href=\"/a\">Read more</a></p><p>__________ sig</p></body></html>",
               false);
  // Random pages: every mix of the pieces above.
  std::mt19937 rng(20261203);
  std::uniform_int_distribution<std::size_t> count(1, 40), pick(0, kPieces.size() - 1);
  std::size_t blocks = 0;
  for (int k = 0; k < 2000; ++k) {
    std::string html = "<html><body>";
    for (std::size_t n = count(rng); n > 0; --n) html += kPieces[pick(rng)];
    html += "</body></html>";
    blocks += check_length(html, k % 2 == 0);
  }
  CHECK(blocks > 2000);  // the pages rendered to blocks, not to nothing
}

namespace {

// The page's <body> rendered as the first content attempt would: its blocks' text.
std::vector<std::string> rendered_texts(const std::string& html) {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::extraction::Hints> hints = pith::extraction::page_hints(dom);
  pith::extraction::reference::WalkedPass walked(dom, hints, Flags{});
  pith::dom::NodeId body = dom.find_first(pith::dom::Tag::body);
  REQUIRE(body != pith::dom::kNoNode);
  std::vector<std::string> texts;
  for (const pith::Block& b : pith::extraction::to_blocks(walked.pass, {body}, true).blocks)
    texts.push_back(b.text);
  return texts;
}

}  // namespace

TEST_CASE("to_blocks reads inline items set side by side without a space as separate words") {
  using Texts = std::vector<std::string>;
  // A label and its value, a category and its count, two links, two code values.
  CHECK(rendered_texts("<body><div><span class=\"name\"><span>Publisher</span></span>"
                       "<span class=\"value\"><span>Houghton Mifflin</span></span></div></body>") ==
        Texts{"Publisher Houghton Mifflin"});
  CHECK(rendered_texts("<body><div><label>Cameras</label><span class=\"count\">433</span></div></body>") ==
        Texts{"Cameras 433"});
  CHECK(rendered_texts("<body><div><a href=\"/a\">Support</a><a href=\"/b\">Audit</a></div></body>") ==
        Texts{"Support Audit"});
  CHECK(rendered_texts("<body><p><code>U+00DF</code><code>0xC3</code></p></body>") == Texts{"U+00DF 0xC3"});
  // Greek words, and a word before punctuation: only word characters of
  // scripts written with spaces are set apart.
  CHECK(rendered_texts("<body><div><span class=\"a\">\xCE\xA3\xCE\xB5\xCE\xBB\xCE\xAF\xCE\xB4\xCE\xB1</span>"
                       "<span class=\"b\">\xCE\x9D\xCE\xAD\xCE\xB1</span></div></body>") ==
        Texts{"\xCE\xA3\xCE\xB5\xCE\xBB\xCE\xAF\xCE\xB4\xCE\xB1 \xCE\x9D\xCE\xAD\xCE\xB1"});
  CHECK(rendered_texts("<body><p><span class=\"a\">Done</span><span class=\"b\">, then</span></p></body>") ==
        Texts{"Done, then"});
  // What stays one word: runs a rich-text editor cut (one tag and class), an
  // ordinal's superscript, highlighted code, letters an element each, CJK.
  CHECK(rendered_texts("<body><p>on 3<span class=\"r\">4</span><span class=\"r\">th</span> street</p></body>") ==
        Texts{"on 34th street"});
  CHECK(rendered_texts("<body><p><span>the 3</span><sup>rd</sup> floor</p></body>") == Texts{"the 3rd floor"});
  CHECK(rendered_texts("<body><p><code><span class=\"n\">foo</span><span class=\"p\">bar</span></code></p></body>") ==
        Texts{"foobar"});
  CHECK(rendered_texts("<body><h2><span class=\"a\">H</span><span class=\"b\">i</span></h2></body>") ==
        Texts{"Hi"});
  CHECK(rendered_texts("<body><p><span class=\"a\">\xE4\xB8\xAD\xE5\x9B\xBD</span>"
                       "<span class=\"b\">\xE4\xBA\xBA\xE6\xB0\x91</span></p></body>") ==
        Texts{"\xE4\xB8\xAD\xE5\x9B\xBD\xE4\xBA\xBA\xE6\xB0\x91"});
}
