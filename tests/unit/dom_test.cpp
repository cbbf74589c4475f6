// Tests for the DOM stage: the raw-text prescan and the Gumbo -> Dom build.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "dom/build.hpp"
#include "dom/dom.hpp"
#include "dom/prescan.hpp"

namespace {

using pith::dom::Attr;
using pith::dom::build_dom;
using pith::dom::Dom;
using pith::dom::kNoNode;
using pith::dom::NodeId;
using pith::dom::strip_raw_text_bodies;
using pith::dom::Tag;

std::string all_text(const Dom& dom) {
  std::string out;
  if (dom.size() > 0) dom.append_subtree_text(0, out);
  return out;
}

std::size_t count_tag(const Dom& dom, Tag tag) {
  std::size_t n = 0;
  for (const auto& node : dom.nodes)
    if (node.tag == tag) ++n;
  return n;
}

// Every structural link agrees with every other: children follow their parent
// in preorder, sit inside its subtree, and the last child's subtree ends where
// the parent's does.
void check_tree_consistent(const Dom& dom) {
  for (NodeId i = 0; i < dom.size(); ++i) {
    const auto& n = dom.nodes[i];
    CAPTURE(i);
    REQUIRE(n.subtree_end > i);
    REQUIRE(n.subtree_end <= dom.size());
    if (n.parent != kNoNode) {
      REQUIRE(n.parent < i);
      CHECK(n.subtree_end <= dom.nodes[n.parent].subtree_end);
    }
    if (n.first_child == kNoNode) {
      CHECK(n.last_child == kNoNode);
      CHECK(n.subtree_end == i + 1);
      continue;
    }
    CHECK(n.first_child == i + 1);
    NodeId expected_next = i + 1;
    NodeId last = kNoNode;
    for (NodeId c = n.first_child; c != kNoNode; c = dom.nodes[c].next_sibling) {
      CHECK(dom.nodes[c].parent == i);
      CHECK(c == expected_next);  // siblings tile the subtree in preorder
      expected_next = dom.nodes[c].subtree_end;
      last = c;
    }
    CHECK(last == n.last_child);
    CHECK(n.subtree_end == dom.nodes[last].subtree_end);
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// strip_raw_text_bodies

TEST_CASE("strip_raw_text_bodies removes script and style bodies but keeps the tags") {
  std::string in =
      "<p>a</p><script type=\"text/javascript\">var x = \"<b>\"; if (a < b) f();</script>"
      "<style>p { color: red }</style><p>b</p>";
  CHECK(strip_raw_text_bodies(in) ==
        "<p>a</p><script type=\"text/javascript\"></script><style></style><p>b</p>");
}

TEST_CASE("strip_raw_text_bodies leaves text without raw-text elements unchanged") {
  std::string in = "<html><body><p class=\"x\">Hello &amp; goodbye</p></body></html>";
  CHECK(strip_raw_text_bodies(in) == in);
}

TEST_CASE("strip_raw_text_bodies keeps JSON-LD script bodies") {
  std::string in =
      "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":\"H\"}</script>"
      "<script>drop()</script>";
  CHECK(strip_raw_text_bodies(in) ==
        "<script type=\"application/ld+json\">{\"@type\":\"Article\",\"headline\":\"H\"}</script>"
        "<script></script>");
}

TEST_CASE("strip_raw_text_bodies matches an uppercase </SCRIPT>") {
  CHECK(strip_raw_text_bodies("<SCRIPT>x()</SCRIPT><p>t</p>") == "<SCRIPT></SCRIPT><p>t</p>");
  CHECK(strip_raw_text_bodies("<Style>b{}</STYLE><p>t</p>") == "<Style></STYLE><p>t</p>");
}

TEST_CASE("strip_raw_text_bodies ends a body at \"</script >\" with whitespace before '>'") {
  CHECK(strip_raw_text_bodies("<script>x()</script ><p>t</p>") == "<script></script ><p>t</p>");
}

TEST_CASE("strip_raw_text_bodies does not end a body at \"</scripts\"") {
  CHECK(strip_raw_text_bodies("<script>s = \"</scripts>\"; y()</script><p>t</p>") ==
        "<script></script><p>t</p>");
}

TEST_CASE("strip_raw_text_bodies ignores a <script> inside an HTML comment") {
  std::string in = "<!-- <script> --><p>keep me</p><script>drop()</script><p>end</p>";
  CHECK(strip_raw_text_bodies(in) == "<!-- <script> --><p>keep me</p><script></script><p>end</p>");
}

TEST_CASE("strip_raw_text_bodies ignores a <script> inside a quoted attribute value") {
  std::string in = "<a title=\"<script>\" href=\"/x\">keep me</a><p>also kept</p>";
  CHECK(strip_raw_text_bodies(in) == in);
  std::string in2 = "<div data-x='<script>'>keep</div><script>drop()</script><p>end</p>";
  CHECK(strip_raw_text_bodies(in2) == "<div data-x='<script>'>keep</div><script></script><p>end</p>");
}

TEST_CASE("strip_raw_text_bodies leaves an unclosed <script> alone") {
  std::string in = "<p>a</p><script>var x = 1; <p>not really a paragraph</p>";
  CHECK(strip_raw_text_bodies(in) == in);
}

// ---------------------------------------------------------------------------
// build_dom

TEST_CASE("build_dom numbers nodes in preorder with consistent links") {
  Dom dom = build_dom(
      "<html><head><title>T</title></head><body>"
      "<div id=\"a\"><p>one</p><p>two <b>bold</b></p></div><ul><li>x</li></ul>"
      "</body></html>");
  // html head title #text body div p #text p #text b #text ul li #text
  const Tag expected[] = {Tag::html, Tag::head, Tag::title, Tag::text, Tag::body,
                          Tag::div,  Tag::p,    Tag::text,  Tag::p,    Tag::text,
                          Tag::b,    Tag::text, Tag::ul,    Tag::li,   Tag::text};
  REQUIRE(dom.size() == std::size(expected));
  for (NodeId i = 0; i < dom.size(); ++i) {
    CAPTURE(i);
    CHECK(dom.nodes[i].tag == expected[i]);
  }
  CHECK(dom.nodes[0].parent == kNoNode);
  CHECK(dom.nodes[0].subtree_end == dom.size());

  // body (4): children div (5) and ul (12)
  CHECK(dom.nodes[4].first_child == 5);
  CHECK(dom.nodes[5].next_sibling == 12);
  CHECK(dom.nodes[12].next_sibling == kNoNode);
  CHECK(dom.nodes[4].last_child == 12);
  CHECK(dom.nodes[4].subtree_end == 15);
  // div (5): subtree is [5, 12)
  CHECK(dom.nodes[5].subtree_end == 12);
  CHECK(dom.nodes[6].next_sibling == 8);
  CHECK(dom.nodes[8].subtree_end == 12);
  CHECK(dom.nodes[11].parent == 10);
  CHECK(dom.text(7) == "one");
  CHECK(dom.text(9) == "two ");
  CHECK(dom.text(11) == "bold");
  CHECK(dom.nodes[11].depth == dom.nodes[10].depth + 1);
  CHECK(dom.find_first(Tag::ul) == 12);
  CHECK(dom.find_first(Tag::p, 7) == 8);
  CHECK(dom.find_first(Tag::table) == kNoNode);

  check_tree_consistent(dom);
}

TEST_CASE("style_hides: display:none and visibility:hidden, any case and spacing, in styles of any length") {
  using pith::dom::style_hides;
  CHECK(style_hides("display:none"));
  CHECK(style_hides("color: red; Display : NONE"));
  CHECK(style_hides("visibility:\thidden\n"));
  CHECK_FALSE(style_hides("display: block; visibility: visible"));
  CHECK_FALSE(style_hides(""));
  // Past the buffer on the stack (a few hundred bytes): the same verdicts.
  const std::string padding(400, 'x');
  CHECK(style_hides("--pad:" + padding + "; display: none"));
  CHECK_FALSE(style_hides("--pad:" + padding + "; display: flex"));
}

TEST_CASE("build_dom leaves hidden subtrees out") {
  Dom dom = build_dom(
      "<html><body><p>visible</p>"
      "<div hidden><p>by-hidden-attr</p></div>"
      "<div aria-hidden=\"true\"><p>by-aria</p></div>"
      "<div style=\"display: none\"><p>by-style</p></div>"
      "<div class=\"kept\" id=\"kept-too\" hidden><p>after-kept-attributes</p></div>"
      "<p>after</p></body></html>");
  std::string text = all_text(dom);
  CHECK(text == "visibleafter");
  CHECK(count_tag(dom, Tag::div) == 0);
  CHECK(count_tag(dom, Tag::p) == 2);
  CHECK(dom.attrs.empty());  // the hidden div's kept attributes are taken back
  check_tree_consistent(dom);
  // The build tests a name for hiding only when it is not a kept attribute.
  Attr attr;
  for (std::string_view hiding : {"hidden", "aria-hidden", "style"})
    CHECK_FALSE(pith::dom::dom_attribute(hiding, attr));
}

TEST_CASE("build_dom keeps hidden subtrees that hold the page's text, beside visible menus") {
  std::string menu = "<nav>";
  for (int k = 0; k < 30; ++k) menu += "<a href=/s" + std::to_string(k) + ">Section " + std::to_string(k) + "</a> ";
  menu += "</nav>";  // about 600 bytes of visible text
  auto page_with_hidden = [&](int paragraphs) {
    std::string html = "<html><body>" + menu + "<div style=\"display: none\" class=wrapper>";
    for (int k = 0; k < paragraphs; ++k)
      html += "<p>A paragraph of the product's description, long enough to be read as prose by anyone.</p>";
    return build_dom(html + "</div></body></html>");
  };
  // 40 paragraphs: about 3,600 bytes, over four times the menu's text.
  Dom most = page_with_hidden(40);
  CHECK(count_tag(most, Tag::p) == 40);
  check_tree_consistent(most);
  // 10 paragraphs: less than four times the visible text, a hidden panel.
  Dom some = page_with_hidden(10);
  CHECK(count_tag(some, Tag::p) == 0);
  CHECK(count_tag(some, Tag::a) == 30);
}

TEST_CASE("build_dom keeps streamed content, hidden until a script moves it into place") {
  Dom dom = build_dom(
      "<html><body><p>visible</p><template id=\"B:0\"></template>"
      "<div hidden id=\"S:0\"><p>streamed</p></div>"
      "<div hidden id=\"S:1f\"><p>-hex</p></div>"
      "<div hidden id=\"S:\"><p>no-number</p></div>"
      "<div hidden id=\"S:0x\"><p>not-hex</p></div>"
      "<div hidden id=\"s:2\"><p>lower-case</p></div>"
      "<div style=\"display:none\" id=\"S:3\"><p>-styled</p></div>"
      "<div hidden id=\"menu\"><p>other-hidden</p></div></body></html>");
  CHECK(all_text(dom) == "visiblestreamed-hex-styled");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom walks each streamed part in the place its template holds") {
  // Boundaries (B:) and placeholders (P:) in the shell and inside parts; a
  // part whose place comes after it, one with no place, one that names
  // itself: each is walked once.
  Dom dom = build_dom(
      "<html><body><main><h1>title</h1><template id=\"B:0\"></template><p>between</p>"
      "<section><template id=\"B:a\"></template></section><template id=\"B:7\"></template></main>"
      "<footer>footer</footer>"
      "<div hidden id=\"S:a\"><p>second</p><template id=\"P:b\"></template></div>"
      "<div hidden id=\"S:0\"><p>first</p><template id=\"S:0\"></template><template id=\"P:0\"></template></div>"
      "<div hidden id=\"S:b\"><p>nested</p></div>"
      "<div hidden id=\"S:c\"><p>unplaced</p></div></body></html>");
  CHECK(all_text(dom) == "titlefirstbetweensecondnestedfooterunplaced");
  check_tree_consistent(dom);
  // The parts are children of the templates' parents, at the templates' depth.
  NodeId section = kNoNode;
  for (NodeId id = 0; id < dom.size(); ++id)
    if (dom.nodes[id].tag == Tag::section) section = id;
  REQUIRE(section != kNoNode);
  NodeId part = dom.nodes[section].first_child;
  REQUIRE(part != kNoNode);
  CHECK(dom.nodes[part].tag == Tag::div);
  CHECK(dom.nodes[part].depth == dom.nodes[section].depth + 1);
  CHECK(dom.nodes[section].subtree_end > part);
}

TEST_CASE("build_dom places many streamed parts, whatever their order") {
  // Places in order, parts in reverse order at the end of the body.
  constexpr int kParts = 3000;
  std::string html = "<html><body><main>";
  std::string expected;
  for (int k = 0; k < kParts; ++k) {
    html += fmt::format("<template id=\"B:{:x}\"></template>", k);
    expected += fmt::format("{}.", k);
  }
  html += "</main>";
  for (int k = kParts - 1; k >= 0; --k) html += fmt::format("<div hidden id=\"S:{:x}\">{}.</div>", k, k);
  Dom dom = build_dom(html + "</body></html>");
  CHECK(all_text(dom) == expected);
  check_tree_consistent(dom);
}

TEST_CASE("build_dom reads a template's id wherever the filter left it") {
  // Alone in its tag, an id is moved out as a run found by the tag's place
  // (the test above); with a character reference it stays in the tag; beside
  // an attribute that stays, it is a run behind a marker (as in the parts).
  Dom dom = build_dom(
      "<html><body><p>a</p><template id=\"&#x42;:1\"></template><p>c</p>"
      "<template lang=\"&#x65;n\" id=\"B:2\"></template><p>e</p>"
      "<div hidden id=\"S:1\"><p>b</p></div><div hidden id=\"S:2\"><p>d</p></div></body></html>");
  CHECK(all_text(dom) == "abcde");
}

TEST_CASE("build_dom keeps the collapsed panels of accordions and tabs") {
  // A panel is hidden until its header is clicked; its text is the page's.
  // Named by its role (tabpanel, region) or labelled by its header; a hidden
  // dialog (a modal) or menu stays out, labelled or not.
  Dom dom = build_dom(
      "<html><body><p>visible</p>"
      "<div role=\"tabpanel\" hidden><p>-tab</p></div>"
      "<div role=\"Region\" aria-hidden=\"true\"><p>-region</p></div>"
      "<section aria-labelledby=\"h2\" aria-hidden=\"true\" class=\"panel\"><p>-labelled</p></section>"
      "<div role=\"dialog\" aria-labelledby=\"t\" aria-hidden=\"true\"><p>modal</p></div>"
      "<ul role=\"menu\" aria-labelledby=\"b\" hidden><li>menu</li></ul>"
      "<div class=\"panel\" style=\"display:none\"><p>unnamed</p></div></body></html>");
  CHECK(all_text(dom) == "visible-tab-region-labelled");
  check_tree_consistent(dom);
  // The panel keeps the attributes the Dom keeps.
  const NodeId panel = dom.find_first(Tag::section);
  REQUIRE(panel != kNoNode);
  CHECK(dom.attr(panel, Attr::class_) == "panel");
}

TEST_CASE("build_dom keeps the panels a collapsed control names") {
  // WAI-ARIA's disclosure pattern: a control with aria-expanded="false"
  // names the panel its click shows in aria-controls (several ids allowed).
  // A panel no collapsed control names, one an expanded control names, a
  // <nav> or a menu a button opens, stay out.
  Dom dom = build_dom(
      "<html><body><h3><a aria-controls=\"a1\" aria-expanded=\"false\">Question?</a></h3>"
      "<div id=\"a1\" aria-hidden=\"true\"><p>-answer</p></div>"
      "<button aria-expanded=\"FALSE\" aria-controls=\" more  extra\">more</button>"
      "<div id=\"more\" hidden>-more</div><p id=\"extra\" style=\"display:none\">-extra</p>"
      "<div id=\"other\" hidden>not named</div>"
      "<button aria-expanded=\"true\" aria-controls=\"open\">o</button><div id=\"open\" hidden>expanded</div>"
      "<button aria-expanded=\"false\" aria-controls=\"menu nav\">m</button>"
      "<ul id=\"menu\" role=\"menu\" hidden><li>item</li></ul><nav id=\"nav\" hidden>nav</nav>"
      "</body></html>");
  CHECK(all_text(dom) == "Question?-answermore-more-extraom");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom keeps the hidden panes of tabs without roles") {
  // Tabs show one pane and hide the others until clicked: a hidden block
  // whose class names a visible sibling of its tag before it all has (the
  // shown one adds its state) is a pane. Classes of its own, another tag, an
  // inline element, no class, or aria-hidden (a marquee's second copy) are
  // not.
  Dom dom = build_dom(
      "<html><body><div class=\"panes\">"
      "<div class=\"pane open\"><p>first</p></div>"
      "<div class=\"pane\" style=\"display:none\"><p>-second</p></div>"
      "<div class=\" pane \" hidden><p>-third</p></div>"
      "<div class=\"pane extra\" style=\"display:none\"><p>own class</p></div>"
      "<section class=\"pane\" hidden><p>other tag</p></section>"
      "<div class=\"pane\" aria-hidden=\"true\"><p>copy</p></div>"
      "<div style=\"display:none\"><p>no class</p></div>"
      "<span class=\"tag\">t1</span><span class=\"tag\" hidden>inline</span>"
      "</div></body></html>");
  CHECK(all_text(dom) == "first-second-thirdt1");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom keeps a hidden wrapper around one collapsed panel") {
  // UI kits hide a wrapper that animates the panel open; the panel inside is
  // named as one (its role, or labelled by its header), beside a <style> at
  // most. A wrapper of two elements, with a role, or around a plain block
  // stays out.
  Dom dom = build_dom(
      "<html><body><p>visible</p>"
      "<div class=\"collapse\" style=\"overflow:hidden;display:none;height:0\"><style>.x{}</style>"
      "<div role=\"region\" id=\"p1\" class=\"panel x\" aria-labelledby=\"b1\"><p>-region</p></div></div>"
      "<div hidden><!-- panel --><section aria-labelledby=\"b2\"><p>-labelled</p></section></div>"
      "<div hidden><div role=\"region\"><p>two</p></div><p>elements</p></div>"
      "<div role=\"dialog\" hidden><div role=\"region\"><p>dialog</p></div></div>"
      "<div hidden><div class=\"panel\"><p>plain</p></div></div></body></html>");
  CHECK(all_text(dom) == "visible-region-labelled");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom keeps aria-hidden=\"false\" subtrees") {
  Dom dom = build_dom("<html><body><div aria-hidden=\"false\"><p>shown</p></div></body></html>");
  CHECK(all_text(dom) == "shown");
}

TEST_CASE("build_dom keeps a link hidden from screen readers only") {
  // A card's second link (around its summary) is aria-hidden so that a screen
  // reader hears the link once; the reader sees it. Hidden by another means,
  // or aria-hidden on an element that is not a link, it stays out.
  Dom dom = build_dom(
      "<html><body><article><h2><a href=/a>Title</a></h2>"
      "<a href=/a aria-hidden=\"true\" tabindex=\"-1\"><p>-summary</p></a>"
      "<a href=/a hidden><p>-hidden-link</p></a>"
      "<span aria-hidden=\"true\">-icon</span></article></body></html>");
  CHECK(all_text(dom) == "Title-summary");
  CHECK(count_tag(dom, Tag::a) == 2);
  check_tree_consistent(dom);
}

TEST_CASE("build_dom keeps a declarative shadow root") {
  // A <template shadowrootmode> (or the older shadowroot) is attached to its
  // parent and shown; any other <template> is inert.
  Dom dom = build_dom(
      "<html><body><story-view><template shadowrootmode=\"open\"><p>shadow</p></template></story-view>"
      "<x-a><template shadowroot=\"closed\"><p>-old</p></template></x-a>"
      "<template id=\"row\"><p>inert</p></template></body></html>");
  CHECK(all_text(dom) == "shadow-old");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom leaves <template> out") {
  Dom dom = build_dom(
      "<html><body><p>before</p><template><p>inside template</p></template>"
      "<p>after</p></body></html>");
  CHECK(all_text(dom) == "beforeafter");
  check_tree_consistent(dom);
}

TEST_CASE("build_dom keeps <noscript> content") {
  Dom dom = build_dom(
      "<html><body><noscript><p>fallback body text</p></noscript><p>after</p></body></html>");
  std::string text = all_text(dom);
  CHECK(text.find("fallback body text") != std::string::npos);
  CHECK(text.find("after") != std::string::npos);
}

TEST_CASE("build_dom counts body text, not head text, at every level it returns to") {
  // The walk climbs out of <head> and out of nested elements by Gumbo's
  // parent links: what it knows of the level it returns to (depth, in the
  // head or not) comes from the nodes already made.
  Dom dom = build_dom(
      "<html><head><title>Head title</title></head><body>"
      "<div><section><p>one two</p></section><p>three</p></div><p>four five six</p>"
      "</body></html>");
  // html head title #text body div section p #text p #text p #text
  REQUIRE(dom.size() == 13);
  REQUIRE(dom.counts.size() == dom.size());
  CHECK(dom.nodes[3].tag == Tag::text);
  CHECK(dom.counts[3].chars == Dom::kNotCounted.chars);
  CHECK(dom.counts[4].chars == 0);  // <body> is an element, not in the head
  CHECK(dom.counts[8].words == 2);
  CHECK(dom.counts[10].words == 1);
  CHECK(dom.counts[12].words == 3);
  CHECK(dom.nodes[9].depth == dom.nodes[6].depth);    // <p>three</p> after leaving <section>
  CHECK(dom.nodes[11].depth == dom.nodes[5].depth);   // <p>four...</p> after leaving <div>
  CHECK(dom.nodes[11].parent == 4);
  CHECK(dom.nodes[5].subtree_end == 11);
  check_tree_consistent(dom);
}

TEST_CASE("build_dom leaves script and style out but keeps JSON-LD text") {
  Dom dom = build_dom(
      "<html><head><script>var a = 'no';</script><style>p{}</style>"
      "<script type=\"application/ld+json\">{\"headline\":\"H\"}</script></head>"
      "<body><p>text</p></body></html>");
  CHECK(count_tag(dom, Tag::style) == 0);
  REQUIRE(count_tag(dom, Tag::script) == 1);
  NodeId script = dom.find_first(Tag::script);
  CHECK(dom.attr(script, Attr::type) == "application/ld+json");
  std::string json;
  dom.append_subtree_text(script, json);
  CHECK(json == "{\"headline\":\"H\"}");
}

TEST_CASE("build_dom decodes character references in text") {
  Dom dom = build_dom("<html><body><p>a &amp; b &lt;c&gt; &eacute; &#x4E2D;&#25991; &nbsp;x</p></body></html>");
  NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != kNoNode);
  std::string text;
  dom.append_subtree_text(p, text);
  CHECK(text == "a & b <c> \xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87 \xC2\xA0x");  // é 中文 NBSP
}

// Long text runs and values are moved out before the parse; the build finds
// them in the source, or copies them where the source differs from the text.
TEST_CASE("build_dom gives back moved text and values as the page has them") {
  Dom dom = build_dom(
      "<html><body><div class=\"a long list of classes\">\n  A paragraph long enough to move.  </div>"
      "<p>Windows line\r\nends and a lone\rCR made LF.</p>"
      "<p>Text split by a script <script>x()</script>is one text node.</p>"
      "<p>Short <b>bold text run</b> and the rest of it.</p>"
      "<section> <script>x()</script>after a lone space</section></body></html>");
  NodeId div = dom.find_first(Tag::div);
  REQUIRE(div != kNoNode);
  CHECK(dom.attr(div, Attr::class_) == "a long list of classes");
  CHECK(dom.text(dom.nodes[div].first_child) == "\n  A paragraph long enough to move.  ");
  NodeId p = dom.find_first(Tag::p);
  REQUIRE(p != kNoNode);
  CHECK(dom.text(dom.nodes[p].first_child) == "Windows line\nends and a lone\nCR made LF.");
  NodeId split = dom.nodes[p].next_sibling;
  REQUIRE(split != kNoNode);
  REQUIRE(dom.nodes[split].first_child == dom.nodes[split].last_child);
  CHECK(dom.text(dom.nodes[split].first_child) == "Text split by a script is one text node.");
  std::string text;
  dom.append_subtree_text(dom.nodes[split].next_sibling, text);
  CHECK(text == "Short bold text run and the rest of it.");
  NodeId section = dom.find_first(Tag::section);
  REQUIRE(section != kNoNode);
  REQUIRE(dom.nodes[section].first_child == dom.nodes[section].last_child);
  CHECK(dom.text(dom.nodes[section].first_child) == " after a lone space");
  CHECK(dom.text_counts(dom.nodes[section].first_child).words == 4);
}

TEST_CASE("build_dom makes class, id and href readable with Dom::attr") {
  Dom dom = build_dom(
      "<html><body><a class=\"nav link\" id=\"home\" href=\"/path?a=1&amp;b=2\" "
      "onclick=\"go()\">Home</a></body></html>");
  NodeId a = dom.find_first(Tag::a);
  REQUIRE(a != kNoNode);
  CHECK(dom.attr(a, Attr::class_) == "nav link");
  CHECK(dom.attr(a, Attr::id) == "home");
  CHECK(dom.attr(a, Attr::href) == "/path?a=1&b=2");  // entities decoded in values too
  CHECK(dom.has_attr(a, Attr::href));
  CHECK_FALSE(dom.has_attr(a, Attr::src));
  CHECK(dom.attr(a, Attr::src).empty());
  CHECK(dom.attr(dom.find_first(Tag::body), Attr::class_).empty());
}

TEST_CASE("build_dom gives each element the attributes the filter moved out of its tag") {
  // Runs found by the tag's place (an <a> cloned by the adoption agency has
  // its original's), behind markers where a value stays in place, and on a
  // page the markup guard changes, whose tags are then elsewhere.
  const std::string page =
      "<div class=\"story main\" id=s data-nosnippet><p class=lead>One <a href=/one class=x>link<p>two</a> <b class=k>bold</b>"
      "<a href=\"/two?a=1&amp;b=2\" class=y title=t>amp</a><img src=/i.png alt=\"An image\" width=20></div>";
  auto check = [](const Dom& dom) {
    NodeId div = dom.find_first(Tag::div);
    REQUIRE(div != kNoNode);
    CHECK(dom.attr(div, Attr::class_) == "story main");
    CHECK(dom.attr(div, Attr::id) == "s");
    CHECK(dom.has_attr(div, Attr::data_nosnippet));  // a valueless attribute is there all the same
    CHECK(dom.attr(dom.find_first(Tag::p), Attr::class_) == "lead");
    NodeId a = dom.find_first(Tag::a);
    REQUIRE(a != kNoNode);
    NodeId clone = dom.find_first(Tag::a, a + 1);
    REQUIRE(clone != kNoNode);
    CHECK(dom.attr(a, Attr::href) == "/one");
    CHECK(dom.attr(clone, Attr::href) == "/one");
    CHECK(dom.attr(clone, Attr::class_) == "x");
    CHECK(dom.attr(dom.find_first(Tag::b), Attr::class_) == "k");
    NodeId amp = dom.find_first(Tag::a, clone + 1);
    REQUIRE(amp != kNoNode);
    CHECK(dom.attr(amp, Attr::href) == "/two?a=1&b=2");
    CHECK(dom.attr(amp, Attr::class_) == "y");
    CHECK(dom.attr(amp, Attr::title) == "t");
    NodeId img = dom.find_first(Tag::img);
    REQUIRE(img != kNoNode);
    CHECK(dom.attr(img, Attr::src) == "/i.png");
    CHECK(dom.attr(img, Attr::alt) == "An image");
    CHECK(dom.attr(img, Attr::width) == "20");
  };
  check(build_dom("<html><body>" + page + "</body></html>"));
  std::string deep = "<html><body>";
  for (int k = 0; k < 40; ++k) deep += "<section class=s" + std::to_string(k) + ">";
  for (int k = 0; k < 40; ++k) deep += "</section>";
  pith::dom::MarkupLimits limits;
  limits.max_depth = 30;
  pith::dom::GuardedMarkup guard;
  Dom dom = build_dom(deep + page + "</body></html>", nullptr, limits, &guard);
  CHECK(guard.dropped_deep > 0);
  check(dom);
  CHECK(dom.attr(dom.find_first(Tag::section), Attr::class_) == "s0");
}

TEST_CASE("build_dom handles 20,000 nested <div>s without recursion") {
  constexpr int kDepth = 20000;
  std::string html = "<html><body>";
  html.reserve(kDepth * 11 + 64);
  for (int k = 0; k < kDepth; ++k) html += "<div>";
  html += "deep";
  for (int k = 0; k < kDepth; ++k) html += "</div>";
  html += "</body></html>";

  // The markup guard would stop at its default depth (markup_guard_test.cpp);
  // here it is raised so that the builder itself meets the deep tree.
  pith::dom::MarkupLimits limits;
  limits.max_depth = kDepth + 10;
  Dom dom = build_dom(html, nullptr, limits);
  CHECK(count_tag(dom, Tag::div) == kDepth);
  CHECK(all_text(dom) == "deep");
  NodeId first_div = dom.find_first(Tag::div);
  REQUIRE(first_div != kNoNode);
  CHECK(dom.nodes[first_div].subtree_end == dom.size());
  // The text node is the last node and sits under the innermost div.
  NodeId last = static_cast<NodeId>(dom.size() - 1);
  CHECK(dom.nodes[last].tag == Tag::text);
  CHECK(dom.nodes[dom.nodes[last].parent].tag == Tag::div);
  CHECK(dom.nodes[last].depth > kDepth);
}
