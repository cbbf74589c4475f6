// Class lists compared by the design they name. Repeated items of one design
// (a thread's posts, a grid's cards) often also carry a class naming the
// item itself: "post-42886", "id-t1_o8n5jvy". Such tokens — holding
// kPostNumberMinDigits digits or more — are left out when two lists are
// compared; the rest ("comment", "card", "layer81", "col-md-6") is the design.
#pragma once

#include <string_view>

namespace pith::extraction {

// Three-way comparison of two class lists by their design tokens, in order:
// negative, zero or positive as `a` sorts before, with or after `b` (a
// strict weak order, for sorting items by design).
int compare_designs(std::string_view a, std::string_view b);

inline bool same_design_classes(std::string_view a, std::string_view b) { return compare_designs(a, b) == 0; }

}  // namespace pith::extraction
