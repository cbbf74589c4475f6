#include "meta/month_dates.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "text/ascii.hpp"
#include "text/letters.hpp"
#include "text/utf8.hpp"

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

// RE2's case folding of the patterns' letters beyond ASCII: every code point
// (?i) takes for one of them, and the one it folds to here (the least of the
// patterns' letters it stands for). Made by asking RE2, for each letter of
// the patterns, which of all code points "(?i)letter" matches; ASCII letters
// fold to lower case and two others: the Kelvin sign to "k", long s to "s".
// month_dates_test asks RE2 again, at every code point.
constexpr std::pair<char32_t, char32_t> kFolds[] = {
    {0x00B5, 0x03BC}, {0x00C4, 0x00E4}, {0x00C7, 0x00E7}, {0x00C9, 0x00E9}, {0x00DB, 0x00FB}, {0x0143, 0x0144},
    {0x015A, 0x015B}, {0x0179, 0x017A}, {0x017F, 0x0073}, {0x0345, 0x03B9}, {0x0386, 0x03AC}, {0x0388, 0x03AD},
    {0x038A, 0x03AF}, {0x038E, 0x03CD}, {0x038F, 0x03CE}, {0x0391, 0x03B1}, {0x0392, 0x03B2}, {0x0393, 0x03B3},
    {0x0394, 0x03B4}, {0x0395, 0x03B5}, {0x0399, 0x03B9}, {0x039A, 0x03BA}, {0x039B, 0x03BB}, {0x039C, 0x03BC},
    {0x039D, 0x03BD}, {0x039F, 0x03BF}, {0x03A0, 0x03C0}, {0x03A1, 0x03C1}, {0x03A3, 0x03C2}, {0x03A4, 0x03C4},
    {0x03A5, 0x03C5}, {0x03A6, 0x03C6}, {0x03A9, 0x03C9}, {0x03C3, 0x03C2}, {0x03D0, 0x03B2}, {0x03D5, 0x03C6},
    {0x03D6, 0x03C0}, {0x03F0, 0x03BA}, {0x03F1, 0x03C1}, {0x03F5, 0x03B5}, {0x0410, 0x0430}, {0x0411, 0x0431},
    {0x0412, 0x0432}, {0x0413, 0x0433}, {0x0414, 0x0434}, {0x0415, 0x0435}, {0x0418, 0x0438}, {0x0419, 0x0439},
    {0x041A, 0x043A}, {0x041B, 0x043B}, {0x041C, 0x043C}, {0x041D, 0x043D}, {0x041E, 0x043E}, {0x041F, 0x043F},
    {0x0420, 0x0440}, {0x0421, 0x0441}, {0x0422, 0x0442}, {0x0423, 0x0443}, {0x0424, 0x0444}, {0x042C, 0x044C},
    {0x042E, 0x044E}, {0x042F, 0x044F}, {0x1C80, 0x0432}, {0x1C81, 0x0434}, {0x1C82, 0x043E}, {0x1C83, 0x0441},
    {0x1C84, 0x0442}, {0x1C85, 0x0442}, {0x1FBE, 0x03B9}, {0x2126, 0x03C9}, {0x212A, 0x006B},
};
static_assert(std::is_sorted(std::begin(kFolds), std::end(kFolds)), "kFolds is searched by halves");

constexpr std::size_t npos = std::string_view::npos;

using Letters = std::u32string;  // a spelling, folded

// Every spelling, folded, with its month (1-12), in the patterns' order
// within each first letter: the first one that matches is the one RE2
// reports (the alternation is leftmost-first, and only one length of
// spelling can be followed by what the patterns put after a name).
struct Spelling {
  Letters letters;
  int month;
};
struct Spellings {
  std::vector<Spelling> all;  // sorted by first letter, stably
};

