// count_text (and count_chars_and_sentence_ends, its lighter twin) and
// append_collapsed read most text a byte at a time on fast paths; here they
// are held to plain per-code-point definitions (decode, classify, count) on
// random text of every kind they meet.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace {

using pith::text::TextCounts;

// Counts from the list of the text's code points: a word is a CJK character
// or a maximal run of other characters that are not white space.
TextCounts reference_count(std::string_view s) {
  std::vector<char32_t> points;
  for (std::size_t i = 0; i < s.size();) points.push_back(pith::text::decode_utf8(s, i));
  TextCounts t;
  for (std::size_t k = 0; k < points.size(); ++k) {
    char32_t c = points[k];
    if (pith::text::is_space(c)) continue;
    t.chars += 1;
    t.cjk += pith::text::is_cjk(c) ? 1 : 0;
    bool continues_word = k > 0 && !pith::text::is_space(points[k - 1]) &&
                          !pith::text::is_cjk(points[k - 1]) && !pith::text::is_cjk(c);
    t.words += continues_word ? 0 : 1;
    if (pith::text::is_cjk(c)) continue;
    t.commas += pith::text::is_comma(c) ? 1 : 0;
    t.sentence_ends += !pith::text::is_comma(c) && pith::text::is_sentence_end(c) ? 1 : 0;
    t.digits += !pith::text::is_comma(c) && !pith::text::is_sentence_end(c) &&
                        pith::text::is_digit(c)
                    ? 1
                    : 0;
  }
  return t;
}

// White space runs become one space, none at the start of `out` or after a
// line break; an ill-formed sequence becomes U+FFFD. Written as two steps:
// the text's words (runs of code points that are not white space, ill-formed
// sequences re-encoded), then the words joined.
void reference_append(std::string& out, std::string_view s, bool& pending_space) {
  std::vector<std::string> words;
  std::vector<bool> space_before;
  bool space = pending_space;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t start = i;
    char32_t c = pith::text::decode_utf8(s, i);
    if (pith::text::is_space(c)) {
      space = true;
      continue;
    }
    std::string encoded;
    pith::text::append_utf8(encoded, c);
    std::string_view original = s.substr(start, i - start);
    if (space || words.empty()) {
      words.emplace_back();
      space_before.push_back(space);
    }
    words.back() += c == 0xFFFD ? encoded : std::string(original);
    space = false;
  }
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (space_before[k] && !out.empty() && out.back() != '\n') out += ' ';
    out += words[k];
  }
  pending_space = space;
}

const std::vector<std::string_view> kPieces = {
    "word", "a", "Hello", "x1", "2024", "10:30", ",", ";", ".", "!", "?", "...", "-", "_", "'",
    " ", " ", " ", "  ", "\t", "\n", "\r\n", "\f", "\v", "\x01", "\x7F",
    "\xC2\xA0",          // no-break space
    "\xE3\x80\x80",      // ideographic space
    "\xE2\x80\x8B",      // zero-width space
    "\xE1\x9A\x80",      // ogham space mark
    "\xEF\xBB\xBF",      // BOM
    "\xC3\xA9t\xC3\xA9", // été
    "\xD0\xBC\xD0\xB8\xD1\x80", // мир
    "\xE4\xB8\xAD\xE6\x96\x87", // 中文
    "\xE3\x81\x82",      // あ
    "\xEA\xB0\x80",      // 가
    "\xEF\xBC\x8C",      // ，
    "\xE3\x80\x82",      // 。
    "\xEF\xBC\x91",      // full-width 1
    "\xE2\x80\xA6",      // …
    "\xD8\x8C",          // Arabic comma
    // The edges of the letters told by their bytes alone (chars.cpp, letter_kind):
    "\xC2\x85", "\xD7\xBF", "\xD8\x80",                 // U+0085, U+05FF, U+0600
    "\xE4\xB7\xBF", "\xE4\xB8\x80", "\xE9\xBF\xBF", "\xEA\x80\x80",  // U+4DFF, U+4E00, U+9FFF, U+A000
    "\xF0\x9F\x98\x80",  // emoji
    "\xF0\xA0\x80\x80",  // Han extension B
    "\xEF\xBF\xBD",      // U+FFFD itself
    "\xFF", "\xC3", "\xD7", "\xE4\xB8", "\xE9\xBF", "\x80", "\xC0\xA0", "\xED\xA0\x80"};  // ill-formed

