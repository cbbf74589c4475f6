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

namespace {

// A dir below <body> speaks for the page when its element holds at least
// this share of the page's nodes: the content, not a quote or a widget.
constexpr double kContentDirMinShare = 0.25;

Direction stated(const dom::Dom& dom, dom::NodeId id) {
  const std::string_view dir = dom.attr(id, dom::Attr::dir);
  if (text::iequals_ascii(dir, "rtl")) return Direction::rtl;
  if (text::iequals_ascii(dir, "ltr")) return Direction::ltr;
  return Direction::unstated;  // none, or "auto" (the browser guesses from the text)
}

}  // namespace

Direction page_direction(const dom::Dom& dom) {
  // <body dir> speaks for the content where both it and <html dir> state one;
  // where neither does, the largest element below that states one.
  Direction html = Direction::unstated, body = Direction::unstated, largest = Direction::unstated;
  if (!dom.any_element_has(dom::Attr::dir)) return Direction::unstated;  // most pages state none
  std::size_t largest_size = 0;
  for (dom::NodeId id = 0; id < dom.nodes.size(); ++id) {
    if (!dom.has_attr(id, dom::Attr::dir)) continue;
    const Direction here = stated(dom, id);
    if (here == Direction::unstated) continue;
    const dom::Tag tag = dom.nodes[id].tag;
    if (tag == dom::Tag::html) html = here;
    else if (tag == dom::Tag::body) body = here;
    else if (const std::size_t size = dom.nodes[id].subtree_end - id; size > largest_size) {
      largest = here;
      largest_size = size;
    }
  }
  if (body != Direction::unstated) return body;
  if (html != Direction::unstated) return html;
  const bool content = static_cast<double>(largest_size) >= kContentDirMinShare * static_cast<double>(dom.nodes.size());
  return content ? largest : Direction::unstated;
}

}  // namespace media
}  // namespace pith
