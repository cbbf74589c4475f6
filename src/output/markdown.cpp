// CommonMark/GFM output that a CommonMark renderer reads back as the page's
// text: every character that could become markup (emphasis, code, links,
// block constructs, table pipes, raw HTML, entities) is escaped, so the only
// markup is the one written on purpose, and each emphasis delimiter is placed
// where CommonMark lets it open or close (output/markdown_emphasis.hpp). Checked against
// cmark-gfm by bench/markdown_roundtrip.cpp.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/markdown_emphasis.hpp"
#include "output/renderers.hpp"
#include "text/ascii.hpp"

namespace pith {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (is_space(s.front()) || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (is_space(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_lines(std::string_view s) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (;;) {
    const std::size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(s.substr(start));
      return lines;
    }
    lines.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
}

// The length of the web address at the start of `s` that can be written as a
// CommonMark autolink: "http://" or "https://" and more, up to white space,
// without the punctuation that ends a sentence after it; 0 when there is none
// or it holds what an autolink cannot (< > or a control character).
std::size_t address_length(std::string_view s) {
  const auto starts_with = [&](std::string_view scheme) {
    if (s.size() <= scheme.size()) return false;
    for (std::size_t k = 0; k < scheme.size(); ++k)
      if ((s[k] | 0x20) != scheme[k]) return false;
    return true;
  };
  const std::size_t scheme = starts_with("https://") ? 8 : starts_with("http://") ? 7 : 0;
  if (scheme == 0) return 0;
  std::size_t end = scheme;
  while (end < s.size() && static_cast<unsigned char>(s[end]) > ' ') {
    if (s[end] == '<' || s[end] == '>' || s[end] == 0x7F) return 0;
    ++end;
  }
  while (end > scheme && std::string_view(".,:;!?'\")]*_~").find(s[end - 1]) != std::string_view::npos) --end;
  return end > scheme ? end : 0;
}

// Escapes for text anywhere in a line:
//  - "*", "_" (emphasis), "`" (code), "~" (GFM strikethrough), "|" (a line
//    read as a table row) and a "\" that would escape what follows it;
//    "_" between two ASCII letters or digits stays, as it cannot open or close;
//  - "<tag" (raw HTML: a <script> in a paragraph must stay text) and "&name;"
//    (an entity reference);
//  - "](" and "]" at the end of a piece, which would make link syntax with
//    what follows (a "!" before a link's "[" is escaped where the link opens).
// A piece ends where markup is written, so its last character is escaped as if
// punctuation followed.
//
// A web address standing as a word ("https://x.org/a_b~c") is written as an
// autolink, <https://x.org/a_b~c>: GFM would link it anyway, and take any
// backslash escape inside it for part of the address.
std::string escape_inline(std::string_view s, bool autolinks = true) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const char prev = i > 0 ? s[i - 1] : '\0';
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (autolinks && (c == 'h' || c == 'H') && (i == 0 || prev == ' ' || prev == '\n' || prev == '\t' || prev == '(')) {
      if (const std::size_t length = address_length(s.substr(i))) {
        out += '<';
        out += s.substr(i, length);
        out += '>';
        i += length - 1;
        continue;
      }
    }
    switch (c) {
      case '*': case '`': case '~': case '|':
        out += '\\';
        break;
      case '_':
        if (!(is_alnum(prev) && is_alnum(next))) out += '\\';
        break;
      case '\\':
        if (next == '\0' || text::is_ascii_punctuation(next)) out += '\\';
        break;
      case ']':
        if (next == '(' || next == '[' || next == '\0') out += '\\';
        break;
      case '<':
        if (is_alpha(next) || next == '/' || next == '!' || next == '?') out += '\\';
        break;
      case '&':
        if (is_alnum(next) || next == '#') {
          std::size_t j = i + 1;
          while (j < s.size() && (is_alnum(s[j]) || s[j] == '#')) ++j;
          if (j < s.size() && s[j] == ';') out += '\\';
        }
        break;
      default:
        break;
    }
    out += c;
  }
  return out;
}

using output::InlineEvent;

// A block's inline markup, for the lines of its text being rendered.
struct Marks {
  std::string_view text;  // the block's whole text: views below point into it
  const Block* block = nullptr;
  const RenderOptions* options = nullptr;
};

// "(" and ")" would end a link destination early; spaces are not allowed in one.
std::string link_destination(std::string_view url) {
  std::string out;
  for (char c : url) {
    switch (c) {
      case ' ': out += "%20"; break;
      case '(': out += "%28"; break;
      case ')': out += "%29"; break;
      case '<': out += "%3C"; break;
      case '>': out += "%3E"; break;
      default: out += c;
    }
  }
  return out;
}

// Link text and image alt text: escaped as other text, and brackets too, so
// that none closes the link early. (No autolinks: a link holds no link.)
std::string bracket_text(std::string_view s) {
  const std::string escaped = escape_inline(s, false);
  std::string out;
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    const char c = escaped[i];
    if (c == '\\' && i + 1 < escaped.size()) {
      // Already escaped by escape_inline: the pair is copied as it is.
      out += c;
      out += escaped[++i];
      continue;
    }
    if (c == '[' || c == ']') out += '\\';
    out += (c == '\n') ? ' ' : c;
  }
  return out;
}

