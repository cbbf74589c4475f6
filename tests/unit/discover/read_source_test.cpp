// Sitemaps and feeds read by pith::read_source: every format's entries, in
// order, resolved and normalised; gzip; hostile XML refused, never expanded.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "../compressors.hpp"
#include "pith/discover.hpp"

namespace {

struct Read {
  pith::SourceKind kind;
  std::vector<pith::FoundUrl> urls;
};

Read read(std::string_view bytes, std::string_view base = "https://example.org/sitemap.xml") {
  Read r{};
  r.kind = pith::read_source(bytes, base, [&](pith::FoundUrl url) { r.urls.push_back(std::move(url)); });
  return r;
}

std::vector<std::string> urls_of(const Read& r) {
  std::vector<std::string> urls;
  for (const auto& u : r.urls) urls.push_back(u.url);
  return urls;
}

using pith::test::gzip;

pith::ErrorCode error_of(std::string_view bytes) {
  try {
    read(bytes);
  } catch (const pith::Error& e) {
    return e.code();
  }
  FAIL("no error");
  return pith::ErrorCode::io_failed;
}

constexpr std::string_view kUrlset = R"(<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.org/a</loc><lastmod>2024-05-01</lastmod></url>
  <url><loc> https://EXAMPLE.org:443/b#top </loc></url>
  <url><loc>/relative?x=1&amp;y=2</loc><lastmod>2024-06-02T10:00:00+00:00</lastmod></url>
  <url><loc>ftp://example.org/file</loc></url>
  <url><lastmod>2024-01-01</lastmod></url>
</urlset>)";

}  // namespace

TEST_CASE("a urlset gives its http(s) locations in order, normalised, with their lastmod") {
  const Read r = read(kUrlset);
  CHECK(r.kind == pith::SourceKind::sitemap);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/a", "https://example.org/b",
                                               "https://example.org/relative?x=1&y=2"});
  CHECK(r.urls[0].date == "2024-05-01");
  CHECK(r.urls[1].date.empty());
  CHECK(r.urls[2].date == "2024-06-02T10:00:00+00:00");
}

TEST_CASE("a sitemap index gives its child sitemaps") {
  const Read r = read(R"(<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <sitemap><loc>https://example.org/s1.xml.gz</loc><lastmod>2024-01-01</lastmod></sitemap>
    <sitemap><loc>s2.xml</loc></sitemap></sitemapindex>)");
  CHECK(r.kind == pith::SourceKind::sitemap_index);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/s1.xml.gz", "https://example.org/s2.xml"});
}

TEST_CASE("a gzipped sitemap reads as the sitemap itself") {
  const Read plain = read(kUrlset);
  const Read zipped = read(gzip(kUrlset));
  CHECK(zipped.kind == pith::SourceKind::sitemap);
  CHECK(urls_of(zipped) == urls_of(plain));
}

TEST_CASE("a truncated gzip sitemap is a bad source, not a crash") {
  const std::string zipped = gzip(kUrlset);
  CHECK(error_of(std::string_view(zipped).substr(0, zipped.size() / 2)) == pith::ErrorCode::bad_source);
}

TEST_CASE("a gzip bomb stops at the size limit") {
  std::string lines;
  while (lines.size() <= pith::kMaxSourceBytes) lines += "https://example.org/same/page/again\n";
  const std::string bomb = gzip(lines);
  CHECK(bomb.size() < 1u << 20);
  CHECK(error_of(bomb) == pith::ErrorCode::input_too_large);
  // In XML too, whatever the parser makes of it first: refused, never held whole.
  const pith::ErrorCode xml = error_of(gzip("<urlset>" + std::string(pith::kMaxSourceBytes + 1024, ' ')));
  CHECK((xml == pith::ErrorCode::input_too_large || xml == pith::ErrorCode::bad_source));
}

TEST_CASE("a text sitemap gives one URL a line, blank and non-URL lines skipped") {
  const Read r = read("\xEF\xBB\xBFhttps://example.org/one\r\n\nhttps://example.org/two#x\nmailto:a@b\n  https://example.org/three  ");
  CHECK(r.kind == pith::SourceKind::text_sitemap);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/one", "https://example.org/two",
                                               "https://example.org/three"});
}

TEST_CASE("RSS 2.0: item links, a permalink guid when there is no link, pubDate kept") {
  const Read r = read(R"(<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
    <link>https://example.org/</link>
    <item><title>One</title><link>https://example.org/one</link><pubDate>Wed, 01 May 2024 10:00:00 GMT</pubDate></item>
    <item><guid isPermaLink="true">https://example.org/two</guid></item>
    <item><guid isPermaLink="false">tag:example.org,2024:3</guid></item>
    <item><link><![CDATA[/four]]></link></item>
    </channel></rss>)", "https://example.org/feed.xml");
  CHECK(r.kind == pith::SourceKind::rss);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/one", "https://example.org/two",
                                               "https://example.org/four"});
  CHECK(r.urls[0].date == "Wed, 01 May 2024 10:00:00 GMT");
}

