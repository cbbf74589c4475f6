// Validating UTF-8 32 bytes at a time (Keiser and Lemire, "Validating UTF-8
// In Less Than One Instruction Per Byte", 2021: the "lookup" algorithm).
// valid_utf8_prefix_length reads every byte of every page (the charset
// check), and text in scripts written without ASCII (Cyrillic, Greek, CJK)
// cost it a few branches per character; here a block costs the same dozen
// instructions whatever it holds. AVX2 is not in x86-64's baseline: the
// block code is compiled for it alone and chosen at run time.
#include "text/utf8_blocks.hpp"

#include <cstdint>
#include <cstring>

#include "text/utf8.hpp"

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#define PITH_UTF8_BLOCKS 1
#endif

namespace pith::text {

#ifdef PITH_UTF8_BLOCKS
namespace {

constexpr std::size_t kBlock = 32;

// The error classes of a pair of bytes (the one before, this one): a pair is
// ill-formed when the classes its first byte's high nibble, its first byte's
// low nibble and its second byte's high nibble allow share a bit.
constexpr std::uint8_t kTooShort = 1 << 0;     // a lead or ASCII, then a lead or ASCII
constexpr std::uint8_t kTooLong = 1 << 1;      // ASCII, then a continuation
constexpr std::uint8_t kOverlong3 = 1 << 2;    // E0, then 80..9F
constexpr std::uint8_t kTooLarge = 1 << 3;     // F4 then 90..BF, F5..FF then 90..BF
constexpr std::uint8_t kSurrogate = 1 << 4;    // ED, then A0..BF
constexpr std::uint8_t kOverlong2 = 1 << 5;    // C0 or C1, then a continuation
constexpr std::uint8_t kTooLarge1000 = 1 << 6; // F5..FF, then 80..8F
constexpr std::uint8_t kOverlong4 = 1 << 6;    // F0, then 80..8F
constexpr std::uint8_t kTwoConts = 1 << 7;     // a continuation, then a continuation
// Classes whose first byte is known from its high nibble alone.
constexpr std::uint8_t kCarry = kTooShort | kTooLong | kTwoConts;

[[gnu::target("avx2")]] inline __m256i table(std::uint8_t t0, std::uint8_t t1, std::uint8_t t2, std::uint8_t t3,
                                             std::uint8_t t4, std::uint8_t t5, std::uint8_t t6, std::uint8_t t7,
                                             std::uint8_t t8, std::uint8_t t9, std::uint8_t t10, std::uint8_t t11,
                                             std::uint8_t t12, std::uint8_t t13, std::uint8_t t14, std::uint8_t t15) {
  // (Both 128-bit lanes hold the table: the shuffle looks up within a lane.)
  return _mm256_setr_epi8(static_cast<char>(t0), static_cast<char>(t1), static_cast<char>(t2), static_cast<char>(t3),
                          static_cast<char>(t4), static_cast<char>(t5), static_cast<char>(t6), static_cast<char>(t7),
                          static_cast<char>(t8), static_cast<char>(t9), static_cast<char>(t10), static_cast<char>(t11),
                          static_cast<char>(t12), static_cast<char>(t13), static_cast<char>(t14), static_cast<char>(t15),
                          static_cast<char>(t0), static_cast<char>(t1), static_cast<char>(t2), static_cast<char>(t3),
                          static_cast<char>(t4), static_cast<char>(t5), static_cast<char>(t6), static_cast<char>(t7),
                          static_cast<char>(t8), static_cast<char>(t9), static_cast<char>(t10), static_cast<char>(t11),
                          static_cast<char>(t12), static_cast<char>(t13), static_cast<char>(t14), static_cast<char>(t15));
}

[[gnu::target("avx2")]] inline __m256i high_nibbles(__m256i bytes) {
  return _mm256_and_si256(_mm256_srli_epi16(bytes, 4), _mm256_set1_epi8(0x0F));
}

// The block's bytes each moved N places on, the last N bytes of the block
// before in front: byte k is the byte N before byte k of `input`.
template <int N>
[[gnu::target("avx2")]] inline __m256i bytes_before(__m256i input, __m256i previous) {
  return _mm256_alignr_epi8(input, _mm256_permute2x128_si256(previous, input, 0x21), 16 - N);
}

// Non-zero where a byte of `input` ends an ill-formed pair, or should be the
// third or fourth byte of a sequence and is not a continuation (or is one
// where none belongs).
[[gnu::target("avx2")]] inline __m256i block_errors(__m256i input, __m256i previous) {
  const __m256i prev1 = bytes_before<1>(input, previous);
  const __m256i byte_1_high = _mm256_shuffle_epi8(
      table(kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong,  // 0_______
            kTwoConts, kTwoConts, kTwoConts, kTwoConts,                                       // 10______
            kTooShort | kOverlong2,                                                           // 1100____
            kTooShort,                                                                        // 1101____
            kTooShort | kOverlong3 | kSurrogate,                                              // 1110____
            kTooShort | kTooLarge | kTooLarge1000 | kOverlong4),                              // 1111____
      high_nibbles(prev1));
  const __m256i byte_1_low = _mm256_shuffle_epi8(
      table(kCarry | kOverlong3 | kOverlong2 | kOverlong4,  // ____0000
            kCarry | kOverlong2,                            // ____0001
            kCarry, kCarry,                                 // ____001_
            kCarry | kTooLarge,                             // ____0100
            kCarry | kTooLarge | kTooLarge1000,             // ____0101
            kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,  // ____011_
            kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,  // ____1000, 1001
            kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,  // ____1010, 1011
            kCarry | kTooLarge | kTooLarge1000,                                       // ____1100
            kCarry | kTooLarge | kTooLarge1000 | kSurrogate,                          // ____1101
            kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000),  // ____111_
      _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F)));
  const __m256i byte_2_high = _mm256_shuffle_epi8(
      table(kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort,  // 0_______
            kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge1000 | kOverlong4,            // 1000____
            kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge,                             // 1001____
            kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,                             // 101_____
            kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
            kTooShort, kTooShort, kTooShort, kTooShort),                                            // 11______
      high_nibbles(input));
  const __m256i pair_errors = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
  // A continuation after a continuation (kTwoConts) is right exactly where
  // the byte two before is a three- or four-byte lead (E0 and up) or the
  // byte three before a four-byte one (F0 and up): those set the high bit.
  const __m256i third = _mm256_subs_epu8(bytes_before<2>(input, previous), _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80)));
  const __m256i fourth = _mm256_subs_epu8(bytes_before<3>(input, previous), _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)));
  const __m256i must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(static_cast<char>(0x80)));
  return _mm256_xor_si256(must_continue, pair_errors);
}

