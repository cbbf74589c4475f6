// Tests for the pre-parse filter that drops markup the DOM build discards
// (comments, svg/math bodies, unread attributes): exact outputs on small
// cases, and on every fixture the same tree from Gumbo with and without it.
#include <doctest/doctest.h>
#include <gumbo.h>
#include <re2/re2.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "dom/prescan.hpp"
#include "dom/unseen_markup.hpp"
#include "text/ascii.hpp"

namespace {

using pith::dom::drop_unseen_markup;

// Attributes the filter keeps: those the DOM build reads, and those Gumbo's
// tree builder reads, of the elements it reads them of.
bool kept_attribute(GumboTag tag, std::string_view name, std::string_view value) {
  pith::dom::Attr attr;
  if (pith::dom::dom_attribute(name, attr)) return true;
  if (name == "style") return pith::dom::style_hides(value);
  if (name == "color" || name == "face" || name == "size") return tag == GUMBO_TAG_FONT;
  if (name == "encoding") return tag == GUMBO_TAG_ANNOTATION_XML;
  if (name == "prompt" || name == "action") return tag == GUMBO_TAG_ISINDEX;
  for (std::string_view read : pith::dom::kReadBeforeTheDom)
    if (name == read) return true;
  return false;
}

// The tree as the DOM build sees it: elements with their kept attributes and
// merged text (the pieces either side of an element the build leaves out
// join), without comments and without the elements the build leaves out.
// With `moved`, moved attribute values are resolved.
void flatten(const GumboNode* node, std::string& out, const pith::dom::MovedValues* moved) {
  std::vector<const GumboNode*> stack{node};
  int pre_depth = 0;
  std::vector<bool> closes_pre;  // per open element: is it a <pre>/<code>/<listing>
  bool in_pre = false;
  std::string text;  // since the last element that opened or closed
  auto flush_text = [&] {
    // White space alone between tags may shrink to one character (a line
    // break when it had one); nothing after the parse counts it.
    bool blank = text.find_first_not_of(" \t\n\r\f") == std::string::npos;
    if (blank && !text.empty() && !in_pre) out += text.find('\n') != std::string::npos ? "\n" : " ";
    else out += text;
    text.clear();
  };
  while (!stack.empty()) {
    const GumboNode* n = stack.back();
    stack.pop_back();
    if (n == nullptr) {
      flush_text();
      out += ")";
      if (closes_pre.back()) --pre_depth;
      closes_pre.pop_back();
      in_pre = pre_depth > 0;
      continue;
    }
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_CDATA) {
      if (moved) moved->append_text(text, n->v.text.text);
      else text += n->v.text.text;
      continue;
    }
    if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE &&
        n->type != GUMBO_NODE_DOCUMENT)
      continue;
    if (n->type == GUMBO_NODE_DOCUMENT) {
      for (unsigned i = n->v.document.children.length; i-- > 0;)
        stack.push_back(static_cast<const GumboNode*>(n->v.document.children.data[i]));
      continue;
    }
    const GumboElement& el = n->v.element;
    // The build leaves these elements out, with their subtrees (the filter
    // may take a script or style out whole); a script only when it is not
    // JSON-LD.
    const GumboAttribute* type = gumbo_get_attribute(&el.attributes, "type");
    bool left_out = el.tag == GUMBO_TAG_STYLE || el.tag == GUMBO_TAG_SVG || el.tag == GUMBO_TAG_MATH ||
                    el.tag == GUMBO_TAG_CANVAS || el.tag == GUMBO_TAG_IFRAME || el.tag == GUMBO_TAG_OBJECT ||
                    el.tag == GUMBO_TAG_EMBED || el.tag == GUMBO_TAG_TEMPLATE ||
                    (el.tag == GUMBO_TAG_SCRIPT && !(type && pith::text::contains_ascii_ci(type->value, "ld+json")));
    if (left_out) continue;
    flush_text();
    out += "(";
    out += gumbo_normalized_tagname(el.tag);
    for (unsigned i = 0; i < el.attributes.length; ++i) {
      const auto* a = static_cast<const GumboAttribute*>(el.attributes.data[i]);
      std::string_view name = a->name;
      // The Dom's attributes by their Attr, which is all a run keeps of a name.
      std::size_t run = moved ? moved->run_at(name) : std::string_view::npos;
      if (run != std::string_view::npos) {
        auto [first, count] = moved->attribute_runs[run];
        for (std::uint32_t k = first; k < first + count; ++k) {
          const auto& m = moved->attributes[k];
          out += " #" + std::to_string(static_cast<int>(m.name)) + "=";
          out += std::string_view(moved->source).substr(m.offset, m.length);
        }
        continue;
      }
      std::string_view value = moved ? moved->resolve(a->value) : std::string_view(a->value);
      if (!kept_attribute(el.tag, name, value)) continue;
      pith::dom::Attr attr;
      out += " ";
      out += pith::dom::dom_attribute(name, attr) ? "#" + std::to_string(static_cast<int>(attr)) : std::string(name);
      out += "=";
      out += value;
    }
    out += ":";
    stack.push_back(nullptr);
    bool verbatim = el.tag == GUMBO_TAG_PRE || el.tag == GUMBO_TAG_CODE || el.tag == GUMBO_TAG_LISTING;
    closes_pre.push_back(verbatim);
    if (verbatim) ++pre_depth;
    in_pre = pre_depth > 0;
    for (unsigned i = el.children.length; i-- > 0;)
      stack.push_back(static_cast<const GumboNode*>(el.children.data[i]));
  }
  flush_text();
}

std::string tree(const std::string& html, const pith::dom::MovedValues* moved = nullptr) {
  GumboOutput* output = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  std::string out;
  flatten(output->document, out, moved);
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  return out;
}

