#include "text/chars.hpp"

#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "text/utf8.hpp"

namespace pith::text {

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' ||
         c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200B) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

bool is_comma(char32_t c) {
  return c == ',' || c == 0xFF0C || c == 0x3001 || c == 0x060C || c == ';' || c == 0xFF1B;
}

bool is_sentence_end(char32_t c) {
  return c == '.' || c == '!' || c == '?' || c == 0x3002 || c == 0xFF01 || c == 0xFF1F ||
         c == 0x061F || c == 0x0964 || c == 0x2026 || c == 0xFF0E;
}

bool is_digit(char32_t c) { return (c >= '0' && c <= '9') || (c >= 0xFF10 && c <= 0xFF19); }

bool is_word_char(char32_t c) {
  if (c < 0x80)
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  if (is_space(c)) return false;
  // Punctuation and symbol blocks; everything else outside them is treated as
  // a letter, which is right for the scripts pages are written in.
  if (c <= 0xBF) return c == 0xAA || c == 0xB2 || c == 0xB3 || c == 0xB5 || c == 0xB9 || c == 0xBA;
  if (c == 0xD7 || c == 0xF7) return false;
  if (c >= 0x2000 && c <= 0x2BFF) return false;  // general punctuation .. misc symbols
  if (c >= 0x3000 && c <= 0x303F) return c == 0x3005 || c == 0x3006;  // CJK punctuation
  if (c >= 0xFF00 && c <= 0xFF0F) return false;  // full-width punctuation
  if (c >= 0xFF1A && c <= 0xFF20) return false;
  if (c >= 0xFF3B && c <= 0xFF40) return c == 0xFF3F;
  if (c >= 0xFF5B && c <= 0xFF65) return false;
  if (c == 0x060C || c == 0x061B || c == 0x061F || c == 0x066A || c == 0x06D4) return false;
  if (c == 0x0964 || c == 0x0965 || c == 0x0E2F || c == 0x0E5A || c == 0x0E5B) return false;
  if (c >= 0x1F000 && c <= 0x1FAFF) return false;  // emoji and pictographs
  if (c == 0xFFFD || (c >= 0xE000 && c <= 0xF8FF)) return false;
  return true;
}

namespace {

// ASCII classes for count_text's and append_collapsed's fast paths; they
// agree with is_space, is_comma, is_sentence_end and is_digit on ASCII.
// kPlain: any other ASCII character, which only counts as a character.
enum AsciiClass : std::uint8_t { kPlain, kSpace, kComma, kSentenceEnd, kDigit, kNotAscii };

struct ByteClasses {
  AsciiClass of[256] = {};
  constexpr ByteClasses() {
    for (int b = 0x80; b < 256; ++b) of[b] = kNotAscii;
    for (char c : {' ', '\t', '\n', '\r', '\f', '\v'}) of[static_cast<int>(c)] = kSpace;
    of[static_cast<int>(',')] = of[static_cast<int>(';')] = kComma;
    of[static_cast<int>('.')] = of[static_cast<int>('!')] = of[static_cast<int>('?')] = kSentenceEnd;
    for (int c = '0'; c <= '9'; ++c) of[c] = kDigit;
  }
};
constexpr ByteClasses kBytes;

inline AsciiClass class_of(char c) { return kBytes.of[static_cast<unsigned char>(c)]; }
// ASCII that is not white space: what most of a text's bytes are.
inline bool is_ascii_non_space(char c) {
  AsciiClass cls = class_of(c);
  return cls != kSpace && cls != kNotAscii;
}

// is_space and is_cjk for code points from U+0080 up, with the common cases
// (letters of alphabetic scripts, Han) settled inline.
inline bool is_space_above_ascii(char32_t c) {
  if (c < 0x1680) return c == 0xA0;
  if (c > 0x3000) return c == 0xFEFF;
  return is_space(c);
}
inline bool is_cjk_above_ascii(char32_t c) { return c >= 0x3040 && is_cjk(c); }

// The most common letters above ASCII, told by their bytes alone: two-byte
// sequences below U+0600 but NBSP (Latin, Greek, Cyrillic, Armenian, Hebrew:
// characters that are neither space nor punctuation count_text counts), and
// Han from U+4E00 to U+9FFF (lead bytes E4 B8.. to E9).
enum LetterKind { kLetter, kHan, kOther };
inline LetterKind letter_kind(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 >= 0xC2 && b0 <= 0xD7) {
    if (i + 1 >= s.size()) return kOther;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    return (b1 & 0xC0) == 0x80 && !(b0 == 0xC2 && b1 == 0xA0) ? kLetter : kOther;
  }
  if (b0 >= 0xE4 && b0 <= 0xE9) {
    if (i + 2 >= s.size()) return kOther;
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    const auto b2 = static_cast<unsigned char>(s[i + 2]);
    if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80 || (b0 == 0xE4 && b1 < 0xB8)) return kOther;
    return kHan;
  }
  return kOther;
}

