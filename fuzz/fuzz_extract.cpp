// Fuzz target: the whole public pipeline on raw bytes — extract() then every
// renderer. Bad input may only ever end in pith::Error.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pith/pith.hpp"
#include "pith/render.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  pith::Options options;
  options.url = "https://example.org/dir/page.html";
  // Links and images as data too: every page's links and images are read.
  options.links = options.images = true;
  try {
    pith::Document doc = pith::extract(bytes, options);
    pith::RenderOptions links_and_images;
    links_and_images.links = links_and_images.images = true;
    links_and_images.with_metadata = links_and_images.html_document = true;
    for (pith::Format f : {pith::Format::text, pith::Format::markdown, pith::Format::html,
                           pith::Format::json, pith::Format::xml}) {
      (void)pith::render(doc, f);
      (void)pith::render(doc, f, links_and_images);
    }
  } catch (const pith::Error&) {
    // The documented outcome for input that is not a page.
  }
  return 0;
}
