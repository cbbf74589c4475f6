// headline_texts against its definition on generated pages: a heading (h1-h3,
// b, strong in the body) counts unless an ancestor is a link, header, nav or
// footer, or (b/strong) it holds a link; its collapsed text must be 10 to 400
// bytes; a heading inside one already looked at is passed over.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "meta/sources.hpp"

namespace {

using pith::dom::NodeId;
using pith::dom::Tag;

std::vector<std::string> reference_headline_texts(const pith::dom::Dom& dom, const pith::meta::PageElements& elements,
                                                  std::size_t limit) {
  std::vector<std::string> out;
  NodeId read_up_to = 0;
  for (NodeId i : elements.headings) {
    if (out.size() >= limit) break;
    if (i < read_up_to) continue;
    read_up_to = dom.nodes[i].subtree_end;
    bool chrome = false;
    for (NodeId p = dom.nodes[i].parent; p != pith::dom::kNoNode; p = dom.nodes[p].parent) {
      Tag t = dom.nodes[p].tag;
      chrome = chrome || t == Tag::a || t == Tag::header || t == Tag::nav || t == Tag::footer;
    }
    if (dom.nodes[i].tag == Tag::b || dom.nodes[i].tag == Tag::strong)
      for (NodeId c = i + 1; c < dom.nodes[i].subtree_end; ++c) chrome = chrome || dom.nodes[c].tag == Tag::a;
    if (chrome) continue;
    std::string text = pith::meta::element_text(dom, i);
    if (text.size() >= 10 && text.size() <= 400) out.push_back(std::move(text));
  }
  return out;
}

// Random nesting of the elements that matter, with texts long and short.
void random_markup(std::mt19937& rng, int depth, std::string& html) {
  static const char* const kTags[] = {"div", "section", "a", "header", "nav", "footer", "h1", "h2",
                                      "h3",  "b",       "strong", "p", "span", "article"};
  static const char* const kTexts[] = {"Short", "A headline of some length", "x", "Ferry back in service after repairs"};
  std::uniform_int_distribution<int> children(0, depth > 5 ? 0 : 3), tag(0, 13), text(0, 3);
  for (int n = children(rng); n > 0; --n) {
    const char* t = kTags[tag(rng)];
    html += std::string("<") + t + ">" + kTexts[text(rng)] + " ";
    random_markup(rng, depth + 1, html);
    html += std::string("</") + t + ">";
  }
}

}  // namespace

TEST_CASE("headline_texts agrees with its per-heading definition") {
  std::mt19937 rng(20261201);
  std::size_t headings = 0, kept = 0;  // the pages must exercise both outcomes
  for (int k = 0; k < 3000; ++k) {
    std::string html = "<!doctype html><html><head><title>T</title></head><body>";
    random_markup(rng, 0, html);
    html += "</body></html>";
    INFO(html);
    pith::dom::Dom dom = pith::dom::build_dom(html);
    const pith::meta::PageElements elements = pith::meta::find_page_elements(dom);
    for (std::size_t limit : {std::size_t{3}, std::size_t{40}})
      REQUIRE(pith::meta::headline_texts(dom, elements, limit) == reference_headline_texts(dom, elements, limit));
    headings += elements.headings.size();
    kept += pith::meta::headline_texts(dom, elements, 40).size();
  }
  CHECK(kept > 1000);
  CHECK(headings > 2 * kept);
}
