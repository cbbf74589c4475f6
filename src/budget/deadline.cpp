#include "budget/deadline.hpp"

#include <fmt/format.h>

#include "pith/pith.hpp"

namespace pith::budget {

Deadline::Deadline(Clock::time_point start, std::chrono::milliseconds budget)
    : start_(start), budget_(budget), limited_(budget.count() > 0) {}

void Deadline::fail(const char* stage) const {
  auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_);
  throw Error(ErrorCode::over_time_budget,
              fmt::format("the page took {} ms by {}, more than the budget of {} ms", spent.count(),
                          stage, budget_.count()));
}

}  // namespace pith::budget
