#include "dom/prescan.hpp"

#include "text/ascii.hpp"

namespace pith::dom {

bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word) {
  if (at + word.size() > s.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k)
    if (text::ascii_lower(s[at + k]) != word[k]) return false;
  return true;
}

bool ends_tag_name(std::string_view s, std::size_t at) {
  if (at >= s.size()) return true;
  char c = s[at];
  return text::is_ascii_whitespace(c) || c == '/' || c == '>';
}

std::size_t find_tag_end(std::string_view s, std::size_t at) {
  // The HTML tokenizer's attribute states: a quote opens a value only right
  // after "name =", so that the model agrees with the parser on where a tag
  // ends (a disagreement would hide markup from the markup guard).
  enum State { before_name, name, after_name, before_value, quoted, unquoted };
  State state = before_name;
  char quote = 0;
  for (std::size_t i = at; i < s.size(); ++i) {
    char c = s[i];
    switch (state) {
      case before_name:
        if (c == '>') return i;
        if (!text::is_ascii_whitespace(c) && c != '/') state = name;  // '=' here starts a name
        break;
      case name:
        if (c == '>') return i;
        if (text::is_ascii_whitespace(c)) state = after_name;
        else if (c == '/') state = before_name;
        else if (c == '=') state = before_value;
        break;
      case after_name:
        if (c == '>') return i;
        if (c == '=') state = before_value;
        else if (c == '/') state = before_name;
        else if (!text::is_ascii_whitespace(c)) state = name;
        break;
      case before_value:
        if (c == '>') return i;
        if (c == '"' || c == '\'') {
          quote = c;
          state = quoted;
        } else if (!text::is_ascii_whitespace(c)) {
          state = unquoted;
        }
        break;
      case quoted: {
        // Most of a tag's bytes are in quoted values: jump to the closing quote.
        std::size_t close = s.find(quote, i);
        if (close == std::string_view::npos) return std::string_view::npos;
        i = close;
        state = before_name;
        break;
      }
      case unquoted:
        if (c == '>') return i;
        if (text::is_ascii_whitespace(c)) state = before_name;
        break;
    }
  }
  return std::string_view::npos;
}

std::size_t find_raw_text_end(std::string_view s, std::size_t from, std::string_view name) {
  for (std::size_t i = s.find("</", from); i != std::string_view::npos; i = s.find("</", i + 2)) {
    if (starts_with_ci(s, i + 2, name) && ends_tag_name(s, i + 2 + name.size())) return i;
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
      std::size_t end = s.find("-->", i + 4);
      if (end == std::string_view::npos) break;
      i = end + 3;
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
