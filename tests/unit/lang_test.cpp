// Language identification (src/lang): short texts, codes, and the fixtures,
// whose pages are in two dozen languages.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <cctype>
#include <string>
#include <string_view>

#include "lang/identify.hpp"
#include "pith/pith.hpp"

namespace {

std::string read_page(const std::string& fixture) {
  std::ifstream in(std::filesystem::path(PITH_FIXTURES_DIR) / fixture / "page.html", std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The page's markup with its lang attributes, Content-Language and og:locale
// taken out (detection reads only the text; this keeps it honest should that
// ever change).
std::string without_declared_language(std::string html) {
  std::string lower = html;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Each pattern loses one letter ("lang=" becomes "xang=", an unknown attribute).
  for (std::string_view pattern : {"lang=", "content-language", "og:locale"}) {
    for (std::size_t at = lower.find(pattern); at != std::string::npos; at = lower.find(pattern, at + 1))
      html[at] = lower[at] = 'x';
  }
  return html;
}

}  // namespace

TEST_CASE("a text under 100 characters is unknown, one above is detected") {
  CHECK(pith::lang::identify("Bonjour à tous, voici la météo du jour.").language == "unknown");
  pith::lang::Identified french = pith::lang::identify(
      "Le conseil municipal a voté hier soir le budget de l'année prochaine, après un long débat sur "
      "le financement des écoles et la rénovation de la piscine du quartier nord.");
  CHECK(french.language == "fr");
  CHECK(french.confidence > 0.5);
  CHECK(french.confidence <= 1.0);
}

TEST_CASE("a brief's language is read with its headline when its text alone is too short") {
  const std::string_view brief = "A ponte fecha no domingo para obras de manutenção.";
  const std::string_view headline = "Ponte do Guaíba fecha para manutenção no domingo das sete às dezoito horas";
  REQUIRE(pith::lang::identify(brief).language == "unknown");
  CHECK(pith::lang::identify_content(brief, headline).language == "pt");
  CHECK(pith::lang::identify_content(brief, "").language == "unknown");
  // A text long enough on its own is read alone: the title does not move it.
  const std::string_view french =
      "Le conseil municipal a voté hier soir le budget de l'année prochaine, après un long débat sur "
      "le financement des écoles et la rénovation de la piscine du quartier nord.";
  CHECK(pith::lang::identify_content(french, "Breaking news from the town hall tonight").language == "fr");
}

TEST_CASE("Hebrew is he (BCP-47), not CLD2's withdrawn iw; Traditional Chinese is zh-Hant") {
  CHECK(pith::lang::identify("ראש העירייה הודיע אתמול כי העבודות על הרכבת הקלה יסתיימו בשנה הבאה, לאחר עיכובים "
                             "רבים שנגרמו בגלל בעיות תקציב ומחלוקות עם הקבלנים על לוחות הזמנים")
            .language == "he");
  CHECK(pith::lang::identify("市政府昨日宣佈，輕軌工程將於明年完工。由於預算問題以及與承包商在時間表上的爭議，工程多次延誤。"
                             "居民對此表示歡迎，但也擔心施工期間的交通問題會持續影響日常生活。議員們要求政府公開詳細的"
                             "進度報告，並承諾在完工前舉行公聽會。")
            .language == "zh-Hant");
}

TEST_CASE("same_language compares primary subtags and never matches unknown") {
  CHECK(pith::lang::same_language("zh-Hant", "zh"));
  CHECK(pith::lang::same_language("en", "EN-gb"));
  CHECK_FALSE(pith::lang::same_language("pt", "es"));
  CHECK_FALSE(pith::lang::same_language("unknown", "unknown"));
}

TEST_CASE("the fixtures' languages are detected from the text, with the declarations taken out") {
  struct Case { const char* fixture; const char* language; };
  const Case cases[] = {
      {"comments-longer-fr", "fr"}, {"div-soup-ru", "ru"},        {"docs-vi", "vi"},
      {"en-blog-clutter", "en"},    {"encyclopedia-en", "en"},    {"forum-rows-es", "es"},
      {"forum-thread-de", "de"},    {"gate-news-pt", "pt"},       {"japanese-shiftjis", "ja"},
      {"jsonld-in-body-ru", "ru"},  {"korean-euckr", "ko"},       {"legacy-1252-de", "de"},
      {"listing-nl", "nl"},         {"news-comments-ja", "ja"},   {"news-hi", "hi"},
      {"news-lead-es", "es"},       {"one-paragraph-it", "it"},   {"product-page-es", "es"},
      {"product-tr", "tr"},         {"rtl-arabic", "ar"},         {"semantic-article-pl", "pl"},
      {"service-page-sections-fr", "fr"}, {"structured-howto-en", "en"}, {"table-layout-el", "el"},
      {"zh-news-gbk", "zh"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.fixture);
    pith::Document doc = pith::extract(without_declared_language(read_page(c.fixture)));
    CHECK(pith::lang::same_language(doc.language, c.language));
  }
}

TEST_CASE("target_language turns a page in another language into no main content, with the reason") {
  std::string page = read_page("gate-news-pt");
  pith::Options options;
  options.target_language = "pt";
  pith::Document kept = pith::extract(page, options);
  CHECK(kept.has_main_content());
  CHECK(kept.no_content_reason.empty());

  options.target_language = "de";
  pith::Document dropped = pith::extract(page, options);
  CHECK_FALSE(dropped.has_main_content());
  CHECK(dropped.text.empty());
  CHECK(dropped.language == "pt");
  CHECK(dropped.no_content_reason == "the content is in pt, not in the target language de");
  CHECK(dropped.simhash == kept.simhash);  // fingerprints describe the page's content either way
}
