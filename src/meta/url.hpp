// Relative references made absolute, with libcurl's URL parser (RFC 3986).
#pragma once

#include <string>
#include <string_view>

namespace pith::meta {

// `ref` resolved against `base`. Returns `ref` as it is (trimmed) when there is
// no usable base; "" for references that must never be followed from
// extracted content (javascript:, data:, vbscript:) and for empty ones.
std::string resolve_url(std::string_view base, std::string_view ref);

}  // namespace pith::meta
