// Byte-level sniffing that needs no decoder: byte order marks.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace pith::encoding {

struct ByteOrderMark {
  std::string_view charset;  // "UTF-8", "UTF-16LE" or "UTF-16BE"
  std::size_t length;        // bytes to strip
};

std::optional<ByteOrderMark> sniff_bom(std::string_view bytes) noexcept;

}  // namespace pith::encoding
