#include "encoding/mojibake.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "encoding/convert.hpp"
#include "text/byte_filters.hpp"
#include "text/letters.hpp"
#include "text/utf8.hpp"

namespace pith::encoding {

namespace {

// The byte windows-1252 decodes to each code point, for the code points it
// decodes bytes 0x80-0xFF to (the C1 controls too, as browsers decode the
// five bytes windows-1252 leaves undefined); read from iconv's own table.
class Windows1252Bytes {
 public:
  Windows1252Bytes() {
    // Bytes 0x80-0xFF decoded in one call: each gives one code point (an
    // undefined byte U+FFFD, decoding resuming at the next byte).
    std::string high;
    for (int b = 0x80; b <= 0xFF; ++b) high.push_back(static_cast<char>(b));
    const std::string decoded = convert_to_utf8(high, "WINDOWS-1252").value_or(std::string());
    std::size_t at = 0;
    for (int b = 0x80; b <= 0xFF; ++b) {
      const char32_t c = at < decoded.size() ? text::decode_utf8(decoded, at) : text::kReplacementCharacter;
      // Undefined in windows-1252: the C1 control, as browsers decode it.
      const char32_t cp = c != text::kReplacementCharacter ? c : static_cast<char32_t>(b);
      const auto byte_value = static_cast<unsigned char>(b);
      entries_.push_back({cp, byte_value});
      if (b < 0xA0) c1_chars_[b - 0x80] = cp;
      // Latin-1 decoders give the C1 control for the bytes windows-1252 maps elsewhere.
      if (cp != static_cast<char32_t>(b) && b < 0xA0) entries_.push_back({static_cast<char32_t>(b), byte_value});
    }
    std::sort(entries_.begin(), entries_.end());
  }
  // The byte, or 0 when `cp` is none of them.
  unsigned char byte_of(char32_t cp) const {
    if (cp < 0x80) return 0;
    auto it = std::lower_bound(entries_.begin(), entries_.end(), Entry{cp, 0});
    return it != entries_.end() && it->cp == cp ? it->byte : 0;
  }
  // What windows-1252 decodes byte 0x80..0x9F to: a C1 control itself for
  // the five bytes it leaves undefined.
  char32_t char_of_c1_byte(unsigned char byte) const { return c1_chars_[byte - 0x80]; }

