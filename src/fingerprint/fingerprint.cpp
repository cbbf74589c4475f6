#include "fingerprint/fingerprint.hpp"

#include <fmt/format.h>
#include <utf8proc.h>
#include <xxhash.h>

#include <array>
#include <vector>

#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::fingerprint {
namespace {

std::uint64_t hash_bytes(std::string_view s) { return XXH3_64bits(s.data(), s.size()); }

// Appends the normalised words of `utf8` to `out`, recording where each word
// starts in `starts` (when given), so shingles are substrings of `out`.
void append_words(std::string_view utf8, std::string& out, std::vector<std::uint32_t>* starts) {
  bool in_word = false;
  for (std::size_t i = 0; i < utf8.size();) {
    char32_t c;
    bool word, cjk = false;
    if (static_cast<unsigned char>(utf8[i]) < 0x80) {  // most text: no call per character
      c = static_cast<unsigned char>(utf8[i++]);
      if (c >= 'A' && c <= 'Z') c += 32;
      word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';  // as text::is_word_char
    } else {
      c = text::decode_utf8(utf8, i);
      c = static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
      word = text::is_word_char(c);
      cjk = word && c >= 0x2E80 && text::is_cjk(c);  // a word of its own
    }
    if (!word || cjk) in_word = false;
    if (!word) continue;
    if (!in_word) {
      if (!out.empty()) out.push_back(' ');
      if (starts) starts->push_back(static_cast<std::uint32_t>(out.size()));
      in_word = !cjk;
    }
    text::append_utf8(out, c);
  }
}

}  // namespace

std::string normalise(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  append_words(utf8, out, nullptr);
  return out;
}

std::uint64_t text_hash(std::string_view utf8) {
  std::string normalised = normalise(utf8);
  return normalised.empty() ? 0 : hash_bytes(normalised);
}

Fingerprints fingerprints(std::string_view utf8) {
  // One thread's buffers, reused from page to page.
  thread_local std::string normalised;
  thread_local std::vector<std::uint32_t> starts;
  normalised.clear();
  starts.clear();
  append_words(utf8, normalised, &starts);
  Fingerprints result;
  if (normalised.empty()) return result;
  result.text_hash = hash_bytes(normalised);

  // SimHash: every bit of the fingerprint is the majority vote of that bit
  // over the shingles' hashes. Counting ones (then comparing with half the
  // shingles) is a loop without branches the compiler vectorises.
  std::array<std::uint32_t, 64> ones{};
  std::uint32_t shingles = 0;
  auto vote = [&](std::uint64_t h) {
    ++shingles;
    for (int bit = 0; bit < 64; ++bit) ones[bit] += static_cast<std::uint32_t>((h >> bit) & 1);
  };
  std::string_view all = normalised;
  if (starts.size() <= kShingleWords) {
    vote(result.text_hash);
  } else {
    for (std::size_t w = 0; w + kShingleWords <= starts.size(); ++w) {
      std::size_t begin = starts[w];
      std::size_t end = w + kShingleWords < starts.size() ? starts[w + kShingleWords] - 1 : all.size();
      vote(hash_bytes(all.substr(begin, end - begin)));
    }
  }
  for (int bit = 0; bit < 64; ++bit)
    if (2 * ones[bit] > shingles) result.simhash |= std::uint64_t{1} << bit;
  return result;
}

std::string to_hex(std::uint64_t value) { return fmt::format("{:016x}", value); }

}  // namespace pith::fingerprint
