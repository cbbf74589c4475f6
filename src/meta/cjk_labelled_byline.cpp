#include "meta/cjk_labelled_byline.hpp"

#include <initializer_list>

#include "text/ascii.hpp"
#include "text/byte_filters.hpp"
#include "text/letters.hpp"
#include "text/utf8.hpp"

namespace pith::meta {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// The regex's parts, each a function of where it starts that says where the
// match goes on, trying the ways to match in the regex's order of preference
// and returning at the first that reaches the end. (White space is RE2's
// \s, text::is_ascii_whitespace.)

bool starts_with_any(std::string_view line, std::size_t at, std::initializer_list<std::string_view> pieces,
                     std::size_t& length) {
  for (std::string_view piece : pieces)
    if (line.compare(at, piece.size(), piece) == 0) {
      length = piece.size();
      return true;
    }
  return false;
}

bool ascii_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// "(?:发自|报道|摄|[^\p{Han}]|$)" at line[at]. RE2's negated class holds the
// surrogates, and it reads their three-byte form (ED A0..BF ..) as one
// character; no other ill-formed sequence.
bool name_ends_at(std::string_view line, std::size_t at) {
  std::size_t length;
  if (at == line.size() || starts_with_any(line, at, {"发自", "报道", "摄"}, length)) return true;
  std::size_t next = at;
  const char32_t c = text::decode_utf8(line, next);
  // (U+FFFD also stands for an ill-formed sequence.)
  if (c != text::kReplacementCharacter || line.compare(at, next - at, "\xEF\xBF\xBD") == 0) return !text::is_han(c);
  auto byte = [&](std::size_t k) { return at + k < line.size() ? static_cast<unsigned char>(line[at + k]) : 0u; };
  return byte(0) == 0xED && byte(1) >= 0xA0 && byte(1) <= 0xBF && (byte(2) & 0xC0) == 0x80;
}

// "(?:\s*[(（][A-Za-z][A-Za-z .'-]{1,40}[)）])?" and the end of the name, at
// line[at]: where the names end, npos when the match fails.
std::size_t original_name_and_end(std::string_view line, std::size_t at) {
  std::size_t bracket = text::skip_ascii_whitespace(line, at), length;
  if (starts_with_any(line, bracket, {"(", "（"}, length) && bracket + length < line.size() &&
      ascii_letter(line[bracket + length])) {
    // The run of name characters holds no closing bracket: it is taken whole.
    std::size_t end = bracket + length + 1;
    auto name_char = [](char c) { return ascii_letter(c) || c == ' ' || c == '.' || c == '\'' || c == '-'; };
    while (end < line.size() && name_char(line[end])) ++end;
    const std::size_t run = end - (bracket + length + 1);
    constexpr std::size_t kMostOriginalNameChars = 40;
    if (run >= 1 && run <= kMostOriginalNameChars && starts_with_any(line, end, {")", "）"}, length) &&
        name_ends_at(line, end + length))
      return end + length;
  }
  return name_ends_at(line, at) ? at : npos;
}

// "(?:[ 　、,，]+\p{Han}{2,6}){0,4}" (`more` repetitions left), then the rest.
std::size_t more_names_and_end(std::string_view line, std::size_t at, int more) {
  if (more > 0) {
    // The separators are taken whole: a Han character must follow them.
    std::size_t han = at, length;
    while (han < line.size() && starts_with_any(line, han, {" ", "\xE3\x80\x80", "、", ",", "，"}, length)) han += length;
    if (han > at) {
      constexpr int kMostChars = 6, kLeastChars = 2;
      std::size_t after[kMostChars + 1] = {han};
      int chars = 0;
      for (std::size_t n; chars < kMostChars && (n = text::han_length_at(line, after[chars])) != 0; ++chars)
        after[chars + 1] = after[chars] + n;
      for (int k = chars; k >= kLeastChars; --k)
        if (const std::size_t end = more_names_and_end(line, after[k], more - 1); end != npos) return end;
    }
  }
  return original_name_and_end(line, at);
}

// "(?:\p{Han}{2,4}?|[A-Za-z][A-Za-z0-9_.-]{2,20})" at line[at], then the
// rest: where the names end, npos when the match fails.
std::size_t names_end(std::string_view line, std::size_t at) {
  constexpr int kMoreNames = 4;
  if (at >= line.size()) return npos;
  if (ascii_letter(line[at])) {
    constexpr std::size_t kLeastChars = 2, kMostChars = 20;
    std::size_t end = at + 1;
    auto name_char = [](char c) { return ascii_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-'; };
    while (end < line.size() && end - (at + 1) < kMostChars && name_char(line[end])) ++end;
    for (; end - (at + 1) >= kLeastChars; --end)
      if (const std::size_t names = more_names_and_end(line, end, kMoreNames); names != npos) return names;
    return npos;
  }
  // Lazy: the fewest Han characters first.
  constexpr int kLeastChars = 2, kMostChars = 4;
  std::size_t end = at;
  for (int chars = 1; chars <= kMostChars; ++chars) {
    const std::size_t n = text::han_length_at(line, end);
    if (n == 0) return npos;
    end += n;
    if (chars < kLeastChars) continue;
    if (const std::size_t names = more_names_and_end(line, end, kMoreNames); names != npos) return names;
  }
  return npos;
}

// "\s*[:：/／]?\s*" after the label at line[at], then the names. (A name
// opens with neither white space nor a separator: all of both is taken.)
bool names_after_label(std::string_view line, std::size_t at, CjkByline& found) {
  std::size_t names = text::skip_ascii_whitespace(line, at), length;
  if (starts_with_any(line, names, {":", "：", "/", "／"}, length)) names = text::skip_ascii_whitespace(line, names + length);
  const std::size_t end = names_end(line, names);
  if (end == npos) return false;
  found.names = line.substr(names, end - names);
  return true;
}

}  // namespace

bool match_cjk_byline(std::string_view line, std::size_t start, CjkByline& found) {
  static constexpr std::string_view kLabels[] = {
      "作者", "撰文", "执笔人", "执笔", "记者", "記者", "编辑", "責任編輯", "责任编辑", "编者", "发表人",
      "發表人", "发布人", "发布者", "发帖人", "楼主", "樓主", "来源", "來源",
      "文/", "文／", "文:", "文："};  // 文(?:[/／:：])
  auto labelled_at = [&](std::size_t label) {
    for (std::string_view l : kLabels)
      if (line.compare(label, l.size(), l) == 0 && names_after_label(line, label + l.size(), found)) {
        found.label = line.substr(label, l.size());
        found.reporter = false;
        return true;
      }
    return false;
  };
  // "(?:^|[\s(（【\[|｜·:：])" and a label.
  if (start == 0 && labelled_at(0)) return true;
  std::size_t length;
  if (start < line.size() &&
      (text::is_ascii_whitespace(line[start]) ||
       starts_with_any(line, start, {"(", "（", "【", "[", "|", "｜", "·", ":", "："}, length)) &&
      labelled_at(start + (text::is_ascii_whitespace(line[start]) ? 1 : length)))
    return true;
  // "记者" run into the text before it.
  if (starts_with_any(line, start, {"记者", "記者"}, length) && names_after_label(line, start + length, found)) {
    found.label = line.substr(start, length);
    found.reporter = true;
    return true;
  }
  return false;
}

}  // namespace pith::meta
