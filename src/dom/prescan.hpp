#pragma once

#include <string>
#include <string_view>

namespace pith::dom {

// Returns the page with the bodies of <script> and <style> elements removed
// (the tags themselves kept), except JSON-LD scripts, whose bodies the
// metadata stage reads. Those bodies are half the bytes of a typical page and
// carry no visible text. (build_dom has drop_unseen_markup remove them in its
// single pass over the page; this stand-alone pass serves tests and tools.)
//
// A raw-text body ends at the first "</script" / "</style" (any case)
// followed by whitespace, "/" or ">", as in the HTML tokenizer; comments and
// quoted attribute values are skipped so that a "<script" inside them does not
// start a body.
std::string strip_raw_text_bodies(std::string_view html);

// Scanning helpers shared with the markup guard.

// Does s[at...] start with `word` (lower case), ignoring ASCII case?
bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word);
// Does a tag name end at s[at] (white space, '/', '>' or the end)?
bool ends_tag_name(std::string_view s, std::size_t at);
// Index of the '>' closing the tag whose attributes start at `at`, honouring
// quoted attribute values; npos when the page ends first.
std::size_t find_tag_end(std::string_view s, std::size_t at);
// Index of the "</name" that closes a raw-text body starting at `from`
// (`name` in lower case), npos if none.
std::size_t find_raw_text_end(std::string_view s, std::size_t from, std::string_view name);

}  // namespace pith::dom
