// The metadata stage, one source at a time, then the merge and its order of
// preference; and the comment-thread finder.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "extract/comments.hpp"
#include "meta/dates.hpp"
#include "meta/json_ld_parse.hpp"
#include "meta/page_meta.hpp"
#include "meta/sources.hpp"
#include "meta/url.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace {

using pith::Metadata;
namespace meta = pith::meta;

Metadata metadata_of(const std::string& html, std::string_view url = {}) {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  return meta::read_metadata(dom, url).metadata;
}

std::string page(const std::string& head, const std::string& body) {
  return "<!doctype html><html><head>" + head + "</head><body>" + body + "</body></html>";
}

const std::string kArticleBody =
    "<article><h1>Harbour ferry returns after repairs</h1><p>The ferry is back in service after "
    "three months in dry dock, the operator said on Monday.</p></article>";

}  // namespace

TEST_CASE("dates: machine formats and written dates become ISO 8601") {
  CHECK(meta::normalize_date("2024-05-03T10:15:00+02:00") == "2024-05-03T10:15:00+02:00");
  CHECK(meta::normalize_date("2024-05-03T10:15:00Z") == "2024-05-03T10:15:00Z");
  CHECK(meta::normalize_date("2024-05-03 10:15") == "2024-05-03T10:15:00");
  CHECK(meta::normalize_date("20240503") == "2024-05-03");
  // RFC 1123 keeps its time and zone (GMT is UTC).
  CHECK(meta::normalize_date("Fri, 03 May 2024 10:00:00 GMT") == "2024-05-03T10:00:00Z");
  CHECK(meta::normalize_date("Fri, 03 May 2024 10:00:00 +0200") == "2024-05-03T10:00:00+02:00");
  CHECK(meta::normalize_date("Fri, 03 May 2024") == "2024-05-03");
  CHECK(meta::normalize_date("not a date") == "");
  CHECK(meta::normalize_date("2024-13-45") == "");
  CHECK(meta::find_date_in_text("发表于:2005-7-31 12:30") == "2005-07-31T12:30:00");
  CHECK(meta::find_date_in_text("2005年4月28日") == "2005-04-28");
  CHECK(meta::find_date_in_text("Published 12.09.2024 by the desk") == "2024-09-12");
  CHECK(meta::find_date_in_text("Posted on April 13, 2023") == "2023-04-13");
  CHECK(meta::find_date_in_text("le 28 avril 2005") == "2005-04-28");
  CHECK(meta::find_date_in_text("12 сентября 2024 года") == "2024-09-12");
  CHECK(meta::find_date_in_text("03/15/2024") == "2024-03-15");
}

TEST_CASE("dates: URL paths") {
  CHECK(meta::date_from_url("https://x.example/2024/05/03/story/") == "2024-05-03");
  CHECK(meta::date_from_url("https://x.example/news/20240503-story.html") == "2024-05-03");
  CHECK(meta::date_from_url("https://x.example/2024/05/story") == "2024-05");
  CHECK(meta::date_from_url("https://x.example/story?id=20240503") == "");
  CHECK(meta::date_from_url("") == "");
  CHECK(meta::date_from_url("https://x.example/a_20240503_b") == "2024-05-03");
  CHECK(meta::date_from_url("https://x.example/2024-05-03-story") == "2024-05-03");
  CHECK(meta::date_from_url("https://x.example/a-2024-05-03") == "");
  CHECK(meta::date_from_url("https://x.example/2024/5/3") == "2024-05-03");
  CHECK(meta::date_from_url("https://x.example/12024/05/03/") == "");
  CHECK(meta::date_from_url("https://x.example/story/1999") == "");
}

TEST_CASE("urls: relative references resolve, unsafe schemes are dropped") {
  CHECK(meta::resolve_url("https://x.example/a/b.html", "../img/c.jpg") == "https://x.example/img/c.jpg");
  CHECK(meta::resolve_url("https://x.example/a/b.html", "//cdn.example/d.png") == "https://cdn.example/d.png");
  CHECK(meta::resolve_url("https://x.example/a/", "https://y.example/") == "https://y.example/");
  CHECK(meta::resolve_url("https://x.example/", "javascript:alert(1)") == "");
  CHECK(meta::resolve_url("https://x.example/", " JavaScript:alert(1)") == "");
  CHECK(meta::resolve_url("", "/relative/only") == "/relative/only");
}

TEST_CASE("title: site-name suffixes and prefixes") {
  CHECK(meta::strip_site_suffix("Harbour ferry returns | The Courier") == "Harbour ferry returns");
  CHECK(meta::strip_site_suffix("Harbour ferry returns after repairs - Courier") ==
        "Harbour ferry returns after repairs");
  // A dash with a long part after it may be the headline's own.
  CHECK(meta::strip_site_suffix("News - Harbour ferry returns after three months in dry dock") ==
        "News - Harbour ferry returns after three months in dry dock");
  // Known site name: removed at either end whatever its length.
  CHECK(meta::strip_site_suffix("Ferry - The Harbour Courier and Gazette", "The Harbour Courier and Gazette") ==
        "Ferry");
  CHECK(meta::strip_site_suffix("Courier: Harbour ferry returns", "Courier") == "Harbour ferry returns");
  CHECK(meta::strip_site_suffix("Models | Django documentation | Django") == "Models");
}

TEST_CASE("title: an <h1> the title starts with wins over the suffixed title") {
  Metadata m = metadata_of(page("<title>Harbour ferry returns after repairs | The Courier</title>"
                                "<meta property=\"og:site_name\" content=\"The Courier\">",
                                kArticleBody));
  CHECK(m.title == "Harbour ferry returns after repairs");
  CHECK(m.site_name == "The Courier");
}

TEST_CASE("json-ld: @graph, @id references, arrays; publisher is the site") {
  std::string ld = R"(<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
    {"@type":"WebSite","@id":"#site","name":"The Courier"},
    {"@type":"Person","@id":"#p1","name":"Ana Ruiz"},
    {"@type":["NewsArticle"],"headline":"Harbour ferry returns after repairs",
     "author":[{"@id":"#p1"},{"@type":"Person","name":"Tom Bell"}],
     "datePublished":"2024-05-03T08:00:00+01:00","dateModified":"2024-05-04T09:30:00+01:00",
     "image":{"@type":"ImageObject","url":"/img/ferry.jpg"},"keywords":["ferry","harbour"],
     "articleSection":"Local","inLanguage":"en-GB","license":"https://creativecommons.org/licenses/by/4.0/",
     "publisher":{"@type":"Organization","name":"Courier Media"}}]}</script>)";
  Metadata m = metadata_of(page(ld, kArticleBody), "https://courier.example/local/ferry");
  CHECK(m.title == "Harbour ferry returns after repairs");
  REQUIRE(m.authors.size() == 2);
  CHECK(m.authors[0] == "Ana Ruiz");
  CHECK(m.authors[1] == "Tom Bell");
  CHECK(m.date_published == "2024-05-03T08:00:00+01:00");
  CHECK(m.date_modified == "2024-05-04T09:30:00+01:00");
  CHECK(m.image == "https://courier.example/img/ferry.jpg");
  CHECK(m.tags == std::vector<std::string>{"ferry", "harbour"});
  CHECK(m.categories == std::vector<std::string>{"Local"});
  CHECK(m.page_type == "article");
  CHECK(m.site_name == "The Courier");
  CHECK(m.license == "https://creativecommons.org/licenses/by/4.0/");
}