std::string random_text(std::mt19937& rng, const std::vector<std::string_view>& pieces = kPieces,
                        std::size_t max_pieces = 12) {
  std::uniform_int_distribution<std::size_t> count(0, max_pieces), pick(0, pieces.size() - 1);
  std::string s;
  for (std::size_t n = count(rng); n > 0; --n) s += pieces[pick(rng)];
  return s;
}

bool same(const TextCounts& a, const TextCounts& b) {
  return a.chars == b.chars && a.cjk == b.cjk && a.commas == b.commas &&
         a.sentence_ends == b.sentence_ends && a.digits == b.digits && a.words == b.words;
}

// Checks count_text, count_chars_and_sentence_ends and weighted_length on `s`
// against counting code point by code point; false, with the differences
// reported, when either count differs.
bool counts_agree(std::string_view s) {
  TextCounts fast = pith::text::count_text(s), plain = reference_count(s);
  CHECK(pith::text::weighted_length(s) == pith::text::weighted_length(plain.chars, plain.cjk));
  const TextCounts part = pith::text::count_chars_and_sentence_ends(s);
  const TextCounts part_expected{.chars = plain.chars, .cjk = plain.cjk, .sentence_ends = plain.sentence_ends};
  if (same(fast, plain) && same(part, part_expected)) return true;
  INFO("text \"" << s << "\"");
  CHECK(same(part, part_expected));
  CHECK(fast.chars == plain.chars);
  CHECK(fast.cjk == plain.cjk);
  CHECK(fast.commas == plain.commas);
  CHECK(fast.sentence_ends == plain.sentence_ends);
  CHECK(fast.digits == plain.digits);
  CHECK(fast.words == plain.words);
  return false;
}

// Checks append_collapsed against reference_append, appending `s` to `before`;
// false, with the difference reported, when they differ.
bool appends_agree(const std::string& before, std::string_view s, bool pending) {
  std::string fast = before, plain = before;
  bool fast_pending = pending, plain_pending = pending;
  pith::text::append_collapsed(fast, s, fast_pending);
  reference_append(plain, s, plain_pending);
  if (fast == plain && fast_pending == plain_pending) return true;
  INFO("after \"" << before << "\" appending \"" << s << "\" pending " << pending);
  CHECK(fast == plain);
  CHECK(fast_pending == plain_pending);
  return false;
}

}  // namespace

TEST_CASE("count_text and weighted_length agree with counting code point by code point") {
  std::mt19937 rng(7);
  for (int k = 0; k < 100000; ++k)
    if (!counts_agree(random_text(rng))) break;
}

TEST_CASE("count_text agrees with counting code point by code point on long mostly-ASCII texts") {
  // Long enough for the sixteen- and eight-byte paths, with the bytes at the
  // edges of their classes: ' ' and the control bytes below it, '/' ':' '@'
  // around the digits and '@', 0x7F, and a non-ASCII letter now and then.
  const std::vector<std::string_view> pieces = {
      "word", "a", "Zz", "x1", "2024", "0", "9", "/", ":", "@", "[", "`", "{", "~", "\x7F", ",",
      ";", ".", "!", "?", " ", " ", " ", "  ", "\x1F", "\t", "\n", "\xC3\xA9", "\xE4\xB8\xAD"};
  std::mt19937 rng(13);
  for (int k = 0; k < 20000; ++k)
    if (!counts_agree(random_text(rng, pieces, 80))) break;
}

TEST_CASE("count_text agrees with counting code point by code point on runs of Han characters") {
  // Runs of Han characters (counted a run at a time), ended by their
  // neighbours: U+4DFF and U+A000 beside the block, CJK punctuation, a
  // truncated character, a lone continuation byte, a letter, a space, ASCII.
  const std::vector<std::string_view> pieces = {
      "\xE4\xB8\xAD", "\xE4\xB8\x80", "\xE9\xBF\xBF", "\xE6\x96\x87", "\xE4\xB8\xAD", "\xE5\x9B\xBD",
      "\xE4\xB7\xBF", "\xEA\x80\x80", "\xE3\x80\x82", "\xEF\xBC\x8C", "\xE4\xB8", "\x80",
      "\xC3\xA9", "\xE3\x80\x80", " ", "a", "1", ".", ","};
  std::mt19937 rng(19);
  for (int k = 0; k < 20000; ++k)
    if (!counts_agree(random_text(rng, pieces, 40))) break;
}

