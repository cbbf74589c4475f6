#include "output/markdown_emphasis.hpp"

#include <utf8proc.h>

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "text/ascii.hpp"
#include "text/utf8.hpp"

namespace pith::output {
namespace {

// What CommonMark's flanking rules see on either side of a delimiter run.
enum class Around { space, punctuation, other };

Around classify(char32_t c) {
  if (c < 0x80) {
    const char a = static_cast<char>(c);
    if (a == ' ' || a == '\t' || a == '\n' || a == '\r' || a == '\f' || a == '\v') return Around::space;
    return text::is_ascii_punctuation(a) ? Around::punctuation : Around::other;
  }
  // CommonMark 0.29, as cmark-gfm implements it: Unicode white space is Zs,
  // punctuation the P* categories (symbols count as letters).
  const utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(c));
  if (category == UTF8PROC_CATEGORY_ZS) return Around::space;
  if (category >= UTF8PROC_CATEGORY_PC && category <= UTF8PROC_CATEGORY_PO) return Around::punctuation;
  return Around::other;
}

// The character before / at byte `at` of `text`, within a line [from, to)
// whose edges count as white space.
Around before(std::string_view text, std::size_t at, std::size_t from) {
  if (at <= from) return Around::space;
  std::size_t start = text::code_point_start(text, at - 1, from);
  return classify(text::decode_utf8(text.substr(0, at), start));
}
Around at_or_after(std::string_view text, std::size_t at, std::size_t to) {
  if (at >= to) return Around::space;
  return classify(text::decode_utf8(text.substr(0, to), at));
}
std::size_t next_char(std::string_view text, std::size_t at) {
  return text::code_point_start_at_or_after(text, at + 1);
}
std::size_t previous_char(std::string_view text, std::size_t at, std::size_t from) {
  return text::code_point_start(text, at - 1, from);
}

bool left_flanking(Around prev, Around next) {
  return next != Around::space && (next != Around::punctuation || prev != Around::other);
}
bool right_flanking(Around prev, Around next) {
  return prev != Around::space && (prev != Around::punctuation || next != Around::other);
}

bool is_emphasis(const InlineEvent& ev) {
  return ev.kind != InlineEvent::image &&
         (ev.span->kind == InlineKind::emphasis || ev.span->kind == InlineKind::strong);
}

}  // namespace

