#include "meta/dates.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <vector>

#include "meta/month_dates.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::meta {
namespace {

int to_int(std::string_view digits) {
  int value = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return value;
}

bool valid_date(int year, int month, int day) {
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return year >= 1970 && year <= 2099 && month >= 1 && month <= 12 && day >= 1 &&
         day <= kDays[month - 1];
}

// Numbers below 100, zero-padded to two digits; formatted by hand, since
// fmt's parse of the format string cost more than the date searches saved.
void append_two_digits(std::string& out, int value) {
  out += static_cast<char>('0' + value / 10);
  out += static_cast<char>('0' + value % 10);
}

// "YYYY-MM-DD" of a date that passed valid_date.
std::string ymd(int year, int month, int day) {
  std::string out;
  append_two_digits(out, year / 100);
  append_two_digits(out, year % 100);
  out += '-';
  append_two_digits(out, month);
  out += '-';
  append_two_digits(out, day);
  return out;
}

// "THH:MM:SS" of a checked clock time.
std::string clock_time(int hour, int minute, int second) {
  std::string out = "T";
  append_two_digits(out, hour);
  out += ':';
  append_two_digits(out, minute);
  out += ':';
  append_two_digits(out, second);
  return out;
}

// "+0200" / "+02:00" / "Z" -> "+02:00" / "Z".
std::string zone_suffix(std::string_view zone) {
  if (zone.empty()) return {};
  if (zone == "Z" || zone == "z") return "Z";
  std::string digits;
  for (char c : zone.substr(1))
    if (c != ':') digits += c;
  if (digits.size() != 4) return {};
  std::string out(1, zone[0]);
  out += std::string_view(digits).substr(0, 2);
  out += ':';
  out += std::string_view(digits).substr(2);
  return out;
}

// Year first, numeric: 2024-05-03, 2024/5/3, 2024.05.03, 2024年5月3日, with an
// optional clock time and zone ("2009年11月3日08:40:12" has no space before it).
const RE2& year_first() {
  static const RE2 re(
      R"((?:^|[^\d])((?:19|20)\d{2})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:\s*日)?)"
      R"((?:(?:\s*[T ]\s*|\s+|\s*[,，]\s*|)(\d{1,2})[:時时](\d{2})(?:[:分](\d{2}))?(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?)?)"
      R"((?:[^\d]|$))");
  return re;
}

// Day first: 03.05.2024, 3-5-2024; month first (US): 05/03/2024.
const RE2& day_first() {
  static const RE2 re(R"((?:^|[^\d.])(\d{1,2})([./-])\s?(\d{1,2})[./-]\s?((?:19|20)\d{2})(?:[^\d]|$))");
  return re;
}

const RE2& day_month_name_year() {
  static const RE2 re(day_month_name_year_pattern());
  return re;
}

// Searched anchored at the text's start behind a lazy "(?s:.*?)", which is
// how RE2 itself searches unanchored (except that the lazy prefix steps over
// whole UTF-8 characters only; match_month_names keeps to that): group 1 is
// the match an unanchored search finds. An unanchored search that captures would run the regex
// backwards from the match's end to find its start, compiling it a second
// time, reversed: for this pattern (a Unicode letter class, month names in
// ten languages, case folding) that costs more than the searches.
const RE2& month_name_day_year() {
  static const RE2 re(month_name_day_year_pattern());
  return re;
}

// Which of the twelve month groups matched, 1-based; 0 if none.
int matched_month(const re2::StringPiece* groups, int first) {
  for (int m = 0; m < 12; ++m)
    if (groups[first + m].data() != nullptr) return m + 1;
  return 0;
}

struct Found {
  std::size_t at = std::string_view::npos;
  std::string iso;
};

// Where each pattern can match. Every pattern holds a year 1900-2099
// ("19dd", "20dd") in a setting of its own: year first, followed by a
// separator; day first, after '.', '/' or '-'; with a month name, after white
// space and what the pattern puts before it. Most texts have no year, or one
// in only one setting, and this scan is much cheaper than the regexes.
//
// The regexes are then run only over windows around those years, so that
// they no longer scan the long lines they are given from their start. A
// window holds every match whose year is its year: it reaches back over as
// many bytes as the pattern can hold before the year, not counting white
// space (its \s+ are unbounded), and forward over the year and the character
// after it (the patterns with a window end there). Windows that overlap or
// nearly touch are merged, so they are disjoint and each match lies in one:
// the first match found, window by window, is the leftmost match of the whole
// text. RE2 is given the whole text with each window, so ^ and $ still mean
// the text's ends, and the character before a window is still seen.
struct Window {
  std::size_t from, to;
};

using text::is_ascii_whitespace;  // RE2's \s

// Bytes a month name can take: under (?i) a letter may match a case variant
// of another length (the Kelvin sign K for "k", "ſ" for "s"); none is longer
// than three bytes in UTF-8.
std::size_t longest_month_bytes() {
  const std::string words = month_alternation();
  std::size_t longest = 0, letters = 0;
  for (std::size_t i = 0; i <= words.size(); ++i) {
    if (i == words.size() || words[i] == '|' || words[i] == '(' || words[i] == ')') {
      longest = std::max(longest, letters);
      letters = 0;
    } else if ((static_cast<unsigned char>(words[i]) & 0xC0) != 0x80) {
      ++letters;
    }
  }
  return 3 * longest;
}

// The most bytes other than white space a match holds before its year (one
// character before the match, up to four bytes; a letter up to three):
//   day_first:            [^\d.] \d{1,2} [./-] \d{1,2} [./-]
//   day_month_name_year:  [^\d] \d{1,2} (st|er|º|.) de <month> . , de
//   month_name_day_year:  [^\pL] <month> . \d{1,2} (st|nd|rd|th) ,
constexpr std::size_t kDayFirstBefore = 4 + 2 + 1 + 2 + 1;
std::size_t day_month_name_before() { return 4 + 2 + 6 + 6 + longest_month_bytes() + 1 + 1 + 6; }
std::size_t month_name_day_before() { return 4 + longest_month_bytes() + 1 + 2 + 6 + 1; }
// The year and the character after it: a match that ends with its year ends there.
constexpr std::size_t kYearAndNext = 4 + 4;
// Windows closer than this are searched as one: a search has a fixed cost.
constexpr std::size_t kMergeGap = 64;

void add_window(std::vector<Window>& windows, std::string_view text, std::size_t year, std::size_t before) {
  std::size_t from = year;
  for (std::size_t left = before; from > 0; --from) {
    if (is_ascii_whitespace(text[from - 1])) continue;
    if (left == 0) break;
    --left;
  }
  const std::size_t to = std::min(text.size(), year + kYearAndNext);
  while (!windows.empty() && from <= windows.back().to + kMergeGap) {
    from = std::min(from, windows.back().from);
    windows.pop_back();
  }
  windows.push_back({from, to});
}

struct Candidates {
  std::vector<std::size_t> year_first;  // the years, ascending
  std::vector<Window> day_first, day_month_name, month_name_day;
  bool any() const {
    return !year_first.empty() || !day_first.empty() || !day_month_name.empty() || !month_name_day.empty();
  }
};

// Whether any of the eight bytes in `word` is '1' or '2' (a year's first
// digit): a lane is zero after the XOR exactly where the byte was one of them.
bool may_hold_year_start(std::uint64_t word) {
  constexpr std::uint64_t kEach = 0x0101010101010101ULL, kHigh = kEach * 0x80;
  auto has_zero = [](std::uint64_t v) { return ((v - kEach) & ~v & kHigh) != 0; };
  return has_zero(word ^ (kEach * '1')) || has_zero(word ^ (kEach * '2'));
}

Candidates candidates(std::string_view text) {
  static const std::size_t dm_before = day_month_name_before(), md_before = month_name_day_before();
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  auto separator = [](char c) { return c == '.' || c == '/' || c == '-'; };
  Candidates found;
  // Every place a year starts: '1' or '2' then three digits. Eight bytes at a
  // time are passed over when none of them is '1' or '2'.
  auto year_at = [&](std::size_t i) {
    if (i + 3 >= text.size()) return false;
    if (!((text[i] == '1' && text[i + 1] == '9') || (text[i] == '2' && text[i + 1] == '0')) ||
        !digit(text[i + 2]) || !digit(text[i + 3]))
      return false;
    if (i == 0 || !digit(text[i - 1])) {
      std::size_t k = i + 4;
      while (k < text.size() && is_ascii_whitespace(text[k])) ++k;
      if (k < text.size() && (separator(text[k]) || text.compare(k, 3, "年") == 0)) found.year_first.push_back(i);
    }
    if (i == 0 || (i + 4 < text.size() && digit(text[i + 4]))) return false;
    char before = text[i - 1];
    if (separator(before) || (is_ascii_whitespace(before) && i >= 2 && separator(text[i - 2])))
      add_window(found.day_first, text, i, kDayFirstBefore);
    if (!is_ascii_whitespace(before)) return false;
    // A month name, '.' or ',' (or "de") comes before the space of "3 May 2024";
    // a day, its "st"/"nd"/"rd"/"th" or ',' before that of "May 3, 2024".
    std::size_t k = i - 1;
    while (k > 0 && is_ascii_whitespace(text[k])) --k;
    const auto last = static_cast<unsigned char>(text[k]);
    const char lower = static_cast<char>(last | 0x20);
    if ((lower >= 'a' && lower <= 'z') || last == '.' || last == ',' ||
        (last >= 0x80 && last <= 0xBF))  // the end of a letter beyond ASCII
      add_window(found.day_month_name, text, i, dm_before);
    if (digit(text[k]) || last == ',' || lower == 't' || lower == 'h' || lower == 'd')
      add_window(found.month_name_day, text, i, md_before);
    return false;  // on to the next place
  };
  text::any_position(text, may_hold_year_start, year_at);
  return found;
}

Found match_year_first(std::string_view text, const std::vector<std::size_t>& years) {
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece g[8];
  std::size_t start = 0, next = 0;
  for (;;) {
    // A match starting at `start` or later has its year there or later,
    // and starts at most one character (four bytes) before its year.
    while (next < years.size() && years[next] < start) ++next;
    if (next == years.size()) return {};
    start = std::max(start, years[next] < 4 ? 0 : years[next] - 4);
    if (!year_first().Match(input, start, text.size(), RE2::UNANCHORED, g, 8)) return {};
    int year = to_int(g[1]), month = to_int(g[2]), day = to_int(g[3]);
    std::size_t at = static_cast<std::size_t>(g[1].data() - text.data());
    if (valid_date(year, month, day)) {
      std::string iso = ymd(year, month, day);
      if (g[4].data() != nullptr) {
        int hour = to_int(g[4]), minute = to_int(g[5]), second = g[6].data() ? to_int(g[6]) : 0;
        if (hour < 24 && minute < 60 && second < 61)
          iso += clock_time(hour, minute, second) +
                 zone_suffix(std::string_view(g[7].data(), g[7].size()));
      }
      return {at, iso};
    }
    start = at + 4;
  }
}

Found match_day_first(std::string_view text, const std::vector<Window>& windows) {
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece g[5];
  for (const Window& w : windows) {
    std::size_t start = w.from;
    while (start < w.to && day_first().Match(input, start, w.to, RE2::UNANCHORED, g, 5)) {
      int a = to_int(g[1]), b = to_int(g[3]), year = to_int(g[4]);
      std::size_t at = static_cast<std::size_t>(g[1].data() - text.data());
      // Dots and dashes are written day first; slashes month first unless the
      // first number cannot be a month.
      bool month_first = g[2] == "/" && a <= 12;
      int month = month_first ? a : b, day = month_first ? b : a;
      if (!valid_date(year, month, day) && valid_date(year, day, month)) std::swap(month, day);
      if (valid_date(year, month, day)) return {at, ymd(year, month, day)};
      start = static_cast<std::size_t>(g[4].data() - text.data());
    }
  }
  return {};
}

// How far from the start the text is whole UTF-8 characters, as RE2 reads
// them, when that is short of `upto`; otherwise `upto` or more.
std::size_t valid_utf8_prefix(std::string_view text, std::size_t upto) {
  std::size_t ascii = 0;
  while (ascii < upto && ascii < text.size() && static_cast<unsigned char>(text[ascii]) < 0x80) ++ascii;
  if (ascii == upto || ascii == text.size()) return ascii;
  static const RE2 characters("(?s:.*)");
  re2::StringPiece prefix;
  characters.Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::ANCHOR_START, &prefix, 1);
  return prefix.size();
}