// A code span's fence: one backtick more than the longest run inside.
std::string code_fence(std::string_view content) {
  std::size_t longest = 0, run = 0;
  for (char c : content) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(longest + 1, '`');
}

constexpr std::size_t kNoEscape = std::string_view::npos;

// `view` escaped, and a backslash before its character at `escape_at` (the
// one that would start a block construct: "#", "-", the "." of "1.").
std::string escaped_text(std::string_view view, std::size_t escape_at) {
  if (escape_at >= view.size()) return escape_inline(view);
  return escape_inline(view.substr(0, escape_at)) + "\\" + escape_inline(view.substr(escape_at));
}

// `view` (a piece of marks.text) escaped, with emphasis, code, and (when
// asked for) links and images written in Markdown. escape_at: as for
// escaped_text, an offset into `view`.
std::string marked_inline(std::string_view view, const Marks* marks, std::size_t escape_at = kNoEscape) {
  if (!marks || marks->block->inlines.empty()) return escaped_text(view, escape_at);
  const std::size_t from = static_cast<std::size_t>(view.data() - marks->text.data());
  const std::size_t to = from + view.size();
  std::vector<InlineEvent> events = output::inline_events(
      *marks->block, from, to, [&](const Inline&) { return marks->options->links; },
      [&](const Inline&) { return marks->options->images; });
  output::fit_emphasis(events, marks->text, from, to);
  std::string out;
  std::size_t pos = from;
  int in_code = 0, in_link = 0;
  std::string open_code_fence;
  auto text_until = [&](std::size_t at) {
    std::string_view piece = marks->text.substr(pos, at - pos);
    const std::size_t escape_here = escape_at != kNoEscape && from + escape_at >= pos && from + escape_at < at
                                        ? from + escape_at - pos
                                        : kNoEscape;
    if (in_code) out += piece;
    else if (in_link) out += bracket_text(piece);
    else out += escaped_text(piece, escape_here);
    pos = at;
  };
  for (const InlineEvent& ev : events) {
    text_until(ev.at);
    const Inline& span = *ev.span;
    if (ev.kind == InlineEvent::image) {
      if (in_code) continue;
      // Written where it stood, without spaces of its own, so that the text
      // reads as the page's; but one carried over from an empty block to the
      // start of this one stands apart from the first word.
      out += "![" + bracket_text(span.alt) + "](" + link_destination(span.url) + ")";
      if (ev.at == 0 && ev.at < to && marks->text[ev.at] != ' ' && marks->text[ev.at] != '\n') out += ' ';
      continue;
    }
    const bool open = ev.kind == InlineEvent::open;
    switch (span.kind) {
      case InlineKind::code:
        if (open && in_code++ == 0) {
          std::string_view content = marks->text.substr(ev.at, ev.other_end - ev.at);
          open_code_fence = code_fence(content);
          out += open_code_fence;
          if (content.front() == '`') out += ' ';
        } else if (!open && --in_code == 0) {
          if (marks->text[ev.at - 1] == '`') out += ' ';
          out += open_code_fence;
        }
        break;
      case InlineKind::link:
        if (in_code) break;
        if (open) {
          ++in_link;
          // "!" just before would make the link an image.
          if (!out.empty() && out.back() == '!') out.insert(out.size() - 1, 1, '\\');
          out += '[';
        } else {
          --in_link;
          out += "](" + link_destination(span.url) + ")";
        }
        break;
      case InlineKind::emphasis:
        if (!in_code) out += '*';
        break;
      case InlineKind::strong:
        if (!in_code) out += "**";
        break;
      case InlineKind::image:
        break;
    }
  }
  text_until(to);
  return out;
}

// True when the line is a thematic break or setext underline made of - or =
// (spaces allowed between), and nothing else. (* and _ are escaped wherever
// they stand.)
bool is_rule_like(std::string_view line) {
  const char c = line.front();
  if (c != '-' && c != '=') return false;
  int count = 0;
  for (char ch : line) {
    if (ch == c) {
      ++count;
    } else if (!is_space(ch)) {
      return false;
    }
  }
  return count >= 1;
}

