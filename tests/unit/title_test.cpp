// Title choices that depend on the page's headings (src/meta/title.cpp and
// the heading texts of src/meta/page_meta.cpp), through pith::extract.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "meta/title.hpp"
#include "pith/pith.hpp"

namespace {

std::string body_text() {
  std::string body;
  for (int i = 0; i < 6; ++i)
    body += "<p>Small integers are cached by the interpreter, so two names bound to the same small "
            "number share one object, which is why an identity test on them can surprise.</p>";
  return body;
}

}  // namespace

TEST_CASE("title: a blog post's heading linked to itself is its headline, not a site name") {
  // The <h1> is the blog's name; the post's title is an <h2> linking to the
  // post, and the last part of <title>.
  std::string html = "<html><head><title>Four Quiet Years \xC2\xBB Blog Archive \xC2\xBB Interning of small "
                     "integers</title></head><body><div id='header'><h1><a href='/'>Four Quiet Years</a></h1>"
                     "</div><div class='post'><h2><a href='https://blog.example/2019/interning/' "
                     "rel='bookmark'>Interning of small integers</a></h2>" +
                     body_text() + "</div></body></html>";
  CHECK(pith::extract(html).metadata.title == "Interning of small integers");
}

TEST_CASE("title: with every title an unfilled template, the first heading beats the site's name") {
  std::string html = "<html><head><title>Rail Travel Enquiries -</title></head><body><h1></h1><div "
                     "class='main'><h2>Replacement buses this weekend</h2>" +
                     body_text() + "</div></body></html>";
  CHECK(pith::extract(html).metadata.title == "Replacement buses this weekend");
  // No heading at all: the site's name is still better than nothing.
  std::string bare = "<html><head><title>Rail Travel Enquiries -</title></head><body>" + body_text() +
                     "</body></html>";
  CHECK(pith::extract(bare).metadata.title == "Rail Travel Enquiries");
}

TEST_CASE("title: a JSON-LD Person or Organization is the site's owner, not the page") {
  std::string html =
      "<html><head><title>Progressive web apps for retailers | Quietsoft</title>"
      "<script type='application/ld+json'>{\"@context\":\"https://schema.org\",\"@graph\":["
      "{\"@type\":[\"Organization\",\"Person\"],\"@id\":\"#owner\",\"name\":\"Quietsoft\"},"
      "{\"@type\":\"WebSite\",\"name\":\"Quietsoft\",\"publisher\":{\"@id\":\"#owner\"}},"
      "{\"@type\":\"WebPage\",\"name\":\"Progressive web apps for retailers | Quietsoft\"}]}</script>"
      "</head><body><div class='main'><h1>Apps your customers keep</h1>" +
      body_text() + "</div></body></html>";
  const pith::Document doc = pith::extract(html);
  CHECK(doc.metadata.title == "Progressive web apps for retailers");
  CHECK(doc.metadata.declared_page_type != "profile");
}

TEST_CASE("title: microdata of a list of article teasers is not the page's headline, author or date") {
  std::string html = "<html><head><title>The Harbour Blog - Harbour</title></head><body><div class='main'>";
  for (int i = 0; i < 3; ++i)
    html += "<article itemscope itemtype='https://schema.org/BlogPosting'><a href='/p" + std::to_string(i) +
            "'><h1 itemprop='name'>Teaser number " + std::to_string(i) +
            " of the blog</h1></a><span itemprop='author'>Ana Ruiz</span><time itemprop='datePublished' "
            "datetime='2026-03-0" + std::to_string(i + 1) + "'>March</time>" + body_text() + "</article>";
  html += "</div></body></html>";
  const pith::Document doc = pith::extract(html);
  CHECK(doc.metadata.title == "The Harbour Blog");
  CHECK(doc.metadata.declared_page_type == "listing");
  // One teaser on its own is an article page, and its microdata is the page's.
  std::string single = "<html><head><title>The Harbour Blog - Harbour</title></head><body><article itemscope "
                       "itemtype='https://schema.org/BlogPosting'><h1 itemprop='headline'>Teaser number 0 of "
                       "the blog</h1><span itemprop='author'>Ana Ruiz</span>" +
                       body_text() + "</article></body></html>";
  const pith::Document one = pith::extract(single);
  CHECK(one.metadata.title == "Teaser number 0 of the blog");
  CHECK(one.metadata.authors == std::vector<std::string>{"Ana Ruiz"});
}

TEST_CASE("title: of two <h1>s the title starts with, the shorter is the headline") {
  std::string html = "<html><head><title>Tips from a first visit to Kyoto - Japan Forum - Travellers</title>"
                     "</head><body><div class='main'><h1>Tips from a first visit to Kyoto - Japan Forum</h1>"
                     "<div class='post'><h1>Tips from a first visit to Kyoto</h1>" +
                     body_text() + "</div></div></body></html>";
  CHECK(pith::extract(html).metadata.title == "Tips from a first visit to Kyoto");
}

TEST_CASE("title: with the site's name cut, a section after a pipe goes too") {
  CHECK(pith::meta::strip_site_suffix("Access overview | Identity and Access | Cloud Docs", "Cloud Docs") ==
        "Access overview");
  // A dash inside the headline stays when its first part is the shorter.
  CHECK(pith::meta::strip_site_suffix("Brexit - what the deal means for you | Courier", "Courier") ==
        "Brexit - what the deal means for you");
}

TEST_CASE("title: typographic quotes, dashes and no-break spaces compare as ASCII; separators side by side") {
  // The site's name written with curly quotes and a no-break space matches its plain form.
  CHECK(pith::meta::strip_site_suffix("Fares frozen \xE2\x80\x94 The \xE2\x80\x9CHarbour\xE2\x80\x9D\xC2\xA0" "Courier",
                                      "The \"harbour\" courier") == "Fares frozen");
  CHECK(pith::meta::site_from_title("Harbour Courier \xE2\x80\x93 Fares frozen until spring",
                                    "Fares Frozen Until Spring") == "Harbour Courier");
  // A lone lead byte or a cut sequence at the end is kept as it is.
  CHECK(pith::meta::site_from_title("Harbour Courier | Fares \xE2\x80", "Fares \xE2\x80") == "Harbour Courier");
  // Two separators in a row cut twice; "_" cuts inside a word.
  CHECK(pith::meta::site_from_title("A | - B", "B").empty());
  CHECK(pith::meta::site_from_title("Harbour_Courier", "courier") == "Harbour");
}
