#include "fetch/transfer.hpp"

#include <sys/socket.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include "fetch/address_guard.hpp"
#include "encoding/decode.hpp"
#include "fetch/content_type.hpp"
#include "text/ascii.hpp"

namespace pith::fetching {

void init_curl_once() {
  // curl_global_init is not thread-safe on every libcurl build; call_once makes
  // the first caller do it. Never undone: curl_global_cleanup at exit would race
  // with threads still fetching.
  static std::once_flag once;
  std::call_once(once, [] {
    const CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
    if (rc != CURLE_OK) {
      throw FetchError(FetchErrorKind::network,
                       std::string("libcurl initialisation failed: ") + curl_easy_strerror(rc));
    }
  });
}

bool has_http_scheme(std::string_view url) {
  const auto starts = [&](std::string_view prefix) {
    return url.size() > prefix.size() && text::iequals_ascii(url.substr(0, prefix.size()), prefix);
  };
  return starts("http://") || starts("https://");
}

namespace {

template <typename T>
void set(CURL* handle, CURLoption option, T value, const std::string& url) {
  const CURLcode rc = curl_easy_setopt(handle, option, value);
  if (rc != CURLE_OK) throw FetchError(FetchErrorKind::network, url + ": " + curl_easy_strerror(rc));
}

long to_ms(double seconds) {
  if (!(seconds > 0)) return 0;  // 0: libcurl's "no timeout"
  return static_cast<long>(std::min(seconds * 1000.0, 1e9));
}

bool is_tls_error(CURLcode code) {
  switch (code) {
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_USE_SSL_FAILED:
      return true;
    default:
      return false;
  }
}

// A connection dropped by the peer: worth another try.
bool is_connection_reset(CURLcode code) {
  return code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR || code == CURLE_GOT_NOTHING;
}

}  // namespace

Transfer::Transfer(std::string url, const FetchOptions& options)
    : url_(std::move(url)), options_(options) {
  // Checked here as well as by CURLOPT_PROTOCOLS_STR so the message names the
  // actual problem instead of libcurl's "unsupported protocol".
  if (!has_http_scheme(url_)) {
    throw FetchError(FetchErrorKind::bad_url,
                     "refusing to fetch " + url_ + ": only http:// and https:// URLs are supported");
  }
  init_curl_once();
  handle_ = curl_easy_init();
  if (handle_ == nullptr) throw FetchError(FetchErrorKind::network, url_ + ": could not create a libcurl handle");
  user_agent_ = options.user_agent.empty() ? std::string("pith/") + pith::version : options.user_agent;
  headers_ = curl_slist_append(nullptr, "Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8");

  CURL* h = handle_;
  set(h, CURLOPT_ERRORBUFFER, error_buffer_, url_);
  set(h, CURLOPT_URL, url_.c_str(), url_);
  // Only web protocols, also after a redirect: a server must not be able to
  // send us to file://, ftp:// or anything else libcurl happens to support.
  set(h, CURLOPT_PROTOCOLS_STR, "http,https", url_);
  set(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https", url_);
  set(h, CURLOPT_FOLLOWLOCATION, 1L, url_);
  set(h, CURLOPT_MAXREDIRS, options.max_redirects, url_);
  set(h, CURLOPT_CONNECTTIMEOUT_MS, to_ms(options.connect_timeout_seconds), url_);
  set(h, CURLOPT_TIMEOUT_MS, to_ms(options.timeout_seconds), url_);
  // Signals cannot be used for timeouts in a multi-threaded program.
  set(h, CURLOPT_NOSIGNAL, 1L, url_);
  // "" offers every encoding this libcurl can undo (Debian 12's: gzip,
  // deflate, br, zstd); the body we get is decoded.
  set(h, CURLOPT_ACCEPT_ENCODING, "", url_);
  set(h, CURLOPT_USERAGENT, user_agent_.c_str(), url_);
  set(h, CURLOPT_HTTPHEADER, headers_, url_);
  set(h, CURLOPT_SSL_VERIFYPEER, 1L, url_);
  set(h, CURLOPT_SSL_VERIFYHOST, 2L, url_);
  // Refuses early when the server announces a Content-Length above the limit;
  // the body callback covers bodies without one and compression bombs.
  const auto max_off = static_cast<std::size_t>(std::numeric_limits<curl_off_t>::max());
  set(h, CURLOPT_MAXFILESIZE_LARGE,
      static_cast<curl_off_t>(std::min(options.max_bytes, max_off)), url_);
  set(h, CURLOPT_WRITEFUNCTION, &Transfer::on_body, url_);
  set(h, CURLOPT_WRITEDATA, static_cast<void*>(this), url_);
  set(h, CURLOPT_HEADERFUNCTION, &Transfer::on_header, url_);
  set(h, CURLOPT_HEADERDATA, static_cast<void*>(this), url_);
  if (options.block_private_addresses) {
    // Called for every connection libcurl opens, after resolution, redirects
    // included: the one place that sees the address actually connected to
    // (DNS rebinding cannot slip past it).
    set(h, CURLOPT_OPENSOCKETFUNCTION, &Transfer::on_open_socket, url_);
    set(h, CURLOPT_OPENSOCKETDATA, static_cast<void*>(this), url_);
  }
}

Transfer::~Transfer() {
  curl_easy_cleanup(handle_);
  curl_slist_free_all(headers_);
}

curl_socket_t Transfer::on_open_socket(void* self, curlsocktype purpose, curl_sockaddr* address) {
  auto* transfer = static_cast<Transfer*>(self);
  const char* range = purpose == CURLSOCKTYPE_IPCXN ? non_public_range(&address->addr, address->addrlen) : nullptr;
  if (range != nullptr) {
    try {
      transfer->blocked_address_ = address_text(&address->addr) + " (" + range + ")";
    } catch (...) {
      // An exception must not unwind through libcurl's C frames.
    }
    return CURL_SOCKET_BAD;
  }
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

std::size_t Transfer::on_header(char*, std::size_t size, std::size_t count, void* self) {
  auto* transfer = static_cast<Transfer*>(self);
  const std::size_t n = size * count;
  transfer->header_bytes_ += n;
  if (transfer->header_bytes_ > transfer->options_.max_header_bytes) {
    transfer->headers_too_large_ = true;
    return 0;
  }
  return n;
}

bool Transfer::body_allowed() {
  long status = 0;
  curl_easy_getinfo(handle_, CURLINFO_RESPONSE_CODE, &status);
  // An error page's body is not wanted; stopping here saves downloading it.
  if (status >= 400) {
    refused_status_ = true;
    return false;
  }
  if (!options_.accept_any_type) {
    char* type = nullptr;
    curl_easy_getinfo(handle_, CURLINFO_CONTENT_TYPE, &type);
    if (!is_html_content_type(type ? type : "")) {
      refused_type_ = true;
      return false;
    }
  }
  return true;
}

std::size_t Transfer::on_body(char* data, std::size_t size, std::size_t count, void* self) {
  auto* transfer = static_cast<Transfer*>(self);
  const std::size_t n = size * count;
  // Returning less than asked aborts the transfer with CURLE_WRITE_ERROR.
  if (!transfer->checked_first_body_byte_) {
    transfer->checked_first_body_byte_ = true;
    if (!transfer->body_allowed()) return 0;
  }
  // Enforced on the decoded body as it arrives, so an endless response or a
  // compression bomb is cut off instead of exhausting memory.
  if (n > transfer->options_.max_bytes - transfer->body_.size()) {
    transfer->body_too_large_ = true;
    return 0;
  }
  try {
    transfer->body_.append(data, n);
  } catch (...) {
    return 0;
  }
  return n;
}

FetchError Transfer::classify(CURLcode code) const {
  const std::string reason = url_ + ": " + (error_buffer_[0] != '\0' ? error_buffer_ : curl_easy_strerror(code));
  switch (code) {
    case CURLE_UNSUPPORTED_PROTOCOL: {
      // Also libcurl's word for a reply that is not HTTP/1.0 or later (an
      // HTTP/0.9 body, a status "2000"): the server's fault when the URL it
      // answered was http(s), a redirect's to another scheme otherwise.
      char* effective = nullptr;
      curl_easy_getinfo(handle_, CURLINFO_EFFECTIVE_URL, &effective);
      const bool http = has_http_scheme(effective ? effective : url_);
      return FetchError(http ? FetchErrorKind::network : FetchErrorKind::bad_url, reason);
    }
    case CURLE_URL_MALFORMAT:
      return FetchError(FetchErrorKind::bad_url, reason);
    // What libcurl returns for one header line over its 100 KiB limit (7.88:
    // out of memory; 8.6 and later: too large).
#if LIBCURL_VERSION_NUM >= 0x080600
    case CURLE_TOO_LARGE:
#endif
    case CURLE_OUT_OF_MEMORY:
      return FetchError(FetchErrorKind::too_large,
                        url_ + ": response header line over libcurl's limit of 100 KiB (or out of memory)");
    case CURLE_COULDNT_RESOLVE_HOST:
      return FetchError(FetchErrorKind::dns, reason);
    case CURLE_COULDNT_CONNECT:
      return FetchError(FetchErrorKind::refused, reason);
    case CURLE_OPERATION_TIMEDOUT:
      return FetchError(FetchErrorKind::timeout, reason);
    case CURLE_TOO_MANY_REDIRECTS:
      return FetchError(FetchErrorKind::redirect_loop,
                        url_ + ": redirect loop or more than " + std::to_string(options_.max_redirects) +
                            " redirects");
    case CURLE_PARTIAL_FILE:
      return FetchError(FetchErrorKind::truncated, reason);
    default:
      return FetchError(is_tls_error(code) ? FetchErrorKind::tls : FetchErrorKind::network, reason);
  }
}

AttemptOutcome Transfer::finish(CURLcode code) {
  AttemptOutcome out;
  long status = 0;
  curl_easy_getinfo(handle_, CURLINFO_RESPONSE_CODE, &status);
  char* effective = nullptr;
  curl_easy_getinfo(handle_, CURLINFO_EFFECTIVE_URL, &effective);
  std::string final_url = effective ? effective : url_;
  char* type = nullptr;
  curl_easy_getinfo(handle_, CURLINFO_CONTENT_TYPE, &type);
  std::string content_type = type ? type : "";
  curl_off_t retry_after = 0;
  if (curl_easy_getinfo(handle_, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK && retry_after > 0) {
    out.retry_after = static_cast<double>(retry_after);
  }

  if (headers_too_large_) {
    out.error.emplace(FetchErrorKind::too_large,
                      url_ + ": response headers larger than " +
                          std::to_string(options_.max_header_bytes) + " bytes",
                      status);
  } else if (!blocked_address_.empty() && code != CURLE_OK) {
    out.error.emplace(FetchErrorKind::blocked_private,
                      url_ + ": refusing to connect to " + blocked_address_ + ": not the public web");
  } else if (body_too_large_ || code == CURLE_FILESIZE_EXCEEDED) {
    out.error.emplace(FetchErrorKind::too_large,
                      url_ + ": body larger than " + std::to_string(options_.max_bytes) + " bytes", status);
  } else if (refused_status_ || (code == CURLE_OK && status >= 400)) {
    out.error.emplace(FetchErrorKind::http_status, "HTTP " + std::to_string(status) + " from " + final_url,
                      status);
    out.retryable = status == 429 || status == 503;
  } else if (refused_type_ || (code == CURLE_OK && !options_.accept_any_type &&
                               !is_html_content_type(content_type))) {
    out.error.emplace(FetchErrorKind::not_html,
                      final_url + ": not an HTML page (Content-Type: " + content_type + ")", status);
  } else if (code != CURLE_OK) {
    out.error.emplace(classify(code));
    out.retryable = is_connection_reset(code);
  } else {
    FetchResult& r = out.result.emplace();
    r.body = std::move(body_);
    r.final_url = std::move(final_url);
    r.status = status;
    r.charset = encoding::charset_from_content_type(content_type);
    r.content_type = std::move(content_type);
  }
  return out;
}

std::optional<double> retry_delay(const AttemptOutcome& outcome, int attempt, const FetchOptions& options) {
  if (!outcome.retryable || attempt > options.retries) return std::nullopt;
  if (outcome.retry_after >= 0) {
    // A server asking for more patience than we are willing to give gets none
    // of our requests meanwhile: better to report it than to ignore its wish.
    if (outcome.retry_after > options.max_retry_wait_seconds) return std::nullopt;
    return outcome.retry_after;
  }
  const double backoff = options.retry_backoff_seconds * std::ldexp(1.0, attempt - 1);
  return std::min(backoff, options.max_retry_wait_seconds);
}

}  // namespace pith::fetching
