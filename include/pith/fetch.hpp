// Fetching one page over HTTP(S) with libcurl.
#pragma once

#include <cstddef>
#include <string>

#include "pith/pith.hpp"

namespace pith {

struct FetchOptions {
  long connect_timeout_seconds = 10;
  long timeout_seconds = 30;
  long max_redirects = 10;
  std::size_t max_bytes = 64u << 20;  // larger bodies are refused while downloading
  std::string user_agent;             // empty: "pith/<version>"
};

struct FetchResult {
  std::string body;          // raw bytes, after content-encoding is undone
  std::string final_url;     // after redirects
  long status = 0;           // HTTP status code
  std::string content_type;  // Content-Type header value, "" when absent
};

// GETs an http:// or https:// URL, following redirects. Throws pith::Error with
// ErrorCode::fetch_failed on any failure: bad scheme, DNS, connection, timeout,
// TLS, HTTP status >= 400, body larger than max_bytes.
FetchResult fetch(const std::string& url, const FetchOptions& options = {});

}  // namespace pith