TEST_CASE("json-ld: a malformed script is skipped, a valid one still read") {
  std::string broken = R"(<script type="application/ld+json">{"@type":"NewsArticle", "headline": "Broken",</script>)";
  std::string valid = R"(<script type="application/ld+json">[{"@type":"BlogPosting","author":"Lee Chan",
      "datePublished":"2023-11-02"}]</script>)";
  Metadata m = metadata_of(page(broken + valid, kArticleBody));
  CHECK(m.authors == std::vector<std::string>{"Lee Chan"});
  CHECK(m.date_published == "2023-11-02");
  // Only broken JSON-LD: no crash, the other sources still answer.
  Metadata only_broken = metadata_of(page(broken + "<title>Harbour ferry returns after repairs</title>", kArticleBody));
  CHECK(only_broken.title == "Harbour ferry returns after repairs");
  CHECK(only_broken.authors.empty());
}

TEST_CASE("conflicting dates: JSON-LD > <meta> > microdata > <time> > URL") {
  const std::string time_body =
      "<article><h1>Harbour ferry returns after repairs</h1><time datetime=\"2024-05-05\">5 May</time>"
      "<p>The ferry is back in service after three months in dry dock.</p></article>";
  const std::string meta_tag = "<meta property=\"article:published_time\" content=\"2024-05-02T07:00:00Z\">";
  const std::string ld = R"(<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-05-01"}</script>)";
  const std::string url = "https://courier.example/2024/04/30/ferry";
  CHECK(metadata_of(page(ld + meta_tag, time_body), url).date_published == "2024-05-01");
  CHECK(metadata_of(page(meta_tag, time_body), url).date_published == "2024-05-02T07:00:00Z");
  CHECK(metadata_of(page("", time_body), url).date_published == "2024-05-05");
  CHECK(metadata_of(page("", kArticleBody), url).date_published == "2024-04-30");
  CHECK(metadata_of(page("", kArticleBody)).date_published == "");
}

TEST_CASE("opengraph and meta tags: description, image made absolute, tags, canonical") {
  Metadata m = metadata_of(
      page("<title>Ferry | Courier</title><meta name=\"description\" content=\"Plain description\">"
           "<meta property=\"og:description\" content=\"OG description\">"
           "<meta property=\"og:image\" content=\"../img/og.jpg\">"
           "<meta name=\"author\" content=\"By Ana Ruiz\"><meta name=\"keywords\" content=\"ferry, harbour, ferry\">"
           "<meta property=\"og:type\" content=\"article\"><link rel=\"canonical\" href=\"/local/ferry\">",
           kArticleBody),
      "https://courier.example/local/ferry?utm=1");
  CHECK(m.description == "OG description");
  CHECK(m.image == "https://courier.example/img/og.jpg");
  CHECK(m.authors == std::vector<std::string>{"Ana Ruiz"});
  CHECK(m.tags == std::vector<std::string>{"ferry", "harbour"});
  CHECK(m.canonical_url == "https://courier.example/local/ferry");
  CHECK(m.page_type == "article");
}

TEST_CASE("microdata: author item, datePublished, headline") {
  Metadata m = metadata_of(page("",
      "<div itemscope itemtype=\"https://schema.org/Article\"><h1 itemprop=\"headline\">Harbour ferry returns</h1>"
      "<span itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\"><span itemprop=\"name\">Ana Ruiz</span></span>"
      "<meta itemprop=\"datePublished\" content=\"2024-05-03\"><p>The ferry is back in service.</p>"
      "<div itemprop=\"comment\" itemscope itemtype=\"https://schema.org/Comment\"><span itemprop=\"author\">Troll</span></div></div>"));
  CHECK(m.title == "Harbour ferry returns");
  CHECK(m.authors == std::vector<std::string>{"Ana Ruiz"});
  CHECK(m.date_published == "2024-05-03");
  CHECK(m.page_type == "article");
}

TEST_CASE("page bylines: labelled names, byline classes, CJK labels, <html lang>") {
  Metadata latin = metadata_of(page("<title>Harbour ferry returns after repairs</title>",
      "<h1>Harbour ferry returns after repairs</h1><p>By Ana Ruiz</p><p>Published 3 May 2024</p>"
      "<p>The ferry is back in service after three months in dry dock.</p>"));
  CHECK(latin.authors == std::vector<std::string>{"Ana Ruiz"});
  CHECK(latin.date_published == "2024-05-03");

  Metadata byline = metadata_of(page("<title>Harbour ferry returns after repairs</title>",
      "<h1>Harbour ferry returns after repairs</h1><div class=\"post-byline\">Words by "
      "<a href=\"/staff/ana\">Ana Ruiz</a>, Transport Correspondent</div><p>The ferry is back.</p>"));
  CHECK(byline.authors == std::vector<std::string>{"Ana Ruiz"});

  Metadata cjk = metadata_of("<html lang=\"zh-CN\"><head><title>轮渡恢复运营</title></head><body>"
      "<h1>轮渡恢复运营</h1><div>2005-04-28 11:13 来源：新华网</div><p>经过三个月的维修，轮渡恢复运营。</p>"
      "<p>（责任编辑：王小明）</p></body></html>");
  CHECK(cjk.authors == std::vector<std::string>{"王小明"});
  CHECK(cjk.date_published == "2005-04-28T11:13:00");
  CHECK(cjk.language == "zh-CN");
}

