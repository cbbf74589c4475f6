// A fixed set of threads running queued tasks: extraction off the network
// loop's thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace pith::cli {

class WorkerPool {
 public:
  explicit WorkerPool(unsigned threads);
  ~WorkerPool();  // runs what is queued, then joins
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Tasks must not throw.
  void submit(std::function<void()> task);
  // Queued plus running: for holding back producers that run ahead.
  std::size_t backlog() const;
  unsigned threads() const { return static_cast<unsigned>(threads_.size()); }
  // Drops the tasks not yet started (an interrupted run).
  void discard_queued();
  // Waits until nothing is queued or running.
  void wait_idle();
  // The same, giving up after `timeout`: true when idle.
  bool wait_idle_for(std::chrono::milliseconds timeout);

 private:
  void work();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> queue_;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace pith::cli
