// Golden-string tests for the four renderers, on hand-built Documents so that
// they do not depend on the extractor.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "output/renderers.hpp"
#include "pith/render.hpp"

namespace {

using pith::Block;
using pith::BlockKind;
using pith::Document;
using pith::Format;

Block heading(int level, std::string text) {
  Block b;
  b.kind = BlockKind::heading;
  b.level = level;
  b.text = std::move(text);
  return b;
}

Block para(std::string text) {
  Block b;
  b.kind = BlockKind::paragraph;
  b.text = std::move(text);
  return b;
}

Block item(int level, bool ordered, std::string text) {
  Block b;
  b.kind = BlockKind::list_item;
  b.level = level;
  b.ordered = ordered;
  b.text = std::move(text);
  return b;
}

Block quote(std::string text) {
  Block b;
  b.kind = BlockKind::quote;
  b.text = std::move(text);
  return b;
}

Block code(std::string text, std::string language = {}) {
  Block b;
  b.kind = BlockKind::code;
  b.text = std::move(text);
  b.language = std::move(language);
  return b;
}

Block row(std::vector<std::string> cells, bool header = false) {
  Block b;
  b.kind = BlockKind::table_row;
  b.header = header;
  for (std::size_t i = 0; i < cells.size(); ++i) b.text += (i ? " | " : "") + cells[i];
  b.cells = std::move(cells);
  return b;
}

Document doc_of(std::vector<Block> blocks) {
  Document doc;
  doc.blocks = std::move(blocks);
  return doc;
}

// True when `s` is well-formed UTF-8 (no overlongs, surrogates or > U+10FFFF).
bool is_valid_utf8(const std::string& s) {
  return pith::output::valid_utf8(s) == s;
}

}  // namespace

TEST_CASE("parse_format accepts the documented names") {
  CHECK(pith::parse_format("text") == Format::text);
  CHECK(pith::parse_format("markdown") == Format::markdown);
  CHECK(pith::parse_format("md") == Format::markdown);
  CHECK(pith::parse_format("html") == Format::html);
  CHECK(pith::parse_format("json") == Format::json);
  CHECK(pith::parse_format("JSON") == Format::json);
  CHECK(pith::parse_format("xml") == Format::xml);
  CHECK_FALSE(pith::parse_format("xmltei").has_value());
  CHECK_FALSE(pith::parse_format("").has_value());
}

TEST_CASE("text: blocks separated by blank lines") {
  const Document doc = doc_of({
      heading(1, "Title"),
      para("First paragraph."),
      para("   "),  // blank blocks are skipped, not rendered as extra blank lines
      item(1, false, "one"),
      item(2, true, "two"),
      code("int main() {\n  return 0;\n}\n", "cpp"),
      row({"Name", "Age"}, true),
      row({"Ann", "31"}),
      quote("Said someone."),
  });
  const std::string expected =
      "Title\n\n"
      "First paragraph.\n\n"
      "one\n\n"
      "two\n\n"
      "int main() {\n  return 0;\n}\n\n"
      "Name | Age\n\n"
      "Ann | 31\n\n"
      "Said someone.";
  CHECK(pith::render_text(doc) == expected);
  pith::RenderOptions plain;
  plain.plain = true;
  CHECK(pith::render(doc, Format::text, plain) == expected);
  CHECK(pith::render(Document{}, Format::text).empty());
  // Without --plain: bullets and numbers with their nesting, a table's rows
  // on lines of their own.
  CHECK(pith::render(doc, Format::text) ==
        "Title\n\n"
        "First paragraph.\n\n"
        "- one\n"
        "  1. two\n\n"
        "int main() {\n  return 0;\n}\n\n"
        "Name | Age\n"
        "Ann | 31\n\n"
        "Said someone.");
}

