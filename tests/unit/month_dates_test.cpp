// meta/month_dates.cpp reads by hand the dates two RE2 patterns once found
// ("3 May 2024", "May 3rd, 2024" in ten languages, under case folding): held
// to those patterns, letter by letter at every code point, and window by
// window on random lines of days, month names in every case, suffixes,
// years, white space and the characters around them.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <charconv>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "meta/month_dates.hpp"
#include "text/utf8.hpp"

namespace {

int to_int(const re2::StringPiece& digits) {
  int value = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return value;
}

// The month spellings, as the patterns hold them.
std::vector<std::string> spellings() {
  std::vector<std::string> out;
  std::string word;
  for (char c : pith::meta::month_alternation() + "|") {
    if (c == '|' || c == '(' || c == ')') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return out;
}

// Every code point of the patterns' letters (and suffixes).
std::set<char32_t> pattern_letters() {
  std::set<char32_t> out;
  for (const std::string& word : spellings())
    for (std::size_t i = 0; i < word.size();) out.insert(pith::text::decode_utf8(word, i));
  for (char32_t c : std::u32string_view(U"stndrhe\u00BA")) out.insert(c);
  return out;
}

std::string utf8(char32_t c) {
  std::string out;
  pith::text::append_utf8(out, c);
  return out;
}

}  // namespace

TEST_CASE("month dates: fold_month_letter is RE2's (?i) for every letter of the patterns, at every code point") {
  std::vector<std::pair<char32_t, RE2*>> letters;
  for (char32_t p : pattern_letters()) letters.emplace_back(p, new RE2("(?i)" + utf8(p)));
  int differences = 0, folded = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;  // no UTF-8 encodes a surrogate
    const std::string encoded = utf8(c);
    for (const auto& [p, re] : letters) {
      const bool same = pith::meta::fold_month_letter(c) == pith::meta::fold_month_letter(p);
      folded += same && c != p ? 1 : 0;
      differences += same != RE2::FullMatch(encoded, *re) ? 1 : 0;
    }
  }
  for (auto& letter : letters) delete letter.second;
  const RE2 non_letter("(?i)[^\\pL]");
  int non_letter_differences = 0;
  for (char32_t c = 0; c <= 0x10FFFF; ++c)
    if (c < 0xD800 || c > 0xDFFF)
      non_letter_differences += RE2::FullMatch(utf8(c), non_letter) != pith::meta::is_non_letter_under_folding(c);
  CHECK(non_letter_differences == 0);
  CHECK(letters.size() > 70);
  CHECK(folded > 80);  // upper case, and the Kelvin sign, long s, final sigma...
  CHECK(differences == 0);
}

