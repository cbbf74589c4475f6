// The Markdown renderer's escaping and emphasis rules, one case each, on
// hand-built Documents. bench/markdown_roundtrip.cpp checks the same rules
// against cmark-gfm on whole pages.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "pith/render.hpp"

namespace {

using pith::Block;
using pith::BlockKind;
using pith::Inline;
using pith::InlineKind;

Inline span(InlineKind kind, std::uint32_t begin, std::uint32_t end, std::string url = {}) {
  Inline s;
  s.kind = kind;
  s.begin = begin;
  s.end = end;
  s.url = std::move(url);
  return s;
}

Block para(std::string text, std::vector<Inline> inlines = {}) {
  Block b;
  b.text = std::move(text);
  b.inlines = std::move(inlines);
  return b;
}

std::string markdown(std::vector<Block> blocks, pith::RenderOptions options = {}) {
  pith::Document doc;
  doc.blocks = std::move(blocks);
  return pith::render(doc, pith::Format::markdown, options);
}

std::string markdown(Block block) { return markdown(std::vector<Block>{std::move(block)}); }

Block row(std::vector<std::string> cells, bool header, bool table_start) {
  Block b;
  b.kind = BlockKind::table_row;
  b.header = header;
  b.table_start = table_start;
  b.cells = std::move(cells);
  return b;
}

}  // namespace

TEST_CASE("markdown escapes: emphasis characters in text stay text") {
  CHECK(markdown(para("2 * 3 * 4 and *stars*")) == "2 \\* 3 \\* 4 and \\*stars\\*");
  // '_' between two ASCII letters or digits cannot open or close: left as it is.
  CHECK(markdown(para("snake_case_name and _under_ and x_")) == "snake_case_name and \\_under\\_ and x\\_");
  CHECK(markdown(para("~~not struck~~")) == "\\~\\~not struck\\~\\~");
}

TEST_CASE("markdown escapes: backticks, backslashes, pipes, brackets") {
  CHECK(markdown(para("run `make` now")) == "run \\`make\\` now");
  CHECK(markdown(para("C:\\path and \\* and end\\")) == "C:\\path and \\\\\\* and end\\\\");
  CHECK(markdown(para("a | b")) == "a \\| b");
  CHECK(markdown(para("[not](a link)")) == "[not\\](a link)");
}

TEST_CASE("markdown escapes: raw HTML, entities, reference definitions, an image's bang") {
  CHECK(markdown(para("a <b>tag</b> and <!-- x --> stay text")) == "a \\<b>tag\\</b> and \\<!-- x --> stay text");
  CHECK(markdown(para("&amp; &#169; & a&b")) == "\\&amp; \\&#169; & a&b");
  CHECK(markdown(para("[ref]: https://x.example/")) == "\\[ref]: <https://x.example/>");
  // "Wow!" before a link would make it an image.
  pith::RenderOptions links;
  links.links = true;
  CHECK(markdown({para("Wow!link", {span(InlineKind::link, 4, 8, "https://u.example/")})}, links) ==
        "Wow\\![link](https://u.example/)");
}

TEST_CASE("markdown escapes: a line start that would open a block") {
  CHECK(markdown(para("# not a heading")) == "\\# not a heading");
  CHECK(markdown(para("1. not a list")) == "1\\. not a list");
  CHECK(markdown(para("* not a list")) == "\\* not a list");
  CHECK(markdown(para("| not a row")) == "\\| not a row");
  CHECK(markdown(para("***")) == "\\*\\*\\*");
  // The backslash goes before the text, inside markup that opens the line.
  CHECK(markdown(para("# Top story", {span(InlineKind::strong, 0, 11)})) == "**\\# Top story**");
  CHECK(markdown(para("1. Babbel: an app", {span(InlineKind::strong, 0, 10)})) == "**1\\. Babbel:** an app");
}