// Lead bytes of two- and three-byte sequences that are never white space
// (is_space) and take any continuation byte second: C3..DF (U+00C0..U+07FF;
// C2 holds NBSP), E4..EC and EE (U+4000..U+CFFF, U+E000..U+EFFF; E0 and ED
// restrict their second byte, E1, E2, E3 and EF lead to spaces). The
// sequence's length, 0 for other bytes.
struct LetterLeads {
  std::uint8_t length[256] = {};
  constexpr LetterLeads() {
    for (int b = 0xC3; b <= 0xDF; ++b) length[b] = 2;
    for (int b = 0xE4; b <= 0xEC; ++b) length[b] = 3;
    length[0xEE] = 3;
  }
};
constexpr LetterLeads kLetterLeads;

char32_t next_code_point(std::string_view s, std::size_t& i) {
  char32_t c;
  if (std::size_t n = decode_utf8_short(s, i, c)) {
    i += n;
    return c;
  }
  return decode_utf8(s, i);
}

// Eight bytes at a time, for weighted_length (SWAR: one byte per lane of a
// 64-bit word, a lane's answer in its high bit), in the common case of ASCII
// from ' ' up: lanes then never carry into each other.
constexpr std::uint64_t kEachByte = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x80 * kEachByte;
constexpr std::uint64_t kLow7Bits = 0x7F * kEachByte;

// Whether all eight bytes are ASCII from ' ' up (no byte at or above 0x80, no
// control character: b + 0x60 reaches 0x80 exactly when b >= 0x20).
inline bool printable_ascii(std::uint64_t word) {
  return (word & kHighBits) == 0 && ((word + 0x60 * kEachByte) & kHighBits) == kHighBits;
}
// The lanes equal to `c` (of a printable_ascii word).
inline std::uint64_t lanes_equal(std::uint64_t word, char c) {
  std::uint64_t x = word ^ (static_cast<unsigned char>(c) * kEachByte);
  return ~(((x & kLow7Bits) + kLow7Bits) | x | kLow7Bits);
}
// How many lanes are set in a mask of high bits: the lanes, moved to bit 0,
// summed into the top byte by one multiplication (no popcount instruction in
// the baseline x86-64 target).
inline std::uint32_t lanes(std::uint64_t mask) {
  return static_cast<std::uint32_t>(((mask >> 7) * kEachByte) >> 56);
}

// Whether append_collapsed's run goes on over the eight bytes at `p`: all
// ASCII from ' ' up, every space between two characters that are not (the
// byte before p counts as one when `after_run`). The first byte of the text
// is the lowest lane.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "lanes are read little-endian");
inline bool run_continues_over(const char* p, bool after_run) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  if (!printable_ascii(word)) return false;
  std::uint64_t spaces = lanes_equal(word, ' ');
  std::uint64_t non_space = ~spaces & kHighBits;
  std::uint64_t follows_non_space = (non_space << 8) | (after_run ? 0x80 : 0);
  std::uint64_t precedes_non_space = non_space >> 8;
  return (spaces & ~(follows_non_space & precedes_non_space)) == 0;
}

// What a count takes: every count of TextCounts, or only the characters (CJK
// among them) and sentence ends, which cost a third of the work on prose.
enum class Counted { all, chars_and_sentence_ends };

