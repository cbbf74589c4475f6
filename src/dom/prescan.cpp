#include "dom/prescan.hpp"

#include "text/ascii.hpp"

namespace pith::dom {

bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word) {
  if (at + word.size() > s.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k)
    if (text::ascii_lower(s[at + k]) != word[k]) return false;
  return true;
}

std::size_t find_tag_end(std::string_view s, std::size_t at) {
  TagState state = TagState::before_name;
  for (std::size_t i = at; i < s.size(); ++i) {
    if (state == TagState::double_quoted || state == TagState::single_quoted) {
      // Most of a tag's bytes are in quoted values: jump to the closing quote.
      i = s.find(state == TagState::double_quoted ? '"' : '\'', i);
      if (i == std::string_view::npos) return std::string_view::npos;
    }
    state = next_tag_state(state, s[i]);
    if (state == TagState::ended) return i;
  }
  return std::string_view::npos;
}

std::size_t find_raw_text_end(std::string_view s, std::size_t from, std::string_view name) {
  for (std::size_t i = s.find("</", from); i != std::string_view::npos; i = s.find("</", i + 2)) {
    if (starts_with_ci(s, i + 2, name) && ends_tag_name(s, i + 2 + name.size())) return i;
  }
  return std::string_view::npos;
}

std::size_t comment_end(std::string_view s, std::size_t from) {
  if (s.compare(from, 1, ">") == 0) return from + 1;
  if (s.compare(from, 2, "->") == 0) return from + 2;
  for (std::size_t k = s.find("--", from); k != std::string_view::npos; k = s.find("--", k + 1)) {
    if (s.compare(k + 2, 1, ">") == 0) return k + 3;
    if (s.compare(k + 2, 2, "!>") == 0) return k + 4;
  }
  return std::string_view::npos;
}

std::size_t CommentEnds::find(std::size_t from) {
  if (from >= none_from_) {  // only the abrupt ends, which need no search
    if (s_.compare(from, 1, ">") == 0) return from + 1;
    if (s_.compare(from, 2, "->") == 0) return from + 2;
    return std::string_view::npos;
  }
  std::size_t end = comment_end(s_, from);
  if (end == std::string_view::npos) none_from_ = from;
  return end;
}

std::size_t RawTextEnds::find(std::size_t from, std::string_view lower_name) {
  Missing* missing = nullptr;
  for (Missing& m : missing_)
    if (m.name == lower_name) missing = &m;
  if (missing && from >= missing->from) return std::string_view::npos;
  std::size_t end = find_raw_text_end(s_, from, lower_name);
  if (end == std::string_view::npos) {
    if (missing) missing->from = from;
    else missing_.push_back({std::string(lower_name), from});
  }
  return end;
}

std::size_t TagEnds::find_after_name(std::size_t at) {
  if (dead_.empty()) {
    std::size_t end = find_tag_end(s_, at);
    if (end != std::string_view::npos) return end;
    dead_.assign(s_.size(), 0);
  } else if (std::size_t end = walk(at, /*mark=*/false); end != std::string_view::npos) {
    return end;
  }
  walk(at, /*mark=*/true);
  return std::string_view::npos;
}

// The tag's '>', or npos at the end of the page or at a pair known to lead
// there; with `mark`, marks each pair on the way.
std::size_t TagEnds::walk(std::size_t at, bool mark) {
  static_assert(kTagStates <= 8, "one bit per state in a byte");
  TagState state = TagState::before_name;
  for (std::size_t i = at; i < s_.size(); ++i) {
    auto bit = static_cast<std::uint8_t>(1u << static_cast<int>(state));
    if (dead_[i] & bit) return std::string_view::npos;
    if (mark) dead_[i] |= bit;
    state = next_tag_state(state, s_[i]);
    if (state == TagState::ended) return i;
  }
  return std::string_view::npos;
}

namespace {

bool is_json_ld(std::string_view attributes) {
  return text::contains_ascii_ci(attributes, "ld+json");
}

}  // namespace

std::string strip_raw_text_bodies(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t copied = 0;  // s[0, copied) is already in out
  std::size_t i = 0;
  while ((i = s.find('<', i)) != std::string_view::npos) {
    if (s.compare(i, 4, "<!--") == 0) {
      std::size_t end = comment_end(s, i + 4);  // as the filter and the guard end it
      if (end == std::string_view::npos) break;
      i = end;
      continue;
    }
    std::string_view name;
    if (starts_with_ci(s, i + 1, "script") && ends_tag_name(s, i + 7)) name = "script";
    else if (starts_with_ci(s, i + 1, "style") && ends_tag_name(s, i + 6)) name = "style";
    if (name.empty()) {
      // Skip over any other tag as a whole so that '<' inside its quoted
      // attribute values is not mistaken for a tag.
      if (i + 1 < s.size() && ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z')) {
        std::size_t end = find_tag_end(s, i + 1);
        if (end == std::string_view::npos) break;
        i = end + 1;
      } else {
        ++i;
      }
      continue;
    }
    std::size_t attrs_at = i + 1 + name.size();
    std::size_t open_end = find_tag_end(s, attrs_at);
    if (open_end == std::string_view::npos) break;
    std::size_t body_begin = open_end + 1;
    std::size_t body_end = find_raw_text_end(s, body_begin, name);
    if (body_end == std::string_view::npos) break;  // unclosed: leave it to Gumbo
    if (name == "script" && is_json_ld(s.substr(attrs_at, open_end - attrs_at))) {
      i = body_end + 2;
      continue;
    }
    out.append(s.substr(copied, body_begin - copied));
    copied = body_end;
    i = body_end + 2;
  }
  out.append(s.substr(copied));
  return out;
}

}  // namespace pith::dom
