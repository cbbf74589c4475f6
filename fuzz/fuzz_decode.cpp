// Fuzz target: the charset decoder. The first input byte picks the hints
// (none, a caller charset, an HTTP Content-Type) so that every decision path
// runs; the result must keep the decoder's promise: valid UTF-8, no NUL. (A
// second U+FEFF after the BOM is text, a zero-width no-break space, and
// stays: regressions/fuzz_decode/double-bom.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "encoding/decode.hpp"
#include "text/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr std::string_view kCharsets[] = {
      "", "utf-8", "gbk", "shift_jis", "euc-kr", "windows-1251", "utf-16le", "utf-16be",
      "iso-2022-jp", "big5", "koi8-r", "no-such-charset"};
  constexpr std::size_t kCount = sizeof kCharsets / sizeof kCharsets[0];
  std::uint8_t selector = data[0];
  std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  pith::encoding::Hints hints;
  std::string content_type;
  std::string_view charset = kCharsets[(selector & 0x0F) % kCount];
  if (selector & 0x10) hints.caller_charset = charset;
  if (selector & 0x20) {
    content_type = "text/html; charset=" + std::string(charset);
    hints.content_type = content_type;
  }
  pith::encoding::Decoded out = pith::encoding::to_utf8(bytes, hints);
  if (!pith::text::is_valid_utf8(out.utf8)) std::abort();
  if (out.utf8.find('\0') != std::string::npos) std::abort();
  (void)pith::encoding::prescan_meta_charset(bytes);
  (void)pith::encoding::charset_from_content_type(bytes);
  return 0;
}
