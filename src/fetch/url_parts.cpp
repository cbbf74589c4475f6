#include "fetch/url_parts.hpp"

#include <curl/curl.h>

#include <memory>

#include "text/ascii.hpp"

namespace pith::fetching {
namespace {

struct UrlDeleter {
  void operator()(CURLU* url) const noexcept { curl_url_cleanup(url); }
};

std::optional<std::string> part(CURLU* url, CURLUPart which, unsigned flags = 0) {
  char* value = nullptr;
  if (curl_url_get(url, which, &value, flags) != CURLUE_OK || value == nullptr) return std::nullopt;
  std::string out(value);
  curl_free(value);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = text::ascii_lower(c);
  return s;
}

}  // namespace

std::optional<UrlParts> split_url(const std::string& url) {
  std::unique_ptr<CURLU, UrlDeleter> handle(curl_url());
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) return std::nullopt;
  auto scheme = part(handle.get(), CURLUPART_SCHEME);
  auto host = part(handle.get(), CURLUPART_HOST);
  auto port = part(handle.get(), CURLUPART_PORT, CURLU_DEFAULT_PORT);
  if (!scheme || !host || !port) return std::nullopt;
  *scheme = lower(*scheme);
  if (*scheme != "http" && *scheme != "https") return std::nullopt;
  UrlParts parts;
  parts.host = lower(*host);
  parts.origin = *scheme + "://" + parts.host + ":" + *port;
  parts.path_and_query = part(handle.get(), CURLUPART_PATH).value_or("/");
  if (parts.path_and_query.empty()) parts.path_and_query.push_back('/');  // not = "/": GCC 12 -Wrestrict false positive
  if (auto query = part(handle.get(), CURLUPART_QUERY)) parts.path_and_query += "?" + *query;
  return parts;
}

}  // namespace pith::fetching
