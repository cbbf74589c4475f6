#include "meta/dates.hpp"

#include <re2/re2.h>

#include <array>
#include <charconv>
#include <fmt/format.h>

namespace pith::meta {
namespace {

// One alternation group per month, longest spellings first (RE2 alternation
// is leftmost-first, so "mar" must not win over "march").
constexpr std::array<std::string_view, 12> kMonthWords = {
    "january|januari|januar|janvier|janeiro|gennaio|enero|janv|jan|stycznia|styczeń|января|январь|янв|ιανουαρίου|ιανουάριος|ιαν",
    "february|februari|februar|février|fevrier|fevereiro|febbraio|febrero|févr|febr|feb|fev|lutego|luty|февраля|февраль|фев|φεβρουαρίου|φεβρουάριος|φεβ",
    "march|märz|maerz|marz|mars|marzo|março|marco|maart|mar|marca|marzec|марта|март|мар|μαρτίου|μάρτιος|μαρ",
    "april|avril|abril|aprile|apr|abr|kwietnia|kwiecień|апреля|апрель|апр|απριλίου|απρίλιος|απρ",
    "may|mai|mayo|maio|maggio|mei|maja|maj|мая|май|μαΐου|μαΐου|μαΐ|μάιος|μαΐου",
    "june|juni|juin|junio|junho|giugno|jun|czerwca|czerwiec|июня|июнь|июн|ιουνίου|ιούνιος|ιουν",
    "july|juli|juillet|julio|julho|luglio|jul|lipca|lipiec|июля|июль|июл|ιουλίου|ιούλιος|ιουλ",
    "august|augustus|août|aout|agosto|aug|ago|sierpnia|sierpień|августа|август|авг|αυγούστου|αύγουστος|αυγ",
    "september|septembre|septiembre|setembro|settembre|sept|sep|set|września|wrzesień|сентября|сентябрь|сен|σεπτεμβρίου|σεπτέμβριος|σεπ",
    "october|oktober|octobre|octubre|outubro|ottobre|oct|okt|ott|października|październik|октября|октябрь|окт|οκτωβρίου|οκτώβριος|οκτ",
    "november|novembre|noviembre|novembro|nov|listopada|listopad|ноября|ноябрь|ноя|νοεμβρίου|νοέμβριος|νοε",
    "december|dezember|décembre|decembre|diciembre|dezembro|dicembre|dec|dez|dic|grudnia|grudzień|декабря|декабрь|дек|δεκεμβρίου|δεκέμβριος|δεκ",
};

std::string month_alternation() {
  std::string out;
  for (std::string_view words : kMonthWords) {
    if (!out.empty()) out += '|';
    out += '(';
    out += words;
    out += ')';
  }
  return out;
}

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

std::string ymd(int year, int month, int day) {
  return fmt::format("{:04}-{:02}-{:02}", year, month, day);
}

// "+0200" / "+02:00" / "Z" -> "+02:00" / "Z".
std::string zone_suffix(std::string_view zone) {
  if (zone.empty()) return {};
  if (zone == "Z" || zone == "z") return "Z";
  std::string digits;
  for (char c : zone.substr(1))
    if (c != ':') digits += c;
  if (digits.size() != 4) return {};
  return fmt::format("{}{}:{}", zone[0], digits.substr(0, 2), digits.substr(2));
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
  static const RE2 re("(?i)(?:^|[^\\d])(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?\\s+(?:de\\s+)?(?:" +
                      month_alternation() + ")\\.?,?\\s+(?:de\\s+)?((?:19|20)\\d{2})(?:[^\\d]|$)");
  return re;
}

// Searched anchored at the text's start behind a lazy "(?s:.*?)", which is
// how RE2 itself searches unanchored: group 1 is the match an unanchored
// search finds. An unanchored search that captures would run the regex
// backwards from the match's end to find its start, compiling it a second
// time, reversed: for this pattern (a Unicode letter class, month names in
// ten languages, case folding) that costs more than the searches.
const RE2& month_name_day_year() {
  static const RE2 re("(?s:.*?)((?i)(?:^|[^\\pL])(?:" + month_alternation() +
                      ")\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d{2})(?:[^\\d]|$))");
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

Found match_year_first(std::string_view text) {
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece g[8];
  std::size_t start = 0;
  while (start < text.size() &&
         year_first().Match(input, start, text.size(), RE2::UNANCHORED, g, 8)) {
    int year = to_int(g[1]), month = to_int(g[2]), day = to_int(g[3]);
    std::size_t at = static_cast<std::size_t>(g[1].data() - text.data());
    if (valid_date(year, month, day)) {
      std::string iso = ymd(year, month, day);
      if (g[4].data() != nullptr) {
        int hour = to_int(g[4]), minute = to_int(g[5]), second = g[6].data() ? to_int(g[6]) : 0;
        if (hour < 24 && minute < 60 && second < 61)
          iso += fmt::format("T{:02}:{:02}:{:02}", hour, minute, second) +
                 zone_suffix(std::string_view(g[7].data(), g[7].size()));
      }
      return {at, iso};
    }
    start = at + 4;
  }
  return {};
}

Found match_day_first(std::string_view text) {
  re2::StringPiece input(text.data(), text.size());
  re2::StringPiece g[5];
  std::size_t start = 0;
  while (start < text.size() && day_first().Match(input, start, text.size(), RE2::UNANCHORED, g, 5)) {
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
  return {};
}

Found match_month_names(std::string_view text, bool day_first, bool month_first) {
  re2::StringPiece input(text.data(), text.size());
  Found best;
  if (day_first) {
    re2::StringPiece g[15];
    if (day_month_name_year().Match(input, 0, text.size(), RE2::UNANCHORED, g, 15)) {
      int day = to_int(g[1]), month = matched_month(g, 2), year = to_int(g[14]);
      if (valid_date(year, month, day))
        best = {static_cast<std::size_t>(g[1].data() - text.data()), ymd(year, month, day)};
    }
  }
  if (month_first) {
    re2::StringPiece g[16];  // the lazy prefix and the match, then the match's groups
    if (month_name_day_year().Match(input, 0, text.size(), RE2::ANCHOR_START, g, 16)) {
      int month = matched_month(g, 2), day = to_int(g[14]), year = to_int(g[15]);
      // The match starts one character before the month name, when there is one.
      std::size_t at = static_cast<std::size_t>(g[1].data() - text.data());
      if (valid_date(year, month, day) && at < best.at)
        best = {at, ymd(year, month, day)};
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
  re2::StringPiece d, mon, y, hh, mm, ss, zone;
  if (!RE2::FullMatch(re2::StringPiece(value.data(), value.size()), re, &d, &mon, &y, &hh, &mm, &ss, &zone))
    return {};
  int day = to_int(d), month = static_cast<int>(kMonths.find(std::string_view(mon.data(), mon.size())) / 3) + 1,
      year = to_int(y), hour = to_int(hh), minute = to_int(mm), second = ss.empty() ? 0 : to_int(ss);
  if (!valid_date(year, month, day) || hour > 23 || minute > 59 || second > 60) return {};
  std::string_view z(zone.data(), zone.size());
  return ymd(year, month, day) + fmt::format("T{:02}:{:02}:{:02}", hour, minute, second) +
         (z == "GMT" || z == "UTC" ? std::string("Z") : zone_suffix(z));
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

namespace {

// Which patterns can match. Each needs a year 1900-2099 ("19dd", "20dd") in
// a setting of its own: year first, followed by a separator; day first,
// after '.', '/' or '-'; with a month name, after white space and what the
// pattern puts before it. Most texts have no year, or one in only one
// setting, and this test is much cheaper than the regexes.
struct Candidates {
  bool year_first = false, day_first = false, day_month_name = false, month_name_day = false;
  bool any() const { return year_first || day_first || day_month_name || month_name_day; }
};

Candidates candidates(std::string_view text) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; };  // RE2's \s
  auto separator = [](char c) { return c == '.' || c == '/' || c == '-'; };
  Candidates found;
  for (std::size_t i = 0; i + 3 < text.size(); ++i) {
    if (!((text[i] == '1' && text[i + 1] == '9') || (text[i] == '2' && text[i + 1] == '0')) ||
        !digit(text[i + 2]) || !digit(text[i + 3]))
      continue;
    if (i == 0 || !digit(text[i - 1])) {
      std::size_t k = i + 4;
      while (k < text.size() && space(text[k])) ++k;
      found.year_first = found.year_first || (k < text.size() && (separator(text[k]) || text.compare(k, 3, "年") == 0));
    }
    if (i == 0 || (i + 4 < text.size() && digit(text[i + 4]))) continue;
    char before = text[i - 1];
    found.day_first = found.day_first || separator(before) || (space(before) && i >= 2 && separator(text[i - 2]));
    if (!space(before)) continue;
    // A month name, '.' or ',' (or "de") comes before the space of "3 May 2024";
    // a day, its "st"/"nd"/"rd"/"th" or ',' before that of "May 3, 2024".
    std::size_t k = i - 1;
    while (k > 0 && space(text[k])) --k;
    const auto last = static_cast<unsigned char>(text[k]);
    const char lower = static_cast<char>(last | 0x20);
    found.day_month_name = found.day_month_name || (lower >= 'a' && lower <= 'z') || last == '.' || last == ',' ||
                           (last >= 0x80 && last <= 0xBF);  // the end of a letter beyond ASCII
    found.month_name_day = found.month_name_day || digit(text[k]) || last == ',' || lower == 't' || lower == 'h' ||
                           lower == 'd';
  }
  return found;
}

// The earliest date in the text wins, whichever way it is written.
Found earliest_date(std::string_view text) {
  Candidates can = candidates(text);
  if (!can.any()) return {};
  Found best = can.year_first ? match_year_first(text) : Found{};
  if (can.day_first) {
    Found f = match_day_first(text);
    if (f.at < best.at) best = f;
  }
  if (can.day_month_name || can.month_name_day) {
    Found f = match_month_names(text, can.day_month_name, can.month_name_day);
    if (f.at < best.at) best = f;
  }
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

std::string date_from_url(std::string_view url) {
  // Only the path: a query's ids are too often eight digits.
  std::size_t scheme = url.find("://");
  std::size_t path = url.find('/', scheme == std::string_view::npos ? 0 : scheme + 3);
  if (path == std::string_view::npos) return {};
  std::string_view p = url.substr(path, url.find_first_of("?#", path) - path);
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
