#include "extract/inline_marks.hpp"

#include <algorithm>

#include "dom/image_source.hpp"

namespace pith::extraction {

using dom::Attr;
using dom::Tag;

namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

}  // namespace

void InlineMarks::open_range(const dom::Dom& dom, dom::NodeId id, std::size_t at) {
  InlineKind kind;
  switch (dom.nodes[id].tag) {
    case Tag::a: kind = InlineKind::link; break;
    case Tag::img: kind = InlineKind::image; break;
    case Tag::em: case Tag::i: kind = InlineKind::emphasis; break;
    case Tag::strong: case Tag::b: kind = InlineKind::strong; break;
    case Tag::code: case Tag::kbd: case Tag::samp: case Tag::tt: kind = InlineKind::code; break;
    default: return;  // may_open_range() lets none through
  }
  Inline span;
  span.kind = kind;
  span.begin = span.end = static_cast<std::uint32_t>(at);
  if (kind == InlineKind::link) {
    span.url = std::string(dom.attr(id, Attr::href));
    if (span.url.empty()) return;
  } else if (kind == InlineKind::image) {
    span.url = std::string(dom::image_source(dom, id));
    // A <noscript> fallback repeats the lazy image just before it.
    if (span.url.empty() || span.url == last_image_url_) return;
    last_image_url_ = span.url;
    span.alt = std::string(dom.attr(id, Attr::alt));
    done_.push_back(std::move(span));
    return;
  }
  open_.push_back({id, std::move(span)});
}

void InlineMarks::close_range(const std::string& text) {
  Inline span = std::move(open_.back().span);
  open_.pop_back();
  std::size_t begin = std::min<std::size_t>(span.begin, text.size()), end = text.size();
  // The range holds the element's words, not the spaces around them.
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  if (begin == end) return;
  span.begin = static_cast<std::uint32_t>(begin);
  span.end = static_cast<std::uint32_t>(end);
  done_.push_back(std::move(span));
}

std::vector<Inline> InlineMarks::finish_block(std::size_t leading, const std::string& trimmed_text) {
  const auto size = static_cast<std::uint32_t>(trimmed_text.size());
  auto shift = [&](std::uint32_t at) {
    return std::min(size, at > leading ? static_cast<std::uint32_t>(at - leading) : 0u);
  };
  std::vector<Inline> out = std::move(waiting_images_);
  waiting_images_.clear();
  for (Inline& span : done_) {
    span.begin = shift(span.begin);
    span.end = shift(span.end);
    if (span.begin < span.end || span.kind == InlineKind::image) out.push_back(std::move(span));
  }
  done_.clear();
  // Elements that span a block boundary: their part in this block is a range
  // of its own; the rest starts the next block.
  for (Open& o : open_) {
    Inline part = o.span;
    part.begin = shift(part.begin);
    part.end = size;
    if (part.begin < part.end) out.push_back(std::move(part));
    o.span.begin = 0;
  }
  // Outer ranges first where two start together, so renderers can nest them.
  if (out.size() < 2) return out;  // in order already (and no sort buffer to allocate)
  std::stable_sort(out.begin(), out.end(), [](const Inline& a, const Inline& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  return out;
}

void InlineMarks::drop_block() {
  for (Inline& span : done_)
    if (span.kind == InlineKind::image) {
      span.begin = span.end = 0;
      waiting_images_.push_back(std::move(span));
    }
  done_.clear();
  for (Open& o : open_) o.span.begin = 0;
}

}  // namespace pith::extraction