// Non-zero when the block ends inside a sequence: a lead among its last three
// bytes that needs more bytes than are left (an error if the text ends there
// or the next block is ASCII).
[[gnu::target("avx2")]] inline __m256i ends_inside_sequence(__m256i input) {
  const __m256i most = _mm256_setr_epi8(
      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
      -1, static_cast<char>(0xF0 - 1), static_cast<char>(0xE0 - 1), static_cast<char>(0xC0 - 1));
  return _mm256_subs_epu8(input, most);
}

// A character boundary before any ill-formed sequence when the block at
// `at` is the first with an error: the first error of a block lies in a
// sequence that starts at most three bytes before it, so everything before
// at - 3 is well formed; back from at - 4 to the start of its character.
std::size_t boundary_before(const unsigned char* data, std::size_t at) {
  return code_point_start({reinterpret_cast<const char*>(data), at}, at >= 4 ? at - 4 : 0);
}

[[gnu::target("avx2")]] std::size_t valid_in_blocks_avx2(const unsigned char* data, std::size_t size) {
  __m256i previous = _mm256_setzero_si256(), open = _mm256_setzero_si256();
  auto errors_of = [&previous, &open](__m256i input) __attribute__((target("avx2"))) {
    __m256i errors;
    if (_mm256_movemask_epi8(input) == 0) {
      errors = open;  // all ASCII: wrong only after a sequence left open
      open = _mm256_setzero_si256();
    } else {
      errors = block_errors(input, previous);
      open = ends_inside_sequence(input);
    }
    previous = input;
    return errors;
  };
  std::size_t at = 0;
  for (; at + kBlock <= size; at += kBlock) {
    const __m256i errors = errors_of(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + at)));
    if (!_mm256_testz_si256(errors, errors)) return boundary_before(data, at);
  }
  if (at < size) {
    // The last bytes, copied: nothing past the text is read. The zeros after
    // them are ASCII, which a sequence left open fails on.
    alignas(32) unsigned char last[kBlock] = {};
    std::memcpy(last, data + at, size - at);
    const __m256i errors = errors_of(_mm256_load_si256(reinterpret_cast<const __m256i*>(last)));
    if (!_mm256_testz_si256(errors, errors)) return boundary_before(data, at);
  } else if (!_mm256_testz_si256(open, open)) {
    return boundary_before(data, at);
  }
  return size;
}

bool has_avx2() {
  static const bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return avx2;
}

// Below this the byte-at-a-time check is as fast (and most short texts are ASCII).
constexpr std::size_t kMinBlockBytes = 2 * kBlock;

}  // namespace

std::size_t utf8_valid_in_blocks(const unsigned char* data, std::size_t size) noexcept {
  if (size < kMinBlockBytes || !has_avx2()) return 0;
  return valid_in_blocks_avx2(data, size);
}

#else

std::size_t utf8_valid_in_blocks(const unsigned char*, std::size_t) noexcept { return 0; }

#endif

}  // namespace pith::text
