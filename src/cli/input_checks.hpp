// Checks of what the user typed that CLI11 cannot make: a charset name, and a
// missing file that was meant as a URL (input_checks.cpp).
#pragma once

#include <string>
#include <string_view>

namespace pith::cli {

// True when `name` is an encoding label pith decodes (a WHATWG label iconv
// supports, e.g. utf-8, windows-1251, gbk, shift_jis). Otherwise false, with
// "COMMAND: unknown charset NAME ..." on stderr.
bool known_charset_or_report(std::string_view name, std::string_view command);

// For an input that is no file: " (did you mean https://example.org?)" when
// it looks like a host name or a URL without its scheme, else "".
std::string bare_host_hint(std::string_view input);

}  // namespace pith::cli
