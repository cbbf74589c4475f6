// Character classes the heuristics count, for every script: CJK characters
// count as words of their own, and punctuation includes the full-width forms.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pith::text {

bool is_space(char32_t c);
// Han, kana, hangul: scripts written without spaces between words. Inline,
// the common Han block first: CJK text is all such characters, and the
// fingerprints and counts ask for each of them.
inline bool is_cjk(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) ||   // Han
         (c >= 0x3040 && c <= 0x30FF) ||   // kana
         (c >= 0x3400 && c <= 0x4DBF) ||   // Han extension A
         (c >= 0xF900 && c <= 0xFAFF) ||   // Han compatibility
         (c >= 0xAC00 && c <= 0xD7AF) ||   // hangul syllables
         (c >= 0x20000 && c <= 0x2FA1F);   // Han extensions B-F
}
// Clause separators Readability counts as "commas": , ， 、 ، ;
bool is_comma(char32_t c);
// Sentence enders: . ! ? 。 ！ ？ ؟ । …
bool is_sentence_end(char32_t c);
bool is_digit(char32_t c);
// Word characters as Python's \w sees them, approximately: letters, digits,
// marks and '_' of any script; punctuation and symbols are not.
bool is_word_char(char32_t c);

// Counts over a piece of text.
struct TextCounts {
  std::uint32_t chars = 0;           // code points that are not white space
  std::uint32_t cjk = 0;             // of which CJK
  std::uint32_t commas = 0;
  std::uint32_t sentence_ends = 0;
  std::uint32_t digits = 0;
  std::uint32_t words = 0;           // runs of non-space (CJK characters count one each)

  void add(const TextCounts& o) {
    chars += o.chars; cjk += o.cjk; commas += o.commas;
    sentence_ends += o.sentence_ends; digits += o.digits; words += o.words;
  }
  // Takes away counts that add() put in.
  void remove(const TextCounts& o) {
    chars -= o.chars; cjk -= o.cjk; commas -= o.commas;
    sentence_ends -= o.sentence_ends; digits -= o.digits; words -= o.words;
  }
};
TextCounts count_text(std::string_view utf8);
// count_text's chars, cjk and sentence_ends alone (its other counts are 0),
// for less: a reader of a whole text that needs no more.
TextCounts count_chars_and_sentence_ends(std::string_view utf8);

// Text length on one scale for all scripts: a CJK character carries about as
// much content as three Latin letters (a Chinese word is ~1.7 characters, an
// English one ~5 letters plus a space).
inline std::uint32_t weighted_length(std::uint32_t chars, std::uint32_t cjk) {
  return chars + 2 * cjk;
}
// The weighted length of a text: what count_text's chars and cjk give, counted
// alone.
std::uint32_t weighted_length(std::string_view utf8);

// Collapses runs of white space to one space and trims both ends.
std::string collapse_whitespace(std::string_view utf8);
// Appends `utf8` to `out` collapsing white space; `pending_space` carries a
// space across calls so inline pieces join correctly.
void append_collapsed(std::string& out, std::string_view utf8, bool& pending_space);
// The first byte of what append_collapsed would append for `piece` alone (0
// when that is empty), without reading past the first character it keeps.
unsigned char first_collapsed_byte_read_through(std::string_view piece);
inline unsigned char first_collapsed_byte(std::string_view piece) {
  // Most pieces open with printable ASCII, which is kept, or are the one
  // space or line break the pre-parse filter leaves between two tags; the
  // rest is read through, character by character.
  if (piece.empty()) return 0;
  if (piece[0] > ' ' && piece[0] < 0x7F) return static_cast<unsigned char>(piece[0]);
  if (piece.size() == 1 && (piece[0] == ' ' || piece[0] == '\n')) return 0;
  return first_collapsed_byte_read_through(piece);
}

// Whether `at(i)` holds for some byte position i of `s`, eight bytes at a
// time: a block of eight whose bytes (read as one little-endian word) fail
// `may_hold` is passed over, so `may_hold` must be true of every block that
// holds such a position. For rare bytes in long texts (digits, Han lead bytes).
template <typename MayHold, typename At>
bool any_position(std::string_view s, MayHold may_hold, At at) {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, sizeof word);
    if (!may_hold(word)) continue;
    for (std::size_t k = i; k < i + 8; ++k)
      if (at(k)) return true;
  }
  for (; i < s.size(); ++i)
    if (at(i)) return true;
  return false;
}

}  // namespace pith::text
