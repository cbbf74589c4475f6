#include "text/utf8.hpp"

#include <cstdint>
#include <cstring>

#include "text/utf8_blocks.hpp"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace pith::text {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
constexpr std::string_view kReplacementUtf8 = "\xEF\xBF\xBD";

struct Step {
  char32_t code_point;
  std::size_t length;  // bytes consumed: the sequence, or the maximal ill-formed subpart
  bool valid;
};

// Per lead byte, the length of the well-formed sequences it starts (0: none)
// and the range of their second byte (Table 3-7 of the Unicode standard).
struct LeadByte {
  std::uint8_t length = 0;
  unsigned char second_lower = 0x80;
  unsigned char second_upper = 0xBF;
};
struct LeadBytes {
  LeadByte of[256] = {};
  constexpr LeadBytes() {
    for (int b = 0xC2; b <= 0xDF; ++b) of[b].length = 2;
    for (int b = 0xE0; b <= 0xEF; ++b) of[b].length = 3;
    for (int b = 0xF0; b <= 0xF4; ++b) of[b].length = 4;
    of[0xE0].second_lower = 0xA0;  // no overlongs
    of[0xED].second_upper = 0x9F;  // no surrogates
    of[0xF0].second_lower = 0x90;  // no overlongs
    of[0xF4].second_upper = 0x8F;  // nothing above U+10FFFF
  }
};
constexpr LeadBytes kLeadBytes;

// One code point (Table 3-7: the second byte's range depends on the lead
// byte, which is what rules out overlongs, surrogates and code points above
// U+10FFFF without extra checks).
Step decode_step(const unsigned char* p, std::size_t available) noexcept {
  const unsigned char lead = p[0];
  if (lead < 0x80) return {lead, 1, true};
  const LeadByte& row = kLeadBytes.of[lead];
  if (row.length == 0) return {kReplacementCharacter, 1, false};
  const std::size_t continuation_count = row.length - 1u;
  unsigned char lower = row.second_lower;
  unsigned char upper = row.second_upper;
  // The lead's payload bits: 5, 4 or 3 of them.
  char32_t cp = lead & (0x7Fu >> row.length);

  std::size_t length = 1;
  for (std::size_t k = 0; k < continuation_count; ++k) {
    if (length >= available || p[length] < lower || p[length] > upper) {
      return {kReplacementCharacter, length, false};
    }
    cp = (cp << 6) | (p[length] & 0x3F);
    lower = 0x80;
    upper = 0xBF;
    ++length;
  }
  return {cp, length, true};
}

// Where the run of ASCII bytes starting at data[i] ends (size when it runs to
// the end): sixteen bytes at a time with SSE2, eight without.
std::size_t ascii_run_end(const unsigned char* data, std::size_t i, std::size_t size) noexcept {
#ifdef __SSE2__
  while (i + 16 <= size) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    const auto high = static_cast<unsigned>(_mm_movemask_epi8(block));
    if (high != 0) return i + static_cast<unsigned>(__builtin_ctz(high));
    i += 16;
  }
#endif
  while (i + 8 <= size) {
    std::uint64_t word;
    std::memcpy(&word, data + i, sizeof word);
    if (word & kHighBits) break;
    i += 8;
  }
  while (i < size && data[i] < 0x80) ++i;
  return i;
}

}  // namespace

std::size_t valid_utf8_prefix_length(std::string_view s) noexcept {
  const auto* data = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t size = s.size();
  // Blocks first, where the processor has the instructions; from where they
  // stop (the end, or just before the first ill-formed sequence) a character
  // at a time.
  std::size_t i = utf8_valid_in_blocks(data, size);
  while (i < size) {
    // After a non-ASCII character another one is likely (text in scripts
    // written without ASCII): it is checked before an ASCII run is looked for.
    if (data[i] < 0x80) {
      i = ascii_run_end(data, i, size);
      continue;
    }
    // The well-formed sequence this lead byte starts, checked in place
    // (Table 3-7, as decode_step): one load of the lead's row, a range test
    // on the second byte, continuation tests on the rest.
    const LeadByte& lead = kLeadBytes.of[data[i]];
    if (lead.length == 0 || lead.length > size - i) return i;
    if (data[i + 1] < lead.second_lower || data[i + 1] > lead.second_upper) return i;
    if (lead.length >= 3 && (data[i + 2] & 0xC0) != 0x80) return i;
    if (lead.length == 4 && (data[i + 3] & 0xC0) != 0x80) return i;
    i += lead.length;
  }
  return size;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    const char bytes[] = {static_cast<char>(0xC0 | (cp >> 6)),
                          static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(bytes, sizeof bytes);
  } else if (cp >= 0xD800 && cp <= 0xDFFF) {
    out.append(kReplacementUtf8);
  } else if (cp < 0x10000) {
    const char bytes[] = {static_cast<char>(0xE0 | (cp >> 12)),
                          static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
                          static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(bytes, sizeof bytes);
  } else if (cp <= 0x10FFFF) {
    const char bytes[] = {static_cast<char>(0xF0 | (cp >> 18)),
                          static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
                          static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
                          static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(bytes, sizeof bytes);
  } else {
    out.append(kReplacementUtf8);
  }
}

char32_t decode_utf8(std::string_view s, std::size_t& i) noexcept {
  if (i >= s.size()) return kReplacementCharacter;
  const Step step =
      decode_step(reinterpret_cast<const unsigned char*>(s.data()) + i, s.size() - i);
  i += step.length;
  return step.code_point;
}

std::string repair_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 16);
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t run = valid_utf8_prefix_length(s.substr(i));
    out.append(s.substr(i, run));
    i += run;
    if (i >= s.size()) break;
    const Step step =
        decode_step(reinterpret_cast<const unsigned char*>(s.data()) + i, s.size() - i);
    out.append(kReplacementUtf8);
    i += step.length;
  }
  return out;
}

}  // namespace pith::text
