// Text written by programs for programs that a page prints as if it were
// text for a reader: a configuration object in a <div>, a language map, the
// UUIDs that obfuscate a "Sponsored" label letter by letter (hidden by CSS).
// No reader's text looks like it; left in, it wins the content selection on
// a page of short marketing sections (its commas and full stops look like
// prose), or pads a product card. read_page_hints() leaves such text nodes
// out of every pass; text in <pre>, <code> and the like is never judged.
#pragma once

#include <string_view>

namespace pith::extraction {

// A JSON object or array, or a Python/JavaScript literal of one: opens with
// '{' or '[', closes with '}' or ']', and names at least kMachineObjectMinKeys
// keys (a quoted string, then ':').
bool is_object_literal(std::string_view text);

// UUIDs (8-4-4-4-12 hex digits) and little else: at least
// kMachineUuidShare of the text's visible characters.
bool is_uuid_text(std::string_view text);

// Whether `text` opens as machine text does ('{', '[' or a UUID after white
// space): a test of a few bytes that rules out nearly every text node before
// is_machine_text reads it whole.
bool opens_like_machine_text(std::string_view text);

inline bool is_machine_text(std::string_view text) {
  return opens_like_machine_text(text) && (is_object_literal(text) || is_uuid_text(text));
}

}  // namespace pith::extraction
