// Gumbo's elements as Tags, from the tag table (tags.def). Inline: the build
// asks for every element.
#pragma once

#include <gumbo.h>

#include <array>
#include <cstddef>
#include <string_view>

#include "dom/dom.hpp"
#include "text/ascii.hpp"

namespace pith::dom {
namespace detail {

struct GumboRow {
  GumboTag gumbo = GUMBO_TAG_UNKNOWN;
  Tag tag = Tag::other;
  std::string_view name;
};

inline constexpr GumboRow kGumboRows[] = {
#define PITH_TAG(name, gumbo, layout, hint, guard) {GUMBO_TAG_##gumbo, Tag::name, #name},
#define PITH_UNTAGGED(name, guard)
#include "dom/tags.def"
#undef PITH_TAG
#undef PITH_UNTAGGED
};

// Indexed by GumboTag; Tag::other for the tags the table lacks.
struct FromGumbo {
  Tag of[GUMBO_TAG_LAST + 1] = {};
  constexpr FromGumbo() {
    for (Tag& t : of) t = Tag::other;
    for (const GumboRow& row : kGumboRows)
      if (row.gumbo != GUMBO_TAG_UNKNOWN) of[row.gumbo] = row.tag;
  }
};
inline constexpr FromGumbo kFromGumbo{};

constexpr std::size_t count_unknown_to_gumbo() {
  std::size_t n = 0;
  for (const GumboRow& row : kGumboRows) n += row.gumbo == GUMBO_TAG_UNKNOWN;
  return n;
}

// The rows Gumbo 0.10 reports as GUMBO_TAG_UNKNOWN (<dialog>, <picture>).
inline constexpr auto kUnknownToGumbo = [] {
  std::array<GumboRow, count_unknown_to_gumbo()> rows{};
  std::size_t n = 0;
  for (const GumboRow& row : kGumboRows)
    if (row.gumbo == GUMBO_TAG_UNKNOWN) rows[n++] = row;
  return rows;
}();

}  // namespace detail

// The Tag of a start tag's name ("<dialog open>" -> Tag::dialog) among the
// tags Gumbo does not know; Tag::other for any other.
inline Tag tag_of_unknown(std::string_view start_tag) {
  if (start_tag.size() < 2 || start_tag[0] != '<') return Tag::other;
  std::size_t end = 1;
  while (end < start_tag.size() && !text::is_ascii_whitespace(start_tag[end]) && start_tag[end] != '/' &&
         start_tag[end] != '>')
    ++end;
  const std::string_view name = start_tag.substr(1, end - 1);
  for (const detail::GumboRow& row : detail::kUnknownToGumbo)
    if (text::iequals_ascii(name, row.name)) return row.tag;
  return Tag::other;
}

// The Tag of a Gumbo element: by Gumbo's tag, or, for a tag Gumbo 0.10 does
// not know, by the name in the element's start tag (`original_tag`, which
// points into the parsed markup).
inline Tag tag_of(GumboTag tag, const GumboStringPiece& original_tag) {
  if (tag != GUMBO_TAG_UNKNOWN) return tag < GUMBO_TAG_LAST ? detail::kFromGumbo.of[tag] : Tag::other;
  return tag_of_unknown(std::string_view(original_tag.data, original_tag.length));
}

}  // namespace pith::dom