 private:
  std::array<char32_t, 0x20> c1_chars_{};
  struct Entry {
    char32_t cp;
    unsigned char byte;
    bool operator<(const Entry& o) const { return cp < o.cp; }
  };
  std::vector<Entry> entries_;
};

const Windows1252Bytes& windows_1252() {
  static const Windows1252Bytes table;
  return table;
}

// How many continuation bytes a UTF-8 lead byte takes (0: not a lead byte
// of a multi-byte character).
int continuations(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 1;
  if (lead >= 0xE0 && lead <= 0xEF) return 2;
  if (lead >= 0xF0 && lead <= 0xF4) return 3;
  return 0;
}

// Whether a character read back from `bytes` is what the text meant rather
// than real text that happens to read so. Two bytes make a character of
// Latin-1 (é, ñ, ©, a no-break space: the usual victims), never one of the
// Latin extensions or IPA that an accented capital before a quote mark
// spells ("É»" is 0xC9 0xBB: U+027B); three and four bytes are rare enough
// in real text (a lower-case accented letter and two symbols) to be taken.
bool meant(char32_t repaired, std::size_t bytes) {
  if (bytes == 0) return true;  // a collapsed no-break space (is_collapsed_no_break_space)
  if (bytes == 2) return repaired >= 0xA0 && repaired <= 0xFF;
  return true;
}

// A no-break space read as windows-1252 is "Â" and a no-break space, which
// the DOM build's white-space collapsing made "Â ": an "Â" after a character
// that is not a capital letter (Vietnamese and Romanian write "Â" inside
// words, in capitals) and before a space.
bool is_collapsed_no_break_space(char32_t c, std::string_view after, char32_t before) {
  return c == 0xC2 && !after.empty() && after.front() == ' ' && before != 0 && before != ' ' &&
         !text::is_upper_case_letter(before);
}

// Whether the character at `at` is a letter.
bool next_is_letter(std::string_view text, std::size_t at) {
  if (at >= text.size()) return false;
  return text::is_letter(text::decode_utf8(text, at));
}

}  // namespace

std::optional<std::string> repair_mojibake(std::string_view text, std::vector<MojibakeRepair>& repairs,
                                           const std::vector<std::uint32_t>& keep_whole) {
  repairs.clear();
  // Every lead byte read as windows-1252 is a character of U+00C2..U+00F4,
  // whose UTF-8 starts with 0xC3: text without that byte has nothing to repair.
  if (text.find('\xC3') == std::string_view::npos) return std::nullopt;
  std::string out;
  const Windows1252Bytes& table = windows_1252();
  std::size_t copied = 0;  // bytes of `text` already in `out`
  char32_t previous = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    if (static_cast<unsigned char>(text[i]) < 0x80) {  // ASCII: no lead byte
      // The rest of the ASCII run at once, sixteen bytes a step: only its
      // last character is `previous` to what follows.
      i = text::skip_ascii(text, i + 1);
      previous = static_cast<unsigned char>(text[i - 1]);
      continue;
    }
    const char32_t c = text::decode_utf8(text, i);
    const char32_t before = previous;
    previous = c;
    if (c < 0xC2 || c > 0xF4) continue;  // not a lead byte read as windows-1252
    const int needed = continuations(static_cast<unsigned char>(c));
    std::string bytes(1, static_cast<char>(c));
    std::size_t end = i;
    for (int k = 0; k < needed && end < text.size(); ++k) {
      const unsigned char b = table.byte_of(text::decode_utf8(text, end));
      if (b < 0x80 || b > 0xBF) break;
      bytes.push_back(static_cast<char>(b));
    }
    std::size_t at = 0;
    char32_t repaired =
        bytes.size() == static_cast<std::size_t>(needed) + 1 ? text::decode_utf8(bytes, at) : 0;
    if (repaired == 0 && is_collapsed_no_break_space(c, text.substr(i), before)) {
      bytes.clear();  // the "Â" goes; the space stays
      end = i;
      repaired = ' ';
      at = 0;
    }
    // A capital letter ending a word before a symbol is real text ("“IRMÃ”",
    // "CAFÉ»"); double-encoded capitals sit inside words ("DÃ©cor").
    if (bytes.size() == 2 && text::is_upper_case_letter(before) && !next_is_letter(text, end)) continue;
    const bool whole = std::none_of(keep_whole.begin(), keep_whole.end(),
                                    [&](std::uint32_t p) { return p > start && p < end; });
    if (repaired == 0 || repaired == text::kReplacementCharacter || at != bytes.size() ||
        !meant(repaired, bytes.size()) || !whole)
      continue;
    if (out.empty()) out.reserve(text.size());
    out.append(text.substr(copied, start - copied));
    out.append(bytes);
    repairs.push_back({static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(end - start),
                       static_cast<std::uint32_t>(bytes.size())});
    copied = end;
    i = end;
    previous = repaired;
  }
  if (repairs.empty()) return std::nullopt;
  out.append(text.substr(copied));
  return out;
}

namespace {

// The next C1 control (UTF-8 C2 80..C2 9F) at or after `from`, or npos.
std::size_t find_c1_control(std::string_view text, std::size_t from) {
  for (std::size_t at = text.find('\xC2', from); at != std::string_view::npos; at = text.find('\xC2', at + 1))
    if (at + 1 < text.size() && static_cast<unsigned char>(text[at + 1]) <= 0x9F &&
        static_cast<unsigned char>(text[at + 1]) >= 0x80)
      return at;
  return std::string_view::npos;
}

}  // namespace

void replace_c1_controls(std::string& utf8) {
  std::size_t at = find_c1_control(utf8, 0);
  if (at == std::string::npos) return;
  const Windows1252Bytes& table = windows_1252();
  std::string out;
  std::size_t copied = 0;  // bytes of `utf8` already in `out`
  for (; at != std::string::npos; at = find_c1_control(utf8, at + 2)) {
    const char32_t c = table.char_of_c1_byte(static_cast<unsigned char>(utf8[at + 1]));
    if (c < 0xA0) continue;  // a byte windows-1252 leaves undefined: no character meant
    if (out.empty()) out.reserve(utf8.size() + utf8.size() / 16);
    out.append(utf8, copied, at - copied);
    text::append_utf8(out, c);
    copied = at + 2;
  }
  if (copied == 0) return;
  out.append(utf8, copied);
  utf8 = std::move(out);
}

std::uint32_t repaired_offset(const std::vector<MojibakeRepair>& repairs, std::uint32_t offset) {
  std::int64_t shift = 0;
  for (const MojibakeRepair& r : repairs) {
    if (r.at >= offset) break;
    shift += static_cast<std::int64_t>(r.repaired_length) - static_cast<std::int64_t>(r.length);
  }
  return static_cast<std::uint32_t>(static_cast<std::int64_t>(offset) + shift);
}

}  // namespace pith::encoding
