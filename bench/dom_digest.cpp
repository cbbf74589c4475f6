// pith_dom_digest [DIR...]: one line per page, "<source>/<id> <nodes> <digest>",
// the digest an XXH64 of the whole DOM build_dom makes of it: per node in
// document order its tag, parent, depth, subtree end, its text (text nodes)
// and its attributes in order, names and values. Two builds whose outputs
// are equal made node-for-node the same DOM of every page (the values as
// read through Dom::attr and Dom::text: where in the pool they lie does not
// count). bench/identity.sh compares two such runs (its dom mode).
#include <xxhash.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "pages.hpp"
#include "dom/build.hpp"
#include "encoding/decode.hpp"

namespace {

struct Digest {
  XXH64_state_t* state = XXH64_createState();
  Digest() { XXH64_reset(state, 0); }
  ~Digest() { XXH64_freeState(state); }
  void add(std::string_view s) {
    std::uint64_t size = s.size();
    XXH64_update(state, &size, sizeof size);
    XXH64_update(state, s.data(), s.size());
  }
  void add(std::uint64_t v) { XXH64_update(state, &v, sizeof v); }
};

}  // namespace

int main(int argc, char** argv) {
  for (int a = 1; a < argc; ++a) {
    for (const bench::Page& page : bench::load_pages(argv[a])) {
      std::string line = page.source + "/" + page.id;
      try {
        pith::encoding::Decoded decoded = pith::encoding::to_utf8(page.bytes, {});
        pith::dom::Dom dom = pith::dom::build_dom_in_place(std::move(decoded.utf8));
        Digest d;
        for (pith::dom::NodeId id = 0; id < dom.size(); ++id) {
          const pith::dom::Node& n = dom.nodes[id];
          d.add(static_cast<std::uint64_t>(n.tag));
          d.add(n.parent);
          d.add(n.depth);
          d.add(n.subtree_end);
          if (n.tag == pith::dom::Tag::text) d.add(dom.text(id));
          for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i) {
            d.add(static_cast<std::uint64_t>(dom.attrs[i].name));
            d.add(std::string_view(dom.pool).substr(dom.attrs[i].offset, dom.attrs[i].length));
          }
        }
        std::printf("%s %zu %016llx\n", line.c_str(), dom.size(),
                    static_cast<unsigned long long>(XXH64_digest(d.state)));
      } catch (const std::exception& e) {
        std::printf("%s error %s\n", line.c_str(), e.what());
      }
    }
  }
  return 0;
}
