// `pith --crawl URL` and `pith --explore URL`: a breadth-first crawl of one
// site. A CrawlFrontier (pith/discover.hpp) hands out one depth at a time; a
// pith::Fetcher fetches it (robots.txt, per-site delay, private-address
// guard); a WorkerPool extracts each page and offers its links back. Each
// page fetched gives one JSON Lines record, written as it completes.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli/batch_progress.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/jsonl_writer.hpp"
#include "cli/worker_pool.hpp"
#include "pith/discover.hpp"

namespace pith::cli {
namespace {

// --explore: the site's sitemaps, then its feeds, as the crawl's first depth.
std::vector<FoundUrl> explore_sources(const CrawlRun& run) {
  DiscoveryOptions options;
  options.crawl = run.batch.crawl;
  options.since = run.since;
  options.stop = &g_stop;
  std::string root = run.url;
  if (auto scheme_end = root.find("://"); scheme_end != std::string::npos) {
    const std::size_t path = root.find('/', scheme_end + 3);
    root = (path == std::string::npos ? root : root.substr(0, path)) + "/";
  }
  std::vector<FoundUrl> urls;
  const auto take = [&](Discovery found) {
    for (const std::string& problem : found.problems) std::cerr << "pith: warning: " << problem << "\n";
    for (FoundUrl& url : found.urls) urls.push_back(std::move(url));
  };
  take(find_sitemap_urls(root, options));
  // Feeds only when the sitemaps leave room (trafilatura's order).
  if (!g_stop.load() && urls.size() < run.frontier.max_pages) take(find_feed_urls(run.url, options));
  return urls;
}

}  // namespace

int run_crawl(const CrawlRun& run) {
  SignalGuard signal_guard;
  CrawlFrontier frontier(run.url, run.frontier);
  if (run.explore) {
    for (const FoundUrl& url : explore_sources(run)) frontier.offer(url.url, -1);
  }
  std::mutex frontier_mutex;  // offered to by the workers, refunded by the fetching thread
  OrderedJsonlWriter writer(stdout);
  BatchProgress progress(::isatty(STDERR_FILENO) == 1);
  std::size_t records = 0;  // sequence numbers handed out
  bool fetcher_failed = false;
  const auto emit = [&](std::size_t sequence, const nlohmann::ordered_json& record, bool failed) {
    writer.put(sequence, record);
    if (writer.write_failed()) g_stop = true;
    progress.record_done(failed);
  };
  {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    WorkerPool pool(std::min<unsigned>(cores, static_cast<unsigned>(std::max(1, run.batch.crawl.max_connections))));
    Fetcher fetcher(run.batch.crawl);
    while (!g_stop.load() && !fetcher_failed) {
      std::vector<std::string> level;
      int depth = 0;
      {
        std::lock_guard<std::mutex> lock(frontier_mutex);
        level = frontier.next_level();
        depth = frontier.depth();
      }
      if (level.empty()) break;
      progress.add_inputs(level.size(), false);
      Fetcher::Hooks hooks;
      hooks.stop = &g_stop;
      hooks.may_start = [&] { return pool.backlog() < 4 * static_cast<std::size_t>(pool.threads()); };
      hooks.on_done = [&](std::size_t, FetchOutcome outcome) {
        if (outcome.error && outcome.error->kind() == FetchErrorKind::blocked_robots) {
          // Never fetched: no record, and the page budget gets it back.
          std::lock_guard<std::mutex> lock(frontier_mutex);
          frontier.refund();
          return;
        }
        const std::size_t sequence = records++;
        RecordOrigin origin;
        origin.line = sequence + 1;
        origin.input = outcome.url;
        origin.url = outcome.url;
        if (!outcome.result) {
          if (outcome.error->status() > 0) origin.status = outcome.error->status();
          nlohmann::ordered_json record =
              error_record(origin, fetch_error_name(outcome.error->kind()), outcome.error->what());
          record["depth"] = depth;
          emit(sequence, record, true);
          return;
        }
        origin.final_url = outcome.result->final_url;
        origin.status = outcome.result->status;
        {
          std::lock_guard<std::mutex> lock(frontier_mutex);
          frontier.mark_seen(outcome.result->final_url);
        }
        pool.submit([&, sequence, depth, origin = std::move(origin), fetched = std::move(*outcome.result)]() mutable {
          try {
            Options options = run.batch.options;
            options.url = fetched.final_url;
            options.content_type = fetched.content_type;
            options.links = true;  // the links to follow
            Document doc = extract(fetched.body, options);
            {
              std::lock_guard<std::mutex> lock(frontier_mutex);
              if (!doc.metadata.canonical_url.empty()) frontier.mark_seen(doc.metadata.canonical_url);
              // Pagination (rel="next") first, then the content's links, then
              // navigation: with a page budget, these are the ones kept.
              for (const Link& link : doc.links)
                if (link.next) frontier.offer(link.url, depth);
              for (bool content : {true, false})
                for (const Link& link : doc.links)
                  if (link.in_content == content) frontier.offer(link.url, depth);
            }
            if (!run.batch.options.links) doc.links.clear();
            nlohmann::ordered_json record = document_record(origin, doc, run.batch.content);
            record["depth"] = depth;
            emit(sequence, record, false);
          } catch (const Error& e) {
            nlohmann::ordered_json record = error_record(origin, error_code_name(e.code()), e.what());
            record["depth"] = depth;
            emit(sequence, record, true);
          } catch (const std::exception& e) {
            emit(sequence, error_record(origin, kInternalErrorCode, e.what()), true);
          }
        });
      };
      try {
        fetcher.run(level, hooks);
      } catch (const std::exception& e) {
        std::cerr << "pith: " << e.what() << "\n";
        fetcher_failed = true;
      }
      // The next depth is what this one's pages link to: all must be read first.
      while (!g_stop.load() && !pool.wait_idle_for(std::chrono::milliseconds(20))) {
      }
      if (g_stop.load()) pool.discard_queued();
      pool.wait_idle();
    }
  }
  progress.add_inputs(0, true);
  progress.finish();
  writer.flush_held();
  if (fetcher_failed) return kFetchError;
  if (g_interrupted.load()) {
    std::cerr << "pith: interrupted: wrote " << writer.written() << " records\n";
    return kInterrupted;
  }
  if (writer.write_failed()) return output_failure(writer.write_error());
  if (records == 0) {
    std::cerr << "pith: no page crawled from " << run.url << "\n";
    return kInputError;
  }
  return kContentFound;
}

}  // namespace pith::cli