// The page as the filter means Gumbo to read it: a self-closed <iframe/>
// closed where it stands (unseen_markup.cpp), which Gumbo alone would leave
// open over the rest of the page. A test's regular expression: the fixture
// pages' iframe tags hold no '>' in their attributes.
std::string with_self_closed_iframes_closed(std::string html) {
  RE2::GlobalReplace(&html, R"((?i)(<iframe\b[^>]*/>))", R"(\1</iframe>)");
  return html;
}

}  // namespace

TEST_CASE("unseen markup: a self-closed <iframe/> is closed where it stands") {
  CHECK(drop_unseen_markup("<body><noscript><iframe src=x /></noscript><p>a</p>") ==
        "<body><noscript><iframe/></iframe></noscript><p>a</p>");  // its attributes are never read
  CHECK(tree("<body><noscript><iframe src=x></iframe></noscript><p>a</p>") ==
        tree(drop_unseen_markup("<body><noscript><iframe src=x /></noscript><p>a</p>")));
}

TEST_CASE("unseen markup: comments go, raw text and RCDATA bodies stay") {
  CHECK(drop_unseen_markup("a<!-- x -->b<!---->c<!-->d<!--->e<!-- y --!>f") == "abcdef");
  CHECK(drop_unseen_markup("<title>a <!-- b --> c</title><!--x-->") == "<title>a <!-- b --> c</title>");
  CHECK(drop_unseen_markup("<textarea><!--k--></textarea>") == "<textarea><!--k--></textarea>");
  CHECK(drop_unseen_markup("<script type=\"application/ld+json\">{\"a\":\"<!--x-->\"}</script>") ==
        "<script type=\"application/ld+json\">{\"a\":\"<!--x-->\"}</script>");
  CHECK(drop_unseen_markup("a<!-- never closed <p>b") == "a<!-- never closed <p>b");
  CHECK(drop_unseen_markup("<plaintext><!-- x -->") == "<plaintext><!-- x -->");
  CHECK(drop_unseen_markup("<p title='<!--'>x</p><!--y-->") == "<p title='<!--'>x</p>");
  std::string untouched = "<p class=a>plain</p>";
  CHECK(drop_unseen_markup(untouched) == untouched);
}

TEST_CASE("unseen markup: svg and math bodies go only when they cannot break out") {
  CHECK(drop_unseen_markup("<svg viewBox=\"0 0 1 1\"><title>Close</title><g><path d=\"M0 0\"/></g></svg>x") ==
        "<svg></svg>x");  // viewBox: read by nothing
  CHECK(drop_unseen_markup("<svg><svg><circle/></svg><rect></rect></svg>y") == "<svg></svg>y");
  CHECK(drop_unseen_markup("<math><mrow><mi>x</mi></mrow></math>") == "<math></math>");
  CHECK(drop_unseen_markup("<svg/><p>a</p>") == "<svg/><p>a</p>");
  // Breakouts keep the body: Gumbo would make HTML of them.
  for (const char* kept : {"<svg><p>Hello</p></svg>", "<div><svg><g></div>after",
                           "<svg><foreignObject><div>x</div></foreignObject></svg>",
                           "<svg><title><b>x</b></title></svg>", "<svg><![CDATA[</svg>]]></svg>",
                           "<svg><g></p></g></svg>", "<svg><font color=red>t</font></svg>",
                           "<svg><path>"})
    CHECK(drop_unseen_markup(kept) == kept);
}

TEST_CASE("unseen markup: unread attributes go, with the tokenizer's attribute rules") {
  CHECK(drop_unseen_markup("<a data-id=\"7\" href=\"/x\" onclick='go()'>t</a>") == "<a href=\"/x\">t</a>");
  CHECK(drop_unseen_markup("<img src=a.png srcset=\"a 1x, b 2x\" sizes=50vw alt=A>") ==
        "<img src=a.png srcset=\"a 1x, b 2x\" alt=A>");
  CHECK(drop_unseen_markup("<a href=\"y\"data-x=\"1\">t</a>") == "<a href=\"y\">t</a>");
  CHECK(drop_unseen_markup("<div data-flag class=c>t</div>") == "<div class=c>t</div>");
  CHECK(drop_unseen_markup("<br data-x/>") == "<br/>");
  CHECK(drop_unseen_markup("<a href=y/data-x>t</a>") == "<a href=y/data-x>t</a>");
  CHECK(drop_unseen_markup("<p class=\"a data-x=1\">t</p>") == "<p class=\"a data-x=1\">t</p>");
}

TEST_CASE("unseen markup: white space alone between tags shrinks, except where it is content") {
  CHECK(drop_unseen_markup("<div>\n      <p>a</p>    <p>b</p>\n</div>") == "<div>\n<p>a</p> <p>b</p>\n</div>");
  CHECK(drop_unseen_markup("<p><b>x</b>  <i>y</i></p>") == "<p><b>x</b> <i>y</i></p>");
  std::string pre = "<pre><b>def</b>\n    <i>f</i></pre>  <code>  <b>x</b></code>";
  CHECK(drop_unseen_markup(pre) == "<pre><b>def</b>\n    <i>f</i></pre> <code>  <b>x</b></code>");
  CHECK(drop_unseen_markup("<textarea>   </textarea>") == "<textarea>   </textarea>");
  CHECK(drop_unseen_markup("<p>a  b</p>") == "<p>a  b</p>");  // text, not between tags
}

