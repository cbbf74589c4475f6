#include "extract/hints.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "assert.hpp"
#include "extract/heuristics.hpp"
#include "extract/machine_text.hpp"
#include "extract/pass.hpp"
#include "text/ascii.hpp"
#include "text/byte_filters.hpp"

namespace pith::extraction {
namespace {

using dom::Attr;
using dom::Tag;

// The word lists, matched against class/id names: a word matches at the
// start of a token (the start of the names, or after a character that is not
// [a-z0-9]) as a prefix ("comment" matches "comments" and "post-comment", not
// "uncommented"); a whole-token word must also end its token ("ad" matches
// "ad-slot", not "admin"). The names are lowered first.
//
// The lists were RE2 patterns of the form (?:^|[^a-z0-9])(?:word|...), with
// (?:$|[^a-z0-9]) after the whole-token words (tests/unit/hints_test.cpp
// compares the two). Class names run long (utility-class frameworks put
// dozens in one attribute): see NameMatcher for how they are read.
//
// The words are arrays and the lists spans of them, not initializer lists,
// so that the lists are constant expressions and are checked when the
// library is built (word_lists_fit, below).
struct WordList {
  NameList list;
  std::span<const std::string_view> prefixes;
  std::span<const std::string_view> whole_tokens;
};

constexpr std::string_view kPositivePrefixes[] = {"article", "body", "content", "entry", "hentry", "h-entry", "main", "post", "text", "blog",
     "story", "prose", "markdown", "richtext", "rich-text", "single", "detail"};
constexpr WordList kPositiveNames{NameList::positive, kPositivePrefixes, {}};

constexpr std::string_view kNegativePrefixes[] = {"advert", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
     "outbrain", "taboola", "promo", "related", "share", "sharing", "shoutbox", "sidebar",
     "side-bar", "skyscraper", "sponsor", "shopping", "widget", "cookie", "consent", "newsletter",
     "subscri", "social", "breadcrumb", "nav", "menu", "author", "disclaim", "trending", "popular",
     "recommend", "reply", "replies", "rating", "vote", "counter", "toolbar", "signup", "login",
     "modal", "popup", "overlay", "hidden", "pagination", "pager", "rss", "disqus", "community",
     "mostread", "most-read", "hotlist", "hot-list", "ranking", "copyright", "infobox", "navbox",
     "reflist", "references", "catlinks"};
constexpr std::string_view kNegativeWholeTokens[] = {"ad", "ads", "foot", "tag", "tags", "bio", "like", "likes", "toc"};
constexpr WordList kNegativeNames{NameList::negative, kNegativePrefixes, kNegativeWholeTokens};

// Clutter names strong enough to remove a node before scoring, unless the same
// node is also named like content.
constexpr std::string_view kUnlikelyPrefixes[] = {"-ad-", "ai2html", "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap",
     "disqus", "extra", "footer", "gdpr", "legends", "menu", "related", "remark",
     "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental",
     "ad-break", "agegate", "pagination", "pager", "popup", "cookie", "consent", "newsletter",
     "share", "sharing", "disclaim", "trending", "popular", "recommend", "navbar", "mostread",
     "most-read", "ranking", "navbox", "reflist", "catlinks", "caption", "credit",
     // Help text shown on hover ("Why this price?", a term's definition):
     // 19 pages of train + dev better, none worse, +0.0004 [+0.0001, +0.0009]
     // (word F1, CV by site). "popover" too took Amazon's "a-popover-trigger"
     // wrappers of the book's description with it (-0.32 on that page).
     "tooltip",
     // A forum member's signature under each post: forum +0.0018 [+0.0007,
     // +0.0031], 13 threads better, none worse.
     "signature",
     // Machine-written summaries of the article ("AI summary" boxes): not
     // the author's text, and a second copy of it.
     "ai-summar", "aisummar",
     // Skeleton screens: the grey blocks or "Loading…" a page shows until
     // its scripts bring the content (a streamed part's fallback).
     "skeleton"};
constexpr std::string_view kUnlikelyWholeTokens[] = {"nav"};
constexpr WordList kUnlikelyNames{NameList::unlikely, kUnlikelyPrefixes, kUnlikelyWholeTokens};

// A header is the site's (logo, menu, search: clutter) or an entry's or a
// section's (its title and lead: content); which one, its text says
// (header_reads_as_content, see kHeaderContentMinLength).
constexpr std::string_view kHeaderPrefixes[] = {"header"};
constexpr WordList kHeaderNames{NameList::header, kHeaderPrefixes, {}};

constexpr std::string_view kMaybeContentPrefixes[] = {"and", "article", "body", "column", "content", "main", "shadow"};
constexpr WordList kMaybeContentNames{NameList::maybe_content, kMaybeContentPrefixes, {}};

// Clutter words that say how a page is built, not what a block is: page
// builders name every block of an article "widget", tables of contents name
// its chapters "toc". See kBuilderNamedProseSentences.
constexpr std::string_view kBuilderPrefixes[] = {"widget"};
constexpr std::string_view kBuilderWholeTokens[] = {"toc"};
constexpr WordList kBuilderNames{NameList::builder, kBuilderPrefixes, kBuilderWholeTokens};

// Customer reviews: clutter on a product page (its content is the
// description and specifications), content on a review article. Read as
// clutter only where the page-type model calls the page a product
// (PageReading::reviews_are_clutter).
constexpr std::string_view kReviewPrefixes[] = {"review"};
constexpr WordList kReviewNames{NameList::review, kReviewPrefixes, {}};

// A cookie or consent prompt (is_consent_prompt): never the page's content,
// even in the passes that keep clutter-named nodes to find content a theme
// named badly. Those passes took a prompt's paragraph for the content of a
// product page whose own text was a list of short lines.
constexpr std::string_view kConsentPrefixes[] = {"cookie", "consent", "gdpr"};
constexpr WordList kConsentNames{NameList::consent, kConsentPrefixes, {}};

// The author's box under a story (a bio, the writer's card): also a clutter
// word (kNegativePrefixes), and one whose prose the pruning does not spare
// (prune.cpp, prune_rule) and the lead does not take (content.cpp, find_lead).
constexpr std::string_view kAuthorPrefixes[] = {"author"};
constexpr WordList kAuthorNames{NameList::author, kAuthorPrefixes, {}};

constexpr WordList kWordLists[] = {kPositiveNames, kNegativeNames, kUnlikelyNames, kHeaderNames, kMaybeContentNames,
                                   kBuilderNames, kReviewNames, kConsentNames, kAuthorNames};

// Calls visit(word, whole, list) for every word of the lists, in order.
template <typename Visit>
constexpr void for_each_word(Visit visit) {
  for (const WordList& list : kWordLists) {
    for (std::string_view w : list.prefixes) visit(w, false, list.list);
    for (std::string_view w : list.whole_tokens) visit(w, true, list.list);
  }
}


using ListSet = unsigned;  // bit (1 << NameList) per list
constexpr ListSet bit(NameList list) { return 1u << static_cast<unsigned>(list); }

// The characters words are written with, a-z, 0-9 and '-', numbered (A-Z
// as a-z: names are matched lowered); kNoLetter for the others.
constexpr int kAlphabetSize = 37;
constexpr std::uint8_t kDash = kAlphabetSize - 1;
constexpr std::uint8_t kNoLetter = kAlphabetSize;
constexpr int kSymbols = kAlphabetSize + 1;  // the letters and kNoLetter
constexpr int kRowStride = 64;  // kSymbols or more: a shift, not a multiply, on the way to a table entry
struct Letters {
  std::uint8_t of[256] = {};
  constexpr Letters() {
    for (int c = 0; c < 256; ++c) of[c] = kNoLetter;
    for (int c = 'a'; c <= 'z'; ++c) of[c] = of[c - 'a' + 'A'] = static_cast<std::uint8_t>(c - 'a');
    for (int c = '0'; c <= '9'; ++c) of[c] = static_cast<std::uint8_t>(26 + c - '0');
    of[static_cast<int>('-')] = kDash;
  }
};
constexpr Letters kLetters;

constexpr std::uint8_t letter_of(char c) { return kLetters.of[static_cast<unsigned char>(c)]; }

// What NameMatcher's tables hold: words of at most kMaxWordLength letters
// (and the byte after them: sixteen), and at most kGroupSize words that
// start with the same three letters (the lists have four: "com", "nav").
constexpr std::size_t kMaxWordLength = 15;
constexpr std::size_t kGroupSize = 4;

// Whether every word has 2 to kMaxWordLength characters of [a-z0-9-] (the
// names are lowered before they are matched).
consteval bool words_well_formed() {
  bool ok = true;
  for_each_word([&ok](std::string_view word, bool, NameList) {
    ok = ok && word.size() >= 2 && word.size() <= kMaxWordLength;
    for (char c : word) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  });
  return ok;
}
static_assert(words_well_formed(), "a class/id word must have 2 to 15 characters of [a-z0-9-]");

// Whether the words fit NameMatcher's groups, as its constructor builds
// them: a word (the same word in several lists once) is in the group of
// each three first letters its text can start a token with; no group may
// hold more than kGroupSize words, and the groups and the pairs of first
// letters are numbered in a byte each.
consteval bool word_groups_fit() {
  constexpr std::size_t kWords = [] {
    std::size_t n = 0;
    for_each_word([&n](std::string_view, bool, NameList) { ++n; });
    return n;
  }();
  struct Entry {
    std::string_view text;
    bool whole = false;
  };
  std::array<Entry, kWords> distinct{};
  std::size_t count = 0;
  for_each_word([&](std::string_view word, bool whole, NameList) {
    for (std::size_t k = 0; k < count; ++k)
      if (distinct[k].whole == whole && distinct[k].text == word) return;
    distinct[count++] = {word, whole};
  });
  std::array<std::uint8_t, kSymbols * kSymbols * kSymbols> group_sizes{};
  std::array<bool, kSymbols * kSymbols> pairs{};
  std::size_t groups = 0, rows = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const Entry& word = distinct[k];
    const int first = letter_of(word.text[0]), second = letter_of(word.text[1]);
    for (int third = 0; third < kSymbols; ++third) {
      bool fits = word.text.size() > 2 ? third == letter_of(word.text[2]) : !word.whole || !(third < kDash);
      if (!fits) continue;
      if (!pairs[first * kSymbols + second]) {
        pairs[first * kSymbols + second] = true;
        ++rows;
      }
      std::uint8_t& size = group_sizes[(first * kSymbols + second) * kSymbols + third];
      if (size == 0) ++groups;
      if (++size > kGroupSize) return false;
    }
  }
  return groups <= 0xFF && rows <= 0xFF;
}
static_assert(word_groups_fit(), "more class/id words start with three letters than kGroupSize, or too many groups");

// [a-z0-9] once lowered: what tokens are made of; anything else separates
// them (the bytes of a non-ASCII character included, as the character would).
// Only the byte-by-byte matcher asks: the SSE2 one tests sixteen bytes at once.
[[maybe_unused]] bool is_name_char(char c) { return letter_of(c) < kDash; }

// Finds the words at every token start. On the class and id texts of the
// dev set (2.7 MB per pass, 470k token starts, 43 % of them starting with
// two letters some word starts with, 17 % still matching after five), the
// letter-by-letter trie this replaced lost its time to mispredicted
// branches (cachegrind's model: ~1M per pass, against 165k L1 misses; a
// trie of a few KB in place of its 60 KB ran no faster): each letter of a
// walk is a hard to predict branch. So: the token starts of sixteen bytes
// come from one SSE2 mask; the first three letters of a token pick, in two
// small tables, the group of words that start so (most tokens stop here);
// the words of the group are compared sixteen bytes at a time, with no
// branch. The trie took 7.6 ms per pass over those texts, this 5.9
// (one core, the texts in memory).
class NameMatcher {
 public:
  NameMatcher() {
    std::vector<Word> words;
    for_each_word([&words](std::string_view w, bool whole, NameList list) { add(words, w, whole, bit(list)); });
    // The groups, by their first three letters; a word of two letters is in
    // every group its text can go on to (kNoLetter: the text ends or a
    // separator follows).
    std::vector<std::vector<std::uint16_t>> group_words(1);  // group 0: none
    std::vector<std::uint8_t> rows(kSymbols * kRowStride, 0);
    auto group_of = [&](int first, int second, int third) -> std::uint8_t& {
      std::uint8_t& row = rows[first * kRowStride + second];
      if (row == 0) {
        row = checked_id(triple_groups_.size() / kRowStride);
        triple_groups_.resize(triple_groups_.size() + kRowStride, 0);
      }
      return triple_groups_[row * kRowStride + third];
    };
    triple_groups_.assign(kRowStride, 0);  // row 0: no word starts with this pair
    for (std::size_t w = 0; w < words.size(); ++w) {
      const Word& word = words[w];
      int first = letter_of(word.text[0]), second = letter_of(word.text[1]);
      for (int third = 0; third < kSymbols; ++third) {
        bool fits = word.length > 2 ? third == letter_of(word.text[2])
                                    : !word.whole || !(third < kDash);  // whole: ends its token
        if (!fits) continue;
        std::uint8_t& group = group_of(first, second, third);
        if (group == 0) {
          group = checked_id(group_words.size());
          group_words.emplace_back();
        }
        group_words[group].push_back(static_cast<std::uint16_t>(w));
      }
    }
    std::copy(rows.begin(), rows.end(), pair_rows_.begin());
    // Every group gets kGroupSize slots (those left over hold words of no
    // list): the compares are unrolled, with no branch to predict.
    words_.resize(group_words.size() * kGroupSize);
    for (std::size_t g = 0; g < group_words.size(); ++g) {
      PITH_ASSERT(group_words[g].size() <= kGroupSize, "word_groups_fit() holds");
      for (std::size_t k = 0; k < group_words[g].size(); ++k)
        words_[g * kGroupSize + k] = words[group_words[g][k]];
    }
  }

