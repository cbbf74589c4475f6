#include "meta/latin_byline.hpp"

#include <re2/re2.h>

#include <array>
#include <cstdint>

#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/letters.hpp"
#include "text/utf8.hpp"

namespace pith::meta {
namespace {

// Latin-script byline labels (Cyrillic and Greek ones too), lower case, in
// the order latin_label() tries them; the line labels below hold them too.
constexpr std::string_view kLatinLabels[] = {
    "by", "von", "par", "por", "di", "door", "autor", "autora", "autorin", "author", "auteur", "written by",
    "posted by", "texto", "text", "reporter", "redacción", "redaccion", "redaktion",
    "автор", "συντάκτης", "ρεπορτάζ", "κείμενο"};

}  // namespace

const std::string& latin_labels() {
  static const std::string labels = [] {
    std::string out = "(?i:";
    for (std::string_view label : kLatinLabels) {
      if (out.size() > 4) out += '|';
      out += label;
    }
    return out + ")";
  }();
  return labels;
}

namespace {

constexpr std::size_t npos = std::string_view::npos;

// A name in a byline: up to four capitalised words ("\\p{Lu}[\\p{L}'’.-]*"),
// each after the first perhaps after a particle ("Juan de Vega"). The words
// are read by hand, not by the byline regex: RE2 compiles its letter classes
// anew for each pattern that holds them (17 M instructions for the two
// patterns that once did, once per process), and they add nothing to where
// a byline starts (find_latin_byline).
constexpr std::string_view kNameParticles[] = {"de", "da", "del", "van", "von", "der", "di", "le", "la", "y", "e"};

// Where the name word ("\\p{Lu}[\\p{L}'’.-]*", as long as it goes) that starts
// at line[at] ends; npos when none starts there.
std::size_t name_word_end(std::string_view line, std::size_t at) {
  if (at >= line.size()) return npos;
  std::size_t end = at;
  if (!text::is_upper_case_letter(text::decode_utf8(line, end))) return npos;
  while (end < line.size()) {
    std::size_t next = end;
    const char32_t c = text::decode_utf8(line, next);
    if (!text::is_letter(c) && c != '\'' && c != U'\u2019' && c != '.' && c != '-') break;
    end = next;
  }
  return end;
}

// Where one more word of the name after line[at] ends, with the white space
// (and particle) before it ("\\s+(?:particle\\s+)?" and a name word); npos
// when none follows. At most one particle can be followed by white space, and
// a particle's lower-case first letter starts no name word: there is one way
// to read the words, the one the regex would take.
std::size_t next_name_word_end(std::string_view line, std::size_t at) {
  std::size_t word = at;
  while (word < line.size() && text::is_ascii_whitespace(line[word])) ++word;
  if (word == at) return npos;
  for (std::string_view particle : kNameParticles) {
    if (line.compare(word, particle.size(), particle) != 0) continue;
    std::size_t after = word + particle.size();
    while (after < line.size() && text::is_ascii_whitespace(line[after])) ++after;
    if (after > word + particle.size()) return name_word_end(line, after);
  }
  return name_word_end(line, word);
}

// A label and the white space or colon after it: where a name may start.
// Longest match, so that the match ends where the name would start (see
// find_latin_byline).
const RE2& latin_label() {
  // A label without a colon ("By Jane Doe") must open its line or follow a
  // date ("Published March 2, 2021 by Jane Doe"); one with a colon
  // ("Автор: Ольга Смирнова") may follow a date on the same line.
  static const RE2 re(
      "(?:(?:^|[(|•·]\\s*|\\d\\s+)" + latin_labels() + "\\s*[:：]?\\s+|(?:^|[\\s(|•·])" + latin_labels() +
          "\\s*[:：]\\s*)",
      [] {
        RE2::Options options;
        options.set_longest_match(true);
        return options;
      }());
  return re;
}

// Cheap tests before the byline regexes: most lines near a headline hold no
// label at all, and a regex search costs far more than a look at the bytes.

// Can latin_label() match the line? Its label opens the line or follows
// white space, '(', '|', '•' or '·', and white space or a colon follows it.
// Lines with Greek or Cyrillic letters, or with the few characters RE2's
// case folding matches to ASCII letters (KELVIN SIGN, LONG S, dotted and
// dotless I), are left to the regex.
bool may_hold_latin_label(std::string_view line) {
  // latin_labels() by first word ("written by" and "posted by" end in "by");
  // 'Ó' is listed because ASCII case folding does not reach it.
  static constexpr std::string_view kLabels[] = {
      "by",    "von",   "par",  "por",    "di",     "door",     "autor",     "autora",    "autorin",   "author",
      "auteur", "texto", "text", "reporter", "redaktion", "redaccion", "redacción", "redacci\xC3\x93n"};
  // Two table looks per byte settle most places at once (a test per
  // letter, and then per byte before it, was mispredicted at every word):
  // what this byte can be (a label's first letter, or a non-ASCII lead byte
  // the tests below look at), and whether the byte before can open a label
  // (white space, '(', '|', or the last byte of '•' or '·').
  enum : std::uint8_t { kLabelLetter = 1, kNonAsciiLead = 2 };
  static constexpr auto kByteKinds = [] {
    std::array<std::uint8_t, 256> kinds{};
    for (unsigned char c : std::string_view("abdprtvABDPRTV")) kinds[c] = kLabelLetter;
    for (unsigned c = 0xCD; c <= 0xD3; ++c) kinds[c] = kNonAsciiLead;
    for (unsigned c : {0xC4u, 0xC5u, 0xE1u, 0xE2u}) kinds[c] = kNonAsciiLead;
    return kinds;
  }();
  static constexpr auto kMayOpen = [] {
    std::array<std::uint8_t, 256> opens{};
    for (unsigned char c : std::string_view(" \t\n\f\r(|\xA2\xB7")) opens[c] = kLabelLetter;
    return opens;
  }();
  for (std::size_t at = 0; at < line.size(); ++at) {
    auto b = static_cast<unsigned char>(line[at]);
    const auto before = at == 0 ? static_cast<unsigned char>(' ') : static_cast<unsigned char>(line[at - 1]);
    if ((kByteKinds[b] & (kMayOpen[before] | kNonAsciiLead)) == 0) continue;
    if (b >= 0x80) {
      auto next = at + 1 < line.size() ? static_cast<unsigned char>(line[at + 1]) : 0;
      if ((b >= 0xCD && b <= 0xD3) || b == 0xE1 || (b == 0xE2 && next == 0x84) ||
          (b == 0xC4 && (next == 0xB0 || next == 0xB1)) || (b == 0xC5 && next == 0xBF))
        return true;
      continue;
    }
    char first = text::ascii_lower(static_cast<char>(b));
    if (first != 'a' && first != 'b' && first != 'd' && first != 'p' && first != 'r' && first != 't' &&
        first != 'v')
      continue;
    bool opens = at == 0 || text::is_ascii_whitespace(line[at - 1]) || line[at - 1] == '(' || line[at - 1] == '|' ||
                 (at >= 3 && line.compare(at - 3, 3, "\xE2\x80\xA2") == 0) ||  // •
                 (at >= 2 && line.compare(at - 2, 2, "\xC2\xB7") == 0);         // ·
    if (!opens) continue;
    for (std::string_view label : kLabels) {
      std::size_t end = at + label.size();
      if (label[0] != first || end >= line.size() || !text::iequals_ascii(line.substr(at, label.size()), label))
        continue;
      if (text::is_ascii_whitespace(line[end]) || line[end] == ':' || line.compare(end, 3, "\xEF\xBC\x9A") == 0)
        return true;
    }
  }
  return false;
}

// The name RE2::PartialMatch would capture with the byline regex that held
// the name's words, "LABEL(\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:particle\\s+)?\\p{Lu}[\\p{L}'’.-]*){0,3})"
// (LABEL: latin_label() under leftmost-first matching), as [begin, end) of
// the line.
//
// From a given start, LABEL ends in one place only where a name word can
// follow: the label is fixed by the start (a label opens with a letter, what
// comes before it with none; no label is another's prefix followed by white
// space or a colon), and a name word opens with neither white space nor a
// colon, so every white space and colon after the label that LABEL can take
// belongs to it. That place is where the longest match of latin_label()
// ends: the regex matches there exactly when a name word starts at it.
//
// The leftmost match is the one anchored at the first place it can start,
// found without the reverse search RE2 runs to find where an unanchored
// match starts (that search compiles the regex a second time, reversed, for
// each process). A match starts at the line's start or at a character of its
// opening classes: '(', '|', '•' (E2 ..), '·' (C2 ..), a digit or RE2's \s.
bool find_latin_byline(std::string_view line, std::size_t& begin, std::size_t& end) {
  const RE2& re = latin_label();
  const re2::StringPiece input(line);
  if (!re.Match(input, 0, line.size(), RE2::UNANCHORED, nullptr, 0)) return false;
  re2::StringPiece label;
  for (std::size_t at = 0; at < line.size(); ++at) {
    const auto b = static_cast<unsigned char>(line[at]);
    const bool may_open = at == 0 || b == '(' || b == '|' || b == 0xE2 || b == 0xC2 || (b >= '0' && b <= '9') ||
                          b == ' ' || (b >= '\t' && b <= '\r');
    if (!may_open || !re.Match(input, at, line.size(), RE2::ANCHOR_START, &label, 1)) continue;
    begin = static_cast<std::size_t>(label.data() - line.data()) + label.size();
    end = name_word_end(line, begin);
    if (end == npos) continue;
    constexpr int kMoreWords = 3;
    for (int k = 0; k < kMoreWords; ++k) {
      const std::size_t word_end = next_name_word_end(line, end);
      if (word_end == npos) break;
      end = word_end;
    }
    return true;
  }
  return false;
}

// The labels a line may hold alone (is_label_only_line): kLatinLabels but
// "di", and what iequals_ascii does not fold: capitalised Cyrillic and Greek
// labels, and the CJK ones.
constexpr std::string_view kMoreLineLabels[] = {
    "Автор", "АВТОР", "Συντάκτης", "Ρεπορτάζ", "Κείμενο",
    "作者", "撰文", "执笔人", "执笔", "记者", "記者", "编辑", "责任编辑", "責任編輯", "发表人", "發表人",
    "楼主", "樓主"};

template <typename Visit>
bool any_line_label(Visit visit) {
  for (std::string_view label : kLatinLabels)
    if (label != "di" && visit(label)) return true;
  for (std::string_view label : kMoreLineLabels)
    if (visit(label)) return true;
  return false;
}

}  // namespace

std::string latin_byline_name(std::string_view line) {
  if (!may_hold_latin_label(line)) return {};
  std::size_t begin = 0, after = 0;
  if (!find_latin_byline(line, begin, after)) return {};
  std::string latin(line.substr(begin, after - begin));
  // "Автор: Ольга Смирнова Просмотров: 8 314": a word followed by a
  // colon is the next label, not part of the name.
  if (after < line.size() && line[after] == ':') {
    std::size_t space = latin.rfind(' ');
    latin = space == std::string::npos ? std::string() : latin.substr(0, space);
  }
  return clean_author(latin);
}

bool is_label_only_line(std::string_view line) {
  for (std::string_view colon : {":", "\xEF\xBC\x9A"})  // ':' or '：'
    if (line.ends_with(colon)) line.remove_suffix(colon.size());
  while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  return any_line_label([&](std::string_view label) { return text::iequals_ascii(line, label); });
}

// Can a line whose text starts with `first` be a label only? (A test before
// the line's text is built.)
bool may_be_label_only_line(unsigned char first) {
  // Looked up: asked of most lines near the headline.
  static const std::array<bool, 256> kMay = [] {
    std::array<bool, 256> may{};
    for (std::size_t b = 0; b < may.size(); ++b)
      may[b] = any_line_label([&](std::string_view label) {
        return text::ascii_lower(static_cast<char>(b)) == text::ascii_lower(label[0]);
      });
    return may;
  }();
  return kMay[first];
}

}  // namespace pith::meta
