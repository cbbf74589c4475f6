// The sources of metadata, one file each. Every reader returns what its
// source says as a pith::Metadata with the fields it has; merge.cpp picks,
// field by field, the best source (docs/metadata.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dom/dom.hpp"
#include "pith/pith.hpp"

namespace pith::meta {

// The elements the readers below look at, in document order, found in one
// pass over the page instead of a pass per reader.
struct PageElements {
  dom::NodeId body = dom::kNoNode;  // the first <body>
  std::vector<dom::NodeId> html, titles, metas, bases, scripts, h1s, times;
  std::vector<dom::NodeId> links;     // <link> and <a> with a rel attribute
  std::vector<dom::NodeId> items;     // elements with itemtype or itemprop
  std::vector<dom::NodeId> headings;  // <h1>-<h3>, <b>, <strong> in the body
};
PageElements find_page_elements(const dom::Dom& dom);

// <script type="application/ld+json">: objects, arrays and @graph; the main
// entity is the first article-like object (else a page, product, ...).
// Malformed JSON-LD is skipped. With `article_body`, the longest
// articleBody string of the scripts goes there (see extract/article_body.hpp);
// with `product_description`, a product main entity's description, its line
// breaks kept.
Metadata read_json_ld(const dom::Dom& dom, const PageElements& elements, std::string* article_body = nullptr,
                      std::string* product_description = nullptr);

// OpenGraph (og:*, article:*), Twitter cards (twitter:*), plain <meta name>
// (author, description, date, keywords, Dublin Core, citation_*, parsely-*),
// <link rel=canonical|license|image_src>.
Metadata read_meta_tags(const dom::Dom& dom, const PageElements& elements);

// Whether the page asks search engines not to index it: a <meta name="robots">
// (or "googlebot") whose content lists noindex or none.
bool asks_not_to_be_indexed(const dom::Dom& dom, const PageElements& elements);

// Microdata: itemprop=headline, name, author, datePublished, dateModified,
// image, description, keywords, articleSection, license, with the itemtype of
// the outermost item as the page type.
Metadata read_microdata(const dom::Dom& dom, const PageElements& elements);

// What the document says as markup: <title> (in title), <html lang> and
// Content-Language / og:locale (in language).
Metadata read_document(const dom::Dom& dom, const PageElements& elements);

// Bylines and dates printed on the page: rel=author links, author/byline
// classes, labelled bylines ("By ...", "作者：..."), <time datetime>, and dates
// in the text near the headline. With require_headline (pages that declare
// themselves websites or listings), nothing unless the headline is found.
// `distant_date`, when given, receives a date with a clock time found
// further down than the byline window (a forum post's "posted at"), for use
// when nothing better dates the page. `wanted` says which of the two the
// caller can use; the other is left empty and not looked for.
struct BylineFields {
  bool authors = true;
  bool date = true;
};
Metadata read_page_bylines(const dom::Dom& dom, const PageElements& elements, std::string_view headline,
                           bool require_headline, std::string* distant_date = nullptr,
                           BylineFields wanted = {});

// The URL relative references in the page resolve against: its first
// <base href> (itself resolved against `page_url`), else `page_url`. Empty
// when neither gives an absolute URL.
std::string document_base_url(const dom::Dom& dom, const PageElements& elements, std::string_view page_url);

// The first <h1> texts of the page, for choosing the headline.
std::vector<std::string> headings_h1(const dom::Dom& dom, const PageElements& elements, std::size_t limit);
// The first texts of <h1>-<h3>, <b> and <strong> in the body (10 to 400 bytes).
std::vector<std::string> headline_texts(const dom::Dom& dom, const PageElements& elements, std::size_t limit);

// Shared helpers of the readers.
// Collapsed text of an element's subtree.
std::string element_text(const dom::Dom& dom, dom::NodeId id);
// "a, b; c" -> {"a", "b", "c"}, trimmed, empty and duplicate pieces dropped.
std::vector<std::string> split_list(std::string_view value);
// Adds `value` (collapsed) to `list` unless empty or already there.
void add_unique(std::vector<std::string>& list, std::string_view value);
// An author value that is a plausible name: not a URL, not an e-mail-only
// string, not too long; cleaned of a leading "By ".
std::string clean_author(std::string_view value);
// "&amp;", "&#39;", "&oacute;": entities a page escaped twice, decoded.
std::string decode_entities(std::string_view s);
// Page type from a schema.org @type / og:type / itemtype value, "" if unknown.
std::string page_type_of(std::string_view type);

}  // namespace pith::meta
