// Byte conversion: legacy charsets through iconv, UTF-8 through a validator.
// Output is always valid UTF-8 with NUL bytes dropped.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pith::encoding {

// `bytes` as valid UTF-8: ill-formed subparts become U+FFFD, NULs are dropped.
// Already-clean input costs one validation pass and one copy.
std::string clean_utf8(std::string_view bytes);

// Converts from `charset` (an iconv name) to clean UTF-8. Undecodable bytes
// become U+FFFD and decoding resumes one code unit later. nullopt only when
// iconv does not know `charset`.
std::optional<std::string> convert_to_utf8(std::string_view bytes, const std::string& charset);

// Whether iconv can decode `charset`. UTF-8 needs no iconv and is always true.
bool charset_supported(const std::string& charset);

struct Utf8Evidence {
  std::size_t invalid_sequences = 0;    // maximal ill-formed subparts
  std::size_t multibyte_sequences = 0;  // well-formed non-ASCII code points
};

// How UTF-8-like `bytes` are: the counts the declared-vs-actual overrides weigh.
Utf8Evidence utf8_evidence(std::string_view bytes) noexcept;

}  // namespace pith::encoding
