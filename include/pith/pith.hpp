// SPDX-License-Identifier: Apache-2.0
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
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pith/version.hpp"

namespace pith {

// Why an input could not be processed. Each code maps to one CLI exit code
// (see docs/cli.md, "Exit codes").
enum class ErrorCode {
  empty_input,     // zero bytes, or only whitespace
  input_too_large, // larger than Options::max_input_bytes
  not_html,        // binary data (PDF, image, archive...) rather than text
  fetch_failed,    // network or HTTP error while fetching a URL
  io_failed,       // a file could not be read
  over_time_budget,  // processing took longer than Options::time_budget
  bad_source,      // a sitemap or feed that is none, is not well-formed, or declares XML entities (discover.hpp)
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  ErrorCode code() const noexcept { return code_; }

 private:
  ErrorCode code_;
};

// What to favour when a block is in doubt (docs/how-it-works.md, "Precision and recall").
enum class Focus {
  balanced,
  precision,  // leave out borderline blocks: less clutter, some content lost
  recall,     // keep borderline blocks: more content, some clutter
};

// The largest page pith parses, in bytes of UTF-8 (after any conversion),
// whatever Options::max_input_bytes allows: the DOM's offsets are 32-bit,
// and the page and the text the parser makes from it (at most three times
// as much: a NUL byte becomes U+FFFD) must stay below 4 GiB.
inline constexpr std::size_t kLargestPageBytes = std::size_t{512} << 20;

struct Options {
  // The page's address; relative links and image sources are resolved against it,
  // and what its path names is read as what the page is about (a page at
  // ".../rankings" keeps the elements named "ranking" that are clutter elsewhere).
  std::string url;
  // A charset the caller knows (e.g. from a crawl database). Overrides what the
  // page declares; a BOM still wins, since a BOM cannot lie.
  std::string charset;
  // The HTTP Content-Type header value, when the page was fetched over HTTP
  // ("text/html; charset=gbk"). Its charset beats <meta charset>.
  std::string content_type;
  // Inputs larger than this are refused with ErrorCode::input_too_large;
  // so is a page over kLargestPageBytes as UTF-8, whatever this says.
  std::size_t max_input_bytes = 64u << 20;
  // Hostile-input limits (docs/limits.md). Each one cuts the page rather
  // than failing it, and says so in Document::truncations:
  //  max_depth: start tags nested deeper than this are left out (their text
  //    is kept), so that parse time stays linear;
  //  max_nodes: the page is cut off after this many elements; besides, a page
  //    gets at most 60,000 elements plus one per 100 bytes of input, which
  //    keeps peak memory within 13 x the input size + 64 MB.
  std::size_t max_depth = 512;
  std::size_t max_nodes = 1'000'000;
  // Wall-clock budget for one page, checked between stages and inside the
  // long ones (pre-parse filter, markup guard, Gumbo's parse, DOM build, every
  // extraction pass); a page over it fails with ErrorCode::over_time_budget.
  // Zero disables it.
  std::chrono::milliseconds time_budget{60'000};
  // Put the page's headline at the top of the content when it stands outside
  // the selected content, and keep it when a story's selection holds it.
  // Off by default: the headline is Document::title (and metadata), and the
  // content is the body, as the field's extractors and ground truths have it
  // (WCXB, the article-extraction benchmark); a page that does not declare an
  // article (no publish date or article type) keeps a headline its selection
  // holds, as a service or product page's hero.
  bool include_title = false;
  // Find the page's comment thread and return it in Document::comments (it is
  // never part of the main content either way).
  bool include_comments = false;
  // What to favour when a block is in doubt.
  Focus focus = Focus::balanced;
  // Fill Document::explanation: every block, kept or dropped, and why.
  bool explain = false;
  // A BCP-47 language ("fr", "zh"): a page whose content is detected in
  // another language (or in none: under 100 characters with its title) comes back without
  // main content, Document::no_content_reason saying why. Primary subtags are
  // compared, so "zh" keeps "zh-Hant". Empty: every language is kept.
  std::string target_language;
  // Fill Document::links: every link of the page, in or out of the content.
  bool links = false;
  // Fill Document::images: the images of the main content.
  bool images = false;
};

enum class BlockKind {
  heading,    // level = 1..6
  paragraph,
  list_item,  // level = nesting depth, 1 for a top-level list; ordered set when <ol>
  quote,
  code,       // text is verbatim, line breaks kept; language when declared
  table_row,  // cells holds the cells; header set when all cells are <th>
};

// Inline markup inside a block's text, as byte ranges [begin, end) of
// Block::text. Ranges nest like the page's elements did. An image is an empty
// range at the place it stood (begin == end). URLs are absolute when the page's
// address is known.
enum class InlineKind { link, image, emphasis, strong, code };

struct Inline {
  InlineKind kind = InlineKind::emphasis;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string url;  // link: href; image: src
  std::string alt;  // image only
};

struct Block {
  BlockKind kind = BlockKind::paragraph;
  int level = 0;
  bool ordered = false;
  bool header = false;
  bool table_start = false;        // table_row: the first row of its table (tables in a row stay apart)
  std::string text;                // for table_row: the cells joined by " | "
  std::vector<std::string> cells;  // table_row only
  std::string language;            // code only, e.g. "python"
  std::vector<Inline> inlines;     // links, images, emphasis in text (not for table_row)
};

// What the page says about itself, each field from the best source that has
// it (order of preference in docs/metadata.md). Empty when no source has it.
struct Metadata {
  std::string title;                    // the headline, without a " | Site name" suffix
  std::vector<std::string> authors;     // people (or the organisation) credited
  std::string date_published;           // ISO 8601: "2024-05-03" or "2024-05-03T10:00:00+02:00"
  std::string date_modified;            // ISO 8601
  std::string site_name;
  std::string description;
  std::string language;                 // as declared, e.g. "en-GB"
  std::string canonical_url;            // absolute
  std::string image;                    // the main image, absolute URL
  std::vector<std::string> tags;        // keywords and tags
  std::vector<std::string> categories;  // sections / categories
  // What kind of page this is, as pith's page-type model reads it from the
  // page's layout: "article", "collection", "documentation", "forum",
  // "listing", "product" or "service"; with the model's probability.
  std::string page_type;
  double page_type_confidence = 0;
  // What the page declares itself to be (JSON-LD @type > microdata itemtype >
  // og:type): "article", "forum", "product", "listing", "documentation",
  // "recipe", "video", "profile", "website"; "" when it declares nothing.
  std::string declared_page_type;
  std::string license;                  // a URL or a name, where stated
};

// A link of the page (Options::links).
struct Link {
  std::string text;         // its text, white space collapsed
  std::string url;          // absolute when the page's address is known
  bool in_content = false;  // inside the main content
  bool next = false;        // rel="next": the page that continues this one (pagination); not in JSON
};

// An image of the main content (Options::images), once per address.
struct Image {
  std::string url;      // absolute when the page's address is known; from srcset's largest
                        // candidate, data-src and the like, or src (lazy-loading pages)
  std::string alt;
  std::string caption;  // the <figcaption> of its <figure>, "" when none
  int width = 0;        // as the width / height attributes state; 0 when they do not
  int height = 0;
};

// The writing direction the page declares: <body dir>, else <html dir>, else
// that of an element holding much of the page (<article dir="rtl">).
enum class Direction { unstated, ltr, rtl };
// "", "ltr" or "rtl".
const char* direction_name(Direction direction) noexcept;

// One comment of the page's comment thread (Options::include_comments).
struct Comment {
  std::string author;
  std::string date;  // ISO 8601, "" when the comment shows none
  std::string text;
};

// How long each stage took for this page (steady clock).
struct Timings {
  std::chrono::nanoseconds decode{0};   // bytes -> UTF-8
  std::chrono::nanoseconds parse{0};    // Gumbo parse
  std::chrono::nanoseconds build{0};    // Gumbo tree -> compact DOM
  std::chrono::nanoseconds extract{0};  // features, selection, pruning, blocks, metadata
  // Parts of `extract` (the rest is the choice between attempts, URL
  // resolution, repairs and assembling the Document):
  std::chrono::nanoseconds metadata{0};   // <head>, JSON-LD, microdata, bylines, title
  std::chrono::nanoseconds features{0};   // class/id hints and feature passes, every attempt
  std::chrono::nanoseconds selection{0};  // candidate scoring and pruning, every attempt
  std::chrono::nanoseconds render{0};     // blocks of the chosen content and Document::text
  std::chrono::nanoseconds classify{0};   // page features, page type, attempt chooser, confidence
  // After `extract`, on Document::text:
  std::chrono::nanoseconds language{0};     // language identification
  std::chrono::nanoseconds fingerprint{0};  // SimHash and text hash