TEST_CASE("comments: a thread of items with author, date and text") {
  std::string html = page("<title>Harbour ferry returns</title>", kArticleBody +
      "<section id=\"comments\"><h2>2 comments</h2><ol class=\"comment-list\">"
      "<li class=\"comment\"><div class=\"comment-author\"><b class=\"fn\">Maria</b> says:</div>"
      "<time datetime=\"2024-05-03T10:02:00Z\">3 May 2024 at 10:02</time>"
      "<div class=\"comment-content\"><p>Finally! I missed it every morning.</p></div>"
      "<ol class=\"children\"><li class=\"comment\"><div class=\"comment-author\"><b class=\"fn\">Sam</b></div>"
      "<time datetime=\"2024-05-03T11:00:00Z\">11:00</time><div class=\"comment-content\"><p>Same here.</p></div></li></ol></li>"
      "<li class=\"comment\"><div class=\"comment-author\"><b class=\"fn\">Jo</b></div>"
      "<time datetime=\"2024-05-04\">4 May 2024</time><div class=\"comment-content\"><p>Fares went up though.</p></div></li>"
      "</ol><form class=\"comment-form\"><textarea></textarea></form></section>");
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<pith::Comment> comments = pith::extraction::find_comments(dom);
  REQUIRE(comments.size() == 3);
  CHECK(comments[0].author == "Maria");
  CHECK(comments[0].date == "2024-05-03T10:02:00Z");
  CHECK(comments[0].text == "Finally! I missed it every morning.");
  CHECK(comments[1].author == "Sam");
  CHECK(comments[1].text == "Same here.");
  CHECK(comments[2].author == "Jo");
  CHECK(comments[2].date == "2024-05-04");
  // A page without a thread has none.
  CHECK(pith::extraction::find_comments(pith::dom::build_dom(page("", kArticleBody))).empty());
}

TEST_CASE("cjk bylines: reporter after the paper's name, closing brackets, family names, datelines") {
  auto authors_of = [](const std::string& body) {
    return metadata_of("<html lang=\"zh-CN\"><head><title>港口渡轮恢复运营</title></head><body>"
                       "<h1>港口渡轮恢复运营</h1>" + body + "</body></html>").authors;
  };
  using Names = std::vector<std::string>;
  // "记者" follows the paper's name without a space.
  CHECK(authors_of("<p>东海日报记者 林晓 周明</p><p>经过三个月的维修，渡轮恢复运营。</p>") == Names{"林晓", "周明"});
  CHECK(authors_of("<p>本报记者李文涛发自宁波</p><p>经过三个月的维修，渡轮恢复运营。</p>") == Names{"李文涛"});
  // The place the report was filed from is not a name.
  CHECK(authors_of("<p>晚报记者 郑伟 舟山港区报道</p><p>渡轮恢复运营。</p>") == Names{"郑伟"});
  // Names in brackets closing the article.
  CHECK(authors_of("<p>经过三个月的维修，渡轮昨天恢复运营，乘客反映良好。（何静 宁波报道）</p>") == Names{"何静"});
  CHECK(authors_of("<p>经过三个月的维修，渡轮昨天恢复运营。（记者 唐雨）</p>") == Names{"唐雨"});
  // ...but a bracketed place or a word that is no family name is not.
  CHECK(authors_of("<p>经过三个月的维修，渡轮昨天恢复运营。（图片）</p>").empty());
  CHECK(authors_of("<p>记者在码头看到，渡轮恢复运营。</p>").empty());
  // A weaker label's words must be a name; a stronger one later in the line wins.
  CHECK(authors_of("<p>来源：舟山晚报 编辑：范小青</p><p>渡轮恢复运营。</p>") == Names{"范小青"});
  // "文：" labels the writer; a translated author keeps the original name.
  CHECK(authors_of("<p>文：沙鸥</p><p>渡轮恢复运营。</p>") == Names{"沙鸥"});
  CHECK(authors_of("<p>作者： 周思远 (Joan Smith)</p><p>渡轮恢复运营。</p>") == Names{"周思远 (Joan Smith)"});
  // A label alone on its line: the name is on the next.
  CHECK(authors_of("<div>作者：</div><div>海鸥</div><p>渡轮恢复运营。</p>") == Names{"海鸥"});
}

TEST_CASE("latin bylines: label on its own line, 'by' after a date, Redaktion") {
  auto authors_of = [](const std::string& body) {
    return metadata_of(page("<title>Fähre fährt wieder</title>", "<h1>Fähre fährt wieder</h1>" + body)).authors;
  };
  using Names = std::vector<std::string>;
  CHECK(authors_of("<h4>Autor</h4><p><a href=\"/p/1\">Jana Berger</a>, </p><p>Die Fähre fährt wieder.</p>") ==
        Names{"Jana Berger"});
  CHECK(authors_of("<div>03.05.2024 <span>- Redaktion: Uwe Kranz (Pressestelle)</span></div><p>Text.</p>") ==
        Names{"Uwe Kranz"});
  CHECK(authors_of("<div><span>Published March 2, 2021</span> <span>by Nora Quint</span></div><p>Text.</p>") ==
        Names{"Nora Quint"});
  // A byline box's heading is not a name.
  CHECK(authors_of("<div class=\"author-box\"><h3>The Author</h3></div><p>Text.</p>").empty());
}

TEST_CASE("authors: user names, domains and organisations give way to a person named on the page") {
  // A CMS account name in JSON-LD; the page's byline names the person.
  Metadata handle = metadata_of(page(
      R"(<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"nora.quint"}}</script>)",
      "<h1>Harbour ferry returns after repairs</h1><p>By Nora Quint</p><p>The ferry is back.</p>"));
  CHECK(handle.authors == std::vector<std::string>{"Nora Quint"});
  // Alone, the account name is still the best answer.
  Metadata only_handle = metadata_of(page(
      R"(<script type="application/ld+json">{"@type":"NewsArticle","author":"nora.quint"}</script>)", kArticleBody));
  CHECK(only_handle.authors == std::vector<std::string>{"nora.quint"});
  // A site's address is no author.
  CHECK(metadata_of(page("<meta name=\"author\" content=\"ferrynews.com\">", kArticleBody)).authors.empty());
  // A Chinese organisation in <meta name=author>; the reporter closes the article.
  Metadata org = metadata_of("<html><head><title>渡轮恢复运营</title><meta name=\"author\" content=\"东海日报社\"></head>"
                             "<body><h1>渡轮恢复运营</h1><p>经过三个月的维修，渡轮昨天恢复运营。（记者 唐雨）</p></body></html>");
  CHECK(org.authors == std::vector<std::string>{"唐雨"});
  // citation_author names the paper's authors; a spaced-out two-character name is one name.
  Metadata paper = metadata_of(page("<meta name=\"author\" content=\"学术出版社\"><meta name=\"citation_author\" content=\"林  晓\">",
                                    kArticleBody));
  CHECK(paper.authors == std::vector<std::string>{"林晓"});
}

TEST_CASE("dates: a UTC timestamp a day off the printed local date gives way to it") {
  const std::string ld = R"(<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2023-09-15T01:20:00Z"}</script>)";
  // Printed on the page as the evening before, local time.
  CHECK(metadata_of(page(ld, "<h1>Harbour ferry returns after repairs</h1><p>14 de septiembre de 2023</p><p>Text.</p>"))
            .date_published == "2023-09-14");
  CHECK(metadata_of(page(ld, "<h1>Harbour ferry returns after repairs</h1><time datetime=\"2023-09-15T06:20:00+05:00\">"
                             "15 Sep</time><p>Text.</p>")).date_published == "2023-09-15T01:20:00Z");
  // A printed date further off is another date (an update): the structured one stays.
  CHECK(metadata_of(page(ld, "<h1>Harbour ferry returns after repairs</h1><p>12 September 2023</p><p>Text.</p>"))
            .date_published == "2023-09-15T01:20:00Z");
  // A zoned time is the site's own local time: kept.
  const std::string zoned = R"(<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2023-09-15T01:20:00+02:00"}</script>)";
  CHECK(metadata_of(page(zoned, "<h1>Harbour ferry returns after repairs</h1><p>14 September 2023</p><p>Text.</p>"))
            .date_published == "2023-09-15T01:20:00+02:00");
  // A clock time straight after 日.
  CHECK(meta::normalize_date("于2009年11月3日08:40:12在") == "2009-11-03T08:40:12");
}

