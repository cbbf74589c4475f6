// Tests for the extraction stage: node features, markup hints, and
// pith::extract end to end on small handcrafted pages.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "dom/build.hpp"
#include "dom/dom.hpp"
#include "extract/features.hpp"
#include "extract/hints.hpp"
#include "pith/pith.hpp"

namespace {

using pith::Block;
using pith::BlockKind;
using pith::Document;
using pith::dom::Attr;
using pith::dom::build_dom;
using pith::dom::Dom;
using pith::dom::kNoNode;
using pith::dom::NodeId;
using pith::dom::Tag;
using pith::extraction::Hints;
using pith::extraction::measure;
using pith::extraction::node_hints;

// The first element whose attribute `name` equals `value`.
NodeId find_by_attr(const Dom& dom, Attr name, std::string_view value) {
  for (NodeId i = 0; i < dom.size(); ++i)
    if (!dom.is_text(i) && dom.has_attr(i, name) && dom.attr(i, name) == value) return i;
  return kNoNode;
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

const Block* find_block(const Document& doc, BlockKind kind) {
  for (const Block& b : doc.blocks)
    if (b.kind == kind) return &b;
  return nullptr;
}

// Five long paragraphs of ordinary prose, each with a distinct marker word.
const char* const kParagraphs[] = {
    "The first paragraph, marked ALPHA, describes how the old river mill was built in the "
    "spring of 1820, how the villagers hauled stones from the quarry, and how the great "
    "wheel turned for the first time while the whole valley watched in silence.",
    "The second paragraph, marked BRAVO, follows the miller and his family through the long "
    "winters, when the river froze, the wheel stood still, and the grain had to be carried "
    "by sledge to the town on the other side of the hills.",
    "The third paragraph, marked CHARLIE, explains the machinery in detail: the gears, the "
    "shafts, the millstones, and the clever sluice that let the miller control the flow of "
    "water, even during the floods that came every few years.",
    "The fourth paragraph, marked DELTA, tells of the decline of the mill after the railway "
    "arrived, when cheap flour from the cities undercut local prices, and the family "
    "finally sold the building to a cousin who kept it as a barn.",
    "The fifth paragraph, marked ECHO, describes the restoration of the mill by volunteers a "
    "century later, who repaired the wheel, rebuilt the roof, and opened the doors to "
    "visitors who now come from all over the country to see it.",
};

std::string paragraphs_html() {
  std::string s;
  for (const char* p : kParagraphs) s += std::string("<p>") + p + "</p>\n";
  return s;
}

std::string page(std::string_view body, std::string_view title = "The Old Mill") {
  return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" + std::string(title) +
         "</title></head><body>\n" + std::string(body) + "\n</body></html>";
}

}  // namespace

// ---------------------------------------------------------------------------
// measure()

TEST_CASE("measure counts text characters, not white space") {
  Dom dom = build_dom("<html><body><p>Hello   big\n world</p></body></html>");
  auto f = measure(dom);
  REQUIRE(f.size() == dom.size());
  NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != kNoNode);
  CHECK(f[p].text.chars == 13);  // Hello + big + world
  CHECK(f[p].text.cjk == 0);
  CHECK(f[p].length() == 13);
  CHECK(f[p].paragraphs == 1);
  NodeId body = dom.find_first(Tag::body);
  CHECK(f[body].text.chars == 13);  // sums up the tree
  CHECK(f[0].text.chars == 13);
}

TEST_CASE("measure counts CJK characters and weighs them in length()") {
  Dom dom = build_dom("<html><body><p>中文字abc</p></body></html>");
  auto f = measure(dom);
  NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != kNoNode);
  CHECK(f[p].text.chars == 6);
  CHECK(f[p].text.cjk == 3);
  CHECK(f[p].length() == 6 + 2 * 3);
}

TEST_CASE("measure counts text inside <a href> as link text") {
  Dom dom = build_dom(
      "<html><body><p>Read <a href=\"/x\">this <b>link</b></a> and <a name=\"anchor\">not</a> "
      "this</p></body></html>");
  auto f = measure(dom);
  NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != kNoNode);
  CHECK(f[p].text.chars == 4 + 8 + 3 + 3 + 4);  // Read thislink and not this
  CHECK(f[p].link_chars == 8);                 // "this" + "link"; <a> without href is not a link
  CHECK(f[p].link_density() == doctest::Approx(8.0 / 22.0));
  NodeId a = dom.find_first(Tag::a);
  CHECK(f[a].in_link);
  CHECK(f[a].link_chars == 8);
  NodeId anchor = find_by_attr(dom, Attr::name, "anchor");
  REQUIRE(anchor != kNoNode);
  CHECK_FALSE(f[anchor].in_link);
  CHECK(f[anchor].link_chars == 0);
}