  // The lists with a word in `names`, lowered.
  ListSet lists_found(std::string_view names) const {
    if (names.empty()) return 0;
    ListSet found = 0;
#ifdef __SSE2__
    const Padded text(names);
    unsigned after_name_char = 0;  // 1: the byte before the block is [a-z0-9]
    for (std::size_t base = 0; base < names.size(); base += 16) {
      __m128i block = text.load(base);
      unsigned name = name_mask(block);
      unsigned starts = (name | mask(_mm_cmpeq_epi8(block, _mm_set1_epi8('-')))) &
                        ~((name << 1) | after_name_char) & 0xFFFFu;
      after_name_char = name >> 15;
      for (; starts != 0; starts &= starts - 1) {
        const std::size_t at = base + static_cast<unsigned>(__builtin_ctz(starts));
        ListSet here = words_at(text.at(at));
        if (here & bit(NameList::positive)) here = compound_lists(here, [&](std::size_t k) { return text.at(at + k); });
        found |= here;
      }
    }
#else
    bool after_name_char = false;  // the previous character is [a-z0-9]
    for (std::size_t at = 0; at < names.size(); ++at) {
      bool token_start = !after_name_char;
      after_name_char = is_name_char(names[at]);
      if (!token_start) continue;
      ListSet here = words_at(names, at);
      if (here & bit(NameList::positive))
        here = compound_lists(here, [&](std::size_t k) { return names.substr(std::min(names.size(), at + k)); });
      found |= here;
    }
#endif
    return found;
  }

