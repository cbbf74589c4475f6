#include "fetch/content_type.hpp"

#include "text/ascii.hpp"

namespace pith::fetching {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool is_html_content_type(std::string_view content_type) {
  const std::string_view mime = trim(content_type.substr(0, content_type.find(';')));
  return mime.empty() || text::iequals_ascii(mime, "text/html") ||
         text::iequals_ascii(mime, "application/xhtml+xml");
}

}  // namespace pith::fetching
