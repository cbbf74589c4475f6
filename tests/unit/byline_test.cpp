// The page's own bylines (src/meta/byline.cpp): which author elements are
// looked at, and how far the CJK label search reaches.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "dom/build.hpp"
#include "meta/sources.hpp"

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
