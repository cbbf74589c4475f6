// `pith --batch FILE|-`: one input per line (URL or file path), one JSON
// record per input out, in input order (docs/cli.md, "Batch mode"). URLs go to a
// pith::Fetcher on this thread; extraction runs on a WorkerPool so parsing
// never stalls the network loop.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <istream>
#include <string>
#include <thread>
#include <vector>

#include "cli/batch_input.hpp"
#include "cli/batch_prefetch.hpp"
#include "cli/batch_progress.hpp"
#include "cli/commands.hpp"
#include "cli/deduplicate.hpp"
#include "cli/jsonl_writer.hpp"
#include "cli/worker_pool.hpp"
#include "pith/fetch.hpp"
#include "pith/pith.hpp"

namespace pith::cli {
namespace {

// g_interrupted: SIGINT came. g_stop: stop fetching and extracting (SIGINT,
// or stdout is gone). Lock-free atomics are safe to store from a signal handler.
std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  g_stop.store(true);
}

// Installs the SIGINT handler for the run; SA_RESETHAND makes a second ^C
// kill the process the usual way, should flushing ever hang. Ignores SIGPIPE:
// libcurl with CURLOPT_NOSIGNAL (needed with threads) can raise it on a TLS
// connection the server closed, and a closed stdout is noticed by the writer.
class SignalGuard {
 public:
  SignalGuard() {
    g_interrupted = false;
    g_stop = false;
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_int_);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &previous_pipe_);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGPIPE, &previous_pipe_, nullptr);
  }

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_pipe_ {};
};

}  // namespace

// The list is read and run a chunk at a time: memory stays bounded on a list
// of any length (a pipe that never ends), and records come out while the
// list is still being written. A chunk holds the inputs read while the one
// before ran (batch_prefetch.hpp), at most this many inputs or this many
// bytes of lines, whichever comes first; large enough that a chunk keeps
// every connection busy, small enough that a chunk's records, held back by
// a slow first input so as to keep the order, stay in memory comfortably.
constexpr std::size_t kChunkInputs = 1024;
constexpr std::size_t kChunkBytes = 4u << 20;

