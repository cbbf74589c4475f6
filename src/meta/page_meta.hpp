// Metadata read from the page's markup. (The full metadata stage — JSON-LD,
// authors, dates — is a later issue; this holds what 0.1 needs.)
#pragma once

#include <string>

#include "dom/dom.hpp"

namespace pith::meta {

struct PageMeta {
  std::string title;     // og:title, else <title> without its site-name suffix
  std::string language;  // <html lang>, else Content-Language / og:locale
};

PageMeta read_meta(const dom::Dom& dom);

// "Headline | Site" -> "Headline": drops the trailing segment after a
// separator when what remains is most of the title.
std::string strip_site_suffix(std::string_view title);

}  // namespace pith::meta
