#include "check/line_diff.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "text/chars.hpp"

namespace pith::check {
namespace {

std::vector<std::string> content_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line = text::collapse_whitespace(text.substr(start, end - start));
    if (!line.empty()) lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

// The lines of `from` left over once each line of `against` has cancelled one
// equal line of `from`.
std::vector<std::string> unmatched(const std::vector<std::string>& from, const std::vector<std::string>& against) {
  std::unordered_map<std::string_view, long> available;
  for (const std::string& line : against) ++available[line];
  std::vector<std::string> left;
  for (const std::string& line : from) {
    auto it = available.find(line);
    if (it != available.end() && it->second > 0)
      --it->second;
    else
      left.push_back(line);
  }
  return left;
}

// Cuts to at most `width` code points, never inside a UTF-8 sequence.
std::string shorten(const std::string& line, std::size_t width) {
  std::size_t points = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (points++ == width) return line.substr(0, i) + "…";
  }
  return line;
}

void append_rows(std::vector<std::string>& rows, const std::vector<std::string>& lines, const char* sign,
                 const char* what, std::size_t max_lines, std::size_t max_width) {
  for (std::size_t i = 0; i < lines.size() && i < max_lines; ++i)
    rows.push_back(fmt::format("{} {}", sign, shorten(lines[i], max_width)));
  if (lines.size() > max_lines) rows.push_back(fmt::format("{} … {} more {} lines", sign, lines.size() - max_lines, what));
}

}  // namespace

LineDiff diff_lines(std::string_view expected, std::string_view actual) {
  std::vector<std::string> want = content_lines(expected);
  std::vector<std::string> got = content_lines(actual);
  return {unmatched(want, got), unmatched(got, want)};
}

std::vector<std::string> compact_diff(const LineDiff& diff, std::size_t max_lines, std::size_t max_width) {
  std::vector<std::string> rows;
  append_rows(rows, diff.missing, "-", "missing", max_lines, max_width);
  append_rows(rows, diff.extra, "+", "extra", max_lines, max_width);
  return rows;
}

}  // namespace pith::check
