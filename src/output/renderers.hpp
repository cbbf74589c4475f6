// The per-format renderers behind pith::render(). Internal: the extractor uses
// render_text() to fill Document::text, so that text has exactly one definition.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "pith/pith.hpp"
#include "pith/render.hpp"

// Declared in namespace pith itself (not a nested one) so that the extractor's
// unqualified render_text(doc) finds it.
namespace pith {

// Each returns valid UTF-8 with no trailing newline (callers that print add one,
// and JSON Lines writers need the line without it).
std::string render_text(const Document& doc);
std::string render_markdown(const Document& doc, const RenderOptions& options = {});
std::string render_html(const Document& doc, const RenderOptions& options = {});
std::string render_json(const Document& doc);

// The JSON object render_json() dumps, for writers that add fields to it (the
// batch and WARC JSON Lines records). Strings may hold invalid UTF-8 from
// hand-built Documents: dump with error_handler_t::replace.
nlohmann::ordered_json document_json(const Document& doc);

// Helpers shared by the renderers; a nested namespace keeps these common names
// clear of other stages' utilities in namespace pith.
namespace output_detail {

// Copies `in`, replacing each maximal ill-formed UTF-8 subsequence (stray
// continuation bytes, truncated sequences, overlongs, surrogates, code points
// above U+10FFFF) with U+FFFD, as the WHATWG decoder does. Renderers run every
// string through this because "output is always valid UTF-8" must hold even for
// hand-built Documents.
std::string valid_utf8(std::string_view in);

// The cells a table_row renders as: Block::cells, or the row's text as a
// single cell when an extractor left cells empty.
std::vector<std::string> row_cells(const Block& block);

}  // namespace output_detail

}  // namespace pith
