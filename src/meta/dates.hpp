// Dates as pages write them, turned into ISO 8601.
#pragma once

#include <string>
#include <string_view>

namespace pith::meta {

// A machine-readable date value (JSON-LD, <meta content>, <time datetime>):
// "2024-05-03T10:00:00+02:00", "2024-05-03 10:00", "20240503", RFC 822
// ("Fri, 03 May 2024 10:00:00 GMT"), or any form find_date_in_text reads.
// Returns "YYYY-MM-DD", "YYYY-MM-DDTHH:MM:SS" (+ "Z" / "+hh:mm" when the value
// had a zone), or "" when it holds no valid date.
std::string normalize_date(std::string_view value);

// The first full date (year, month and day) written in running text:
// "2005-04-28 11:13", "2005年4月28日", "28.04.2005", "04/28/2005",
// "April 28, 2005", "28 avril 2005", "28 апреля 2005" (English, German,
// French, Spanish, Portuguese, Italian, Dutch, Polish, Russian, Greek month names).
// Same output as normalize_date; "" when there is none.
std::string find_date_in_text(std::string_view text);

// Where that date starts in `text` (roughly: at most one character early);
// npos when there is none.
std::size_t date_position(std::string_view text);

// The date a URL's path encodes: /2024/05/03/, /2024-05-03/, /20240503/
// ("YYYY-MM-DD"), or /2024/05/ ("YYYY-MM"). "" when none.
std::string date_from_url(std::string_view url);

}  // namespace pith::meta
