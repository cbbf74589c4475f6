// Splits the extraction's time into Timings' stages, and checks the page's
// deadline at the end of each (a pass is linear in the page). Timing only: it
// never changes what the stages compute, and costs nothing when given neither.
#pragma once

#include <chrono>

#include "budget/deadline.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

class StageTimer {
 public:
  using Slot = std::chrono::nanoseconds Timings::*;

  explicit StageTimer(Timings* timings, const budget::Deadline* deadline = nullptr)
      : timings_(timings), deadline_(deadline), last_(timings ? Clock::now() : Clock::time_point{}) {}

  // Adds the time since the previous lap (or construction) to `slot`.
  void lap(Slot slot) {
    if (deadline_) deadline_->check("content extraction");
    if (!timings_) return;
    Clock::time_point now = Clock::now();
    timings_->*slot += now - last_;
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  Timings* timings_;
  const budget::Deadline* deadline_;
  Clock::time_point last_;
};

}  // namespace pith::extraction