TEST_CASE("unseen markup: a script or style goes whole where the tree builder would not notice") {
  // In the head and the body, between tags: tags and all.
  CHECK(drop_unseen_markup("<head>\n<script src=a.js></script>\n<meta charset=utf-8>") ==
        "<head>\n\n<meta charset=utf-8>");
  CHECK(drop_unseen_markup("<body><div>\n<style>p{}</style>\n<script>f()</script>\n</div>") ==
        "<body><div>\n\n\n</div>");
  CHECK(drop_unseen_markup("<body><div>\r\n<script>f()</script>\r\n</div>") == "<body><div>\n\n</div>");
  // Comments before the next tag go too: the white space either side joins.
  CHECK(drop_unseen_markup("<body><div>\n<script>f()</script>\n<!-- a -->\n<!-- b --><p>") ==
        "<body><div>\n\n\n<p>");
  // But text after a comment, or a comment that never ends, keeps it.
  CHECK(drop_unseen_markup("<body><div>\n<script>f()</script>\n<!-- a -->x<p>") ==
        "<body><div>\n<script></script>\nx<p>");
  CHECK(drop_unseen_markup("<body><div>\n<script>f()</script>\n<!-- a") ==
        "<body><div>\n<script></script>\n<!-- a");
  // Before the head, after it, in a table, a <noscript>, svg or a <template>:
  // emptied only.
  CHECK(drop_unseen_markup("<script>f()</script>\n<p>") == "<script></script>\n<p>");
  CHECK(drop_unseen_markup("<head></head>\n<script>f()</script>\n<body>") ==
        "<head></head>\n<script></script>\n<body>");
  CHECK(drop_unseen_markup("<body><table>\n<script>f()</script>\n<tr>") ==
        "<body><table>\n<script></script>\n<tr>");
  CHECK(drop_unseen_markup("<head><noscript><script>f()</script></noscript>") ==
        "<head><noscript><script></script></noscript>");
  CHECK(drop_unseen_markup("<body><template><script>f()</script></template>") ==
        "<body><template><script></script></template>");
  // Text right against it, or a next tag that leaves Gumbo's text where the
  // element would not have: kept.
  CHECK(drop_unseen_markup("<body><p>a<script>f()</script>\n<p>") == "<body><p>a<script></script>\n<p>");
  CHECK(drop_unseen_markup("<body><form>\n<script>f()</script>\n</form>") ==
        "<body><form>\n<script></script>\n</form>");
  CHECK(drop_unseen_markup("<body><b>\n<script>f()</script>\n</b>") == "<body><b>\n<script></script>\n</b>");
  // JSON-LD stays.
  std::string json_ld = "<body>\n<script type=application/ld+json>{}</script>\n<p>";
  CHECK(drop_unseen_markup(json_ld) == json_ld);
}