// Escapes one line of prose so it cannot start a block construct (fences,
// tables and emphasis-made rules cannot start: escape_inline escapes their
// characters everywhere). The line is trimmed first: leading spaces would turn
// four-space-indented lines into code and trailing double spaces into hard
// breaks.
std::string escape_line(std::string_view raw, const Marks* marks = nullptr) {
  const std::string_view line = trim(raw);
  if (line.empty()) return {};
  const char c = line.front();
  const char next = line.size() > 1 ? line[1] : '\0';
  std::size_t escape_at = kNoEscape;

  if (c == '#') {
    std::size_t run = 0;
    while (run < line.size() && line[run] == '#') ++run;
    if (run <= 6 && (run == line.size() || is_space(line[run]))) escape_at = 0;
  } else if ((c == '-' || c == '+') && (next == '\0' || is_space(next))) {
    escape_at = 0;
  } else if (c == '>') {
    escape_at = 0;
  } else if (is_rule_like(line)) {
    escape_at = 0;
  } else if (c == '[' && line.find("]:") != std::string_view::npos) {
    // Would be swallowed as a link reference definition.
    escape_at = 0;
  } else if (is_digit(c)) {
    std::size_t digits = 0;
    while (digits < line.size() && is_digit(line[digits])) ++digits;
    if (digits <= 9 && digits < line.size() && (line[digits] == '.' || line[digits] == ')')) {
      const std::size_t after = digits + 1;
      // "1\. " keeps the number and stops the list.
      if (after == line.size() || is_space(line[after])) escape_at = digits;
    }
  }
  return marked_inline(line, marks, escape_at);
}

// Text for a single-line construct (heading, table cell): line breaks become
// spaces.
std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  return std::string(trim(out));
}

std::string heading(const Block& block, const Marks* marks) {
  const int level = std::clamp(block.level, 1, 6);
  std::string text = one_line(marked_inline(output::trim_lines(block.text), marks));
  // A trailing " #..." run would be read as the optional closing sequence and
  // dropped; escaping its first '#' keeps it as text.
  if (!text.empty() && text.back() == '#') {
    std::size_t start = text.size();
    while (start > 0 && text[start - 1] == '#') --start;
    if (start == 0 || is_space(text[start - 1])) text.insert(start, "\\");
  }
  return std::string(static_cast<std::size_t>(level), '#') + " " + text;
}

// A block's lines, each escaped. A line break inside a block comes from <br>
// (poetry, addresses): a line followed by another ends in a backslash, a
// CommonMark hard break, so that it stays a line break when rendered.
std::vector<std::string> escaped_lines(std::string_view text, const Marks* marks) {
  std::vector<std::string> lines;
  for (std::string_view raw : split_lines(output::trim_lines(text))) lines.push_back(escape_line(raw, marks));
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    if (!lines[i].empty() && !lines[i + 1].empty()) lines[i] += '\\';
  return lines;
}

// Lines of prose, each escaped and prefixed. `first` goes before the first line
// and `cont` before the rest (list markers vs. their continuation indent).
std::string prose(std::string_view text, std::string_view first, std::string_view cont,
                  const Marks* marks) {
  std::string out;
  bool is_first = true;
  for (const std::string& line : escaped_lines(text, marks)) {
    if (!is_first) out += '\n';
    if (is_first) {
      out += first;
    } else if (!line.empty()) {
      out += cont;
    }
    out += line;
    is_first = false;
  }
  return out;
}

std::string quote(const Block& block, const Marks* marks) {
  std::string out;
  bool is_first = true;
  for (const std::string& line : escaped_lines(block.text, marks)) {
    if (!is_first) out += '\n';
    out += line.empty() ? ">" : "> " + line;
    is_first = false;
  }
  return out;
}

