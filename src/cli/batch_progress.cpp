#include "cli/batch_progress.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace pith::cli {

BatchProgress::BatchProgress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void BatchProgress::record_done(bool failed) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  ++done_;
  if (failed) ++failed_;
  const auto now = std::chrono::steady_clock::now();
  if (done_ == total_ || now - last_draw_ >= std::chrono::milliseconds(200)) draw(now);
}

void BatchProgress::draw(std::chrono::steady_clock::time_point now) {
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done_) / seconds : 0;
  const long eta = rate > 0 ? static_cast<long>(static_cast<double>(total_ - done_) / rate) : 0;
  // \r and clear-to-end-of-line: one line rewritten in place.
  std::string line = fmt::format("\r\x1b[Kpith: {}/{} done, {} failed, {:.1f}/s, ETA {}:{:02}", done_, total_,
                                 failed_, rate, eta / 60, eta % 60);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

void BatchProgress::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
}

}  // namespace pith::cli
