// word_set (the words the second strategy and the articleBody cross-check
// compare) against its definition, one code point at a time: words are runs
// of word characters (text::is_word_char) that are not CJK, ASCII
// lower-cased; each CJK character is a word of its own.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "dom/build.hpp"
#include "extract/article_body.hpp"
#include "meta/page_meta.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace {

std::unordered_set<std::string> reference_word_set(std::string_view utf8) {
  std::unordered_set<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < utf8.size();) {
    std::size_t start = i;
    char32_t c = pith::text::decode_utf8(utf8, i);
    bool cjk = pith::text::is_cjk(c);
    if (pith::text::is_word_char(c) && !cjk) {
      for (std::size_t k = start; k < i; ++k) {
        char b = utf8[k];
        word.push_back(b >= 'A' && b <= 'Z' ? static_cast<char>(b - 'A' + 'a') : b);
      }
      continue;
    }
    if (!word.empty()) words.insert(word);
    word.clear();
    if (cjk) words.emplace(utf8.substr(start, i - start));
  }
  if (!word.empty()) words.insert(word);
  return words;
}

const std::vector<std::string> kPieces = {
    "Word", "word", "WORD", "x", "_", "2024", "a1_B2", " ", "\n", "\t", ",", ".", "-", "'", "|",
    "\xC3\xA9t\xC3\xA9", "\xC3\x89", "\xE4\xB8\xAD\xE6\x96\x87", "\xE3\x80\x82", "\xC2\xA0",
    "\xE2\x80\x94", "\xF0\x9F\x98\x80", "\xE4\xB8", "\xAD", "\xFF", "\x7F", "\x01"};

}  // namespace

TEST_CASE("word_set agrees with its per-code-point definition") {
  CHECK(pith::extraction::word_set("The cat, the CAT.") ==
        std::unordered_set<std::string>{"the", "cat"});
  std::mt19937 rng(20261204);
  std::uniform_int_distribution<std::size_t> count(0, 30), pick(0, kPieces.size() - 1);
  for (int k = 0; k < 20000; ++k) {
    std::string text;
    for (std::size_t n = count(rng); n > 0; --n) text += kPieces[pick(rng)];
    INFO(text);
    REQUIRE(pith::extraction::word_set(text) == reference_word_set(text));
  }
}

// The metadata stage reads the articleBody while it parses the JSON-LD and
// hands it to the content stage: it must be what json_ld_article_body reads
// from the page, scripts wrapped for old browsers included (which the
// metadata stage unwraps and json_ld_article_body does not).
TEST_CASE("the articleBody read by the metadata stage is json_ld_article_body's") {
  const std::string longer = "The ferry is back in service after three months in dry dock.";
  const std::string shorter = "The ferry is back.";
  struct Case {
    std::string scripts;
    std::string expected;
  };
  auto ld = [](const std::string& json) { return "<script type=\"application/ld+json\">" + json + "</script>"; };
  const Case cases[] = {
      {ld(R"({"@type":"NewsArticle","headline":"Ferry","articleBody":")" + longer + "\"}"), longer},
      {ld(R"({"@graph":[{"@type":"WebPage"},{"@type":"Article","articleBody":")" + shorter + "\"}]}") +
           ld(R"({"@type":"Article","articleBody":")" + longer + "\"}"),
       longer},
      {ld(R"({"@type":"Article","articleBody":")" + longer + "\"}") +
           ld(R"({"@type":"Article","articleBody":")" + shorter + "\"}"),
       longer},
      // Wrapped: the metadata stage reads the headline, but as written the
      // script is no JSON, so it declares no body.
      {ld(R"(<!--{"@type":"Article","headline":"Ferry","articleBody":")" + longer + "\"}-->"), ""},
      {ld(R"(//<![CDATA[
{"@type":"Article","articleBody":")" + longer + "\"}\n//]]>") +
           ld(R"({"@type":"Article","articleBody":")" + shorter + "\"}"),
       shorter},
      // A marker inside the string: unwrapped it reads "a   b", as written "a<!--b".
      {ld(R"({"@type":"Article","articleBody":"a<!--b"})"), "a<!--b"},
      {ld(R"({"@type":"Article","articleBody":)"), ""},
      {ld(R"({"@type":"Article","articleBody":42,"text":"\"articleBody\""})"), ""},
      {ld(R"({"@type":"Article","headline":"Ferry"})"), ""},
      {"", ""},
  };
  for (const Case& c : cases) {
    const std::string html = "<!doctype html><html><head>" + c.scripts +
                             "</head><body><h1>Ferry</h1><p>" + longer + "</p></body></html>";
    INFO(html);
    pith::dom::Dom dom = pith::dom::build_dom(html);
    const std::string handed_over = pith::meta::read_metadata(dom, "").article_body;
    CHECK(pith::extraction::json_ld_article_body(dom) == c.expected);
    CHECK(handed_over == c.expected);
  }
}
