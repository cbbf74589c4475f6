// Options::time_budget, enforced inside the long stages (the pre-parse
// filter, the markup guard, the DOM build, the extraction passes) and not
// only between them. Every stage is linear in the page, but on a large page
// one stage can take seconds; a stage calls tick() once per unit of work (a
// tag, a node) and tick() reads the clock once every kTicksPerCheck calls.
// Gumbo's parse, C code that an exception must not unwind, is left from its
// allocator (dom/build.cpp).
#pragma once

#include <chrono>
#include <cstdint>

namespace pith::budget {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  // No deadline: check() and tick() never throw.
  Deadline() = default;
  // The page started at `start` and may take `budget` (zero or less: no limit).
  Deadline(Clock::time_point start, std::chrono::milliseconds budget);

  // Throws pith::Error(over_time_budget) naming `stage` once the budget is spent.
  void check(const char* stage) const {
    if (passed()) fail(stage);
  }
  // Has the budget been spent? (For a caller that must not throw where it is.)
  bool passed() const { return limited_ && Clock::now() - start_ > budget_; }
  // Throws pith::Error(over_time_budget) naming `stage`.
  [[noreturn]] void fail(const char* stage) const;

  // check(), once every kTicksPerCheck calls: cheap enough to call per tag or node.
  void tick(const char* stage) {
    if (++ticks_ % kTicksPerCheck == 0) check(stage);
  }

  bool limited() const { return limited_; }

 private:
  // A clock read costs ~20 ns; a unit of work (a tag, a node) ~50 ns or more,
  // so 4,096 units are a fraction of a millisecond: far inside the 50 ms the
  // budget allows for.
  static constexpr std::uint32_t kTicksPerCheck = 4096;

  Clock::time_point start_{};
  std::chrono::milliseconds budget_{0};
  bool limited_ = false;
  std::uint32_t ticks_ = 0;
};

}  // namespace pith::budget