const Spellings& spellings() {
  static const Spellings s = [] {
    Spellings out;
    for (std::size_t m = 0; m < kMonthWords.size(); ++m) {
      std::string_view words = kMonthWords[m];
      for (std::size_t from = 0; from <= words.size();) {
        std::size_t bar = std::min(words.find('|', from), words.size());
        std::string_view word = words.substr(from, bar - from);
        Letters letters;
        for (std::size_t i = 0; i < word.size();) letters += fold_month_letter(text::decode_utf8(word, i));
        out.all.push_back({std::move(letters), static_cast<int>(m) + 1});
        from = bar + 1;
      }
    }
    std::stable_sort(out.all.begin(), out.all.end(),
                     [](const Spelling& a, const Spelling& b) { return a.letters[0] < b.letters[0]; });
    return out;
  }();
  return s;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

// The text a pattern reads: text[0, to), its ends ^ and $ those of the whole
// text (RE2 is given the whole text with the window).
struct Reader {
  std::string_view text;
  std::size_t to;

  bool at_end_of_text(std::size_t i) const { return i == text.size(); }
  // The code point at i and its length; 0 when no whole character is left
  // before `to`.
  std::size_t character(std::size_t i, char32_t& c) const {
    if (i >= to) return 0;
    std::size_t next = i;
    c = text::decode_utf8(text, next);
    return next <= to ? next - i : 0;
  }
  // One or more of RE2's \s: the position after them, npos when there is none.
  std::size_t spaces(std::size_t i) const {
    if (i >= to || !text::is_ascii_whitespace(text[i])) return npos;
    while (i < to && text::is_ascii_whitespace(text[i])) ++i;
    return i;
  }
  // `letters` (folded) at i, under (?i): the position after them, or npos.
  std::size_t folded(std::size_t i, std::u32string_view letters) const {
    for (char32_t want : letters) {
      char32_t c;
      std::size_t length = character(i, c);
      if (length == 0 || fold_month_letter(c) != want) return npos;
      i += length;
    }
    return i;
  }
  // "(?:de\s+)?": the position after it, or i.
  std::size_t optional_de(std::size_t i) const {
    std::size_t after = folded(i, U"de");
    after = after == npos ? npos : spaces(after);
    return after == npos ? i : after;
  }
  // \d{1,2} followed by no digit it could take: the position after it, or npos.
  std::size_t day(std::size_t i, int& value) const {
    std::size_t end = i;
    while (end < to && digit(text[end])) ++end;
    if (end == i || end - i > 2) return npos;
    value = end - i == 1 ? text[i] - '0' : (text[i] - '0') * 10 + (text[i + 1] - '0');
    return end;
  }
  // "((?:19|20)\d{2})(?:[^\d]|$)": whether it matches at i.
  bool year(std::size_t i, int& value) const {
    if (i + 4 > to || !((text[i] == '1' && text[i + 1] == '9') || (text[i] == '2' && text[i + 1] == '0')) ||
        !digit(text[i + 2]) || !digit(text[i + 3]))
      return false;
    value = (text[i] - '0') * 1000 + (text[i + 1] - '0') * 100 + (text[i + 2] - '0') * 10 + (text[i + 3] - '0');
    char32_t c;
    if (character(i + 4, c) != 0 && !(c >= '0' && c <= '9')) return true;
    return at_end_of_text(i + 4);
  }
  // The first of `suffixes` at i: the position after it, or i.
  std::size_t optional_suffix(std::size_t i, std::initializer_list<std::u32string_view> suffixes) const {
    for (std::u32string_view suffix : suffixes)
      if (std::size_t after = folded(i, suffix); after != npos) return after;
    return i;
  }
  // A month's spelling at i for which `rest` (called with the position after
  // it) matches: the month, or 0.
  template <typename Rest>
  int month(std::size_t i, Rest rest) const {
    char32_t c;
    if (character(i, c) == 0) return 0;
    const auto& all = spellings().all;
    const char32_t first = fold_month_letter(c);
    auto it = std::lower_bound(all.begin(), all.end(), first,
                               [](const Spelling& s, char32_t f) { return s.letters[0] < f; });
    for (; it != all.end() && it->letters[0] == first; ++it)
      if (std::size_t after = folded(i, it->letters); after != npos && rest(after)) return it->month;
    return 0;
  }
};

}  // namespace