TEST_CASE("append_collapsed agrees with collapsing code point by code point") {
  std::mt19937 rng(11);
  for (int k = 0; k < 100000; ++k) {
    std::string before = random_text(rng) + (k % 3 == 0 ? "\n" : "");
    std::string s = random_text(rng);
    if (!appends_agree(before, s, k % 2 == 0)) break;
  }
}

TEST_CASE("append_collapsed agrees with collapsing code point by code point on long mostly-ASCII texts") {
  // Long enough for the sixteen- and eight-byte run steps, with the bytes at
  // the edges of their classes: single and double spaces, tab, CR, LF, form
  // feed, the control bytes below ' ', 0x7F, 0x80 (ill-formed alone), NBSP
  // and other non-ASCII letters and spaces.
  const std::vector<std::string_view> pieces = {
      "word", "a", "Zz", "x1", "2024", ",", ".", "~", "\x7F", " ", " ", " ", " ", "  ", "\t",
      "\r", "\n", "\r\n", "\f", "\x1F", "\x01", "\x80", "\xC2\xA0", "\xC3\xA9",
      "\xE4\xB8\xAD", "\xE3\x80\x80", "\xEF\xBF\xBD"};
  std::mt19937 rng(17);
  for (int k = 0; k < 20000; ++k) {
    std::string before = k % 3 == 0 ? "x\n" : (k % 3 == 1 ? "x" : "");
    std::string s = random_text(rng, pieces, 80);
    if (!appends_agree(before, s, k % 2 == 0)) break;
  }
}

TEST_CASE("count_text, weighted_length and append_collapsed on long ASCII runs (eight bytes at a time)") {
  std::string prose;
  for (int k = 0; k < 40; ++k)
    prose += "In 2024, the   council met 12 times; its minutes (pp. 1-3) say why!? ~ ";
  for (std::size_t cut = 0; cut < 64; ++cut) {
    std::string_view s = std::string_view(prose).substr(cut, prose.size() - 2 * cut);
    CHECK(same(pith::text::count_text(s), reference_count(s)));
    TextCounts plain = reference_count(s);
    CHECK(pith::text::weighted_length(s) == pith::text::weighted_length(plain.chars, plain.cjk));
    for (std::string_view before : {"", "x", "x\n"}) {
      std::string fast(before), slow(before);
      bool fast_pending = cut % 2 == 0, slow_pending = cut % 2 == 0;
      pith::text::append_collapsed(fast, s, fast_pending);
      reference_append(slow, s, slow_pending);
      CHECK(fast == slow);
      CHECK(fast_pending == slow_pending);
    }
  }
}

TEST_CASE("count_text and append_collapsed on plain examples") {
  TextCounts t = pith::text::count_text("Hello, world. 42 \xE4\xB8\xAD\xE6\x96\x87");
  CHECK(t.chars == 16);
  CHECK(t.cjk == 2);
  CHECK(t.words == 5);
  CHECK(t.commas == 1);
  CHECK(t.sentence_ends == 1);
  CHECK(t.digits == 2);
  std::string out = "a";
  bool pending = true;
  pith::text::append_collapsed(out, "  one  two three\t\n", pending);
  CHECK(out == "a one two three");
  CHECK(pending);
}

TEST_CASE("space-separated tokens: one ignoring case, every one by case, the first") {
  using pith::text::first_token;
  using pith::text::has_every_token;
  using pith::text::has_token_ci;
  CHECK(has_token_ci("alternate  Feed", "feed"));
  CHECK_FALSE(has_token_ci("alternate feeds", "feed"));
  CHECK_FALSE(has_token_ci("alternate", ""));
  CHECK(has_every_token("tab-pane fade\tactive", "fade  tab-pane"));
  CHECK_FALSE(has_every_token("tab-pane fade", "tab-pane active"));
  CHECK_FALSE(has_every_token("tab-pane-x", "tab-pane"));  // a whole name, not a prefix
  CHECK_FALSE(has_every_token("Pane", "pane"));             // class names compare by case
  CHECK(has_every_token("pane", " "));                      // no name asked for
  CHECK(first_token("  \n card big") == "card");
  CHECK(first_token(" \t ").empty());
}