TEST_CASE("text: links and alt text on request, list continuation lines indented, tables apart") {
  Block b = para("See the guide\nnow.");
  b.inlines.push_back({pith::InlineKind::link, 8, 13, "https://x.example/guide", ""});
  b.inlines.push_back({pith::InlineKind::image, 14, 14, "https://x.example/a.png", "A diagram"});
  pith::RenderOptions both;
  both.links = both.images = true;
  CHECK(pith::render(doc_of({b}), Format::text, both) == "See the guide <https://x.example/guide>\n[A diagram]now.");
  CHECK(pith::render(doc_of({b}), Format::text) == "See the guide\nnow.");
  Block second = row({"C"}, true);
  second.table_start = true;
  CHECK(pith::render(doc_of({item(1, true, "first\nline"), item(1, true, "second"), row({"A"}, true), second}),
                     Format::text) == "1. first\n   line\n2. second\n\nA\n\nC");
}

TEST_CASE("text: a table row without cells falls back to its text") {
  Block b;
  b.kind = BlockKind::table_row;
  b.text = "a | b";
  CHECK(pith::render_text(doc_of({b})) == "a | b");
}

TEST_CASE("markdown: headings, paragraphs, quotes") {
  const Document doc = doc_of({
      heading(1, "Title"),
      heading(3, "Sub\nheading"),
      heading(9, "Clamped"),
      para("Line one\nline two"),
      quote("Quoted\n\nsecond paragraph"),
  });
  CHECK(pith::render(doc, Format::markdown) ==
        "# Title\n\n"
        "### Sub heading\n\n"
        "###### Clamped\n\n"
        "Line one\\\nline two\n\n"
        "> Quoted\n>\n> second paragraph");
}

TEST_CASE("markdown: nested and ordered lists") {
  const Document doc = doc_of({
      para("Intro"),
      item(1, false, "apple"),
      item(2, false, "green"),
      item(3, false, "granny smith"),
      item(2, false, "red"),
      item(1, false, "pear"),
      para("Steps:"),
      item(1, true, "first"),
      item(2, false, "detail"),
      item(1, true, "second"),
      item(2, true, "sub one"),
      item(2, true, "sub two"),
      item(1, true, "third\ncontinued"),
  });
  CHECK(pith::render(doc, Format::markdown) ==
        "Intro\n\n"
        "- apple\n"
        "  - green\n"
        "    - granny smith\n"
        "  - red\n"
        "- pear\n\n"
        "Steps:\n\n"
        "1. first\n"
        "   - detail\n"
        "2. second\n"
        "   1. sub one\n"
        "   2. sub two\n"
        "3. third\\\n"
        "   continued");
}

TEST_CASE("markdown: a level jump is clamped to one deeper than the open list") {
  const Document doc = doc_of({item(1, false, "a"), item(4, false, "b"), item(0, false, "c")});
  CHECK(pith::render(doc, Format::markdown) == "- a\n  - b\n- c");
}

TEST_CASE("markdown: fenced code keeps text verbatim and carries the language") {
  const Document doc = doc_of({
      code("def f():\n    return '# not a heading'\n", "python"),
      code("plain"),
      code("uses ``` inside", "bad`lang name"),
  });
  CHECK(pith::render(doc, Format::markdown) ==
        "```python\ndef f():\n    return '# not a heading'\n```\n\n"
        "```\nplain\n```\n\n"
        "````badlangname\nuses ``` inside\n````");
}

TEST_CASE("markdown: pipe tables") {
  SUBCASE("header row from <th>") {
    const Document doc = doc_of({
        row({"Name", "Note"}, true),
        row({"Ann", "a|b"}),
        row({"Bob"}),  // short rows are padded to the table's width
    });
    CHECK(pith::render(doc, Format::markdown) ==
          "| Name | Note |\n"
          "| --- | --- |\n"
          "| Ann | a\\|b |\n"
          "| Bob |  |");
  }
  SUBCASE("no header row: an empty one is emitted") {
    const Document doc = doc_of({row({"1", "2"}), row({"3", "4"}), para("after")});
    CHECK(pith::render(doc, Format::markdown) ==
          "|  |  |\n"
          "| --- | --- |\n"
          "| 1 | 2 |\n"
          "| 3 | 4 |\n\n"
          "after");
  }
}

