#include <string>
#include <string_view>

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
      for (const std::string& cell : output_detail::row_cells(block)) {
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
    if (output_detail::is_blank(piece)) continue;
    if (!out.empty()) out += "\n\n";
    out += piece;
  }
  // Block text comes from the decoded page and is valid UTF-8 but for a bug;
  // the check costs less than the copy that repairing makes.
  if (text::is_valid_utf8(out)) return out;
  return output_detail::valid_utf8(out);
}

}  // namespace pith
