// SPDX-License-Identifier: Apache-2.0
// Fetching pages over HTTP(S) with libcurl: one URL (fetch), or many at once
// for a crawler (Fetcher), with retries, size caps, robots.txt and a guard
// against being steered into private networks.
//
// Thread-safe: fetch() may run on many threads at once, one Fetcher per
// thread. libcurl runs with CURLOPT_NOSIGNAL, so a TLS peer that hangs up can
// raise SIGPIPE: programs that fetch should ignore SIGPIPE (the pith CLI does).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pith/pith.hpp"

namespace pith {

// Why a fetch failed. Each kind has its own CLI exit code (docs/cli.md, "Exit codes")
// and a stable name in JSON Lines records (fetch_error_name).
enum class FetchErrorKind {
  network,          // anything below: connection reset, empty reply, protocol error...
  bad_url,          // not an http:// or https:// URL, or malformed
  dns,              // the host name did not resolve
  refused,          // the connection was refused or could not be made
  timeout,          // connect or total timeout
  tls,              // certificate or handshake failure
  http_status,      // the final response had status >= 400
  too_large,        // body (or response headers) over the cap
  redirect_loop,    // more redirects than FetchOptions::max_redirects
  truncated,        // the connection closed before the announced body was complete
  not_html,         // Content-Type is not HTML (PDF, image, JSON...)
  blocked_robots,   // robots.txt disallows the URL for our user agent
  blocked_private,  // the host resolved to an address that is not the public web
};

// "dns", "http_status", ... as used in JSON records.
std::string_view fetch_error_name(FetchErrorKind kind) noexcept;

// A pith::Error (code fetch_failed) that also says which kind of failure it was.
class FetchError : public Error {
 public:
  FetchError(FetchErrorKind kind, const std::string& message, long status = 0)
      : Error(ErrorCode::fetch_failed, message), kind_(kind), status_(status) {}
  FetchErrorKind kind() const noexcept { return kind_; }
  long status() const noexcept { return status_; }  // HTTP status when there was a response

 private:
  FetchErrorKind kind_;
  long status_;
};

// The longest timeout the CLI and the Python FetchOptions accept: a day.
// Longer ones are typing mistakes (1e10), and would overflow the
// milliseconds libcurl takes; NaN and infinities are refused too.
inline constexpr double kLongestFetchTimeoutSeconds = 86400;

struct FetchOptions {
  double connect_timeout_seconds = 10;  // both timeouts: finite, in (0, kLongestFetchTimeoutSeconds]
  double timeout_seconds = 30;         // for the whole transfer, redirects included
  long max_redirects = 10;
  std::size_t max_bytes = 20u << 20;   // body cap, enforced while downloading (after decompression)
  std::size_t max_header_bytes = 64u << 10;  // all response headers of one transfer together
  std::string user_agent;              // empty: "pith/<version>"
  bool accept_any_type = false;        // false: refuse responses whose Content-Type is not HTML
  // Refuse to connect to addresses that are not the public web: loopback,
  // private, link-local, multicast, documentation and every other IANA
  // special-purpose range that is not globally reachable, in IPv4 and IPv6,
  // IPv4 embedded in IPv6 included (docs/limits.md, "Private addresses").
  // Checked on the resolved address of every connection, redirects included.
  bool block_private_addresses = false;
  // Retries after 429, 503 and connection resets. The wait is Retry-After when
  // the server sends one, else retry_backoff_seconds doubled per attempt. A
  // Retry-After above max_retry_wait_seconds is not waited for: the error is
  // returned at once.
  int retries = 2;
  double retry_backoff_seconds = 1;
  double max_retry_wait_seconds = 30;
};

struct FetchResult {
  std::string body;          // raw bytes, after content-encoding is undone
  std::string final_url;     // after redirects
  long status = 0;           // HTTP status code
  std::string content_type;  // Content-Type header value, "" when absent
  std::string charset;       // the charset parameter of content_type, "" when none
  int attempts = 1;          // 1 + retries made
};

// GETs an http:// or https:// URL, following redirects and retrying as
// FetchOptions says. Throws FetchError. (robots.txt is not consulted: that is
// a crawler's job, see Fetcher.)
FetchResult fetch(const std::string& url, const FetchOptions& options = {});

// One URL's outcome in a Fetcher run: a result or an error.
struct FetchOutcome {
  std::string url;
  std::optional<FetchResult> result;
  std::optional<FetchError> error;
};

struct CrawlOptions {
  FetchOptions fetch;              // per request
  int max_connections = 8;         // transfers in flight at once
  // The two limits below are per site: the hosts of one registrable domain
  // (Public Suffix List), so a.example.co.uk and b.example.co.uk share them;
  // an IP address is a site of its own.
  int max_per_host = 2;            // transfers in flight to one site at once
  double min_host_delay_seconds = 0.5;  // between the starts of two requests to one site
  bool respect_robots = true;      // fetch /robots.txt once per host and obey it
};

// Fetches many URLs concurrently on one thread with curl multi: a per-site
// connection limit, a minimum delay between requests to one site, robots.txt
// fetched once per host and cached, retries scheduled without blocking others.
class Fetcher {
 public:
  explicit Fetcher(CrawlOptions options);
  ~Fetcher();
  Fetcher(const Fetcher&) = delete;
  Fetcher& operator=(const Fetcher&) = delete;

  struct Hooks {
    // Called on the fetching thread as each URL finishes, in completion order,
    // with its index in `urls`. Should hand the work on and return quickly.
    std::function<void(std::size_t index, FetchOutcome outcome)> on_done;
    // Asked before a new URL is started; false holds new starts back (e.g. the
    // consumer is behind). Optional.
    std::function<bool()> may_start;
    // Set from anywhere (a signal handler, another thread) to stop early:
    // transfers in flight are abandoned and their URLs are not reported. Optional.
    const std::atomic<bool>* stop = nullptr;
  };

  // Fetches every URL; returns when all were reported or `stop` was set.
  void run(const std::vector<std::string>& urls, const Hooks& hooks);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pith
