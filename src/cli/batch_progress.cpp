#include "cli/batch_progress.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace pith::cli {

BatchProgress::BatchProgress(bool enabled) : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void BatchProgress::add_inputs(std::size_t count, bool list_ended) {
  std::lock_guard lock(mutex_);
  total_ += count;
  total_known_ = list_ended;
}

void BatchProgress::record_done(bool failed) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  ++done_;
  if (failed) ++failed_;
  const auto now = std::chrono::steady_clock::now();
  if ((total_known_ && done_ == total_) || now - last_draw_ >= std::chrono::milliseconds(200)) draw(now);
}

void BatchProgress::draw(std::chrono::steady_clock::time_point now) {
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done_) / seconds : 0;
  // \r and clear-to-end-of-line: one line rewritten in place.
  std::string line;
  if (total_known_) {
    const long eta = rate > 0 ? static_cast<long>(static_cast<double>(total_ - done_) / rate) : 0;
    line = fmt::format("\r\x1b[Kpith: {}/{} done, {} failed, {:.1f}/s, ETA {}:{:02}", done_, total_, failed_, rate,
                       eta / 60, eta % 60);
  } else {
    line = fmt::format("\r\x1b[Kpith: {} done ({} read), {} failed, {:.1f}/s", done_, total_, failed_, rate);
  }
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
