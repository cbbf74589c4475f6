// XML in the shape trafilatura writes (its "xml" output format), so that
// pipelines built on that format can switch extractors: <doc> with the
// metadata as attributes, <main> with <head rend="h2">, <p>, <list rend="ul">
// / <item> (nested lists inside their item), <quote>, <code>, <table> / <row>
// / <cell role="head">, inline <hi rend="#i|#b|#t">, and <ref target> /
// <graphic src alt> when links / images are asked for; <comments> when the
// comment thread was extracted. Well-formed XML 1.0 whatever the input.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"

namespace pith {
namespace {

// Escapes for text and attribute values. Characters XML 1.0 forbids (C0
// controls other than tab and line breaks, U+FFFE, U+FFFF) are dropped; CR is
// dropped too, as an XML parser would fold it into LF anyway.
void append_xml(std::string& out, std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\r': break;
      default: {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t' && c != '\n') break;
        if (u == 0xEF && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xBF &&
            (static_cast<unsigned char>(s[i + 2]) & 0xFE) == 0xBE) {
          i += 2;  // U+FFFE or U+FFFF
          break;
        }
        out += c;
      }
    }
  }
}

void append_attribute(std::string& out, std::string_view name, std::string_view value) {
  if (value.empty()) return;
  out += ' ';
  out += name;
  out += "=\"";
  append_xml(out, value);
  out += '"';
}

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) {
    if (!out.empty()) out += ";";
    out += v;
  }
  return out;
}

// Text with its inline markup; line breaks inside a block become <lb/>.
void append_marked(std::string& out, const Block& block, const RenderOptions& options) {
  const std::string_view text = block.text;
  const std::string_view body = output::trim_lines(text);
  const std::size_t from = static_cast<std::size_t>(body.data() - text.data());
  const std::size_t to = from + body.size();
  const auto plain = [&](std::string_view piece) {
    for (std::size_t nl; (nl = piece.find('\n')) != std::string_view::npos; piece.remove_prefix(nl + 1)) {
      append_xml(out, piece.substr(0, nl));
      out += "<lb/>";
    }
    append_xml(out, piece);
  };
  if (body.empty()) return;
  const std::vector<output::InlineEvent> events = output::inline_events(
      block, from, to, [&](const Inline& span) { return options.links && output::is_web_url(span.url); },
      [&](const Inline& span) { return options.images && output::is_web_url(span.url); });
  std::size_t pos = from;
  for (const output::InlineEvent& ev : events) {
    plain(text.substr(pos, ev.at - pos));
    pos = ev.at;
    const Inline& span = *ev.span;
    const bool open = ev.kind == output::InlineEvent::open;
    switch (span.kind) {
      case InlineKind::image:
        out += "<graphic";
        append_attribute(out, "src", span.url);
        append_attribute(out, "alt", span.alt);
        out += "/>";
        break;
      case InlineKind::link:
        if (open) {
          out += "<ref";
          append_attribute(out, "target", span.url);
          out += ">";
        } else {
          out += "</ref>";
        }
        break;
      case InlineKind::emphasis: out += open ? "<hi rend=\"#i\">" : "</hi>"; break;
      case InlineKind::strong: out += open ? "<hi rend=\"#b\">" : "</hi>"; break;
      case InlineKind::code: out += open ? "<hi rend=\"#t\">" : "</hi>"; break;
    }
  }
  plain(text.substr(pos, to - pos));
}

void append_element(std::string& out, std::string_view tag, const Block& block, const RenderOptions& options) {
  out += '<';
  out += tag;
  out += '>';
  append_marked(out, block, options);
  out += "</";
  out += tag;
  out += ">\n";
}

void append_main(std::string& out, const std::vector<Block>& blocks, const RenderOptions& options) {
  // Open lists, innermost last (true for ordered); the innermost <item> stays
  // open so that a deeper list can nest inside it.
  std::vector<bool> lists;
  const auto close_lists_to = [&](std::size_t depth) {
    while (lists.size() > depth) {
      out += "</item></list>\n";
      lists.pop_back();
    }
  };
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    if (output::trim_lines(block.text).empty() && block.kind != BlockKind::table_row) continue;
    if (block.kind == BlockKind::list_item) {
      const std::size_t level =
          std::clamp<std::size_t>(static_cast<std::size_t>(std::max(block.level, 1)), 1, lists.size() + 1);
      close_lists_to(level);
      if (lists.size() == level && lists.back() != block.ordered) close_lists_to(level - 1);
      if (lists.size() == level) {
        out += "</item>\n";
      } else {
        out += block.ordered ? "<list rend=\"ol\">\n" : "<list rend=\"ul\">\n";
        lists.push_back(block.ordered);
      }
      out += "<item>";
      append_marked(out, block, options);
      continue;
    }
    close_lists_to(0);
    switch (block.kind) {
      case BlockKind::heading:
        out += "<head rend=\"h" + std::to_string(std::clamp(block.level, 1, 6)) + "\">";
        append_marked(out, block, options);
        out += "</head>\n";
        break;
      case BlockKind::paragraph: append_element(out, "p", block, options); break;
      case BlockKind::quote: append_element(out, "quote", block, options); break;
      case BlockKind::code: {
        out += "<code";
        append_attribute(out, "lang", block.language);
        out += '>';
        std::string_view code = block.text;
        while (!code.empty() && (code.back() == '\n' || code.back() == '\r')) code.remove_suffix(1);
        append_xml(out, code);
        out += "</code>\n";
        break;
      }
      case BlockKind::table_row:
        out += "<table>\n";
        for (const std::size_t end = output::table_end(blocks, i); i < end; ++i) {
          out += "<row>";
          for (const std::string& cell : output::row_cells(blocks[i])) {
            out += blocks[i].header ? "<cell role=\"head\">" : "<cell>";
            append_xml(out, output::trim_lines(cell));
            out += "</cell>";
          }
          out += "</row>\n";
        }
        --i;
        out += "</table>\n";
        break;
      case BlockKind::list_item: break;  // handled above
    }
  }
  close_lists_to(0);
}

}  // namespace

std::string render_xml(const Document& doc, const RenderOptions& options) {
  const Metadata& m = doc.metadata;
  std::string out = "<doc";
  append_attribute(out, "sitename", m.site_name);
  append_attribute(out, "title", doc.title);
  append_attribute(out, "author", joined(m.authors));
  append_attribute(out, "date", m.date_published);
  append_attribute(out, "url", !doc.url.empty() ? doc.url : m.canonical_url);
  append_attribute(out, "description", m.description);
  append_attribute(out, "categories", joined(m.categories));
  append_attribute(out, "tags", joined(m.tags));
  append_attribute(out, "image", m.image);
  append_attribute(out, "license", m.license);
  // trafilatura's attribute: what the page declares (og:type and kin).
  append_attribute(out, "pagetype", m.declared_page_type);
  // trafilatura's attribute: the detected language, else the declared one.
  append_attribute(out, "language", output::page_language(doc));
  append_attribute(out, "dir", direction_name(doc.direction));
  out += ">\n<main>\n";
  append_main(out, doc.blocks, options);
  out += "</main>\n";
  if (!doc.comments.empty()) {
    out += "<comments>\n";
    for (const Comment& comment : doc.comments) {
      out += "<comment";
      append_attribute(out, "author", comment.author);
      out += '>';
      append_xml(out, output::trim_lines(comment.text));
      out += "</comment>\n";
    }
    out += "</comments>\n";
  }
  out += "</doc>";
  return output::valid_utf8(out);
}

}  // namespace pith
