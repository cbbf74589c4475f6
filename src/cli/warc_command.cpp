// `pith --warc FILE.warc[.gz|.zst]...`: streams WARC files, extracts every
// HTML 2xx `response` record on worker threads, and writes one JSON line per
// record in record order (docs/cli.md, "WARC files").
#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/deduplicate.hpp"
#include "cli/jsonl_writer.hpp"
#include "output/renderers.hpp"
#include "pith/pith.hpp"
#include "pith/warc.hpp"
#include "text/ascii.hpp"

namespace pith::cli {
namespace {

using Json = nlohmann::ordered_json;

// What became of one record; only the writer (the main thread) counts them.
struct Outcome {
  enum Kind { content, no_content, error, not_html, not_2xx } kind = error;
  std::string line = {};  // the JSON line, without "\n"; empty for not_html and not_2xx
  // With --deduplicate the line is made by the writer, in record order.
  std::shared_ptr<Document> doc = {};
  Json fields = {};
};

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json record_fields(const WarcRecord& record, const std::string& path) {
  Json j;
  j["warc_record_id"] = record.record_id();
  j["warc_target_uri"] = record.target_uri();
  j["warc_date"] = record.date();
  // A range read of these bytes gives the record back (WarcRecord::file_offset).
  j["warc_file"] = path;
  j["warc_offset"] = record.has_file_range ? Json(record.file_offset) : Json(nullptr);
  j["warc_length"] = record.has_file_range ? Json(record.file_length) : Json(nullptr);
  return j;
}

Json with_document(Json fields, const Document& doc, const RecordContent& content) {
  Json document = document_fields(doc, content);
  // Reserved: the object's vector copies its values (the text) when it grows.
  fields.get_ref<Json::object_t&>().reserve(fields.size() + document.size() + 4);
  for (auto& [key, value] : document.items()) fields[key] = std::move(value);
  return fields;
}

Outcome error_outcome(Json fields, std::string_view code, std::string_view message) {
  fields["error"] = {{"code", code}, {"message", message}};
  return {.kind = Outcome::error, .line = dump(fields)};
}

// The work of one `response` record, done on a worker thread.
struct Job {
  Json fields;         // the record's WARC fields
  std::string block;   // HTTP headers + payload
  Options options;
  bool all_statuses = false;
  bool deduplicate = false;
  const RecordContent* content = nullptr;  // the run's, which outlives its jobs
};

Outcome run_job(Job& job) {
  HttpResponse http = parse_http_response(job.block, job.options.max_input_bytes);
  job.block = std::string();  // free it before the extraction allocates
  if (http.status != 0) job.fields["http_status"] = http.status;
  if (http.status != 0 && (http.status < 200 || http.status > 299) && !job.all_statuses)
    return {.kind = Outcome::not_2xx};
  if (!http.error.empty()) return error_outcome(std::move(job.fields), "bad_http_payload", http.error);
  if (!is_html(http)) return {.kind = Outcome::not_html};
  job.options.content_type = http.header("Content-Type");
  try {
    auto doc = std::make_shared<Document>(extract(http.body, job.options));
    Outcome::Kind kind = doc->has_main_content() ? Outcome::content : Outcome::no_content;
    if (job.deduplicate) return {.kind = kind, .doc = std::move(doc), .fields = std::move(job.fields)};
    return {.kind = kind, .line = dump(with_document(std::move(job.fields), *doc, *job.content))};
  } catch (const Error& e) {
    return error_outcome(std::move(job.fields), error_code_name(e.code()), e.what());
  } catch (const std::exception& e) {
    return error_outcome(std::move(job.fields), kInternalErrorCode, e.what());
  }
}

// Runs tasks on worker threads and hands their outcomes to `sink` in the
// order they were submitted. The submitting thread is the only one that calls
// `sink`; it blocks while `window` tasks are submitted but not yet written,
// which bounds memory even when one slow record holds up the output (the
// batch mode's WorkerPool + OrderedJsonlWriter bound the queue, not that).
class OrderedPool {
 public:
  OrderedPool(unsigned workers, std::size_t window, std::function<void(Outcome&)> sink)
      : window_(window), sink_(std::move(sink)) {
    for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  ~OrderedPool() { stop(); }

  void submit(std::function<Outcome()> task) {
    std::unique_lock lock(mutex_);
    wait_for_room(lock);
    queue_.emplace_back(next_seq_++, std::move(task));
    work_ready_.notify_one();
  }
  void submit_done(Outcome outcome) {
    std::unique_lock lock(mutex_);
    wait_for_room(lock);
    done_.emplace(next_seq_++, std::move(outcome));
    write_ready(lock);
  }
  // Waits for every task and writes the remaining outcomes.
  void finish() {
    std::unique_lock lock(mutex_);
    while (next_write_ < next_seq_) {
      outcome_ready_.wait(lock, [&] { return done_.count(next_write_) > 0; });
      write_ready(lock);
    }
  }

 private:
  void stop() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      queue_.clear();
    }
    work_ready_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  void wait_for_room(std::unique_lock<std::mutex>& lock) {
    write_ready(lock);
    while (next_seq_ - next_write_ >= window_) {
      outcome_ready_.wait(lock, [&] { return done_.count(next_write_) > 0; });
      write_ready(lock);
    }
  }

