// The CLI's commands. main.cpp dispatches on the first argument:
//
//   pith [OPTIONS] [URL|FILE|-]      extract one page (extract_command.cpp)
//   pith --batch FILE|- [OPTIONS]    many inputs, JSON Lines out (batch_command.cpp)
//   pith FILE... [OPTIONS]           several inputs: the same, from the arguments
//   pith --input-dir DIR --output-dir OUT   a tree of pages, one output file each (directory_command.cpp)
//   pith --sitemap URL | --feed URL  the pages a sitemap or feed lists, as a batch (discover_command.cpp)
//   pith --crawl URL | --explore URL a breadth-first crawl of a site, JSON Lines out (crawl_command.cpp)
//   pith --warc FILE... [OPTIONS]    WARC records in, JSON Lines out (warc_command.cpp)
//   pith check DIR... [OPTIONS]      fixture regression (check_command.cpp)
//   pith fixture new URL|FILE ...    snapshot a page as a fixture (fixture_command.cpp)
//   pith help [COMMAND]              the help of pith or of a command (help.cpp)
//
// Each command parses its own arguments and returns the process exit code.
#pragma once

#include <string>
#include <vector>

#include "cli/jsonl_writer.hpp"
#include "pith/discover.hpp"
#include "pith/fetch.hpp"
#include "pith/pith.hpp"

namespace pith::cli {

// Exit codes shared by every command (docs/cli.md, "Exit codes").
enum Exit : int {
  kContentFound = 0,
  kNoMainContent = 1,  // also: `pith check` found a failing fixture
  kUsageError = 2,
  kInputError = 3,
  // Fetch errors, one code per pith::FetchErrorKind (fetch_exit_code).
  kFetchError = 4,  // network: connection reset, empty reply, other transport error
  kFetchBadUrl = 5,
  kFetchDns = 6,
  kFetchRefused = 7,
  kFetchTimeout = 8,
  kFetchTls = 9,
  kFetchHttpStatus = 10,
  kFetchTooLarge = 11,
  kFetchRedirectLoop = 12,
  kFetchTruncated = 13,
  kFetchNotHtml = 14,
  kFetchBlockedRobots = 15,
  kFetchBlockedPrivate = 16,
  kInterrupted = 130,  // --batch stopped by SIGINT (128 + SIGINT, as shells report it)
  // Standard output was closed by the reader (`pith page | head`): the run
  // stops quietly with the status a shell shows for SIGPIPE (128 + 13), but
  // by returning, not by the signal (main.cpp ignores SIGPIPE).
  kOutputClosed = 141,
};

// The exit code, and the message on stderr, for a failed write to standard
// output; `err` is the errno of the failure (output_error.cpp).
int output_failure(int err);

// The exit code for a failed fetch of one URL (fetch_exit_code.cpp).
int fetch_exit_code(FetchErrorKind kind);

// Reads a whole file, inflated when it is gzip (`page.html.gz`); throws pith::Error(io_failed) with a one-line message,
// or input_too_large past max_bytes (so that /dev/zero cannot exhaust memory)
// (extract_command.cpp).
std::string read_input_file(const std::string& path,
                            std::size_t max_bytes = Options{}.max_input_bytes);

int run_extract(int argc, char** argv);
int run_check(int argc, char** argv);    // argv[0] is "check"
int run_fixture(int argc, char** argv);  // argv[0] is "fixture"

// `pith --warc FILE...` (warc_command.cpp), started from run_extract's options.
struct WarcRun {
  std::vector<std::string> files;  // "-" reads standard input
  Options options;                 // max_input_bytes, include_title, charset
  unsigned jobs = 0;               // worker threads; 0 = one per core
  bool all_statuses = false;       // also extract responses whose status is not 2xx
  bool deduplicate = false;        // --deduplicate (cli/deduplicate.hpp)
  RecordContent content;           // --format, --fields, --links, --images
};
int run_warc(const WarcRun& run);

// `pith --batch FILE|-` (batch_command.cpp), started from run_extract's options.
struct BatchRun {
  std::string input;   // a file of inputs, or "-" for standard input
  // When not empty, these inputs instead of a list (`pith FILE...`, --input-dir,
  // the pages --sitemap and --feed found); a record's "line" is the position.
  std::vector<std::string> inputs;
  Options options;     // for extraction
  CrawlOptions crawl;  // for fetching; crawl.max_connections is --jobs
  bool deduplicate = false;  // --deduplicate (cli/deduplicate.hpp)
  RecordContent content;  // --format, --fields, --links, --images
};
int run_batch(const BatchRun& run);

// `pith --input-dir DIR --output-dir OUT` (directory_command.cpp): every page
// of the tree extracted on all cores, one output file each.
struct DirectoryRun {
  std::string input_dir;
  std::string output_dir;
  bool keep_dirs = true;  // mirror the tree; false: every output directly in output_dir
  Format format = Format::text;
  Options options;        // for extraction
  RecordContent content;  // --links, --images, --fields (JSON)
  unsigned jobs = 0;      // worker threads; 0 = one per core
};
int run_directory(const DirectoryRun& run);

// `pith --sitemap URL` and `pith --feed URL` (discover_command.cpp): the pages
// found, extracted as a batch of URLs, or only listed (--list).
struct DiscoverRun {
  enum class Source { sitemap, feed };
  Source source = Source::sitemap;
  std::string url;
  bool list = false;          // print the URLs found (and their dates), fetch no page
  std::size_t max_pages = 0;  // the first this many pages found; 0: all
  std::string since;          // --since YYYY-MM-DD
  BatchRun batch;             // how the pages are fetched and extracted
};
int run_discover(DiscoverRun run);

// `pith --crawl URL` and `pith --explore URL` (crawl_command.cpp): breadth-first
// within the site, one record per page fetched; --explore starts from the
// site's sitemaps and feeds as well as the URL.
struct CrawlRun {
  std::string url;
  bool explore = false;
  FrontierOptions frontier;
  std::string since;  // --explore: for the sitemaps' and feeds' entries
  BatchRun batch;     // options, crawl, content (its inputs are unused)
};
int run_crawl(const CrawlRun& run);

}  // namespace pith::cli
