// CrawlFrontier: breadth-first, one depth at a time, each normalised URL
// handed out once.
#include "fetch/site.hpp"
#include "fetch/url_parts.hpp"
#include "pith/discover.hpp"

namespace pith {
namespace {

std::string scope_of(std::string_view normalized, bool same_domain) {
  auto parts = fetching::split_url(std::string(normalized));
  if (!parts) return {};
  return same_domain ? fetching::site_of(parts->host) : parts->host;
}

}  // namespace

CrawlFrontier::CrawlFrontier(const std::string& start, FrontierOptions options) : options_(options) {
  const std::string normalized = normalize_url(start, options_.sort_query);
  host_ = scope_of(normalized, options_.same_domain);
  if (host_.empty()) return;  // not http(s): nothing to crawl
  seen_.insert(normalized);
  next_.push_back(normalized);
}

bool CrawlFrontier::in_scope(std::string_view normalized) const {
  return !host_.empty() && scope_of(normalized, options_.same_domain) == host_;
}

bool CrawlFrontier::offer(std::string_view url, int from_depth) {
  if (from_depth + 1 > options_.max_depth || from_depth != depth_) return false;
  std::string normalized = normalize_url(url, options_.sort_query);
  if (normalized.empty() || !in_scope(normalized)) return false;
  if (!seen_.insert(normalized).second) return false;
  next_.push_back(std::move(normalized));
  return true;
}

void CrawlFrontier::mark_seen(std::string_view url) {
  std::string normalized = normalize_url(url, options_.sort_query);
  if (!normalized.empty()) seen_.insert(std::move(normalized));
}

std::vector<std::string> CrawlFrontier::next_level() {
  std::vector<std::string> level;
  if (next_.empty() || handed_out_ >= options_.max_pages) return level;
  const std::size_t room = options_.max_pages - handed_out_;
  level.swap(next_);
  if (level.size() > room) level.resize(room);  // the rest would never be handed out
  handed_out_ += level.size();
  ++depth_;
  return level;
}

}  // namespace pith