// count_text over eight bytes of printable ASCII (the lowest lane first), the
// classes of is_ascii_non_space: words and characters between single spaces,
// with or without punctuation and digits.
template <Counted kCounted>
inline void count_printable_word(std::uint64_t word, bool& in_word, std::uint32_t* ascii,
                                 std::uint32_t& words) {
  std::uint64_t spaces = lanes_equal(word, ' ');
  std::uint64_t non_space = ~spaces & kHighBits;
  if constexpr (kCounted == Counted::all) {
    std::uint64_t word_starts = non_space & ~((non_space << 8) | (in_word ? 0x80 : 0));
    words += lanes(word_starts);
    in_word = (non_space >> 63) != 0;
  }
  // Commas, sentence ends and digits all lie below '@' (0x40), like the
  // space; letters lie above it.
  std::uint64_t below_at = ((~word & (0x40 * kEachByte)) << 1) & non_space;
  if (below_at == 0) {
    ascii[kPlain] += lanes(non_space);
    return;
  }
  std::uint64_t ends = lanes_equal(word, '.') | lanes_equal(word, '!') | lanes_equal(word, '?');
  std::uint64_t commas = 0, digits = 0;
  if constexpr (kCounted == Counted::all) {
    commas = lanes_equal(word, ',') | lanes_equal(word, ';');
    // b + 0x50 reaches 0x80 from '0' (0x30) up, b + 0x46 from past '9' (0x3A).
    digits = (word + 0x50 * kEachByte) & ~(word + 0x46 * kEachByte) & kHighBits;
  }
  std::uint32_t special[] = {lanes(commas), lanes(ends), lanes(digits)};
  ascii[kComma] += special[0];
  ascii[kSentenceEnd] += special[1];
  ascii[kDigit] += special[2];
  ascii[kPlain] += lanes(non_space) - special[0] - special[1] - special[2];
}

#ifdef __SSE2__
// Sixteen bytes at a time with SSE2 (in every x86-64 CPU): count_printable_word
// over a byte mask per class (bit k for the text's k-th byte). Set bits are
// counted by table: the baseline target has no popcount instruction.
struct BitCounts {
  std::uint8_t of[256] = {};
  constexpr BitCounts() {
    for (int m = 1; m < 256; ++m) of[m] = static_cast<std::uint8_t>(of[m >> 1] + (m & 1));
  }
};
constexpr BitCounts kBitCounts;
inline std::uint32_t bits16(unsigned mask) { return kBitCounts.of[mask & 0xFF] + kBitCounts.of[mask >> 8]; }

// The high bit of each of the sixteen lanes: bit k for the k-th byte.
inline unsigned mask(__m128i lanes) { return static_cast<unsigned>(_mm_movemask_epi8(lanes)); }

// count_text over the printable ASCII (' ' to 0x7F, as printable_ascii) that
// the sixteen bytes at `p` start with; returns how many bytes that is, 0 when
// the first is not. The bytes up to a line break or a non-ASCII letter are
// then counted in one step, not one by one.
template <Counted kCounted>
inline unsigned count_printable_16(const char* p, bool& in_word, std::uint32_t* ascii,
                                   std::uint32_t& words) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // Signed bytes: those from 0x80 up are negative, below ' ' too.
  const unsigned printable = mask(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F)));
  const unsigned length = printable == 0xFFFF ? 16 : static_cast<unsigned>(__builtin_ctz(~printable));
  if (length == 0) return 0;
  const unsigned counted = printable == 0xFFFF ? 0xFFFF : (1U << length) - 1;
  auto lanes_equal16 = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  const unsigned non_space = ~mask(lanes_equal16(' ')) & counted;
  if constexpr (kCounted == Counted::all) {
    words += bits16(non_space & ~((non_space << 1) | (in_word ? 1U : 0U)));
    in_word = ((non_space >> (length - 1)) & 1) != 0;
  }
  // Commas, sentence ends and digits all lie below '@', like the space.
  const unsigned below_at = mask(_mm_cmplt_epi8(v, _mm_set1_epi8('@'))) & non_space;
  const std::uint32_t characters = bits16(non_space);
  if (below_at == 0) {
    ascii[kPlain] += characters;
    return length;
  }
  const std::uint32_t ends = bits16(
      mask(_mm_or_si128(_mm_or_si128(lanes_equal16('.'), lanes_equal16('!')), lanes_equal16('?'))) &
      counted);
  std::uint32_t commas = 0, digits = 0;
  if constexpr (kCounted == Counted::all) {
    commas = bits16(mask(_mm_or_si128(lanes_equal16(','), lanes_equal16(';'))) & counted);
    digits = bits16(mask(_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)))) &
                    counted);
  }
  ascii[kComma] += commas;
  ascii[kSentenceEnd] += ends;
  ascii[kDigit] += digits;
  ascii[kPlain] += characters - commas - ends - digits;
  return length;
}

