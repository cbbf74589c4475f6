#include "pith/render.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"

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
  return std::nullopt;
}

std::string render(const Document& doc, Format format) {
  switch (format) {
    case Format::text: return render_text(doc);
    case Format::markdown: return render_markdown(doc);
    case Format::html: return render_html(doc);
    case Format::json: return render_json(doc);
  }
  // Only reachable through a value cast from outside the enum's range.
  return render_text(doc);
}

namespace output_detail {

std::string valid_utf8(std::string_view in) {
  static constexpr std::string_view replacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(in.size());
  const std::size_t n = in.size();
  std::size_t i = 0;
  while (i < n) {
    const auto b0 = static_cast<unsigned char>(in[i]);
    if (b0 < 0x80) {
      out.push_back(static_cast<char>(b0));
      ++i;
      continue;
    }
    // Length and the allowed range of the second byte, per Unicode Table 3-7;
    // the narrowed ranges are what exclude overlongs, surrogates and > U+10FFFF.
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    }
    if (len == 0) {  // 80..C1 or F5..FF can never start a sequence
      out += replacement;
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    bool ok = true;
    for (std::size_t k = 1; k < len; ++k, ++j) {
      if (j >= n) {
        ok = false;
        break;
      }
      const auto b = static_cast<unsigned char>(in[j]);
      const unsigned char min = (k == 1) ? lo : 0x80;
      const unsigned char max = (k == 1) ? hi : 0xBF;
      if (b < min || b > max) {
        ok = false;
        break;
      }
    }
    if (ok) {
      out.append(in.substr(i, len));
    } else {
      // One U+FFFD for the maximal valid prefix; resume at the offending byte,
      // which may itself start a valid sequence.
      out += replacement;
    }
    i = j;
  }
  return out;
}

std::vector<std::string> row_cells(const Block& block) {
  if (!block.cells.empty() || block.text.empty()) return block.cells;
  return {block.text};
}

}  // namespace output_detail
}  // namespace pith
