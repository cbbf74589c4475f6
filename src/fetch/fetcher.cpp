// pith::Fetcher: many URLs on one thread with curl multi. A scheduler decides
// which URL may start (connection limits, per-host delay, robots.txt, retry
// times); libcurl runs the transfers; the caller's hook gets each outcome.
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

#include "fetch/robots.hpp"
#include "fetch/site.hpp"
#include "fetch/transfer.hpp"
#include "fetch/url_parts.hpp"
#include "pith/fetch.hpp"

namespace pith {
namespace {

using Clock = std::chrono::steady_clock;
using fetching::AttemptOutcome;
using fetching::RobotsRules;
using fetching::Transfer;

constexpr std::size_t kRobotsJob = std::numeric_limits<std::size_t>::max();
// RFC 9309 asks crawlers to parse at least 500 KiB of a robots.txt.
constexpr std::size_t kMaxRobotsBytes = 512u << 10;
// A robots.txt Crawl-delay above this is taken as this: a site asking for
// minutes between requests would otherwise stall a batch for days.
constexpr double kMaxCrawlDelaySeconds = 30;
// The longest the loop sleeps without looking at the stop flag.
constexpr auto kMaxPoll = std::chrono::milliseconds(100);
// Hosts are remembered across run() calls (the batch command fetches its list
// in chunks) so that the per-host delay and robots.txt carry over; past this
// many, a run starts by forgetting them all, which bounds the memory (a
// robots.txt keeps its parsed rules) on lists of millions of hosts.
constexpr std::size_t kMaxRememberedHosts = 100000;

struct Job {
  std::size_t index = 0;  // in the caller's urls, or kRobotsJob
  std::string url;
  std::string path;       // path and query, for robots.txt rules
  std::size_t host = 0;   // index into the fetcher's hosts
  int attempts = 0;
  Clock::time_point not_before{};
  std::unique_ptr<Transfer> transfer;
};

enum class RobotsState { unknown, fetching, ready };

// The connection and delay budget of one site (fetch/site.hpp): every host
// of a registrable domain shares it.
struct Site {
  int active = 0;
  Clock::time_point next_start{};
};

// robots.txt is per origin, the budget per site.
struct Host {
  std::string origin;
  std::size_t site = 0;  // index into the fetcher's sites
  double crawl_delay = 0;  // seconds, from robots.txt
  RobotsState robots = RobotsState::unknown;
  RobotsRules rules = RobotsRules::allow_all();
  std::deque<Job*> waiting;
  std::unique_ptr<Job> robots_job;
};

}  // namespace

struct Fetcher::Impl {
  CrawlOptions options;
  FetchOptions robots_options;
  std::string token;  // our product token in robots.txt
  CURLM* multi = nullptr;
  std::vector<Host> hosts;  // every host seen, across runs
  std::unordered_map<std::string, std::size_t> host_index;  // origin -> hosts
  std::vector<Site> sites;
  std::unordered_map<std::string, std::size_t> site_index;  // registrable domain -> sites

  explicit Impl(CrawlOptions o) : options(std::move(o)) {
    fetching::init_curl_once();
    options.max_connections = std::max(1, options.max_connections);
    options.max_per_host = std::max(1, options.max_per_host);
    robots_options = options.fetch;
    robots_options.accept_any_type = true;
    robots_options.max_bytes = kMaxRobotsBytes;
    robots_options.retries = 0;
    token = fetching::product_token(options.fetch.user_agent.empty() ? "pith"
                                                                         : options.fetch.user_agent);
    multi = curl_multi_init();
    if (multi == nullptr) throw FetchError(FetchErrorKind::network, "could not create a libcurl multi handle");
  }
  ~Impl() { curl_multi_cleanup(multi); }

  // One run's state.
  struct Run {
    const Hooks& hooks;
    std::vector<Job> jobs;
    std::vector<std::size_t> hosts_with_work;  // hosts whose queue may be non-empty
    std::size_t remaining = 0;
    int active = 0;
  };

  void report(Run& run, Job& job, std::optional<FetchResult> result, std::optional<FetchError> error) {
    --run.remaining;
    run.hooks.on_done(job.index, FetchOutcome{job.url, std::move(result), std::move(error)});
  }

