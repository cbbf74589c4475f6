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
#include "cli/interrupt.hpp"
#include "cli/jsonl_writer.hpp"
#include "cli/worker_pool.hpp"
#include "pith/fetch.hpp"
#include "pith/pith.hpp"

namespace pith::cli {
namespace {

// The list is read and run a chunk at a time: memory stays bounded on a list
// of any length (a pipe that never ends), and records come out while the
// list is still being written. A chunk holds the inputs read while the one
// before ran (batch_prefetch.hpp), at most this many inputs or this many
// bytes of lines, whichever comes first; large enough that a chunk keeps
// every connection busy, small enough that a chunk's records, held back by
// a slow first input so as to keep the order, stay in memory comfortably.
constexpr std::size_t kChunkInputs = 1024;
constexpr std::size_t kChunkBytes = 4u << 20;

// The inputs of the arguments (`pith FILE...`), as the list's reader would
// have made them: a record's "line" is the argument's position.
std::vector<BatchEntry> argument_entries(const std::vector<std::string>& inputs) {
  std::vector<BatchEntry> entries(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    BatchEntry& entry = entries[i];
    entry.origin.line = i + 1;
    entry.origin.input = inputs[i];
    entry.is_url = inputs[i].find("://") != std::string::npos;
    if (entry.is_url) entry.origin.url = inputs[i];
    if (inputs[i].find('\0') != std::string::npos) entry.problem = BatchLineProblem{"the input holds a NUL byte"};
  }
  return entries;
}

}  // namespace

int run_batch(const BatchRun& run) {
  std::unique_ptr<std::ifstream> file;
  if (run.inputs.empty() && run.input != "-") {
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
  std::optional<BatchListPrefetcher> list;
  std::vector<BatchEntry> arguments;  // run.inputs, taken a chunk at a time
  std::size_t arguments_taken = 0;
  if (!run.inputs.empty()) {
    arguments = argument_entries(run.inputs);
  } else if (file) {
    list.emplace(std::move(file));
  } else {
    list.emplace(std::cin);
  }
  const auto take_chunk = [&](std::vector<BatchEntry>& out) {
    if (list) return list->take(out, kChunkInputs, kChunkBytes, g_stop);
    const std::size_t n = std::min(kChunkInputs, arguments.size() - arguments_taken);
    for (std::size_t i = 0; i < n; ++i) out.push_back(std::move(arguments[arguments_taken + i]));
    arguments_taken += n;
    return n > 0;
  };
  const auto list_ended = [&] { return list ? list->ended() : arguments_taken == arguments.size(); };
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
      if (!take_chunk(entries)) {
        progress.add_inputs(0, /*list_ended=*/list_ended());
        break;
      }
      first = inputs;
      inputs += entries.size();
      progress.add_inputs(entries.size(), list_ended());

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
              << (list_ended() ? "" : " (the inputs read so far)") << "\n";
    return kInterrupted;
  }
  writer.flush_held();  // nothing is held after a complete run; flushes stdout
  // A reader gone away (`| head`) exits 141 as the single-page command does.
  if (writer.write_failed()) return output_failure(writer.write_error());
  return kContentFound;
}

}  // namespace pith::cli