// How many of the sixteen bytes at `p` append_collapsed's run goes on over, as
// run_continues_over: the printable ASCII they start with in which every space
// lies between two characters that are not. A space in the last lane has no
// known successor here; it is left to the byte rules.
inline unsigned run_length_16(const char* p, bool after_run) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const unsigned printable = mask(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F)));
  const unsigned spaces = mask(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
  const unsigned non_space = printable & ~spaces;
  const unsigned follows_non_space = (non_space << 1) | (after_run ? 1U : 0U);
  const unsigned precedes_non_space = non_space >> 1;
  // ~printable sets every bit from 16 up, so the count stops at 16.
  const unsigned stops = ~printable | (spaces & ~(follows_non_space & precedes_non_space));
  return static_cast<unsigned>(__builtin_ctz(stops));
}
#endif

}  // namespace

namespace {

template <Counted kCounted>
TextCounts count_text_as(std::string_view s) {
  constexpr bool kAll = kCounted == Counted::all;
  TextCounts t;
  // Counted per class and summed at the end: the loop over a run of plain
  // ASCII (most of any text) then does nothing else.
  std::uint32_t ascii[kNotAscii] = {};
  bool in_word = false;
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    AsciiClass cls = class_of(s[i]);
#ifdef __SSE2__
    if (cls != kNotAscii && i + 16 <= n) {
      if (unsigned counted = count_printable_16<kCounted>(s.data() + i, in_word, ascii, t.words)) {
        i += counted;
        continue;
      }
    }
#endif
    if (cls != kNotAscii && i + 8 <= n) {
      std::uint64_t word;
      std::memcpy(&word, s.data() + i, sizeof word);
      if (printable_ascii(word)) {
        count_printable_word<kCounted>(word, in_word, ascii, t.words);
        i += 8;
        continue;
      }
    }
    if (cls == kSpace) {
      in_word = false;
      for (++i; i < n && class_of(s[i]) == kSpace;) ++i;
      continue;
    }
    if (cls != kNotAscii) {
      if (kAll && !in_word) ++t.words;
      in_word = true;
      ++ascii[cls];
      for (++i; i < n && class_of(s[i]) == kPlain; ++i) ++ascii[kPlain];
      continue;
    }
    switch (letter_kind(s, i)) {
      case kLetter:
        if (kAll && !in_word) ++t.words;
        in_word = true;
        ++t.chars;
        i += 2;
        continue;
      case kHan: {
        // The Han characters that follow it too, at once: CJK text is
        // little else, and each is a word and a character of its own.
        std::uint32_t run = 1;
        for (i += 3; i + 3 <= n && letter_kind(s, i) == kHan; i += 3) ++run;
        t.chars += run;
        t.cjk += run;
        if (kAll) t.words += run;
        in_word = false;
        continue;
      }
      case kOther:
        break;
    }
    char32_t c = next_code_point(s, i);
    if (is_space_above_ascii(c)) {
      in_word = false;
      continue;
    }
    ++t.chars;
    if (is_cjk_above_ascii(c)) {
      ++t.cjk;
      if (kAll) ++t.words;
      in_word = false;
      continue;
    }
    if (kAll && !in_word) ++t.words;
    in_word = true;
    // No comma, sentence end or digit lies between ASCII and U+060C (Latin,
    // Greek, Cyrillic...).
    if (c < 0x060C) continue;
    if (is_comma(c)) {
      if (kAll) ++t.commas;
    } else if (is_sentence_end(c)) {
      ++t.sentence_ends;
    } else if (kAll && is_digit(c)) {
      ++t.digits;
    }
  }
  t.chars += ascii[kPlain] + ascii[kComma] + ascii[kSentenceEnd] + ascii[kDigit];
  if (kAll) t.commas += ascii[kComma];
  t.sentence_ends += ascii[kSentenceEnd];
  if (kAll) t.digits += ascii[kDigit];
  return t;
}

}  // namespace

TextCounts count_text(std::string_view s) { return count_text_as<Counted::all>(s); }

TextCounts count_chars_and_sentence_ends(std::string_view s) {
  return count_text_as<Counted::chars_and_sentence_ends>(s);
}

