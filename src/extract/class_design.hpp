// Class lists compared by the design they name. Repeated items of one design
// (a thread's posts) often also carry a class naming the item itself:
// "post-42886", "id-t1_o8n5jvy". Such tokens — holding kPostNumberMinDigits
// digits or more — are left out when two lists are compared; the rest
// ("comment", "card", "layer81", "col-md-6") is the design.
#pragma once

#include <string_view>

namespace pith::extraction {

// Whether two class lists hold the same design tokens, in the same order.
bool same_design_classes(std::string_view a, std::string_view b);

}  // namespace pith::extraction
