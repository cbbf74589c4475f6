// Turning an extracted pith::Document into text, Markdown, HTML or JSON.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pith/pith.hpp"

namespace pith {

enum class Format { text, markdown, html, json, xml };

// "text", "markdown" (or "md"), "html", "json", "xml"; nullopt for anything else.
std::optional<Format> parse_format(std::string_view name);

// Renders the document. Output is always valid UTF-8.
//  text:     the blocks, separated by blank lines
//  markdown: headings, lists, quotes, fenced code, pipe tables
//  html:     a small safe subset (h1-h6, p, ul/ol/li, blockquote, pre/code, table); no scripts, styles or attributes
//  json:     metadata + text + markdown + blocks (schema in README)
//  xml:      trafilatura's XML shape: <doc> with metadata attributes, <main>, <comments>
std::string render(const Document& doc, Format format);

// What the Markdown, HTML and XML renderers add beyond the text's structure and
// emphasis: links and images, with URLs made absolute against the page's
// address (when it was known).
struct RenderOptions {
  bool links = false;
  bool images = false;
};
std::string render(const Document& doc, Format format, const RenderOptions& options);

}  // namespace pith