std::uint32_t weighted_length(std::string_view s) {
  std::uint32_t chars = 0, cjk = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (i + 8 <= s.size()) {
      std::uint64_t word;
      std::memcpy(&word, s.data() + i, sizeof word);
      if (printable_ascii(word)) {
        chars += lanes(~lanes_equal(word, ' ') & kHighBits);
        i += 8;
        continue;
      }
    }
    AsciiClass cls = class_of(s[i]);
    if (cls != kNotAscii) {
      chars += cls != kSpace;
      ++i;
      continue;
    }
    LetterKind kind = letter_kind(s, i);
    if (kind != kOther) {
      ++chars;
      cjk += kind == kHan;
      i += kind == kHan ? 3 : 2;
      continue;
    }
    char32_t c = next_code_point(s, i);
    if (is_space_above_ascii(c)) continue;
    ++chars;
    cjk += is_cjk_above_ascii(c);
  }
  return weighted_length(chars, cjk);
}

void append_collapsed(std::string& out, std::string_view s, bool& pending_space) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t start = i;
    unsigned char b = static_cast<unsigned char>(s[i]);
    // ASCII white space (indentation, line breaks) goes by in one loop.
    if (class_of(s[i]) == kSpace) {
      for (++i; i < s.size() && class_of(s[i]) == kSpace;) ++i;
      pending_space = true;
      continue;
    }
    // A run of characters that are not white space goes in one piece (ASCII,
    // and well-formed sequences decode_utf8_short reads). A single space between
    // two ASCII characters of the run stays in it: collapsing leaves it as it
    // is, and words go out a line at a time rather than one by one.
    while (i < s.size()) {
      // Past a non-ASCII character (a letter of a script written without
      // ASCII, often followed by another) no block step is tried.
      if (static_cast<unsigned char>(s[i]) >= 0x80) {
        // Most letters: a lead byte none of whose well-formed sequences is
        // white space or restricted in its second byte; only its
        // continuation bytes need a look.
        const std::size_t length = kLetterLeads.length[static_cast<unsigned char>(s[i])];
        if (length != 0 && length <= s.size() - i && is_continuation(s[i + 1]) &&
            (length == 2 || is_continuation(s[i + 2]))) {
          i += length;
          continue;
        }
        char32_t c;
        std::size_t n = decode_utf8_short(s, i, c);
        if (n == 0 || is_space_above_ascii(c)) break;
        i += n;
        continue;
      }
#ifdef __SSE2__
      if (i + 16 <= s.size()) {
        const unsigned taken = run_length_16(s.data() + i, /*after_run=*/i > start);
        i += taken;
        if (taken == 16 || static_cast<unsigned char>(s[i]) >= 0x80) continue;
      } else
#endif
      if (i + 8 <= s.size() && run_continues_over(s.data() + i, /*after_run=*/i > start)) {
        i += 8;
        continue;
      }
      if (is_ascii_non_space(s[i])) {
        ++i;
        continue;
      }
      if (s[i] == ' ' && i > start && i + 1 < s.size() && is_ascii_non_space(s[i + 1])) {
        i += 2;
        continue;
      }
      break;  // ASCII white space
    }
    if (i > start) {
      if (pending_space && !out.empty() && out.back() != '\n') out.push_back(' ');
      pending_space = false;
      out.append(s.substr(start, i - start));
      continue;
    }
    char32_t c;
    if (b < 0x80) {
      c = b;
      ++i;
    } else {
      c = decode_utf8(s, i);
    }
    if (is_space(c)) {
      pending_space = true;
      continue;
    }
    if (pending_space && !out.empty() && out.back() != '\n') out.push_back(' ');
    pending_space = false;
    if (c == 0xFFFD && !(i - start == 3 && s.compare(start, 3, "\xEF\xBF\xBD") == 0)) {
      append_utf8(out, c);  // an invalid sequence: keep the output valid
    } else {
      out.append(s.substr(start, i - start));
    }
  }
}

unsigned char first_collapsed_byte_read_through(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      if (!is_space(lead)) return lead;
      ++i;
      continue;
    }
    const char32_t c = decode_utf8(s, i);
    if (is_space(c)) continue;
    // append_collapsed writes an ill-formed sequence as U+FFFD (EF BF BD).
    return c == kReplacementCharacter ? 0xEF : lead;
  }
  return 0;
}

std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending = false;
  append_collapsed(out, s, pending);
  return out;
}

}  // namespace pith::text