TEST_CASE("Atom 1.0: the alternate link of each entry, relative hrefs resolved, updated kept") {
  const Read r = read(R"(<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="/atom.xml"/>
    <entry><link rel="edit" href="/edit/1"/><link rel="alternate" type="text/html" href="/posts/1"/>
      <updated>2024-03-04T05:06:07Z</updated></entry>
    <entry><link href="https://example.org/posts/2"/><published>2024-02-01T00:00:00Z</published></entry>
    <entry><link rel="enclosure" href="/audio.mp3"/></entry></feed>)", "https://example.org/atom.xml");
  CHECK(r.kind == pith::SourceKind::atom);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/posts/1", "https://example.org/posts/2"});
  CHECK(r.urls[0].date == "2024-03-04T05:06:07Z");
  CHECK(r.urls[1].date == "2024-02-01T00:00:00Z");
}

TEST_CASE("RSS 1.0 (RDF): items named by rdf:about or link, dc:date kept") {
  const Read r = read(R"(<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
      xmlns:dc="http://purl.org/dc/elements/1.1/">
    <channel rdf:about="https://example.org/"><link>https://example.org/</link></channel>
    <item rdf:about="https://example.org/r1"><title>1</title><dc:date>2024-07-08</dc:date></item>
    <item><link>https://example.org/r2</link></item></rdf:RDF>)", "https://example.org/rdf");
  CHECK(r.kind == pith::SourceKind::rdf);
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/r1", "https://example.org/r2"});
  CHECK(r.urls[0].date == "2024-07-08");
}

TEST_CASE("billion laughs is refused at once, never expanded") {
  std::string lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n";
  lol += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n";
  for (int i = 2; i <= 9; ++i) {
    lol += "<!ENTITY lol" + std::to_string(i) + " \"";
    for (int k = 0; k < 10; ++k) lol += "&lol" + std::to_string(i - 1) + ";";
    lol += "\">\n";
  }
  lol += "]>\n<urlset><url><loc>https://example.org/&lol9;</loc></url></urlset>";
  const auto start = std::chrono::steady_clock::now();
  try {
    read(lol);
    FAIL("billion laughs was accepted");
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::bad_source);
    CHECK(std::string(e.what()).find("entities") != std::string::npos);
  }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("external entities (XXE) and parameter entities are refused, nothing is loaded") {
  const std::string xxe = R"(<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
    <urlset><url><loc>https://example.org/&xxe;</loc></url></urlset>)";
  CHECK(error_of(xxe) == pith::ErrorCode::bad_source);
  const std::string parameter = R"(<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % remote SYSTEM "http://127.0.0.1:1/x.dtd"> %remote;]>
    <rss><channel><item><link>https://example.org/a</link></item></channel></rss>)";
  CHECK(error_of(parameter) == pith::ErrorCode::bad_source);
  // An undeclared entity is not well-formed.
  CHECK(error_of("<urlset><url><loc>https://example.org/&nope;</loc></url></urlset>") == pith::ErrorCode::bad_source);
}

TEST_CASE("a DOCTYPE without entities (old RSS 0.91) is read") {
  const Read r = read(R"(<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
    "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel>
    <item><link>https://example.org/old</link></item></channel></rss>)");
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/old"});
}

TEST_CASE("what is no sitemap or feed is a bad source with a reason") {
  CHECK(error_of("<!DOCTYPE html><html><body><p>hi</p></body></html>") == pith::ErrorCode::bad_source);
  CHECK(error_of("<urlset><url><loc>https://example.org/a</loc></url>") == pith::ErrorCode::bad_source);
  CHECK(error_of("{\"json\": true}") == pith::ErrorCode::bad_source);
  CHECK(error_of("") == pith::ErrorCode::empty_input);
  try {
    read("<html><body></body></html>");
  } catch (const pith::Error& e) {
    CHECK(std::string(e.what()) == "not a sitemap or feed (root element <html>)");
  }
}

TEST_CASE("a 50,000-URL sitemap is read whole") {
  std::string xml = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";
  for (int i = 0; i < 50000; ++i)
    xml += "<url><loc>https://example.org/page/" + std::to_string(i) + "</loc><lastmod>2024-01-01</lastmod></url>\n";
  xml += "</urlset>";
  std::size_t count = 0;
  std::string last;
  pith::read_source(xml, "", [&](pith::FoundUrl url) {
    ++count;
    last = url.url;
  });
  CHECK(count == 50000);
  CHECK(last == "https://example.org/page/49999");
}

TEST_CASE("a feed in a single-byte charset is read; one in another multi-byte charset is refused") {
  const Read r = read("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><item>"
                      "<title>\x93Quoted\x94 \x80 caf\xe9</title><link>https://example.org/w</link></item></channel></rss>");
  CHECK(urls_of(r) == std::vector<std::string>{"https://example.org/w"});
  CHECK(error_of("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><rss><channel><item><link>https://example.org/j</link>"
                 "</item></channel></rss>") == pith::ErrorCode::bad_source);
}
