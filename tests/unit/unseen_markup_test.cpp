// Tests for the pre-parse filter that drops markup the DOM build discards
// (comments, svg/math bodies, unread attributes): exact outputs on small
// cases, and on every fixture the same tree from Gumbo with and without it.
#include <doctest/doctest.h>
#include <gumbo.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dom/prescan.hpp"
#include "dom/unseen_markup.hpp"
#include "text/ascii.hpp"

namespace {

using pith::dom::drop_unseen_markup;

// The tree as the DOM build sees it: elements with their kept attributes and
// merged text, without comments and without the insides of svg/math.
void flatten(const GumboNode* node, std::string& out) {
  std::vector<const GumboNode*> stack{node};
  int pre_depth = 0;
  std::vector<bool> closes_pre;  // per open element: is it a <pre>/<code>/<listing>
  bool in_pre = false;
  while (!stack.empty()) {
    const GumboNode* n = stack.back();
    stack.pop_back();
    if (n == nullptr) {
      out += ")";
      if (closes_pre.back()) --pre_depth;
      closes_pre.pop_back();
      in_pre = pre_depth > 0;
      continue;
    }
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_CDATA) {
      // White space alone between tags may shrink to one character (a line
      // break when it had one); nothing after the parse counts it.
      std::string_view t = n->v.text.text;
      bool blank = t.find_first_not_of(" \t\n\r\f") == std::string_view::npos;
      if (blank && !t.empty() && !in_pre) out += t.find('\n') != std::string_view::npos ? "\n" : " ";
      else out += t;
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
    out += "(";
    out += gumbo_normalized_tagname(el.tag);
    for (unsigned i = 0; i < el.attributes.length; ++i) {
      const auto* a = static_cast<const GumboAttribute*>(el.attributes.data[i]);
      std::string_view name = a->name;
      if (name.substr(0, 5) == "data-" || name.substr(0, 2) == "on" || name == "srcset" ||
          name == "sizes")
        continue;
      out += " ";
      out += name;
      out += "=";
      out += a->value;
    }
    out += ":";
    stack.push_back(nullptr);
    bool verbatim = el.tag == GUMBO_TAG_PRE || el.tag == GUMBO_TAG_CODE || el.tag == GUMBO_TAG_LISTING;
    closes_pre.push_back(verbatim);
    if (verbatim) ++pre_depth;
    in_pre = pre_depth > 0;
    if (el.tag == GUMBO_TAG_SVG || el.tag == GUMBO_TAG_MATH) continue;
    for (unsigned i = el.children.length; i-- > 0;)
      stack.push_back(static_cast<const GumboNode*>(el.children.data[i]));
  }
}

std::string tree(const std::string& html) {
  GumboOutput* output = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  std::string out;
  flatten(output->document, out);
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  return out;
}

}  // namespace

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
        "<svg viewBox=\"0 0 1 1\"></svg>x");
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
  CHECK(drop_unseen_markup("<a data-id=\"7\" href=\"/x\" onclick='go()'>t</a>") == "<a  href=\"/x\" >t</a>");
  CHECK(drop_unseen_markup("<img src=a.png srcset=\"a 1x, b 2x\" sizes=50vw alt=A>") ==
        "<img src=a.png   alt=A>");
  CHECK(drop_unseen_markup("<a href=\"y\"data-x=\"1\">t</a>") == "<a href=\"y\">t</a>");
  CHECK(drop_unseen_markup("<div data-flag class=c>t</div>") == "<div  class=c>t</div>");
  CHECK(drop_unseen_markup("<br data-x/>") == "<br />");
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
    CHECK(tree(html) == tree(drop_unseen_markup(html)));
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
}
