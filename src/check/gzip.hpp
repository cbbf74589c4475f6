// Gzipped pages: fixtures may store page.html.gz (saved crawls often are).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "encoding/compressed.hpp"

namespace pith::check {

// True when the bytes start with the gzip magic number.
using encoding::is_gzip;

// Inflates gzip data (encoding::inflate_all), every member of it. Throws
// std::runtime_error on corrupt or truncated data, or when the output would
// exceed max_bytes (a gzip bomb).
std::string gunzip(std::string_view compressed, std::size_t max_bytes);

}  // namespace pith::check
