// Dates written with a month name ("3 May 2024", "May 3rd, 2024", "3 de
// março de 2024", "3 мая 2024"), read by hand as two RE2 patterns would
// match them (dates.cpp's windows, month_dates_test holds the readers to the
// patterns): compiling those patterns (the names in ten languages under case
// folding) cost some 20 million instructions per process, and searching them
// more per page than the rest of the date reading.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pith::meta {

// The spellings of the months, one alternation group per month, longest
// first: "(january|januari|...)|(february|...)|..."; lower case.
std::string month_alternation();

// The patterns the readers below match, for RE2 (ill-formed text, tests).
// Groups: 1 the day, 2-13 the month's (the one that matched), 14 the year.
std::string day_month_name_year_pattern();
// Behind a lazy "(?s:.*?)": 1 the match, 2-13 the month, 14 the day, 15 the year.
std::string month_name_day_year_pattern();

// A date a reader found: where its match starts, as the patterns' groups say
// (day_month_name_year: the day; month_name_day_year: the whole match), and
// its numbers, not yet checked for being a date.
struct MonthNameDate {
  std::size_t at;
  int day, month, year;
};

// What RE2's UNANCHORED search of day_month_name_year_pattern() finds in
// text[from, to) (^ and $ the ends of `text`). `text` must be well-formed
// UTF-8: RE2 reads ill-formed bytes in its own way.
std::optional<MonthNameDate> read_day_month_name_year(std::string_view text, std::size_t from, std::size_t to);

// What an ANCHOR_START search of month_name_day_year_pattern() finds in
// text[from, to), `from` the start of a character. Well-formed UTF-8 only.
std::optional<MonthNameDate> read_month_name_day_year(std::string_view text, std::size_t from, std::size_t to);

// The case fold under which the readers compare letters: two code points
// RE2's (?i) takes for one another fold to one value, for every letter of
// the patterns (other code points fold to themselves, ASCII to lower case).
char32_t fold_month_letter(char32_t c);

// What RE2's (?i)[^\pL] matches, the character a month_name_day_year match
// opens with: not a letter, nor U+0345 (a combining mark, which folds with
// the letter iota, so that case folding puts it in \pL before the negation).
bool is_non_letter_under_folding(char32_t c);

}  // namespace pith::meta
