// Links and images as data, and the page's writing direction: what the
// extract() pipeline adds to a Document after the content stage, on request
// (Options::links, Options::images).
#pragma once

#include <string_view>
#include <vector>

#include "dom/dom.hpp"
#include "pith/pith.hpp"

namespace pith::media {

// Every <a href> of the page whose address resolves against `base` (unsafe
// schemes left out), in document order. A link is in the content when the
// content's blocks hold a link with its address and text (links.cpp).
std::vector<Link> page_links(const dom::Dom& dom, std::string_view base, const std::vector<Block>& content);

// The content's images (its blocks' image ranges, whose addresses are
// resolved already), once per address, with the alt text, the <figcaption>
// of the <figure> around them and their stated size (images.cpp).
std::vector<Image> content_images(const dom::Dom& dom, std::string_view base, const std::vector<Block>& content);

// <body dir>, else <html dir>, else the dir of the largest element that
// states one when it holds a good share of the page (direction.cpp).
Direction page_direction(const dom::Dom& dom);

}  // namespace pith::media
