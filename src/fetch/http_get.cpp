// pith::fetch(): one URL, synchronously, with retries.
#include <chrono>
#include <thread>

#include "fetch/transfer.hpp"
#include "pith/fetch.hpp"

namespace pith {

FetchResult fetch(const std::string& url, const FetchOptions& options) {
  for (int attempt = 1;; ++attempt) {
    fetching::Transfer transfer(url, options);
    fetching::AttemptOutcome outcome = transfer.finish(curl_easy_perform(transfer.handle()));
    if (outcome.result) {
      outcome.result->attempts = attempt;
      return std::move(*outcome.result);
    }
    const std::optional<double> wait = fetching::retry_delay(outcome, attempt, options);
    if (!wait) throw std::move(*outcome.error);
    std::this_thread::sleep_for(std::chrono::duration<double>(*wait));
  }
}

}  // namespace pith