TEST_CASE("measure separates a block's own text from its descendants' text") {
  Dom dom = build_dom(
      "<html><body><div id=\"d\">Hello <b>world</b><p>Para text <a href=\"/x\">link</a> "
      "end</p><p>中文字</p></div></body></html>");
  auto f = measure(dom);
  NodeId div = dom.find_first(Tag::div);
  NodeId p1 = dom.find_first(Tag::p);
  REQUIRE(p1 != kNoNode);
  NodeId p2 = dom.find_first(Tag::p, p1 + 1);
  REQUIRE(div != kNoNode);
  REQUIRE(p2 != kNoNode);

  // The div's own text is what no nested block claims: "Hello world" (<b> is inline).
  CHECK(f[div].own.chars == 10);
  CHECK(f[div].own_link_chars == 0);
  // All text of the subtree.
  CHECK(f[div].text.chars == 10 + 15 + 3);
  CHECK(f[div].text.cjk == 3);
  CHECK(f[div].link_chars == 4);
  CHECK(f[div].paragraphs == 2);

  CHECK(f[p1].own.chars == 15);  // Paratextlinkend
  CHECK(f[p1].own_link_chars == 4);
  CHECK(f[p1].own_link_density() == doctest::Approx(4.0 / 15.0));
  CHECK(f[p2].own.chars == 3);
  CHECK(f[p2].own.cjk == 3);
  CHECK(f[p2].own_length() == 9);

  // Inline elements and text nodes belong to their nearest block.
  NodeId b = dom.find_first(Tag::b);
  CHECK(f[b].block == div);
  CHECK(f[b].own.chars == 0);
  CHECK(f[p1].block == p1);
  NodeId a = dom.find_first(Tag::a);
  CHECK(f[a].block == p1);
}

TEST_CASE("measure gives dead nodes no features") {
  Dom dom = build_dom("<html><body><div><p>keep this</p><p>drop that</p></div></body></html>");
  NodeId p1 = dom.find_first(Tag::p);
  NodeId p2 = dom.find_first(Tag::p, p1 + 1);
  REQUIRE(p2 != kNoNode);
  std::vector<std::uint8_t> dead(dom.size(), 0);
  for (NodeId i = p2; i < dom.nodes[p2].subtree_end; ++i) dead[i] = 1;
  auto f = measure(dom, dead);
  NodeId div = dom.find_first(Tag::div);
  CHECK(f[div].text.chars == 8);
  CHECK(f[div].paragraphs == 1);
  CHECK(f[p2].text.chars == 0);
}

// ---------------------------------------------------------------------------
// node_hints()

TEST_CASE("node_hints: class \"comment-list\" is unlikely with negative weight") {
  Dom dom = build_dom("<html><body><div class=\"comment-list\">c</div></body></html>");
  NodeId n = find_by_attr(dom, Attr::class_, "comment-list");
  REQUIRE(n != kNoNode);
  Hints h = node_hints(dom, n);
  CHECK(h.unlikely);
  CHECK(h.weight < 0);
  CHECK_FALSE(h.content);
}

TEST_CASE("node_hints: a skeleton screen is unlikely") {
  Dom dom = build_dom("<html><body><div class=\"card skeleton-loader\"><p>Loading</p></div></body></html>");
  NodeId n = find_by_attr(dom, Attr::class_, "card skeleton-loader");
  REQUIRE(n != kNoNode);
  CHECK(node_hints(dom, n).unlikely);
}

TEST_CASE("node_hints: class \"article-body\" has positive weight and is not unlikely") {
  Dom dom = build_dom("<html><body><div class=\"article-body\">c</div></body></html>");
  NodeId n = find_by_attr(dom, Attr::class_, "article-body");
  REQUIRE(n != kNoNode);
  Hints h = node_hints(dom, n);
  CHECK(h.weight > 0);
  CHECK_FALSE(h.unlikely);
}

