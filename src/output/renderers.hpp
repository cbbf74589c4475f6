// The per-format renderers behind pith::render(). Internal: the extractor uses
// render_text() to fill Document::text, so that text has exactly one definition.
#pragma once

#include <algorithm>
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
// The bare text: Document::text, what accuracy is scored on.
std::string render_text(const Document& doc);
// Format::text: with structure unless options.plain.
std::string render_text(const Document& doc, const RenderOptions& options);
std::string render_markdown(const Document& doc, const RenderOptions& options = {});
std::string render_html(const Document& doc, const RenderOptions& options = {});
std::string render_json(const Document& doc, const RenderOptions& options = {});
std::string render_xml(const Document& doc, const RenderOptions& options = {});

// The JSON object render_json() dumps, for writers that add fields to it (the
// batch and WARC JSON Lines records). Strings may hold invalid UTF-8 from
// hand-built Documents: dump with error_handler_t::replace.
// Its markdown field is rendered with `options`.
nlohmann::ordered_json document_json(const Document& doc, const RenderOptions& options = {});

// Helpers shared by the renderers; a nested namespace keeps these common names
// clear of other stages' utilities in namespace pith.
namespace output {

// Copies `in`, replacing each maximal ill-formed UTF-8 subsequence (stray
// continuation bytes, truncated sequences, overlongs, surrogates, code points
// above U+10FFFF) with U+FFFD, as the WHATWG decoder does. Renderers run every
// string through this because "output is always valid UTF-8" must hold even for
// hand-built Documents.
std::string valid_utf8(std::string_view in);

// The page's language for a document's head (HTML lang, front matter, XML):
// the detected one, else the declared one ("" when neither is known).
inline std::string_view page_language(const Document& doc) {
  return doc.language != kUnknownLanguage ? std::string_view(doc.language) : std::string_view(doc.metadata.language);
}

// White space as the renderers trim it (ASCII, CR and FF included).
inline constexpr std::string_view kBlankChars = " \t\r\n\f\v";
// Nothing but such white space.
inline bool is_blank(std::string_view s) { return s.find_first_not_of(kBlankChars) == std::string_view::npos; }
// `s` without white space (blank lines included) at either end.
inline std::string_view trim_lines(std::string_view s) {
  const std::size_t first = s.find_first_not_of(kBlankChars);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kBlankChars) - first + 1);
}
// Only web addresses become links and images in the output: no javascript:,
// data: or relative paths whose meaning depends on where it is embedded.
inline bool is_web_url(std::string_view url) {
  return url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
}

// The cells a table_row renders as: Block::cells, or the row's text as a
// single cell when an extractor left cells empty.
std::vector<std::string> row_cells(const Block& block);

// One past the last row of the table whose first row is blocks[first]: the
// table_row blocks that follow it up to the next table's first row.
inline std::size_t table_end(const std::vector<Block>& blocks, std::size_t first) {
  std::size_t end = first + 1;
  while (end < blocks.size() && blocks[end].kind == BlockKind::table_row && !blocks[end].table_start) ++end;
  return end;
}

// A block's inline markup over the text range [from, to), as the tags to
// write in order. Ranges nest, so closes come before images before opens at
// one place; opens outer first, closes inner first. A range crossing the
// range's edges is cut there (a line of a multi-line block).
struct InlineEvent {
  enum Kind { close = 0, image = 1, open = 2 };
  std::size_t at;
  Kind kind;
  std::size_t other_end;  // an open's end, a close's begin
  const Inline* span;
};
// keep_link / keep_image decide per URL (options, safe schemes); images at
// `to` are kept only when `to` is the end of the block's text.
template <typename KeepLink, typename KeepImage>
std::vector<InlineEvent> inline_events(const Block& block, std::size_t from, std::size_t to, KeepLink keep_link,
                                       KeepImage keep_image) {
  std::vector<InlineEvent> events;
  for (const Inline& span : block.inlines) {
    if (span.kind == InlineKind::image) {
      bool here = (span.begin >= from && span.begin < to) || (span.begin == to && to == block.text.size());
      if (here && keep_image(span)) events.push_back({span.begin, InlineEvent::image, span.begin, &span});
      continue;
    }
    if (span.kind == InlineKind::link && !keep_link(span)) continue;
    const std::size_t b = std::max<std::size_t>(span.begin, from), e = std::min<std::size_t>(span.end, to);
    if (b >= e) continue;
    events.push_back({b, InlineEvent::open, e, &span});
    events.push_back({e, InlineEvent::close, b, &span});
  }
  std::stable_sort(events.begin(), events.end(), [](const InlineEvent& x, const InlineEvent& y) {
    if (x.at != y.at) return x.at < y.at;
    if (x.kind != y.kind) return x.kind < y.kind;
    // Opens: the longer range (outer) first. Closes: the one opened later
    // (larger begin, inner) first.
    if (x.other_end != y.other_end) return x.other_end > y.other_end;
    // Equal ranges (<a><b>x</b></a>): spans are recorded outer first, so
    // opens go in recording order and closes in reverse, keeping the nesting.
    // Images at one place (carried over from image-only blocks) go in
    // recording order: the page's.
    return x.kind == InlineEvent::close ? x.span > y.span : x.span < y.span;
  });
  return events;
}

}  // namespace output

}  // namespace pith
