// A charset name the decoder knows; a bare host name given as the input.
#include "cli/input_checks.hpp"

#include <cctype>
#include <iostream>

#include "encoding/decode.hpp"

namespace pith::cli {
namespace {

// Extensions of the files pith is given, which no host name ends with.
constexpr std::string_view kFileExtensions[] = {"htm", "html", "xhtml", "shtml", "txt", "gz", "zst", "warc",
                                                "json", "jsonl", "xml", "php", "asp", "aspx", "jsp"};

}  // namespace

bool known_charset_or_report(std::string_view name, std::string_view command) {
  if (encoding::usable_charset(name)) return true;
  std::cerr << command << ": unknown charset " << name
            << " (give an encoding label such as utf-8, windows-1252, iso-8859-2, gbk, big5, shift_jis, euc-kr)\n";
  return false;
}

std::string bare_host_hint(std::string_view input) {
  // The host part: up to the first '/', '?', '#' or ':' (a port).
  const std::string_view host = input.substr(0, input.find_first_of("/?#:"));
  const std::size_t last_dot = host.rfind('.');
  if (host.empty() || last_dot == std::string_view::npos || last_dot == 0 || host.front() == '.') return "";
  // Labels of letters, digits and hyphens, and a top-level label of letters
  // that is not a file name's extension (a mistyped page.html is no host).
  for (char c : host)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') return "";
  std::string top(host.substr(last_dot + 1));
  if (top.size() < 2) return "";
  for (char& c : top) {
    if (!std::isalpha(static_cast<unsigned char>(c))) return "";
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (std::string_view extension : kFileExtensions)
    if (top == extension) return "";
  return " (did you mean https://" + std::string(input) + "?)";
}

}  // namespace pith::cli
