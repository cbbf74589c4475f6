// Reading a Content-Type header value.
#pragma once

#include <string>
#include <string_view>

namespace pith::fetching {

// True for text/html and application/xhtml+xml, and for a missing type (the
// decoder sniffs binary data later). False for PDFs, images, JSON, plain text...
bool is_html_content_type(std::string_view content_type);

}  // namespace pith::fetching
