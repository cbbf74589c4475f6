// The progress line of --batch on a terminal's stderr: done, failed, rate, ETA.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>

namespace pith::cli {

class BatchProgress {
 public:
  // Silent unless `enabled` (stderr is a terminal).
  BatchProgress(std::size_t total, bool enabled);
  // Thread-safe; redraws at most a few times a second.
  void record_done(bool failed);
  // Clears the line (before final messages).
  void finish();

 private:
  void draw(std::chrono::steady_clock::time_point now);  // mutex held

  std::size_t total_;
  bool enabled_;
  std::mutex mutex_;
  std::size_t done_ = 0, failed_ = 0;
  std::chrono::steady_clock::time_point start_, last_draw_{};
};

}  // namespace pith::cli
