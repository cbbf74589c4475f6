#include "fingerprint/fingerprint.hpp"

#include <fmt/format.h>
#include <utf8proc.h>
// Inlined: a shingle is hashed per word, and through the shared library each
// of those short hashes was also a call through the PLT.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <new>

#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::fingerprint {
namespace {

// Byte k of kSpreadBits[v] is bit k of v.
constexpr std::array<std::uint64_t, 256> kSpreadBits = [] {
  std::array<std::uint64_t, 256> table{};
  for (unsigned v = 0; v < 256; ++v)
    for (unsigned k = 0; k < 8; ++k) table[v] |= std::uint64_t{(v >> k) & 1u} << (8 * k);
  return table;
}();

// Per byte: the byte lower-cased when it is an ASCII word character (as
// text::is_word_char has it), else 0, which no byte of a word is: one load
// both tests and lower-cases a byte of a word's ASCII run.
constexpr std::array<unsigned char, 256> kAsciiWordLower = [] {
  std::array<unsigned char, 256> table{};
  for (int b = 0; b < 0x80; ++b) {
    const char c = text::ascii_lower(static_cast<char>(b));
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') table[b] = static_cast<unsigned char>(c);
  }
  return table;
}();

// Copies the bytes at `from` to `to` lower-cased, sixteen of them (all
// sixteen are written), and returns how many of them, from the first on, are
// ASCII word characters as kAsciiWordLower has them: the part of the run
// that is the word's.
// (Inlined: a call per word cost as much as the step saves. As signed bytes,
// those from 0x80 up are below every range tested: one compare each.)
[[gnu::always_inline]] inline unsigned lower_word_run_16(const unsigned char* from, char* to) {
  typedef signed char Lanes16 __attribute__((vector_size(16)));
  Lanes16 b;
  std::memcpy(&b, from, 16);
  const Lanes16 upper = (b > 'A' - 1) & (b < 'Z' + 1);
  const Lanes16 lower = b | (upper & 0x20);
  const Lanes16 word = ((lower > 'a' - 1) & (lower < 'z' + 1)) | ((b > '0' - 1) & (b < '9' + 1)) | (b == '_');
  std::memcpy(to, &lower, 16);
  std::uint64_t halves[2];
  std::memcpy(halves, &word, sizeof halves);
  // Lane k is byte k of the little-endian halves; 16 when all are.
  if (~halves[0] != 0) return static_cast<unsigned>(__builtin_ctzll(~halves[0])) / 8;
  if (~halves[1] != 0) return 8 + static_cast<unsigned>(__builtin_ctzll(~halves[1])) / 8;
  return 16;
}
static_assert([] {
  for (int c = 0; c < 256; ++c) {
    const bool upper = c >= 'A' && c <= 'Z';
    const int lower = upper ? c | 0x20 : c;
    const bool word = (lower >= 'a' && lower <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (kAsciiWordLower[static_cast<std::size_t>(c)] != (word ? lower : 0)) return false;
  }
  return true;
}(), "lower_word_run_16 takes and lower-cases the bytes kAsciiWordLower does");

// The normalised words as append_words writes them: a byte buffer that
// grows only when a write would not fit (checked once per run of bytes, not
// per byte as std::string's push_back and append do; a word costs a few of
// those, and a text's words are most of fingerprints()).
class WordBuffer {
 public:
  explicit WordBuffer(std::size_t capacity) { grow(capacity); }
  char* data() { return data_.get(); }
  const char* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Room for `n` more bytes at end().
  void reserve_more(std::size_t n) {
    if (n > capacity_ - size_) grow(std::max(size_ + n, 2 * capacity_));
  }
  std::size_t room() const { return capacity_ - size_; }
  char* end() { return data_.get() + size_; }
  void set_end(char* p) { size_ = static_cast<std::size_t>(p - data_.get()); }
  void put(char c) { data_[size_++] = c; }  // after reserve_more
  void put(const char* p, std::size_t n) {   // after reserve_more
    std::memcpy(data_.get() + size_, p, n);
    size_ += n;
  }
  void erase_front(std::size_t n) {
    std::memmove(data_.get(), data_.get() + n, size_ - n);
    size_ -= n;
  }

 private:
  void grow(std::size_t capacity) {
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ > 0) std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = capacity;
  }
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// Appends the normalised words of `utf8` to `out` (lower case, one space
// between them, punctuation and spacing gone), calling on_word(start) when a
// word that begins at out[start] is complete. on_word may take bytes off the
// front of `out` (see fingerprints()), so no more than a chunk of the words
// need ever be held.
template <typename OnWord>
void append_words(std::string_view utf8, WordBuffer& out, OnWord on_word) {
  bool in_word = false;
  std::size_t start = 0;
  auto end_word = [&] {
    if (in_word) on_word(start);
    in_word = false;
  };
  // The space before a word, and where the word starts; the room for the
  // word's first bytes is the caller's.
  auto begin_word = [&] {
    if (!out.empty()) out.put(' ');
    start = out.size();
    in_word = true;
  };
  const auto* bytes = reinterpret_cast<const unsigned char*>(utf8.data());
  const std::size_t n = utf8.size();
  std::string encoded;  // one code point (in its inline buffer)
  for (std::size_t i = 0; i < n;) {
    char32_t c;
    bool is_word;
    if (bytes[i] < 0x80) {  // most text: no call per character
      if (kAsciiWordLower[bytes[i]] != 0) {
        // A run of ASCII word characters goes on the word at once,
        // lower-cased as it is copied, in pieces as large as the room left.
        out.reserve_more(std::min<std::size_t>(n - i, 64) + 1);
        if (!in_word) begin_word();
        for (;;) {
          const std::size_t stop = i + std::min(n - i, out.room());
          char* p = out.end();
          // Sixteen bytes a step while they fit, all stored lower-cased and
          // the word's part of them kept (a byte at a time, the copy was
          // most of a word's cost).
          while (i + 16 <= stop) {
            const std::size_t taken = lower_word_run_16(bytes + i, p);
            p += taken;
            i += taken;
            if (taken < 16) break;
          }
          while (i < stop) {
            const unsigned char lower = kAsciiWordLower[bytes[i]];
            if (lower == 0) break;
            *p++ = static_cast<char>(lower);
            ++i;
          }
          out.set_end(p);
          if (i < stop || i == n) break;
          out.reserve_more(std::min<std::size_t>(n - i, 4096));
        }
        continue;
      }
      c = bytes[i++];
      is_word = false;
    } else {
      const std::size_t at = i;
      const std::size_t short_length = text::decode_utf8_short(utf8, i, c);
      if (short_length != 0) i += short_length;
      else c = text::decode_utf8(utf8, i);
      if (c >= 0x2E80 && text::is_cjk(c)) {
        // Han, kana and hangul have no case and are all word characters:
        // each is a word of its own, its bytes as they are (what the steps
        // below make of it, at a third of their cost; CJK text is all of them).
        end_word();
        out.reserve_more(i - at + 1);
        if (!out.empty()) out.put(' ');
        const std::size_t cjk_start = out.size();
        // A byte at a time: one code point, where memcpy was a call.
        for (std::size_t k = at; k < i; ++k) out.put(utf8[k]);
        on_word(cjk_start);
        continue;
      }
      // (No case mapping leads into or out of the CJK ranges.)
      const auto lower = static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
      is_word = text::is_word_char(lower);
      if (is_word && lower == c && short_length != 0) {
        // Lower case already, and well formed (decode_utf8_short): its bytes
        // are its encoding, and go on the word as they are (encoding it
        // again cost as much as the rest of the character's steps).
        out.reserve_more(short_length + 1);
        if (!in_word) begin_word();
        out.put(utf8.data() + at, short_length);
        continue;
      }
      c = lower;
    }
    if (!is_word) {
      end_word();
      continue;
    }
    encoded.clear();
    text::append_utf8(encoded, c);
    out.reserve_more(encoded.size() + 1);
    if (!in_word) begin_word();
    out.put(encoded.data(), encoded.size());
  }
  end_word();
}

// The SimHash's votes: every bit of the fingerprint is the majority vote of
// that bit over the shingles' hashes. The ones are counted eight bits at a
// time: byte k of counters_[b] counts bit 8b+k, so a hash costs eight
// additions, not 64 shifts; the byte counters are emptied into ones_ before
// they can overflow.
class Votes {
 public:
  void add(std::uint64_t h) {
    ++hashes_;
    // (Unrolled: the loop's own counting and branch cost as much as its body.)
#pragma GCC unroll 8
    for (int b = 0; b < 8; ++b) counters_[b] += kSpreadBits[(h >> (8 * b)) & 0xFF];
    if (++pending_ == 255) empty_counters();
  }
  std::uint64_t majority() {
    empty_counters();
    std::uint64_t simhash = 0;
    for (int bit = 0; bit < 64; ++bit)
      if (2 * ones_[bit] > hashes_) simhash |= std::uint64_t{1} << bit;
    return simhash;
  }

 private:
  void empty_counters() {
    for (int b = 0; b < 8; ++b) {
      for (int k = 0; k < 8; ++k) ones_[8 * b + k] += static_cast<std::uint32_t>((counters_[b] >> (8 * k)) & 0xFF);
      counters_[b] = 0;
    }
    pending_ = 0;
  }

  std::array<std::uint32_t, 64> ones_{};
  std::array<std::uint64_t, 8> counters_{};
  std::uint32_t hashes_ = 0, pending_ = 0;
};

}  // namespace

std::string normalise(std::string_view utf8) {
  WordBuffer out(utf8.size() + 1);
  append_words(utf8, out, [](std::size_t) {});
  return std::string(out.data(), out.size());
}

std::uint64_t text_hash(std::string_view utf8) { return fingerprints(utf8).text_hash; }

// The normalised words go to a buffer that is hashed (XXH3's streaming state
// for text_hash) and emptied whenever it holds a chunk, keeping the last
// words a shingle still needs: memory stays at a chunk whatever the text.
constexpr std::size_t kChunkBytes = 64u << 10;

Fingerprints fingerprints(std::string_view utf8) {
  struct FreeState {
    void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
  };
  std::unique_ptr<XXH3_state_t, FreeState> whole(XXH3_createState());
  if (!whole) throw std::bad_alloc();
  XXH3_64bits_reset(whole.get());
  Votes votes;
  WordBuffer buffer(std::min(utf8.size(), kChunkBytes) + 64);
  // Where the last kShingleWords words start, the oldest first.
  static_assert(kShingleWords == 3, "the shingle's word starts are three variables");
  std::size_t first = 0, second = 0, third = 0;
  std::size_t words = 0;
  append_words(utf8, buffer, [&](std::size_t start) {
    first = second;
    second = third;
    third = start;
    if (++words < kShingleWords) return;
    votes.add(XXH3_64bits(buffer.data() + first, buffer.size() - first));
    if (buffer.size() < kChunkBytes) return;
    // Keep the words the next shingle shares with this one (and the space
    // before them); a buffer that is one long word stays as it is.
    if (second == 0) return;
    std::size_t keep_from = second - 1;
    XXH3_64bits_update(whole.get(), buffer.data(), keep_from);
    buffer.erase_front(keep_from);
    for (std::size_t* s : {&first, &second, &third}) *s -= std::min(*s, keep_from);
  });
  Fingerprints result;
  if (words == 0) return result;
  XXH3_64bits_update(whole.get(), buffer.data(), buffer.size());
  result.text_hash = XXH3_64bits_digest(whole.get());
  // A text of fewer words than a shingle is one shingle: the whole text.
  if (words < kShingleWords) votes.add(result.text_hash);
  result.simhash = votes.majority();
  return result;
}

std::string to_hex(std::uint64_t value) { return fmt::format("{:016x}", value); }

}  // namespace pith::fingerprint