TEST_CASE("node_hints: \"main-content sidebar\" is not unlikely (maybe-content guard)") {
  Dom dom = build_dom("<html><body><div class=\"main-content sidebar\">c</div></body></html>");
  NodeId n = find_by_attr(dom, Attr::class_, "main-content sidebar");
  REQUIRE(n != kNoNode);
  Hints h = node_hints(dom, n);
  CHECK_FALSE(h.unlikely);
  CHECK(h.weight == 0);  // named both like content and like clutter
  // Without the content-like name the same clutter name is unlikely.
  Dom dom2 = build_dom("<html><body><div class=\"sidebar\">c</div></body></html>");
  CHECK(node_hints(dom2, find_by_attr(dom2, Attr::class_, "sidebar")).unlikely);
}

TEST_CASE("node_hints: names match at the start of a token only") {
  Dom dom = build_dom(
      "<html><body><div class=\"post-comments\">a</div><div class=\"uncommented\">b</div>"
      "</body></html>");
  CHECK(node_hints(dom, find_by_attr(dom, Attr::class_, "post-comments")).weight <= 0);
  Hints h = node_hints(dom, find_by_attr(dom, Attr::class_, "uncommented"));
  CHECK_FALSE(h.unlikely);
  CHECK(h.weight == 0);
}

TEST_CASE("node_hints: a style preset's name is no clutter word") {
  Dom dom = build_dom(
      "<html><body><p class=\"has-caption-font-size\">a</p>"
      "<p class=\"has-banner-color has-footer-background-color\">b</p><p class=\"caption\">c</p>"
      "<p class=\"has-text-align-center caption-text\">d</p></body></html>");
  for (const char* preset : {"has-caption-font-size", "has-banner-color has-footer-background-color"}) {
    INFO(preset);
    Hints h = node_hints(dom, find_by_attr(dom, Attr::class_, preset));
    CHECK_FALSE(h.unlikely);
    CHECK(h.weight == 0);
  }
  CHECK(node_hints(dom, find_by_attr(dom, Attr::class_, "caption")).unlikely);
  CHECK(node_hints(dom, find_by_attr(dom, Attr::class_, "has-text-align-center caption-text")).unlikely);
}

TEST_CASE("node_hints: <nav> and role=navigation are boilerplate") {
  Dom dom = build_dom(
      "<html><body><nav><a href=\"/\">Home</a></nav>"
      "<div role=\"navigation\"><a href=\"/\">Home</a></div><div class=\"plain\">x</div>"
      "</body></html>");
  NodeId nav = dom.find_first(Tag::nav);
  REQUIRE(nav != kNoNode);
  CHECK(node_hints(dom, nav).boilerplate_tag);
  NodeId role = find_by_attr(dom, Attr::role, "navigation");
  REQUIRE(role != kNoNode);
  CHECK(node_hints(dom, role).boilerplate_tag);
  CHECK_FALSE(node_hints(dom, find_by_attr(dom, Attr::class_, "plain")).boilerplate_tag);
}

TEST_CASE("node_hints: itemprop=articleBody declares content") {
  Dom dom = build_dom(
      "<html><body><div itemprop=\"articleBody\">x</div><main>m</main><div>plain</div>"
      "</body></html>");
  NodeId n = find_by_attr(dom, Attr::itemprop, "articleBody");
  REQUIRE(n != kNoNode);
  Hints h = node_hints(dom, n);
  CHECK(h.content);
  CHECK_FALSE(h.boilerplate_tag);
  CHECK(node_hints(dom, dom.find_first(Tag::main)).content);
  NodeId plain = dom.find_first(Tag::div, n + 1);
  REQUIRE(plain != kNoNode);
  CHECK_FALSE(node_hints(dom, plain).content);
}

// ---------------------------------------------------------------------------
// pith::extract end to end

