// `pith --sitemap URL` and `pith --feed URL`: the pages a sitemap (index,
// gzip, text, robots.txt's Sitemap: lines) or feed (RSS, Atom, RDF, or a page
// announcing feeds) lists, found with pith/discover.hpp, then extracted as
// a batch of URLs (batch_command.cpp) or listed (--list).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "pith/discover.hpp"

namespace pith::cli {

int run_discover(DiscoverRun run) {
  DiscoveryOptions options;
  options.crawl = run.batch.crawl;
  options.since = run.since;
  Discovery found;
  {
    SignalGuard signal_guard;
    options.stop = &g_stop;
    try {
      found = run.source == DiscoverRun::Source::sitemap ? find_sitemap_urls(run.url, options)
                                                         : find_feed_urls(run.url, options);
    } catch (const std::exception& e) {
      std::cerr << "pith: " << e.what() << "\n";
      return kFetchError;
    }
    if (g_interrupted.load()) {
      const bool sitemaps = run.source == DiscoverRun::Source::sitemap;
      std::cerr << "pith: interrupted while reading the " << (sitemaps ? "sitemaps" : "feeds") << "\n";
      return kInterrupted;
    }
  }
  for (const std::string& problem : found.problems) std::cerr << "pith: warning: " << problem << "\n";
  if (run.max_pages > 0 && found.urls.size() > run.max_pages) found.urls.resize(run.max_pages);
  if (found.urls.empty()) {
    std::cerr << "pith: no pages found from " << run.url << "\n";
    return kInputError;
  }
  if (run.list) {
    std::string out;
    for (const FoundUrl& url : found.urls) out += url.url + (url.date.empty() ? "" : "\t" + url.date) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    if (std::ferror(stdout) || std::fflush(stdout) != 0) return output_failure(errno);
    return kContentFound;
  }
  run.batch.inputs.reserve(found.urls.size());
  for (FoundUrl& url : found.urls) run.batch.inputs.push_back(std::move(url.url));
  return run_batch(run.batch);
}

}  // namespace pith::cli