TEST_CASE("markdown: text that would start a block construct is escaped") {
  const Document doc = doc_of({
      para("# not a heading"),
      para("#hashtag stays"),
      para("- not a list"),
      para("1. not a list either"),
      para("2024) a year"),
      para("> not a quote"),
      para("---"),
      para("```"),
      para("x <script>alert(1)</script> & a < b &amp;"),
      item(1, false, "+ plus"),
      heading(2, "Issue #"),
  });
  CHECK(pith::render(doc, Format::markdown) ==
        "\\# not a heading\n\n"
        "#hashtag stays\n\n"
        "\\- not a list\n\n"
        "1\\. not a list either\n\n"
        "2024\\) a year\n\n"
        "\\> not a quote\n\n"
        "\\---\n\n"
        "\\`\\`\\`\n\n"
        "x \\<script>alert(1)\\</script> & a < b \\&amp;\n\n"
        "- \\+ plus\n\n"
        "## Issue \\#");
}

TEST_CASE("html: structure and nesting") {
  const Document doc = doc_of({
      heading(2, "Title"),
      para("one\ntwo"),
      item(1, false, "a"),
      item(2, true, "b"),
      item(1, false, "c"),
      quote("q"),
      code("x < y\n", "c++"),
      code("raw"),
      row({"H1", "H2"}, true),
      row({"d1", "d2"}),
  });
  CHECK(pith::render(doc, Format::html) ==
        "<article>\n"
        "<h2>Title</h2>\n"
        "<p>one<br>\ntwo</p>\n"
        "<ul>\n"
        "<li>a\n"
        "<ol>\n"
        "<li>b</li>\n"
        "</ol>\n"
        "</li>\n"
        "<li>c</li>\n"
        "</ul>\n"
        "<blockquote>q</blockquote>\n"
        "<pre><code class=\"language-c++\">x &lt; y</code></pre>\n"
        "<pre><code>raw</code></pre>\n"
        "<table>\n"
        "<tr><th>H1</th><th>H2</th></tr>\n"
        "<tr><td>d1</td><td>d2</td></tr>\n"
        "</table>\n"
        "</article>");
}

TEST_CASE("html: a list type change at the same level starts a new list") {
  const Document doc = doc_of({item(1, false, "a"), item(1, true, "b")});
  CHECK(pith::render(doc, Format::html) ==
        "<article>\n<ul>\n<li>a</li>\n</ul>\n<ol>\n<li>b</li>\n</ol>\n</article>");
}

TEST_CASE("html: all text is escaped") {
  const Document doc = doc_of({
      para("<script>alert(1)</script>"),
      heading(1, "Tom & \"Jerry\" 'n' <b>"),
      code("</code><script>x</script>", "\"><script>"),
      row({"<td>"}),
  });
  const std::string html = pith::render(doc, Format::html);
  CHECK(html ==
        "<article>\n"
        "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"
        "<h1>Tom &amp; &quot;Jerry&quot; &#39;n&#39; &lt;b&gt;</h1>\n"
        "<pre><code class=\"language-script\">&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;</code></pre>\n"
        "<table>\n<tr><td>&lt;td&gt;</td></tr>\n</table>\n"
        "</article>");
  CHECK(html.find("<script") == std::string::npos);
}

TEST_CASE("html: the page's direction, and a whole document on request") {
  Document doc = doc_of({para("نص")});
  doc.title = "T <1>";
  doc.language = "ar";
  doc.direction = pith::Direction::rtl;
  doc.metadata.canonical_url = "https://x.example/a";
  CHECK(pith::render(doc, Format::html) == "<article dir=\"rtl\">\n<p>نص</p>\n</article>");
  pith::RenderOptions whole;
  whole.html_document = true;
  CHECK(pith::render(doc, Format::html, whole) ==
        "<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\">\n<head>\n<meta charset=\"utf-8\">\n<title>T &lt;1&gt;</title>\n"
        "<link rel=\"canonical\" href=\"https://x.example/a\">\n</head>\n<body>\n"
        "<article dir=\"rtl\">\n<p>نص</p>\n</article>\n</body>\n</html>");
}

