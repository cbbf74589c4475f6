// The parts of a URL a crawler schedules by: its origin (for per-host limits
// and robots.txt) and its path (for robots.txt rules).
#pragma once

#include <optional>
#include <string>

namespace pith::fetching {

struct UrlParts {
  std::string origin;          // "https://example.org:443", scheme and host lower case, port explicit
  std::string host;            // "example.org", lower case
  std::string path_and_query;  // "/a/b?x=1", "/" at least
};

// Parsed with libcurl's URL parser (the one that will fetch it); nullopt when
// it cannot parse the URL or it is not http(s).
std::optional<UrlParts> split_url(const std::string& url);

}  // namespace pith::fetching
