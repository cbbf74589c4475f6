#include "meta/cjk_closing_names.hpp"

#include <array>
#include <cstddef>

#include "text/ascii.hpp"
#include "text/byte_filters.hpp"
#include "text/letters.hpp"

namespace pith::meta {
namespace {

constexpr std::string_view kReporter = "\xE8\xAE\xB0\xE8\x80\x85";  // 记者
constexpr int kMaxCharsBeforeReporter = 6;
constexpr int kMaxMoreNames = 4;

// Where the opening bracket and the white space after it end, when a match
// can start at line[at] ("[。！？”」]\s*[（(]\s*", or "^[（(]\s*"); npos if
// none starts there.
std::size_t after_opening(std::string_view line, std::size_t at) {
  static constexpr std::string_view kSentenceEnds[] = {"\xE3\x80\x82", "\xEF\xBC\x81", "\xEF\xBC\x9F",  // 。！？
                                                       "\xE2\x80\x9D", "\xE3\x80\x8D"};                  // ”」
  std::size_t bracket = std::string_view::npos;
  for (std::string_view end : kSentenceEnds)
    if (line.compare(at, end.size(), end) == 0) bracket = text::skip_ascii_whitespace(line, at + end.size());
  if (bracket == std::string_view::npos) {
    if (at != 0) return std::string_view::npos;
    bracket = 0;
  }
  if (line.compare(bracket, 1, "(") == 0) return text::skip_ascii_whitespace(line, bracket + 1);
  if (line.compare(bracket, 3, "\xEF\xBC\x88") == 0) return text::skip_ascii_whitespace(line, bracket + 3);  // （
  return std::string_view::npos;
}

// Where the names end when the line closes with "\s*[）)]\s*" after them;
// npos if it does not. The names end in a Han character, so that white
// space and bracket are the line's last bytes, whatever comes before.
std::size_t names_end(std::string_view line) {
  std::size_t end = line.size();
  while (end > 0 && text::is_ascii_whitespace(line[end - 1])) --end;
  if (line.substr(0, end).ends_with(")")) end -= 1;
  else if (line.substr(0, end).ends_with("\xEF\xBC\x89")) end -= 3;  // ）
  else return std::string_view::npos;
  while (end > 0 && text::is_ascii_whitespace(line[end - 1])) --end;
  return end;
}

// Does line[from, to) read as "\p{Han}{2,4}(?:[ 　、]+\p{Han}{2,6}){0,4}"?
// Separators are not Han: the runs of Han characters are the names, one way.
bool reads_as_names(std::string_view line, std::size_t from, std::size_t to) {
  if (from >= to) return false;
  for (int name = 0;; ++name) {
    int chars = 0;
    for (std::size_t n; from < to && (n = text::han_length_at(line, from)) != 0; from += n) ++chars;
    if (chars < 2 || chars > (name == 0 ? 4 : 6)) return false;
    if (from == to) return true;
    if (name == kMaxMoreNames) return false;
    const std::size_t separator = from;
    while (from < to) {
      if (line[from] == ' ') from += 1;
      else if (line.compare(from, 3, "\xE3\x80\x80") == 0 || line.compare(from, 3, "\xE3\x80\x81") == 0) from += 3;  // 　、
      else break;
    }
    if (from == separator) return false;
  }
}

}  // namespace

bool find_cjk_closing_names(std::string_view line, std::string_view& names) {
  const std::size_t end = names_end(line);
  if (end == std::string_view::npos) return false;
  auto names_from = [&](std::size_t from) {
    if (!reads_as_names(line, from, end)) return false;
    names = line.substr(from, end - from);
    return true;
  };
  // Every match ends at the line's end: the leftmost is the first place one
  // starts.
  for (std::size_t at = 0; at < line.size(); ++at) {
    const std::size_t open = after_opening(line, at);
    if (open == std::string_view::npos) continue;
    // "(?:\p{Han}{0,6}记者\s*)?": taken when it can be, with as many Han
    // characters before 记者 as can be (记者 is Han itself), then without.
    std::array<std::size_t, kMaxCharsBeforeReporter + 1> after_chars{open};
    int chars = 0;
    for (std::size_t n; chars < kMaxCharsBeforeReporter && (n = text::han_length_at(line, after_chars[chars])) != 0; ++chars)
      after_chars[chars + 1] = after_chars[chars] + n;
    for (int k = chars; k >= 0; --k)
      if (line.compare(after_chars[k], kReporter.size(), kReporter) == 0 &&
          names_from(text::skip_ascii_whitespace(line, after_chars[k] + kReporter.size())))
        return true;
    if (names_from(open)) return true;
  }
  return false;
}

}  // namespace pith::meta
