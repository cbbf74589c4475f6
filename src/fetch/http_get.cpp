#include <curl/curl.h>

#include <cstddef>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "pith/fetch.hpp"

namespace pith {
namespace {

// curl_global_init is not guaranteed thread-safe on every libcurl build, and
// fetch() may be called from many threads at once; call_once makes the first
// caller do it and the others wait. It is never undone (curl_global_cleanup at
// exit would race with threads still fetching).
void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    const CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
    if (rc != CURLE_OK) {
      throw Error(ErrorCode::fetch_failed,
                  std::string("libcurl initialisation failed: ") + curl_easy_strerror(rc));
    }
  });
}

struct EasyDeleter {
  void operator()(CURL* handle) const noexcept { curl_easy_cleanup(handle); }
};
struct SlistDeleter {
  void operator()(curl_slist* list) const noexcept { curl_slist_free_all(list); }
};

struct Sink {
  std::string* body;
  std::size_t max_bytes;
  bool too_large = false;
};

// Enforces max_bytes on the decoded body as it arrives, so a huge or endless
// response (or a compression bomb, which CURLOPT_MAXFILESIZE cannot see) is cut
// off instead of exhausting memory. Returning less than asked aborts the
// transfer with CURLE_WRITE_ERROR.
std::size_t write_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto* sink = static_cast<Sink*>(user);
  const std::size_t n = size * count;
  if (n > sink->max_bytes - sink->body->size()) {
    sink->too_large = true;
    return 0;
  }
  try {
    sink->body->append(data, n);
  } catch (...) {
    // An exception must not unwind through libcurl's C frames.
    return 0;
  }
  return n;
}

bool has_http_scheme(std::string_view url) {
  const auto starts_with_nocase = [&](std::string_view prefix) {
    if (url.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      char c = url[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != prefix[i]) return false;
    }
    return true;
  };
  return starts_with_nocase("http://") || starts_with_nocase("https://");
}

void set(CURL* handle, CURLoption option, auto value, const std::string& url) {
  const CURLcode rc = curl_easy_setopt(handle, option, value);
  if (rc != CURLE_OK) {
    throw Error(ErrorCode::fetch_failed, url + ": " + curl_easy_strerror(rc));
  }
}

}  // namespace

FetchResult fetch(const std::string& url, const FetchOptions& options) {
  // Checked here as well as by CURLOPT_PROTOCOLS_STR so the message names the
  // actual problem instead of libcurl's "unsupported protocol".
  if (!has_http_scheme(url)) {
    throw Error(ErrorCode::fetch_failed, "refusing to fetch " + url + ": only http:// and https:// URLs are supported");
  }
  init_curl_once();

  std::unique_ptr<CURL, EasyDeleter> handle(curl_easy_init());
  if (!handle) throw Error(ErrorCode::fetch_failed, url + ": could not create a libcurl handle");
  CURL* h = handle.get();

  FetchResult result;
  Sink sink{&result.body, options.max_bytes};
  char error_buffer[CURL_ERROR_SIZE] = {};
  const std::string user_agent =
      options.user_agent.empty() ? std::string("pith/") + pith::version : options.user_agent;

  std::unique_ptr<curl_slist, SlistDeleter> headers(
      curl_slist_append(nullptr, "Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"));

  set(h, CURLOPT_ERRORBUFFER, error_buffer, url);
  set(h, CURLOPT_URL, url.c_str(), url);
  // Only web protocols, also after a redirect: a server must not be able to
  // send us to file://, ftp:// or anything else libcurl happens to support.
  set(h, CURLOPT_PROTOCOLS_STR, "http,https", url);
  set(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https", url);
  set(h, CURLOPT_FOLLOWLOCATION, 1L, url);
  set(h, CURLOPT_MAXREDIRS, options.max_redirects, url);
  set(h, CURLOPT_CONNECTTIMEOUT, options.connect_timeout_seconds, url);
  set(h, CURLOPT_TIMEOUT, options.timeout_seconds, url);
  // Signals cannot be used for timeouts in a multi-threaded program.
  set(h, CURLOPT_NOSIGNAL, 1L, url);
  // "" offers every encoding this libcurl can undo; the body we get is decoded.
  set(h, CURLOPT_ACCEPT_ENCODING, "", url);
  set(h, CURLOPT_USERAGENT, user_agent.c_str(), url);
  set(h, CURLOPT_HTTPHEADER, headers.get(), url);
  set(h, CURLOPT_SSL_VERIFYPEER, 1L, url);
  set(h, CURLOPT_SSL_VERIFYHOST, 2L, url);
  // Refuses early when the server announces a Content-Length above the limit;
  // the write callback covers bodies without one.
  const auto max_off = static_cast<std::size_t>(std::numeric_limits<curl_off_t>::max());
  set(h, CURLOPT_MAXFILESIZE_LARGE,
      static_cast<curl_off_t>(options.max_bytes < max_off ? options.max_bytes : max_off), url);
  set(h, CURLOPT_WRITEFUNCTION, write_body, url);
  set(h, CURLOPT_WRITEDATA, &sink, url);

  const CURLcode rc = curl_easy_perform(h);
  if (sink.too_large || rc == CURLE_FILESIZE_EXCEEDED) {
    throw Error(ErrorCode::fetch_failed,
                url + ": body larger than " + std::to_string(options.max_bytes) + " bytes");
  }
  if (rc != CURLE_OK) {
    const std::string reason = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(rc);
    throw Error(ErrorCode::fetch_failed, url + ": " + reason);
  }

  char* effective = nullptr;
  if (curl_easy_getinfo(h, CURLINFO_EFFECTIVE_URL, &effective) == CURLE_OK && effective) {
    result.final_url = effective;
  } else {
    result.final_url = url;
  }
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &result.status);
  char* content_type = nullptr;
  if (curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK && content_type) {
    result.content_type = content_type;
  }
  if (result.status >= 400) {
    throw Error(ErrorCode::fetch_failed,
                "HTTP " + std::to_string(result.status) + " from " + result.final_url);
  }
  return result;
}

}  // namespace pith