TEST_CASE("html: empty document") {
  CHECK(pith::render(Document{}, Format::html) == "<article>\n</article>");
}

TEST_CASE("json: parses back with the documented fields") {
  Document doc = doc_of({
      heading(1, "Title"),
      para("Body"),
      item(2, true, "step"),
      quote("q"),
      code("print(1)", "python"),
      row({"a", "b"}, true),
  });
  doc.url = "https://example.com/a";
  doc.title = "Title";
  doc.language = "en";
  doc.charset = "UTF-8";
  doc.charset_source = "meta";

  const std::string out = pith::render(doc, Format::json);
  CHECK(out.find('\n') == std::string::npos);  // one line, for JSON Lines
  const auto j = nlohmann::json::parse(out);
  CHECK(j["url"] == "https://example.com/a");
  CHECK(j["title"] == "Title");
  CHECK(j["language"] == "en");
  CHECK(j["charset"] == "UTF-8");
  CHECK(j["charset_source"] == "meta");
  CHECK(j["text"] == pith::render_text(doc));
  CHECK(j["markdown"] == pith::render_markdown(doc));
  CHECK(j["has_main_content"] == true);
  CHECK(j["pith_version"] == pith::version);

  const auto& blocks = j["blocks"];
  REQUIRE(blocks.size() == 6);
  CHECK(blocks[0] == nlohmann::json{{"type", "heading"}, {"level", 1}, {"text", "Title"}});
  CHECK(blocks[1] == nlohmann::json{{"type", "paragraph"}, {"text", "Body"}});
  CHECK(blocks[2] ==
        nlohmann::json{{"type", "list_item"}, {"level", 2}, {"ordered", true}, {"text", "step"}});
  CHECK(blocks[3] == nlohmann::json{{"type", "quote"}, {"text", "q"}});
  CHECK(blocks[4] ==
        nlohmann::json{{"type", "code"}, {"language", "python"}, {"text", "print(1)"}});
  CHECK(blocks[5] == nlohmann::json{{"type", "table_row"},
                                    {"header", true},
                                    {"table_start", false},
                                    {"cells", nlohmann::json::array({"a", "b"})}});

  // Field order follows the schema rather than alphabetical order.
  CHECK(out.rfind("{\"url\":", 0) == 0);
}

TEST_CASE("json: an empty document") {
  const auto j = nlohmann::json::parse(pith::render(Document{}, Format::json));
  CHECK(j["has_main_content"] == false);
  CHECK(j["blocks"].is_array());
  CHECK(j["blocks"].empty());
  CHECK(j["text"] == "");
}

TEST_CASE("invalid UTF-8 never throws and always yields valid UTF-8") {
  // Stray continuation byte, truncated sequence, overlong '/', UTF-16
  // surrogate, code point above U+10FFFF, and a lone 0xFF.
  const std::string bad = "a\x80" "b\xE4\xB8" "c\xC0\xAF" "d\xED\xA0\x80" "e\xF4\x90\x80\x80" "f\xFF";
  Document doc = doc_of({heading(1, bad), para(bad), item(1, false, bad), quote(bad),
                         code(bad, bad), row({bad, "ok"}, true)});
  doc.title = bad;
  doc.url = bad;

  for (Format f : {Format::text, Format::markdown, Format::html, Format::json}) {
    const int format = static_cast<int>(f);
    CAPTURE(format);
    std::string out;
    CHECK_NOTHROW(out = pith::render(doc, f));
    CHECK(is_valid_utf8(out));
  }
  nlohmann::json parsed;
  CHECK_NOTHROW(parsed = nlohmann::json::parse(pith::render(doc, Format::json)));
  CHECK(parsed["title"] == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD"
                           "d\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                           "e\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "f\xEF\xBF\xBD");
}