 private:
  // A content word run into a clutter word in one token ("mainnav",
  // "postcomment", "articlefooter"): the token names the clutter, the way a
  // compound's last word names the thing. Not a page builder's word
  // ("textwidget": on builder pages such blocks are the article, see
  // NameList::builder). `here` is what the token start matched (a positive
  // word among it); `rest(k)` is the token from its k-th byte on, as
  // words_at reads it.
  template <typename Rest>
  ListSet compound_lists(ListSet here, Rest rest) const {
    constexpr ListSet kContentLists = bit(NameList::positive) | bit(NameList::maybe_content);
    constexpr ListSet kClutterLists = bit(NameList::negative) | bit(NameList::unlikely);
    const auto token = rest(0);
    for (std::string_view word : kPositivePrefixes) {
      if (!starts_with_lowered(token, word)) continue;
      auto tail = rest(word.size());
      if (!starts_name(tail)) continue;
      ListSet rest_lists = words_at_rest(tail);
      if ((rest_lists & kClutterLists) && !(rest_lists & bit(NameList::builder)))
        return (here & ~kContentLists) | (rest_lists & ~kContentLists);
    }
    return here;
  }

  // The helpers of compound_lists, for a token read as sixteen bytes from
  // a pointer (the SSE2 matcher) or as the rest of the names (the other).
  static bool starts_with_lowered(const char* text, std::string_view word) {
    for (std::size_t i = 0; i < word.size(); ++i)
      if (text::ascii_lower(text[i]) != word[i]) return false;
    return true;
  }
  static bool starts_with_lowered(std::string_view text, std::string_view word) {
    return text.size() >= word.size() && starts_with_lowered(text.data(), word);
  }
  static bool starts_name(const char* text) { return letter_of(text[0]) < kDash; }
  static bool starts_name(std::string_view text) { return !text.empty() && starts_name(text.data()); }
#ifdef __SSE2__
  ListSet words_at_rest(const char* token) const { return words_at(token); }
#else
  ListSet words_at_rest(std::string_view token) const { return words_at(token, 0); }
#endif

  struct alignas(32) Word {  // aligned: the sixteen-byte load of its text stays in one cache line
    char text[16] = {};         // lowered; zeros after it
    std::uint16_t mask = 0;     // bit k for text[k], k < length
    std::uint16_t end_bit = 0;  // whole-token words: the bit of the byte after them, which must not be [a-z0-9]
    std::uint8_t length = 0;
    bool whole = false;
    std::uint16_t lists = 0;  // a ListSet: one bit per NameList
  };
  static_assert(std::size(kWordLists) <= 16, "Word::lists holds a bit per list of kWordLists: widen it for a 17th");
  static_assert(sizeof(Word) <= 32, "a Word stays in one aligned 32-byte slot");

  static void add(std::vector<Word>& words, std::string_view text, bool whole, ListSet list) {
    PITH_ASSERT(text.size() >= 2 && text.size() <= kMaxWordLength, "words_well_formed() holds");
    for (Word& word : words)
      if (word.whole == whole && std::string_view(word.text, word.length) == text) {
        word.lists |= static_cast<std::uint16_t>(list);
        return;
      }
    Word word;
    for (std::size_t i = 0; i < text.size(); ++i) {
      PITH_ASSERT(letter_of(text[i]) != kNoLetter, "words_well_formed() holds");
      word.text[i] = text::ascii_lower(text[i]);
    }
    word.length = static_cast<std::uint8_t>(text.size());
    word.mask = static_cast<std::uint16_t>((1u << text.size()) - 1);
    word.end_bit = static_cast<std::uint16_t>(whole ? 1u << text.size() : 0);
    word.whole = whole;
    word.lists = static_cast<std::uint16_t>(list);
    words.push_back(word);
  }

  // A group or row number, which word_groups_fit() showed fits in a byte.
  static std::uint8_t checked_id(std::size_t id) {
    PITH_ASSERT(id <= 0xFF, "word_groups_fit() holds");
    return static_cast<std::uint8_t>(id);
  }

