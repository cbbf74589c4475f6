#include "extract/class_design.hpp"

#include <algorithm>

#include "extract/heuristics.hpp"
#include "text/ascii.hpp"

namespace pith::extraction {

namespace {

// (text::is_digit of a byte is an ASCII digit: the full-width digits lie
// above 0xFF. Tested inline: a call per byte was most of a comparison.)
bool names_the_item(std::string_view token) {
  return std::count_if(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }) >=
         kPostNumberMinDigits;
}

// The next design token of `list`, which is left after it; empty at the end.
std::string_view next_design_token(std::string_view& list) {
  for (;;) {
    std::string_view token = text::first_token(list);
    if (token.empty()) return token;
    list.remove_prefix(static_cast<std::size_t>(token.data() - list.data()) + token.size());
    if (!names_the_item(token)) return token;
  }
}

}  // namespace

bool same_design_classes(std::string_view a, std::string_view b) {
  // Repeated items mostly carry one class list, byte for byte: the same
  // tokens, so the same design, without reading them.
  if (a == b) return true;
  for (;;) {
    std::string_view x = next_design_token(a), y = next_design_token(b);
    if (x != y) return false;
    if (x.empty()) return true;
  }
}

}  // namespace pith::extraction