TEST_CASE("valid_utf8 replaces each maximal ill-formed subsequence with U+FFFD") {
  using pith::output::valid_utf8;
  const std::string r = "\xEF\xBF\xBD";
  CHECK(valid_utf8("plain ascii") == "plain ascii");
  CHECK(valid_utf8("\xE4\xB8\xAD\xE6\x96\x87") == "\xE4\xB8\xAD\xE6\x96\x87");  // 中文
  CHECK(valid_utf8("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");                  // emoji
  CHECK(valid_utf8("a\x80z") == "a" + r + "z");
  CHECK(valid_utf8("\xE4\xB8z") == r + "z");            // truncated: one U+FFFD
  CHECK(valid_utf8("\xE4\xB8") == r);                    // truncated at the end
  CHECK(valid_utf8("\xC0\xAF") == r + r);                // overlong lead is never valid
  CHECK(valid_utf8("\xED\xA0\x80") == r + r + r);        // surrogate
  CHECK(valid_utf8("\xF4\x90\x80\x80") == r + r + r + r);  // above U+10FFFF
  CHECK(valid_utf8("\xE4\xB8\xE4\xB8\xAD") == r + "\xE4\xB8\xAD");  // resumes at the new lead
}

// ---- inline markup, links and images, the JSON schema -------------------

namespace {

pith::Inline span(pith::InlineKind kind, std::uint32_t begin, std::uint32_t end, std::string url = {},
                  std::string alt = {}) {
  pith::Inline s;
  s.kind = kind;
  s.begin = begin;
  s.end = end;
  s.url = std::move(url);
  s.alt = std::move(alt);
  return s;
}

// The schema docs/output.md documents: field -> JSON type.
void check_schema(const nlohmann::json& j) {
  using Type = nlohmann::json::value_t;
  auto is_string_array = [](const nlohmann::json& v) {
    if (!v.is_array()) return false;
    for (const auto& e : v)
      if (!e.is_string()) return false;
    return true;
  };
  REQUIRE(j.is_object());
  for (const char* key : {"url", "title", "language", "charset", "charset_source", "text", "markdown", "pith_version"}) {
    INFO(key);
    REQUIRE(j.contains(key));
    CHECK(j[key].type() == Type::string);
  }
  REQUIRE(j.contains("has_main_content"));
  CHECK(j["has_main_content"].is_boolean());
  REQUIRE(j.contains("metadata"));
  const auto& m = j["metadata"];
  REQUIRE(m.is_object());
  for (const char* key : {"title", "date_published", "date_modified", "site_name", "description", "language",
                          "canonical_url", "image", "page_type", "declared_page_type", "license"}) {
    INFO(key);
    REQUIRE(m.contains(key));
    CHECK(m[key].is_string());
  }
  REQUIRE(m.contains("page_type_confidence"));
  CHECK(m["page_type_confidence"].is_number());
  REQUIRE(j.contains("confidence"));
  CHECK(j["confidence"].is_number());
  for (const char* key : {"authors", "tags", "categories"}) {
    INFO(key);
    REQUIRE(m.contains(key));
    CHECK(is_string_array(m[key]));
  }
  CHECK(m.size() == 15);  // no undocumented fields
  REQUIRE(j.contains("blocks"));
  REQUIRE(j["blocks"].is_array());
  for (const auto& b : j["blocks"]) {
    REQUIRE(b.contains("type"));
    const std::string type = b["type"];
    if (type == "table_row") {
      CHECK(b["header"].is_boolean());
      CHECK(is_string_array(b["cells"]));
      continue;
    }
    CHECK(b["text"].is_string());
    if (type == "heading") CHECK(b["level"].is_number_integer());
    else if (type == "list_item") CHECK((b["level"].is_number_integer() && b["ordered"].is_boolean()));
    else if (type == "code") CHECK(b["language"].is_string());
    else CHECK((type == "paragraph" || type == "quote"));
  }
  REQUIRE(j.contains("comments"));
  REQUIRE(j["comments"].is_array());
  for (const auto& c : j["comments"]) {
    CHECK(c.size() == 3);
    CHECK(c["author"].is_string());
    CHECK(c["date"].is_string());
    CHECK(c["text"].is_string());
  }
  REQUIRE(j.contains("truncations"));
  CHECK(is_string_array(j["truncations"]));
  REQUIRE(j.contains("direction"));
  CHECK(j["direction"].is_string());
  REQUIRE(j.contains("links"));
  for (const auto& l : j["links"]) CHECK((l["text"].is_string() && l["url"].is_string() && l["in_content"].is_boolean()));
  REQUIRE(j.contains("images"));
  for (const auto& i : j["images"]) {
    CHECK((i["url"].is_string() && i["alt"].is_string() && i["caption"].is_string()));
    CHECK((i["width"].is_null() || i["width"].is_number_integer()));
    CHECK((i["height"].is_null() || i["height"].is_number_integer()));
  }
}

}  // namespace

TEST_CASE("markdown: emphasis and code always, links and images on request") {
  Block b = para("Read the guide, then run make test now.");
  b.inlines = {span(pith::InlineKind::link, 9, 14, "https://x.example/guide (v2)"),
               span(pith::InlineKind::strong, 21, 34), span(pith::InlineKind::code, 25, 34),
               span(pith::InlineKind::emphasis, 35, 38), span(pith::InlineKind::image, 38, 38,
                                                             "https://x.example/a.png", "a [diagram]")};
  Document doc = doc_of({b});
  CHECK(pith::render(doc, Format::markdown) == "Read the guide, then **run `make test`** *now*.");
  pith::RenderOptions both;
  both.links = both.images = true;
  CHECK(pith::render(doc, Format::markdown, both) ==
        "Read the [guide](https://x.example/guide%20%28v2%29), then **run `make test`** *now*"
        "![a \\[diagram\\]](https://x.example/a.png).");
}

TEST_CASE("markdown: images at one place keep the page's order") {
  // Images carried over from image-only blocks to the start of the next one.
  Block b = para("The harbour at dawn.");
  b.inlines = {span(pith::InlineKind::image, 0, 0, "https://x.example/1.png", "first"),
               span(pith::InlineKind::image, 0, 0, "https://x.example/2.png", "second"),
               span(pith::InlineKind::image, 0, 0, "https://x.example/3.png", "third")};
  pith::RenderOptions images;
  images.images = true;
  CHECK(pith::render(doc_of({b}), Format::markdown, images) ==
        "![first](https://x.example/1.png) ![second](https://x.example/2.png) "
        "![third](https://x.example/3.png) The harbour at dawn.");
}

TEST_CASE("html: inline tags; only http(s) links and images, on request") {
  Block b = para("See <this> page");
  b.inlines = {span(pith::InlineKind::emphasis, 4, 10), span(pith::InlineKind::link, 0, 3, "https://x.example/?a=1&b=\"2\""),
               span(pith::InlineKind::link, 11, 15, "javascript:alert(1)")};
  Document doc = doc_of({b});
  CHECK(pith::render(doc, Format::html) == "<article>\n<p>See <em>&lt;this&gt;</em> page</p>\n</article>");
  pith::RenderOptions links;
  links.links = true;
  CHECK(pith::render(doc, Format::html, links) ==
        "<article>\n<p><a href=\"https://x.example/?a=1&amp;b=&quot;2&quot;\">See</a> <em>&lt;this&gt;</em> page</p>\n</article>");
}

TEST_CASE("xml: trafilatura's shape, nested lists, tables, escaping, no characters XML forbids") {
  Block b = para("Go <here> & \"there\"\x01\xEF\xBF\xBF\nnext line");
  b.inlines = {span(pith::InlineKind::link, 0, 2, "https://x.example/?a=1&b=2"),
               span(pith::InlineKind::strong, 0, 2)};  // <a><b>Go</b></a>: equal ranges keep their nesting
  Document doc = doc_of({heading(2, "Title"), b, item(1, false, "one"), item(2, true, "one.a"),
                         item(1, false, "two"), row({"k", "v"}, true), row({"a", "1"}), code("x < y\n", "c++")});
  doc.title = "T \"q\"";
  doc.metadata.authors = {"A", "B"};
  doc.comments.push_back({"ann", "", " Nice <3 "});
  pith::RenderOptions links;
  links.links = true;
  CHECK(pith::render(doc, Format::xml, links) ==
        "<doc title=\"T &quot;q&quot;\" author=\"A;B\">\n<main>\n<head rend=\"h2\">Title</head>\n"
        "<p><ref target=\"https://x.example/?a=1&amp;b=2\"><hi rend=\"#b\">Go</hi></ref> &lt;here&gt; &amp; "
        "&quot;there&quot;<lb/>next line</p>\n"
        "<list rend=\"ul\">\n<item>one<list rend=\"ol\">\n<item>one.a</item></list>\n</item>\n<item>two</item></list>\n"
        "<table>\n<row><cell role=\"head\">k</cell><cell role=\"head\">v</cell></row>\n"
        "<row><cell>a</cell><cell>1</cell></row>\n</table>\n"
        "<code lang=\"c++\">x &lt; y</code>\n</main>\n"
        "<comments>\n<comment author=\"ann\">Nice &lt;3</comment>\n</comments>\n</doc>");
  // Without --links the link is plain text; the strong range stays.
  CHECK(pith::render(doc, Format::xml).find("<p><hi rend=\"#b\">Go</hi> &lt;here&gt;") != std::string::npos);
  CHECK(pith::render(doc_of({}), Format::xml) == "<doc>\n<main>\n</main>\n</doc>");
}

TEST_CASE("json: the schema (fields and their types) of a full and an empty document") {
  Document doc = doc_of({heading(1, "Title"), para("Text."), item(2, true, "x"), code("a", "c"), row({"a", "b"}, true),
                         quote("q")});
  doc.metadata.title = "Title";
  doc.metadata.authors = {"Ana Ruiz"};
  doc.metadata.tags = {"a", "b"};
  doc.comments = {{"Maria", "2024-05-03", "Nice."}};
  const nlohmann::json full = nlohmann::json::parse(pith::render(doc, Format::json));
  check_schema(full);
  CHECK(full["metadata"]["authors"][0] == "Ana Ruiz");
  CHECK(full["comments"][0]["author"] == "Maria");
  check_schema(nlohmann::json::parse(pith::render(Document{}, Format::json)));
  // A real extraction, through the whole pipeline.
  const std::string page =
      "<html lang=en><head><title>Ferry returns | Courier</title>"
      "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"author\":{\"name\":\"Ana Ruiz\"},"
      "\"datePublished\":\"2024-05-03\"}</script></head><body><article><h1>Ferry returns</h1>"
      "<p>The harbour ferry is back in service after three months in dry dock, the operator said, and the "
      "first crossing left on time with forty passengers aboard.</p></article></body></html>";
  pith::Options options;
  options.url = "https://courier.example/ferry";
  const nlohmann::json extracted = nlohmann::json::parse(pith::render(pith::extract(page, options), Format::json));
  check_schema(extracted);
  CHECK(extracted["truncations"].empty());
  CHECK(extracted["metadata"]["date_published"] == "2024-05-03");
  CHECK(extracted["title"] == "Ferry returns");
}

// ---- golden outputs of whole pages ---------------------------------------

namespace {

std::string read_fixture_file(const std::string& fixture, const std::string& name) {
  std::ifstream in(std::string(PITH_FIXTURES_DIR) + "/" + fixture + "/" + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture file ", fixture, "/", name);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The CLI prints one newline after the output; the golden files hold it.
std::string without_final_newline(std::string s) {
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace

TEST_CASE("golden: a how-to with nested lists, a table and code, in every format") {
  const std::string fixture = "structured-howto-en";
  pith::Options options;
  options.url = "https://notebook.example/guides/aptly-mirror/";
  const Document doc = pith::extract(read_fixture_file(fixture, "page.html"), options);
  pith::RenderOptions both;
  both.links = both.images = true;
  CHECK(pith::render(doc, Format::markdown) == without_final_newline(read_fixture_file(fixture, "expected.md")));
  CHECK(pith::render(doc, Format::markdown, both) ==
        without_final_newline(read_fixture_file(fixture, "expected-links.md")));
  CHECK(pith::render(doc, Format::html, both) == without_final_newline(read_fixture_file(fixture, "expected.html")));
  CHECK(pith::render(doc, Format::xml, both) == without_final_newline(read_fixture_file(fixture, "expected.xml")));
  // The text golden is the ideal main text: the byline line is the one
  // difference pith's output is allowed (it sits inside the article).
  pith::RenderOptions plain;
  plain.plain = true;
  std::string text = pith::render(doc, Format::text, plain);
  const std::string byline = "By Priya Raman \xC2\xB7 2 September 2025\n\n";
  if (text.find(byline) != std::string::npos) text.erase(text.find(byline), byline.size());
  CHECK(text == without_final_newline(read_fixture_file(fixture, "expected.txt")));
}

TEST_CASE("golden: markup edge cases, lazy images and links as data") {
  const std::string fixture = "markup-edge-cases-en";
  pith::Options options;
  options.url = "https://output-notes.example/2026/03/round-trip/";
  options.links = options.images = true;
  const Document doc = pith::extract(read_fixture_file(fixture, "page.html"), options);
  pith::RenderOptions both;
  both.links = both.images = true;
  CHECK(pith::render(doc, Format::markdown, both) == without_final_newline(read_fixture_file(fixture, "expected.md")));
  CHECK(pith::render(doc, Format::text) == without_final_newline(read_fixture_file(fixture, "expected-structured.txt")));
  const nlohmann::json media = nlohmann::json::parse(read_fixture_file(fixture, "expected-media.json"));
  const nlohmann::json j = nlohmann::json::parse(pith::render(doc, Format::json, both));
  CHECK(j["links"] == media["links"]);
  CHECK(j["images"] == media["images"]);
}

TEST_CASE("json: blocks carry their inline ranges, at most 10,000 per document") {
  Block b = para("See the guide");
  b.inlines = {span(pith::InlineKind::link, 8, 13, "https://x.example/g"), span(pith::InlineKind::image, 13, 13,
                                                                                "https://x.example/a.png", "A")};
  nlohmann::json j = nlohmann::json::parse(pith::render(doc_of({b, para("none")}), Format::json));
  CHECK(j["blocks"][0]["inlines"] ==
        nlohmann::json::parse(R"([{"type":"link","begin":8,"end":13,"url":"https://x.example/g"},
                                  {"type":"image","begin":13,"end":13,"url":"https://x.example/a.png","alt":"A"}])"));
  CHECK_FALSE(j["blocks"][1].contains("inlines"));  // none: no field
  Block many = para(std::string(20'010, 'x'));
  for (std::uint32_t i = 0; i < 10'005; ++i) many.inlines.push_back(span(pith::InlineKind::emphasis, 2 * i, 2 * i + 1));
  j = nlohmann::json::parse(pith::render(doc_of({many}), Format::json));
  CHECK(j["blocks"][0]["inlines"].size() == 10'000);
  REQUIRE(j["truncations"].size() == 1);
  CHECK(j["truncations"][0].get<std::string>().find("5 inline ranges") == 0);
}