  // The group of the words a token starting with these letters can hold.
  unsigned group(std::uint8_t first, std::uint8_t second, std::uint8_t third) const {
    return triple_groups_[pair_rows_[first * kRowStride + second] * kRowStride + third];
  }

#ifdef __SSE2__
  // The text, readable sixteen bytes at a time from any of its positions:
  // the last sixteen (or all, when shorter) are copied with zeros after them.
  class Padded {
   public:
    explicit Padded(std::string_view text) : text_(text) {
      const char* data = text.data();
      std::size_t size = text.size();
      if (size >= 16) {
        tail_start_ = size - 16;
        std::memcpy(tail_, data + tail_start_, 16);
      } else if (size >= 8) {  // two copies that overlap: no call for a variable length
        std::memcpy(tail_, data, 8);
        std::memcpy(tail_ + size - 8, data + size - 8, 8);
      } else if (size >= 4) {
        std::memcpy(tail_, data, 4);
        std::memcpy(tail_ + size - 4, data + size - 4, 4);
      } else {
        for (std::size_t i = 0; i < size; ++i) tail_[i] = data[i];
      }
    }
    // The text from position `at` on, sixteen bytes of it readable.
    const char* at(std::size_t at) const {
      return at + 16 <= text_.size() ? text_.data() + at : tail_ + (at - tail_start_);
    }
    __m128i load(std::size_t at) const { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(this->at(at))); }

   private:
    std::string_view text_;
    std::size_t tail_start_ = 0;
    char tail_[32] = {};
  };

  static unsigned mask(__m128i lanes) { return static_cast<unsigned>(_mm_movemask_epi8(lanes)); }

  // The bytes in [low, low + width), by a signed compare: x - (low + 128)
  // is below -128 + width for them.
  static __m128i in_range(__m128i bytes, char low, int width) {
    __m128i shifted = _mm_sub_epi8(bytes, _mm_set1_epi8(static_cast<char>(low + 128)));
    return _mm_cmplt_epi8(shifted, _mm_set1_epi8(static_cast<char>(-128 + width)));
  }

  // [a-zA-Z0-9]: bit k for the k-th byte.
  static unsigned name_mask(__m128i bytes) {
    __m128i letters = in_range(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), 'a', 26);  // A-Z as a-z
    return mask(_mm_or_si128(letters, in_range(bytes, '0', 10)));
  }

  // The lists with a word at `token`, a token start with sixteen bytes
  // readable.
  ListSet words_at(const char* token) const {
    unsigned g = group(letter_of(token[0]), letter_of(token[1]), letter_of(token[2]));
    if (g == 0) return 0;  // most token starts
    __m128i text = _mm_loadu_si128(reinterpret_cast<const __m128i*>(token));
    __m128i upper = in_range(text, 'A', 26);
    __m128i lowered = _mm_or_si128(text, _mm_and_si128(upper, _mm_set1_epi8(0x20)));
    unsigned name = name_mask(text);
    ListSet found = 0;
    const Word* words = &words_[g * kGroupSize];
    for (std::size_t w = 0; w < kGroupSize; ++w) {
      const Word& word = words[w];
      unsigned same = mask(_mm_cmpeq_epi8(lowered, _mm_loadu_si128(reinterpret_cast<const __m128i*>(word.text))));
      // Bit arithmetic, not a branch: whether a word matches is a coin flip.
      unsigned mismatch = ((same & word.mask) ^ word.mask) | (name & word.end_bit);
      found |= word.lists & (0u - static_cast<unsigned>(mismatch == 0));
    }
    return found;
  }
#else
  // The lists with a word at names[at], a token start.
  ListSet words_at(std::string_view names, std::size_t at) const {
    auto letter_at = [&](std::size_t k) { return k < names.size() ? letter_of(names[k]) : kNoLetter; };
    unsigned g = group(letter_at(at), letter_at(at + 1), letter_at(at + 2));
    ListSet found = 0;
    for (std::size_t w = g * kGroupSize; w < (g + 1) * kGroupSize; ++w) {
      const Word& word = words_[w];
      std::string_view here = names.substr(at, word.length);
      bool match = here.size() == word.length &&
                   std::equal(here.begin(), here.end(), word.text,
                              [](char a, char b) { return text::ascii_lower(a) == b; }) &&
                   !(word.whole && at + word.length < names.size() && is_name_char(names[at + word.length]));
      if (match) found |= word.lists;
    }
    return found;
  }
#endif

  // By the first two letters (first * kRowStride + second), a row of
  // triple_groups_ (row 0: no word starts so); there, by the third, the
  // group of the words that start so, those of group g being
  // words_[g * kGroupSize, (g + 1) * kGroupSize) (group 0: none).
  std::array<std::uint8_t, kSymbols * kRowStride> pair_rows_{};
  std::vector<std::uint8_t> triple_groups_;
  std::vector<Word> words_;
};

// A class of the block editor's style presets: "has-" + the preset's name
// + the property it sets ("has-caption-font-size", "has-accent-color",
// "has-light-background-color").
bool is_style_preset(std::string_view token) {
  if (!token.starts_with(kStylePresetPrefix)) return false;
  for (std::string_view property : kStylePresetProperties)
    if (token.size() > kStylePresetPrefix.size() + property.size() && token.ends_with(property)) return true;
  return false;
}

// A class list as it names the element, without the conditions
// utility-first CSS writes into class names: in "lg:hidden" or
// "[html.sidebar-filled_&]:bg-tint" only what follows the last ':' outside
// brackets applies to the element (the rest is a breakpoint, a state or a
// selector, where "sidebar" describes the page), and an arbitrary value in
// brackets ("bg-[url(/img/banner.png)]") is CSS, not a name; nor is a
// style preset ("has-caption-font-size", is_style_preset). Lists with
// neither ':', '[' nor "has-" (most) are returned as they are; the others
// are written into `scratch`.
std::string_view naming_classes(std::string_view names, std::string& scratch) {
  if (!std::memchr(names.data(), ':', names.size()) && !std::memchr(names.data(), '[', names.size()) &&
      names.find(kStylePresetPrefix) == std::string_view::npos)
    return names;
  scratch.clear();
  std::size_t i = 0;
  while (i < names.size()) {
    while (i < names.size() && text::is_ascii_whitespace(names[i])) ++i;
    const std::size_t start = scratch.size();
    int depth = 0;
    for (; i < names.size() && (depth > 0 || !text::is_ascii_whitespace(names[i])); ++i) {
      const char c = names[i];
      if (c == '[') ++depth;
      else if (c == ']') depth -= depth > 0;
      else if (depth == 0 && c == ':') scratch.resize(start);  // a condition ends here
      else if (depth == 0) scratch.push_back(c);
    }
    // A style preset ("has-caption-font-size", "has-primary-color") names
    // how the element's text is set, not what the element is (see
    // kStylePresetPrefix).
    if (is_style_preset(std::string_view(scratch).substr(start))) scratch.resize(start);
    if (scratch.size() > start) scratch.push_back(' ');
  }
  return scratch;
}

