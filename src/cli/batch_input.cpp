#include "cli/batch_input.hpp"

#include <fmt/format.h>

#include <cctype>

namespace pith::cli {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

// Splits a stream into lines, holding at most `max_bytes` of each; leading
// whitespace is dropped as it comes, so that a cut line still shows its start
// (a '#' makes it a comment whatever its length).
class LineReader {
 public:
  LineReader(std::streambuf& in, std::size_t max_bytes) : in_(in), max_bytes_(max_bytes) {
    // Editors on Windows start UTF-8 files with a byte order mark.
    static constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
    for (std::size_t i = 0; i < kUtf8Bom.size(); ++i) {
      const int c = in_.sbumpc();
      if (c == Traits::eof()) break;
      pending_.push_back(Traits::to_char_type(c));
      if (pending_.back() != kUtf8Bom[i]) break;
    }
    if (pending_ == kUtf8Bom) pending_.clear();
  }

  // The next line without its '\n' and leading whitespace; `cut` when it
  // went on past max_bytes. False at the end of the stream.
  bool next(std::string& line, bool& cut) {
    line.clear();
    cut = false;
    bool any = false;
    for (int c = get(); c != Traits::eof(); c = get()) {
      any = true;
      if (c == '\n') return true;
      if (line.empty() && is_space(Traits::to_char_type(c))) continue;
      if (line.size() < max_bytes_) {
        line.push_back(Traits::to_char_type(c));
      } else {
        cut = true;
      }
    }
    return any;
  }

 private:
  using Traits = std::streambuf::traits_type;

  int get() {
    if (pending_used_ < pending_.size()) return static_cast<unsigned char>(pending_[pending_used_++]);
    return in_.sbumpc();
  }

  std::streambuf& in_;
  std::size_t max_bytes_;
  std::string pending_;  // bytes read while looking for a byte order mark
  std::size_t pending_used_ = 0;
};

std::optional<BatchEntry> parse_batch_line(std::string_view line, std::size_t number, bool cut,
                                           std::size_t max_line_bytes) {
  std::string_view text = trim(line);
  if (text.empty() || text.front() == '#') return std::nullopt;
  BatchEntry entry;
  entry.origin.line = number;
  entry.origin.input = std::string(text);
  if (cut) {
    entry.problem = BatchLineProblem{
        fmt::format("line {} is longer than {} bytes; a URL or path never is", number, max_line_bytes)};
    return entry;
  }
  // A NUL would end the path the system sees: another file would be read.
  if (text.find('\0') != std::string_view::npos) {
    entry.problem = BatchLineProblem{fmt::format("line {} holds a NUL byte", number)};
    return entry;
  }
  entry.is_url = text.find("://") != std::string_view::npos;
  if (entry.is_url) entry.origin.url = entry.origin.input;
  return entry;
}

BatchListReader::BatchListReader(std::istream& in, std::size_t max_line_bytes)
    : max_line_bytes_(max_line_bytes), ended_(in.rdbuf() == nullptr) {
  if (!ended_) lines_ = std::make_unique<LineReader>(*in.rdbuf(), max_line_bytes);
}

BatchListReader::~BatchListReader() = default;

bool BatchListReader::read(std::vector<BatchEntry>& out, std::size_t max_entries, std::size_t max_bytes) {
  if (ended_) return false;
  std::size_t bytes = 0;
  for (const BatchEntry& entry : out) bytes += entry.origin.input.size();
  std::string line;
  bool cut = false;
  while (out.size() < max_entries && bytes < max_bytes) {
    if (!lines_->next(line, cut)) {
      ended_ = true;
      break;
    }
    if (auto entry = parse_batch_line(line, ++line_number_, cut, max_line_bytes_)) {
      bytes += entry->origin.input.size();
      out.push_back(std::move(*entry));
    }
  }
  return true;
}

std::vector<BatchEntry> read_batch_entries(std::istream& in, std::size_t max_line_bytes) {
  std::vector<BatchEntry> entries;
  BatchListReader reader(in, max_line_bytes);
  constexpr std::size_t kNoLimit = static_cast<std::size_t>(-1);
  reader.read(entries, kNoLimit, kNoLimit);
  return entries;
}

}  // namespace pith::cli
