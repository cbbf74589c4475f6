#include "encoding/normalize.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <cstring>

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

}  // namespace

void compose_nfc(std::string& utf8) {
  if (!has_combining_marks(utf8)) return;
  utf8proc_uint8_t* composed = nullptr;
  utf8proc_ssize_t length = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(utf8.data()),
                                         static_cast<utf8proc_ssize_t>(utf8.size()), &composed,
                                         static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  // On failure (it cannot fail on valid UTF-8 but for memory) the page stays
  // as decoded: normalisation is a nicety, not a requirement.
  if (length >= 0 && composed != nullptr)
    utf8.assign(reinterpret_cast<const char*>(composed), static_cast<std::size_t>(length));
  std::free(composed);
}

}  // namespace pith::encoding
