// The byte filters of text/byte_filters.hpp against plain byte-by-byte
// definitions, on texts held in heap blocks of exactly their size: a load
// past a text's end is a heap overflow the ASan build reports.
#include <doctest/doctest.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "meta/element_words.hpp"
#include "text/ascii.hpp"
#include "text/byte_filters.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace {

namespace text = pith::text;

// A copy of `s` in a heap block of s.size() bytes and nothing more.
class ExactCopy {
 public:
  explicit ExactCopy(std::string_view s) : bytes_(new char[s.size()]), size_(s.size()) {
    if (!s.empty()) std::memcpy(bytes_.get(), s.data(), s.size());
  }
  std::string_view view() const { return {bytes_.get(), size_}; }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t size_;
};

// Random text of the letters the pairs are made of, both cases, and a few
// other bytes, of every length up to three blocks.
std::vector<std::string> random_names() {
  const std::string_view alphabet = "mMeEpPsSaAuUbByYcoORrtTnN-_ 0\x80\xE4";
  std::mt19937 random(20261203);
  std::vector<std::string> names;
  for (std::size_t size = 0; size <= 48; ++size)
    for (int n = 0; n < 40; ++n) {
      std::string name;
      for (std::size_t k = 0; k < size; ++k) name += alphabet[random() % alphabet.size()];
      names.push_back(name);
    }
  for (std::string_view word : {"comment", "reply", "respond", "author", "byline"})
    for (std::size_t before = 0; before <= 33; ++before) names.push_back(std::string(before, 'x') + std::string(word));
  return names;
}

}  // namespace

TEST_CASE("for_each_letter_pair: every place a pair starts, and no byte read past the text") {
  for (const std::string& name : random_names()) {
    const ExactCopy copy(name);
    std::vector<std::size_t> got;
    text::for_each_letter_pair<text::LetterPair{'m', 'm'}, text::LetterPair{'e', 'p'}, text::LetterPair{'b', 'y'}>(
        copy.view(), [&](std::size_t at) { got.push_back(at); });
    std::vector<std::size_t> want;
    for (std::size_t at = 0; at + 1 < name.size(); ++at) {
      const char a = text::ascii_lower(name[at]), b = text::ascii_lower(name[at + 1]);
      if ((a == 'm' && b == 'm') || (a == 'e' && b == 'p') || (a == 'b' && b == 'y')) want.push_back(at);
    }
    CHECK_MESSAGE(got == want, name);
  }
}

TEST_CASE("class_name_words: the words contains_ascii_ci finds, reading no byte past the name") {
  using namespace pith::meta;
  for (const std::string& name : random_names()) {
    std::uint16_t want = 0;
    if (text::contains_ascii_ci(name, "comment")) want |= kComment;
    if (text::contains_ascii_ci(name, "reply")) want |= kReply;
    if (text::contains_ascii_ci(name, "respond")) want |= kRespond;
    if (text::contains_ascii_ci(name, "author")) want |= kAuthor;
    if (text::contains_ascii_ci(name, "byline")) want |= kByline;
    CHECK_MESSAGE(class_name_words(ExactCopy(name).view()) == want, name);
  }
}

TEST_CASE("may_hold_han: true for every text with a CJK character, reading no byte past the text") {
  const std::vector<std::string_view> pieces = {"a", " ", "é", "ж", "\xE2\x80\x94" /* — */, "\xE2\xBA\x80" /* ⺀ */,
                                                "中", "か", "한", "\xEF\xBC\x9A" /* ： */, "\xE0\xA4\x95" /* क */};
  std::mt19937 random(7);
  for (int n = 0; n < 3000; ++n) {
    std::string s;
    const std::size_t count = random() % 24;
    for (std::size_t k = 0; k < count; ++k) s += pieces[random() % pieces.size()];
    bool cjk = false;
    for (std::size_t i = 0; i < s.size();) cjk = text::is_cjk(text::decode_utf8(s, i)) || cjk;
    if (cjk) CHECK_MESSAGE(text::may_hold_han(ExactCopy(s).view()), s);
  }
  CHECK_FALSE(text::may_hold_han(ExactCopy("plain ASCII text, and then some more of it").view()));
  CHECK_FALSE(text::may_hold_han(ExactCopy("").view()));
}

TEST_CASE("skip_ascii_whitespace: where the run ends from every place, reading no byte past the text") {
  const std::string_view alphabet = " \t\n\r\f" "\va<\x80\xA0";  // the white space first
  std::mt19937 random(20261204);
  for (std::size_t size = 0; size <= 48; ++size)
    for (int n = 0; n < 40; ++n) {
      std::string s;
      // Mostly white space, so that runs cross the sixteen-byte blocks.
      for (std::size_t k = 0; k < size; ++k)
        s += alphabet[random() % (random() % 4 != 0 ? 5 : alphabet.size())];
      const ExactCopy copy(s);
      for (std::size_t from = 0; from <= s.size(); ++from) {
        std::size_t want = from;
        while (want < s.size() && text::is_ascii_whitespace(s[want])) ++want;
        CHECK_MESSAGE(text::skip_ascii_whitespace(copy.view(), from) == want, s, " from ", from);
      }
    }
}

TEST_CASE("word_at and ascii_lower_word: a name's first eight bytes, lower-cased as ascii_lower does") {
  const std::string s = "DiV-x9_Ab-CdEf";  // longer than a word: both reads of word_at
  const ExactCopy copy(s);
  for (std::size_t at = 0; at <= s.size(); ++at) {
    std::uint64_t want = 0;
    for (std::size_t k = at; k < s.size() && k < at + 8; ++k)
      want |= std::uint64_t{static_cast<unsigned char>(s[k])} << (8 * (k - at));
    CHECK(text::word_at(copy.view(), at) == want);
  }
  CHECK(text::first_bytes(text::word_at(copy.view(), 0), 3) == (0x56ULL << 16 | 0x69ULL << 8 | 0x44ULL));
  CHECK(text::first_bytes(~0ULL, 8) == ~0ULL);
  for (int b = 0; b < 256; ++b)
    for (int lane = 0; lane < 8; ++lane) {
      // Every byte in every lane, beside bytes that must not change it.
      constexpr std::uint64_t kNeighbours = 0xFF5B5A41403F7F80ULL;  // the letters' neighbours, 'A', 'Z'
      const std::uint64_t word = (kNeighbours & ~(0xFFULL << (8 * lane))) | std::uint64_t(b) << (8 * lane);
      std::uint64_t want = 0;
      for (int k = 0; k < 8; ++k)
        want |= std::uint64_t{static_cast<unsigned char>(text::ascii_lower(static_cast<char>(word >> (8 * k))))} << (8 * k);
      CHECK(text::ascii_lower_word(word) == want);
    }
}