TEST_CASE("urls: <base href> is the base of relative references") {
  Metadata m = metadata_of(
      "<html><head><base href=\"https://cdn.courier.example/site/\"><base href=\"https://ignored.example/\">"
      "<meta property=\"og:image\" content=\"img/og.jpg\"><link rel=\"canonical\" href=\"local/ferry\"></head>"
      "<body>" + kArticleBody + "</body></html>",
      "https://courier.example/local/ferry");
  CHECK(m.image == "https://cdn.courier.example/site/img/og.jpg");
  CHECK(m.canonical_url == "https://cdn.courier.example/site/local/ferry");
  // A relative <base> resolves against the page's address.
  pith::dom::Dom dom = pith::dom::build_dom("<html><head><base href=\"/static/\"></head><body></body></html>");
  CHECK(meta::read_metadata(dom, "https://courier.example/a/b").link_base == "https://courier.example/static/");
  CHECK(meta::read_metadata(dom, "").link_base == "");
  // Without an address, links resolve against the canonical URL.
  pith::dom::Dom canonical = pith::dom::build_dom(
      "<html><head><link rel=\"canonical\" href=\"https://courier.example/local/ferry\"></head><body></body></html>");
  CHECK(meta::read_metadata(canonical, "").link_base == "https://courier.example/local/ferry");
  // Inline links of the content resolve against it too.
  pith::Options options;
  options.url = "https://courier.example/local/ferry";
  pith::Document doc = pith::extract(
      "<html><head><base href=\"https://cdn.courier.example/site/\"><title>Ferry</title></head><body><article>"
      "<h1>Harbour ferry returns after repairs</h1><p>The ferry is back in service after three months in dry dock, "
      "the operator said, and <a href=\"timetable.html\">the timetable</a> is as before. Passengers were pleased "
      "and the harbour master thanked the crew for their patience during the long repairs.</p></article></body></html>",
      options);
  bool found = false;
  for (const pith::Block& b : doc.blocks)
    for (const pith::Inline& span : b.inlines)
      if (span.kind == pith::InlineKind::link) {
        CHECK(span.url == "https://cdn.courier.example/site/timetable.html");
        found = true;
      }
  CHECK(found);
}

TEST_CASE("title: an <h1> equal to og:title keeps its dash when <title> adds the site after it") {
  Metadata m = metadata_of(page("<title>Ferry fares frozen – until spring | Harbour Courier</title>"
                                "<meta property=\"og:title\" content=\"Ferry fares frozen – until spring\">",
                                "<h1>Ferry fares frozen – until spring</h1><p>The operator froze fares.</p>"));
  CHECK(m.title == "Ferry fares frozen – until spring");
  // The same <h1> repeating the whole <title> still loses the site name.
  Metadata repeated = metadata_of(page("<title>Ferry fares frozen - Harbour Courier</title>",
                                       "<h1>Ferry fares frozen - Harbour Courier</h1><p>The operator froze fares.</p>"));
  CHECK(repeated.title == "Ferry fares frozen");
}

TEST_CASE("cjk bylines: the word before the next label's colon is not a name") {
  Metadata m = metadata_of("<html><head><title>渡轮恢复运营</title></head><body><h1>渡轮恢复运营</h1>"
                           "<div><span>作者：林晓</span> <span>字号：大 中 小</span></div><p>渡轮恢复运营。</p></body></html>");
  CHECK(m.authors == std::vector<std::string>{"林晓"});
}

TEST_CASE("cjk bylines: an explicit label beats an author-named card; a lone bracketed name closes") {
  Metadata card = metadata_of("<html><head><title>渡轮恢复运营</title></head><body><h1>渡轮恢复运营</h1>"
                              "<div class=\"article-author-card\">东海网 文章 总阅读</div>"
                              "<p>晚报记者 郑伟 舟山报道</p><p>渡轮恢复运营。</p></body></html>");
  CHECK(card.authors == std::vector<std::string>{"郑伟"});
  Metadata lone = metadata_of("<html><head><title>渡轮恢复运营</title><meta name=\"author\" content=\"东海网络\"></head>"
                              "<body><h1>渡轮恢复运营</h1><p>经过三个月的维修，渡轮恢复运营。</p><p>（唐雨）</p></body></html>");
  CHECK(lone.authors == std::vector<std::string>{"唐雨"});
}

TEST_CASE("dates: a post's timestamp below a long text dates the page when nothing nearer does") {
  std::string post(2600, 'x');
  for (std::size_t i = 40; i < post.size(); i += 41) post[i] = ' ';
  Metadata m = metadata_of(page("<title>Ferry timetable question</title>",
      "<h1>Ferry timetable question</h1><p>" + post + "</p><div>posted 2009/11/03 08:40:12 by gull</div>"));
  CHECK(m.date_published == "2009-11-03T08:40:12");
  // A date in the URL is the better answer.
  Metadata with_url = metadata_of(page("<title>Ferry timetable question</title>",
      "<h1>Ferry timetable question</h1><p>" + post + "</p><div>posted 2009/11/03 08:40:12 by gull</div>"),
      "https://forum.example/2009/11/02/ferry");
  CHECK(with_url.date_published == "2009-11-02");
  // Clock times written with 时 or 時 count; a date without a time further
  // down does not, and the search goes on past it.
  for (std::string_view stamp : {"发表于 2009年11月3日08时40分", "發表於 2009年11月3日 08時40分"}) {
    Metadata han = metadata_of(page("<title>Ferry timetable question</title>",
        "<h1>Ferry timetable question</h1><p>" + post + "</p><div>2009-11-01</div><div>" + std::string(stamp) +
            "</div>"));
    CHECK(han.date_published == "2009-11-03T08:40:00");
  }
}

