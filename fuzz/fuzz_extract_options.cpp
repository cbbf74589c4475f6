// Fuzz target: extract() with its options varied, then every renderer with
// its options varied. The first two bytes pick include_comments, explain,
// include_title, links, images, focus, a caller charset or Content-Type, a
// target language and the render options; the rest is the page. Bad input
// may only ever end in pith::Error; the explanation is filled exactly when
// asked for.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace {

constexpr std::string_view kCharsets[] = {"", "utf-8", "windows-1252", "gbk", "shift_jis", "utf-16le",
                                          "iso-2022-jp", "koi8-r"};
constexpr std::string_view kLanguages[] = {"", "en", "zh", "pt"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned bits = data[0] | (unsigned{data[1]} << 8);
  const std::string_view page(reinterpret_cast<const char*>(data + 2), size - 2);
  pith::Options options;
  options.url = "https://example.org/dir/page.html";
  options.include_comments = bits & 1;
  options.explain = bits & 2;
  options.include_title = bits & 4;
  options.links = bits & 8;
  options.images = bits & 16;
  options.focus = static_cast<pith::Focus>(((bits >> 5) & 3) % 3);
  const std::string_view charset = kCharsets[(bits >> 7) & 7];
  if (bits & (1u << 10)) {
    options.content_type = "text/html; charset=" + std::string(charset);
  } else {
    options.charset = charset;
  }
  options.target_language = kLanguages[(bits >> 11) & 3];
  pith::RenderOptions render;
  render.links = bits & (1u << 13);
  render.images = bits & (1u << 14);
  render.plain = bits & (1u << 15);
  render.with_metadata = render.html_document = bits & 8;
  try {
    const pith::Document doc = pith::extract(page, options);
    if (!options.explain && (!doc.explanation.blocks.empty() || !doc.explanation.strategy.empty())) std::abort();
    for (pith::Format f : {pith::Format::text, pith::Format::markdown, pith::Format::html, pith::Format::json,
                           pith::Format::xml}) {
      (void)pith::render(doc, f, render);
    }
  } catch (const pith::Error&) {
    // The documented outcome for input that is not a page (or an unknown charset).
  }
  return 0;
}
