// Every source read, then each field taken from the best source that has it.
// The order of preference per field (also in README, "Metadata"):
//
//   title           <h1> the page title starts or ends with > a later part of the title that
//                   the page shows as a heading or in bold > JSON-LD headline > og:title /
//                   twitter:title > microdata headline > <title> (site name stripped) > <h1>
//   authors         JSON-LD > microdata > <meta> (author, article:author, citation_author, ...)
//                   > byline on the page (rel=author, author/byline classes, "By ...", "作者：...");
//                   a source that credits only the site itself comes after all the others
//   date_published  JSON-LD > <meta> (article:published_time, ...) > microdata
//                   > <time datetime> / date printed near the headline > date in the URL
//                   > date_modified
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

}  // namespace

Metadata read_metadata(const dom::Dom& dom, std::string_view page_url) {
  Metadata jsonld = read_json_ld(dom);
  Metadata tags = read_meta_tags(dom);
  Metadata micro = read_microdata(dom);
  Metadata doc = read_document(dom);

  // Some sites escape their metadata twice ("Finance &amp;amp; Accounting").
  for (Metadata* source : {&jsonld, &tags, &micro, &doc}) {
    source->title = decode_entities(source->title);
    source->description = decode_entities(source->description);
    source->site_name = decode_entities(source->site_name);
  }

  Metadata m;
  m.site_name = first_of({&tags.site_name, &jsonld.site_name});
  TitleCandidates titles;
  titles.json_ld = jsonld.title;
  titles.open_graph = tags.title;
  titles.microdata = micro.title;
  titles.title_tag = doc.title;
  titles.h1s = headings_h1(dom, 3);
  titles.headings = headline_texts(dom, 40);
  titles.site_name = m.site_name;
  m.title = choose_title(titles);
  if (m.site_name.empty()) m.site_name = site_from_title(doc.title, m.title);

  const std::string& declared_type = first_of({&jsonld.page_type, &micro.page_type, &tags.page_type});
  Metadata page = read_page_bylines(dom, m.title, declared_type == "website" || declared_type == "listing");
  // Sites often credit themselves as the JSON-LD author; a person named
  // elsewhere on the page is the better answer then.
  auto credits_site = [&](const std::vector<std::string>& authors) {
    bool all = !authors.empty();
    for (const std::string& a : authors)
      all = all && (same_name(a, m.site_name) || same_name(a, jsonld.site_name));
    return all;
  };
  std::vector<const std::vector<std::string>*> people, sites;
  for (const std::vector<std::string>* authors : {&jsonld.authors, &micro.authors, &tags.authors, &page.authors})
    (credits_site(*authors) ? sites : people).push_back(authors);
  for (const auto* authors : people)
    if (m.authors.empty()) m.authors = *authors;
  for (const auto* authors : sites)
    if (m.authors.empty()) m.authors = *authors;
  std::string url_date = date_from_url(page_url);
  if (url_date.empty()) url_date = date_from_url(tags.canonical_url);
  m.date_modified = first_of({&jsonld.date_modified, &tags.date_modified, &micro.date_modified});
  // A page that states only when it was last changed is dated by that.
  m.date_published = first_of({&jsonld.date_published, &tags.date_published, &micro.date_published,
                               &page.date_published, &url_date, &m.date_modified});
  m.description = first_of({&tags.description, &jsonld.description, &micro.description});
  m.language = first_of({&doc.language, &jsonld.language, &micro.language});
  m.canonical_url = resolve_url(page_url, tags.canonical_url);
  // Relative URLs resolve against the canonical address when the caller gave none.
  std::string_view base = !page_url.empty() ? page_url : std::string_view(m.canonical_url);
  m.image = resolve_url(base, first_of({&tags.image, &jsonld.image, &micro.image}));
  m.tags = first_of({&jsonld.tags, &tags.tags, &micro.tags});
  m.categories = first_of({&jsonld.categories, &tags.categories, &micro.categories});
  m.page_type = first_of({&jsonld.page_type, &micro.page_type, &tags.page_type});
  m.license = license_value(base, first_of({&jsonld.license, &tags.license, &micro.license}));
  return m;
}

}  // namespace pith::meta