TEST_CASE("unseen markup: Gumbo builds the same kept tree with and without it") {
  namespace fs = std::filesystem;
  fs::path fixtures = fs::path(__FILE__).parent_path().parent_path().parent_path() / "fixtures";
  int pages = 0;
  for (const auto& entry : fs::directory_iterator(fixtures)) {
    fs::path page = entry.path() / "page.html";
    if (!fs::is_regular_file(page)) continue;
    std::ifstream in(page, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string html = pith::dom::strip_raw_text_bodies(ss.str());
    INFO(entry.path().filename().string());
    const std::string expected = tree(with_self_closed_iframes_closed(html));
    CHECK(expected == tree(drop_unseen_markup(html)));
    pith::dom::MovedValues moved;
    std::string with_markers = drop_unseen_markup(html, &moved);
    CHECK(expected == tree(with_markers, &moved));
    ++pages;
  }
  CHECK(pages >= 10);
  // Hand-made pages with every construct at once.
  std::string mixed =
      "<!doctype html><html><head><title>T <!-- c --></title><!-- head --></head><body>"
      "<table><!-- t --><tr><td data-x=1>a<!-- b -->c</td></tr></table>"
      "<p>x<svg class=i><use href=#a></use><title>t</title></svg>y<math><mi>m</mi></math></p>"
      "<svg><p>breaks out</p></svg><img data-src=a srcset=b onload=c alt=d>"
      "<a href='<!--x-->'>link</a><!-- tail --></body></html>";
  CHECK(tree(mixed) == tree(drop_unseen_markup(mixed)));
  // Scripts and styles in every insertion mode the filter tells apart, with
  // the text either side of them.
  for (std::string page : {
           "<script>a</script>\n<html><head>\n<script>b</script>\n<style>c</style>\n</head>\n<script>d</script>"
           "\n<body>\n<script>e</script>\n<p>x</p>",
           "<html><head><noscript>\n<script>a</script>\n<link></noscript></head><body>"
           "<table>\n<script>b</script>\n<tr><td>\n<script>c</script>\n</td></tr>\n<script>d</script>x</table>"
           "<form>\n<script>e</script>\n</form><b>\n<script>f</script>\n<p>\n<script>g</script>\n</b>y</p>"
           "<pre><script>h</script>\nz</pre><select>\n<script>i</script>\n<option>o</select>"
           "<div>\r<script>j</script>\n\r\n<script>k</script>\r</div><p>\r\n  text &amp;\n  more text</p>"
           "<frameset>",
           "<head></head><body><div>\n<script>a</script>\n</div>\n<style>b</style>\n</body>\n<script>c</script>\n"
           "</html>\n<script>d</script>\n",
           "<head>\n<script>a</script>\n<!-- x -->\n<meta></head><body><div>x\n<script>b</script><!--y--> <!---->"
           "\n<p>p</p>\n<script>c</script>\n<!-- z -->\n</div>\n<b>\n<script>d</script>\n<!-- w --></b>"}) {
    INFO(page);
    CHECK(tree(page) == tree(drop_unseen_markup(page)));
    pith::dom::MovedValues page_moved;
    std::string page_with_markers = drop_unseen_markup(page, &page_moved);
    CHECK(tree(page) == tree(page_with_markers, &page_moved));
  }
  pith::dom::MovedValues moved;
  std::string with_markers = drop_unseen_markup(mixed, &moved);
  CHECK(tree(mixed) == tree(with_markers, &moved));
}

TEST_CASE("unseen markup: attributes nothing reads go, those Gumbo or the build read stay") {
  CHECK(drop_unseen_markup("<a href=/x target=_blank rel=noopener>t</a>") == "<a href=/x rel=noopener>t</a>");
  CHECK(drop_unseen_markup("<img loading=lazy decoding=async alt=A>") == "<img alt=A>");
  // Images as data read their size and lazy-loading addresses.
  CHECK(drop_unseen_markup("<img width=10 HEIGHT=20 data-src=/a.jpg alt=A>") == "<img width=10 HEIGHT=20 data-src=/a.jpg alt=A>");
  CHECK(drop_unseen_markup("<p style=\"color: red\">t</p>") == "<p>t</p>");
  CHECK(drop_unseen_markup("<p style=\"display: none\">t</p>") == "<p style=\"display: none\">t</p>");
  CHECK(drop_unseen_markup("<p style=\"display&#58;none\">t</p>") == "<p style=\"display&#58;none\">t</p>");
  CHECK(drop_unseen_markup("<div hidden aria-hidden=true>t</div>") == "<div hidden aria-hidden=true>t</div>");
  CHECK(drop_unseen_markup("<input type=hidden value=1>") == "<input type=hidden>");
  CHECK(drop_unseen_markup("<font color=red face=x size=2>t</font>") == "<font color=red face=x size=2>t</font>");
  // Gumbo makes text of an <isindex>'s prompt and the form's action of its action.
  CHECK(drop_unseen_markup("<isindex prompt=\"Find: \" action=/s data-x=1>") ==
        "<isindex prompt=\"Find: \" action=/s>");
  // Those Gumbo reads of one element only go from the others.
  CHECK(drop_unseen_markup("<form action=/s><input size=3 color=red></form><div face=x encoding=y>t</div>") ==
        "<form><input></form><div>t</div>");
  CHECK(drop_unseen_markup("<math><annotation-xml encoding=text/html prompt=p><p>x</p></annotation-xml></math>") ==
        "<math><annotation-xml encoding=text/html><p>x</p></annotation-xml></math>");
  // An <input>'s type (the tree builder reads it) and a <script>'s (the build
  // tells JSON-LD by it) stay in place; another element's moves with its run.
  pith::dom::MovedValues moved;
  CHECK(drop_unseen_markup("<link type=text/css rel=a><input type=hidden name=q>", &moved) ==
        "<link " + pith::dom::moved_marker(0) + "><input type=hidden " + pith::dom::moved_marker(1) + ">");
  CHECK(drop_unseen_markup("<script type=application/ld+json id=x>{}</script>", &moved) ==
        "<script type=application/ld+json " + pith::dom::moved_marker(0) + ">{}</script>");
}

TEST_CASE("unseen markup: a tag the page ends in goes, and an end tag's attributes") {
  // The tokenizer drops a tag still open at the end of the page ("EOF in
  // tag"): Gumbo never reads it, nor its attributes, however many.
  CHECK(drop_unseen_markup("<p>a</p><div class=x a0 a1 a2") == "<p>a</p>");
  CHECK(drop_unseen_markup("<p>a</p><a href=\"/x>b</a>") == "<p>a</p>");
  CHECK(drop_unseen_markup("<p>a</p><b<b<b") == "<p>a</p>");
  CHECK(drop_unseen_markup("<p>a</p x=1 y=\"2\">b") == "<p>a</p>b");
  CHECK(drop_unseen_markup("<p>a</p >") == "<p>a</p>");
  auto attribute_flood = [](int attributes) {
    std::string tag = "<div";
    for (int k = 0; k < attributes; ++k) tag += " a" + std::to_string(k);
    return tag;
  };
  CHECK(drop_unseen_markup("<p>a</p>" + attribute_flood(40000)) == "<p>a</p>");
  // The tree Gumbo builds is the same.
  for (const std::string& page : std::vector<std::string>{"<p>a</p><div class=x a0 a1", "<p>a<a href='/x>b</a>c", "<ul><li>a<li", "<p>a</p><img src=x /",
        "<p>a</p x=1>b", "<table><tr><td>a</td x></tr></table>", "<p>x<isindex prompt='Q? ' action=/s class=c>",
        "<!-- c --><p>a</p></p x=\"<p>\">b<div title=\"x", "<svg><svg><svg><g>" + attribute_flood(500)}) {
    CAPTURE(page);
    CHECK(tree(page) == tree(drop_unseen_markup(page)));
    pith::dom::MovedValues moved;
    std::string with_markers = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(with_markers, &moved));
  }
}

TEST_CASE("unseen markup: long kept values move out of the markup and resolve back") {
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  // (In tags whose attributes move as runs, which these are not.)
  std::string out = drop_unseen_markup(
      "<b class=\"article-body main\" id=x><i title=https://example.org/a lang='It&amp;s'>t</i></b>",
      &moved);
  REQUIRE(moved.ranges.size() == 2);
  CHECK(moved.attribute_runs.empty());
  CHECK(moved_marker(0) == "\xF3\xB0\x80\x80");      // U+F0000
  CHECK(moved_marker(65534) == "\xF4\x80\x80\x80");  // U+100000: plane 15's last two are noncharacters
  CHECK(moved_marker(65533) == "\xF3\xBF\xBF\xBD");  // U+FFFFD
  CHECK(moved_marker(pith::dom::kMaxMovedPieces - 1) == "\xF4\x8F\xBF\xBD");  // U+10FFFD
  for (std::size_t index : {std::size_t{0}, std::size_t{4095}, std::size_t{65533}, std::size_t{65534},
                            std::size_t{100000}, pith::dom::kMaxMovedPieces - 1})
    CHECK(pith::dom::MovedValues::marker_number(moved_marker(index)) == index);
  // Short values, and values with a character reference, stay where they are.
  CHECK(out == "<b class=\"" + moved_marker(0) + "\" id=x><i title=\"" + moved_marker(1) +
                   "\" lang='It&amp;s'>t</i></b>");
  CHECK(moved.resolve(moved_marker(0)) == "article-body main");
  CHECK(moved.resolve(moved_marker(1)) == "https://example.org/a");
  CHECK(moved.resolve("plain value") == "plain value");
  CHECK(moved.resolve(moved_marker(1) + " and more") == moved_marker(1) + " and more");
  CHECK(moved.resolve(moved_marker(2)) == moved_marker(2));  // no such piece
  // Values Gumbo would change (CR, controls) stay too.
  drop_unseen_markup("<div class=\"one\rtwo three\">t</div>", &moved);
  CHECK(moved.ranges.empty());
  CHECK(moved.attribute_runs.empty());
  // A page that has a marker code point already moves nothing.
  for (std::string page : std::vector<std::string>{
           "<p class=\"article-body\">&#1114109;</p>", "<p class=\"article-body\">&#xF0000</p>",
           "<p class=\"article-body\">" + moved_marker(7) + "</p>",
           "<p class=\"article-body\">\xF4\x8F\xBF\xBD</p>"}) {
    std::string kept = drop_unseen_markup(page, &moved);
    CHECK(moved.ranges.empty());
    CHECK(moved.attribute_runs.empty());
    CHECK(kept == page);
  }
}