TEST_CASE("title: unfilled template slots; a title that is a whole part of a longer one") {
  CHECK(meta::filled_title("| Harbour Courier") == "");
  CHECK(meta::filled_title("Harbour Courier -") == "");
  CHECK(meta::filled_title("-40 degrees at the harbour") == "-40 degrees at the harbour");
  CHECK(meta::filled_title("Ferry timetable () - Harbour Courier") == "Ferry timetable - Harbour Courier");
  // "| Site" has no headline: the <h1> is the title.
  Metadata empty_slot = metadata_of(page("<title>| Harbour Courier</title>",
                                         "<h1>Timetables</h1><p>Ferries leave every hour.</p>"));
  CHECK(empty_slot.title == "Timetables");
  // Only an unfilled template and no <h1>: the site's name is better than nothing.
  CHECK(metadata_of(page("<title>Harbour Courier -</title>", "<p>Ferries leave every hour.</p>")).title ==
        "Harbour Courier");
  // The JSON-LD headline is the last part of og:title: its own dash stays.
  Metadata forum = metadata_of(page(
      R"(<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Ferry crew 2024 - 2025"}</script>)"
      "<meta property=\"og:title\" content=\"Crews - Ferry crew 2024 - 2025\">",
      "<h1>Crews Ferry crew 2024 - 2025</h1><p>Who sails this season.</p>"));
  CHECK(forum.title == "Ferry crew 2024 - 2025");
}

TEST_CASE("title: og:title cut short by an unescaped quote gives way to the whole <title>") {
  Metadata m = metadata_of(
      "<html><head><title>Council calls the ferry plan \"unworkable\"</title>"
      "<meta property=\"og:title\" content=\"Council calls the ferry plan \"unworkable\"\"></head>"
      "<body><p>The council said the plan could not work.</p></body></html>");
  CHECK(m.title == "Council calls the ferry plan \"unworkable\"");
  // A shorter og:title that the <title> continues in plain words is the site's choice.
  Metadata shorter = metadata_of(page("<title>Local news and weather for the coast</title>"
                                      "<meta property=\"og:title\" content=\"Local news and weather\">",
                                      "<p>Ferries leave every hour.</p>"));
  CHECK(shorter.title == "Local news and weather");
}

TEST_CASE("authors: a one-word account name in <meta> gives way to a full name in the byline") {
  Metadata m = metadata_of(page("<meta name=\"author\" content=\"NoraQ\">",
      "<h1>Harbour ferry returns after repairs</h1><p>by <a class=\"author-link\" href=\"/authors/nora\">Nora "
      "O'Quint</a></p><p>The ferry is back.</p>"));
  CHECK(m.authors == std::vector<std::string>{"Nora O'Quint"});
  // A one-word name with nobody else named stays.
  CHECK(metadata_of(page("<meta name=\"author\" content=\"NoraQ\">", kArticleBody)).authors ==
        std::vector<std::string>{"NoraQ"});
}

TEST_CASE("first_collapsed_byte: what append_collapsed gives first, for every code point and ill-formed input") {
  // PageLines takes a line's first byte from its first text with characters
  // and copies lines with text::append_collapsed, and the renderer, when it
  // only counts, tells a block with text by it: the two must agree.
  auto agrees = [](const std::string& piece) {
    std::string copied;
    bool pending = false;
    pith::text::append_collapsed(copied, piece, pending);
    return pith::text::first_collapsed_byte(piece) == (copied.empty() ? 0 : static_cast<unsigned char>(copied[0]));
  };
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    std::string ch;
    pith::text::append_utf8(ch, c);
    if (!agrees(ch + "b") || !agrees(" " + ch) || !agrees("\xE3\x80\x80" + ch + "  x")) {
      FAIL("first_collapsed_byte disagrees at U+" << std::hex << static_cast<std::uint32_t>(c));
      break;
    }
  }
  for (std::string piece : {"\xE4\xB8", "\xAD x", "\xFF\xFE", " \xED\xA0\x80 ", "\xF0\x9F\x98", "\xC0\xAF", "",
                            " ", "\n\t\v", "\xEF\xBF\xBD", "\xC2\xA0tail"})
    CHECK(agrees(piece));
  // Long mixed pieces: white space of every kind, other control bytes, DEL,
  // multi-byte and ill-formed bytes.
  const std::string alphabet[] = {"a", "Z", " ", "  ", "\t", "\n", "\r", "\f", "\v", "\x01", "\x1f", "\x7f", "!",
                                  "\xC2\xA0", "\xE3\x80\x80", "\xE8\xBD\xAE", "\xF0\x9F\x98\x80", "\xFF", "\xE8"};
  unsigned seed = 12345;
  for (int round = 0; round < 2000; ++round) {
    std::string piece;
    for (int k = 0; k < 1 + round % 12; ++k) {
      seed = seed * 1103515245 + 12345;
      unsigned pick = (seed >> 16) % 24;  // mostly white space and odd bytes: the first character matters
      piece += pick < std::size(alphabet) ? alphabet[pick] : (pick % 2 ? "x" : " ");
    }
    if (!agrees(piece)) {
      FAIL("first_collapsed_byte disagrees on round " << round);
      break;
    }
  }
}

TEST_CASE("page lines: white space alone between inline elements, headlines opening beyond ASCII") {
  using Names = std::vector<std::string>;
  // A text node of white space alone between two inline elements is the
  // space between the label and the name; none between them joins them.
  auto authors_of = [](const std::string& body) {
    return metadata_of(page("<title>Harbour ferry returns</title>", "<h1>Harbour ferry returns</h1>" + body)).authors;
  };
  CHECK(authors_of("<p><b>By</b> <i>Ana Ruiz</i></p><p>Text.</p>") == Names{"Ana Ruiz"});
  CHECK(authors_of("<p><b>By</b>\n\t <i>Ana Ruiz</i></p><p>Text.</p>") == Names{"Ana Ruiz"});
  CHECK(authors_of("<p><b>By</b><i>Ana Ruiz</i></p><p>Text.</p>").empty());
  // An empty block starts a line unless it is a comment thread's (left out
  // with all it holds); an empty inline element starts none either way.
  CHECK(authors_of("<div>Posted<div class=\"form\"></div>by Ana Ruiz</div><p>Text.</p>") == Names{"Ana Ruiz"});
  CHECK(authors_of("<div>Posted<div class=\"comment-form\"></div>by Ana Ruiz</div><p>Text.</p>").empty());
  CHECK(authors_of("<div>Posted<span class=\"comment-count\"></span>by Ana Ruiz</div><p>Text.</p>").empty());
  CHECK(authors_of("<div>Posted<br class=\"reply-gap\">by Ana Ruiz</div><p>Text.</p>").empty());
  CHECK(authors_of("<div>Posted<br class=\"gap\">by Ana Ruiz</div><p>Text.</p>") == Names{"Ana Ruiz"});
  // A label alone on its line, the name on the next, white space around both.
  CHECK(authors_of("<div> <span> </span>Autor </div>\n<div>\n Paulo Dias </div><p>Text.</p>") == Names{"Paulo Dias"});
  // Headlines opening with white space beyond ASCII or with a Han or
  // accented letter are found, and the byline after them read.
  Metadata han = metadata_of(page("<title>轮渡恢复运营</title>",
      "<p>导航</p><h1>\xE3\x80\x80轮渡<span>恢复运营</span></h1><p>作者：林晓</p><p>正文。</p>"));
  CHECK(han.authors == Names{"林晓"});
  Metadata accented = metadata_of(page("<title>Élan returns</title>",
      "<p>Menu</p><div><h2>\xC2\xA0\xC3\x89lan returns</h2></div><p>By Ana Ruiz</p><p>Text.</p>"));
  CHECK(accented.authors == Names{"Ana Ruiz"});
}

