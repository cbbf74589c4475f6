// find_sitemap_urls and find_feed_urls: sources fetched with a pith::Fetcher
// (robots.txt, per-site delay, private-address guard, as for pages), one
// level of sitemap indexes at a time.
#include <algorithm>
#include <unordered_set>

#include "fetch/site.hpp"
#include "fetch/url_parts.hpp"
#include "pith/discover.hpp"
#include "text/ascii.hpp"

namespace pith {
namespace {

CrawlOptions source_options(const DiscoveryOptions& options) {
  CrawlOptions crawl = options.crawl;
  crawl.fetch.accept_any_type = true;
  crawl.fetch.max_bytes = kMaxSourceBytes;
  return crawl;
}

// Every URL's outcome, in the order of `urls`; a stopped run leaves the rest empty.
std::vector<FetchOutcome> fetch_all(Fetcher& fetcher, const std::vector<std::string>& urls,
                                    const std::atomic<bool>* stop) {
  std::vector<FetchOutcome> outcomes(urls.size());
  Fetcher::Hooks hooks;
  hooks.stop = stop;
  hooks.on_done = [&](std::size_t index, FetchOutcome outcome) { outcomes[index] = std::move(outcome); };
  fetcher.run(urls, hooks);
  return outcomes;
}

std::string site_of_url(const std::string& url) {
  auto parts = fetching::split_url(url);
  return parts ? fetching::site_of(parts->host) : std::string();
}

// The pages found: each once, dated on or after `since` (or undated).
class Found {
 public:
  Found(Discovery& discovery, const std::string& since) : discovery_(discovery), since_(since) {}
  void add(FoundUrl found) {
    if (!since_.empty()) {
      const std::string day = date_day(found.date);
      if (!day.empty() && day < since_) return;
    }
    if (seen_.insert(found.url).second) discovery_.urls.push_back(std::move(found));
  }

 private:
  Discovery& discovery_;
  const std::string& since_;
  std::unordered_set<std::string> seen_;
};

bool stopped(const DiscoveryOptions& options) { return options.stop && options.stop->load(); }

// A failed source, as one line: its URL and why.
std::string problem(const FetchOutcome& outcome) {
  if (outcome.error) return outcome.error->what();
  return outcome.url + ": not fetched";
}

// The sitemaps of a site's root: robots.txt's Sitemap: lines, else /sitemap.xml.
std::vector<std::string> root_sitemaps(Fetcher& fetcher, const fetching::UrlParts& root,
                                       const DiscoveryOptions& options) {
  std::vector<FetchOutcome> robots = fetch_all(fetcher, {root.origin + "/robots.txt"}, options.stop);
  std::vector<std::string> sitemaps;
  if (robots[0].result) sitemaps = robots_sitemaps(robots[0].result->body);
  if (sitemaps.empty()) sitemaps.push_back(normalize_url(root.origin + "/sitemap.xml"));
  return sitemaps;
}

}  // namespace

Discovery find_sitemap_urls(const std::string& url, const DiscoveryOptions& options) {
  Discovery discovery;
  Found found(discovery, options.since);
  Fetcher fetcher(source_options(options));
  std::vector<std::string> level{url};
  if (auto parts = fetching::split_url(url); parts && parts->path_and_query == "/")
    level = root_sitemaps(fetcher, *parts, options);
  std::unordered_set<std::string> sources(level.begin(), level.end());
  for (int depth = 0; depth <= kMaxIndexDepth && !level.empty() && !stopped(options); ++depth) {
    std::vector<std::string> next;
    const std::vector<FetchOutcome> outcomes = fetch_all(fetcher, level, options.stop);
    for (const FetchOutcome& outcome : outcomes) {
      if (!outcome.result) {
        if (!stopped(options)) discovery.problems.push_back(problem(outcome));
        continue;
      }
      ++discovery.sources;
      const std::string& base = outcome.result->final_url;
      const std::string site = site_of_url(base);
      std::vector<FoundUrl> entries;
      SourceKind kind{};
      try {
        kind = read_source(outcome.result->body, base, [&](FoundUrl entry) { entries.push_back(std::move(entry)); });
      } catch (const Error& e) {
        discovery.problems.push_back(outcome.url + ": " + e.what());
        continue;
      }
      std::size_t not_read = 0;  // child sitemaps past the limits
      for (FoundUrl& entry : entries) {
        if (kind != SourceKind::sitemap_index) {
          if (site_of_url(entry.url) == site) found.add(std::move(entry));
        } else if (depth == kMaxIndexDepth || sources.size() >= kMaxSources) {
          ++not_read;
        } else if (sources.insert(entry.url).second) {
          next.push_back(std::move(entry.url));
        }
      }
      if (not_read > 0) {
        const std::string why = depth == kMaxIndexDepth
                                    ? "indexes nested deeper than " + std::to_string(kMaxIndexDepth) + " levels"
                                    : "more than " + std::to_string(kMaxSources) + " sitemaps";
        discovery.problems.push_back(outcome.url + ": " + std::to_string(not_read) + " child sitemaps not read (" +
                                     why + ")");
      }
    }
    level = std::move(next);
  }
  return discovery;
}

Discovery find_feed_urls(const std::string& url, const DiscoveryOptions& options) {
  Discovery discovery;
  Found found(discovery, options.since);
  Fetcher fetcher(source_options(options));
  std::vector<std::string> level{url};
  // Two rounds at most: the URL itself, then the feeds it announces.
  for (int round = 0; round < 2 && !level.empty() && !stopped(options); ++round) {
    std::vector<std::string> announced;
    for (const FetchOutcome& outcome : fetch_all(fetcher, level, options.stop)) {
      if (!outcome.result) {
        if (!stopped(options)) discovery.problems.push_back(problem(outcome));
        continue;
      }
      const FetchResult& result = *outcome.result;
      try {
        read_source(result.body, result.final_url, [&](FoundUrl entry) { found.add(std::move(entry)); });
        ++discovery.sources;
      } catch (const Error& e) {
        const bool html = text::contains_ascii_ci(result.content_type, "html") ||
                          text::contains_ascii_ci(std::string_view(result.body).substr(0, 1024), "<html");
        if (round == 0 && html) {
          announced = feed_links(result.body, result.final_url);
          if (announced.empty()) discovery.problems.push_back(outcome.url + ": the page announces no feed");
        } else {
          discovery.problems.push_back(outcome.url + ": " + e.what());
        }
      }
    }
    if (announced.size() > kMaxSources) announced.resize(kMaxSources);
    level = std::move(announced);
  }
  return discovery;
}

}  // namespace pith
