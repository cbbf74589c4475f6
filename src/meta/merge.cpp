// Every source read, then each field taken from the best source that has it.
// The order of preference per field (also in docs/metadata.md):
//
//   title           <h1> the page title starts or ends with > a later part of the title that
//                   the page shows as a heading or in bold > JSON-LD headline > og:title /
//                   twitter:title > microdata headline > <title> (site name stripped) > <h1>
//   authors         JSON-LD > microdata > <meta> (author, article:author, citation_author, ...)
//                   > byline on the page (rel=author, author/byline classes, "By ...", "作者：...");
//                   a source that credits only the site itself comes after all the others
//   date_published  JSON-LD > <meta> (article:published_time, ...) > microdata
//                   > <time datetime> / date printed near the headline > date in the URL
//                   > a timestamp further down the page (a post's "posted at") > date_modified
//   date_modified   JSON-LD > <meta> > microdata
//   site_name       og:site_name / application-name > JSON-LD WebSite or publisher name
//                   > the other part of a two-part <title> ("Site – Headline")
//   description     <meta> (og:description, description) > JSON-LD > microdata
//   language        <html lang> > Content-Language > og:locale > JSON-LD inLanguage > microdata
//   canonical_url   <link rel=canonical> > og:url
//   image           og:image / twitter:image > <link rel=image_src> > JSON-LD > microdata
//   tags            JSON-LD keywords > article:tag > <meta keywords> > microdata
//   categories      JSON-LD articleSection (else its breadcrumbs) > article:section > microdata
//   page_type       JSON-LD @type > microdata itemtype > og:type
//   license         JSON-LD > <link|a rel=license> / dc.rights > microdata
//
// Structured data comes first because a site states it on purpose; text on
// the page is the fallback because bylines and dates there are written for
// people and found by patterns.
#include <algorithm>
#include <charconv>

#include "meta/dates.hpp"
#include "meta/page_meta.hpp"
#include "meta/sources.hpp"
#include "meta/url.hpp"
#include "text/ascii.hpp"