TEST_CASE("month dates: the readers find what the patterns find, in every window of random lines") {
  const RE2 day_first(pith::meta::day_month_name_year_pattern());
  const RE2 month_first(pith::meta::month_name_day_year_pattern());
  REQUIRE(day_first.ok());
  REQUIRE(month_first.ok());
  // Each letter's variants: the code points that fold with it.
  std::map<char32_t, std::vector<char32_t>> variants;
  const std::set<char32_t> letters = pattern_letters();
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const char32_t f = pith::meta::fold_month_letter(c);
    if (letters.count(f) || letters.count(c)) variants[f].push_back(c);
  }
  std::mt19937 random(20261205);
  auto pick = [&](const std::vector<std::string>& of) { return of[random() % of.size()]; };
  const std::vector<std::string> months = spellings();
  // A spelling with each letter in a case of its own.
  auto spelled = [&](const std::string& word) {
    if (random() % 3 == 0) return word;
    std::string out;
    for (std::size_t i = 0; i < word.size();) {
      const std::vector<char32_t>& v = variants[pith::meta::fold_month_letter(pith::text::decode_utf8(word, i))];
      out += utf8(v[random() % v.size()]);
    }
    return out;
  };
  const std::vector<std::string> days = {"1", "3", "03", "12", "31", "123", "0", "9"};
  const std::vector<std::string> years = {"2024", "1999", "2019", "1899", "20245", "202", "2100", "1970"};
  const std::vector<std::string> suffixes = {"", "", "st", "nd", "rd", "th", "er", "\u00BA", ".", "ST", "\u017Ft",
                                             "Th", "e", "s"};
  const std::vector<std::string> spaces = {" ", " ", " ", " ", "  ", "\t", "\n", "\f", "\r", "\v", "\u00A0", ""};
  const std::vector<std::string> other = {"de", "DE", "dE", "de ", ".", ",", ".,", "-", "/", "(", ")", "a", "x", "\u00E9",
                                          "\u0130", "\u0131", "\u00A9", "\u2014", "\u00B7", "\u5E74", "\u0301",
                                          "\u0345", "1", "42", "on", "le", "am", "\u0434\u043E", "\u03C3\u03C4\u03B9\u03C2"};
  int day_first_matches = 0, month_first_matches = 0;
  for (int n = 0; n < 3000; ++n) {
    std::string line;
    for (int k = static_cast<int>(random() % 4); k > 0; --k) line += random() % 2 ? pick(other) : pick(spaces);
    for (int dates = 1 + static_cast<int>(random() % 2); dates > 0; --dates) {
      const bool day_first_date = random() % 2 == 0;
      const std::string day = pick(days) + pick(suffixes), month = spelled(pick(months)) + (random() % 3 ? "" : pick({".", ",", ".,"}));
      const std::string de = random() % 4 == 0 ? pick({"de ", "De  ", "de", "del "}) : "";
      if (day_first_date) line += day + pick(spaces) + de + month + pick(spaces) + de + pick(years);
      else line += month + pick(spaces) + day + (random() % 2 ? "," : "") + pick(spaces) + pick(years);
      for (int k = static_cast<int>(random() % 3); k > 0; --k) line += random() % 2 ? pick(other) : pick(spaces);
    }
    REQUIRE(pith::text::is_valid_utf8(line));
    const re2::StringPiece input(line);
    for (int w = 0; w < 12; ++w) {
      // The whole line, from a place to its end, and windows of random places.
      std::size_t from = w == 0 ? 0 : random() % (line.size() + 1);
      std::size_t to = w < 4 ? line.size() : from + random() % (line.size() - from + 1);
      // The reader's date against the regex's groups: the place of group 1,
      // the month group that matched (2-13), the day's and the year's.
      auto same = [&](const std::optional<pith::meta::MonthNameDate>& got, const RE2& re, RE2::Anchor anchor,
                      int groups, int day, int& matches) {
        re2::StringPiece g[16];
        if (!re.Match(input, from, to, anchor, g, groups)) {
          CHECK_MESSAGE(!got, line, " [", from, ", ", to, ")");
          return;
        }
        ++matches;
        int month = 0;
        for (int m = 0; m < 12 && month == 0; ++m) month = g[2 + m].data() ? m + 1 : 0;
        REQUIRE_MESSAGE(got, line, " [", from, ", ", to, ")");
        CHECK_MESSAGE(got->at == static_cast<std::size_t>(g[1].data() - line.data()), line, " [", from, ", ", to, ")");
        CHECK_MESSAGE(got->day == to_int(g[day]), line);
        CHECK_MESSAGE(got->month == month, line);
        CHECK_MESSAGE(got->year == to_int(g[day == 1 ? 14 : 15]), line);
      };
      same(pith::meta::read_day_month_name_year(line, from, to), day_first, RE2::UNANCHORED, 15, 1, day_first_matches);
      while (from > 0 && from < line.size() && (static_cast<unsigned char>(line[from]) & 0xC0) == 0x80) --from;
      same(pith::meta::read_month_name_day_year(line, from, to), month_first, RE2::ANCHOR_START, 16, 14,
           month_first_matches);
    }
  }
  // The lines exercise the patterns, not only their absence.
  CHECK(day_first_matches > 300);
  CHECK(month_first_matches > 300);
  MESSAGE(day_first_matches, " and ", month_first_matches, " matches");
}
