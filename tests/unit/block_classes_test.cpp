// The second strategy on its own: blocks classified alone, then by their
// neighbours, in any language.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dom/build.hpp"
#include "extract/block_classes.hpp"
#include "extract/hints.hpp"
#include "extract/pass.hpp"
#include "reference_passes.hpp"

namespace {

using pith::dom::Dom;
using pith::extraction::BlockClass;

// The class of the block whose text starts with `prefix`.
BlockClass class_of(const Dom& dom, const pith::extraction::ClassifiedBlocks& blocks,
                    const std::string& prefix) {
  for (std::size_t k = 0; k < blocks.nodes.size(); ++k) {
    std::string text;
    dom.append_subtree_text(blocks.nodes[k], text);
    if (text.rfind(prefix, 0) == 0) return blocks.classes[k];
  }
  FAIL("no block starts with " << prefix);
  return BlockClass::bad;
}

}  // namespace

TEST_CASE("blocks are judged alone, then short ones by their neighbours") {
  std::string prose =
      " is a long paragraph of running text, with clauses, commas and a full stop; it goes on "
      "for long enough that it reads as prose and not as a label, a menu or a caption, which "
      "is what the classifier needs to call it good without asking its neighbours anything.";
  Dom dom = pith::dom::build_dom(
      "<html><body><div><a href='/a'>Home</a> <a href='/b'>News</a> <a href='/c'>Sport</a></div>"
      "<p>First" + prose + "</p><p>Short, between.</p><p>Second" + prose + "</p>"
      "<p>Un paragraphe moyen, qui finit bien.</p>"
      "<ul><li><a href='/x'>Related one</a></li><li><a href='/y'>Related two</a></li></ul>"
      "<p>Tail label</p></body></html>");
  std::vector<pith::extraction::Hints> hints(dom.size());
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag != pith::dom::Tag::text) hints[i] = pith::extraction::node_hints(dom, i);
  pith::extraction::reference::WalkedPass walked(
      dom, hints, pith::extraction::Flags{.clean_conditionally = false, .keep_dominant_lists = false});
  pith::extraction::Pass& pass = walked.pass;
  auto blocks = pith::extraction::classify_blocks(pass);
  CHECK(class_of(dom, blocks, "Home") == BlockClass::bad);             // a link list
  CHECK(class_of(dom, blocks, "First") == BlockClass::good);           // prose alone
  CHECK(class_of(dom, blocks, "Short, between.") == BlockClass::good); // between two good ones
  // After a good block and before bad ones: good only if it reads as prose.
  CHECK(class_of(dom, blocks, "Un paragraphe moyen") == BlockClass::bad);
  CHECK(class_of(dom, blocks, "Tail label") == BlockClass::bad);

  std::string good = pith::extraction::good_text(pass, blocks);
  CHECK(good.find("First is a long") != std::string::npos);
  CHECK(good.find("Short, between.") != std::string::npos);
  CHECK(good.find("Second is a long") != std::string::npos);
  CHECK(good.find("Home") == std::string::npos);
  CHECK(good.find("Related one") == std::string::npos);
  CHECK(good.find("Tail label") == std::string::npos);
}
