#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "output/renderers.hpp"
#include "text/utf8.hpp"

namespace pith {
namespace {

// The block's text as the text format shows it; a table row's cells are
// joined in `row`, which the view then points into.
std::string_view block_text(const Block& block, std::string& row) {
  switch (block.kind) {
    case BlockKind::table_row: {
      row.clear();
      bool first = true;
      for (const std::string& cell : output::row_cells(block)) {
        if (!first) row += " | ";
        row += cell;
        first = false;
      }
      return row;
    }
    case BlockKind::code: {
      // Code is verbatim, except that a trailing line break would add a third
      // newline to the blank-line separator.
      std::string_view code = block.text;
      while (!code.empty() && (code.back() == '\n' || code.back() == '\r')) code.remove_suffix(1);
      return code;
    }
    default:
      return block.text;
  }
}

}  // namespace

std::string render_text(const Document& doc) {
  std::string out;
  std::string row;
  // Room for every block's text and separator (a table row's cells joined
  // may differ a little): the text is not copied as it grows.
  std::size_t room = 0;
  for (const Block& block : doc.blocks) room += block.text.size() + 2;
  out.reserve(room);
  for (const Block& block : doc.blocks) {
    const std::string_view piece = block_text(block, row);
    // An empty block would show up as a run of blank lines.
    if (output::is_blank(piece)) continue;
    if (!out.empty()) out += "\n\n";
    out += piece;
  }
  // Block text comes from the decoded page and is valid UTF-8 but for a bug;
  // the check costs less than the copy that repairing makes.
  if (text::is_valid_utf8(out)) return out;
  return output::valid_utf8(out);
}

namespace {

// A block's text with, on request, the address after each link's text
// ("the guide <https://x.org/guide>") and each image's alt text in brackets.
std::string with_inlines(const Block& block, const RenderOptions& options) {
  if (block.inlines.empty() || (!options.links && !options.images)) return block.text;
  const std::vector<output::InlineEvent> events = output::inline_events(
      block, 0, block.text.size(), [&](const Inline& span) { return options.links && output::is_web_url(span.url); },
      [&](const Inline& span) { return options.images && !output::is_blank(span.alt); });
  std::string out;
  std::size_t pos = 0;
  for (const output::InlineEvent& ev : events) {
    out.append(block.text, pos, ev.at - pos);
    pos = ev.at;
    if (ev.kind == output::InlineEvent::image) {
      out += "[" + std::string(output::trim_lines(ev.span->alt)) + "]";
      // One carried over from an empty block stands apart from the first word.
      if (ev.at == 0 && !block.text.empty() && block.text[0] != ' ') out += ' ';
    } else if (ev.kind == output::InlineEvent::close && ev.span->kind == InlineKind::link) {
      out += " <" + ev.span->url + ">";
    }
  }
  out.append(block.text, pos);
  return out;
}

// `text`'s lines after `first` and, below it, `indent` (a list item's
// continuation lines line up with its text).
void append_indented(std::string& out, std::string_view text, std::string_view first, std::size_t indent) {
  out += first;
  for (std::size_t nl; (nl = text.find('\n')) != std::string_view::npos; text.remove_prefix(nl + 1)) {
    out.append(text.substr(0, nl));
    out += '\n';
    out.append(indent, ' ');
  }
  out.append(text);
}

}  // namespace

std::string render_text(const Document& doc, const RenderOptions& options) {
  if (options.plain && !options.links && !options.images) return render_text(doc);
  std::string out;
  std::string row;
  // Open list levels: ordered, and the last number used.
  std::vector<std::pair<bool, int>> lists;
  const auto& blocks = doc.blocks;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    const std::string text = block.kind == BlockKind::table_row || block.kind == BlockKind::code
                                 ? std::string(block_text(block, row))
                                 : with_inlines(block, options);
    if (output::is_blank(text)) continue;
    const std::string_view piece = output::trim_lines(text);
    if (options.plain) {
      if (!out.empty()) out += "\n\n";
      out += block.kind == BlockKind::code ? std::string_view(text) : piece;
      continue;
    }
    // List items, and the rows of one table, are lines of one piece.
    const bool tight = (block.kind == BlockKind::list_item && !lists.empty()) ||
                       (block.kind == BlockKind::table_row && !block.table_start && i > 0 &&
                        blocks[i - 1].kind == BlockKind::table_row);
    if (block.kind != BlockKind::list_item) lists.clear();
    if (!out.empty()) out += tight ? "\n" : "\n\n";
    if (block.kind == BlockKind::list_item) {
      const std::size_t level =
          std::clamp<std::size_t>(static_cast<std::size_t>(std::max(block.level, 1)), 1, lists.size() + 1);
      int number = 1;
      if (lists.size() >= level && lists[level - 1].first == block.ordered) number = lists[level - 1].second + 1;
      lists.resize(level - 1);
      lists.emplace_back(block.ordered, number);
      const std::string marker =
          std::string(2 * (level - 1), ' ') + (block.ordered ? std::to_string(number) + ". " : "- ");
      append_indented(out, piece, marker, marker.size());
    } else if (block.kind == BlockKind::code) {
      out += text;
    } else {
      out += piece;
    }
  }
  return output::valid_utf8(out);
}

}  // namespace pith
