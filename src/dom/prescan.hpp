#pragma once

#include <string>
#include <string_view>

namespace pith::dom {

// Returns the page with the bodies of <script> and <style> elements removed
// (the tags themselves kept), except JSON-LD scripts, whose bodies the
// metadata stage reads. Those bodies are half the bytes of a typical page and
// carry no visible text; Gumbo parses the rest two to three times faster.
//
// A raw-text body ends at the first "</script" / "</style" (any case)
// followed by whitespace, "/" or ">", as in the HTML tokenizer; comments and
// quoted attribute values are skipped so that a "<script" inside them does not
// start a body.
std::string strip_raw_text_bodies(std::string_view html);

}  // namespace pith::dom