TEST_CASE("extract: article text without nav, footer and comments") {
  std::string body =
      "<nav class=\"site-nav\"><ul>"
      "<li><a href=\"/\">Home</a></li><li><a href=\"/news\">NavNewsLink</a></li>"
      "<li><a href=\"/sport\">Sport</a></li><li><a href=\"/weather\">Weather</a></li>"
      "<li><a href=\"/about\">About us</a></li></ul></nav>\n"
      "<div id=\"story\"><h1>The Old Mill</h1>\n" +
      paragraphs_html() +
      "</div>\n"
      "<div class=\"comments\"><h3>Comments</h3>"
      "<p>CommentMarker: Great post, I really enjoyed reading about the mill and its history, "
      "thank you for writing it, and please write more.</p>"
      "<p>Another reader says: I visited the mill last summer, and it was wonderful, the wheel "
      "still turns.</p></div>\n"
      "<footer><p>FooterMarker Copyright 2024 Example Corp. All rights reserved. "
      "Contact us, privacy policy, terms of use.</p></footer>";
  Document doc = pith::extract(page(body));
  REQUIRE(doc.has_main_content());
  for (const char* marker : {"ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO"}) {
    CAPTURE(marker);
    CHECK(contains(doc.text, marker));
  }
  CHECK(contains(doc.text, kParagraphs[2]));
  CHECK_FALSE(contains(doc.text, "NavNewsLink"));
  CHECK_FALSE(contains(doc.text, "CommentMarker"));
  CHECK_FALSE(contains(doc.text, "FooterMarker"));
  CHECK(doc.title == "The Old Mill");
}

TEST_CASE("extract: div soup separated by <br><br> becomes paragraphs") {
  std::string body = "<div id=\"story\">";
  for (std::size_t k = 0; k < std::size(kParagraphs); ++k) {
    if (k) body += "<br><br>";
    body += kParagraphs[k];
  }
  body += "</div>";
  Document doc = pith::extract(page(body));
  REQUIRE(doc.has_main_content());
  std::vector<std::string> paragraphs;
  for (const Block& b : doc.blocks)
    if (b.kind == BlockKind::paragraph) paragraphs.push_back(b.text);
  REQUIRE(paragraphs.size() == std::size(kParagraphs));
  for (std::size_t k = 0; k < std::size(kParagraphs); ++k) {
    CAPTURE(k);
    CHECK(paragraphs[k] == kParagraphs[k]);
  }
}

TEST_CASE("extract: <pre><code class=\"language-python\"> becomes a code block") {
  std::string body = "<div id=\"story\"><p>" + std::string(kParagraphs[0]) + "</p><p>" +
                     kParagraphs[1] +
                     "</p>\n<pre><code class=\"language-python\">def add(a, b):\n"
                     "    return a + b\n\nprint(add(1, 2))\n</code></pre>\n<p>" +
                     kParagraphs[2] + "</p><p>" + kParagraphs[3] + "</p><p>" + kParagraphs[4] +
                     "</p></div>";
  Document doc = pith::extract(page(body));
  const Block* code = find_block(doc, BlockKind::code);
  REQUIRE(code != nullptr);
  CHECK(code->language == "python");
  CHECK(code->text == "def add(a, b):\n    return a + b\n\nprint(add(1, 2))");
  CHECK(contains(doc.text, "ECHO"));
}

TEST_CASE("extract: a data table becomes table_row blocks with cells") {
  std::string body = "<div id=\"story\"><p>" + std::string(kParagraphs[0]) + "</p><p>" +
                     kParagraphs[1] +
                     "</p>\n<table><thead><tr><th>Name</th><th>Age</th><th>City</th></tr></thead>"
                     "<tbody><tr><td>Alice</td><td>30</td><td>Paris</td></tr>"
                     "<tr><td>Bob</td><td>41</td><td>Lyon</td></tr></tbody></table>\n<p>" +
                     kParagraphs[2] + "</p><p>" + kParagraphs[3] + "</p><p>" + kParagraphs[4] +
                     "</p></div>";
  Document doc = pith::extract(page(body));
  std::vector<const Block*> rows;
  for (const Block& b : doc.blocks)
    if (b.kind == BlockKind::table_row) rows.push_back(&b);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0]->header);
  CHECK(rows[0]->cells == std::vector<std::string>{"Name", "Age", "City"});
  CHECK_FALSE(rows[1]->header);
  CHECK(rows[1]->cells == std::vector<std::string>{"Alice", "30", "Paris"});
  CHECK(rows[1]->text == "Alice | 30 | Paris");
  CHECK_FALSE(rows[2]->header);
  CHECK(rows[2]->cells == std::vector<std::string>{"Bob", "41", "Lyon"});
}

