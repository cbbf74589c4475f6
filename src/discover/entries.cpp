#include "discover/entries.hpp"

#include "discover/limits.hpp"
#include "meta/url.hpp"
#include "text/ascii.hpp"

namespace pith::discover {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

bool entry_element(SourceKind kind, std::string_view name) {
  switch (kind) {
    case SourceKind::sitemap: return name == "url";
    case SourceKind::sitemap_index: return name == "sitemap";
    case SourceKind::rss:
    case SourceKind::rdf: return name == "item";
    case SourceKind::atom: return name == "entry";
    case SourceKind::text_sitemap: return false;
  }
  return false;
}

}  // namespace

bool kind_of_root(std::string_view name, SourceKind& kind) {
  if (name == "urlset") kind = SourceKind::sitemap;
  else if (name == "sitemapindex") kind = SourceKind::sitemap_index;
  else if (name == "rss") kind = SourceKind::rss;
  else if (name == "feed") kind = SourceKind::atom;
  else if (name == "RDF") kind = SourceKind::rdf;
  else return false;
  return true;
}

void EntryCollector::start(std::string_view name, int depth,
                           const std::function<std::string(const char*)>& attribute) {
  if (entry_depth_ < 0) {
    if (!entry_element(kind_, name)) return;
    entry_depth_ = depth;
    location_.clear();
    date_.clear();
    guid_.clear();
    location_is_alternate_ = false;
    // RSS 1.0 names its item by rdf:about (its <link> says the same).
    if (kind_ == SourceKind::rdf) location_ = attribute("about");
    return;
  }
  if (depth != entry_depth_ + 1) return;  // only the entry's own children
  Field field = Field::none;
  if (name == "loc" || (name == "link" && kind_ != SourceKind::atom)) {
    field = Field::location;
  } else if (name == "link") {
    // Atom: <link href> whose rel is "alternate" or absent is the page; the
    // first such wins, an "alternate" over one without rel.
    const std::string rel = attribute("rel");
    const bool alternate = rel.empty() || rel == "alternate";
    if (alternate && (location_.empty() || (!location_is_alternate_ && !rel.empty()))) {
      location_ = trim(attribute("href"));
      location_is_alternate_ = !rel.empty();
    }
  } else if (name == "lastmod" || name == "pubDate" || name == "updated" ||
             (name == "published" && date_.empty()) || (name == "date" && date_.empty())) {
    field = Field::date;
  } else if (name == "guid" && kind_ == SourceKind::rss && attribute("isPermaLink") != "false") {
    field = Field::guid;
  }
  if (field == Field::none) return;
  field_ = field;
  field_depth_ = depth;
  text_.clear();
}

void EntryCollector::text(std::string_view text) {
  if (field_ == Field::none || text_.size() >= kMaxFieldBytes) return;
  text_.append(text.substr(0, kMaxFieldBytes - text_.size()));
}

void EntryCollector::end(int depth) {
  if (field_ != Field::none && depth == field_depth_) {
    const std::string_view value = trim(text_);
    if (field_ == Field::location && !value.empty()) location_ = value;
    if (field_ == Field::date) date_ = value;
    if (field_ == Field::guid) guid_ = value;
    field_ = Field::none;
    field_depth_ = -1;
    return;
  }
  if (depth == entry_depth_) {
    emit();
    entry_depth_ = -1;
  }
}

void EntryCollector::emit() {
  // An RSS item without <link> is often named by a permalink <guid>.
  const std::string& raw = !location_.empty() ? location_ : guid_;
  if (raw.empty()) return;
  std::string url = normalize_url(base_.empty() ? raw : meta::resolve_url(base_, raw));
  if (url.empty()) return;
  on_url_(FoundUrl{std::move(url), date_});
}

}  // namespace pith::discover
