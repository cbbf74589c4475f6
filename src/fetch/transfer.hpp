// One HTTP GET attempt on a libcurl easy handle: configured from
// FetchOptions, run by curl_easy_perform (fetch) or a multi handle (Fetcher),
// then turned into a FetchResult or a typed FetchError.
#pragma once

#include <curl/curl.h>

#include <memory>
#include <optional>
#include <string>

#include "pith/fetch.hpp"

namespace pith::fetching {

// curl_global_init, once per process, thread-safe.
void init_curl_once();

// "http://" or "https://" (any case) followed by something.
bool has_http_scheme(std::string_view url);

// What one attempt came to.
struct AttemptOutcome {
  std::optional<FetchResult> result;
  std::optional<FetchError> error;
  bool retryable = false;     // 429, 503 or a connection reset
  double retry_after = -1;    // the server's Retry-After in seconds, -1 when none
};

class Transfer {
 public:
  // Throws FetchError(bad_url) for a URL that is not http(s).
  Transfer(std::string url, const FetchOptions& options);
  ~Transfer();
  Transfer(const Transfer&) = delete;
  Transfer& operator=(const Transfer&) = delete;

  CURL* handle() const noexcept { return handle_; }
  const std::string& url() const noexcept { return url_; }

  // Call once, with the code curl_easy_perform or the multi handle reported.
  AttemptOutcome finish(CURLcode code);

 private:
  static std::size_t on_body(char* data, std::size_t size, std::size_t count, void* self);
  static std::size_t on_header(char* data, std::size_t size, std::size_t count, void* self);
  static curl_socket_t on_open_socket(void* self, curlsocktype purpose, curl_sockaddr* address);
  bool body_allowed();  // checks status and type before the first body byte is kept
  FetchError classify(CURLcode code) const;

  std::string url_;
  const FetchOptions& options_;
  std::string user_agent_;
  CURL* handle_ = nullptr;
  curl_slist* headers_ = nullptr;
  char error_buffer_[CURL_ERROR_SIZE] = {};
  std::string body_;
  std::size_t header_bytes_ = 0;
  bool checked_first_body_byte_ = false;
  // Why the transfer was cut short by one of our callbacks, if it was.
  bool body_too_large_ = false;
  bool headers_too_large_ = false;
  bool refused_status_ = false;
  bool refused_type_ = false;
  std::string blocked_address_;  // set when the guard refused a connection
};

// The seconds to wait before retry number `attempt` (1-based), or nullopt to
// give up: not retryable, retries used up, or a Retry-After above the cap.
std::optional<double> retry_delay(const AttemptOutcome& outcome, int attempt,
                                  const FetchOptions& options);

}  // namespace pith::fetching