TEST_CASE("page bylines: a CJK label far below Latin text with quotes and accents") {
  // Past the Latin window only Han text can name someone: the test for Han
  // further down must see it behind curly quotes, accents and dashes.
  std::string latin;
  for (int k = 0; k < 40; ++k) latin += "<p>“Café” — un récit de plus.</p>";
  // The label at the start of its text, and at other places of an eight-byte block.
  for (std::string_view tail : {"作者：林晓", "- 作者：林晓", "(ab) 作者：林晓", "(abcde) 作者：林晓"}) {
    Metadata m = metadata_of(page("<title>Le port rouvre</title>", "<h1>Le port rouvre</h1>" + latin + "<p>" +
                                                                       std::string(tail) + "</p><p>Fin.</p>"));
    CHECK(m.authors == std::vector<std::string>{"林晓"});
  }
}

TEST_CASE("page bylines: class and id words in any case and place; author elements near the headline") {
  auto authors_of = [](const std::string& body) {
    return metadata_of(page("<title>Harbour ferry returns</title>", "<h1>Harbour ferry returns</h1>" + body)).authors;
  };
  using Names = std::vector<std::string>;
  // The word sits past the first sixteen bytes of a long class list, in upper case, or in the id.
  CHECK(authors_of("<p class=\"text-sm md:text-base leading-6 font-medium ARTICLE-BYLINE\">Ana Ruiz</p><p>Text.</p>") ==
        Names{"Ana Ruiz"});
  CHECK(authors_of("<p id=\"postAuthor\">Ana Ruiz</p><p>Text.</p>") == Names{"Ana Ruiz"});
  // A word split between two names of one element (or read past a name's
  // end) is no word: "xa" + "uthor", "by" + "line", "com" + "ment".
  CHECK(authors_of("<p class=\"xa\" id=\"uthor\">Ana Ruiz</p><p>Text.</p>").empty());
  CHECK(authors_of("<p class=\"by\" id=\"line\">Ana Ruiz</p><p>Text.</p>").empty());
  CHECK(authors_of("<div class=\"com\" id=\"ment\"><p>By Bo Lind</p></div>") == Names{"Bo Lind"});
  // An author card (bio, avatar) is not a byline; a comment thread's authors are not the page's.
  CHECK(authors_of("<div class=\"author-bio\">Ana Ruiz</div><p>Text.</p>").empty());
  CHECK(authors_of("<p>Text.</p><ol class=\"x-wide-padding CommentList\"><li><span class=\"author\">Bo Lind</span></li></ol>")
            .empty());
  CHECK(authors_of("<p>Text.</p><div id=\"respond\"><p>By Bo Lind</p></div>").empty());
  // After the headline beats before it; an element with long text is not a byline.
  Metadata both = metadata_of(page("<title>Harbour ferry returns</title>",
      "<span class=\"byline\">Kim Park</span><h1>Harbour ferry returns</h1><span class=\"byline\">Ana Ruiz</span>"));
  CHECK(both.authors == Names{"Ana Ruiz"});
  CHECK(authors_of("<div class=\"byline\">" + std::string(200, 'x') + "</div>").empty());
  // JSON-LD inside counts too (the DOM leaves its text uncounted): long, it
  // makes the element too long; white space, however long, does not.
  const std::string json_ld = "<script type=\"application/ld+json\">";
  CHECK(authors_of("<div class=\"byline\">Ana Ruiz" + json_ld + "[\"" + std::string(300, 'x') + "\"]</script></div>")
            .empty());
  CHECK(authors_of("<div class=\"byline\"><a href=\"/ana\">Ana Ruiz</a>" + json_ld + "[" + std::string(700, ' ') +
                   "]</script></div><p>Text.</p>") == Names{"Ana Ruiz"});
}

TEST_CASE("latin bylines: a match opening before its label (bullet, bracket, digit, '·', '|')") {
  auto authors_of = [](const std::string& body) {
    return metadata_of(page("<title>Fähre fährt wieder</title>", "<h1>Fähre fährt wieder</h1>" + body + "<p>Text.</p>"))
        .authors;
  };
  using Names = std::vector<std::string>;
  CHECK(authors_of("<p>Harbour desk \xE2\x80\xA2 By Lena Moss</p>") == Names{"Lena Moss"});
  CHECK(authors_of("<p>(by Tom Reyes)</p>") == Names{"Tom Reyes"});
  CHECK(authors_of("<p>Updated 5 May 2021 by Ana Lima</p>") == Names{"Ana Lima"});
  CHECK(authors_of("<p>Feature \xC2\xB7 Autor: Paulo Dias</p>") == Names{"Paulo Dias"});
  // "by" inside a word opens nothing; the labelled name after '|' is the byline.
  CHECK(authors_of("<p>Stand-by crews | By Ivo Kern</p>") == Names{"Ivo Kern"});
  CHECK(authors_of("<p>\xD0\x90\xD0\xB2\xD1\x82\xD0\xBE\xD1\x80: Olga Smirnova</p>") == Names{"Olga Smirnova"});
}

TEST_CASE("cjk bylines: several labels on one long line; a label deep in a long paragraph") {
  auto authors_of = [](const std::string& body) {
    return metadata_of("<html lang=\"zh-CN\"><head><title>轮渡恢复运营</title></head><body><h1>轮渡恢复运营</h1>" +
                       body + "</body></html>").authors;
  };
  using Names = std::vector<std::string>;
  std::string filler;
  for (int i = 0; i < 40; ++i) filler += "经过三个月的维修，";
  CHECK(authors_of("<p>" + filler + "来源：东海日报 编辑：王小明 作者：周文澜</p>") == Names{"周文澜"});
  CHECK(authors_of("<p>" + filler + "（记者 唐雨）</p>") == Names{"唐雨"});
  // Labels and closing brackets split over elements are still read.
  CHECK(authors_of("<p>经过三个月的维修。</p><p><b>作</b>者：周文澜</p>") == Names{"周文澜"});
  CHECK(authors_of("<p>经过三个月的维修。</p><p>编<i>辑</i>：王小明</p>") == Names{"王小明"});
  CHECK(authors_of("<p>轮渡恢复运营。<span>（何静</span> 周明）</p>") == (Names{"何静", "周明"}));
  // Closing names after each kind of sentence end; an earlier bracket on the line is not the closing one.
  CHECK(authors_of("<p>轮渡恢复运营！（何静 周明）</p>") == (Names{"何静", "周明"}));
  CHECK(authors_of("<p>第一句。（注释）第二句说明情况。（何静、周明）</p>") == (Names{"何静", "周明"}));
  CHECK(authors_of("<p>“好的”（何静）</p>") == Names{"何静"});
  CHECK(authors_of("<p>他说：“恢复了。”  （宁波日报记者 郑伟）</p>") == Names{"郑伟"});
}

