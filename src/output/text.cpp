#include <string>
#include <string_view>

#include "output/renderers.hpp"

namespace pith {
namespace {

std::string block_text(const Block& block) {
  switch (block.kind) {
    case BlockKind::table_row: {
      std::string row;
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
      std::string code = block.text;
      while (!code.empty() && (code.back() == '\n' || code.back() == '\r')) code.pop_back();
      return code;
    }
    default:
      return block.text;
  }
}

}  // namespace

std::string render_text(const Document& doc) {
  std::string out;
  for (const Block& block : doc.blocks) {
    std::string piece = block_text(block);
    // An empty block would show up as a run of blank lines.
    if (output_detail::is_blank(piece)) continue;
    if (!out.empty()) out += "\n\n";
    out += piece;
  }
  return output_detail::valid_utf8(out);
}

}  // namespace pith