  void start(Run& run, Job& job, const FetchOptions& fetch_options, Clock::time_point now) {
    Host& host = hosts[job.host];
    job.transfer = std::make_unique<Transfer>(job.url, fetch_options);
    curl_easy_setopt(job.transfer->handle(), CURLOPT_PRIVATE, static_cast<void*>(&job));
    const CURLMcode rc = curl_multi_add_handle(multi, job.transfer->handle());
    if (rc != CURLM_OK) throw FetchError(FetchErrorKind::network, std::string("curl multi: ") + curl_multi_strerror(rc));
    ++job.attempts;
    Site& site = sites[host.site];
    ++site.active;
    ++run.active;
    const double delay = std::max(options.min_host_delay_seconds, host.crawl_delay);
    site.next_start = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay));
  }

  // Starts what the limits allow; lowers `wake` to the next time something
  // waiting could start.
  void start_ready(Run& run, Clock::time_point now, Clock::time_point& wake) {
    std::size_t kept = 0;
    for (std::size_t h : run.hosts_with_work) {
      Host& host = hosts[h];
      while (!host.waiting.empty() && run.active < options.max_connections) {
        if (run.hooks.may_start && !run.hooks.may_start()) {
          // The consumer is behind; look again soon rather than at kMaxPoll.
          wake = std::min(wake, now + std::chrono::milliseconds(5));
          break;
        }
        const Site& site = sites[host.site];
        if (site.active >= options.max_per_host) break;
        if (now < site.next_start) {
          wake = std::min(wake, site.next_start);
          break;
        }
        if (options.respect_robots && host.robots != RobotsState::ready) {
          if (host.robots == RobotsState::unknown) {
            host.robots = RobotsState::fetching;
            host.robots_job = std::make_unique<Job>();
            host.robots_job->index = kRobotsJob;
            host.robots_job->url = host.origin + "/robots.txt";
            host.robots_job->host = h;
            start(run, *host.robots_job, robots_options, now);
          }
          break;
        }
        Job& job = *host.waiting.front();
        if (now < job.not_before) {
          wake = std::min(wake, job.not_before);
          break;
        }
        host.waiting.pop_front();
        if (job.attempts == 0 && options.respect_robots) {
          const RobotsRules::Verdict verdict = host.rules.check(job.path);
          if (!verdict.allowed) {
            report(run, job, std::nullopt,
                   FetchError(FetchErrorKind::blocked_robots,
                              job.url + (verdict.over_budget ? ": robots.txt rules too costly to match; taken as disallowed"
                                                             : ": disallowed by robots.txt")));
            continue;
          }
        }
        start(run, job, options.fetch, now);
      }
      if (!host.waiting.empty()) run.hosts_with_work[kept++] = h;
    }
    run.hosts_with_work.resize(kept);
    // Next round starts with a different host, so that no host is favoured
    // when connections are scarce.
    if (kept > 1) std::rotate(run.hosts_with_work.begin(), run.hosts_with_work.begin() + 1, run.hosts_with_work.end());
  }

  void finished(Run& run, Job& job, CURLcode code, Clock::time_point now) {
    Host& host = hosts[job.host];
    curl_multi_remove_handle(multi, job.transfer->handle());
    AttemptOutcome outcome = job.transfer->finish(code);
    job.transfer.reset();
    Site& site = sites[host.site];
    --site.active;
    --run.active;
    if (job.index == kRobotsJob) {
      host.robots = RobotsState::ready;
      if (outcome.result) {
        host.rules = RobotsRules::parse(outcome.result->body, token);
        host.crawl_delay = std::min(host.rules.crawl_delay(), kMaxCrawlDelaySeconds);
        // The robots.txt request itself counts: the first page waits the crawl delay.
        site.next_start = std::max(site.next_start, now + std::chrono::duration_cast<Clock::duration>(
                                                              std::chrono::duration<double>(host.crawl_delay)));
      } else if (outcome.error->kind() == FetchErrorKind::http_status && outcome.error->status() >= 500) {
        // RFC 9309 §2.3.1.4: an unreachable robots.txt means "disallow all".
        host.rules = RobotsRules::disallow_all();
      }
      // 4xx: no rules. Network errors: no rules either; the pages' own fetches
      // report what is wrong with the host.
      return;
    }
    if (outcome.result) {
      outcome.result->attempts = job.attempts;
      report(run, job, std::move(outcome.result), std::nullopt);
      return;
    }
    if (auto wait = fetching::retry_delay(outcome, job.attempts, options.fetch)) {
      job.not_before = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*wait));
      if (host.waiting.empty()) run.hosts_with_work.push_back(job.host);
      host.waiting.push_front(&job);
      return;
    }
    report(run, job, std::nullopt, std::move(outcome.error));
  }

  // Ends a run, finished or stopped: transfers still going are dropped, and
  // the hosts keep only what outlives the run (delay clock, robots.txt).
  void abandon(Run& run) {
    for (Job& job : run.jobs) {
      if (job.transfer) curl_multi_remove_handle(multi, job.transfer->handle());
    }
    for (Host& host : hosts) {
      if (host.robots_job && host.robots_job->transfer) {
        curl_multi_remove_handle(multi, host.robots_job->transfer->handle());
        host.robots_job.reset();
        host.robots = RobotsState::unknown;  // asked again by the next run
      }
      host.waiting.clear();  // the run's jobs die with it
    }
    for (Site& site : sites) {
      site.active = 0;
    }
  }

  void run_all(const std::vector<std::string>& urls, const Hooks& hooks) {
    Run run{hooks, std::vector<Job>(urls.size()), {}, urls.size(), 0};
    if (hosts.size() > kMaxRememberedHosts) {
      hosts.clear();
      host_index.clear();
      sites.clear();
      site_index.clear();
    }
    for (std::size_t i = 0; i < urls.size(); ++i) {
      Job& job = run.jobs[i];
      job.index = i;
      job.url = urls[i];
      auto parts = fetching::has_http_scheme(urls[i]) ? fetching::split_url(urls[i]) : std::nullopt;
      if (!parts) continue;  // reported below, once the queues are built
      job.path = std::move(parts->path_and_query);
      auto [it, added] = host_index.try_emplace(parts->origin, hosts.size());
      if (added) {
        Host& host = hosts.emplace_back();
        host.origin = parts->origin;
        auto [site, new_site] = site_index.try_emplace(fetching::site_of(parts->host), sites.size());
        if (new_site) sites.emplace_back();
        host.site = site->second;
      }
      job.host = it->second;
      Host& host = hosts[job.host];
      if (host.waiting.empty()) run.hosts_with_work.push_back(job.host);
      host.waiting.push_back(&job);
    }
    struct Cleanup {
      Impl& impl;
      Run& run;
      ~Cleanup() { impl.abandon(run); }
    } cleanup{*this, run};

    for (Job& job : run.jobs) {
      if (job.path.empty()) {
        report(run, job, std::nullopt,
               FetchError(FetchErrorKind::bad_url,
                          "refusing to fetch " + job.url + ": not a valid http:// or https:// URL"));
      }
    }

    while (run.remaining > 0) {
      if (hooks.stop && hooks.stop->load()) return;
      Clock::time_point now = Clock::now();
      Clock::time_point wake = now + kMaxPoll;
      start_ready(run, now, wake);

      int running = 0;
      curl_multi_perform(multi, &running);
      int queued = 0;
      bool any_done = false;
      while (CURLMsg* message = curl_multi_info_read(multi, &queued)) {
        if (message->msg != CURLMSG_DONE) continue;
        void* job = nullptr;
        curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &job);
        // `message` is invalid once its handle is removed: copy the code first.
        const CURLcode code = message->data.result;
        finished(run, *static_cast<Job*>(job), code, Clock::now());
        any_done = true;
      }
      if (any_done) continue;  // freed slots: start more before sleeping
      now = Clock::now();
      const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(wake - now).count();
      curl_multi_poll(multi, nullptr, 0, static_cast<int>(std::clamp<long long>(wait, 0, 1000)), nullptr);
    }
  }
};

Fetcher::Fetcher(CrawlOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Fetcher::~Fetcher() = default;

void Fetcher::run(const std::vector<std::string>& urls, const Hooks& hooks) { impl_->run_all(urls, hooks); }

}  // namespace pith