ListSet name_lists(std::string_view lowered_names) {
  static const NameMatcher matcher;
  return matcher.lists_found(lowered_names);
}

// The lists a class attribute's names are in.
ListSet class_name_lists(std::string_view names) {
  thread_local std::string scratch;  // its room reused: pages repeat such lists by the hundred
  return name_lists(naming_classes(names, scratch));
}

// The lists found in a page's class attributes, remembered: pages repeat one
// class list on many elements (on the dev set a third of the class
// attributes repeat one seen before on their page, and those hold 60 % of the
// bytes), and matching costs far more per byte than comparing the text
// with the one seen before. A direct-mapped table keyed by the length and the
// first and last eight bytes: cheap to compute however long the list, and a
// hit is always checked against the whole text, so a collision only costs a
// walk. Short lists ("row", "col-6") are remembered too: they are a fifth of
// the class attributes, few of them distinct, and matching one costs ten
// times a look in the table. Valid while the Dom whose text it points into
// lives.
class ClassListMemo {
 public:
  ListSet lists_found(std::string_view names) {
    const std::size_t at = text::ends_key_slot<kSlotBits>(names);
    Entry& entry = entries_[at];
    std::uint64_t& used = used_[at / 64];
    const std::uint64_t bit = std::uint64_t{1} << (at % 64);
    if ((used & bit) && entry.size == names.size() && std::memcmp(entry.data, names.data(), names.size()) == 0)
      return entry.lists;
    used |= bit;
    entry = Entry{names.data(), static_cast<std::uint32_t>(names.size()), class_name_lists(names)};
    return entry.lists;
  }

 private:
  static constexpr unsigned kSlotBits = 10;  // 1,024 entries: a page has ~150 distinct lists

  struct Entry {
    const char* data;
    std::uint32_t size;
    ListSet lists;
  };

  // Which entries hold a list, as bits: a page's memo clears these 128
  // bytes instead of value-initialising its 16 KB of entries (an entry is
  // written before it is read).
  std::array<std::uint64_t, (std::size_t{1} << kSlotBits) / 64> used_{};
  std::array<Entry, std::size_t{1} << kSlotBits> entries_;
};

// The page's subject words (page_subject_words) set apart: an element's
// names are matched again with them blanked out when they matched a clutter
// list, so that "rankings-view-products-list" on a page at ".../rankings"
// reads as "view-products-list". The words are few and such pages rare: the
// second match costs nothing elsewhere. train + dev, CV by site, models
// fixed: all +0.0009 [+0.0000, +0.0022], two pages changed, none fell (a
// software ranking whose list went with its name 0.06 -> 0.78 word F1, a
// product's "/community" edition 0.52 -> 0.95). Every segment of the path
// instead of the last: an article filed under "/rankings/" rose too, one
// under "/newsletter/" fell (its signup box kept).
class SubjectWords {
 public:
  explicit SubjectWords(std::string_view url) : words_(page_subject_words(url)) {}

  bool empty() const { return words_.empty(); }

  // `lists`, found in `names` (a class list when `classes`, else an id), as
  // they are without the subject words.
  ListSet without(ListSet lists, std::string_view names, bool classes) {
    constexpr ListSet kClutterLists = bit(NameList::negative) | bit(NameList::unlikely);
    if (!(lists & kClutterLists)) return lists;
    std::string written;
    scratch_.assign(classes ? naming_classes(names, written) : names);
    bool blanked = false;
    for (std::size_t at = 0; at < scratch_.size(); ++at) {
      if (at > 0 && letter_of(scratch_[at - 1]) < kDash) continue;  // not a token start
      for (std::string_view word : words_) {
        if (scratch_.size() - at < word.size() ||
            !text::iequals_ascii(std::string_view(scratch_).substr(at, word.size()), word))
          continue;
        std::fill_n(scratch_.begin() + static_cast<std::ptrdiff_t>(at), word.size(), ' ');
        blanked = true;
        break;
      }
    }
    return blanked ? name_lists(scratch_) : lists;
  }

 private:
  std::vector<std::string_view> words_;
  std::string scratch_;
};

// What the class and id names say.
struct NameHints {
  int weight = 0;
  bool unlikely = false;
  bool strong_clutter_name = false;
  bool header_name = false;
};

NameHints name_hints(ListSet lists) {
  NameHints h;
  if (lists & bit(NameList::positive)) h.weight += kClassWeight;
  if (lists & bit(NameList::negative)) h.weight -= kClassWeight;
  h.unlikely = (lists & bit(NameList::unlikely)) && !(lists & bit(NameList::maybe_content));
  h.strong_clutter_name = (lists & bit(NameList::unlikely)) != 0;
  h.header_name = !h.unlikely && (lists & bit(NameList::header)) && !(lists & bit(NameList::maybe_content));
  return h;
}

// The attributes the hints read, taken in one look at the element's
// attributes (the first of each name, as Dom::attr gives it).
struct HintAttributes {
  std::string_view cls, ident, role, itemprop;
};

// Whether an element's id is the anchor of the section it heads: its first
// child is a heading that links to the id (the permalink "¶" or "#" that
// documentation generators put beside every section title). The id then
// says what the section is about ("cookies", "sharing"), not what part of
// the page it is.
bool names_own_heading(const dom::Dom& dom, dom::NodeId id, std::string_view ident) {
  constexpr dom::NodeId kMaxHeadingNodes = 16;
  dom::NodeId child = dom.nodes[id].first_child;
  while (child != dom::kNoNode && dom.is_text(child) && dom.text_counts(child).chars == 0)
    child = dom.nodes[child].next_sibling;
  if (child == dom::kNoNode || !dom::is_heading(dom.nodes[child].tag)) return false;
  const dom::NodeId end = std::min<dom::NodeId>(dom.nodes[child].subtree_end, child + kMaxHeadingNodes);
  for (dom::NodeId i = child + 1; i < end; ++i) {
    if (dom.nodes[i].tag != Tag::a || !dom.has_attr(i, Attr::href)) continue;
    const std::string_view href = dom.attr(i, Attr::href);
    if (href.size() == ident.size() + 1 && href[0] == '#' && href.substr(1) == ident) return true;
  }
  return false;
}