TEST_CASE("unseen markup: a value moves unless a byte Gumbo changes stands anywhere in it") {
  // At every place of a value three blocks long (the bytes are tested
  // sixteen at a time): controls, '&', DEL, CR (in values), C1 controls and
  // noncharacters keep it in place; tab, LF, FF and other UTF-8 do not.
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  for (std::size_t at = 0; at < 48; ++at) {
    for (std::string_view changed : {"\x01", "&", "\x7F", "\r", "\xC2\x80", "\xEF\xBF\xBE", "\xFF"}) {
      std::string value(48, 'x');
      value.replace(at, 1, changed);
      drop_unseen_markup("<b class=\"" + value + "\">t</b>", &moved);
      CHECK_MESSAGE(moved.ranges.empty(), at, " ", changed);
    }
    for (std::string_view kept : {"\t", "\n", "\f", " ", "\xC3\xA9", "\xE4\xB8\xAD"}) {
      std::string value(48, 'x');
      value.replace(at, 1, kept);
      drop_unseen_markup("<b class=\"" + value + "\">t</b>", &moved);
      REQUIRE_MESSAGE(moved.ranges.size() == 1, at, " ", kept);
      CHECK(moved.resolve(moved_marker(0)) == value);
    }
  }
}

TEST_CASE("unseen markup: long UTF-8 moves unless a code point Gumbo changes stands anywhere in it") {
  // Values and text of CJK characters (past kWellFormedCheckBytes: checked
  // whole for well-formed UTF-8, then read only at the bytes that may start
  // a changed code point), with every kind of change at every place:
  // controls, '&', DEL, C1 controls, noncharacters of the BMP and of the
  // other planes, and ill-formed sequences (a lone continuation byte, a
  // truncated character, a surrogate, a byte UTF-8 never has) keep it in
  // place; their neighbours that Gumbo passes (NBSP, U+FDF0, U+FFFD as
  // such, an emoji, U+D7FF) do not.
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  const std::string han = "\xE4\xB8\xAD";
  const std::string_view changed[] = {"\x01", "&", "\x7F", "\xC2\x80", "\xC2\x9F", "\xEF\xB7\x90",
                                      "\xEF\xB7\xAF", "\xEF\xBF\xBE", "\xEF\xBF\xBF", "\xF0\x9F\xBF\xBE",
                                      "\xF4\x8F\xBF\xBF", "\x80", "\xE4\xB8", "\xED\xA0\x80", "\xFF"};
  const std::string_view kept[] = {"\t", "\n", " ", "\xC2\xA0", "\xEF\xB7\xB0", "\xEF\xBF\xBD",
                                   "\xF0\x9F\x98\x80", "\xED\x9F\xBF", "x"};
  for (std::size_t at = 0; at < 40; ++at) {
    auto value_with = [&](std::string_view piece) {
      std::string value;
      for (std::size_t k = 0; k < 40; ++k) value += k == at ? std::string(piece) : han;
      return value;
    };
    for (std::string_view piece : changed) {
      const std::string value = value_with(piece);
      drop_unseen_markup("<b class=\"" + value + "\">t</b>", &moved);
      CHECK_MESSAGE(moved.ranges.empty(), at, " ", piece);
      // In text a '&' ends the piece that moves, and the rest moves after it.
      if (piece == "&") continue;
      drop_unseen_markup("<body><p>" + value + "</p>", &moved);
      CHECK_MESSAGE(moved.ranges.empty(), at, " ", piece);
    }
    for (std::string_view piece : kept) {
      const std::string value = value_with(piece);
      drop_unseen_markup("<b class=\"" + value + "\">t</b>", &moved);
      REQUIRE_MESSAGE(moved.ranges.size() == 1, at, " ", piece);
      CHECK(moved.resolve(moved_marker(0)) == value);
      drop_unseen_markup("<body><p>" + value + "</p>", &moved);
      REQUIRE_MESSAGE(moved.ranges.size() == 1, at, " ", piece);
    }
  }
}

TEST_CASE("unseen markup: a short value moves into a run unless a byte Gumbo changes stands in it") {
  // Values under eight bytes are tested as one word padded with spaces: at
  // every place of every such length.
  pith::dom::MovedValues moved;
  for (std::size_t size = 1; size < 8; ++size) {
    for (std::size_t at = 0; at < size; ++at) {
      // ('&' is left out: a run takes such a value decoded.)
      for (std::string_view changed : {"\x01", "\x1F", "\x7F", "\r", "\xC2\x80", "\xEF\xBF\xBE", "\xFF"}) {
        std::string value(size, 'x');
        value.replace(at, 1, changed);
        drop_unseen_markup("<div id=\"" + value + "\">t</div>", &moved);
        CHECK_MESSAGE(moved.attribute_runs.empty(), size, " ", at, " ", changed);
      }
      for (std::string_view kept : {"\t", "\n", "\f", " ", "~", "!", "\xC3\xA9", "\xE4\xB8\xAD"}) {
        std::string value(size, 'x');
        value.replace(at, 1, kept);
        drop_unseen_markup("<div id=\"" + value + "\">t</div>", &moved);
        REQUIRE_MESSAGE(moved.attributes.size() == 1, size, " ", at, " ", kept);
        CHECK(std::string_view(moved.source).substr(moved.attributes[0].offset, moved.attributes[0].length) == value);
      }
    }
  }
}