char32_t fold_month_letter(char32_t c) {
  if (c < 0x80) return static_cast<char32_t>(text::ascii_lower(static_cast<char>(c)));
  auto it = std::lower_bound(std::begin(kFolds), std::end(kFolds), c,
                             [](const std::pair<char32_t, char32_t>& f, char32_t v) { return f.first < v; });
  return it != std::end(kFolds) && it->first == c ? it->second : c;
}

bool is_non_letter_under_folding(char32_t c) { return c != 0x0345 && !text::is_letter(c); }

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

std::string day_month_name_year_pattern() {
  return "(?i)(?:^|[^\\d])(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?\\s+(?:de\\s+)?(?:" + month_alternation() +
         ")\\.?,?\\s+(?:de\\s+)?((?:19|20)\\d{2})(?:[^\\d]|$)";
}

std::string month_name_day_year_pattern() {
  return "(?s:.*?)((?i)(?:^|[^\\pL])(?:" + month_alternation() +
         ")\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d{2})(?:[^\\d]|$))";
}

// The match starts with the character before its day (or at the text's
// start, ^), which is not a digit: so its day is a whole run of digits, and
// the leftmost match is that of the first run that starts one. Each part
// after the day can match in one way only: what may follow an optional part
// cannot start it ("de" then a month, a suffix then white space...).
std::optional<MonthNameDate> read_day_month_name_year(std::string_view text, std::size_t from, std::size_t to) {
  const Reader r{text, to};
  for (std::size_t p = from; p < to; ++p) {
    if (!digit(text[p]) || (p > 0 && digit(text[p - 1]))) continue;
    if (p > 0) {  // [^\d]: the character before the day, which must lie in the window
      if (text::code_point_start(text, p - 1) < from) continue;
    }
    MonthNameDate d{p, 0, 0, 0};
    std::size_t i = r.day(p, d.day);
    if (i == npos) continue;
    i = r.optional_suffix(i, {U"st", U"nd", U"rd", U"th", U"er", U"\u00BA", U"."});
    i = r.spaces(i);
    if (i == npos) continue;
    i = r.optional_de(i);
    d.month = r.month(i, [&](std::size_t after) {
      if (after < to && text[after] == '.') ++after;
      if (after < to && text[after] == ',') ++after;
      after = r.spaces(after);
      return after != npos && r.year(r.optional_de(after), d.year);
    });
    if (d.month != 0) return d;
  }
  return std::nullopt;
}

// The lazy prefix steps over whole characters: the match is the first that
// starts at one of them, from `from` on, with ^ (at the text's start) tried
// before a character that is not a letter (is_non_letter_under_folding).
std::optional<MonthNameDate> read_month_name_day_year(std::string_view text, std::size_t from, std::size_t to) {
  const Reader r{text, to};
  MonthNameDate d{0, 0, 0, 0};
  auto rest = [&](std::size_t after) {
    if (after < to && text[after] == '.') ++after;
    after = r.spaces(after);
    if (after == npos) return false;
    after = r.day(after, d.day);
    if (after == npos) return false;
    after = r.optional_suffix(after, {U"st", U"nd", U"rd", U"th"});
    if (after < to && text[after] == ',') ++after;
    after = r.spaces(after);
    return after != npos && r.year(after, d.year);
  };
  for (std::size_t s = from; s < to;) {
    if (s == 0 && (d.month = r.month(0, rest)) != 0) {
      d.at = 0;
      return d;
    }
    char32_t c;
    std::size_t length = r.character(s, c);
    if (length == 0) break;
    if (is_non_letter_under_folding(c) && (d.month = r.month(s + length, rest)) != 0) {
      d.at = s;
      return d;
    }
    s += length;
  }
  return std::nullopt;
}

}  // namespace pith::meta
