// The pipeline: bytes -> UTF-8 -> DOM -> features -> decision -> output.
#include "pith/pith.hpp"

#include <fmt/format.h>

#include "dom/build.hpp"
#include "encoding/decode.hpp"
#include "extract/content.hpp"
#include "meta/page_meta.hpp"
#include "output/renderers.hpp"

namespace pith {
namespace {

using Clock = std::chrono::steady_clock;

// Binary formats that are sometimes served or saved as HTML.
const char* binary_signature(std::string_view bytes) {
  struct Magic { std::string_view prefix; const char* name; };
  static constexpr Magic kMagic[] = {
      {"%PDF-", "a PDF document"}, {"\x89PNG\r\n\x1a\n", "a PNG image"},
      {"GIF87a", "a GIF image"}, {"GIF89a", "a GIF image"}, {"\xFF\xD8\xFF", "a JPEG image"},
      {"PK\x03\x04", "a ZIP archive"}, {"\x1F\x8B", "gzip-compressed data"},
      {"RIFF", "a RIFF (WebP/WAV/AVI) file"}, {"\x7F" "ELF", "an executable"},
      {"\x28\xB5\x2F\xFD", "zstd-compressed data"}};
  for (const Magic& m : kMagic)
    if (bytes.substr(0, m.prefix.size()) == m.prefix) return m.name;
  return nullptr;
}

// Text has few control characters; binary data has many. UTF-16 text (NUL
// every other byte) is text and is left to the decoder, which sees its BOM or
// detects it.
bool looks_binary(std::string_view bytes) {
  std::string_view head = bytes.substr(0, 4096);
  std::size_t controls = 0, nuls = 0;
  for (unsigned char c : head) {
    if (c == 0) ++nuls;
    else if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != 0x1B) ++controls;
  }
  bool utf16_like = nuls * 10 >= head.size() * 4 && nuls * 10 <= head.size() * 6;
  if (utf16_like) return false;
  return (controls + nuls) * 100 > head.size() * 3;  // > 3 %: text almost never has any
}

bool only_whitespace(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') return false;
  return true;
}

}  // namespace

Document extract(std::string_view html, const Options& options) {
  if (html.empty() || only_whitespace(html)) throw Error(ErrorCode::empty_input, "the input is empty");
  if (html.size() > options.max_input_bytes)
    throw Error(ErrorCode::input_too_large,
                fmt::format("the input is {} bytes, more than the limit of {} bytes", html.size(),
                            options.max_input_bytes));
  if (const char* what = binary_signature(html))
    throw Error(ErrorCode::not_html, fmt::format("the input is {}, not HTML", what));
  if (looks_binary(html))
    throw Error(ErrorCode::not_html, "the input is binary data, not HTML");

  Document doc;
  doc.url = options.url;
  auto t0 = Clock::now();
  encoding::Decoded decoded =
      encoding::to_utf8(html, encoding::Hints{options.charset, options.content_type});
  auto t1 = Clock::now();
  doc.timings.decode = t1 - t0;
  doc.charset = std::move(decoded.charset);
  doc.charset_source = std::move(decoded.source);

  dom::BuildTimings build_timings;
  dom::Dom dom = dom::build_dom(decoded.utf8, &build_timings);
  doc.timings.parse = build_timings.parse;
  doc.timings.build = build_timings.build;

  auto t2 = Clock::now();
  meta::PageMeta page = meta::read_meta(dom);
  doc.title = std::move(page.title);
  doc.language = std::move(page.language);
  doc.blocks = extraction::extract_content(dom, {options.include_title, doc.title});
  doc.text = render_text(doc);
  doc.timings.extract = Clock::now() - t2;
  return doc;
}

}  // namespace pith