TEST_CASE("extract: a page with only navigation has no main content") {
  std::string body =
      "<nav><ul><li><a href=\"/\">Home</a></li><li><a href=\"/news\">News</a></li>"
      "<li><a href=\"/sport\">Sport</a></li><li><a href=\"/weather\">Weather</a></li>"
      "<li><a href=\"/about\">About us</a></li><li><a href=\"/contact\">Contact</a></li>"
      "</ul></nav>";
  Document doc = pith::extract(page(body, "Home"));
  CHECK_FALSE(doc.has_main_content());
  CHECK(doc.blocks.empty());
}

TEST_CASE("extract: a Chinese article is found") {
  const char* const zh[] = {
      "这篇文章讲述了一座古老水磨坊的历史。它建于一八二零年的春天，当时村民们从采石场运来石块，"
      "花了整整两年才把墙壁砌好。水轮第一次转动的时候，整个山谷的人都聚集在河边，静静地看着这一刻的到来。",
      "漫长的冬天里，河水结冰，水轮停止了转动，磨坊主和他的家人只好用雪橇把粮食运到山那边的小镇去磨。"
      "这样的日子持续了很多年，孩子们在雪地里长大，也学会了照看磨坊里的每一台机器。",
      "磨坊的机械设计非常巧妙：齿轮、转轴、磨盘和水闸互相配合，让磨坊主可以随时调节水流的大小。"
      "即使在每隔几年就会出现的洪水季节，磨坊也能安全地运转，这在当时是很少见的。",
      "铁路修通以后，城市里便宜的面粉大量涌入，当地的价格被压得很低，磨坊的生意一天不如一天。"
      "最后，这家人把房子卖给了一位表亲，他把磨坊改成了谷仓，用来存放干草和农具。",
      "一百年以后，一群志愿者决定修复这座磨坊。他们修好了水轮，重建了屋顶，还把大门向游客敞开。"
      "如今，每年都有成千上万的人从全国各地赶来，只为亲眼看一看这座古老的建筑。",
  };
  std::string body =
      "<div class=\"nav\"><a href=\"/\">首页</a> <a href=\"/news\">新闻</a> "
      "<a href=\"/sport\">体育</a> <a href=\"/tech\">科技</a></div>\n<div id=\"story\">";
  for (const char* p : zh) body += std::string("<p>") + p + "</p>\n";
  body += "</div>\n<div class=\"footer\">版权所有 © 2024 示例公司</div>";
  Document doc = pith::extract(page(body, "古老的水磨坊"));
  REQUIRE(doc.has_main_content());
  for (const char* p : zh) CHECK(contains(doc.text, p));
  CHECK_FALSE(contains(doc.text, "新闻"));
  CHECK_FALSE(contains(doc.text, "版权所有"));
}

TEST_CASE("extract: Options::include_title puts an outside <h1> first") {
  std::string body = "<div class=\"top\"><h1>The Old Mill</h1></div>\n<div id=\"story\">" +
                     paragraphs_html() + "</div>";
  std::string html = page(body, "The Old Mill | Example Site");

  Document plain = pith::extract(html);  // include_title defaults to false
  REQUIRE(plain.has_main_content());
  // Precondition: the headline sits outside the selected content.
  REQUIRE(plain.blocks.front().kind != BlockKind::heading);
  CHECK(plain.title == "The Old Mill");

  pith::Options with_title;
  with_title.include_title = true;
  Document titled = pith::extract(html, with_title);
  REQUIRE(titled.blocks.size() == plain.blocks.size() + 1);
  CHECK(titled.blocks.front().kind == BlockKind::heading);
  CHECK(titled.blocks.front().level == 1);
  CHECK(titled.blocks.front().text == "The Old Mill");
  CHECK(titled.blocks[1].text == plain.blocks.front().text);
}