// Inlined: called for 273k elements per pass over the dev set, and a call
// returns its four views through memory (page_hints 0.3-0.5 ms/pass faster
// inlined, four runs of old and new alternated).
[[gnu::always_inline]] inline HintAttributes hint_attributes(const dom::Dom& dom, dom::NodeId id) {
  HintAttributes found;
  bool seen_class = false, seen_id = false, seen_role = false, seen_itemprop = false;
  auto take = [](bool& seen, std::string_view& into, std::string_view value) {
    if (!seen) into = value;
    seen = true;
  };
  const dom::Node& node = dom.nodes[id];
  const char* pool = dom.pool.data();
  for (std::uint32_t i = node.attr_begin; i < node.attr_begin + node.attr_count; ++i) {
    const dom::AttrValue& a = dom.attrs[i];
    std::string_view value(pool + a.offset, a.length);  // the Dom's values lie in its pool
    switch (a.name) {
      case Attr::class_: take(seen_class, found.cls, value); break;
      case Attr::id: take(seen_id, found.ident, value); break;
      case Attr::role: take(seen_role, found.role, value); break;
      case Attr::itemprop: take(seen_itemprop, found.itemprop, value); break;
      default: break;
    }
  }
  if (!found.ident.empty() && names_own_heading(dom, id, found.ident)) found.ident = {};
  return found;
}

// What the tag says (the tag table's hint column, dom/tags.def).
Hints tag_hints(Tag tag) {
  Hints h;
  h.boilerplate_tag = dom::tag_hint(tag) == dom::TagHint::boilerplate;
  h.content = dom::tag_hint(tag) == dom::TagHint::content;
  return h;
}

// tag_hints for every tag, looked up once per element instead of called.
const std::array<Hints, 256> kTagHints = [] {
  std::array<Hints, 256> table{};
  for (int t = 0; t < 256; ++t) table[t] = tag_hints(static_cast<Tag>(t));
  return table;
}();

// The roles of a page's asides, footers and dialogs (is_page_region).
bool is_page_region_role(std::string_view role) {
  return text::iequals_ascii(role, "complementary") || text::iequals_ascii(role, "contentinfo") ||
         text::iequals_ascii(role, "dialog");
}

// What the role and itemprop add to the tag's hints (few elements have them).
void add_role_hints(Hints& h, std::string_view role, std::string_view itemprop) {
  if (!role.empty()) {
    if (is_page_region_role(role) || text::iequals_ascii(role, "navigation") || text::iequals_ascii(role, "banner") ||
        text::iequals_ascii(role, "menu") || text::iequals_ascii(role, "menubar") ||
        text::iequals_ascii(role, "search") || text::iequals_ascii(role, "alert") ||
        text::iequals_ascii(role, "toolbar"))
      h.boilerplate_tag = true;
    else if (text::iequals_ascii(role, "main") || text::iequals_ascii(role, "article"))
      h.content = true;
  }
  if (!itemprop.empty() && (text::iequals_ascii(itemprop, "articlebody") || text::iequals_ascii(itemprop, "text") ||
                            text::iequals_ascii(itemprop, "reviewbody")))
    h.content = true;
}

}  // namespace

bool is_page_region(Tag tag, std::string_view role) {
  return tag == Tag::aside || tag == Tag::footer || tag == Tag::dialog || is_page_region_role(role);
}

namespace {

// What an element's markup says but for its class and id names: the tag,
// the role and the itemprop. `attrs` gets the attributes read (none when the
// element has none).
[[gnu::always_inline]] inline Hints markup_hints(const dom::Dom& dom, dom::NodeId id,
                                                 HintAttributes& attrs) {
  Hints h = kTagHints[static_cast<std::uint8_t>(dom.nodes[id].tag)];
  if (dom.nodes[id].attr_count == 0) return h;  // most elements: the tag says it all
  attrs = hint_attributes(dom, id);
  if (!attrs.role.empty() || !attrs.itemprop.empty()) add_role_hints(h, attrs.role, attrs.itemprop);
  return h;
}

// Adds what the class and id names say to `h` (of an element `tag`), their
// lists found by `class_lists` (class) and name_lists (id).
//
// A heading is not removed for its own names: themes and page builders name
// section headings "module-header", "entry-header", "card-caption", which
// say what a heading is, not that it is clutter. The container a heading
// heads is still judged by its names (a sidebar takes its headings with
// it). train + dev: all +0.0008 [+0.0001, +0.0021] (word F1, CV by site),
// no page type lower; the headings of Divi and Elementor sections, recipe
// "Ingredients" / "Instructions", news headlines named "story-header".
template <typename ClassLists, typename IdLists = ListSet (*)(std::string_view)>
ListSet add_name_hints(Hints& h, Tag tag, const HintAttributes& attrs, ClassLists&& class_lists,
                       IdLists&& id_lists = name_lists) {
  if (attrs.cls.empty() && attrs.ident.empty()) return 0;
  // The class and the id, as one text: "class id". No word holds a space, so
  // each part is matched on its own.
  ListSet lists = attrs.cls.empty() ? 0 : class_lists(attrs.cls);
  if (!attrs.ident.empty()) lists |= id_lists(attrs.ident);
  NameHints names = name_hints(lists);
  h.weight += names.weight;
  h.unlikely = names.unlikely && !dom::is_heading(tag);
  h.strong_clutter_name = names.strong_clutter_name;
  // A heading or a table named "header" is a section's title or a table with a header row
  // ("sticky-header": one that stays on screen), not the site's header.
  h.header_name = names.header_name && !dom::is_heading(tag) && tag != Tag::table;
  return lists;
}

// An element's hints, its class names' lists found by `class_lists`.
template <typename ClassLists>
Hints element_hints(const dom::Dom& dom, dom::NodeId id, ClassLists&& class_lists) {
  HintAttributes attrs;
  Hints h = markup_hints(dom, id, attrs);
  add_name_hints(h, dom.nodes[id].tag, attrs, class_lists);
  return h;
}

// An element whose class and id names go unread: its markup hints, and its
// place in `h1` when it is an <h1>. Returns whether it is declared content.
// `scratch` receives the attributes read (the caller's, set up once).
[[gnu::always_inline]] inline bool take_markup_hints(const dom::Dom& dom, dom::NodeId id,
                                                     std::vector<Hints>& hints,
                                                     std::vector<dom::NodeId>& h1,
                                                     HintAttributes& scratch) {
  if (dom.nodes[id].tag == Tag::h1) h1.push_back(id);
  hints[id] = markup_hints(dom, id, scratch);
  return hints[id].content;
}

// A <figcaption> of a figure that shows a picture or a video: a photo's
// caption and credit, clutter as an element named "caption" is (the unlikely
// names). The figures of a service page's testimonials or a document's
// listings hold no picture and keep theirs. The caption stays with its image
// (Image::caption). WCXB's pages, CV by site: articles +0.0004 [+0.0001,
// +0.0007], collections +0.002, 42 pages changed (0.998 -> 0.958 the worst:
// a gold that keeps its captions).
bool is_photo_caption(const dom::Dom& dom, dom::NodeId caption) {
  const dom::NodeId figure = dom.nodes[caption].parent;
  if (figure == dom::kNoNode || dom.nodes[figure].tag != Tag::figure) return false;
  for (dom::NodeId k = figure + 1; k < dom.nodes[figure].subtree_end; ++k) {
    const Tag tag = dom.nodes[k].tag;
    if (tag == Tag::img || tag == Tag::picture || tag == Tag::video) return true;
  }
  return false;
}

// Declared content ahead in document order, as the removal looks for it
// (DeclaredContent, select.cpp): whether a subtree holds an element
// declared as content (the markup says so, not the names). The elements
// passed over get their markup hints on the way. Asked in document order,
// each element is looked at once at most (nested boilerplate elements do not
// scan their subtrees again).
class ContentAhead {
 public:
  // The <h1> elements passed over are added to `h1`.
  ContentAhead(const dom::Dom& dom, std::vector<Hints>& hints, std::vector<dom::NodeId>& h1)
      : dom_(dom), hints_(hints), h1_(h1) {}

