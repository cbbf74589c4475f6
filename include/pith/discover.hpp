// Finding the pages of a site: sitemaps, feeds, and the frontier of a polite
// breadth-first crawl. The pages themselves are fetched with pith::Fetcher
// (robots.txt, per-site limits, the private-address guard) and extracted
// with pith::extract.
//
//   pith::DiscoveryOptions options;
//   for (const pith::FoundUrl& found : pith::find_sitemap_urls("https://example.org/", options).urls)
//     std::cout << found.url << ' ' << found.date << '\n';
//
// The readers are thread-safe and never throw for a document that is merely
// odd; they throw pith::Error(bad_source) for one that is not a sitemap or
// feed, is not well-formed, or declares XML entities (billion laughs,
// external entities: refused, never expanded or loaded).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "pith/fetch.hpp"

namespace pith {

// A page address a sitemap or feed lists (or a child sitemap of an index).
struct FoundUrl {
  std::string url;   // absolute and normalised (normalize_url)
  std::string date;  // <lastmod>, Atom <updated>/<published>, RSS <pubDate>, dc:date, as written; "" when none
};

// What kind of document a source was.
enum class SourceKind { sitemap, sitemap_index, text_sitemap, rss, atom, rdf };
// "sitemap", "sitemap_index", "text_sitemap", "rss", "atom", "rdf".
std::string_view source_kind_name(SourceKind kind) noexcept;

// Reads one sitemap (XML urlset or sitemapindex, plain text, either gzipped)
// or feed (RSS 2.0, Atom 1.0, RSS 1.0/RDF) as it streams through expat:
// memory stays flat whatever the number of entries. `base` is the
// document's URL: relative entries resolve against it. `on_url` gets each
// entry in document order; entries that are not http(s) URLs are skipped.
// Throws pith::Error(bad_source), or Error(input_too_large) past
// kMaxSourceBytes once inflated.
SourceKind read_source(std::string_view bytes, std::string_view base,
                       const std::function<void(FoundUrl)>& on_url);

// The feeds a page announces: <link rel="alternate"> of type RSS, Atom or
// RDF, resolved against the page's <base href> or `page_url`, in page order.
std::vector<std::string> feed_links(std::string_view html, std::string_view page_url);

// The Sitemap: lines of a robots.txt body, in order.
std::vector<std::string> robots_sitemaps(std::string_view robots_txt);

// The form under which a URL is fetched once: scheme and host in lower case,
// no default port, no fragment, "/" for an empty path, session-id parameters
// (jsessionid, PHPSESSID, sid...: src/discover/limits.hpp) removed, the
// query's parameters sorted when `sort_query`. "" when `url` is not an
// absolute http(s) URL.
std::string normalize_url(std::string_view url, bool sort_query = false);

// A date ("2024-05-01", "2024-05-01T10:00:00Z", an RSS "Wed, 01 May 2024
// 10:00:00 GMT") as "YYYY-MM-DD", or "" when it is none of these.
std::string date_day(std::string_view date);

struct DiscoveryOptions {
  // How sources (robots.txt, sitemaps, feeds, the page announcing feeds) are
  // fetched; any Content-Type is accepted and the body cap is kMaxSourceBytes.
  CrawlOptions crawl;
  // "YYYY-MM-DD": only entries dated that day or later; undated entries are kept.
  std::string since;
  const std::atomic<bool>* stop = nullptr;  // set from anywhere to stop early
};

struct Discovery {
  std::vector<FoundUrl> urls;         // the pages found, each once, in the order found
  std::vector<std::string> problems;  // one line per source that failed (fetch error, bad XML)
  std::size_t sources = 0;            // documents read (sitemaps, feeds)
};

// The pages of a site's sitemaps. `url` is a sitemap, or a site's root
// ("https://example.org/"): then its robots.txt's Sitemap: lines, else
// /sitemap.xml. Indexes are followed (nested up to kMaxIndexDepth, at most
// kMaxSources documents); pages on another site than the sitemap listing
// them are left out, as the sitemap protocol requires.
Discovery find_sitemap_urls(const std::string& url, const DiscoveryOptions& options);

// The entries of a feed. `url` is a feed, or a page that announces feeds
// (feed_links): then every feed it announces. Links resolved and each
// page listed once.
Discovery find_feed_urls(const std::string& url, const DiscoveryOptions& options);

struct FrontierOptions {
  std::size_t max_pages = 100;  // pages handed out in all
  int max_depth = 10;           // links followed from the start page; its own depth is 0
  bool same_domain = false;     // false: the start URL's host only; true: its registrable domain
  bool sort_query = false;      // normalize_url's sort_query
};

// The frontier of a breadth-first crawl: which links are followed and in
// which order, each URL handed out once. Not thread-safe: one owner.
class CrawlFrontier {
 public:
  CrawlFrontier(const std::string& start, FrontierOptions options);

  // A link found on a page at depth `from_depth`. Returns whether it was
  // queued: an http(s) URL on the crawl's host (or domain), not seen before,
  // not deeper than max_depth.
  bool offer(std::string_view url, int from_depth);
  // A URL the crawl reached some other way (a redirect's target, a page's
  // canonical URL): never handed out after this.
  void mark_seen(std::string_view url);
  // The next depth's URLs, at most the pages left of max_pages; each counts
  // as handed out. Empty when the frontier is exhausted or max_pages reached.
  std::vector<std::string> next_level();
  // Gives back one handed-out URL that produced no page (robots.txt refused
  // it): it no longer counts against max_pages.
  void refund() { if (handed_out_ > 0) --handed_out_; }
  int depth() const noexcept { return depth_; }  // of the level next_level() last returned
  std::size_t handed_out() const noexcept { return handed_out_; }

 private:
  bool in_scope(std::string_view normalized) const;

  FrontierOptions options_;
  std::string host_;  // or the registrable domain with same_domain
  std::unordered_set<std::string> seen_;
  std::vector<std::string> next_;  // queued for depth_ + 1
  int depth_ = -1;
  std::size_t handed_out_ = 0;
};

// The limits of discovery (also in docs/discovery.md).
inline constexpr std::size_t kMaxSourceBytes = 50u << 20;  // the sitemap protocol's 50 MiB, inflated
inline constexpr int kMaxIndexDepth = 4;                   // sitemap indexes within indexes
inline constexpr std::size_t kMaxSources = 1000;           // sitemaps or feeds read for one call

}  // namespace pith
