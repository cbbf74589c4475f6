#include "cli/batch_prefetch.hpp"

#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace pith::cli {

// How far the reader runs ahead of the run: two chunks' worth (batch_command.cpp),
// so that memory stays bounded on a list of any length.
constexpr std::size_t kReadAheadInputs = 2048;
constexpr std::size_t kReadAheadBytes = 8u << 20;
// How long a chunk waits for the reader to deliver more inputs (see take).
constexpr std::chrono::milliseconds kChunkGatherTime{200};

// Shared with the reading thread, which may outlive the prefetcher while
// blocked on a pipe.
struct BatchListPrefetcher::State {
  std::unique_ptr<std::istream> owned;
  std::istream* in = nullptr;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<BatchEntry> ready;
  std::size_t ready_bytes = 0;
  bool list_ended = false;  // the reader has read the whole list
  bool abandoned = false;   // the prefetcher is gone: stop reading
  std::thread thread;
};

// The reading thread: one input at a time, so that each is handed over as
// soon as its line is complete.
void BatchListPrefetcher::read_ahead(const std::shared_ptr<State>& state) {
  BatchListReader list(*state->in);
  std::vector<BatchEntry> one;
  for (;;) {
    one.clear();
    const bool read = list.read(one, 1, kMaxBatchLineBytes);
    std::unique_lock lock(state->mutex);
    state->changed.wait(lock, [&] {
      return state->abandoned ||
             (state->ready.size() < kReadAheadInputs && state->ready_bytes < kReadAheadBytes);
    });
    if (state->abandoned) return;
    for (BatchEntry& entry : one) {
      state->ready_bytes += entry.origin.input.size();
      state->ready.push_back(std::move(entry));
    }
    if (!read || list.ended()) state->list_ended = true;
    state->changed.notify_all();
    if (state->list_ended) return;
  }
}

BatchListPrefetcher::BatchListPrefetcher(std::istream& in) : state_(std::make_shared<State>()) {
  state_->in = &in;
  start();
}

BatchListPrefetcher::BatchListPrefetcher(std::unique_ptr<std::istream> owned)
    : state_(std::make_shared<State>()) {
  state_->owned = std::move(owned);
  state_->in = state_->owned.get();
  start();
}

void BatchListPrefetcher::start() {
  // SIGINT goes to the thread running the batch, whose handler stops it;
  // the reader would otherwise take it as the end of the list.
  sigset_t interrupt, previous;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, &previous);
  state_->thread = std::thread(read_ahead, state_);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
}

BatchListPrefetcher::~BatchListPrefetcher() {
  bool finished;
  {
    std::lock_guard lock(state_->mutex);
    state_->abandoned = true;
    finished = state_->list_ended;
  }
  state_->changed.notify_all();
  if (finished) state_->thread.join();
  else state_->thread.detach();  // it holds `state_`; it ends at its next line or with the process
}

bool BatchListPrefetcher::take(std::vector<BatchEntry>& out, std::size_t max_entries, std::size_t max_bytes,
                               const std::atomic<bool>& stop) {
  std::unique_lock lock(state_->mutex);
  // Woken by the reader; the timeout lets a stop (SIGINT) be seen.
  while (state_->ready.empty() && !state_->list_ended && !stop.load())
    state_->changed.wait_for(lock, std::chrono::milliseconds(50));
  if (state_->ready.empty()) return false;
  // While the reader is still delivering, the chunk waits up to
  // kChunkGatherTime for more: a file is read a line at a time, and a chunk
  // of its first line or two alone would let one slow input among them hold
  // back every later one until it ends (a sanitizer build's reader is slow
  // enough for that). A list still being written waits no longer than that.
  const auto gather_until = std::chrono::steady_clock::now() + kChunkGatherTime;
  std::size_t bytes = 0;
  while (out.size() < max_entries && bytes < max_bytes) {
    if (state_->ready.empty()) {
      state_->changed.notify_all();  // room for the reader
      const bool more = state_->changed.wait_until(lock, gather_until, [&] {
        return !state_->ready.empty() || state_->list_ended || stop.load();
      });
      if (!more || state_->ready.empty()) break;
    }
    BatchEntry& entry = state_->ready.front();
    bytes += entry.origin.input.size();
    state_->ready_bytes -= entry.origin.input.size();
    out.push_back(std::move(entry));
    state_->ready.pop_front();
  }
  state_->changed.notify_all();
  return true;
}

bool BatchListPrefetcher::ended() const {
  std::lock_guard lock(state_->mutex);
  return state_->list_ended && state_->ready.empty();
}

}  // namespace pith::cli
