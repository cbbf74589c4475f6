// The metadata stage's entry point: every source read, then merged field by
// field (docs/metadata.md has the order of preference).
#pragma once

#include <string>
#include <string_view>

#include "dom/dom.hpp"
#include "meta/title.hpp"
#include "pith/pith.hpp"

namespace pith::meta {

// What the metadata stage hands on: the page's metadata, and what the later
// stages read of it.
struct PageMetadata {
  Metadata metadata;
  // The URL the page's links resolve against: its first <base href> (itself
  // resolved against the page's URL), else the page's URL, else the
  // canonical URL; empty when none is absolute.
  std::string link_base;
  // The longest articleBody string of the page's JSON-LD
  // (extraction::json_ld_article_body's answer), read from the scripts this
  // stage parses anyway: the content stage's cross-check.
  std::string article_body;
  // The description of the product the page's JSON-LD declares as its main
  // entity (empty on other pages): the content stage adds it where the
  // markup left it out (a description shipped only in the page's data).
  std::string product_description;
  // The page asks search engines not to index it (<meta name="robots"
  // content="noindex">): sign-in, challenge and error pages do.
  bool noindex = false;
};

// All metadata of a page. `page_url` (may be empty) resolves relative URLs
// (canonical, image, license) and supplies a date when the path holds one.
PageMetadata read_metadata(const dom::Dom& dom, std::string_view page_url);

// The two fields 0.1 read, kept for callers that need only these.
struct PageMeta {
  std::string title;
  std::string language;
};
PageMeta read_meta(const dom::Dom& dom);

}  // namespace pith::meta