TEST_CASE("extract: a dated story's headline inside the selection is the title, not content") {
  // The <h1> sits inside the selected <article>: the content is the body,
  // the headline Document::title, as for a headline outside it.
  std::string body = "<article><h1>The Old Mill</h1>\n" + paragraphs_html() + "</article>";
  std::string html = page(body, "The Old Mill | Example Site");
  const std::string dated = "<meta property=\"article:published_time\" content=\"2024-05-01T10:00:00Z\">";
  html.insert(html.find("</head>"), dated);

  Document plain = pith::extract(html);
  REQUIRE(plain.has_main_content());
  CHECK(plain.title == "The Old Mill");
  CHECK(plain.blocks.front().kind == BlockKind::paragraph);
  CHECK_FALSE(contains(plain.text, "The Old Mill\n"));

  pith::Options with_title;
  with_title.include_title = true;
  Document titled = pith::extract(html, with_title);
  REQUIRE(titled.blocks.size() == plain.blocks.size() + 1);
  CHECK(titled.blocks.front().kind == BlockKind::heading);
  CHECK(titled.blocks.front().text == "The Old Mill");

  // Undated, the page may be a service or product page, whose headline is
  // part of what it shows: it stays.
  Document undated = pith::extract(page(body, "The Old Mill | Example Site"));
  CHECK(undated.blocks.front().kind == BlockKind::heading);
}

TEST_CASE("extract: empty input throws empty_input") {
  for (std::string_view input : {std::string_view(""), std::string_view(" \n\t ")}) {
    CAPTURE(input);
    bool thrown = false;
    try {
      pith::extract(input);
    } catch (const pith::Error& e) {
      thrown = true;
      CHECK(e.code() == pith::ErrorCode::empty_input);
    }
    CHECK(thrown);
  }
}

TEST_CASE("extract: a PDF throws not_html") {
  std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
  bool thrown = false;
  try {
    pith::extract(pdf);
  } catch (const pith::Error& e) {
    thrown = true;
    CHECK(e.code() == pith::ErrorCode::not_html);
  }
  CHECK(thrown);
}

TEST_CASE("extract: control bytes over 3 % of the first 4096 make binary data") {
  auto throws_not_html = [](const std::string& input) {
    try {
      pith::extract(input);
    } catch (const pith::Error& e) {
      return e.code() == pith::ErrorCode::not_html;
    }
    return false;
  };
  // 4096 bytes of markup with `count` copies of `byte` spread through it.
  auto page_with = [](char byte, std::size_t count) {
    std::string html = "<p>" + std::string(4090, 'x') + "</p>";
    for (std::size_t k = 0; k < count; ++k) html[3 + k * 30] = byte;
    return html;
  };
  // 3 % of 4096 is 122.88.
  CHECK_FALSE(throws_not_html(page_with('\x01', 122)));
  CHECK(throws_not_html(page_with('\x01', 123)));
  CHECK(throws_not_html(page_with('\x1F', 123)));
  // Text's own control characters do not count, nor do bytes past the first 4096.
  for (char text_control : {'\n', '\r', '\t', '\f', '\x1B'}) CHECK_FALSE(throws_not_html(page_with(text_control, 130)));
  CHECK_FALSE(throws_not_html(page_with('x', 0) + std::string(200, '\x01')));
  // A NUL counts too, unless NULs are about every other byte (UTF-16 text).
  std::string nuls = page_with('x', 0);
  for (std::size_t k = 0; k < 123; ++k) nuls[3 + k * 30] = '\0';
  CHECK(throws_not_html(nuls));
  // A page shorter than 4096 bytes, its controls in its last partial block of
  // sixteen: 3 % of 40 is 1.2.
  std::string short_page = "<p>" + std::string(33, 'x') + "</p>";
  short_page[36] = '\x01';
  CHECK_FALSE(throws_not_html(short_page));
  short_page[34] = '\x02';
  CHECK(throws_not_html(short_page));
}

TEST_CASE("extract: input over max_input_bytes throws input_too_large") {
  pith::Options options;
  options.max_input_bytes = 10;
  bool thrown = false;
  try {
    pith::extract(page("<p>hello world</p>"), options);
  } catch (const pith::Error& e) {
    thrown = true;
    CHECK(e.code() == pith::ErrorCode::input_too_large);
  }
  CHECK(thrown);
  // At the limit exactly is fine.
  options.max_input_bytes = 10;
  CHECK_NOTHROW(pith::extract("<p>hi</p> ", options));
}

