#include "extract/machine_text.hpp"

#include <cstddef>
#include <cstdint>

#include "extract/heuristics.hpp"
#include "text/ascii.hpp"

namespace pith::extraction {
namespace {

constexpr std::size_t npos = std::string_view::npos;
constexpr std::string_view kSpace = " \t\r\n\f";

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

// The length of the UUID at text[at] (8-4-4-4-12 hex digits), or 0.
std::size_t uuid_at(std::string_view text, std::size_t at) {
  constexpr std::size_t kGroups[] = {8, 4, 4, 4, 12};
  std::size_t i = at;
  for (std::size_t g = 0; g < std::size(kGroups); ++g) {
    if (g > 0) {
      if (i >= text.size() || text[i] != '-') return 0;
      ++i;
    }
    for (std::size_t k = 0; k < kGroups[g]; ++k, ++i)
      if (i >= text.size() || !is_hex_digit(text[i])) return 0;
  }
  return i - at;
}

// text.find_first_not_of(kSpace), which looks each byte up in kSpace by a
// call of its own: this runs for every text node.
std::size_t first_not_space(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!text::is_ascii_whitespace(text[i])) return i;
  return npos;
}
static_assert(kSpace == " \t\r\n\f", "first_not_space skips what text::is_ascii_whitespace calls white space");

}  // namespace

bool opens_like_machine_text(std::string_view text) {
  const std::size_t first = first_not_space(text);
  if (first == npos) return false;
  return text[first] == '{' || text[first] == '[' || uuid_at(text, first) > 0;
}

bool is_object_literal(std::string_view text) {
  const std::size_t first = text.find_first_not_of(kSpace);
  if (first == npos) return false;
  const std::size_t last = text.find_last_not_of(kSpace);
  const char open = text[first], close = text[last];
  if (!(open == '{' || open == '[') || !(close == '}' || close == ']')) return false;
  std::uint32_t keys = 0;
  for (std::size_t i = first + 1; i < last; ++i) {
    const char quote = text[i];
    if (quote != '"' && quote != '\'') continue;
    const std::size_t end = text.find(quote, i + 1);
    if (end == npos || end >= last) break;
    const std::size_t after = text.find_first_not_of(kSpace, end + 1);
    if (after != npos && text[after] == ':' && ++keys >= kMachineObjectMinKeys) return true;
    i = end;
  }
  return false;
}

bool is_uuid_text(std::string_view text) {
  std::size_t visible = 0, in_uuids = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text::is_ascii_whitespace(text[i])) {
      ++i;
      continue;
    }
    if (const std::size_t n = uuid_at(text, i)) {
      in_uuids += n;
      visible += n;
      i += n;
      continue;
    }
    ++visible;
    ++i;
  }
  return in_uuids > 0 && in_uuids >= kMachineUuidShare * visible;
}

}  // namespace pith::extraction
