#include "extract/class_design.hpp"

#include <algorithm>

#include "extract/heuristics.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::extraction {

namespace {

bool names_the_item(std::string_view token) {
  return std::count_if(token.begin(), token.end(),
                       [](char c) { return text::is_digit(static_cast<unsigned char>(c)); }) >= kPostNumberMinDigits;
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
  for (;;) {
    std::string_view x = next_design_token(a), y = next_design_token(b);
    if (x != y) return false;
    if (x.empty()) return true;
  }
}

}  // namespace pith::extraction