namespace {

// A shop's product page whose description is only in its JSON-LD (the page
// renders it by script): a name, a price, sizes, a delivery note.
std::string product_page(std::string_view description, std::string_view body_extra = "") {
  return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Trail Jacket</title>"
         "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Product\","
         "\"name\":\"Trail Jacket\",\"description\":\"" +
         std::string(description) +
         "\"}</script></head><body>"
         "<nav><a href=\"/\">Home</a> <a href=\"/men\">Men</a> <a href=\"/women\">Women</a></nav>"
         "<main><h1>Trail Jacket</h1><p>$120</p><ul><li>S</li><li>M</li><li>L</li></ul>"
         "<p>Free delivery on orders over $75, returns within 30 days of purchase.</p>" +
         std::string(body_extra) + "</main></body></html>";
}

const char kJacketDescription[] =
    "A light shell for long days on the ridge, MARKERONE, cut to move with you.\\n"
    "Seams taped against the rain, MARKERTWO, and a hood that folds into the collar, "
    "with two zipped pockets high enough to reach with a pack's hip belt closed.";

}  // namespace

TEST_CASE("extract: a product's declared description is added after its headline") {
  Document doc = pith::extract(product_page(kJacketDescription));
  REQUIRE(doc.has_main_content());
  std::size_t headline = doc.text.find("Trail Jacket");
  std::size_t first = doc.text.find("A light shell for long days on the ridge, MARKERONE");
  std::size_t second = doc.text.find("Seams taped against the rain, MARKERTWO");
  REQUIRE(first != std::string::npos);
  REQUIRE(second != std::string::npos);
  CHECK(headline < first);
  CHECK(first < second);
  // A paragraph a line of the declaration.
  bool second_line_apart = false;
  for (const Block& b : doc.blocks) second_line_apart |= b.text.rfind("Seams taped against the rain", 0) == 0;
  CHECK(second_line_apart);
  CHECK(contains(doc.text, "Free delivery on orders over $75"));
}

TEST_CASE("extract: a product's declared description the content holds is not added again") {
  const std::string shown =
      "<p>A light shell for long days on the ridge, MARKERONE, cut to move with you. Seams taped "
      "against the rain, MARKERTWO, and a hood that folds into the collar, with two zipped pockets "
      "high enough to reach with a pack's hip belt closed.</p>";
  Document doc = pith::extract(product_page(kJacketDescription, shown));
  REQUIRE(doc.has_main_content());
  const std::size_t first = doc.text.find("MARKERONE");
  REQUIRE(first != std::string::npos);
  CHECK(doc.text.find("MARKERONE", first + 1) == std::string::npos);
}

TEST_CASE("extract: a percent-encoded product description is not text") {
  Document doc = pith::extract(product_page(
      "A%20light%20shell%20for%20long%20days%20on%20the%20ridge%2C%20MARKERONE%2C%20cut%20to%20move%20"
      "with%20you.%20Seams%20taped%20against%20the%20rain%2C%20MARKERTWO%2C%20and%20a%20hood%20that%20folds"));
  CHECK_FALSE(contains(doc.text, "MARKERONE"));
}

TEST_CASE("extract: a page declaring several products gets none of their descriptions") {
  std::string page = product_page(kJacketDescription);
  const std::string second =
      "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"Product\","
      "\"name\":\"Trail Trousers\",\"description\":\"Stretch trousers for the same ridges, MARKERTHREE, "
      "with zipped pockets and cuffs that close over a boot, in three leg lengths and five colours.\"}</script>";
  page.insert(page.find("</head>"), second);
  Document doc = pith::extract(page);
  CHECK_FALSE(contains(doc.text, "MARKERONE"));
  CHECK_FALSE(contains(doc.text, "MARKERTHREE"));
}