TEST_CASE("unseen markup: a start tag's kept attributes reach Gumbo as runs behind one marker") {
  using pith::dom::moved_marker;
  using pith::dom::Attr;
  pith::dom::MovedValues moved;
  std::string out = drop_unseen_markup(
      "<div class=\"a b\" data-x=1 id=main><a href=/x title=\"It&rarr;s\" rel=nofollow>t</a>"
      "<img src=a.png hidden alt></div>",
      &moved);
  // A value Gumbo would change (a reference the filter does not read) and an
  // attribute the Dom does not keep stay in place and end a run: the
  // attributes keep their order.
  CHECK(out == "<div " + moved_marker(0) + "><a " + moved_marker(1) + " title=\"It&rarr;s\" " + moved_marker(2) +
                   ">t</a><img " + moved_marker(3) + " hidden " + moved_marker(4) + "></div>");
  REQUIRE(moved.attribute_runs.size() == 5);
  REQUIRE(moved.attributes.size() == 6);
  auto value = [&](std::size_t k) {
    return std::string_view(moved.source).substr(moved.attributes[k].offset, moved.attributes[k].length);
  };
  CHECK(moved.attribute_runs[0] == std::pair<std::uint32_t, std::uint32_t>{0, 2});
  CHECK((moved.attributes[0].name == Attr::class_ && value(0) == "a b"));
  CHECK((moved.attributes[1].name == Attr::id && value(1) == "main"));
  CHECK((moved.attributes[2].name == Attr::href && value(2) == "/x"));
  CHECK((moved.attributes[3].name == Attr::rel && value(3) == "nofollow"));
  CHECK((moved.attributes[5].name == Attr::alt && value(5).empty()));  // no value: ""
  CHECK(moved.run_at(moved_marker(4)) == 4);
  CHECK(moved.run_at(moved_marker(5)) == std::string_view::npos);
  CHECK(moved.run_at("class") == std::string_view::npos);
  // Not where Gumbo compares or merges attributes by name, nor in a tag that
  // repeats a kept name (Gumbo keeps the first).
  for (std::string page : {"<b class=x>t</b>", "<font class=x color=red>t</font>", "<body class=x>t",
                           "<html lang=en><body>t", "<isindex name=x action=/s>", "<div class=a CLASS=b>t</div>"}) {
    CAPTURE(page);
    CHECK(drop_unseen_markup(page, &moved) == page);
    CHECK(moved.attribute_runs.empty());
  }
  // With runs_by_tag, a tag left with its run alone keeps no attribute: the
  // run is found by the place of its '<' in the output.
  out = drop_unseen_markup("<p>x</p><div class=a data-x=1 id=b>t</div><a href=/x title=\"&rarr;\">l</a>", &moved,
                           {}, /*runs_by_tag=*/true);
  CHECK(out == "<p>x</p><div>t</div><a " + moved_marker(1) + " title=\"&rarr;\">l</a>");
  REQUIRE(moved.tag_runs.size() == 1);
  CHECK(moved.tag_runs[0] == std::pair<std::uint32_t, std::uint32_t>{8, 0});
  CHECK(out.compare(8, 4, "<div") == 0);
  CHECK(moved.attribute_runs[0] == std::pair<std::uint32_t, std::uint32_t>{0, 2});
  CHECK(drop_unseen_markup("<p/class=x>", &moved, {}, true) == "<p/ >");  // not made self-closing
  // <input>'s type, which the tree builder reads, stays in place.
  CHECK(drop_unseen_markup("<input type=text name=q>", &moved) == "<input type=text " + moved_marker(0) + ">");
  // The tree Gumbo builds is the same: the adoption agency and the active
  // formatting elements clone an <a> with its run.
  for (std::string page : {"<a href=/1 class=x><p>b<a href=/2>c</a></p>", "<p><a class=x id=y>1<b>2</p>3</a>",
                           "<div class=\"x\"id=y/><p/class=z>t", "<table class=t><tr id=r><td>1<input type=hidden class=h></table>",
                           "<b class=x><p id=1>a<b class=x><b class=x><b class=x><p>b</b>c",
                           "<html class=a><body id=b><html class=c lang=d><body class=e title=f>t"}) {
    CAPTURE(page);
    std::string with_markers = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(with_markers, &moved));
  }
}