std::string code(const Block& block) {
  std::string_view text = block.text;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  // The fence must be longer than any backtick run inside, or the code would
  // close it early.
  std::size_t longest = 0, run = 0;
  for (char c : text) {
    run = (c == '`') ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  // The info string may not contain backticks or line breaks; keep only what
  // a language name is made of.
  std::string language;
  for (char c : block.language) {
    if (is_alnum(c) || c == '-' || c == '_' || c == '+' || c == '#' || c == '.') language += c;
  }
  return fence + language + "\n" + std::string(text) + "\n" + fence;
}

// escape_inline escapes '|' everywhere, which GFM reads as a pipe inside a cell.
std::string table_cell(std::string_view cell) { return escape_inline(one_line(cell)); }

std::string table_line(const std::vector<std::string>& cells, std::size_t width) {
  std::string out = "|";
  for (std::size_t i = 0; i < width; ++i) {
    out += ' ';
    if (i < cells.size()) out += table_cell(cells[i]);
    out += " |";
  }
  return out;
}

// GFM tables need a header row. When the page's first row is not one (no
// <th>), an empty header row is emitted rather than promoting the first data
// row, so the Markdown does not claim a header the page never had.
std::string table(const std::vector<const Block*>& rows) {
  std::size_t width = 1;
  std::vector<std::vector<std::string>> cells;
  for (const Block* row : rows) {
    cells.push_back(output::row_cells(*row));
    width = std::max(width, cells.back().size());
  }
  std::string out;
  std::size_t body = 0;
  if (rows.front()->header) {
    out += table_line(cells.front(), width);
    body = 1;
  } else {
    out += table_line({}, width);
  }
  out += "\n|";
  for (std::size_t i = 0; i < width; ++i) out += " --- |";
  for (std::size_t i = body; i < cells.size(); ++i) out += "\n" + table_line(cells[i], width);
  return out;
}


// Open list levels: where each level's item text starts (its children indent
// to that column, which is 2 under "- " but 3 under "1. "), whether it is
// ordered, and the last number used.
struct ListLevel {
  std::size_t content_column;
  bool ordered;
  int number;
};

// RenderOptions::with_metadata: YAML front matter with trafilatura's keys.
// Each value is a JSON string or array of strings, which YAML reads as a
// double-quoted scalar or a flow sequence, whatever the text holds.
std::string front_matter(const Document& doc) {
  const Metadata& m = doc.metadata;
  std::string out = "---\n";
  const auto field = [&](std::string_view key, const nlohmann::json& value) {
    if (value.empty() || (value.is_string() && value.get_ref<const std::string&>().empty())) return;
    out += key;
    out += ": ";
    out += value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out += '\n';
  };
  std::string authors;
  for (const std::string& author : m.authors) authors += (authors.empty() ? "" : "; ") + author;
  field("title", doc.title);
  field("author", authors);
  field("url", !doc.url.empty() ? doc.url : m.canonical_url);
  field("sitename", m.site_name);
  field("date", m.date_published);
  field("description", m.description);
  field("categories", m.categories);
  field("tags", m.tags);
  field("image", m.image);
  field("license", m.license);
  field("pagetype", m.declared_page_type);  // trafilatura's: what the page declares
  field("language", output::page_language(doc));
  field("dir", direction_name(doc.direction));
  return out + "---";
}

}  // namespace

std::string render_markdown(const Document& doc, const RenderOptions& options) {
  std::string out = options.with_metadata ? front_matter(doc) : std::string();
  std::vector<ListLevel> lists;
  const auto& blocks = doc.blocks;

  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    const Marks marks{block.text, &block, &options};
    std::string piece;
    bool tight = false;  // joined to the previous piece by a single newline

    if (block.kind == BlockKind::table_row) {
      std::vector<const Block*> rows;
      const std::size_t end = output::table_end(blocks, i);
      for (; i < end; ++i) rows.push_back(&blocks[i]);
      --i;
      piece = table(rows);
    } else if (output::is_blank(block.text)) {
      continue;
    } else if (block.kind == BlockKind::list_item) {
      // A level can only go one deeper than the open list; deeper jumps would
      // otherwise indent into an indented code block.
      const std::size_t level =
          std::clamp<std::size_t>(static_cast<std::size_t>(std::max(block.level, 1)), 1, lists.size() + 1);
      tight = !lists.empty();
      int number = 1;
      if (lists.size() >= level && lists[level - 1].ordered == block.ordered) {
        number = lists[level - 1].number + 1;
      }
      lists.resize(level - 1);
      const std::size_t indent = lists.empty() ? 0 : lists.back().content_column;
      const std::string marker = block.ordered ? std::to_string(number) + ". " : "- ";
      lists.push_back({indent + marker.size(), block.ordered, number});
      const std::string pad(indent, ' ');
      piece = prose(block.text, pad + marker, std::string(indent + marker.size(), ' '), &marks);
    } else {
      switch (block.kind) {
        case BlockKind::heading: piece = heading(block, &marks); break;
        case BlockKind::quote: piece = quote(block, &marks); break;
        case BlockKind::code: piece = code(block); break;
        default: piece = prose(block.text, "", "", &marks); break;
      }
    }
    if (block.kind != BlockKind::list_item) lists.clear();
    if (piece.empty()) continue;
    if (!out.empty()) out += tight ? "\n" : "\n\n";
    out += piece;
  }
  return output::valid_utf8(out);
}

}  // namespace pith
