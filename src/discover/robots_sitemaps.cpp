// The Sitemap: lines of robots.txt (RFC 9309 §2.2.4: outside any group,
// absolute URLs, the field name case-insensitive).
#include <algorithm>
#include <string>
#include <vector>

#include "pith/discover.hpp"
#include "text/ascii.hpp"

namespace pith {

std::vector<std::string> robots_sitemaps(std::string_view body) {
  constexpr std::string_view kField = "sitemap:";
  std::vector<std::string> sitemaps;
  for (std::size_t start = 0; start < body.size();) {
    std::size_t end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(start, end - start);
    start = end + 1;
    line = line.substr(0, line.find('#'));
    while (!line.empty() && static_cast<unsigned char>(line.front()) <= ' ') line.remove_prefix(1);
    if (line.size() <= kField.size() || !text::iequals_ascii(line.substr(0, kField.size()), kField)) continue;
    std::string_view value = line.substr(kField.size());
    while (!value.empty() && static_cast<unsigned char>(value.front()) <= ' ') value.remove_prefix(1);
    while (!value.empty() && static_cast<unsigned char>(value.back()) <= ' ') value.remove_suffix(1);
    std::string url = normalize_url(value);
    if (!url.empty() && std::find(sitemaps.begin(), sitemaps.end(), url) == sitemaps.end())
      sitemaps.push_back(std::move(url));
  }
  return sitemaps;
}

}  // namespace pith