namespace pith::meta {
namespace {

const std::string& first_of(std::initializer_list<const std::string*> values) {
  for (const std::string* v : values)
    if (!v->empty()) return *v;
  static const std::string empty;
  return empty;
}

const std::vector<std::string>& first_of(std::initializer_list<const std::vector<std::string>*> lists) {
  for (const std::vector<std::string>* l : lists)
    if (!l->empty()) return *l;
  static const std::vector<std::string> empty;
  return empty;
}

// A license may be a URL (resolved) or a name (kept).
std::string license_value(std::string_view base, const std::string& value) {
  bool url_like = value.find(' ') == std::string::npos &&
                  (value.rfind("/", 0) == 0 || value.find("://") != std::string::npos);
  return url_like ? resolve_url(base, value) : value;
}

bool same_name(const std::string& a, const std::string& b) {
  if (a.empty() || a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (text::ascii_lower(a[i]) != text::ascii_lower(b[i])) return false;
  return true;
}

// "东海日报报业集团", "海洋学术期刊": a Chinese organisation's name ends with
// what it is (paper, site, group, publisher, journal, station).
bool is_organisation_name(std::string_view name) {
  static constexpr std::string_view kEndings[] = {"报", "網", "网", "网络", "集团", "社", "台", "公司", "期刊", "杂志", "中心", "频道"};
  for (std::string_view e : kEndings)
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) return true;
  return false;
}

// "2022-05-04T00:44:52Z", "...+00:00": a machine's clock, not the newsroom's.
bool is_utc_time(std::string_view iso) {
  if (iso.size() <= 10 || iso[10] != 'T') return false;
  return iso.back() == 'Z' || (iso.size() >= 6 && iso.substr(iso.size() - 6) == "+00:00");
}

// Days since 1970-01-01 of an ISO date's day (H. Hinnant's days_from_civil).
long days_of(int y, int m, int d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// How many days apart two ISO dates are; -1 unless both have a day.
long days_apart(std::string_view a, std::string_view b) {
  auto day = [](std::string_view iso) -> long {
    if (iso.size() < 10 || iso[4] != '-' || iso[7] != '-') return -1;
    int y = 0, m = 0, d = 0;
    std::from_chars(iso.data(), iso.data() + 4, y);
    std::from_chars(iso.data() + 5, iso.data() + 7, m);
    std::from_chars(iso.data() + 8, iso.data() + 10, d);
    return y && m && d ? days_of(y, m, d) : -1;
  };
  long x = day(a), y = day(b);
  return x < 0 || y < 0 ? -1 : (x > y ? x - y : y - x);
}

// "KatieS", "nora.quint": one word of ASCII, a user name more often than a
// person's whole name.
bool single_ascii_word(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (c == ' ' || static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// "Nora Quint", "唐雨": several words, or a name in a script without spaces.
bool looks_like_person(std::string_view name) {
  if (is_organisation_name(name)) return false;
  for (char c : name)
    if (c == ' ' || static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

}  // namespace

PageMetadata read_metadata(const dom::Dom& dom, std::string_view page_url) {
  PageMetadata read;
  const PageElements elements = find_page_elements(dom);
  Metadata jsonld = read_json_ld(dom, elements, &read.article_body, &read.product_description);
  Metadata tags = read_meta_tags(dom, elements);
  read.noindex = asks_not_to_be_indexed(dom, elements);
  Metadata micro = read_microdata(dom, elements);
  Metadata doc = read_document(dom, elements);

  // Some sites escape their metadata twice ("Finance &amp;amp; Accounting").
  for (Metadata* source : {&jsonld, &tags, &micro, &doc}) {
    source->title = decode_entities(source->title);
    source->description = decode_entities(source->description);
    source->site_name = decode_entities(source->site_name);
  }
  read.product_description = decode_entities(read.product_description);

  Metadata m;
  m.site_name = first_of({&tags.site_name, &jsonld.site_name});
  TitleCandidates titles;
  titles.json_ld = jsonld.title;
  titles.open_graph = tags.title;
  titles.microdata = micro.title;
  titles.title_tag = doc.title;
  titles.h1s = headings_h1(dom, elements, 3);
  titles.find_headings = [&] { return headline_texts(dom, elements, 40); };
  titles.site_name = m.site_name;
  m.title = choose_title(titles);
  if (m.site_name.empty()) m.site_name = site_from_title(doc.title, m.title);

  const std::string& declared_type = first_of({&jsonld.page_type, &micro.page_type, &tags.page_type});
  std::string url_date = date_from_url(page_url);
  if (url_date.empty()) url_date = date_from_url(tags.canonical_url);
  // A distant timestamp is looked for only when no better date is stated.
  std::string distant_date;
  bool dated = !jsonld.date_published.empty() || !tags.date_published.empty() ||
               !micro.date_published.empty() || !url_date.empty();
  // Sites often credit themselves as the JSON-LD author, and CMSs fill in
  // the account's user name; a person named elsewhere on the page is the
  // better answer then.
  // A user name gives way only to a name written like a person's.
  auto names_person = [](const std::vector<std::string>& authors) {
    return std::any_of(authors.begin(), authors.end(), [](const std::string& a) { return looks_like_person(a); });
  };
  auto credits_site = [&](const std::vector<std::string>& authors, bool person_named) {
    bool all = !authors.empty();
    for (const std::string& a : authors)
      all = all && (same_name(a, m.site_name) || same_name(a, jsonld.site_name) ||
                    (person_named && single_ascii_word(a)) || is_organisation_name(a));
    return all;
  };
  // The page's own byline is read only for what it can change. The authors
  // are settled when the first structured source that names anyone names a
  // person and not the site: it is taken whatever the page says. The date
  // is settled by a structured date unless it is in UTC, which the printed
  // date may correct (below).
  BylineFields wanted;
  for (const std::vector<std::string>* authors : {&jsonld.authors, &micro.authors, &tags.authors})
    if (!authors->empty()) {
      wanted.authors = !names_person(*authors) || credits_site(*authors, /*person_named=*/true);
      break;
    }
  const std::string& structured_date = first_of({&jsonld.date_published, &tags.date_published, &micro.date_published});
  wanted.date = structured_date.empty() || is_utc_time(structured_date);
  Metadata page = read_page_bylines(dom, elements, m.title, declared_type == "website" || declared_type == "listing",
                                    dated ? nullptr : &distant_date, wanted);
  bool person_named = false;
  for (const std::vector<std::string>* authors : {&jsonld.authors, &micro.authors, &tags.authors, &page.authors})
    person_named = person_named || names_person(*authors);
  std::vector<const std::vector<std::string>*> people, sites;
  for (const std::vector<std::string>* authors : {&jsonld.authors, &micro.authors, &tags.authors, &page.authors})
    (credits_site(*authors, person_named) ? sites : people).push_back(authors);
  for (const auto* authors : people)
    if (m.authors.empty()) m.authors = *authors;
  for (const auto* authors : sites)
    if (m.authors.empty()) m.authors = *authors;
  m.date_modified = first_of({&jsonld.date_modified, &tags.date_modified, &micro.date_modified});
  // A page that states only when it was last changed is dated by that.
  m.date_published = first_of({&jsonld.date_published, &tags.date_published, &micro.date_published,
                               &page.date_published, &url_date, &distant_date, &m.date_modified});
  // A structured time in UTC can fall on the day before or after the date
  // the page prints for its readers; the printed local date is the one meant.
  if (is_utc_time(m.date_published) && m.date_published != page.date_published &&
      days_apart(m.date_published, page.date_published) == 1)
    m.date_published = page.date_published;
  m.description = first_of({&tags.description, &jsonld.description, &micro.description});
  m.language = first_of({&doc.language, &jsonld.language, &micro.language});
  // Relative URLs resolve against the page's <base href>, else its address,
  // else (the caller gave none) the canonical address.
  std::string document_base = document_base_url(dom, elements, page_url);
  m.canonical_url = resolve_url(document_base, tags.canonical_url);
  std::string_view base = !document_base.empty() ? std::string_view(document_base) : std::string_view(m.canonical_url);
  m.image = resolve_url(base, first_of({&tags.image, &jsonld.image, &micro.image}));
  m.tags = first_of({&jsonld.tags, &tags.tags, &micro.tags});
  m.categories = first_of({&jsonld.categories, &tags.categories, &micro.categories});
  m.page_type = first_of({&jsonld.page_type, &micro.page_type, &tags.page_type});
  m.license = license_value(base, first_of({&jsonld.license, &tags.license, &micro.license}));
  read.link_base = base;
  read.metadata = std::move(m);
  return read;
}

}  // namespace pith::meta
