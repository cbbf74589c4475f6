// Tests for the tag table (src/dom/tags.def): every row can be produced from
// markup, by Gumbo's tag or by its name where Gumbo 0.10 lacks the tag, and
// is named by tag_name (what --explain prints).
#include <doctest/doctest.h>
#include <gumbo.h>

#include <string>
#include <string_view>

#include "dom/build.hpp"
#include "dom/dom.hpp"
#include "dom/gumbo_tags.hpp"
#include "pith/pith.hpp"

namespace {

using pith::dom::Dom;
using pith::dom::kNoNode;
using pith::dom::Tag;
namespace dom = pith::dom;

struct Row {
  Tag tag;
  std::string_view name;
  dom::Layout layout;
};
constexpr Row kRows[] = {
#define PITH_TAG(name, gumbo, layout, hint, guard) {Tag::name, #name, dom::Layout::layout},
#define PITH_UNTAGGED(name, guard)
#include "dom/tags.def"
#undef PITH_TAG
#undef PITH_UNTAGGED
};

// The elements the build leaves out of the Dom, with their subtrees (build.hpp).
bool left_out_by_build(Tag tag) {
  switch (tag) {
    case Tag::style: case Tag::svg: case Tag::math: case Tag::canvas: case Tag::iframe:
    case Tag::object: case Tag::embed:
      return true;
    default:
      return false;
  }
}

// A page where `name` stands where the HTML tree builder keeps it.
std::string page_with(std::string_view name) {
  const std::string n(name);
  const std::string element = "<" + n + " class=probe>probe text</" + n + ">";
  if (name == "html" || name == "head" || name == "body")
    return "<!DOCTYPE html><html><head><title>t</title></head><body><p>body text</p></body></html>";
  if (name == "title") return "<html><head><title>probe text</title></head><body></body></html>";
  if (name == "meta" || name == "link" || name == "base")
    return "<html><head><" + n + " class=probe></head><body></body></html>";
  if (name == "script")
    return "<html><head><script type=\"application/ld+json\">{}</script></head><body></body></html>";
  if (name == "img" || name == "br" || name == "hr" || name == "input" || name == "embed")
    return "<html><body><p>x<" + n + " class=probe>y</p></body></html>";
  if (name == "caption" || name == "thead" || name == "tbody" || name == "tfoot")
    return "<html><body><table>" + element + "</table></body></html>";
  if (name == "tr") return "<html><body><table><tbody>" + element + "</tbody></table></body></html>";
  if (name == "td" || name == "th") return "<html><body><table><tr>" + element + "</tr></table></body></html>";
  if (name == "option") return "<html><body><select>" + element + "</select></body></html>";
  return "<html><body><div>" + element + "</div></body></html>";
}

TEST_CASE("every tag of the table is produced by its Gumbo tag or, where Gumbo lacks it, its name") {
  for (const Row& row : kRows) {
    CAPTURE(row.name);
    const std::string start_tag = "<" + std::string(row.name) + " class=x>";
    const GumboStringPiece piece{start_tag.data(), start_tag.size()};
    CHECK(dom::tag_of(gumbo_tagn_enum(row.name.data(), static_cast<unsigned>(row.name.size())), piece) ==
          row.tag);
  }
  // Upper case and a self-closing slash, as pages write them.
  const std::string upper = "<DIALOG/>";
  CHECK(dom::tag_of(GUMBO_TAG_UNKNOWN, GumboStringPiece{upper.data(), upper.size()}) == Tag::dialog);
  const std::string custom = "<dialog-box open>";
  CHECK(dom::tag_of(GUMBO_TAG_UNKNOWN, GumboStringPiece{custom.data(), custom.size()}) == Tag::other);
  CHECK(dom::tag_of(GUMBO_TAG_UNKNOWN, GumboStringPiece{nullptr, 0}) == Tag::other);
  CHECK(dom::tag_of(GUMBO_TAG_AREA, GumboStringPiece{nullptr, 0}) == Tag::other);
}

TEST_CASE("every tag of the table comes out of build_dom from markup, but those the build leaves out") {
  for (const Row& row : kRows) {
    CAPTURE(row.name);
    const Dom d = dom::build_dom(page_with(row.name));
    if (left_out_by_build(row.tag)) {
      CHECK(d.find_first(row.tag) == kNoNode);
      std::string text;
      d.append_subtree_text(0, text);
      CHECK(text.find("probe text") == std::string::npos);
    } else {
      CHECK(d.find_first(row.tag) != kNoNode);
    }
  }
}

TEST_CASE("<dialog> and <picture> are produced from markup, in any case") {
  const Dom d = dom::build_dom(
      "<html><body><picture><source srcset=a.webp><img src=a.jpg></picture>"
      "<DIALOG open><p>Subscribe</p></DIALOG></body></html>");
  const dom::NodeId picture = d.find_first(Tag::picture);
  REQUIRE(picture != kNoNode);
  CHECK(d.nodes[d.nodes[picture].first_child].tag == Tag::other);  // <source>
  CHECK(d.find_first(Tag::img, picture) < d.nodes[picture].subtree_end);
  const dom::NodeId dialog = d.find_first(Tag::dialog);
  REQUIRE(dialog != kNoNode);
  CHECK(d.nodes[d.nodes[dialog].first_child].tag == Tag::p);
}

TEST_CASE("tag_name names every tag of the table, and the layout follows the table") {
  for (const Row& row : kRows) {
    CAPTURE(row.name);
    CHECK(dom::tag_name(row.tag) == row.name);
    CHECK(dom::is_block(row.tag) == (row.layout == dom::Layout::block));
  }
  CHECK(dom::tag_name(Tag::text) == "#text");
  CHECK(dom::tag_name(Tag::other) == "element");
  CHECK_FALSE(dom::is_block(Tag::text));
  CHECK(dom::is_block(Tag::other));
}

TEST_CASE("--explain names the elements it lists: an <h1> is h1, a <blockquote> blockquote") {
  pith::Options options;
  options.explain = true;
  const std::string paragraph =
      "A paragraph long enough to be content, with commas, clauses, and a full stop at its end. ";
  const pith::Document doc = pith::extract(
      "<html><body><article><h1>The headline of the article</h1><p>" + paragraph + paragraph +
          "</p><blockquote>" + paragraph + "</blockquote><p>" + paragraph + "</p></article></body></html>",
      options);
  bool h1 = false, blockquote = false;
  for (const auto& block : doc.explanation.blocks) {
    CHECK(block.element != "element");
    h1 |= block.element == "h1";
    blockquote |= block.element == "blockquote";
  }
  CHECK(h1);
  CHECK(blockquote);
}

TEST_CASE("a paragraph in a <dialog> is boilerplate, as in a <nav>") {
  const std::string paragraph =
      "A paragraph long enough to be content, with commas, clauses, and a full stop at its end. ";
  std::string article;
  for (int k = 0; k < 4; ++k) article += "<p>" + paragraph + paragraph + "</p>";
  for (std::string_view wrapper : {"nav", "dialog"}) {
    CAPTURE(wrapper);
    const std::string w(wrapper);
    const pith::Document doc = pith::extract("<html><body><article>" + article + "<" + w +
                                             "><p>Sign up to our newsletter for the best stories of the "
                                             "week, delivered every Friday.</p></" + w +
                                             "></article></body></html>");
    CHECK(doc.text.find("best stories of the week") == std::string::npos);
    CHECK(doc.text.find("full stop at its end") != std::string::npos);
  }
}

}  // namespace
