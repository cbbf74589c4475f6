// Fingerprints (src/fingerprint) and the run's deduplicator (cli/deduplicate).
#include <doctest/doctest.h>
#include <utf8proc.h>
#include <xxhash.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/deduplicate.hpp"
#include "fingerprint/fingerprint.hpp"
#include "pith/pith.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace {

using pith::fingerprint::hamming_distance;

const char* const kArticleOne[] = {
    "The harbour ferry returned to service on Monday after three months of repairs in the dry dock at "
    "the northern shipyard, the operator said in a statement.",
    "Engineers replaced both engines and the steering gear, which had failed twice during the winter "
    "storms and left passengers stranded on the island overnight.",
    "Commuters welcomed the return of the service, which carries about four thousand people a day "
    "between the old town and the industrial estates on the far shore.",
    "The operator said timetables would stay the same until the summer, when a second vessel bought "
    "from a Norwegian company is expected to join the route.",
    "Fares will rise by five per cent from April to pay for the repairs, a decision the passengers' "
    "association called disappointing but understandable.",
};

const char* const kArticleTwo[] = {
    "The city library will open on Sundays from next month, the council announced on Thursday after a "
    "campaign by parents and students that lasted more than a year.",
    "The extra hours will be paid for by a grant from a regional foundation and by moving two "
    "librarians from the mobile service, which will visit villages less often.",
    "Students said they had nowhere quiet to study at weekends, especially during the exam season when "
    "cafés in the centre are crowded and noisy.",
    "The council also plans to renovate the reading room on the first floor, which has not been "
    "modernised since the building opened in the nineteen seventies.",
    "A public meeting on the renovation plans will be held at the library on the twelfth of March.",
};

std::string page(const char* const (&paragraphs)[5], const std::string& title, const std::string& footer) {
  std::string html = "<html><head><title>" + title + " | Courier</title></head><body>"
                     "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/sport'>Sport</a></nav>"
                     "<article><h1>" + title + "</h1>";
  for (const char* p : paragraphs) html += std::string("<p>") + p + "</p>";
  html += "</article><footer><p>" + footer + "</p></footer></body></html>";
  return html;
}

// The textbook SimHash, slowly: split the normalised text into words, hash
// every run of three, and take each bit's majority.
std::uint64_t reference_simhash(std::string_view text) {
  std::string normalised = pith::fingerprint::normalise(text);
  std::vector<std::string> words;
  std::istringstream in(normalised);
  for (std::string w; in >> w;) words.push_back(w);
  std::vector<std::string> shingles;
  if (words.size() <= pith::fingerprint::kShingleWords) {
    if (!words.empty()) shingles.push_back(normalised);
  } else {
    for (std::size_t i = 0; i + pith::fingerprint::kShingleWords <= words.size(); ++i)
      shingles.push_back(words[i] + " " + words[i + 1] + " " + words[i + 2]);
  }
  int votes[64] = {};
  for (const std::string& shingle : shingles) {
    std::uint64_t h = XXH3_64bits(shingle.data(), shingle.size());
    for (int bit = 0; bit < 64; ++bit) votes[bit] += (h >> bit) & 1 ? 1 : -1;
  }
  std::uint64_t simhash = 0;
  for (int bit = 0; bit < 64; ++bit)
    if (votes[bit] > 0) simhash |= std::uint64_t{1} << bit;
  return simhash;
}

}  // namespace

TEST_CASE("SimHash equals the textbook one on every fixture's text (counters emptied past 255 shingles)") {
  int pages = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PITH_FIXTURES_DIR)) {
    std::ifstream in(entry.path() / "page.html", std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    pith::Document doc = pith::extract(bytes.str());
    CAPTURE(entry.path().filename().string());
    CHECK(doc.simhash == reference_simhash(doc.text));
    CHECK(doc.text_hash == pith::fingerprint::text_hash(doc.text));
    ++pages;
  }
  CHECK(pages > 20);
  // Texts longer than the 64 KiB the fingerprints hold at a time, and one long word.
  std::string long_text;
  for (int i = 0; long_text.size() < 300000; ++i) long_text += "word" + std::to_string(i % 977) + " Wörter, ";
  CHECK(pith::fingerprint::fingerprints(long_text).simhash == reference_simhash(long_text));
  CHECK(pith::fingerprint::fingerprints(long_text).text_hash ==
        XXH3_64bits(pith::fingerprint::normalise(long_text).data(), pith::fingerprint::normalise(long_text).size()));
  std::string one_word(200000, 'a');
  std::string mixed = "a b " + one_word + " c d " + one_word + " e";
  CHECK(pith::fingerprint::fingerprints(mixed).simhash == reference_simhash(mixed));
  for (const char* text : {"one", "one two", "one two three", "one two three four"})
    CHECK(pith::fingerprint::fingerprints(text).simhash == reference_simhash(text));
}

