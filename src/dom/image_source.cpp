#include "dom/image_source.hpp"

#include <charconv>

#include "text/ascii.hpp"

namespace pith::dom {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool usable(std::string_view url) {
  return !url.empty() && !text::iequals_ascii(url.substr(0, std::min<std::size_t>(url.size(), 5)), "data:");
}

// A candidate's size for comparison: its width descriptor, or its density
// (1 when it states none) scaled so that widths of any real image win.
double candidate_size(std::string_view descriptors) {
  descriptors = trimmed(descriptors);
  if (descriptors.empty()) return 1 / 1e6;  // "1x"
  if (descriptors.size() < 2) return 0;
  const char unit = text::ascii_lower(descriptors.back());
  double value = 0;
  const auto [end, error] = std::from_chars(descriptors.data(), descriptors.data() + descriptors.size() - 1, value);
  if (error != std::errc() || end != descriptors.data() + descriptors.size() - 1 || value <= 0) return 0;
  return unit == 'w' ? value : unit == 'x' ? value / 1e6 : 0;
}

}  // namespace

std::string_view largest_candidate(std::string_view srcset) {
  std::string_view best;
  double best_size = -1;
  std::size_t i = 0;
  while (i < srcset.size()) {
    while (i < srcset.size() && (is_space(srcset[i]) || srcset[i] == ',')) ++i;
    const std::size_t url_begin = i;
    while (i < srcset.size() && !is_space(srcset[i])) ++i;
    std::string_view url = srcset.substr(url_begin, i - url_begin);
    std::string_view descriptors;
    if (!url.empty() && url.back() == ',') {
      // "a.jpg, b.jpg 2x": a URL ending in commas has no descriptors.
      while (!url.empty() && url.back() == ',') url.remove_suffix(1);
    } else {
      const std::size_t comma = srcset.find(',', i);
      const std::size_t end = comma == std::string_view::npos ? srcset.size() : comma;
      descriptors = srcset.substr(i, end - i);
      i = end;
    }
    if (!usable(url)) continue;
    const double size = candidate_size(descriptors);
    if (size > best_size) {
      best = url;
      best_size = size;
    }
  }
  return best;
}

std::string_view image_source(const Dom& dom, NodeId img) {
  for (Attr set : {Attr::data_srcset, Attr::srcset}) {
    const std::string_view url = largest_candidate(dom.attr(img, set));
    if (!url.empty()) return url;
  }
  for (Attr single : {Attr::data_src, Attr::data_lazy_src, Attr::data_original, Attr::src}) {
    const std::string_view url = trimmed(dom.attr(img, single));
    if (usable(url)) return url;
  }
  // <picture><source srcset=...><img></picture> with nothing on the <img>
  // itself: the first <source> before it that lists a candidate.
  const NodeId parent = dom.nodes[img].parent;
  if (parent == kNoNode) return {};
  for (NodeId sibling = dom.nodes[parent].first_child; sibling != kNoNode && sibling != img;
       sibling = dom.nodes[sibling].next_sibling) {
    if (dom.nodes[sibling].tag != Tag::other) continue;
    for (Attr set : {Attr::data_srcset, Attr::srcset}) {
      const std::string_view url = largest_candidate(dom.attr(sibling, set));
      if (!url.empty()) return url;
    }
  }
  return {};
}

}  // namespace pith::dom
