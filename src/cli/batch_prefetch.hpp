// The batch list read ahead on a thread of its own (`pith --batch`). A chunk
// of the run then holds whatever the list had when the previous chunk ended,
// instead of waiting for a full chunk: a list written slowly (a crawler's
// queue piped in, `tail -f`) gets its records as its lines come.
#pragma once

#include <atomic>
#include <cstddef>
#include <istream>
#include <memory>
#include <vector>

#include "cli/batch_input.hpp"

namespace pith::cli {

class BatchListPrefetcher {
 public:
  // Reads `in`, which must outlive the prefetcher and anything the process
  // does after (std::cin), or is owned by it (`owned`).
  explicit BatchListPrefetcher(std::istream& in);
  explicit BatchListPrefetcher(std::unique_ptr<std::istream> owned);
  // Stops reading. A read blocked on a pipe is left to end with the process.
  ~BatchListPrefetcher();
  BatchListPrefetcher(const BatchListPrefetcher&) = delete;
  BatchListPrefetcher& operator=(const BatchListPrefetcher&) = delete;

  // Waits for at least one input (or the end of the list, or `stop`), then
  // appends to `out` the inputs read so far and those the reader delivers
  // within a short wait (kChunkGatherTime), up to `max_entries` inputs or
  // `max_bytes` of their text. False when the list has ended and everything
  // was taken, or `stop` is set, and nothing was appended.
  bool take(std::vector<BatchEntry>& out, std::size_t max_entries, std::size_t max_bytes,
            const std::atomic<bool>& stop);
  // The whole list has been read and taken.
  bool ended() const;

 private:
  struct State;
  void start();
  static void read_ahead(const std::shared_ptr<State>& state);
  std::shared_ptr<State> state_;
};

}  // namespace pith::cli
