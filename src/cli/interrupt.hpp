// SIGINT for the multi-page runs (--batch, --sitemap, --feed, --crawl): the
// first ^C stops fetching and extracting, what is done is written, and the
// run exits 130; a second ^C kills the usual way.
#pragma once

#include <atomic>

namespace pith::cli {

// g_interrupted: SIGINT came. g_stop: stop fetching and extracting (SIGINT,
// or stdout is gone). Lock-free atomics are safe to store from a signal handler.
inline std::atomic<bool> g_interrupted{false};
inline std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Installs the SIGINT handler for the run, and resets the flags; SA_RESETHAND
// makes a second ^C kill the process, should flushing ever hang. Ignores
// SIGPIPE: libcurl with CURLOPT_NOSIGNAL (needed with threads) can raise it on
// a TLS connection the server closed, and a closed stdout is noticed by the writer.
class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct Saved;
  Saved* saved_;
};

}  // namespace pith::cli
