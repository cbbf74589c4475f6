// Splits the extraction's time into Timings' stages. Timing only: it never
// changes what the stages compute, and costs nothing when no Timings is given.
#pragma once

#include <chrono>

#include "pith/pith.hpp"

namespace pith::extraction {

class StageTimer {
 public:
  using Slot = std::chrono::nanoseconds Timings::*;

  explicit StageTimer(Timings* timings)
      : timings_(timings), last_(timings ? Clock::now() : Clock::time_point{}) {}

  // Adds the time since the previous lap (or construction) to `slot`.
  void lap(Slot slot) {
    if (!timings_) return;
    Clock::time_point now = Clock::now();
    timings_->*slot += now - last_;
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  Timings* timings_;
  Clock::time_point last_;
};

}  // namespace pith::extraction
