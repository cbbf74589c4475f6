// word_set (the words the second strategy and the articleBody cross-check
// compare) against its definition, one code point at a time: words are runs
// of word characters (text::is_word_char) that are not CJK, ASCII
// lower-cased; each CJK character is a word of its own.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "extract/article_body.hpp"
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