  // Writes the outcomes that are next in order; the lock is released while
  // writing so the workers go on.
  void write_ready(std::unique_lock<std::mutex>& lock) {
    for (auto it = done_.find(next_write_); it != done_.end(); it = done_.find(next_write_)) {
      Outcome outcome = std::move(it->second);
      done_.erase(it);
      lock.unlock();
      sink_(outcome);
      lock.lock();
      ++next_write_;
    }
  }

  void work() {
    while (true) {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      auto [seq, task] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Outcome outcome = task();
      lock.lock();
      done_.emplace(seq, std::move(outcome));
      if (seq == next_write_) outcome_ready_.notify_one();
    }
  }

  std::size_t window_;
  std::function<void(Outcome&)> sink_;
  std::mutex mutex_;
  std::condition_variable work_ready_, outcome_ready_;
  std::deque<std::pair<std::uint64_t, std::function<Outcome()>>> queue_;
  std::map<std::uint64_t, Outcome> done_;
  std::uint64_t next_seq_ = 0, next_write_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

struct Counts {
  std::uint64_t records = 0, responses = 0, not_html = 0, not_2xx = 0;
  std::uint64_t content = 0, no_content = 0, errors = 0, duplicates = 0;
  std::map<std::string, std::uint64_t> not_responses;  // by WARC-Type
  std::uint64_t bytes = 0;  // content blocks read
};

// "3 request, 1 warcinfo".
std::string by_type(const std::map<std::string, std::uint64_t>& counts) {
  std::string out;
  for (const auto& [type, n] : counts) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, type);
  return out;
}

// The progress line on a terminal's stderr, redrawn a few times a second.
class WarcProgress {
 public:
  explicit WarcProgress(bool enabled) : enabled_(enabled) {}
  void update(const Counts& counts) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line = fmt::format("\r\x1b[Kpith: warc: {} records, {:.1f} MB/s, {} extracted, {} errors",
                                   counts.records, seconds > 0 ? double(counts.bytes) / 1e6 / seconds : 0.0,
                                   counts.content + counts.no_content, counts.errors);
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
  }
  void finish() {
    if (enabled_) std::fputs("\r\x1b[K", stderr);
  }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

// Only records that carry an HTTP response: WARC Content-Type
// application/http (when the writer set one).
bool carries_http(const WarcRecord& record) {
  std::string_view type = record.header("Content-Type");
  return type.empty() || text::contains_ascii_ci(type, "application/http");
}

}  // namespace

int run_warc(const WarcRun& run) {
  unsigned jobs = run.jobs ? run.jobs : std::max(1u, std::thread::hardware_concurrency());
  Counts counts;
  WarcProgress progress(::isatty(STDERR_FILENO) == 1);
  Deduplicator deduplicator;
  int write_error = 0;  // errno of the first failed write: the run stops there
  auto sink = [&](Outcome& outcome) {
    if (outcome.doc) {  // --deduplicate: in record order
      std::string id = outcome.fields.value("warc_record_id", "");
      Deduplicator::Verdict verdict = deduplicator.apply(id, *outcome.doc);
      if (!outcome.doc->has_main_content()) outcome.kind = Outcome::no_content;
      Json j = with_document(std::move(outcome.fields), *outcome.doc, run.content);
      j["duplicate_of"] = verdict.duplicate_of ? Json(*verdict.duplicate_of) : Json(nullptr);
      j["duplicate_paragraphs_dropped"] = verdict.dropped_paragraphs;
      counts.duplicates += verdict.duplicate_of.has_value();
      outcome.line = dump(j);
      outcome.doc.reset();
    }
    switch (outcome.kind) {
      case Outcome::content: ++counts.content; break;
      case Outcome::no_content: ++counts.no_content; break;
      case Outcome::error: ++counts.errors; break;
      case Outcome::not_html: ++counts.not_html; return;
      case Outcome::not_2xx: ++counts.not_2xx; return;
    }
    outcome.line.push_back('\n');
    if (std::fwrite(outcome.line.data(), 1, outcome.line.size(), stdout) != outcome.line.size() &&
        write_error == 0)
      write_error = errno != 0 ? errno : EIO;
  };

  auto started = std::chrono::steady_clock::now();
  int exit_code = kContentFound;
  {
    OrderedPool pool(jobs, std::size_t(jobs) * 4, sink);
    WarcReaderOptions reader_options;
    // Room for the HTTP headers (and chunk sizes) on top of the largest page accepted.
    reader_options.max_record_bytes = run.options.max_input_bytes + (64u << 10);
    WarcRecord record;
    for (const std::string& path : run.files) {
      if (write_error != 0) break;  // nobody reads the output any more (`| head`)
      try {
        WarcReader reader(path, reader_options);
        while (write_error == 0 && reader.next(record)) {
          ++counts.records;
          counts.bytes += record.block.size();
          progress.update(counts);
          if (record.status == WarcRecord::Status::malformed) {
            pool.submit_done(error_outcome(record_fields(record, path), "malformed_record", record.error));
            continue;
          }
          if (record.type() != "response" || !carries_http(record)) {
            std::string type(record.type().empty() ? "untyped" : record.type());
            if (record.type() == "response") type = "non-HTTP response";
            ++counts.not_responses[type];
            continue;
          }
          ++counts.responses;
          if (record.status != WarcRecord::Status::ok) {
            const char* code =
                record.status == WarcRecord::Status::too_large ? "record_too_large" : "truncated_record";
            pool.submit_done(error_outcome(record_fields(record, path), code, record.error));
            continue;
          }
          auto job = std::make_shared<Job>(Job{record_fields(record, path), std::move(record.block), run.options,
                                               run.all_statuses, run.deduplicate, &run.content});
          job->options.url = std::string(record.target_uri());
          pool.submit([job] { return run_job(*job); });
        }
      } catch (const Error& e) {
        std::cerr << "pith: " << path << ": " << e.what() << "\n";
        exit_code = kInputError;
      }
    }
    pool.finish();
  }
  progress.finish();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (std::fflush(stdout) != 0 && write_error == 0) write_error = errno != 0 ? errno : EIO;
  // A reader gone away exits 141 quietly, as the other commands do.
  if (write_error != 0) return output_failure(write_error);
  std::uint64_t html = counts.content + counts.no_content;
  std::uint64_t others = 0;
  for (const auto& [type, n] : counts.not_responses) others += n;
  std::cerr << fmt::format(
      "pith: warc: {} records in {:.2f} s ({:.0f} records/s, {:.1f} MB/s, {} jobs): {} HTML responses "
      "extracted ({} with main content, {} without{}), {} errors; skipped {} non-2xx responses, {} "
      "non-HTML responses and {} other records{}\n",
      counts.records, seconds, seconds > 0 ? double(counts.records) / seconds : 0.0,
      seconds > 0 ? double(counts.bytes) / 1e6 / seconds : 0.0, jobs, html, counts.content, counts.no_content,
      run.deduplicate ? fmt::format(", {} near-duplicates", counts.duplicates) : std::string(), counts.errors,
      counts.not_2xx, counts.not_html, others, others ? " (" + by_type(counts.not_responses) + ")" : "");
  return exit_code;
}

}  // namespace pith::cli