int run_batch(const BatchRun& run) {
  std::unique_ptr<std::ifstream> file;
  if (run.input != "-") {
    std::error_code ec;
    if (std::filesystem::is_directory(run.input, ec)) {
      std::cerr << "pith: cannot read " << run.input << ": it is a directory, not a list of inputs\n";
      return kInputError;
    }
    file = std::make_unique<std::ifstream>(run.input, std::ios::binary);
    if (!*file) {
      std::cerr << "pith: cannot read " << run.input << ": " << std::strerror(errno) << "\n";
      return kInputError;
    }
  }

  SignalGuard signal_guard;  // before the list's reader starts: it must not take SIGINT
  BatchListPrefetcher list = file ? BatchListPrefetcher(std::move(file)) : BatchListPrefetcher(std::cin);
  OrderedJsonlWriter writer(stdout);
  BatchProgress progress(::isatty(STDERR_FILENO) == 1);
  const auto emit = [&](std::size_t sequence, const nlohmann::ordered_json& record, bool failed) {
    writer.put(sequence, record);
    if (writer.write_failed()) g_stop = true;  // nobody reads the output any more
    progress.record_done(failed);
  };

  // --deduplicate: records are finished by the writer, in input order; the
  // writer's lock serialises the deduplicator.
  Deduplicator deduplicator;

  bool fetcher_failed = false;
  std::size_t inputs = 0;  // read so far; the sequence number of the chunk's first input
  {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    WorkerPool pool(std::min<unsigned>(cores, static_cast<unsigned>(std::max(1, run.crawl.max_connections))));
    std::optional<Fetcher> fetcher;  // made at the first URL: a list of files needs no libcurl
    std::vector<BatchEntry> entries;  // the chunk
    std::size_t first = 0;            // sequence number of entries[0]

    // Reads and extracts one page on a worker; every outcome becomes a record.
    const auto extract_later = [&](std::size_t index, std::optional<FetchResult> fetched) {
      pool.submit([&, index, fetched = std::move(fetched)]() mutable {
        RecordOrigin origin = entries[index].origin;
        const std::size_t sequence = first + index;
        try {
          std::string bytes;
          Options options = run.options;
          if (fetched) {
            origin.final_url = fetched->final_url;
            origin.status = fetched->status;
            options.url = fetched->final_url;
            options.content_type = fetched->content_type;
            bytes = std::move(fetched->body);
          } else {
            bytes = read_input_file(origin.input, options.max_input_bytes);
          }
          Document doc = extract(bytes, options);
          if (run.deduplicate) {
            writer.put_deferred(sequence, [&deduplicator, &run, origin, doc = std::move(doc)]() mutable {
              Deduplicator::Verdict verdict = deduplicator.apply(origin.input, doc);
              nlohmann::ordered_json record = document_record(origin, doc, run.content);
              record["duplicate_of"] = verdict.duplicate_of ? nlohmann::ordered_json(*verdict.duplicate_of) : nullptr;
              record["duplicate_paragraphs_dropped"] = verdict.dropped_paragraphs;
              return record;
            });
            if (writer.write_failed()) g_stop = true;
            progress.record_done(false);
          } else {
            emit(sequence, document_record(origin, doc, run.content), false);
          }
        } catch (const Error& e) {
          emit(sequence, error_record(origin, error_code_name(e.code()), e.what()), true);
        } catch (const std::exception& e) {
          emit(sequence, error_record(origin, kInternalErrorCode, e.what()), true);
        }
      });
    };

    while (!g_stop.load() && !fetcher_failed) {
      entries.clear();
      if (!list.take(entries, kChunkInputs, kChunkBytes, g_stop)) {
        progress.add_inputs(0, /*list_ended=*/list.ended());
        break;
      }
      first = inputs;
      inputs += entries.size();
      progress.add_inputs(entries.size(), list.ended());

      std::vector<std::string> urls;
      std::vector<std::size_t> url_entry;  // urls[i] belongs to entries[url_entry[i]]
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].problem) {
          emit(first + i, error_record(entries[i].origin, kBadLineCode, entries[i].problem->message), true);
        } else if (entries[i].is_url) {
          url_entry.push_back(i);
          urls.push_back(entries[i].origin.input);
        } else {
          extract_later(i, std::nullopt);
        }
      }

      if (!urls.empty()) {
        Fetcher::Hooks hooks;
        hooks.stop = &g_stop;
        // Bodies wait in the pool's queue; a bounded backlog bounds their memory.
        hooks.may_start = [&] { return pool.backlog() < 4 * static_cast<std::size_t>(pool.threads()); };
        hooks.on_done = [&](std::size_t index, FetchOutcome outcome) {
          const std::size_t i = url_entry[index];
          if (outcome.result) {
            extract_later(i, std::move(outcome.result));
            return;
          }
          RecordOrigin origin = entries[i].origin;
          if (outcome.error->status() > 0) origin.status = outcome.error->status();
          emit(first + i, error_record(origin, fetch_error_name(outcome.error->kind()), outcome.error->what()),
               true);
        };
        try {
          if (!fetcher) fetcher.emplace(run.crawl);  // one for the whole list: host delays carry over
          fetcher->run(urls, hooks);
        } catch (const std::exception& e) {
          // libcurl itself failed (out of memory, no multi handle): what is done
          // is still written.
          std::cerr << "pith: " << e.what() << "\n";
          fetcher_failed = true;
        }
      }

      // The chunk's tasks refer to `entries`: all must end before the next chunk.
      while (!fetcher_failed && !g_stop.load() && !pool.wait_idle_for(std::chrono::milliseconds(20))) {
      }
      if (g_stop.load() || fetcher_failed) pool.discard_queued();
      pool.wait_idle();
    }
  }
  progress.finish();

  if (fetcher_failed) {
    writer.flush_held();
    return kFetchError;
  }
  if (g_interrupted.load()) {
    writer.flush_held();
    std::cerr << "pith: interrupted: wrote " << writer.written() << " of " << inputs << " records"
              << (list.ended() ? "" : " (the inputs read so far)") << "\n";
    return kInterrupted;
  }
  writer.flush_held();  // nothing is held after a complete run; flushes stdout
  // A reader gone away (`| head`) exits 141 as the single-page command does.
  if (writer.write_failed()) return output_failure(writer.write_error());
  return kContentFound;
}

}  // namespace pith::cli
