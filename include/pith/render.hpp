// SPDX-License-Identifier: Apache-2.0
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
//  text:     the blocks, separated by blank lines; list items with their bullet or
//            number and nesting, one line per table row (RenderOptions::plain: the
//            bare text of Document::text)
//  markdown: CommonMark + GFM tables: headings, lists, quotes, fenced code, pipe tables
//  html:     a small safe subset (h1-h6, p, ul/ol/li, blockquote, pre/code, table); no scripts, styles or attributes
//  json:     metadata + text + markdown + blocks + links + images (schema in docs/output.md)
//  xml:      trafilatura's XML shape: <doc> with metadata attributes, <main>, <comments>
std::string render(const Document& doc, Format format);

// What the renderers add beyond the text's structure and emphasis: links and
// images, with URLs made absolute against the page's address (when it was
// known). Text shows a link's address after its text, "<https://...>", and an
// image's alt text, "[alt]"; JSON's markdown field follows the options.
struct RenderOptions {
  bool links = false;
  bool images = false;
  // Text: the bare text, blocks separated by blank lines and nothing more
  // (Document::text), for scoring tokens against a reference.
  bool plain = false;
  // Markdown: the metadata first, as YAML front matter (title, author, date,
  // url, ...; fields the page does not state are left out).
  bool with_metadata = false;
  // HTML: a whole page (<!DOCTYPE html>, <head> with charset, title, lang,
  // dir and the canonical address) rather than an <article> fragment.
  bool html_document = false;
};
std::string render(const Document& doc, Format format, const RenderOptions& options);

}  // namespace pith