TEST_CASE("unseen markup: a value with character references moves as Gumbo decodes it") {
  using pith::dom::Attr;
  pith::dom::MovedValues moved;
  auto moved_href = [&](const std::string& value) -> std::optional<std::string> {
    std::string page = "<a href=\"" + value + "\">t</a>";
    std::string out = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(out, &moved));
    if (moved.attributes.empty()) return std::nullopt;
    return std::string(std::string_view(moved.source).substr(moved.attributes[0].offset, moved.attributes[0].length));
  };
  // "&amp;" and the other references read_reference knows, numbers, and the
  // '&'s Gumbo leaves as they are in a value: before no name, before a name
  // and '=', where a letter or digit follows the longest legacy name.
  CHECK(moved_href("/a?x=1&amp;y=2") == "/a?x=1&y=2");
  CHECK(moved_href("/a?x=1&y=2&copy=3&f_id=4") == "/a?x=1&y=2&copy=3&f_id=4");
  CHECK(moved_href("a & b &") == "a & b &");
  CHECK(moved_href("&quot;q&quot; &lt;&gt; &apos;") == "\"q\" <> '");
  CHECK(moved_href("&#38;&#x26;&#039;&#X3d;") == "&&'=");
  CHECK(moved_href("&nbsp;&rsquo;&#8217;&#xE9;") == "\u00A0\u2019\u2019\u00E9");
  CHECK(moved_href("&ampx &notin1 &copyright") == "&ampx &notin1 &copyright");
  CHECK(moved.source.size() > moved.page_bytes);  // the decoded value follows the page
  // A legacy name read without its ';', other names, numbers Gumbo reads as
  // other characters, a number without ';': in place.
  for (std::string value : {"&copy", "a&amp b", "&alpha;", "&rarr;", "&#128;", "&#0;", "&#xFFFE;", "&#38", "&#x;", "&nbsp x",
                            "&\xC3\xA9", "x\ry&amp;"}) {
    CAPTURE(value);
    CHECK(moved_href(value) == std::nullopt);
  }
  // Every value of a few bytes that matter to references, as Gumbo reads it.
  const std::string_view bytes[] = {"&", "#", ";", "=", "a", "m", "p", "o", "t", "c", "y", "x", "1", "3", "8",
                                    " ", "-", "A", "M", "P", "\xC3\xA9", "n", "q", "u"};
  std::uint32_t seed = 1;
  for (int i = 0; i < 5000; ++i) {
    std::string value;
    for (int k = 0; k < 10; ++k) {
      seed = seed * 1103515245 + 12345;
      value += bytes[(seed >> 16) % std::size(bytes)];
    }
    CAPTURE(value);
    moved_href(value);
  }
}

TEST_CASE("unseen markup: long text moves from its first character that is not white space") {
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  std::string out = drop_unseen_markup(
      "<p>\n  A paragraph long enough to move.\r\nSecond line.</p><p>abc</p><p>Fish &amp; chips, "
      "a long line with a reference</p><table>  <tr><td>cell text long enough</td></tr></table>",
      &moved);
  // A reference read_reference reads moves with the text, decoded.
  CHECK(out == "<p>\n  " + moved_marker(0) + "</p><p>abc</p><p>" + moved_marker(1) + "</p><table> <tr><td>" +
                   moved_marker(2) + "</td></tr></table>");
  CHECK(moved.resolve(moved_marker(1)) == "Fish & chips, a long line with a reference");
  std::string text;
  moved.append_text(text, "x " + moved_marker(0) + moved_marker(2) + " y \xF0\x9F\x98\x80");
  CHECK(text == "x A paragraph long enough to move.\nSecond line.cell text long enough y \xF0\x9F\x98\x80");
  // Nothing moves in a frameset (its text keeps only white space) or after a
  // CDATA section (which ends at "]]>").
  std::string frameset = "<frameset><frame src=a>some text in a frameset page</frameset>";
  CHECK(drop_unseen_markup(frameset, &moved) ==
        "<frameset><frame " + moved_marker(0) + ">some text in a frameset page</frameset>");
  CHECK(moved.ranges.empty());
  std::string cdata = "<svg><p>x</p><![CDATA[ a > b, long enough text ]]></svg>";
  CHECK(drop_unseen_markup(cdata, &moved) == cdata);
  // In the body the white space before a piece moves with it, but in <pre>
  // and in a table.
  out = drop_unseen_markup("<body><p>\n  Some text</p><pre>\n  code here</pre><table><td>\n  a cell</table>", &moved);
  CHECK(out == "<body><p>" + moved_marker(0) + "</p><pre>\n  " + moved_marker(1) + "</pre><table><td>\n  " +
                   moved_marker(2) + "</table>");
  CHECK(moved.resolve(moved_marker(0)) == "\n  Some text");
}

TEST_CASE("unseen markup: the elements the build leaves out lose every attribute") {
  pith::dom::MovedValues moved;
  CHECK(drop_unseen_markup("<script type=\"text/javascript\" src=/a.js async id=s></script>", &moved) ==
        "<script></script>");
  CHECK(moved.attribute_runs.empty());
  CHECK(drop_unseen_markup("<iframe src=/f title=Ad hidden></iframe><style media=print></style>") ==
        "<iframe></iframe><style></style>");
  CHECK(drop_unseen_markup("<svg class=icon aria-hidden=true><use href=#i></use></svg>") == "<svg></svg>");
  // JSON-LD stays as it is: the metadata stage reads it, by its type.
  std::string ld = "<script type=\"application/ld+json\" id=ld>{}</script>";
  CHECK(drop_unseen_markup(ld) == ld);
  // (Gumbo decodes a character reference in the type before the build reads it.)
  std::string referenced = "<script type=\"application/ld&#x2B;json\"></script>";
  CHECK(drop_unseen_markup(referenced) == referenced);
}

TEST_CASE("unseen markup: white space in tags shrinks, never making a tag self-closing") {
  pith::dom::MovedValues moved;
  CHECK(drop_unseen_markup("<div\n   data-a=1\n   data-b=2\n   class=c\n>t</div>") == "<div\nclass=c>t</div>");
  CHECK(drop_unseen_markup("<meta  name=a   content=b  />") == "<meta name=a content=b />");
  CHECK(drop_unseen_markup("<meta  name=\"a\"   content=\"b\"  />") == "<meta name=\"a\" content=\"b\"/>");
  CHECK(drop_unseen_markup("<img alt=x data-y=\"1\"/>") == "<img alt=x />");  // "x/" would be the value
  CHECK(drop_unseen_markup("<br / >") == "<br / >");                           // not self-closing
  CHECK(drop_unseen_markup("<svg/data-x=1><g></g></svg>") == "<svg/ ></svg>");
  CHECK(drop_unseen_markup("<p/ class=x>", &moved, {}, /*runs_by_tag=*/true) == "<p/ >");
  for (std::string page : {"<div\n   data-a=1\n   class=c\n>t</div>", "<img alt=x data-y=\"1\"/><p>a",
                           "<br / ><svg/data-x=1><g>x</g></svg>y", "<math data-x=1 /><p>after</p>",
                           "<a href=x/ data-y=1 >t</a>", "<input  type=hidden  data-z=1  ><table><td>c</table>"}) {
    CAPTURE(page);
    CHECK(tree(page) == tree(drop_unseen_markup(page)));
    std::string with_markers = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(with_markers, &moved));
  }
}

