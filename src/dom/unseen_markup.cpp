#include "dom/unseen_markup.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "dom/prescan.hpp"
#include "text/ascii.hpp"

namespace pith::dom {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool letter(char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

using Range = std::pair<std::size_t, std::size_t>;

struct TagToken {
  std::string_view name;
  std::size_t end = npos;  // index of the closing '>'
  bool self_closing = false;
};

// Attributes that no stage reads (the DOM build keeps a fixed list, none of
// which starts with "data-" or "on").
bool unread_attribute(std::string_view name) {
  return (name.size() > 5 && starts_with_ci(name, 0, "data-")) ||
         (name.size() > 2 && starts_with_ci(name, 0, "on")) || text::iequals_ascii(name, "srcset") ||
         text::iequals_ascii(name, "sizes");
}

// Reads the tag whose name starts at s[at], with the HTML tokenizer's tag
// name and attribute states; collects the ranges of unread attributes into
// `drops` when given. False when the page ends inside the tag.
bool read_tag(std::string_view s, std::size_t at, TagToken& tag, std::vector<Range>* drops) {
  std::size_t i = at;
  while (i < s.size() && !space(s[i]) && s[i] != '/' && s[i] != '>') ++i;
  tag.name = s.substr(at, i - at);
  tag.self_closing = false;
  enum State { before_name, name, after_name, before_value, quoted, unquoted };
  State state = before_name;
  char quote = 0;
  std::size_t attr_begin = 0, name_end = 0;
  auto finish = [&](std::size_t attr_end) {
    if (drops && unread_attribute(s.substr(attr_begin, name_end - attr_begin)))
      drops->emplace_back(attr_begin, attr_end);
  };
  for (; i < s.size(); ++i) {
    char c = s[i];
    switch (state) {
      case before_name:
        if (c == '>') {
          tag.end = i;
          return true;
        }
        if (c == '/') {
          if (i + 1 < s.size() && s[i + 1] == '>') tag.self_closing = true;
        } else if (!space(c)) {  // '=' here starts a name
          state = name;
          attr_begin = i;
        }
        break;
      case name:
        if (space(c) || c == '/' || c == '>' || c == '=') name_end = i;
        if (c == '>') {
          finish(i);
          tag.end = i;
          return true;
        }
        if (space(c)) state = after_name;
        else if (c == '/') {
          finish(i);
          state = before_name;
          --i;  // the '/' is read again for self-closing
        } else if (c == '=') state = before_value;
        break;
      case after_name:
        if (c == '>') {
          finish(name_end);
          tag.end = i;
          return true;
        }
        if (c == '=') state = before_value;
        else if (c == '/') {
          finish(name_end);
          state = before_name;
          --i;
        } else if (!space(c)) {
          finish(name_end);
          state = name;
          attr_begin = i;
        }
        break;
      case before_value:
        if (c == '>') {
          finish(i);
          tag.end = i;
          return true;
        }
        if (c == '"' || c == '\'') {
          quote = c;
          state = quoted;
        } else if (!space(c)) {
          state = unquoted;
        }
        break;
      case quoted:
        if (c == quote) {
          finish(i + 1);
          state = before_name;
        }
        break;
      case unquoted:
        if (c == '>') {
          finish(i);
          tag.end = i;
          return true;
        }
        if (space(c)) {
          finish(i);
          state = before_name;
        }
        break;
    }
  }
  return false;
}

// One past the end of the comment whose "<!--" ends at `from`; npos when the
// page ends first. "<!-->", "<!--->", "-->" and "--!>" close a comment.
std::size_t comment_end(std::string_view s, std::size_t from) {
  if (from < s.size() && s[from] == '>') return from + 1;
  if (s.compare(from, 2, "->") == 0) return from + 2;
  for (std::size_t k = s.find("--", from); k != npos; k = s.find("--", k + 1)) {
    if (k + 2 < s.size() && s[k + 2] == '>') return k + 3;
    if (s.compare(k + 2, 2, "!>") == 0) return k + 4;
  }
  return npos;
}

// Elements whose bodies the tokenizer reads as text: copied untouched.
bool raw_text_element(std::string_view name) {
  for (std::string_view raw : {"script", "style", "title", "textarea", "xmp", "iframe", "noembed",
                               "noframes"})
    if (text::iequals_ascii(name, raw)) return true;
  return false;
}

// Start tags that end foreign content (svg, math) and continue as HTML.
bool breaks_out_of_foreign(std::string_view name) {
  static constexpr std::string_view kBreakout[] = {
      "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
      "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
      "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike",
      "sub", "sup", "table", "tt", "u", "ul", "var", "font"};
  for (std::string_view b : kBreakout)
    if (text::iequals_ascii(name, b)) return true;
  return false;
}

// HTML integration points inside svg / math: markup in them is HTML.
bool integration_point(std::string_view name) {
  for (std::string_view p : {"title", "desc", "foreignobject", "mi", "mo", "mn", "ms", "mtext",
                             "annotation-xml"})
    if (text::iequals_ascii(name, p)) return true;
  return false;
}

bool keeps_white_space(std::string_view name) {
  return text::iequals_ascii(name, "pre") || text::iequals_ascii(name, "code") ||
         text::iequals_ascii(name, "listing");
}

bool ends_name_at(std::string_view s, std::size_t at, std::string_view name) {
  return at + name.size() <= s.size() && text::iequals_ascii(s.substr(at, name.size()), name) &&
         ends_tag_name(s, at + name.size());
}

// Where the end tag "</svg" (or "</math") closing the foreign element whose
// body starts at `from` begins, when everything up to it provably stays inside
// the element; npos otherwise (then the body is left to Gumbo).
std::size_t foreign_body_end(std::string_view s, std::size_t from, std::string_view root) {
  std::vector<std::string_view> open{root};
  std::size_t i = from;
  TagToken tag;
  while ((i = s.find('<', i)) != npos) {
    if (s.compare(i, 4, "<!--") == 0) {
      i = comment_end(s, i + 4);
      if (i == npos) return npos;
      continue;
    }
    bool end_tag = i + 1 < s.size() && s[i + 1] == '/';
    std::size_t name_at = i + 1 + (end_tag ? 1 : 0);
    if (name_at >= s.size()) return npos;
    if (!letter(s[name_at])) {
      if (end_tag || s[name_at] == '!' || s[name_at] == '?') return npos;  // CDATA, bogus comments
      ++i;  // a '<' in text
      continue;
    }
    if (!read_tag(s, name_at, tag, nullptr)) return npos;
    if (end_tag) {
      // Only end tags of elements opened inside: others would reach HTML.
      if (text::iequals_ascii(tag.name, "p") || text::iequals_ascii(tag.name, "br")) return npos;
      std::size_t k = open.size();
      while (k > 0 && !text::iequals_ascii(open[k - 1], tag.name)) --k;
      if (k == 0) return npos;
      open.resize(k - 1);
      if (open.empty()) return i;
      i = tag.end + 1;
      continue;
    }
    if (breaks_out_of_foreign(tag.name)) return npos;
    i = tag.end + 1;
    if (tag.self_closing) continue;
    if (integration_point(tag.name)) {
      // Text only, up to its own end tag.
      std::size_t next = s.find('<', i);
      if (next == npos || s.compare(next, 2, "</") != 0 || !ends_name_at(s, next + 2, tag.name))
        return npos;
      i = next;
    }
    open.push_back(tag.name);
  }
  return npos;
}

}  // namespace

std::string drop_unseen_markup(std::string html) {
  std::string_view s = html;
  std::string out;
  bool changed = false;
  std::size_t copied = 0;  // s[0, copied) is settled
  auto cut = [&](std::size_t from, std::size_t to) {
    if (!changed) {
      out.reserve(s.size());
      changed = true;
    }
    out.append(s.substr(copied, from - copied));
    copied = to;
  };
  std::vector<Range> drops;
  TagToken tag;
  int verbatim = 0;  // open <pre>, <code>, <listing>: their white space is content
  std::size_t i = 0;
  while ((i = s.find('<', i)) != npos) {
    if (s.compare(i, 4, "<!--") == 0) {
      std::size_t end = comment_end(s, i + 4);
      if (end == npos) break;  // runs to the end of the page: left as it is
      cut(i, end);
      i = end;
      continue;
    }
    char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (next == '!' || next == '?') {  // doctype, bogus comment: up to the first '>'
      i = s.find('>', i + 2);
      if (i == npos) break;
      ++i;
      continue;
    }
    bool end_tag = next == '/';
    std::size_t name_at = i + 1 + (end_tag ? 1 : 0);
    if (name_at >= s.size()) break;
    if (!letter(s[name_at])) {
      if (end_tag) {  // "</>" is dropped by the tokenizer, "</ x>" is a bogus comment
        i = s.find('>', name_at);
        if (i == npos) break;
        ++i;
      } else {
        ++i;  // a '<' in text
      }
      continue;
    }
    drops.clear();
    if (!read_tag(s, name_at, tag, end_tag ? nullptr : &drops)) break;
    i = tag.end + 1;
    for (const auto& [from, to] : drops) cut(from, to);  // none for end tags
    if (keeps_white_space(tag.name) && !tag.self_closing)
      verbatim = end_tag ? std::max(0, verbatim - 1) : verbatim + 1;
    bool body_follows = !end_tag && (raw_text_element(tag.name) || text::iequals_ascii(tag.name, "plaintext") ||
                                      text::iequals_ascii(tag.name, "svg") || text::iequals_ascii(tag.name, "math"));
    if (verbatim == 0 && !body_follows) {
      // White space alone between two tags counts for nothing after the
      // parse (no stage counts it, renderers fold it): one character of it
      // is enough, a line break when it had one.
      std::size_t j = i;
      while (j < s.size() && space(s[j])) ++j;
      if (j - i >= 2 && j < s.size() && s[j] == '<') {
        bool newline = s.substr(i, j - i).find('\n') != npos;
        cut(i, j);
        out.push_back(newline ? '\n' : ' ');
      }
    }
    if (end_tag) continue;
    if (raw_text_element(tag.name)) {
      std::string lower;
      for (char c : tag.name) lower += text::ascii_lower(c);
      std::size_t body_end = find_raw_text_end(s, i, lower);
      if (body_end == npos) break;
      i = body_end;
      continue;
    }
    if (text::iequals_ascii(tag.name, "plaintext")) break;
    if (!tag.self_closing && (text::iequals_ascii(tag.name, "svg") || text::iequals_ascii(tag.name, "math"))) {
      std::size_t close = foreign_body_end(s, i, tag.name);
      if (close != npos) {
        cut(i, close);
        i = close;
      }
    }
  }
  if (!changed) return html;
  out.append(s.substr(copied));
  return out;
}

}  // namespace pith::dom
