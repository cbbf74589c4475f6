#include "encoding/normalize.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "text/byte_filters.hpp"

namespace pith::encoding {

namespace {

// U+0300..U+033F encode as 0xCC 0x80..0xBF (0xCC leads nothing else) and
// U+0340..U+036F as 0xCD 0x80..0xAF; precomposed text almost never holds
// them, so two memchr scans decide whether the (allocating) composition is
// needed at all.
bool has_combining_marks(const std::string& utf8) {
  if (std::memchr(utf8.data(), 0xCC, utf8.size()) != nullptr) return true;
  const char* p = utf8.data();
  const char* end = p + utf8.size();
  while (const void* hit = std::memchr(p, 0xCD, static_cast<std::size_t>(end - p))) {
    const char* at = static_cast<const char*>(hit);
    if (at + 1 < end && static_cast<unsigned char>(at[1]) <= 0xAF) return true;
    p = at + 1;
  }
  return false;
}

// NFC of `piece` (valid UTF-8) appended to `out`; the piece as it is when
// utf8proc fails (it cannot on valid UTF-8 but for memory): normalisation is
// a nicety, not a requirement.
void append_nfc(std::string& out, std::string_view piece) {
  utf8proc_uint8_t* composed = nullptr;
  utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(piece.data()),
                                         static_cast<utf8proc_ssize_t>(piece.size()), &composed,
                                         static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (length >= 0 && composed != nullptr)
    out.append(reinterpret_cast<const char*>(composed), static_cast<std::size_t>(length));
  else
    out.append(piece);
  std::free(composed);
}

bool ascii(char c) { return static_cast<unsigned char>(c) < 0x80; }

}  // namespace

// ASCII is its own NFC, and normalisation never reaches across two ASCII
// characters in a row (neither decomposes, and no ASCII character composes
// with the one before it): the page is cut there, and only the pieces with
// other characters go through utf8proc, which costs about 20 times a copy.
// The markup, most of a page, is ASCII.
void compose_nfc(std::string& utf8) {
  if (!has_combining_marks(utf8)) return;
  const std::string_view s = utf8;
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  std::size_t copied = 0;  // s[0, copied) is in out
  for (std::size_t i = 0; i < s.size();) {
    if (ascii(s[i])) {
      // The rest of the ASCII run at once, sixteen bytes a step: a page with
      // one mark is walked whole.
      i = text::skip_ascii(s, i + 1);
      continue;
    }
    // The piece starts at the ASCII character before, which a mark may
    // compose with, and ends before the first ASCII character that follows
    // another.
    std::size_t begin = i > copied ? i - 1 : i;
    std::size_t end = i + 1;
    while (end < s.size() && !(ascii(s[end]) && ascii(s[end - 1]))) ++end;
    out.append(s.substr(copied, begin - copied));
    append_nfc(out, s.substr(begin, end - begin));
    copied = end;
    i = end;
  }
  out.append(s.substr(copied));
  utf8 = std::move(out);
}

}  // namespace pith::encoding
