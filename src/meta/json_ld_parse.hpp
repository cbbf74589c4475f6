// JSON-LD scripts are parsed within bounds (docs/limits.md, "Limits"): nlohmann's
// tree costs 10 to 40 times the bytes of the text (deep nesting the most), so
// a hostile script would otherwise cost more memory than the page promises.
#pragma once

#include <cstddef>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pith::meta {

// A script longer than this is skipped (the longest in the dev and training
// sets: 61 KB).
inline constexpr std::size_t kMaxJsonLdScriptBytes = std::size_t{1} << 20;
// Scripts are parsed while the page's parsed scripts total no more than this
// (the most in the dev and training sets: 74 KB on one page).
inline constexpr std::size_t kMaxJsonLdPageBytes = std::size_t{2} << 20;
// A script nested deeper than this ([ and { inside each other) is skipped (the
// deepest in the dev and training sets: 11).
inline constexpr std::size_t kMaxJsonLdDepth = 32;

// How deeply arrays and objects nest in `text`, strings aside; counting stops
// past `limit`. Well-formed or not: the parse decides that.
std::size_t json_nesting_depth(std::string_view text, std::size_t limit);

// `text` parsed, or a discarded value when it is malformed, longer than
// kMaxJsonLdScriptBytes or nested deeper than kMaxJsonLdDepth. Never throws.
nlohmann::json parse_json_ld(std::string_view text);

}  // namespace pith::meta
