// pith — main-content extraction from web pages.
//
//   pith::Options options;
//   options.url = "https://example.com/news/1";
//   pith::Document doc = pith::extract(html_bytes, options);
//   std::cout << doc.title << "\n\n" << doc.text;
//
// extract() is thread-safe: it keeps no global mutable state, so any number of
// threads may call it at once. Errors are reported by throwing pith::Error.
#pragma once

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pith/version.hpp"

namespace pith {

// Why an input could not be processed. Each code maps to one CLI exit code
// (see README, "Exit codes").
enum class ErrorCode {
  empty_input,     // zero bytes, or only whitespace
  input_too_large, // larger than Options::max_input_bytes
  not_html,        // binary data (PDF, image, archive...) rather than text
  fetch_failed,    // network or HTTP error while fetching a URL
  io_failed,       // a file could not be read
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

struct Options {
  // The page's address; relative links and image sources are resolved against it.
  std::string url;
  // A charset the caller knows (e.g. from a crawl database). Overrides what the
  // page declares; a BOM still wins, since a BOM cannot lie.
  std::string charset;
  // The HTTP Content-Type header value, when the page was fetched over HTTP
  // ("text/html; charset=gbk"). Its charset beats <meta charset>.
  std::string content_type;
  // Inputs larger than this are refused with ErrorCode::input_too_large.
  std::size_t max_input_bytes = 64u << 20;
  // Put the page's headline at the top of the content when the selected
  // content does not already start with it.
  bool include_title = true;
};

enum class BlockKind {
  heading,    // level = 1..6
  paragraph,
  list_item,  // level = nesting depth, 1 for a top-level list; ordered set when <ol>
  quote,
  code,       // text is verbatim, line breaks kept; language when declared
  table_row,  // cells holds the cells; header set when all cells are <th>
};

struct Block {
  BlockKind kind = BlockKind::paragraph;
  int level = 0;
  bool ordered = false;
  bool header = false;
  std::string text;                // for table_row: the cells joined by " | "
  std::vector<std::string> cells;  // table_row only
  std::string language;            // code only, e.g. "python"
};

// How long each stage took for this page (steady clock).
struct Timings {
  std::chrono::nanoseconds decode{0};   // bytes -> UTF-8
  std::chrono::nanoseconds parse{0};    // Gumbo parse
  std::chrono::nanoseconds build{0};    // Gumbo tree -> compact DOM
  std::chrono::nanoseconds extract{0};  // features, selection, pruning, blocks, metadata
};

struct Document {
  std::string url;             // Options::url, as given
  std::string title;           // the page's headline (from <title>, og:title or <h1>)
  std::string language;        // declared language (<html lang>, Content-Language), "" when none
  std::string charset;         // the charset the bytes were decoded from, e.g. "GB18030"
  std::string charset_source;  // "bom", "caller", "http", "meta", "detected" or "default"
  std::vector<Block> blocks;   // the main content, in document order
  std::string text;            // the main content as plain text, blocks separated by blank lines
  Timings timings;

  bool has_main_content() const noexcept { return !blocks.empty(); }
};

// Extracts the main content of one page. `html` holds the page's raw bytes in
// any encoding. Throws pith::Error for input that is not a page.
Document extract(std::string_view html, const Options& options = {});

}  // namespace pith
