// <meta> and <link> tags: OpenGraph, Twitter cards, Dublin Core, citation_*,
// and the plain names (author, description, keywords, date).
#include <algorithm>
#include <array>
#include <unordered_set>

#include "meta/dates.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {
namespace {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

// Lowered in place: a key just collapsed is not copied again.
std::string lower(std::string s) {
  for (char& c : s) c = text::ascii_lower(c);
  return s;
}

// Each field's keys, best first: the first key present wins.
constexpr std::array<std::string_view, 5> kTitleKeys = {"og:title", "twitter:title", "title",
                                                        "dc.title", "citation_title"};
// Scholarly citation_* tags name the paper's authors; a plain "author" on
// the same page is often the publisher.
constexpr std::array<std::string_view, 13> kAuthorKeys = {
    "citation_author", "citation_authors", "author", "article:author", "og:article:author", "dc.creator",
    "dcterms.creator", "parsely-author", "sailthru.author", "cxenseparse:author", "byl", "book:author",
    "creator"};
constexpr std::array<std::string_view, 19> kPublishedKeys = {
    "article:published_time", "og:article:published_time", "og:published_time",
    "datepublished", "citation_publication_date", "citation_date", "dc.date.issued",
    "dcterms.issued", "dc.date", "dcterms.date", "dcterms.created", "parsely-pub-date",
    "sailthru.date", "pubdate", "publishdate", "publish-date", "publication_date", "date",
    "article.published"};
constexpr std::array<std::string_view, 7> kModifiedKeys = {
    "article:modified_time", "og:article:modified_time", "og:updated_time", "datemodified",
    "dcterms.modified", "last-modified", "article.updated"};
constexpr std::array<std::string_view, 4> kDescriptionKeys = {"og:description", "description",
                                                              "twitter:description", "dc.description"};
constexpr std::array<std::string_view, 4> kImageKeys = {"og:image", "og:image:url", "og:image:secure_url",
                                                        "twitter:image"};
constexpr std::array<std::string_view, 3> kSiteKeys = {"og:site_name", "application-name",
                                                       "twitter:site:name"};

// The other keys read_meta_tags reads.
constexpr std::array<std::string_view, 10> kOtherKeys = {
    "og:url", "article:tag", "og:article:tag", "article:section", "og:article:section", "og:type",
    "dc.rights", "dcterms.license", "keywords", "news_keywords"};

// Whether read_meta_tags reads a <meta> with this key (lower case): one
// listed above, or one named for a date. Pages carry many others
// (viewport, fb:app_id, twitter:card, theme-color, ...), whose contents
// need not be copied nor compared with every key.
bool read_key(std::string_view key) {
  static const std::unordered_set<std::string_view> keys = [] {
    std::unordered_set<std::string_view> all;
    auto add = [&](const auto&... lists) { (all.insert(lists.begin(), lists.end()), ...); };
    add(kTitleKeys, kAuthorKeys, kPublishedKeys, kModifiedKeys, kDescriptionKeys, kImageKeys, kSiteKeys, kOtherKeys);
    return all;
  }();
  return keys.contains(key) || key.find("date") != std::string_view::npos;
}

template <std::size_t N>
std::string first_of(const std::vector<std::pair<std::string, std::string>>& metas,
                     const std::array<std::string_view, N>& keys) {
  for (std::string_view key : keys)
    for (const auto& [k, v] : metas)
      if (k == key && !v.empty()) return v;
  return {};
}

}  // namespace

bool asks_not_to_be_indexed(const dom::Dom& dom, const PageElements& elements) {
  for (NodeId i : elements.metas) {
    std::string_view name = dom.attr(i, Attr::name);
    if (!text::iequals_ascii(name, "robots") && !text::iequals_ascii(name, "googlebot")) continue;
    // A comma-separated list of directives ("noindex, nofollow").
    std::string directives;
    for (char c : dom.attr(i, Attr::content))
      if (!text::is_ascii_whitespace(c)) directives += text::ascii_lower(c);
    std::size_t start = 0;
    while (start <= directives.size()) {
      const std::size_t end = std::min(directives.find(',', start), directives.size());
      const std::string_view directive = std::string_view(directives).substr(start, end - start);
      if (directive == "noindex" || directive == "none") return true;
      start = end + 1;
    }
  }
  return false;
}

