// How the HTML tree builder treats tag names, as the markup guard models it
// (markup_guard.cpp), expanded from the tag table (tags.def). The pre-parse
// filter (unseen_markup.cpp) reads the raw-text names from here too.
#pragma once

#include <cstdint>
#include <string_view>

namespace pith::dom {

// How a tag name behaves in the model. One name may have several traits.
enum Trait : std::uint16_t {
  kVoid = 1 << 0,         // never has content (<br>, <img>...)
  kIgnored = 1 << 1,      // merged into the existing element (<html>, <body>, <head>)
  kFormatting = 1 << 2,   // on the list of active formatting elements
  kClosesP = 1 << 3,      // its start tag closes an open <p>
  kSpecial = 1 << 4,      // stops a generic end tag, and is never reopened
  kScope = 1 << 5,        // bounds "in scope" searches (tables, cells, <object>...)
  kRawText = 1 << 6,      // its content is text up to its end tag (<script>, <textarea>...)
  kForeign = 1 << 7,      // <svg>, <math>: "/>" closes inside them
  kHeading = 1 << 8,
  kListItem = 1 << 9,     // <li>
  kDefinition = 1 << 10,  // <dd>, <dt>
  kList = 1 << 11,        // <ul>, <ol>, <menu>, <dl>: bound item auto-closing
  kRow = 1 << 12,         // <tr>
  kCell = 1 << 13,        // <td>, <th>
  kSection = 1 << 14,     // <tbody>, <thead>, <tfoot>
  kPlaintext = 1 << 15,   // everything after it is text
};

struct NameInfo {
  std::string_view name;
  std::uint16_t traits;
};

constexpr std::uint16_t kBlock = kClosesP | kSpecial;

// The guard's traits of the names the tag table (tags.def) gives any.
constexpr NameInfo kKnownNames[] = {
#define PITH_TAG(name, gumbo, layout, hint, guard) {#name, guard},
#define PITH_UNTAGGED(name, guard) {#name, guard},
#include "dom/tags.def"
#undef PITH_TAG
#undef PITH_UNTAGGED
};

}  // namespace pith::dom
