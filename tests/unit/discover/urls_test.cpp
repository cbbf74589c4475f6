// The pieces of discovery around the readers: URL normalisation, dates,
// robots.txt's Sitemap: lines, feed autodiscovery, the crawl frontier.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "pith/discover.hpp"

TEST_CASE("normalize_url: one form per page") {
  CHECK(pith::normalize_url("HTTP://Example.ORG:80/a#frag") == "http://example.org/a");
  CHECK(pith::normalize_url("https://example.org:443") == "https://example.org/");
  CHECK(pith::normalize_url("https://example.org:8443/x") == "https://example.org:8443/x");
  CHECK(pith::normalize_url("https://example.org/p?b=2&PHPSESSID=abc&a=1&sid=9") == "https://example.org/p?b=2&a=1");
  CHECK(pith::normalize_url("https://example.org/p?b=2&a=1", true) == "https://example.org/p?a=1&b=2");
  CHECK(pith::normalize_url("https://example.org/p;jsessionid=ABC123") == "https://example.org/p");
  CHECK(pith::normalize_url("https://example.org/p?jsessionid=1") == "https://example.org/p");
  CHECK(pith::normalize_url("mailto:a@example.org").empty());
  CHECK(pith::normalize_url("/relative").empty());
  CHECK(pith::normalize_url("not a url").empty());
}

TEST_CASE("date_day reads W3C and RSS dates, and nothing else") {
  CHECK(pith::date_day("2024-05-01") == "2024-05-01");
  CHECK(pith::date_day("2024-05-01T10:00:00+02:00") == "2024-05-01");
  CHECK(pith::date_day("Wed, 01 May 2024 10:00:00 GMT") == "2024-05-01");
  CHECK(pith::date_day("1 Dec 2023 00:00 +0000") == "2023-12-01");
  CHECK(pith::date_day("2024") == "");
  CHECK(pith::date_day("yesterday") == "");
  CHECK(pith::date_day("32 Foo 2024") == "");
}

TEST_CASE("robots_sitemaps: every Sitemap: line, any case, comments and duplicates dropped") {
  const auto sitemaps = pith::robots_sitemaps(
      "User-agent: *\nDisallow: /private\nSitemap: https://example.org/s1.xml # main\n"
      "sitemap:https://example.org/s2.xml.gz\r\nSITEMAP: https://example.org/s1.xml\nSitemap: relative.xml\n");
  CHECK(sitemaps == std::vector<std::string>{"https://example.org/s1.xml", "https://example.org/s2.xml.gz"});
}

TEST_CASE("feed_links finds announced RSS, Atom and RDF feeds, resolved against <base>") {
  const auto feeds = pith::feed_links(
      R"(<html><head><base href="https://cdn.example.org/blog/">
      <link rel="alternate" type="application/rss+xml" href="rss.xml">
      <link rel="Alternate feed" type="application/atom+xml; charset=utf-8" href="/atom.xml">
      <link rel="alternate" type="text/html" href="/fr/">
      <link rel="stylesheet" type="application/rss+xml" href="/not-a-feed">
      <link rel="alternate" type="application/rss+xml" href="rss.xml">
      </head><body><link rel="alternate" type="application/rdf+xml" href="https://example.org/rdf"></body></html>)",
      "https://example.org/page");
  CHECK(feeds == std::vector<std::string>{"https://cdn.example.org/blog/rss.xml", "https://cdn.example.org/atom.xml",
                                          "https://example.org/rdf"});
  CHECK(pith::feed_links("<p>no feeds</p>", "https://example.org/").empty());
}

TEST_CASE("the frontier is breadth-first, on the start host, each URL once, within depth and budget") {
  pith::CrawlFrontier frontier("https://www.example.org/", {.max_pages = 5, .max_depth = 2});
  CHECK(frontier.next_level() == std::vector<std::string>{"https://www.example.org/"});
  CHECK(frontier.depth() == 0);
  CHECK(frontier.offer("https://www.example.org/a", 0));
  CHECK_FALSE(frontier.offer("https://www.example.org/a#again", 0));  // seen
  CHECK_FALSE(frontier.offer("https://www.example.org/", 0));         // the start page
  CHECK_FALSE(frontier.offer("https://news.example.org/x", 0));       // another host
  CHECK_FALSE(frontier.offer("mailto:x@example.org", 0));
  frontier.mark_seen("https://www.example.org/b");  // a redirect's target
  CHECK_FALSE(frontier.offer("https://www.example.org/b", 0));
  CHECK(frontier.offer("https://www.example.org/c?sid=1", 0));
  CHECK(frontier.next_level() == std::vector<std::string>{"https://www.example.org/a", "https://www.example.org/c"});
  CHECK(frontier.depth() == 1);
  for (const char* link : {"/d", "/e", "/f"})
    CHECK(frontier.offer(std::string("https://www.example.org") + link, 1));
  // Two pages left of five.
  CHECK(frontier.next_level().size() == 2);
  CHECK(frontier.depth() == 2);
  CHECK_FALSE(frontier.offer("https://www.example.org/deeper", 2));  // past max_depth
  CHECK(frontier.next_level().empty());
  CHECK(frontier.handed_out() == 5);
}

TEST_CASE("the frontier with same_domain follows the registrable domain; a refund frees the budget") {
  pith::CrawlFrontier frontier("https://www.example.co.uk/", {.max_pages = 2, .max_depth = 5, .same_domain = true});
  CHECK(frontier.next_level().size() == 1);
  CHECK(frontier.offer("https://news.example.co.uk/a", 0));
  CHECK_FALSE(frontier.offer("https://other.co.uk/a", 0));
  CHECK(frontier.offer("https://example.co.uk/b", 0));
  CHECK(frontier.next_level().size() == 1);  // one of two left
  frontier.refund();                         // robots.txt refused it
  CHECK(frontier.handed_out() == 1);
}

TEST_CASE("a page's rel=next links are marked: the crawl follows pagination first") {
  pith::Options options;
  options.url = "https://example.org/list?page=1";
  options.links = true;
  const pith::Document doc = pith::extract(
      "<html><body><main><p>One of many pages of the archive, with enough words to be content.</p>"
      "<a href='/a'>An article</a> <a rel='nofollow NEXT' href='?page=2'>Older</a></main></body></html>",
      options);
  std::vector<std::string> next;
  for (const pith::Link& link : doc.links)
    if (link.next) next.push_back(link.url);
  CHECK(next == std::vector<std::string>{"https://example.org/list?page=2"});
  CHECK(doc.links.size() == 2);
}
