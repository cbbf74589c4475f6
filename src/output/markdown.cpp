// CommonMark/GFM output. Escaping is deliberately minimal: only what would
// change the block structure (a paragraph read back as a heading, list, quote,
// fence or table) or let text through as raw HTML. Inline emphasis characters
// (* _ `) are left alone, since escaping them makes the Markdown unreadable for
// the common case of plain prose.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"

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

// Escapes that matter anywhere in a line: "<tag" would pass through as raw HTML
// (a <script> in a paragraph must stay text), and "&name;" would be decoded.
std::string escape_inline(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (c == '<' && (is_alpha(next) || next == '/' || next == '!' || next == '?')) {
      out += '\\';
    } else if (c == '&' && (is_alnum(next) || next == '#')) {
      std::size_t j = i + 1;
      while (j < s.size() && (is_alnum(s[j]) || s[j] == '#')) ++j;
      if (j < s.size() && s[j] == ';') out += '\\';
    }
    out += c;
  }
  return out;
}

using output_detail::InlineEvent;

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

std::string bracket_text(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
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

// `view` (a piece of marks.text) escaped, with emphasis, code, and (when
// asked for) links and images written in Markdown.
std::string marked_inline(std::string_view view, const Marks* marks) {
  if (!marks || marks->block->inlines.empty()) return escape_inline(view);
  const std::size_t from = static_cast<std::size_t>(view.data() - marks->text.data());
  const std::size_t to = from + view.size();
  const std::vector<InlineEvent> events = output_detail::inline_events(
      *marks->block, from, to, [&](const Inline&) { return marks->options->links; },
      [&](const Inline&) { return marks->options->images; });
  std::string out;
  std::size_t pos = from;
  int in_code = 0, in_link = 0;
  std::string open_code_fence;
  auto text_until = [&](std::size_t at) {
    std::string_view piece = marks->text.substr(pos, at - pos);
    if (in_code) out += piece;
    else if (in_link) out += bracket_text(escape_inline(piece));
    else out += escape_inline(piece);
    pos = at;
  };
  for (const InlineEvent& ev : events) {
    text_until(ev.at);
    const Inline& span = *ev.span;
    if (ev.kind == InlineEvent::image) {
      if (in_code) continue;
      // An image stands apart from the word before it (its space is pending
      // until the next word in the block text).
      if (!out.empty() && out.back() != ' ' && out.back() != '[') out += ' ';
      out += "![" + bracket_text(span.alt) + "](" + link_destination(span.url) + ")";
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

// True when the line is a thematic break or setext underline: three or more of
// one of - * _ = (spaces allowed between), and nothing else.
bool is_rule_like(std::string_view line) {
  const char c = line.front();
  if (c != '-' && c != '*' && c != '_' && c != '=') return false;
  int count = 0;
  for (char ch : line) {
    if (ch == c) {
      ++count;
    } else if (!is_space(ch)) {
      return false;
    }
  }
  return c == '=' || c == '-' ? count >= 1 : count >= 3;
}

// Escapes one line of prose so it cannot start a block construct. The line is
// trimmed first: leading spaces would turn four-space-indented lines into code
// and trailing double spaces into hard breaks.
std::string escape_line(std::string_view raw, const Marks* marks = nullptr) {
  const std::string_view line = trim(raw);
  if (line.empty()) return {};
  const char c = line.front();
  const char next = line.size() > 1 ? line[1] : '\0';
  std::string prefix;
  std::string_view rest = line;

  if (c == '#') {
    std::size_t run = 0;
    while (run < line.size() && line[run] == '#') ++run;
    if (run <= 6 && (run == line.size() || is_space(line[run]))) prefix = "\\";
  } else if ((c == '-' || c == '+' || c == '*') && (next == '\0' || is_space(next))) {
    prefix = "\\";
  } else if (c == '>') {
    prefix = "\\";
  } else if ((c == '`' || c == '~') && line.substr(0, 3) == std::string(3, c)) {
    prefix = "\\";
  } else if (is_rule_like(line)) {
    prefix = "\\";
  } else if (c == '[' && line.find("]:") != std::string_view::npos) {
    // Would be swallowed as a link reference definition.
    prefix = "\\";
  } else if (c == '|') {
    prefix = "\\";
  } else if (is_digit(c)) {
    std::size_t digits = 0;
    while (digits < line.size() && is_digit(line[digits])) ++digits;
    if (digits <= 9 && digits < line.size() && (line[digits] == '.' || line[digits] == ')')) {
      const std::size_t after = digits + 1;
      if (after == line.size() || is_space(line[after])) {
        // "1\. " keeps the number and stops the list.
        return marked_inline(line.substr(0, digits), marks) + "\\" +
               marked_inline(line.substr(digits), marks);
      }
    }
  }
  return prefix + marked_inline(rest, marks);
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
  std::string text = one_line(marked_inline(output_detail::trim_lines(block.text), marks));
  // A trailing " #..." run would be read as the optional closing sequence and
  // dropped; escaping its first '#' keeps it as text.
  if (!text.empty() && text.back() == '#') {
    std::size_t start = text.size();
    while (start > 0 && text[start - 1] == '#') --start;
    if (start == 0 || is_space(text[start - 1])) text.insert(start, "\\");
  }
  return std::string(static_cast<std::size_t>(level), '#') + " " + text;
}

// Lines of prose, each escaped and prefixed. `first` goes before the first line
// and `cont` before the rest (list markers vs. their continuation indent).
std::string prose(std::string_view text, std::string_view first, std::string_view cont,
                  const Marks* marks) {
  std::string out;
  bool is_first = true;
  for (std::string_view raw : split_lines(output_detail::trim_lines(text))) {
    const std::string line = escape_line(raw, marks);
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
  for (std::string_view raw : split_lines(output_detail::trim_lines(block.text))) {
    const std::string line = escape_line(raw, marks);
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

std::string table_cell(std::string_view cell) {
  std::string out;
  for (char c : escape_inline(one_line(cell))) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

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
    cells.push_back(output_detail::row_cells(*row));
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

}  // namespace

std::string render_markdown(const Document& doc, const RenderOptions& options) {
  std::string out;
  std::vector<ListLevel> lists;
  const auto& blocks = doc.blocks;

  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    const Marks marks{block.text, &block, &options};
    std::string piece;
    bool tight = false;  // joined to the previous piece by a single newline

    if (block.kind == BlockKind::table_row) {
      std::vector<const Block*> rows;
      while (i < blocks.size() && blocks[i].kind == BlockKind::table_row) {
        rows.push_back(&blocks[i]);
        ++i;
      }
      --i;
      piece = table(rows);
    } else if (output_detail::is_blank(block.text)) {
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
  return output_detail::valid_utf8(out);
}

}  // namespace pith
