// Tests for the benchmark metric: tokenisation and shingle precision/recall/F1.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "check/metric.hpp"

namespace {

using pith::check::compare;
using pith::check::Score;
using pith::check::tokens;
using Tokens = std::vector<std::string>;

}  // namespace

TEST_CASE("tokens: runs of word characters, punctuation dropped") {
  CHECK(tokens("Hello, world_1!") == Tokens{"Hello", "world_1"});
  CHECK(tokens("").empty());
  CHECK(tokens("  ,.;!? ").empty());
}

TEST_CASE("tokens: every CJK character is a token of its own") {
  Tokens t = tokens("你好世界");
  CHECK(t.size() == 4);
  CHECK(t == Tokens{"你", "好", "世", "界"});
  CHECK(tokens("你好，世界。") == Tokens{"你", "好", "世", "界"});  // full-width punctuation dropped
}

TEST_CASE("tokens: mixed Latin and CJK split at the script boundary") {
  CHECK(tokens("abc中文def") == Tokens{"abc", "中", "文", "def"});
}

TEST_CASE("compare: identical texts score 1") {
  Score s = compare("The quick brown fox jumps over the lazy dog.",
                    "The quick brown fox jumps over the lazy dog.");
  CHECK(s.precision == doctest::Approx(1.0));
  CHECK(s.recall == doctest::Approx(1.0));
  CHECK(s.f1 == doctest::Approx(1.0));
}

TEST_CASE("compare: punctuation and white space do not matter") {
  Score s = compare("one two, three four five", "one   two three\nfour -- five!");
  CHECK(s.f1 == doctest::Approx(1.0));
}

TEST_CASE("compare: both texts empty score 1") {
  Score s = compare("", "");
  CHECK(s.precision == doctest::Approx(1.0));
  CHECK(s.recall == doctest::Approx(1.0));
  CHECK(s.f1 == doctest::Approx(1.0));
}

TEST_CASE("compare: disjoint texts score 0") {
  Score s = compare("alpha beta gamma delta epsilon", "one two three four five");
  CHECK(s.precision == doctest::Approx(0.0));
  CHECK(s.recall == doctest::Approx(0.0));
  CHECK(s.f1 == doctest::Approx(0.0));
}

TEST_CASE("compare: extra predicted text keeps recall at 1 and lowers precision") {
  // 6 tokens -> 3 gold shingles; 10 tokens -> 7 predicted, 3 of them right.
  Score s = compare("one two three four five six",
                    "one two three four five six seven eight nine ten");
  CHECK(s.recall == doctest::Approx(1.0));
  CHECK(s.precision < 1.0);
  CHECK(s.precision == doctest::Approx(3.0 / 7.0));
  CHECK(s.f1 == doctest::Approx(2 * (3.0 / 7.0) / (1 + 3.0 / 7.0)));
}

TEST_CASE("compare: missing text keeps precision at 1 and lowers recall") {
  Score s = compare("one two three four five six seven eight nine ten",
                    "one two three four five six");
  CHECK(s.precision == doctest::Approx(1.0));
  CHECK(s.recall == doctest::Approx(3.0 / 7.0));
}

TEST_CASE("compare: texts under 4 tokens form a single shingle") {
  // Equal short texts match as one shingle.
  CHECK(compare("a b c", "a b c").f1 == doctest::Approx(1.0));
  CHECK(compare("你好", "你好").f1 == doctest::Approx(1.0));
  // A short text's one shingle is the whole text, so a partial overlap is no
  // match at all (with per-token counting "a b" vs "a b c" would score > 0).
  Score partial = compare("a b c", "a b");
  CHECK(partial.precision == doctest::Approx(0.0));
  CHECK(partial.recall == doctest::Approx(0.0));
  // 3 tokens -> 1 shingle ("a b c"); 4 tokens -> 1 shingle ("a b c d"): disjoint.
  Score grown = compare("a b c", "a b c d");
  CHECK(grown.recall == doctest::Approx(0.0));
  CHECK(grown.precision == doctest::Approx(0.0));
  // 5 tokens -> 2 shingles, one of which the 4-token prediction has.
  Score five = compare("a b c d e", "a b c d");
  CHECK(five.precision == doctest::Approx(1.0));
  CHECK(five.recall == doctest::Approx(0.5));
}
