// The progress line of --batch on a terminal's stderr: done, failed, rate, and
// the ETA once the whole list has been read (it is read a chunk at a time).
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>

namespace pith::cli {

class BatchProgress {
 public:
  // Silent unless `enabled` (stderr is a terminal).
  explicit BatchProgress(bool enabled);
  // `count` more inputs were read; `list_ended`: they were the last.
  void add_inputs(std::size_t count, bool list_ended);
  // Thread-safe; redraws at most a few times a second.
  void record_done(bool failed);
  // Clears the line (before final messages).
  void finish();

 private:
  void draw(std::chrono::steady_clock::time_point now);  // mutex held

  bool enabled_;
  std::size_t total_ = 0;  // inputs read so far
  bool total_known_ = false;
  std::mutex mutex_;
  std::size_t done_ = 0, failed_ = 0;
  std::chrono::steady_clock::time_point start_, last_draw_{};
};

}  // namespace pith::cli
