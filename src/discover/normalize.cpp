// normalize_url and date_day: the forms under which discovery compares URLs
// (fetched once) and dates (--since).
#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "discover/limits.hpp"
#include "pith/discover.hpp"
#include "text/ascii.hpp"

namespace pith {
namespace {

using discover::kSessionParameters;

struct UrlDeleter {
  void operator()(CURLU* url) const noexcept { curl_url_cleanup(url); }
};

std::string get(CURLU* url, CURLUPart which, unsigned flags = 0) {
  char* value = nullptr;
  if (curl_url_get(url, which, &value, flags) != CURLUE_OK || value == nullptr) return {};
  std::string out(value);
  curl_free(value);
  return out;
}

bool is_session_parameter(std::string_view parameter) {
  const std::string_view name = parameter.substr(0, parameter.find('='));
  for (std::string_view session : kSessionParameters)
    if (text::iequals_ascii(name, session)) return true;
  return false;
}

// The query without session parameters, its parameters sorted on request.
std::string clean_query(std::string_view query, bool sort) {
  std::vector<std::string_view> kept;
  for (std::size_t start = 0; start <= query.size();) {
    std::size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view parameter = query.substr(start, end - start);
    if (!parameter.empty() && !is_session_parameter(parameter)) kept.push_back(parameter);
    start = end + 1;
  }
  if (sort) std::stable_sort(kept.begin(), kept.end());
  std::string out;
  for (std::string_view parameter : kept) {
    if (!out.empty()) out += '&';
    out += parameter;
  }
  return out;
}

// Java servers put the session in the path: /page;jsessionid=ABC.
std::string clean_path(std::string path) {
  const std::size_t semicolon = path.find(';');
  if (semicolon != std::string::npos && is_session_parameter(std::string_view(path).substr(semicolon + 1)))
    path.erase(semicolon);
  return path.empty() ? "/" : path;
}

int month_of(std::string_view name) {
  static constexpr std::array<std::string_view, 12> kMonths = {"jan", "feb", "mar", "apr", "may", "jun",
                                                               "jul", "aug", "sep", "oct", "nov", "dec"};
  for (std::size_t i = 0; i < kMonths.size(); ++i)
    if (name.size() >= 3 && text::iequals_ascii(name.substr(0, 3), kMonths[i])) return static_cast<int>(i) + 1;
  return 0;
}

bool digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string normalize_url(std::string_view url, bool sort_query) {
  const std::string text(url);
  std::unique_ptr<CURLU, UrlDeleter> handle(curl_url());
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, text.c_str(), 0) != CURLUE_OK) return {};
  std::string scheme = get(handle.get(), CURLUPART_SCHEME);
  for (char& c : scheme) c = text::ascii_lower(c);
  if (scheme != "http" && scheme != "https") return {};
  std::string host = get(handle.get(), CURLUPART_HOST);
  if (host.empty()) return {};
  for (char& c : host) c = text::ascii_lower(c);
  const std::string port = get(handle.get(), CURLUPART_PORT);
  const bool default_port = port.empty() || (scheme == "http" && port == "80") || (scheme == "https" && port == "443");
  std::string out = scheme + "://" + host + (default_port ? "" : ":" + port);
  out += clean_path(get(handle.get(), CURLUPART_PATH));
  const std::string query = clean_query(get(handle.get(), CURLUPART_QUERY), sort_query);
  if (!query.empty()) out += "?" + query;
  return out;
}

std::string date_day(std::string_view date) {
  while (!date.empty() && static_cast<unsigned char>(date.front()) <= ' ') date.remove_prefix(1);
  // W3C Datetime / ISO 8601 (sitemaps, Atom, dc:date): YYYY-MM-DD...
  if (date.size() >= 10 && digits(date.substr(0, 4)) && date[4] == '-' && digits(date.substr(5, 2)) &&
      date[7] == '-' && digits(date.substr(8, 2)))
    return std::string(date.substr(0, 10));
  // RFC 822 (RSS pubDate): [Wed, ]01 May 2024 ...
  if (const std::size_t comma = date.find(','); comma != std::string_view::npos && comma < 10)
    date.remove_prefix(comma + 1);
  std::array<std::string_view, 3> words;
  std::size_t found = 0;
  for (std::size_t i = 0; i < date.size() && found < words.size();) {
    while (i < date.size() && date[i] == ' ') ++i;
    std::size_t j = i;
    while (j < date.size() && date[j] != ' ') ++j;
    if (j > i) words[found++] = date.substr(i, j - i);
    i = j;
  }
  if (found < 3 || !digits(words[0]) || words[0].size() > 2 || !digits(words[2]) || words[2].size() != 4) return {};
  const int month = month_of(words[1]);
  if (month == 0) return {};
  char day[11];
  std::snprintf(day, sizeof day, "%.4s-%02d-%02d", words[2].data(), month, std::stoi(std::string(words[0])));
  return day;
}

}  // namespace pith
