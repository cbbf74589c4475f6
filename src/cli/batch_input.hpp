// The batch list (`pith --batch FILE|-`): one input per line, a URL or a file
// path (docs/cli.md, "Batch mode"). Parsing is kept apart from running the batch so
// that it can be unit-tested and fuzzed (fuzz/fuzz_batch_line.cpp).
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/jsonl_writer.hpp"

namespace pith::cli {

// Longest batch line accepted. URLs and paths are far shorter (PATH_MAX is
// 4096, servers refuse request lines past 8-64 KiB); the cap keeps a list
// without newlines (a binary file, /dev/zero) from being held in memory.
inline constexpr std::size_t kMaxBatchLineBytes = 64u << 10;

// Why a line cannot be an input; it then gets an error record (code
// "bad_line") and is neither fetched nor read, so it still counts as one input.
struct BatchLineProblem {
  std::string message;
};

// One input of the list.
struct BatchEntry {
  RecordOrigin origin;  // line number, the trimmed line, url when it is one
  bool is_url = false;  // has "://" (other schemes than http/https get bad_url from the fetcher)
  std::optional<BatchLineProblem> problem;
};

// One physical line (without its '\n') numbered `number` (1-based). `cut`
// says the line went on past what `line` holds (max_line_bytes). Blank lines
// and lines starting with '#' (after leading whitespace) are no input: nullopt.
std::optional<BatchEntry> parse_batch_line(std::string_view line, std::size_t number, bool cut = false,
                                           std::size_t max_line_bytes = kMaxBatchLineBytes);

class LineReader;

// Reads a list a chunk at a time, so that a list of any length (a pipe that
// never ends) is processed in bounded memory: holds at most max_line_bytes of
// any line. A UTF-8 byte order mark at the start is skipped; line numbers
// run on across chunks.
class BatchListReader {
 public:
  explicit BatchListReader(std::istream& in, std::size_t max_line_bytes = kMaxBatchLineBytes);
  ~BatchListReader();
  BatchListReader(const BatchListReader&) = delete;
  BatchListReader& operator=(const BatchListReader&) = delete;

  // Appends inputs to `out` until it holds `max_entries`, or its inputs hold
  // `max_bytes` of text, or the list ends. False when the list had ended
  // before the call (nothing appended).
  bool read(std::vector<BatchEntry>& out, std::size_t max_entries, std::size_t max_bytes);
  // The whole list has been read.
  bool ended() const { return ended_; }

 private:
  std::unique_ptr<LineReader> lines_;
  std::size_t max_line_bytes_;
  std::size_t line_number_ = 0;
  bool ended_ = false;
};

// Every input of a list, in order (a BatchListReader read to the end). (The
// fuzz target passes a small max_line_bytes to reach the cut lines.)
std::vector<BatchEntry> read_batch_entries(std::istream& in, std::size_t max_line_bytes = kMaxBatchLineBytes);

}  // namespace pith::cli
