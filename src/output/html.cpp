// A small, safe HTML fragment: only structural elements and em/strong/code,
// every piece of text escaped, no attributes except a sanitised class on
// <code> and, when asked for, http(s) href/src and alt on <a> and <img>. Safe to embed in
// another page without a sanitiser.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "output/renderers.hpp"

namespace pith {
namespace {

// Escapes for both text and attribute context. C0 controls other than tab and
// line breaks are dropped: HTML forbids them and they only come from broken
// pages.
void append_escaped(std::string& out, std::string_view s, bool line_breaks) {
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      case '\r': break;
      case '\n': out += line_breaks ? "<br>\n" : "\n"; break;
      default: {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t') break;
        if (u == 0x7F) break;
        out += c;
      }
    }
  }
}

// Prose keeps its line breaks (they come from <br> in the page) as <br>.
std::string prose(std::string_view text) {
  std::string out;
  append_escaped(out, output::trim_lines(text), true);
  return out;
}

const char* list_tag(bool ordered) { return ordered ? "ol" : "ul"; }

// Prose with its inline markup: <em>, <strong>, <code> always; <a href> and
// <img src alt> when asked for. Ranges nest (blocks.cpp records them from the
// page's element tree), so tags open and close in order.
std::string marked_prose(const Block& block, const RenderOptions& options) {
  if (block.inlines.empty()) return prose(block.text);
  const std::string_view text = block.text;
  const std::string_view trimmed = output::trim_lines(text);
  const std::size_t from = static_cast<std::size_t>(trimmed.data() - text.data());
  const std::size_t to = from + trimmed.size();
  const std::vector<output::InlineEvent> events = output::inline_events(
      block, from, to, [&](const Inline& span) { return options.links && output::is_web_url(span.url); },
      [&](const Inline& span) { return options.images && output::is_web_url(span.url); });
  std::string out;
  std::size_t pos = from;
  for (const output::InlineEvent& ev : events) {
    append_escaped(out, text.substr(pos, ev.at - pos), true);
    pos = ev.at;
    const Inline& span = *ev.span;
    const bool open = ev.kind == output::InlineEvent::open;
    switch (span.kind) {
      case InlineKind::image:
        out += "<img src=\"";
        append_escaped(out, span.url, false);
        out += "\" alt=\"";
        append_escaped(out, span.alt, false);
        out += "\">";
        break;
      case InlineKind::link:
        if (open) {
          out += "<a href=\"";
          append_escaped(out, span.url, false);
          out += "\">";
        } else {
          out += "</a>";
        }
        break;
      case InlineKind::emphasis: out += open ? "<em>" : "</em>"; break;
      case InlineKind::strong: out += open ? "<strong>" : "</strong>"; break;
      case InlineKind::code: out += open ? "<code>" : "</code>"; break;
    }
  }
  append_escaped(out, text.substr(pos, to - pos), true);
  return out;
}

// RenderOptions::html_document: the fragment inside a page of its own, whose
// <head> says what the fragment cannot (charset, title, canonical address).
std::string whole_document(const Document& doc, const std::string& article) {
  std::string out = "<!DOCTYPE html>\n<html";
  const auto attribute = [&](std::string_view name, std::string_view value) {
    if (value.empty()) return;
    out += ' ';
    out += name;
    out += "=\"";
    append_escaped(out, value, false);
    out += '"';
  };
  attribute("lang", output::page_language(doc));
  attribute("dir", direction_name(doc.direction));
  out += ">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  append_escaped(out, doc.title, false);
  out += "</title>\n";
  const std::string& canonical = !doc.metadata.canonical_url.empty() ? doc.metadata.canonical_url : doc.url;
  if (output::is_web_url(canonical)) {
    out += "<link rel=\"canonical\" href=\"";
    append_escaped(out, canonical, false);
    out += "\">\n";
  }
  out += "</head>\n<body>\n" + article + "\n</body>\n</html>";
  return out;
}

}  // namespace

std::string render_html(const Document& doc, const RenderOptions& options) {
  // The content's writing direction goes with it, as the page stated it.
  std::string out = doc.direction == Direction::unstated
                        ? std::string("<article>\n")
                        : std::string("<article dir=\"") + direction_name(doc.direction) + "\">\n";
  // Open lists, innermost last; true for <ol>. The innermost open <li> is left
  // unclosed so that a deeper list can nest inside it.
  std::vector<bool> lists;
  const auto close_lists_to = [&](std::size_t depth) {
    while (lists.size() > depth) {
      out += "</li>\n</";
      out += list_tag(lists.back());
      out += ">\n";
      lists.pop_back();
    }
  };

  const auto& blocks = doc.blocks;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    if (block.kind == BlockKind::list_item) {
      if (output::is_blank(block.text)) continue;
      const std::size_t level =
          std::clamp<std::size_t>(static_cast<std::size_t>(std::max(block.level, 1)), 1, lists.size() + 1);
      close_lists_to(level);
      if (lists.size() == level && lists.back() != block.ordered) close_lists_to(level - 1);
      if (lists.size() == level) {
        out += "</li>\n";
      } else {
        // Opening one level deeper, inside the still-open parent <li> (if any).
        if (out.back() != '\n') out += "\n";
        out += "<";
        out += list_tag(block.ordered);
        out += ">\n";
        lists.push_back(block.ordered);
      }
      out += "<li>" + marked_prose(block, options);
      continue;
    }
    close_lists_to(0);

    switch (block.kind) {
      case BlockKind::heading: {
        if (output::is_blank(block.text)) break;
        const std::string tag = "h" + std::to_string(std::clamp(block.level, 1, 6));
        out += "<" + tag + ">";
        // A heading is one line; a <br> inside one would look like an accident.
        std::string text(output::trim_lines(block.text));
        std::replace(text.begin(), text.end(), '\n', ' ');
        append_escaped(out, text, false);
        out += "</" + tag + ">\n";
        break;
      }
      case BlockKind::quote:
        if (output::is_blank(block.text)) break;
        out += "<blockquote>" + marked_prose(block, options) + "</blockquote>\n";
        break;
      case BlockKind::code: {
        if (output::is_blank(block.text)) break;
        std::string_view code = block.text;
        while (!code.empty() && (code.back() == '\n' || code.back() == '\r')) code.remove_suffix(1);
        std::string language;
        for (char c : block.language) {
          const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '-' || c == '_' || c == '+' || c == '#' || c == '.';
          if (ok) language += c;
        }
        out += "<pre><code";
        if (!language.empty()) out += " class=\"language-" + language + "\"";
        out += ">";
        append_escaped(out, code, false);
        out += "</code></pre>\n";
        break;
      }
      case BlockKind::table_row: {
        out += "<table>\n";
        for (const std::size_t end = output::table_end(blocks, i); i < end;) {
          const char* cell_tag = blocks[i].header ? "th" : "td";
          out += "<tr>";
          for (const std::string& cell : output::row_cells(blocks[i])) {
            out += "<";
            out += cell_tag;
            out += ">" + prose(cell) + "</";
            out += cell_tag;
            out += ">";
          }
          out += "</tr>\n";
          ++i;
        }
        --i;
        out += "</table>\n";
        break;
      }
      case BlockKind::paragraph:
      case BlockKind::list_item:  // handled above
        if (output::is_blank(block.text)) break;
        out += "<p>" + marked_prose(block, options) + "</p>\n";
        break;
    }
  }
  close_lists_to(0);
  out += "</article>";
  if (options.html_document) out = whole_document(doc, out);
  return output::valid_utf8(out);
}

}  // namespace pith