void fit_emphasis(std::vector<InlineEvent>& events, std::string_view text, std::size_t from, std::size_t to) {
  std::vector<bool> dropped(events.size(), false);
  const std::size_t n = events.size();
  // 1. Merge: the outermost close and open at one place are adjacent in the output.
  for (std::size_t g = 0; g < n;) {
    std::size_t end = g;
    while (end < n && events[end].at == events[g].at) ++end;
    std::size_t closes_end = g;
    while (closes_end < end && events[closes_end].kind == InlineEvent::close) ++closes_end;
    std::size_t opens_begin = closes_end;
    if (closes_end < end && events[closes_end].kind == InlineEvent::open) {
      while (closes_end > g && opens_begin < end && is_emphasis(events[closes_end - 1]) &&
             is_emphasis(events[opens_begin]) &&
             events[closes_end - 1].span->kind == events[opens_begin].span->kind) {
        dropped[--closes_end] = true;
        dropped[opens_begin++] = true;
      }
    }
    g = end;
  }
  // Pairs, by nesting (ranges nest, so a close ends the innermost open one).
  // A range inside one of its own kind (<b><b>x</b></b>) adds nothing, and
  // "****x****" would not read back as strong text: it is left out.
  std::vector<std::size_t> open_stack;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  int open_emphasis = 0, open_strong = 0;
  const auto depth_of = [&](const InlineEvent& ev) -> int& {
    return ev.span->kind == InlineKind::strong ? open_strong : open_emphasis;
  };
  bool nested = true;
  for (std::size_t k = 0; k < n && nested; ++k) {
    if (dropped[k] || events[k].kind == InlineEvent::image) continue;
    if (events[k].kind == InlineEvent::open) {
      open_stack.push_back(k);
      if (is_emphasis(events[k]) && depth_of(events[k])++ > 0) dropped[k] = true;
      continue;
    }
    nested = !open_stack.empty() && events[open_stack.back()].span->kind == events[k].span->kind;
    if (!nested) break;
    const std::size_t o = open_stack.back();
    open_stack.pop_back();
    if (!is_emphasis(events[k])) continue;
    --depth_of(events[k]);
    if (dropped[o]) dropped[k] = true;
    else pairs.emplace_back(o, k);
  }
  if (!nested || !open_stack.empty()) {
    // Not from the extractor (which records nested ranges): no emphasis at all
    // is the one form sure to read back as the text.
    for (std::size_t k = 0; k < n; ++k) dropped[k] = dropped[k] || is_emphasis(events[k]);
  } else {
    // The live neighbours of event k in the output: the delimiter run it is
    // part of extends over adjacent emphasis events at the same place.
    const auto live_before = [&](std::size_t k) -> std::ptrdiff_t {
      for (std::ptrdiff_t j = static_cast<std::ptrdiff_t>(k) - 1; j >= 0; --j)
        if (!dropped[static_cast<std::size_t>(j)]) return j;
      return -1;
    };
    const auto live_after = [&](std::size_t k) -> std::size_t {
      for (std::size_t j = k + 1; j < n; ++j)
        if (!dropped[j]) return j;
      return n;
    };
    const auto run_sides = [&](std::size_t k) {
      std::pair<Around, Around> sides{before(text, events[k].at, from), at_or_after(text, events[k].at, to)};
      for (std::ptrdiff_t j = live_before(k); j >= 0 && events[static_cast<std::size_t>(j)].at == events[k].at;
           j = live_before(static_cast<std::size_t>(j))) {
        if (!is_emphasis(events[static_cast<std::size_t>(j)])) {
          sides.first = Around::punctuation;
          break;
        }
      }
      for (std::size_t j = live_after(k); j < n && events[j].at == events[k].at; j = live_after(j)) {
        if (!is_emphasis(events[j])) {
          sides.second = Around::punctuation;
          break;
        }
      }
      return sides;
    };
    for (const auto& [o, c] : pairs) {
      if (dropped[o] || dropped[c]) continue;
      bool ok = true;
      auto [prev, next] = run_sides(o);
      if (!left_flanking(prev, next)) {
        // Movable only when nothing else is written between here and there.
        const std::size_t after = live_after(o);
        ok = after < n && events[after].at > events[o].at;
        std::size_t at = events[o].at;
        while (ok) {
          const std::size_t moved = next_char(text, at);
          if (moved >= events[after].at || moved >= events[c].at) {
            ok = false;
            break;
          }
          at = moved;
          if (left_flanking(before(text, at, from), at_or_after(text, at, to))) break;
        }
        if (ok) events[o].at = at;
      }
      if (ok) {
        std::tie(prev, next) = run_sides(c);
        if (!right_flanking(prev, next)) {
          const std::ptrdiff_t before_c = live_before(c);
          ok = before_c >= 0 && events[static_cast<std::size_t>(before_c)].at < events[c].at;
          std::size_t at = events[c].at;
          while (ok) {
            const std::size_t moved = previous_char(text, at, from);
            if (moved <= events[static_cast<std::size_t>(before_c)].at || moved <= events[o].at) {
              ok = false;
              break;
            }
            at = moved;
            if (right_flanking(before(text, at, from), at_or_after(text, at, to))) break;
          }
          if (ok) events[c].at = at;
        }
      }
      if (!ok) dropped[o] = dropped[c] = true;
    }
  }
  std::size_t kept = 0;
  for (std::size_t k = 0; k < n; ++k)
    if (!dropped[k]) events[kept++] = events[k];
  events.resize(kept);
}

}  // namespace pith::output
