#pragma once

#include <string>
#include <string_view>

namespace pith::dom {

// Removes, before the parse, markup whose result the DOM build throws away,
// so that Gumbo's tokenizer (the largest cost of a page) never sees it:
//
//  - comments (the DOM keeps none);
//  - the bodies of <svg> and <math> elements (the DOM drops those subtrees),
//    tags kept: only when the body provably stays inside the element, i.e.
//    has no tag that breaks out of foreign content, no end tag that would
//    close an element outside it, no CDATA, and only text in its HTML
//    integration points (<title>, <desc>, <mi>...); otherwise left alone;
//  - attributes nothing reads: data-*, on* event handlers, srcset, sizes.
//
// The bodies of raw-text and RCDATA elements (<title>, <textarea>, <script>,
// <style>, <xmp>, <iframe>, <noembed>, <noframes>) are copied untouched, and
// everything after <plaintext> or an unterminated comment or tag is too.
// Tags are read with the HTML tokenizer's attribute states, so the model
// agrees with Gumbo on where each tag ends. Returns the input unchanged
// (moved) when there is nothing to remove.
std::string drop_unseen_markup(std::string html);

}  // namespace pith::dom