  // Adds every stage of `other`: a page read twice, or a run's total.
  Timings& operator+=(const Timings& other);
};

// --explain: one block of the page (an element with text of its own) and what
// the extractor did with it.
struct BlockDecision {
  bool kept = false;
  std::string rule;              // why: "in the selected content", "link list (...)", ...
  std::string element;           // "p", "div.article-body", "section#comments"
  std::string removed_with;      // dropped with this ancestor, the element the rule judged ("div.sidebar"); "" when
                                 // the rule judged the block itself or it was kept
  std::string text;              // the block's own text, cut to about 100 bytes
  std::uint32_t length = 0;      // characters of own text, CJK counting 3
  double link_density = 0;       // share of the own text inside links
  std::uint32_t commas = 0;
  std::uint32_t sentence_ends = 0;
};

struct Explanation {
  std::string strategy;               // how the content was chosen (selection, main region...)
  std::vector<BlockDecision> blocks;  // in document order
};

// Document::language when the content's language is not known.
inline constexpr std::string_view kUnknownLanguage = "unknown";

struct Document {
  std::string url;             // Options::url, as given
  std::string title;           // the page's headline: metadata.title
  // The content's language, detected from `text` (CLD2; read after `title`
  // when under 100 characters): a BCP-47 tag ("en", "pt", "zh-Hant"), or
  // "unknown" for a text that is still under 100 characters or one CLD2
  // cannot place. What the page declares is declared_language().
  std::string language{kUnknownLanguage};
  double language_confidence = 0;  // share of the text in `language`, 0..1; halved when CLD2 is unsure
  Metadata metadata;
  std::vector<Comment> comments;  // only with Options::include_comments
  std::string charset;         // the charset the bytes were decoded from, e.g. "GB18030"
  std::string charset_source;  // "bom", "caller", "http", "meta", "detected" or "default"
  std::vector<Block> blocks;   // the main content, in document order
  std::vector<Link> links;     // only with Options::links
  std::vector<Image> images;   // only with Options::images
  Direction direction = Direction::unstated;
  // Why part of the page was left out, one sentence per limit hit (Options:
  // max_depth, max_nodes; unclosed formatting tags); empty for almost every page.
  std::vector<std::string> truncations;
  std::string text;            // the main content as plain text, blocks separated by blank lines
  // A prediction of how well the content matches the page's real main
  // content (the word F1 a human-made reference would give it), in [0, 1]; 0
  // when there is no main content. Ranks extractions: low values are worth a
  // second look (docs/how-it-works.md, "Page types and confidence").
  double confidence = 0;
  // Fingerprints of `text` for deduplication, over its words in lower case
  // (punctuation and spacing ignored): a 64-bit SimHash, within a few bits
  // for near-duplicates, and an exact hash (XXH3). Zero for a text without words.
  std::uint64_t simhash = 0;
  std::uint64_t text_hash = 0;
  // Why the page has no main content: what the extraction found (the page
  // shows no text; nothing outside navigation and clutter; too short a best
  // candidate), or the option that took it away (Options::target_language,
  // the CLI's deduplication). "" when it has main content.
  std::string no_content_reason;
  Timings timings;
  Explanation explanation;  // filled when Options::explain

  bool has_main_content() const noexcept { return !blocks.empty(); }
  // The language the page declares (<html lang>, Content-Language, og:locale), e.g. "en-GB".
  const std::string& declared_language() const noexcept { return metadata.language; }
};

// Extracts the main content of one page. `html` holds the page's raw bytes in
// any encoding. Throws pith::Error for input that is not a page.
Document extract(std::string_view html, const Options& options = {});

}  // namespace pith