// Whether a month_name_day_year() match may start at `at`: at the text's
// start, or at a character that is not a letter followed by a month name's
// first letter. Only ASCII is told apart; any other byte may.
bool may_open_month_match(std::string_view text, std::size_t at) {
  auto ascii_letter = [](unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  if (at == 0) return true;
  const auto c = static_cast<unsigned char>(text[at]);
  if (c >= 0x80) return true;
  if (ascii_letter(c) || at + 1 >= text.size()) return false;
  const auto next = static_cast<unsigned char>(text[at + 1]);
  return next >= 0x80 || ascii_letter(next);
}

// The month-name patterns searched by RE2, for text that is not well-formed
// UTF-8 (which RE2 reads in its own way; the hand readers need whole
// characters): the first window of each pattern that holds a match decides.
Found match_month_names_by_regex(std::string_view text, const Candidates& can) {
  re2::StringPiece input(text.data(), text.size());
  Found best;
  for (const Window& w : can.day_month_name) {
    re2::StringPiece g[15];
    if (day_month_name_year().Match(input, w.from, w.to, RE2::UNANCHORED, g, 15)) {
      int day = to_int(g[1]), month = matched_month(g, 2), year = to_int(g[14]);
      if (valid_date(year, month, day))
        best = {static_cast<std::size_t>(g[1].data() - text.data()), ymd(year, month, day)};
      break;
    }
  }
  const RE2& re = month_name_day_year();
  // The lazy prefix steps over whole UTF-8 characters: a search from the
  // text's start finds no match past a byte that is not part of one, and
  // none that starts inside a character. Windows start on a character and
  // none is searched past such a byte.
  const std::size_t readable =
      can.month_name_day.empty() ? 0 : valid_utf8_prefix(text, can.month_name_day.back().from);
  for (Window w : can.month_name_day) {
    if (w.from > readable) break;
    w.from = text::code_point_start(text, w.from);
    // Whether the window holds a match, and where it ends: the DFA alone
    // answers that. Asked for the groups, RE2 would run its backtracker from
    // the window's start, trying the month names at every byte.
    re2::StringPiece whole;
    if (!re.Match(input, w.from, w.to, RE2::ANCHOR_START, &whole, 1)) continue;
    const std::size_t end = static_cast<std::size_t>(whole.data() + whole.size() - text.data());
    // Where it starts: the last place from which a match ending by `end`
    // can be found. No other match starts inside this one and ends by `end`:
    // after its month name the match holds only '.', ',', white space,
    // digits and a day's two-letter suffix, and a month name has three
    // letters or more.
    std::size_t start = end;
    while (start > w.from) {
      --start;
      if (may_open_month_match(text, start) && re.Match(input, start, end, RE2::ANCHOR_START, nullptr, 0)) break;
    }
    Found f;
    re2::StringPiece g[16];  // the lazy prefix and the match, then the match's groups
    if (!re.Match(input, start, end, RE2::ANCHOR_START, g, 16)) break;  // not reached
    int month = matched_month(g, 2), day = to_int(g[14]), year = to_int(g[15]);
    // The match starts one character before the month name, when there is one.
    if (valid_date(year, month, day)) f = {static_cast<std::size_t>(g[1].data() - text.data()), ymd(year, month, day)};
    if (f.at < best.at) best = f;
    break;
  }
  return best;
}

// The month-name patterns read by hand (meta/month_dates.hpp), window by
// window as match_month_names_by_regex searches them.
Found match_month_names(std::string_view text, const Candidates& can) {
  if (!text::is_valid_utf8(text)) return match_month_names_by_regex(text, can);
  Found best;
  for (const Window& w : can.day_month_name) {
    if (std::optional<MonthNameDate> d = read_day_month_name_year(text, w.from, w.to)) {
      if (valid_date(d->year, d->month, d->day)) best = {d->at, ymd(d->year, d->month, d->day)};
      break;
    }
  }
  for (Window w : can.month_name_day) {
    w.from = text::code_point_start(text, w.from);
    if (std::optional<MonthNameDate> d = read_month_name_day_year(text, w.from, w.to)) {
      Found f;
      if (valid_date(d->year, d->month, d->day)) f = {d->at, ymd(d->year, d->month, d->day)};
      if (f.at < best.at) best = f;
      break;
    }
  }
  return best;
}

// "Fri, 15 Sep 2023 01:20:00 GMT" (RFC 1123, as HTTP and RSS write dates):
// the time is kept, with its zone, so that a UTC time can be told from the
// site's local one.
std::string http_date(std::string_view value) {
  static const RE2 re(
      R"((?:[A-Za-z]{3},\s*)?(\d{1,2})\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+((?:19|20)\d{2})\s+)"
      R"((\d{2}):(\d{2})(?::(\d{2}))?\s*(GMT|UTC|Z|[+-]\d{4}))");
  static constexpr std::string_view kMonths = "JanFebMarAprMayJunJulAugSepOctNovDec";
  // White space (\s) parts its day, month, year and time: an ISO date has none.
  if (value.find_first_of(" \t\n\f\r") == std::string_view::npos) return {};
  re2::StringPiece d, mon, y, hh, mm, ss, zone;
  if (!RE2::FullMatch(re2::StringPiece(value.data(), value.size()), re, &d, &mon, &y, &hh, &mm, &ss, &zone))
    return {};
  int day = to_int(d), month = static_cast<int>(kMonths.find(std::string_view(mon.data(), mon.size())) / 3) + 1,
      year = to_int(y), hour = to_int(hh), minute = to_int(mm), second = ss.empty() ? 0 : to_int(ss);
  if (!valid_date(year, month, day) || hour > 23 || minute > 59 || second > 60) return {};
  std::string_view z(zone.data(), zone.size());
  return ymd(year, month, day) + clock_time(hour, minute, second) +
         (z == "GMT" || z == "UTC" ? std::string("Z") : zone_suffix(z));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

namespace {

// The earliest date in the text wins, whichever way it is written.
Found earliest_date(std::string_view text) {
  const Candidates can = candidates(text);
  if (!can.any()) return {};
  Found best = match_year_first(text, can.year_first);
  Found f = match_day_first(text, can.day_first);
  if (f.at < best.at) best = f;
  f = match_month_names(text, can);
  if (f.at < best.at) best = f;
  return best;
}

}  // namespace

std::string find_date_in_text(std::string_view text) { return earliest_date(text).iso; }

std::size_t date_position(std::string_view text) { return earliest_date(text).at; }

std::string normalize_date(std::string_view value) {
  value = trim(value);
  // Compact 20240503 (and 20240503T101500).
  if (value.size() >= 8 && value.find_first_not_of("0123456789") >= 8) {
    int year = to_int(value.substr(0, 4)), month = to_int(value.substr(4, 2)),
        day = to_int(value.substr(6, 2));
    if ((value.size() == 8 || value[8] == 'T') && valid_date(year, month, day))
      return ymd(year, month, day);
  }
  if (std::string http = http_date(value); !http.empty()) return http;
  return find_date_in_text(value);
}

namespace {

// Whether a year 1900-2099 follows a '/', '_' or '-' in `path`, as it does in
// every match of date_from_url's patterns; most paths hold none, and this
// spares them the three searches.
bool year_after_separator(std::string_view path) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = 0; i + 4 < path.size(); ++i) {
    const char c = path[i];
    if ((c == '/' || c == '_' || c == '-') &&
        ((path[i + 1] == '1' && path[i + 2] == '9') || (path[i + 1] == '2' && path[i + 2] == '0')) &&
        digit(path[i + 3]) && digit(path[i + 4]))
      return true;
  }
  return false;
}

}  // namespace

