// Which address an <img> shows. Lazy-loading pages put a placeholder (or
// nothing) in src and the image in data-src / data-srcset; responsive ones
// list sizes in srcset.
#pragma once

#include <string_view>

#include "dom/dom.hpp"

namespace pith::dom {

// The image's address as written (not resolved), "" when it has none: the
// largest candidate of data-srcset or srcset, else data-src, data-lazy-src,
// data-original, src, else (in a <picture>) a <source> before it; data: URIs
// (placeholders) are passed over. A view into the DOM's pool.
std::string_view image_source(const Dom& dom, NodeId img);

// The largest candidate of a srcset value (by its "640w" width, or its "2x"
// density), "" when the value lists none (HTML, "parse a srcset attribute").
std::string_view largest_candidate(std::string_view srcset);

}  // namespace pith::dom