namespace {

// An article whose prose has one paragraph said twice (`repeat`, a reply's
// quote or a mobile copy) and one short line said three times.
std::string page_with_repeats(std::string_view repeat) {
  std::string body = "<article><h1>The Old Mill</h1>";
  body += "<p>" + std::string(repeat) + "</p>";
  for (int k = 0; k < 3; ++k)
    body += "<p>The wheel was rebuilt in the spring, and the race was cleared of the silt that had "
            "gathered there over forty winters, so that water reached it again. Part " +
            std::to_string(k) + ".</p><p>Open on Sundays.</p>";
  body += "<blockquote><p>" + std::string(repeat) + "</p></blockquote></article>";
  return page(body);
}

std::size_t occurrences(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("extract: a paragraph of prose said again word for word is left out, short lines stay") {
  const std::string repeat =
      "REPEATMARKER The mill stood on the river for two hundred years before the flood of 1953 took "
      "its roof, and the village rebuilt it stone by stone.";
  Document doc = pith::extract(page_with_repeats(repeat));
  REQUIRE(doc.has_main_content());
  CHECK(occurrences(doc.text, "REPEATMARKER") == 1);
  CHECK(occurrences(doc.text, "Open on Sundays.") == 3);
  // --explain says so: the first copy kept, the second left out.
  pith::Options explained;
  explained.explain = true;
  Document report = pith::extract(page_with_repeats(repeat), explained);
  std::vector<std::string> rules;
  for (const pith::BlockDecision& d : report.explanation.blocks)
    if (d.text.find("REPEATMARKER") != std::string::npos) rules.push_back(d.kept ? "kept" : d.rule);
  REQUIRE(rules.size() == 2);
  CHECK(rules[0] == "kept");
  CHECK(rules[1].find("repeated") != std::string::npos);
  // A paragraph shorter than kRepeatedBlockMinLength is a page's furniture:
  // said twice, it stays twice.
  Document short_repeat = pith::extract(page_with_repeats("REPEATMARKER Built in 1750."));
  CHECK(occurrences(short_repeat.text, "REPEATMARKER") == 2);
}

TEST_CASE("extract: headers of one design repeated down the page are the entries', not the site's") {
  const std::string teams = "ABCDEF";
  std::string body = "<div class=\"site-header\"><a href=\"/\">SITEHEADERMARK Home</a> <a href=\"/jobs\">Jobs</a></div><main>";
  for (char team : teams)
    body += std::string("<section class=\"job\"><div class=\"job-header\">CARDTITLE") + team +
            " Senior Engineer for Parsing</div><p>Remote, full time, team " + team +
            ". Work on the parsing library that reads millions of pages a day, with a small team that writes "
            "its own tools.</p></section>";
  body += "</main>";
  Document doc = pith::extract(page(body));
  REQUIRE(doc.has_main_content());
  for (char team : teams) CHECK(contains(doc.text, std::string("CARDTITLE") + team));
  CHECK_FALSE(contains(doc.text, "SITEHEADERMARK"));
}

TEST_CASE("a page whose only prose sits in an aside, a footer or a dialog has it as content") {
  const std::string prose =
      "<p>The river rose four metres overnight, and the town's lower streets were under water by dawn. "
      "Volunteers filled sandbags in the square while the ferry stayed tied up at the quay.</p>"
      "<p>By noon the rain had eased, but the council kept the schools closed and asked people living "
      "near the bank to move their cars to higher ground before the evening tide.</p>"
      "<p>Engineers expect the water to fall slowly over the weekend, they said, as long as the dam "
      "upstream holds and the forecast of dry weather is right.</p>"
      "<p>Shops on the quay opened late, their owners sweeping mud out of doorways, and the baker handed "
      "out bread to the volunteers who had worked through the night.</p>";
  const std::string menu = "<nav><ul><li><a href=\"/\">Home</a></li><li><a href=\"/news\">News</a></li></ul></nav>";
  for (const char* region : {"aside", "footer", "dialog open"}) {
    const std::string tag(region);
    const std::string close = tag.substr(0, tag.find(' '));
    INFO(tag);
    pith::Document doc = pith::extract("<html><body>" + menu + "<" + tag + ">" + prose + "</" + close +
                                       "></body></html>");
    REQUIRE(doc.has_main_content());
    CHECK(doc.text.find("The river rose four metres") != std::string::npos);
    CHECK(doc.text.find("Home") == std::string::npos);
  }
  pith::Document role = pith::extract("<html><body>" + menu + "<div role=\"complementary\">" + prose +
                                      "</div></body></html>");
  CHECK(role.has_main_content());
}

TEST_CASE("a footer of links and addresses, or a few lines, is still no content") {
  std::string links = "<footer>";
  for (int i = 0; i < 40; ++i)
    links += "<a href=\"/p" + std::to_string(i) + "\">Products and services " + std::to_string(i) + "</a> ";
  links += "<p>1 Main Street, Springfield</p></footer>";
  CHECK_FALSE(pith::extract("<html><body><h1>Page not found</h1>" + links + "</body></html>").has_main_content());
  CHECK_FALSE(pith::extract("<html><body><h1>Page not found</h1><footer><p>Copyright 2024 Example Inc. "
                            "All rights reserved. Terms of use apply.</p></footer></body></html>")
                  .has_main_content());
}