TEST_CASE("markdown escapes: web addresses become autolinks, untouched inside") {
  CHECK(markdown(para("see https://x.example/a_b~c*d.")) == "see <https://x.example/a_b~c*d>.");
  CHECK(markdown(para("(http://x.example/)")) == "(<http://x.example/>)");
  // Not a word of its own, or holding what an autolink cannot: escaped text.
  CHECK(markdown(para("xhttp://a~b")) == "xhttp://a\\~b");
}

TEST_CASE("markdown: <br> line breaks are hard breaks") {
  CHECK(markdown(para("Roses are red,\nviolets are blue")) == "Roses are red,\\\nviolets are blue");
  Block item = para("first line\nsecond line");
  item.kind = BlockKind::list_item;
  item.level = 1;
  CHECK(markdown(item) == "- first line\\\n  second line");
}

TEST_CASE("markdown emphasis: adjacent runs of one kind merge") {
  // <em>tips</em><em>. And more</em>
  CHECK(markdown(para("tips. And more", {span(InlineKind::emphasis, 0, 4), span(InlineKind::emphasis, 4, 14)})) ==
        "*tips. And more*");
  // Nested runs of one kind add nothing: <b><b>x</b> y</b>
  CHECK(markdown(para("x y", {span(InlineKind::strong, 0, 3), span(InlineKind::strong, 0, 1)})) == "**x y**");
}

TEST_CASE("markdown emphasis: punctuation and spaces move outside the delimiters") {
  // <b>Note:</b>text
  CHECK(markdown(para("Note:text", {span(InlineKind::strong, 0, 5)})) == "**Note**:text");
  // a<em>"quoted"</em>b
  CHECK(markdown(para("a\"quoted\"b", {span(InlineKind::emphasis, 1, 9)})) == "a\"*quoted*\"b");
  // Punctuation that ends a word before white space stays inside.
  CHECK(markdown(para("say it! now", {span(InlineKind::strong, 4, 7)})) == "say **it!** now");
}

TEST_CASE("markdown emphasis: no valid form, plain text") {
  // Nothing but punctuation.
  CHECK(markdown(para("a:b", {span(InlineKind::strong, 1, 2)})) == "a:b");
  // Its edge meets a link: word*[link](u)*word cannot open.
  pith::RenderOptions links;
  links.links = true;
  CHECK(markdown({para("x link y", {span(InlineKind::emphasis, 0, 6), span(InlineKind::link, 2, 6, "https://u.example/")})},
                 links) == "*x [link](https://u.example/)* y");
  CHECK(markdown({para("xlinky", {span(InlineKind::emphasis, 1, 5), span(InlineKind::link, 1, 5, "https://u.example/")})},
                 links) == "x[link](https://u.example/)y");
}

TEST_CASE("markdown: each table its own, with its own header") {
  const std::string md = markdown({row({"A", "B"}, true, true), row({"1", "2"}, false, false),
                                   row({"C"}, true, true), row({"3"}, false, false)});
  CHECK(md ==
        "| A | B |\n| --- | --- |\n| 1 | 2 |\n\n"
        "| C |\n| --- |\n| 3 |");
}

TEST_CASE("markdown: an image from an empty block stands apart from the next words") {
  Inline image = span(InlineKind::image, 0, 0, "https://x.example/cat.jpg");
  image.alt = "A cat";
  pith::RenderOptions images;
  images.images = true;
  CHECK(markdown({para("A flaw in the design", {image})}, images) == "![A cat](https://x.example/cat.jpg) A flaw in the design");
}

TEST_CASE("markdown: --with-metadata puts YAML front matter first, stated fields only") {
  pith::Document doc;
  doc.blocks.push_back(para("Body"));
  doc.title = "A \"quoted\" title";
  doc.metadata.authors = {"Ann", "Bob"};
  doc.metadata.tags = {"x", "y"};
  doc.direction = pith::Direction::rtl;
  pith::RenderOptions options;
  options.with_metadata = true;
  CHECK(pith::render(doc, pith::Format::markdown, options) ==
        "---\ntitle: \"A \\\"quoted\\\" title\"\nauthor: \"Ann; Bob\"\ntags: [\"x\",\"y\"]\ndir: \"rtl\"\n---\n\nBody");
}
