// The page's own bylines (src/meta/byline.cpp and the files it reads):
// which author elements are looked at, and how far the CJK label search
// reaches.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <random>
#include <string>
#include <vector>

#include "dom/build.hpp"
#include "meta/latin_byline.hpp"
#include "meta/sources.hpp"
#include "text/chars.hpp"

namespace {

namespace meta = pith::meta;
using Names = std::vector<std::string>;

std::string page(const std::string& body) {
  return "<!doctype html><html><head><title>Harbour ferry returns</title></head><body>" + body + "</body></html>";
}

// read_page_bylines as read_metadata calls it for a page without structured data.
pith::Metadata bylines_of(const std::string& html, std::string_view headline = "Harbour ferry returns") {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  meta::PageElements elements = meta::find_page_elements(dom);
  return meta::read_page_bylines(dom, elements, headline, /*require_headline=*/false);
}

const std::string kHeadline = "<h1>Harbour ferry returns</h1>";

}  // namespace

TEST_CASE("author elements: rel=author links and byline-named elements, in document order") {
  // The first of either kind after the headline wins, whichever kind it is.
  CHECK(bylines_of(page(kHeadline + "<p><a rel=\"author\" href=\"/a\">Ana Ruiz</a></p>"
                                    "<p class=\"byline\">Bo Lind</p>")).authors == Names{"Ana Ruiz"});
  CHECK(bylines_of(page(kHeadline + "<p class=\"byline\">Bo Lind</p>"
                                    "<p><a rel=\"nofollow author\" href=\"/a\">Ana Ruiz</a></p>")).authors ==
        Names{"Bo Lind"});
  // A link that is both, once; rel=author on <link> is the head's, not a byline.
  CHECK(bylines_of(page(kHeadline + "<a rel=\"author\" class=\"author-link\" href=\"/a\">Ana Ruiz</a>")).authors ==
        Names{"Ana Ruiz"});
  CHECK(bylines_of("<html><head><link rel=\"author\" href=\"/a\" class=\"author\"></head><body>" + kHeadline +
                   "<p>Text.</p></body></html>").authors.empty());
  // None after the headline: the first before it.
  CHECK(bylines_of(page("<p class=\"byline\">Kim Park</p><a rel=\"author\" href=\"/b\">Bo Lind</a>" + kHeadline +
                        "<p>Text.</p>")).authors == Names{"Kim Park"});
  // The byline word in one attribute, the card word in another (and after
  // attributes that name nothing): a card.
  CHECK(bylines_of(page(kHeadline + "<p><a href=\"/k\" role=\"link\" class=\"author\" id=\"author-Avatar\">Kim Park</a>"
                                    "</p><p role=\"note\" class=\"x\" id=\"ByLine\">Ana Ruiz</p>")).authors ==
        Names{"Ana Ruiz"});
  // Named as a byline but a card, or too long, or empty: passed over for the next one.
  CHECK(bylines_of(page(kHeadline + "<div class=\"author-avatar\">Kim Park</div>"
                                    "<div class=\"byline\">" + std::string(121, 'x') + "</div>"
                                    "<div class=\"byline\"><img src=\"a.png\"></div>"
                                    "<div class=\"byline\">Ana Ruiz</div>")).authors == Names{"Ana Ruiz"});
}

TEST_CASE("author elements: the length test counts a subtree up to its limit, however many elements it has") {
  // A byline element's text has at most 120 bytes, here in many small
  // pieces after many empty elements; its subtree is counted only that far.
  std::string empty;
  for (int k = 0; k < 500; ++k) empty += "<span> </span>";
  auto pieces = [](int bytes) {
    std::string s;
    for (int k = 0; k < bytes; ++k) s += "<b>x</b>";
    return s;
  };
  const std::string name = "<a href=\"/a\">Ana Ruiz</a>";  // 8 bytes
  CHECK(bylines_of(page(kHeadline + "<div class=\"byline\">" + empty + name + pieces(112) + "</div>")).authors ==
        Names{"Ana Ruiz"});
  CHECK(bylines_of(page(kHeadline + "<div class=\"byline\">" + empty + name + pieces(113) + "</div>")).authors
            .empty());
}

TEST_CASE("author elements: a byline around the headline hides the bylines inside it") {
  // The headline's ancestor is the byline element: what it holds after the
  // headline is the same byline, so the search goes on after it.
  CHECK(bylines_of(page("<div class=\"byline\"><h1>Harbour ferry returns</h1><span class=\"author\">Kim Park</span>"
                        "</div><p class=\"byline\">Ana Ruiz</p>")).authors == Names{"Ana Ruiz"});
}

TEST_CASE("cjk labels past the Latin window: only lines with CJK characters can name someone") {
  std::string latin;
  for (int k = 0; k < 60; ++k) latin += "<p>The ferry runs again — “at last”, said the crew.</p>";
  // Full-width punctuation, an ideographic space and a CJK radical are no
  // CJK characters: the label further down is still read.
  const std::string not_cjk = "<p>（：。！）\u3000\u2F08 ⺀</p>";
  CHECK(bylines_of(page(kHeadline + latin + not_cjk + "<p>作者：林晓</p>")).authors == Names{"林晓"});
  // A closing bracket with names, behind kana and hangul lines.
  CHECK(bylines_of(page(kHeadline + latin + "<p>カタカナ</p><p>한국어</p><p>渡轮恢复运营。（王明 李华）</p>")).authors ==
        (Names{"王明", "李华"}));
  // A label split over two lines, the label alone on the first.
  CHECK(bylines_of(page(kHeadline + latin + not_cjk + "<p>记者</p><p>张伟</p>")).authors == Names{"张伟"});
  // CJK text only in what no line holds (a script, the head): no name.
  CHECK(bylines_of("<html><head><title>作者：林晓</title></head><body>" + kHeadline + latin +
                   "<script>var a = '作者：林晓';</script><p>End.</p></body></html>").authors.empty());
}

