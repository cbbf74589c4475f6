// The rules that leave nodes out, one list for every stage that does (the
// page's first reading in hints.cpp, the passes' pruning in prune.cpp).
#pragma once

#include <cstdint>

namespace pith::extraction {

// Why a node was left out: recorded where its subtree was removed, so that
// --explain can say which rule dropped a paragraph.
enum class Rule : std::uint8_t {
  none,
  document_head,     // <head>
  boilerplate_tag,   // nav, aside, footer, form controls, role=navigation/banner/...
  unlikely_name,     // class/id named like clutter (sidebar, share, related, comment...), a photo caption
  negative_name,     // named like clutter, judged inside the content
  link_list,         // link density above the limit
  too_short,         // a container with almost no text and no heading
  form_controls,     // more form fields than paragraphs
  gallery,           // images without paragraphs
  counter_bar,       // "10 Likes · Reward · Share"
  stamped_list,      // items stamped with dates: comments, teasers
  action_bar_list,   // repeated items with like/reply/report buttons
  teaser_list,       // repeated short items opening with a link: related stories
  machine_text,      // a text node of JSON or UUIDs outside code (machine_text.hpp)
  customer_reviews,  // a product page's reviews (PageReading::reviews_are_clutter)
  consent_prompt,    // a cookie or consent prompt (is_consent_prompt), in every pass
  poll,              // a poll or survey form under a story (is_poll), in every pass
  no_snippet,        // marked data-nosnippet inside the content (marked_no_snippet)
};

// A short phrase for a rule, as --explain prints it.
const char* rule_name(Rule rule);

}  // namespace pith::extraction
