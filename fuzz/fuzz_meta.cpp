// Fuzz target: the metadata reader (src/meta) on a DOM built from the input,
// as the pipeline builds it: bytes -> UTF-8 -> DOM -> read_meta. The title
// must stay valid UTF-8. (The JSON-LD reader joins this target when it lands
// in src/meta; until then, JSON-LD scripts reach read_meta through the DOM,
// which keeps their bodies.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "dom/build.hpp"
#include "encoding/decode.hpp"
#include "meta/page_meta.hpp"
#include "text/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  pith::encoding::Decoded decoded = pith::encoding::to_utf8(bytes, {});
  pith::dom::Dom dom = pith::dom::build_dom(decoded.utf8);
  pith::meta::PageMeta meta = pith::meta::read_meta(dom);
  if (!pith::text::is_valid_utf8(meta.title) || !pith::text::is_valid_utf8(meta.language))
    std::abort();
  (void)pith::meta::strip_site_suffix(decoded.utf8.substr(0, 4096));
  return 0;
}