TEST_CASE("latin bylines: the name is what the byline regex with the whole name captures, on random lines") {
  // The regex as it was before the words after the first were read one by
  // one and then by hand (latin_byline.cpp, find_latin_byline).
  const std::string& labels = meta::latin_labels();
  const RE2 whole("(?:(?:^|[(|•·]\\s*|\\d\\s+)" + labels + "\\s*[:：]?\\s+|(?:^|[\\s(|•·])" + labels +
                  "\\s*[:：]\\s*)"
                  "((?:\\p{Lu}[\\p{L}'’.-]*)(?:\\s+(?:(?:de|da|del|van|von|der|di|le|la|y|e)\\s+)?"
                  "\\p{Lu}[\\p{L}'’.-]*){0,3})");
  REQUIRE(whole.ok());
  // What read_page_bylines makes of the name it captures (latin_byline_name).
  auto expected = [&](const std::string& line) {
    re2::StringPiece name;
    if (!RE2::PartialMatch(line, whole, &name)) return Names{};
    std::string latin(name.data(), name.size());
    const std::size_t after = static_cast<std::size_t>(name.data() - line.data()) + name.size();
    if (after < line.size() && line[after] == ':') {
      const std::size_t space = latin.rfind(' ');
      latin = space == std::string::npos ? std::string() : latin.substr(0, space);
    }
    latin = meta::clean_author(latin);
    return latin.empty() ? Names{} : Names{latin};
  };
  // Labels, capitalised words (of any script), particles, and the rest.
  const std::vector<std::vector<std::string>> tokens = {
      {"by", "By", "BY", "von", "Par", "por", "di", "door", "autor", "Autora", "autorin", "Author", "auteur",
       "written by", "Posted by", "texto", "text", "Reporter", "redacción", "REDACCIÓN", "Redaktion", "Автор", "автор",
       "συντάκτης", "Συντάκτης", "ΣΥΝΤΆΚΤΗΣ", "ρεπορτάζ", "Κείμενο"},
      {"Jane", "Doe", "Ana", "Ruiz", "Élodie", "Ólafur", "Ольга", "Смирнова", "Σοφία", "O'Brien", "D’Arcy",
       "Jean-Luc", "St.", "Mc.Kay", "Łukasz", "İlker", "K", "X", "Zoë", "ß", "ſ"},
      {"de", "da", "del", "van", "von", "der", "di", "le", "la", "y", "e", "De", "Van"},
      {"and", "the", "news", "2021", "7", "March 2, 2021", "(", ")", "|", "•", "·", ":", "：", ",", "-", "’", ".",
       "12:30"}};
  const std::vector<int> kind_weights = {3, 8, 2, 3};
  const std::vector<std::string> glue = {" ", " ", " ", " ", " ", "", ": ", " : ", "：", "(", " | ", " • ", "·", ", ",
                                         "  ", "\t", " \n ", "\v", ":", " :", "\t:\t"};
  std::mt19937 random(20241201);
  std::discrete_distribution<int> kind(kind_weights.begin(), kind_weights.end());
  int matched = 0;
  for (int n = 0; n < 10000; ++n) {
    std::string line;
    const int count = 1 + static_cast<int>(random() % 10);
    for (int k = 0; k < count; ++k) {
      if (k > 0) line += glue[random() % glue.size()];
      const std::vector<std::string>& of_kind = tokens[static_cast<std::size_t>(kind(random))];
      line += of_kind[random() % of_kind.size()];
    }
    // The page's line is the text collapsed: no white space at its ends, single spaces.
    std::string collapsed = pith::text::collapse_whitespace(line);
    if (collapsed.empty() || collapsed.size() > 160) continue;
    const Names want = expected(collapsed);
    matched += !want.empty();
    const Names got = bylines_of(page(kHeadline + "<p>" + collapsed + "</p>")).authors;
    CHECK_MESSAGE(got == want, collapsed);
    // The line as it is, runs of white space (tabs, line breaks, a vertical
    // tab, which RE2's \s leaves out) and a colon without a space included.
    const std::string name = meta::latin_byline_name(line);
    CHECK_MESSAGE((name.empty() ? Names{} : Names{name}) == expected(line), line);
  }
  CHECK(matched > 1000);  // the lines exercise the regex, not only its absence
}

TEST_CASE("distant dates: the clock time's colon or 时 in an inline element of its own") {
  std::string text;
  for (int k = 0; k < 60; ++k) text += "<p>The ferry runs again, said the crew on the quay.</p>";
  auto distant_of = [&](const std::string& line) {
    pith::dom::Dom dom = pith::dom::build_dom(page(kHeadline + text + line + "<p>End.</p>"));
    meta::PageElements elements = meta::find_page_elements(dom);
    std::string distant;
    meta::read_page_bylines(dom, elements, "Harbour ferry returns", false, &distant);
    return distant;
  };
  CHECK(distant_of("<p>Posted 2009/11/03 08<b>:</b>40</p>") == "2009-11-03T08:40:00");
  CHECK(distant_of("<p>2009年11月3日 8<span>时</span>40分</p>") == "2009-11-03T08:40:00");
  CHECK(distant_of("<p>Posted <b>2009/11/03</b> 08&nbsp;40</p>").empty());  // no clock time: no date that far down
}