TEST_CASE("normalise keeps the words in lower case and nothing else; CJK characters are words") {
  CHECK(pith::fingerprint::normalise("  Hello,   WORLD!\n«Çà va?» ") == "hello world çà va");
  CHECK(pith::fingerprint::normalise("港口渡轮, OK") == "港 口 渡 轮 ok");
  CHECK(pith::fingerprint::text_hash("Hello, world") == pith::fingerprint::text_hash("hello   WORLD!"));
  CHECK(pith::fingerprint::text_hash("") == 0);
  CHECK(pith::fingerprint::fingerprints("...").simhash == 0);
}

// normalise, slowly: code point by code point, each lower-cased (utf8proc);
// a CJK one is a word of its own, a word character (text::is_word_char)
// goes on the word, anything else ends it.
std::string reference_normalise(std::string_view s) {
  std::string out;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = pith::text::decode_utf8(s, i);
    if (c >= 0x2E80 && pith::text::is_cjk(c)) {
      if (!out.empty()) out += ' ';
      pith::text::append_utf8(out, c);
      in_word = false;
      continue;
    }
    const auto lower = static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
    if (!pith::text::is_word_char(lower)) {
      in_word = false;
      continue;
    }
    if (!in_word && !out.empty()) out += ' ';
    in_word = true;
    pith::text::append_utf8(out, lower);
  }
  return out;
}

TEST_CASE("normalise agrees with normalising code point by code point") {
  // Words long and short (the ASCII runs go sixteen bytes a step), in either
  // case, with the bytes beside the word characters' ranges ('@' '[' '`' '{'
  // '/' ':'), and other scripts, CJK and ill-formed bytes between them.
  const std::vector<std::string_view> pieces = {
      "a", "Zz", "word", "MixedCase", "under_score", "2024", "x1y2z3", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
      "abcdefghijklmnopqrstuvwxyz0123456789_", "@", "[", "`", "{", "/", ":", " ", "  ", "\n", ", ",
      "\xC3\x89t\xC3\xA9", "\xC3\x87", "\xCE\xA9", "\xE6\xB8\xAF\xE5\x8F\xA3", "\xE3\x80\x82",
      "\x80", "\xE4\xB8", "\x7F", "\x01"};
  std::mt19937 rng(23);
  std::uniform_int_distribution<std::size_t> count(0, 60), pick(0, pieces.size() - 1);
  for (int k = 0; k < 20000; ++k) {
    std::string text;
    for (std::size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    const std::string expected = reference_normalise(text);
    if (pith::fingerprint::normalise(text) != expected) {
      CHECK(pith::fingerprint::normalise(text) == expected);
      break;
    }
  }
}

TEST_CASE("a page and its copy with a changed footer are near-duplicates; two articles of one site are not") {
  pith::Document one = pith::extract(page(kArticleOne, "Harbour ferry returns", "© 2024 Courier. All rights reserved."));
  pith::Document copy = pith::extract(page(kArticleOne, "Harbour ferry returns",
                                           "© 2025 Courier Media Group. Contact us: desk@courier.example. "
                                           "Privacy policy, terms of use and cookie settings."));
  pith::Document two = pith::extract(page(kArticleTwo, "Library to open on Sundays", "© 2024 Courier. All rights reserved."));
  REQUIRE(one.has_main_content());
  REQUIRE(two.has_main_content());
  CHECK(hamming_distance(one.simhash, copy.simhash) <= pith::cli::kNearDuplicateBits);
  CHECK(hamming_distance(one.simhash, two.simhash) > 3 * pith::cli::kNearDuplicateBits);

  CHECK(one.text_hash != two.text_hash);
  CHECK(pith::fingerprint::to_hex(0xabcULL) == "0000000000000abc");
}

TEST_CASE("the deduplicator names the earlier near-duplicate and drops paragraphs seen more than twice") {
  pith::cli::Deduplicator dedup;
  std::string first_page = page(kArticleOne, "Harbour ferry returns", "© 2024 Courier.");
  pith::Document a = pith::extract(first_page);
  pith::Document b = pith::extract(page(kArticleTwo, "Library to open on Sundays", "© 2024 Courier."));
  pith::Document a_copy = pith::extract(page(kArticleOne, "Harbour ferry returns", "© 2025 Courier Media."));

  CHECK_FALSE(dedup.apply("<a>", a).duplicate_of.has_value());
  CHECK_FALSE(dedup.apply("<b>", b).duplicate_of.has_value());
  pith::cli::Deduplicator::Verdict verdict = dedup.apply("<a-copy>", a_copy);
  REQUIRE(verdict.duplicate_of.has_value());
  CHECK(*verdict.duplicate_of == "<a>");
  CHECK(verdict.dropped_paragraphs == 0);  // seen once before: kept
  CHECK(a_copy.has_main_content());

  // The third and fourth copies: by then each long paragraph was seen more than twice.
  pith::Document third = pith::extract(first_page);
  CHECK(dedup.apply("<a-3>", third).dropped_paragraphs == 0);
  pith::Document fourth = pith::extract(first_page);
  pith::cli::Deduplicator::Verdict last = dedup.apply("<a-4>", fourth);
  CHECK(last.dropped_paragraphs == 5);
  CHECK(*last.duplicate_of == "<a>");
  CHECK(fourth.text.find("harbour ferry") == std::string::npos);
  CHECK(fourth.text.find("Engineers replaced") == std::string::npos);
}