  // Whether an element of [id, end) is declared as content. `id` may not be
  // less than in the previous call.
  bool within(dom::NodeId id, dom::NodeId end) {
    if (scanned_ < id) scanned_ = id;
    HintAttributes scratch;
    for (; scanned_ < end; ++scanned_)
      if (dom_.nodes[scanned_].tag != Tag::text && take_markup_hints(dom_, scanned_, hints_, h1_, scratch))
        return true;  // stays here: it may be asked again
    return false;
  }

 private:
  const dom::Dom& dom_;
  std::vector<Hints>& hints_;
  std::vector<dom::NodeId>& h1_;
  // No element from the last id asked about up to here is declared content.
  dom::NodeId scanned_ = 0;
};

}  // namespace

bool names_match(NameList list, std::string_view names) {
  return (name_lists(names) & bit(list)) != 0;
}

bool element_named(NameList list, const dom::Dom& dom, dom::NodeId id) {
  return names_match(list, dom.attr(id, dom::Attr::class_)) || names_match(list, dom.attr(id, dom::Attr::id));
}

std::vector<std::string_view> page_subject_words(std::string_view url) {
  std::vector<std::string_view> words;
  const std::size_t scheme = url.find("://");
  const std::size_t at = url.find('/', scheme == std::string_view::npos ? 0 : scheme + 3);
  if (at == std::string_view::npos) return words;
  std::string_view path = url.substr(at, url.find_first_of("?#", at) - at);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  std::string_view segment = path.substr(path.rfind('/') + 1);
  segment = segment.substr(0, segment.find('.'));  // "rankings.html"
  auto spells = [segment](std::string_view word) {
    if (segment.size() < word.size() || !text::iequals_ascii(segment.substr(0, word.size()), word)) return false;
    const std::string_view rest = segment.substr(word.size());
    return rest.empty() || text::iequals_ascii(rest, "s") || text::iequals_ascii(rest, "es");
  };
  for (const WordList& list : {kNegativeNames, kUnlikelyNames})
    for (std::span<const std::string_view> group : {list.prefixes, list.whole_tokens})
      for (std::string_view word : group)
        if (spells(word) && std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  return words;
}

NameWords name_words(NameList list) {
  for (const WordList& words : kWordLists)
    if (words.list == list) return {words.prefixes, words.whole_tokens};
  return {};
}

Hints node_hints(const dom::Dom& dom, dom::NodeId id) { return element_hints(dom, id, class_name_lists); }

std::vector<Hints> page_hints(const dom::Dom& dom) { return read_page_hints(dom).hints; }

namespace {

// Machine text (machine_text.hpp) outside code, where JSON and identifiers
// are what the reader came for.
bool is_machine_text_node(const dom::Dom& dom, dom::NodeId id) {
  // Text the DOM counted no character in (white space alone, half of a
  // page's text nodes) opens with none of '{', '[' or a hex digit.
  if (id < dom.counts.size() && dom.counts[id].chars == 0) return false;
  const std::string_view text = dom.text(id);
  if (!is_machine_text(text)) return false;
  for (dom::NodeId a = dom.nodes[id].parent; a != dom::kNoNode; a = dom.nodes[a].parent) {
    const Tag tag = dom.nodes[a].tag;
    if (tag == Tag::pre || tag == Tag::code || tag == Tag::textarea) return false;
  }
  return true;
}

// A schema.org review or its text (microdata).
bool is_review_property(std::string_view itemprop) {
  return !itemprop.empty() && (text::iequals_ascii(itemprop, "review") || text::iequals_ascii(itemprop, "reviews") ||
                               text::iequals_ascii(itemprop, "reviewbody"));
}

// A radio button or a check box: one choice of a poll, a survey, a filter.
bool is_choice_input(const dom::Dom& dom, dom::NodeId id) {
  const std::string_view type = dom.attr(id, dom::Attr::type);
  return text::iequals_ascii(type, "radio") || text::iequals_ascii(type, "checkbox");
}

// What comes before each node, counted on first use (a page without an
// element named for reviews or consent, or a form of a poll's many choices,
// never pays): the text bytes, <h1>s and form controls of any subtree in two
// reads, however deeply such elements nest.
class SubtreeCounts {
 public:
  struct Counts {
    std::uint32_t text_bytes = 0, headlines = 0, controls = 0;
  };
  Counts in_subtree(const dom::Dom& dom, dom::NodeId id) {
    if (before_.empty()) {
      before_.resize(dom.size() + 1);
      for (dom::NodeId k = 0; k < dom.size(); ++k) {
        const Tag tag = dom.nodes[k].tag;
        Counts c = before_[k];
        c.text_bytes += tag == Tag::text ? static_cast<std::uint32_t>(dom.text(k).size()) : 0;
        c.headlines += tag == Tag::h1;
        c.controls += tag == Tag::button || tag == Tag::input;
        before_[k + 1] = c;
      }
    }
    const Counts& a = before_[id];
    const Counts& b = before_[dom.nodes[id].subtree_end];
    return {b.text_bytes - a.text_bytes, b.headlines - a.headlines, b.controls - a.controls};
  }
  std::uint32_t page_text_bytes() const { return before_.back().text_bytes; }  // after in_subtree

 private:
  std::vector<Counts> before_;
};

// Whether an element a name makes clutter wraps the page instead: the
// <html> or <body> (themes and consent scripts name them for the page's
// template or state: "single-product-reviews-01", "cookie-banner-open"), or
// an element around the page's headline.
bool wraps_page(const dom::Dom& dom, dom::NodeId id, SubtreeCounts& counts) {
  const Tag tag = dom.nodes[id].tag;
  if (tag == Tag::html || tag == Tag::body) return true;
  return counts.in_subtree(dom, id).headlines > (tag == Tag::h1 ? 1u : 0u);
}

// Whether an element named for reviews holds them, rather than the page.
bool holds_customer_reviews(const dom::Dom& dom, dom::NodeId id, SubtreeCounts& counts) {
  return !wraps_page(dom, id, counts);
}

// Whether a widget's text is under kLeftOutWidgetMaxPageShare of the page's.
bool under_widget_page_share(const SubtreeCounts::Counts& own, SubtreeCounts& counts) {
  return static_cast<double>(own.text_bytes) <
         kLeftOutWidgetMaxPageShare * static_cast<double>(counts.page_text_bytes());
}

// Whether an element named for cookies or consent (NameList::consent) is the
// prompt: it holds a button or an input (to accept, refuse, choose), which a
// cookie policy's section does not; it does not wrap the page; and it holds
// under kLeftOutWidgetMaxPageShare of the page's text (a prompt's paragraph
// can be most of a short page's).
bool is_consent_prompt(const dom::Dom& dom, dom::NodeId id, SubtreeCounts& counts) {
  if (wraps_page(dom, id, counts)) return false;
  const SubtreeCounts::Counts own = counts.in_subtree(dom, id);
  return own.controls > 0 && under_widget_page_share(own, counts);
}

// Whether a <form> is a poll or a survey ("Rate this article": agree ...
// disagree, five times): kPollMinChoices radio buttons or check boxes or
// more, with no more text than their questions and labels
// (kPollMaxBytesPerChoice each), not around the page nor most of its text
// (kLeftOutWidgetMaxPageShare).
bool is_poll(const dom::Dom& dom, dom::NodeId id, SubtreeCounts& counts) {
  // Counted by a walk of the form (forms do not nest): most forms (a search
  // box, a newsletter's) have too few choices, and the page's counts are
  // then never built.
  std::uint32_t choices = 0;
  for (dom::NodeId k = id + 1; k < dom.nodes[id].subtree_end; ++k)
    choices += dom.nodes[k].tag == Tag::input && is_choice_input(dom, k);
  if (choices < kPollMinChoices || wraps_page(dom, id, counts)) return false;
  const SubtreeCounts::Counts own = counts.in_subtree(dom, id);
  return own.text_bytes <= choices * kPollMaxBytesPerChoice && under_widget_page_share(own, counts);
}

}  // namespace

PageHints read_page_hints(const dom::Dom& dom, PageReading reading) {
  PageHints page;
  std::vector<Hints>& hints = page.hints;
  hints.resize(dom.size());
  // Ids are mostly unique on their page: only class lists are remembered.
  auto memo = std::make_unique_for_overwrite<ClassListMemo>();
  SubjectWords subject(reading.url);
  auto class_lists = [&memo, &subject](std::string_view names) {
    const ListSet lists = memo->lists_found(names);
    return subject.empty() ? lists : subject.without(lists, names, /*classes=*/true);
  };
  auto id_lists = [&subject](std::string_view names) {
    const ListSet lists = name_lists(names);
    return subject.empty() ? lists : subject.without(lists, names, /*classes=*/false);
  };
  ContentAhead declared(dom, hints, page.h1);
  HintAttributes scratch;
  SubtreeCounts subtree_counts;
  for (dom::NodeId i = 0; i < dom.size();) {
    const dom::Node& node = dom.nodes[i];
    if (node.tag == Tag::text) {
      if (is_machine_text_node(dom, i)) page.left_out.push_back({i, Rule::machine_text});
      ++i;
      continue;
    }
    HintAttributes attrs;
    Hints h = markup_hints(dom, i, attrs);
    // No pass reads the names in a subtree that every pass leaves out, as
    // the removal does (pass.hpp: <head>; a boilerplate element holding no
    // declared content): a third of the class and id bytes of the dev set
    // (scripts, navigation, footers). They are not matched there. What
    // tells declared content is read in <head> too (a search from the root
    // looks there).
    // A subtree left out whatever it declares: its elements get their
    // markup hints.
    auto leave_out_reading_markup = [&](Rule rule) {
      hints[i] = h;
      for (dom::NodeId k = i + 1; k < node.subtree_end; ++k)
        if (dom.nodes[k].tag != Tag::text) take_markup_hints(dom, k, hints, page.h1, scratch);
      page.left_out.push_back({i, rule});
      i = node.subtree_end;
    };
    if (node.tag == Tag::head) {
      leave_out_reading_markup(Rule::document_head);
      continue;
    }
    if (h.boilerplate_tag && !h.content && !declared.within(i + 1, node.subtree_end) &&
        !(reading.page_regions_kept && is_page_region(node.tag, attrs.role))) {
      hints[i] = h;  // the subtree's elements got theirs from the search
      page.left_out.push_back({i, Rule::boilerplate_tag});
      i = node.subtree_end;
      continue;
    }
    const ListSet lists = add_name_hints(h, node.tag, attrs, class_lists, id_lists);
    // A product page's customer reviews: no pass keeps them, whatever else
    // they are named ("product-reviews-content") or hold.
    if (reading.reviews_are_clutter && ((lists & bit(NameList::review)) || is_review_property(attrs.itemprop)) &&
        holds_customer_reviews(dom, i, subtree_counts)) {
      leave_out_reading_markup(Rule::customer_reviews);
      continue;
    }
    if ((lists & bit(NameList::consent)) && !h.content &&
        !(lists & (bit(NameList::positive) | bit(NameList::maybe_content))) &&
        !declared.within(i + 1, node.subtree_end) && is_consent_prompt(dom, i, subtree_counts)) {
      leave_out_reading_markup(Rule::consent_prompt);
      continue;
    }
    if (reading.polls_are_clutter && node.tag == Tag::form && !h.content &&
        !declared.within(i + 1, node.subtree_end) && is_poll(dom, i, subtree_counts)) {
      leave_out_reading_markup(Rule::poll);
      continue;
    }
    if (node.tag == Tag::figcaption && !h.content && is_photo_caption(dom, i)) h.unlikely = true;
    hints[i] = h;
    if (h.unlikely || h.header_name) page.unlikely.push_back(i);
    if (h.content) page.declared.push_back(i);
    if (judged_by_pruning(node.tag)) page.containers.push_back(i);
    if (node.tag == Tag::h1) page.h1.push_back(i);
    ++i;
  }
  // Every element was met by the walk, the search ahead or both (once
  // each by either, in document order): the two lists merged, once each.
  std::sort(page.h1.begin(), page.h1.end());
  page.h1.erase(std::unique(page.h1.begin(), page.h1.end()), page.h1.end());
  return page;
}

}  // namespace pith::extraction
