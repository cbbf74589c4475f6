// Where Markdown's emphasis delimiters go: CommonMark's flanking rules
// (spec 0.29, "Emphasis and strong emphasis", as cmark-gfm implements them)
// applied to the inline events of one line of a block.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"

namespace pith::output {

// Makes each emphasis delimiter one that CommonMark reads as the page meant,
// over the events of one line [from, to) of `text`:
//  1. a close and an open of the same kind that meet (<em>a</em><em>b</em>)
//     merge into one range, as "*a**b*" would not close and reopen; a range
//     inside one of its own kind (<b><b>x</b></b>) is left out;
//  2. a delimiter that could not open (not left-flanking: "a*.b*") or close
//     ("**Note:**text") moves past the white space and punctuation at the
//     range's edge: "**Note**:text";
//  3. a range that has no such form (its edge meets other markup, or it holds
//     nothing but punctuation) is written without delimiters: its text stays.
// Other markup (links, code, images) is punctuation to its neighbours, as its
// brackets and backticks are. Events are moved or removed, never reordered.
void fit_emphasis(std::vector<InlineEvent>& events, std::string_view text, std::size_t from, std::size_t to);

}  // namespace pith::output
