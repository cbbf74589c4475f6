// Fuzz target: the batch list's line parser (src/cli/batch_input.cpp). The
// input is read as a whole list, as `pith --batch -` reads standard input.
// Besides "no crash, no leak, no UB" it asserts what docs/cli.md's "Batch mode"
// promises: every physical line that is neither blank nor a # comment yields
// exactly one entry, numbered by its physical line, trimmed, never holding a
// NUL or more than the line limit unless it is a bad_line; "://" makes a
// URL; and each entry's record is one valid JSON object carrying its number.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/batch_input.hpp"
#include "cli/jsonl_writer.hpp"
#include "text/utf8.hpp"

namespace {

constexpr std::size_t kMaxLineBytes = 256;

void require(bool condition) {
  if (!condition) std::abort();
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// An independent count of the inputs in `list`: lines with something besides
// whitespace whose first such byte is not '#'.
std::size_t count_inputs(std::string_view list) {
  std::size_t inputs = 0;
  std::size_t number = 0;
  for (std::size_t start = 0; start < list.size();) {
    std::size_t end = list.find('\n', start);
    if (end == std::string_view::npos) end = list.size();
    std::string_view line = list.substr(start, end - start);
    if (++number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    std::size_t first = 0;
    while (first < line.size() && is_space(line[first])) ++first;
    if (first < line.size() && line[first] != '#') ++inputs;
    start = end + 1;
  }
  return inputs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string list(reinterpret_cast<const char*>(data), size);
  // A short line limit, so that cut lines are within the fuzzer's input sizes.
  std::istringstream in(list);
  const auto entries = pith::cli::read_batch_entries(in, kMaxLineBytes);
  require(entries.size() == count_inputs(list));

  std::size_t previous_line = 0;
  for (const auto& entry : entries) {
    const auto& origin = entry.origin;
    require(origin.line > previous_line);
    previous_line = origin.line;
    require(origin.input.size() <= kMaxLineBytes);
    if (!origin.input.empty()) {
      require(!is_space(origin.input.front()) && !is_space(origin.input.back()));
      require(origin.input.front() != '#');
    }
    if (entry.problem) {
      require(!entry.is_url && !origin.url);
    } else {
      require(!origin.input.empty());
      require(origin.input.find('\0') == std::string::npos);
      require(entry.is_url == (origin.input.find("://") != std::string::npos));
      require(origin.url.has_value() == entry.is_url);
      if (origin.url) require(*origin.url == origin.input);
      // The line on its own parses to the same entry.
      const auto again = pith::cli::parse_batch_line(origin.input, origin.line);
      require(again && again->origin.input == origin.input && again->is_url == entry.is_url);
    }
    const auto record = entry.problem
                            ? pith::cli::error_record(origin, pith::cli::kBadLineCode, entry.problem->message)
                            : pith::cli::error_record(origin, "io_failed", "not read");
    const std::string line = record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    require(pith::text::is_valid_utf8(line));
    const auto parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    require(parsed.is_object() && parsed["line"] == origin.line);
  }
  return 0;
}