Metadata read_meta_tags(const dom::Dom& dom, const PageElements& elements) {
  Metadata m;
  // (key, value) pairs in document order; key is property or name, lower case.
  // Only the keys read below are kept.
  std::vector<std::pair<std::string, std::string>> metas;
  metas.reserve(elements.metas.size());
  for (NodeId i : elements.metas) {
    std::string_view key = dom.attr(i, Attr::property);
    if (key.empty()) key = dom.attr(i, Attr::name);
    if (key.empty()) continue;
    std::string lowered = lower(text::collapse_whitespace(key));
    if (!read_key(lowered)) continue;
    metas.emplace_back(std::move(lowered), text::collapse_whitespace(dom.attr(i, Attr::content)));
  }
  for (NodeId i : elements.links) {
    std::string_view href = dom.attr(i, Attr::href);
    if (href.empty()) continue;
    std::string rel = lower(std::string(dom.attr(i, Attr::rel)));
    // rel is a space-separated list.
    auto has_rel = [&](std::string_view word) {
      std::size_t at = rel.find(word);
      return at != std::string::npos && (at == 0 || rel[at - 1] == ' ') &&
             (at + word.size() == rel.size() || rel[at + word.size()] == ' ');
    };
    const bool link = dom.nodes[i].tag == Tag::link;
    if (link && has_rel("canonical") && m.canonical_url.empty())
      m.canonical_url = text::collapse_whitespace(href);
    else if (has_rel("license") && m.license.empty()) m.license = text::collapse_whitespace(href);
    else if (link && has_rel("image_src") && m.image.empty())
      m.image = text::collapse_whitespace(href);
  }
  m.title = first_of(metas, kTitleKeys);
  // The first author key present supplies every author it lists (several
  // citation_author tags are several authors).
  for (std::string_view key : kAuthorKeys) {
    for (const auto& [k, v] : metas)
      if (k == key)
        for (const std::string& name : split_list(v)) add_unique(m.authors, clean_author(name));
    if (!m.authors.empty()) break;
  }
  for (std::string_view key : kPublishedKeys) {
    for (const auto& [k, v] : metas)
      if (k == key && m.date_published.empty()) m.date_published = normalize_date(v);
    if (!m.date_published.empty()) break;
  }
  // Any other <meta> named for a date ("ms.date", "article.date") that is
  // not about changes or expiry.
  for (const auto& [k, v] : metas) {
    if (!m.date_published.empty()) break;
    if (k.find("date") == std::string::npos || k.find("modif") != std::string::npos ||
        k.find("updat") != std::string::npos || k.find("expir") != std::string::npos ||
        k.find("revis") != std::string::npos)
      continue;
    m.date_published = normalize_date(v);
  }
  for (std::string_view key : kModifiedKeys) {
    for (const auto& [k, v] : metas)
      if (k == key && m.date_modified.empty()) m.date_modified = normalize_date(v);
    if (!m.date_modified.empty()) break;
  }
  m.description = first_of(metas, kDescriptionKeys);
  // og:image and twitter:image are chosen for sharing; <link rel=image_src> is older.
  std::string meta_image = first_of(metas, kImageKeys);
  if (!meta_image.empty()) m.image = meta_image;
  m.site_name = first_of(metas, kSiteKeys);
  if (m.canonical_url.empty()) {
    for (const auto& [k, v] : metas)
      if (k == "og:url" && !v.empty()) {
        m.canonical_url = v;
        break;
      }
  }
  for (const auto& [k, v] : metas) {
    if (k == "article:tag" || k == "og:article:tag") add_unique(m.tags, v);
    else if (k == "article:section" || k == "og:article:section") add_unique(m.categories, v);
    else if (k == "og:type" && m.page_type.empty()) m.page_type = page_type_of(v);
    else if ((k == "dc.rights" || k == "dcterms.license") && m.license.empty()) m.license = v;
  }
  if (m.tags.empty())
    for (const auto& [k, v] : metas)
      if (k == "keywords" || k == "news_keywords") {
        m.tags = split_list(v);
        break;
      }
  return m;
}

}  // namespace pith::meta