std::string date_from_url(std::string_view url) {
  // Only the path: a query's ids are too often eight digits.
  std::size_t scheme = url.find("://");
  std::size_t path = url.find('/', scheme == std::string_view::npos ? 0 : scheme + 3);
  if (path == std::string_view::npos) return {};
  std::string_view p = url.substr(path, url.find_first_of("?#", path) - path);
  if (!year_after_separator(p)) return {};
  static const RE2 full(R"(/((?:19|20)\d{2})[/-](\d{1,2})[/-](\d{1,2})(?:[/_.-]|$))");
  static const RE2 compact(R"([/_-]((?:19|20)\d{2})(\d{2})(\d{2})(?:[/_.-]|$))");
  static const RE2 month_only(R"(/((?:19|20)\d{2})/(\d{1,2})/)");
  re2::StringPiece y, m, d;
  re2::StringPiece input(p.data(), p.size());
  if (RE2::PartialMatch(input, full, &y, &m, &d) || RE2::PartialMatch(input, compact, &y, &m, &d)) {
    int year = to_int(y), month = to_int(m), day = to_int(d);
    if (valid_date(year, month, day)) return ymd(year, month, day);
  }
  if (RE2::PartialMatch(input, month_only, &y, &m)) {
    int year = to_int(y), month = to_int(m);
    if (valid_date(year, month, 1)) return fmt::format("{:04}-{:02}", year, month);
  }
  return {};
}

}  // namespace pith::meta
