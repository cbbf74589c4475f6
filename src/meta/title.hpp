// Choosing the headline among <title>, og:title, JSON-LD headline and <h1>.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pith::meta {

// "Headline | Site" -> "Headline": drops the trailing segment after a
// separator when what remains is most of the title, or when the segment is the
// site's name. A leading "Site: " / "Site - " goes when it is the site's name.
std::string strip_site_suffix(std::string_view title, std::string_view site_name = {});

// A title as the page's template filled it: empty "()" / "[]" dropped; ""
// when it starts or ends with a separator ("| Site", "Site -"), the
// headline's slot left empty.
std::string filled_title(std::string_view raw);

struct TitleCandidates {
  std::string json_ld;     // JSON-LD headline of the main entity
  std::string open_graph;  // og:title, else twitter:title
  std::string microdata;   // itemprop=headline
  std::string title_tag;   // <title>
  std::vector<std::string> h1s;  // the first <h1> texts, in document order
  // Gives the texts set apart as headings or in bold (h1-h3, b, strong), for
  // titles that put the site first: "Site - Section - Headline". Called only
  // if the choice comes to them (most pages' titles are settled by an <h1>
  // first); none when unset.
  std::function<std::vector<std::string>()> find_headings;
  std::string site_name;
};

// The headline: an <h1> that the page's title starts with (the cleanest form:
// no site name, no teaser), else the JSON-LD headline, else og:title or
// <title> without the site's name, else the first <h1>.
std::string choose_title(const TitleCandidates& c);

// The site's name as a two-part title shows it next to the chosen headline
// ("Lindenauer Bote – Freibad ..." -> "Lindenauer Bote"); "" otherwise.
std::string site_from_title(std::string_view title, std::string_view headline);

}  // namespace pith::meta
