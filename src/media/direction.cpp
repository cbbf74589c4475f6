#include "media/media.hpp"
#include "text/ascii.hpp"

namespace pith {

const char* direction_name(Direction direction) noexcept {
  switch (direction) {
    case Direction::ltr: return "ltr";
    case Direction::rtl: return "rtl";
    case Direction::unstated: break;
  }
  return "";
}

namespace media {

Direction page_direction(const dom::Dom& dom) {
  // <html> and <body> are the first elements of every Gumbo tree; "auto"
  // (the browser guesses from the text) states nothing.
  // <body dir> speaks for the content where both state one.
  Direction found = Direction::unstated;
  for (dom::NodeId id = 0; id < dom.nodes.size(); ++id) {
    const dom::Tag tag = dom.nodes[id].tag;
    if (tag != dom::Tag::body && tag != dom::Tag::html) continue;
    const std::string_view dir = dom.attr(id, dom::Attr::dir);
    if (text::iequals_ascii(dir, "rtl")) found = Direction::rtl;
    else if (text::iequals_ascii(dir, "ltr")) found = Direction::ltr;
    if (tag == dom::Tag::body) break;
  }
  return found;
}

}  // namespace media
}  // namespace pith