TEST_CASE("dates: each pattern in the setting its year stands in") {
  CHECK(meta::find_date_in_text("Posted May 3rd, 2024 by the desk") == "2024-05-03");
  CHECK(meta::find_date_in_text("3 de mayo de 2024") == "2024-05-03");
  CHECK(meta::find_date_in_text("le 3 mars\t2024") == "2024-03-03");
  CHECK(meta::find_date_in_text("3. Mai 2024") == "2024-05-03");
  CHECK(meta::find_date_in_text("03 - 05 - 2024") == "");
  CHECK(meta::find_date_in_text("03.05. 2024") == "2024-05-03");
  CHECK(meta::find_date_in_text("2024 年 5 月 3 日") == "2024-05-03");
  CHECK(meta::find_date_in_text("© 2024 Harbour News | since 1998") == "");
  CHECK(meta::date_position("Updated: 12 сентября 2024 года") == 9);
  // Month first: the match opens one character before the month name (or
  // at the text's start), never after a letter; the earliest date wins.
  CHECK(meta::date_position("March 2, 2021") == 0);
  CHECK(meta::date_position("Posted: March 2, 2021") == 7);
  CHECK(meta::date_position("Ελλάδα, Μαρτίου 2, 2021") == std::string("Ελλάδα,").size());
  CHECK(meta::find_date_in_text("XMarch 2, 2021") == "");
  CHECK(meta::find_date_in_text("Xmarch 2, 2021 or April 5, 2022") == "2022-04-05");
  CHECK(meta::find_date_in_text("April 5, 2022 (updated 2022-04-07)") == "2022-04-05");
  CHECK(meta::find_date_in_text("updated 2022-04-07, first April 5, 2022") == "2022-04-07");
}

// The date regexes run only over windows around the years that may belong to
// a date (dates.cpp, candidates()); these are the edges of those windows.
TEST_CASE("dates: dates deep in long lines, white space of any length, names beyond ASCII") {
  std::string filler;
  for (int i = 0; i < 200; ++i) filler += "filler words ";
  const std::string deep = "In 1999, 2001 and 2005 the paper moved; " + filler + "posted on May 3, 2024 by the desk";
  CHECK(meta::find_date_in_text(deep) == "2024-05-03");
  CHECK(meta::date_position(deep) == deep.find(" May 3"));
  CHECK(meta::find_date_in_text(filler + "ref. 12.09.2024") == "2024-09-12");
  CHECK(meta::find_date_in_text(filler + "updated 2022-04-07 10:00") == "2022-04-07T10:00:00");
  // \s+ is unbounded: white space costs a window nothing.
  CHECK(meta::find_date_in_text("March" + std::string(300, ' ') + "3," + std::string(300, '\n') + "2024") ==
        "2024-03-03");
  CHECK(meta::find_date_in_text("3" + std::string(200, ' ') + "May" + std::string(200, '\t') + "2024") == "2024-05-03");
  // Windows open on a character boundary within two-byte letters.
  CHECK(meta::find_date_in_text("Δημοσιεύτηκε: Δεκέμβριος 20 2011 20:01") == "2011-12-20");
  CHECK(meta::date_position("été: May 3, 2024") == std::string("été:").size());
  // Month names in any case, with letters beyond ASCII, or with a case
  // variant beyond ASCII (U+017F for "s"), which RE2's (?i) also accepts.
  CHECK(meta::find_date_in_text("MARCH 3, 2024") == "2024-03-03");
  CHECK(meta::find_date_in_text("Sept. 9th, 2023") == "2023-09-09");
  CHECK(meta::find_date_in_text("on \xC5\xBF" "ept 9, 2023") == "2023-09-09");
  CHECK(meta::find_date_in_text("März 3, 2024") == "2024-03-03");
  CHECK(meta::date_position("« mars 3, 2024") == std::string("«").size());
  CHECK(meta::find_date_in_text("x\xC2\xA0May 3, 2024") == "2024-05-03");
  // A month-first date after a byte that is not UTF-8 is not read (RE2 steps
  // over whole characters before it), as before the windows.
  CHECK(meta::find_date_in_text("ab\xFF May 3, 2024") == "");
  CHECK(meta::find_date_in_text("May 3, 2024 and 4 May 2023") == "2024-05-03");
  CHECK(meta::find_date_in_text("1 May 2023, then June 5, 2024") == "2023-05-01");
}

TEST_CASE("page elements: found in one pass, in document order, for every reader") {
  pith::dom::Dom dom = pith::dom::build_dom(
      "<html lang=\"en\"><head><title>Ferry | Courier</title><meta name=\"author\" content=\"Ana Ruiz\">"
      "<link rel=\"canonical\" href=\"/ferry\"><link href=\"/style.css\"><base href=\"/s/\"></head><body>"
      "<header><b>Harbour Courier site</b></header><h1>Harbour ferry returns</h1>"
      "<h2>Repairs took <b>three long months</b> in dock</h2><strong><a href=\"/\">Bold link home</a></strong>"
      "<div itemscope itemtype=\"https://schema.org/Article\"><span itemprop=\"author\">Bo Lind</span></div>"
      "<a rel=\"license\" href=\"/cc\">CC</a><a href=\"/x\">x</a></body></html>");
  const meta::PageElements elements = meta::find_page_elements(dom);
  CHECK(elements.html.size() == 1);
  CHECK(elements.titles.size() == 1);
  CHECK(elements.metas.size() == 1);
  CHECK(elements.bases.size() == 1);
  CHECK(elements.links.size() == 2);  // with rel only
  CHECK(elements.items.size() == 2);  // the item and its property
  CHECK(elements.h1s.size() == 1);
  // The bold site name sits in the header, the bold inside the <h2> is read
  // with it, and a bold link is a menu entry.
  CHECK(meta::headline_texts(dom, elements, 40) ==
        std::vector<std::string>{"Harbour ferry returns", "Repairs took three long months in dock"});
  CHECK(meta::headings_h1(dom, elements, 3) == std::vector<std::string>{"Harbour ferry returns"});
  Metadata document = meta::read_document(dom, elements);
  CHECK(document.title == "Ferry | Courier");
  CHECK(document.language == "en");
  Metadata tags = meta::read_meta_tags(dom, elements);
  CHECK(tags.authors == std::vector<std::string>{"Ana Ruiz"});
  CHECK(tags.canonical_url == "/ferry");
  CHECK(tags.license == "/cc");
  CHECK(meta::read_microdata(dom, elements).authors == std::vector<std::string>{"Bo Lind"});
}