TEST_CASE("unseen markup: text moves around character references, never past one it cannot end") {
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  // A reference without ';' may read differently with a marker after it
  // ("&notin;" is one character, "&not" + "in;" two): the rest stays.
  CHECK(drop_unseen_markup("<p>Tea &notin; cups, &notit more text here</p>", &moved) ==
        "<p>" + moved_marker(0) + "&notin;" + moved_marker(1) + "&notit more text here</p>");
  CHECK(drop_unseen_markup("<p>AT&T and more text</p>", &moved) == "<p>" + moved_marker(0) + "</p>");
  CHECK(moved.resolve(moved_marker(0)) == "AT&T and more text");
  CHECK(drop_unseen_markup("<p>Fish & chips, long enough</p>", &moved) == "<p>" + moved_marker(0) + "</p>");
  // The references it reads go on the piece before them, decoded; from one
  // it does not read on, the text stays.
  CHECK(drop_unseen_markup("<p>A&nbsp;B &amp; C&#8217;s &copy D</p>", &moved) ==
        "<p>" + moved_marker(0) + "&copy D</p>");
  CHECK(moved.resolve(moved_marker(0)) == "A\u00A0B & C\u2019s ");
  // A piece may start at one, but not at one that reads as white space.
  CHECK(drop_unseen_markup("<td>&nbsp;</td><p>&#32;&amp; more text</p>", &moved) ==
        "<td>" + moved_marker(0) + "</td><p>&#32;" + moved_marker(1) + "</p>");
  CHECK(moved.resolve(moved_marker(1)) == "& more text");
  // Until a piece has moved, a piece starts after its white space: a
  // reference may decode to white space, which the head and tables keep
  // apart from other text.
  CHECK(drop_unseen_markup("<head>&#32;  &#10;  tail text</head>", &moved) ==
        "<head>&#32;  &#10;  " + moved_marker(0) + "</head>");
  for (std::string page : {"<head>&#32;  tail text<title>t</title>", "<table>&#9;  cell? no, text<tr><td>x</table>",
                           "<pre>&#10;\n  code &lt;b&gt; here</pre>", "<p>x &amp;&amp; y &#x26; z &#38 w and more</p>", "<p>Tea &notin; cups, &notit; more &notit more</p>",
                           "<select>&nbsp; an option text &gt; more</select>", "<p>A&nbsp;B&nbsp;C long piece</p>",
                           "<table><tr>text &amp; more text<td>c</table>", "<body>&#0;&#128; nul and c1 text</body>",
                           "<table>&nbsp;<tr><td>&#32;x&lt;y</table>", "<head>&amp;<title>t</title>"}) {
    CAPTURE(page);
    std::string with_markers = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(with_markers, &moved));
  }
}

TEST_CASE("unseen markup: a JSON-LD body moves in pieces around its '&'s, unless it holds a '<'") {
  using pith::dom::moved_marker;
  pith::dom::MovedValues moved;
  std::string ld = "<script type=\"application/ld+json\">{\"url\": \"/a?b=1&c=2\"}</script>";
  CHECK(drop_unseen_markup(ld, &moved) ==
        "<script type=\"application/ld+json\">" + moved_marker(0) + "&" + moved_marker(1) + "</script>");
  CHECK(moved.resolve(moved_marker(0)) == "{\"url\": \"/a?b=1");
  std::string escaped = "<script type=\"application/ld+json\">{\"a\": \"<!--<script>\"}</script>x</script>";
  CHECK(drop_unseen_markup(escaped, &moved) == escaped);
  for (const std::string& page : std::vector<std::string>{ld, escaped, "<script type=application/ld+json>{\"a\":\r\n \"&amp; &#38;\"}</script><p>t",
                           "<table><script type=application/ld+json>{\"k\": \"v long\"}</script><tr><td>c</table>"}) {
    CAPTURE(page);
    std::string with_markers = drop_unseen_markup(page, &moved);
    CHECK(tree(page) == tree(with_markers, &moved));
  }
}

TEST_CASE("unseen markup: formatting elements keep every attribute, so equal ones stay equal and others not") {
  // Gumbo reopens at most three equal formatting elements (the "Noah's Ark"
  // clause): four that differ only in attributes nothing reads must still
  // reopen four.
  for (std::string page : {"<p><b data-x=1><b data-x=2><b data-x=3><b data-x=4>x<p>y</p>",
                           "<p><i style='color:red'><i style='color:blue'><i style='color:green'><i>x<p>y</p>",
                           "<p><font data-a=1><font data-a=2><font data-a=3><font data-a=4>x<p>y",
                           "<p><em aria-label=a><em aria-label=a><em aria-label=a><em aria-label=a>x<p>y"}) {
    INFO(page);
    CHECK(tree(page) == tree(drop_unseen_markup(page)));
  }
  // Elements that are not formatting elements still lose what nothing reads.
  CHECK(drop_unseen_markup("<div data-x=1>a</div>").find("data-x") == std::string::npos);
  // A flood of names on one formatting element keeps a few: Gumbo compares
  // each attribute with those before it.
  std::string flood = "<p><b";
  for (int k = 0; k < 40000; ++k) flood += " d" + std::to_string(k) + "=1";
  flood += ">x</b></p>";
  const std::string filtered = drop_unseen_markup(flood);
  CHECK(std::count(filtered.begin(), filtered.end(), '=') <= 16);
}
