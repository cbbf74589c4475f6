#include "pith/render.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"
#include "text/utf8.hpp"

namespace pith {

std::optional<Format> parse_format(std::string_view name) {
  // Case-insensitive so "--format JSON" works; ASCII-only folding is enough
  // because every accepted name is ASCII.
  std::string lower(name);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (lower == "text") return Format::text;
  if (lower == "markdown" || lower == "md") return Format::markdown;
  if (lower == "html") return Format::html;
  if (lower == "json") return Format::json;
  if (lower == "xml") return Format::xml;
  return std::nullopt;
}

std::string render(const Document& doc, Format format) { return render(doc, format, RenderOptions{}); }

std::string render(const Document& doc, Format format, const RenderOptions& options) {
  switch (format) {
    case Format::text: return render_text(doc, options);
    case Format::markdown: return render_markdown(doc, options);
    case Format::html: return render_html(doc, options);
    case Format::json: return render_json(doc, options);
    case Format::xml: return render_xml(doc, options);
  }
  // Only reachable through a value cast from outside the enum's range.
  return render_text(doc);
}

namespace output {

std::string valid_utf8(std::string_view in) {
  // One definition of "maximal subpart" replacement for the whole project.
  return text::repair_utf8(in);
}

std::vector<std::string> row_cells(const Block& block) {
  if (!block.cells.empty() || block.text.empty()) return block.cells;
  return {block.text};
}

}  // namespace output
}  // namespace pith
