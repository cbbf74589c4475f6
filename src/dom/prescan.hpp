#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/ascii.hpp"

namespace pith::dom {

// Returns the page with the bodies of <script> and <style> elements removed
// (the tags themselves kept), except JSON-LD scripts, whose bodies the
// metadata stage reads. Those bodies are half the bytes of a typical page and
// carry no visible text. (build_dom has drop_unseen_markup remove them in its
// single pass over the page; this stand-alone pass serves tests and tools.)
//
// A raw-text body ends at the first "</script" / "</style" (any case)
// followed by whitespace, "/" or ">", as in the HTML tokenizer; comments and
// quoted attribute values are skipped so that a "<script" inside them does not
// start a body.
std::string strip_raw_text_bodies(std::string_view html);

// Scanning helpers shared with the markup guard.

// Does s[at...] start with `word` (lower case), ignoring ASCII case?
bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word);
// Does a tag name end at s[at] (white space, '/', '>' or the end)? (Inline:
// asked for every byte of every tag name.)
inline bool ends_tag_name(std::string_view s, std::size_t at) {
  if (at >= s.size()) return true;
  char c = s[at];
  return text::is_ascii_whitespace(c) || c == '/' || c == '>';
}
// Index of the '>' closing the tag whose attributes start at `at`, honouring
// quoted attribute values; npos when the page ends first.
std::size_t find_tag_end(std::string_view s, std::size_t at);

// The HTML tokenizer's attribute states (WHATWG HTML 13.2.5.32-13.2.5.39), as
// far as they decide where a tag ends: a quote opens a value only right after
// "name =", so that the model agrees with the parser on where a tag ends (a
// disagreement would hide markup from the markup guard). `ended` follows the
// '>' that closes the tag.
enum class TagState : std::uint8_t {
  before_name, name, after_name, before_value, double_quoted, single_quoted, unquoted, ended
};
inline constexpr int kTagStates = 7;  // all but `ended`

inline TagState next_tag_state(TagState state, char c) {
  using enum TagState;
  const bool space = text::is_ascii_whitespace(c);
  switch (state) {
    case before_name:
      if (c == '>') return ended;
      return space || c == '/' ? before_name : name;  // '=' here starts a name
    case name:
      if (c == '>') return ended;
      if (space) return after_name;
      if (c == '/') return before_name;
      return c == '=' ? before_value : name;
    case after_name:
      if (c == '>') return ended;
      if (c == '=') return before_value;
      if (c == '/') return before_name;
      return space ? after_name : name;
    case before_value:
      if (c == '>') return ended;
      if (c == '"') return double_quoted;
      if (c == '\'') return single_quoted;
      return space ? before_value : unquoted;
    case double_quoted: return c == '"' ? before_name : double_quoted;
    case single_quoted: return c == '\'' ? before_name : single_quoted;
    case unquoted:
      if (c == '>') return ended;
      return space ? before_name : unquoted;
    case ended: break;
  }
  return ended;
}
// Index of the "</name" that closes a raw-text body starting at `from`
// (`name` in lower case), npos if none.
std::size_t find_raw_text_end(std::string_view s, std::size_t from, std::string_view name);
// Index just past the end of a comment whose text starts at `from` (just
// after "<!--"): "-->", "--!>", or the abrupt "<!-->" / "<!--->" (WHATWG
// 13.2.5.43-13.2.5.52); npos when the page ends first.
std::size_t comment_end(std::string_view s, std::size_t from);

// The same scans for a pass that reads on after a scan that found no end
// (the markup guard reads an unclosed comment, raw-text body or tag as
// markup, to count too much rather than too little): the same scan would run
// again from every later '<', to the end of the page (40,000 unclosed "<!--"
// took seconds). Each finder below gives the answer of the function it is
// named after, for positions that never go back, in O(1) or by a walk over
// positions no earlier scan walked: the pass stays linear in the page.

// comment_end: once none is found from `from`, none is found further on.
class CommentEnds {
 public:
  explicit CommentEnds(std::string_view s) : s_(s) {}
  std::size_t find(std::size_t from);

 private:
  std::string_view s_;
  std::size_t none_from_ = std::string_view::npos;
};

// find_raw_text_end, the same way for each element name.
class RawTextEnds {
 public:
  explicit RawTextEnds(std::string_view s) : s_(s) {}
  std::size_t find(std::size_t from, std::string_view lower_name);

 private:
  struct Missing {
    std::string name;
    std::size_t from;  // no end tag at or after this
  };
  std::string_view s_;
  std::vector<Missing> missing_;  // a few raw-text names at most
};

// Where the tag name that starts at `at` ends (ends_tag_name): every position
// up to that end shares it, so "<b<b<b..." is read once.
class NameEnds {
 public:
  explicit NameEnds(std::string_view s) : s_(s) {}
  std::size_t find(std::size_t at) {  // inline: asked for every tag
    if (at < from_ || at > end_) {
      from_ = end_ = at;
      while (!ends_tag_name(s_, end_)) ++end_;
    }
    return end_;
  }

 private:
  std::string_view s_;
  std::size_t from_ = 1, end_ = 0;  // empty: nothing known yet
};

// find_tag_end. Tag ends are not shared that way: a scan that started earlier
// may be inside a quoted value where a later one is not. But the scanner is a
// machine of seven states, so two scans in the same state at the same
// position end alike. After the first scan that finds no end, every
// (position, state) a failing scan passes is marked, and a later scan stops
// at the first marked pair. A scan that finds its end moves the pass past it,
// so no position is walked twice in one state.
class TagEnds {
 public:
  explicit TagEnds(std::string_view s) : s_(s) {}
  std::size_t find(std::size_t at) {
    // Most tags end right after their name (end tags, tags whose attributes
    // the filter took away); no failing scan ever passed a '>' in the state
    // a tag starts in, so this answer agrees with walk's.
    if (at < s_.size() && s_[at] == '>') return at;
    return find_after_name(at);
  }

 private:
  std::size_t find_after_name(std::size_t at);
  std::size_t walk(std::size_t at, bool mark);
  std::string_view s_;
  std::vector<std::uint8_t> dead_;  // per position, a bit per state; empty until a scan fails
};

}  // namespace pith::dom