TEST_CASE("dates: a distant timestamp is read within 30,000 bytes of lines, counted as collapsed") {
  // An undated page: a date with a clock time on a line after the headline
  // ("Harbour ferry returns", 21 bytes) is read while fewer than 30,000
  // bytes of lines were seen before it. Lines far longer as markup than as
  // text (indentation) or shorter (invalid bytes, each U+FFFD) count as
  // collapsed.
  const std::string stamp = "Posted 2009-11-03 08:40";
  auto distant = [&](const std::string& paragraphs) {
    return metadata_of(page("<title>Harbour ferry returns</title>",
                            "<h1>Harbour ferry returns</h1>" + paragraphs + "<p>" + stamp + "</p>"))
        .date_published;
  };
  auto words = [](std::size_t bytes) {  // ending with a letter, so as long collapsed
    std::string text(bytes, 'x');
    for (std::size_t i = 9; i + 1 < bytes; i += 10) text[i] = ' ';
    return text;
  };
  auto indented = [](const std::string& text) { return "<p>\n              " + text + "   \n        </p>\n    "; };
  std::string first;
  for (int k = 0; k < 29; ++k) first += indented(words(1000));
  const std::string found = meta::find_date_in_text(stamp);
  REQUIRE(found.size() > 10);
  CHECK(distant(first + indented(words(978))) == found);
  CHECK(distant(first + indented(words(979))).empty());
  CHECK(distant(first + indented(std::string(326, '\xFF'))) == found);  // 978 bytes as U+FFFD
  CHECK(distant(first + indented(std::string(327, '\xFF'))).empty());
  // A short page: its lines are all read.
  CHECK(distant(indented(words(5000)) + indented(std::string(900, '\xFF'))) == found);
}

TEST_CASE("dates: the window after the headline ends at its byte count exactly") {
  // Lines from the headline on ("Harbour ferry returns", 21 bytes) count
  // until 2,000 bytes; a date on the line after them is read only while
  // fewer were seen. White space and invalid bytes count as they are
  // collapsed (one space; U+FFFD).
  auto date_after = [](const std::string& paragraph) {
    return metadata_of(page("<title>Harbour ferry returns</title>",
                            "<h1>Harbour ferry returns</h1><p>" + paragraph + "</p><p>2024-05-03</p>"))
        .date_published;
  };
  auto words = [](std::size_t bytes) {
    std::string text(bytes, 'x');
    for (std::size_t i = 9; i < bytes; i += 10) text[i] = ' ';
    return text;
  };
  CHECK(date_after(words(1978)) == "2024-05-03");
  CHECK(date_after(words(1979)).empty());
  CHECK(date_after(words(1978) + "  \n\t ") == "2024-05-03");
  CHECK(date_after(words(1977) + "\n\n a").empty());
  std::string invalid;
  for (int k = 0; k < 659; ++k) invalid += "\xFF";
  CHECK(date_after(invalid) == "2024-05-03");  // 659 x 3 = 1,977 bytes
  CHECK(date_after(invalid + "\xFF").empty());
}

TEST_CASE("page lines: inline elements holding no text; line texts past many kept blocks") {
  using Names = std::vector<std::string>;
  auto authors_of = [](const std::string& body) {
    return metadata_of(page("<title>Harbour ferry returns</title>", body)).authors;
  };
  const std::string h1 = "<h1>Harbour ferry returns</h1>";
  // An inline element holding only elements without text changes the line
  // whether or not it is a comment thread's; white space or a block inside
  // it counts only when it is not one.
  CHECK(authors_of(h1 + "<div>By<span class=\"comment-count\"><img src=\"c.png\"><b></b></span> Ana Ruiz</div>") ==
        Names{"Ana Ruiz"});
  CHECK(authors_of(h1 + "<div>By<span class=\"count\"> </span>Ana Ruiz</div><p>Text.</p>") == Names{"Ana Ruiz"});
  CHECK(authors_of(h1 + "<div>By<span class=\"comment-count\"> </span>Ana Ruiz</div><p>Text.</p>").empty());
  CHECK(authors_of(h1 + "<div>Posted<span class=\"count\"><img><div></div></span>by Ana Ruiz</div>") ==
        Names{"Ana Ruiz"});
  CHECK(authors_of(h1 + "<div>Posted<span class=\"comment-count\"><img><div></div></span>by Ana Ruiz</div>").empty());
  // Lines opening like the headline are built on the way to it: more text
  // than one block of kept line texts holds, and the label and name lines
  // after the headline still read whole.
  std::string before;
  for (int i = 0; i < 120; ++i) before += "<p>Harbour " + std::string(300, 'x') + " " + std::to_string(i) + "</p>";
  CHECK(authors_of(before + h1 + "<div>Autor</div><div>Paulo Dias</div><p>Text.</p>") == Names{"Paulo Dias"});
}

TEST_CASE("json-ld: a script nested too deep or too long is skipped, the others still read") {
  using pith::meta::json_nesting_depth;
  CHECK(json_nesting_depth(R"({"a": [1, {"b": "[[[{{{"}], "c": "\"]"})", 100) == 3);
  CHECK(json_nesting_depth("[[[[[[[[[[", 4) == 5);  // stops counting past the limit
  CHECK(json_nesting_depth("]]]{", 10) == 1);
  auto page = [](const std::string& first_script) {
    return "<html><head><script type=\"application/ld+json\">" + first_script +
           "</script><script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
           "\"headline\": \"Bridge reopens\"}</script></head><body><p>x</p></body></html>";
  };
  std::string deep = std::string(pith::meta::kMaxJsonLdDepth + 1, '[') +
                     std::string(pith::meta::kMaxJsonLdDepth + 1, ']');
  std::string shallow = std::string(pith::meta::kMaxJsonLdDepth - 1, '[') +
                        std::string(pith::meta::kMaxJsonLdDepth - 1, ']');
  CHECK(pith::meta::parse_json_ld(deep).is_discarded());
  CHECK(pith::meta::parse_json_ld(shallow).is_array());
  std::string long_script = "{\"@type\": \"WebPage\", \"name\": \"" +
                            std::string(pith::meta::kMaxJsonLdScriptBytes, 'x') + "\"}";
  CHECK(pith::meta::parse_json_ld(long_script).is_discarded());
  for (const std::string& first : {deep, long_script}) {
    Metadata m = metadata_of(page("{\"@type\": \"WebSite\", \"name\": \"Courier\", \"x\": " + first + "}"));
    CHECK(m.title == "Bridge reopens");
    CHECK(m.site_name.empty());  // the skipped script's
  }
  CHECK(metadata_of(page("{\"@type\": \"WebSite\", \"name\": \"Courier\", \"x\": " + shallow + "}")).site_name ==
        "Courier");
}
