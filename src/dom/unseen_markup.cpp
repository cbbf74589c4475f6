#include "dom/unseen_markup.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "dom/attributes.hpp"
#include "dom/build.hpp"
#include "dom/markup_guard.hpp"
#include "dom/prescan.hpp"
#include "dom/tag_traits.hpp"
#include "text/ascii.hpp"
#include "text/byte_filters.hpp"
#include "text/utf8.hpp"

namespace pith::dom {
namespace {

constexpr std::size_t npos = std::string_view::npos;

using text::is_ascii_whitespace;
bool letter(char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

using Range = std::pair<std::size_t, std::size_t>;

struct TagToken {
  std::string_view name;
  std::size_t end = npos;  // index of the closing '>'
  bool self_closing = false;
};

// One attribute of a start tag, as offsets into the page.
struct AttrSpan {
  std::size_t begin;        // first byte of the name
  std::size_t name_end;
  std::size_t end;          // one past the attribute, its value and quotes included
  std::size_t value_begin;  // the value without its quotes; npos: no value
  std::size_t value_end;
};

// The bytes that end a tag name, and an attribute name ('=' too): a table,
// so that a name is passed over with one test per byte.
struct NameEndBytes {
  bool tag[256] = {}, attribute[256] = {};
  constexpr NameEndBytes() {
    for (char c : {' ', '\t', '\n', '\r', '\f', '/', '>'})
      tag[static_cast<unsigned char>(c)] = attribute[static_cast<unsigned char>(c)] = true;
    attribute[static_cast<unsigned char>('=')] = true;
  }
};
constexpr NameEndBytes kNameEnds;
static_assert([] {
  for (int c = 0; c < 256; ++c)
    if (kNameEnds.tag[c] != (is_ascii_whitespace(static_cast<char>(c)) || c == '/' || c == '>')) return false;
  return true;
}(), "a tag name ends where ends_tag_name says");

// Reads the tag whose name starts at s[at], with the HTML tokenizer's tag
// name and attribute states; collects its attributes into `attrs` when given.
// False when the page ends inside the tag.
bool read_tag(std::string_view s, std::size_t at, TagToken& tag, std::vector<AttrSpan>* attrs) {
  std::size_t i = at;
  while (i < s.size() && !kNameEnds.tag[static_cast<unsigned char>(s[i])]) ++i;
  tag.name = s.substr(at, i - at);
  tag.self_closing = false;
  enum State { before_name, name, after_name, before_value, quoted, unquoted };
  State state = before_name;
  char quote = 0;
  std::size_t attr_begin = 0, name_end = 0, value_begin = npos;
  auto finish = [&](std::size_t attr_end, std::size_t value_end) {
    if (attrs)
      attrs->push_back({attr_begin, name_end, attr_end, value_begin,
                        value_begin == npos ? npos : value_end});
    value_begin = npos;
  };
  for (; i < s.size(); ++i) {
    char c = s[i];
    switch (state) {
      case before_name:
        if (c == '>') {
          tag.end = i;
          return true;
        }
        if (c == '/') {
          if (i + 1 < s.size() && s[i + 1] == '>') tag.self_closing = true;
        } else if (!is_ascii_whitespace(c)) {  // '=' here starts a name
          state = name;
          attr_begin = i;
        }
        break;
      case name:
        // The rest of the name at once: nothing in it changes the state.
        while (!kNameEnds.attribute[static_cast<unsigned char>(c)]) {
          if (++i == s.size()) return false;
          c = s[i];
        }
        name_end = i;
        if (c == '>') {
          finish(i, i);
          tag.end = i;
          return true;
        }
        if (is_ascii_whitespace(c)) state = after_name;
        else if (c == '/') {
          finish(i, i);
          state = before_name;
          --i;  // the '/' is read again for self-closing
        } else if (c == '=') state = before_value;
        break;
      case after_name:
        if (c == '>') {
          finish(name_end, name_end);
          tag.end = i;
          return true;
        }
        if (c == '=') state = before_value;
        else if (c == '/') {
          finish(name_end, name_end);
          state = before_name;
          --i;
        } else if (!is_ascii_whitespace(c)) {
          finish(name_end, name_end);
          state = name;
          attr_begin = i;
        }
        break;
      case before_value:
        if (c == '>') {  // "name=>": an empty value
          finish(i, i);
          tag.end = i;
          return true;
        }
        if (c == '"' || c == '\'') {
          quote = c;
          state = quoted;
          value_begin = i + 1;
        } else if (!is_ascii_whitespace(c)) {
          state = unquoted;
          value_begin = i;
        }
        break;
      case quoted: {
        // Most of a tag's bytes are in quoted values: jump to the closing quote.
        std::size_t close = s.find(quote, i);
        if (close == npos) return false;
        i = close;
        finish(i + 1, i);
        state = before_name;
        break;
      }
      case unquoted:
        if (c == '>') {
          finish(i, i);
          tag.end = i;
          return true;
        }
        if (is_ascii_whitespace(c)) {
          finish(i, i);
          state = before_name;
        }
        break;
    }
  }
  return false;
}

// What becomes of an attribute of a start tag.
// keep: in place, and the Dom keeps it; keep_unkept: in place, read by
// Gumbo's tree builder or the build's hidden test only.
enum class AttrFate { drop, keep, keep_unkept, movable, style };

// What the filter does with an element, by its name; one lookup per tag.
enum NameTrait : unsigned {
  kTextBody = 1 << 0,     // its body is text up to its end tag (kRawText in tags.def): copied untouched (or cut)
  kTextToEnd = 1 << 1,    // <plaintext>: everything after it is text
  kForeignRoot = 1 << 2,  // <svg>, <math>: a body that may go (foreign_body_end)
  kVerbatim = 1 << 3,     // <pre>, <code>, <listing>: their white space is content
  kFrameset = 1 << 4,     // no text moves after it
  // Its kept attributes may not reach Gumbo as runs behind a marker (the
  // header says which may not): Gumbo's tree builder compares a formatting
  // element's attributes with those of the elements in the list of active
  // formatting elements, name by name (three equal ones and the oldest
  // goes); it merges a later <html>'s or <body>'s into the first's, name by
  // name; and it gives the <input> it makes of an <isindex> the isindex's
  // attributes but its name.
  kCompared = 1 << 5,
  // The DOM build leaves it out with its subtree (skipped_element,
  // build.cpp): none of its attributes is read, by the build or by Gumbo's
  // tree builder. A script only unless it is JSON-LD (kScript). Not
  // <template>, left out too but whose id the build reads: it marks where
  // a streamed part of the page belongs.
  kLeftOut = 1 << 6,
  kScript = 1 << 7,
  kStyle = 1 << 8,
  // The elements UnseenElementContext follows.
  kHead = 1 << 9,
  kBody = 1 << 10,
  kTable = 1 << 11,
  kNoscript = 1 << 12,
  kTemplate = 1 << 13,
  // The tags some of whose attributes nothing but Gumbo's tree builder or
  // the build reads (attribute_fate).
  kTypeRead = 1 << 14,
  kFont = 1 << 15,
  kAnnotationXml = 1 << 16,
  kIsindex = 1 << 17,
  // A formatting element but <a> (tags.def's kFormatting): Gumbo's tree
  // builder compares all its attributes, names and values, with those of the
  // same tag in the list of active formatting elements (three equal ones and
  // the oldest goes, the "Noah's Ark" clause), so its first
  // kMaxComparedAttributes stay: two that differ only in attributes nothing
  // reads must still differ. (<a> never piles up: a new one closes the last.)
  // Its end tag may run the adoption agency (keeps_pending_text_in_place).
  kFormattingElement = 1 << 18,
};

// A name of up to 8 bytes as one word, each byte with its 0x20 bit set:
// ASCII letters in either case give the lower-case letter's key, and no
// other byte does; no byte is zero, so names of different lengths differ.
// The key of a name of `size` bytes (at most 8) whose first eight bytes are
// `first_eight` (text::word_at): the filter's form, from one load.
constexpr std::uint64_t name_key(std::uint64_t first_eight, std::size_t size) {
  constexpr std::uint64_t kEachByteCaseBit = 0x2020202020202020ULL;
  return text::first_bytes(first_eight | kEachByteCaseBit, size);
}
constexpr std::uint64_t name_key(std::string_view name) {
  std::uint64_t first_eight = 0;
  for (std::size_t k = 0; k < name.size(); ++k)
    first_eight |= std::uint64_t{static_cast<unsigned char>(name[k])} << (8 * k);
  return name_key(first_eight, name.size());
}

// The traits of the names that have any but kTextBody, which the tag table
// gives (kRawText in tags.def: the elements whose body the tokenizer reads
// as text).
struct NamedTraits {
  std::string_view name;
  unsigned traits;
};
// The attributes nothing reads that a formatting element keeps at most: real
// pages give one or two (style, data-*); a flood of distinct names would make
// Gumbo's compares of each with those before it quadratic again.
constexpr std::size_t kMaxComparedAttributes = 16;
constexpr NamedTraits kNamedTraits[] = {
    {"script", kScript | kTypeRead}, {"input", kTypeRead}, {"style", kLeftOut | kStyle}, {"iframe", kLeftOut},
    {"noframes", kLeftOut}, {"noembed", kLeftOut}, {"svg", kForeignRoot | kLeftOut}, {"math", kForeignRoot | kLeftOut},
    {"canvas", kLeftOut}, {"object", kLeftOut}, {"embed", kLeftOut}, {"template", kTemplate},
    {"pre", kVerbatim}, {"listing", kVerbatim}, {"code", kVerbatim}, {"frameset", kFrameset},
    {"head", kHead}, {"body", kCompared | kBody}, {"table", kTable}, {"noscript", kNoscript},
    {"font", kFont}, {"html", kCompared}, {"isindex", kCompared | kIsindex},
};

// Both lists as one hash table by name_key(), so that a tag's traits cost a
// multiplication and a compare or two (a switch over the keys was a chain of
// compares, and the raw-text names a loop). Open addressing with linear
// probing; a key of 0 marks an empty slot, which no name has.
struct TraitSlot {
  std::uint64_t key = 0;
  unsigned traits = 0;
};
constexpr std::size_t kTraitSlots = 128;  // a power of two, over three times the names
constexpr std::size_t trait_slot(std::uint64_t key) { return (key * 0x9E3779B97F4A7C15ULL) >> 57; }
static_assert(kTraitSlots == std::size_t{1} << (64 - 57), "trait_slot gives a slot of the table");
constexpr auto kTraitTable = [] {
  std::array<TraitSlot, kTraitSlots> table{};
  std::size_t used = 0;
  auto add = [&](std::string_view name, unsigned traits) {
    // (name_key reads up to 8 bytes: name_traits looks longer names up apart.)
    if (name.size() > 8 || used + 1 >= kTraitSlots) throw "name_traits' table needs a case or more slots";
    const std::uint64_t key = name_key(name);
    std::size_t at = trait_slot(key);
    while (table[at].key != 0 && table[at].key != key) at = (at + 1) % kTraitSlots;
    used += table[at].key == 0 ? 1 : 0;
    table[at].key = key;
    table[at].traits |= traits;
  };
  for (const NameInfo& info : kKnownNames) {
    if (info.traits & kRawText) add(info.name, kTextBody);
    if ((info.traits & kFormatting) && info.name != "a") add(info.name, kCompared | kFormattingElement);
  }
  for (const NamedTraits& named : kNamedTraits) add(named.name, named.traits);
  return table;
}();

// `first_eight`: the page's eight bytes from the name's first on
// (text::word_at), which hold its name_key() at a few instructions.
// (Inlined into the filter's loop: as a call per tag it made the loop save
// and restore its registers around it.)
[[gnu::always_inline]] inline unsigned name_traits(std::string_view name, std::uint64_t first_eight) {
  if (name.size() > 8) {
    if (name.size() == 9 && text::iequals_ascii(name, "plaintext")) return kTextToEnd;
    return name.size() == 14 && text::iequals_ascii(name, "annotation-xml") ? unsigned{kAnnotationXml} : 0u;
  }
  const std::uint64_t key = name_key(first_eight, name.size());
  // (The table has empty slots: the search ends.)
  for (std::size_t at = trait_slot(key);; at = (at + 1) % kTraitSlots) {
    if (kTraitTable[at].key == key) return kTraitTable[at].traits;
    if (kTraitTable[at].key == 0) return 0;
  }
}

// The attribute `a` of the markup `s` in a tag of these `traits`; `kept`:
// the Dom's attribute, when the fate is keep or movable. (Inlined: as a call
// per attribute it cost the filter 2 % more.)
[[gnu::always_inline]] inline AttrFate attribute_fate(std::string_view s, const AttrSpan& a, unsigned traits,
                                                      Attr& kept) {
  // No name it looks for is longer: lower-cased eight bytes at a time.
  std::uint64_t lower_words[2];
  const std::size_t size = a.name_end - a.begin;
  if (size > sizeof lower_words) return AttrFate::drop;
  lower_words[0] = text::ascii_lower_word(text::word_at(s, a.begin));
  lower_words[1] = size > 8 ? text::ascii_lower_word(text::word_at(s, a.begin + 8)) : 0;
  char lower[sizeof lower_words];
  std::memcpy(lower, lower_words, sizeof lower);
  std::string_view n(lower, size);
  if (dom_attribute(n, kept))
    // An <input>'s type, which Gumbo's tree builder reads, and a <script>'s,
    // which the build reads to tell JSON-LD, stay in place.
    return kept == Attr::type && (traits & kTypeRead) ? AttrFate::keep : AttrFate::movable;
  if (n == "style") return AttrFate::style;
  // Read by the build's hidden test, or by Gumbo's tree builder, which reads
  // these of one element each: a <font>'s color, face and size (in svg or
  // math they end foreign content), an <annotation-xml>'s encoding, an
  // <isindex>'s prompt (it becomes text) and action (the form's).
  for (std::string_view read : kReadBeforeTheDom) {
    if (n != read) continue;
    const unsigned only_in = n == "color" || n == "face" || n == "size" ? kFont
                             : n == "encoding"                        ? kAnnotationXml
                             : n == "prompt" || n == "action"         ? kIsindex
                                                                      : 0u;
    return only_in == 0 || (traits & only_in) ? AttrFate::keep_unkept : AttrFate::drop;
  }
  return AttrFate::drop;
}

// Below this many bytes a marker (mark, index, quotes) saves too little.
constexpr std::size_t kMinMovedValueBytes = 8;

// ASCII bytes Gumbo does not pass through as they are: '&' starts a
// character reference; NUL, the C0 controls but white space, and DEL become
// U+FFFD or are dropped; CR becomes LF (index 1 of the table).
struct AsciiVerdicts {
  bool changed[2][128] = {};
  constexpr AsciiVerdicts() {
    for (int cr_allowed = 0; cr_allowed < 2; ++cr_allowed) {
      for (int b = 0; b < 0x20; ++b)
        changed[cr_allowed][b] = b != '\t' && b != '\n' && b != '\f' && !(cr_allowed && b == '\r');
      changed[cr_allowed]['&'] = true;
      changed[cr_allowed][0x7F] = true;
    }
  }
};
constexpr AsciiVerdicts kAsciiVerdicts;

// How far `v` holds only printable ASCII but '&' and DEL, bytes Gumbo passes
// as they are whatever the mode (v.size() when all of it does; less may be
// said). From sixteen bytes on, sixteen a step, the last block overlapping
// the one before (most text pieces are such bytes all through); a shorter
// value, most attribute values, eight a step, as sixteen would need its
// last block copied (passes_unchanged's loop does that); one under eight
// bytes (a width, an id, a short class) as one word padded with spaces, not
// a byte at a time.
[[gnu::always_inline]] inline std::size_t plain_ascii_prefix(std::string_view v) {
  const std::size_t size = v.size();
  if (size >= 16) {
    // (As signed bytes, those from 0x80 up lie below ' ' with the controls.)
    auto stops_at = [&v](std::size_t at) {
      text::Bytes16 b;
      std::memcpy(&b, v.data() + at, 16);
      const text::Lanes16 hit = (__builtin_convertvector(b, text::Lanes16) < ' ') | (b == 0x7F) | (b == '&');
      std::uint64_t halves[2];
      std::memcpy(halves, &hit, sizeof halves);
      // Lane k is byte k of the little-endian halves; 16 when none stops.
      if (halves[0] != 0) return static_cast<std::size_t>(__builtin_ctzll(halves[0])) / 8;
      if (halves[1] != 0) return 8 + static_cast<std::size_t>(__builtin_ctzll(halves[1])) / 8;
      return std::size_t{16};
    };
    std::size_t i = 0;
    for (; i + 16 <= size; i += 16)
      if (const std::size_t k = stops_at(i); k < 16) return i + k;
    if (i == size) return size;
    const std::size_t k = stops_at(size - 16);  // its bytes before i passed already
    return k < 16 ? size - 16 + k : size;
  }
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x80 * kOnes;
  // The bit-twiddling tests for "some byte below", "some byte above" and
  // "some byte zero", exact for whether any byte is (Anderson, Bit Twiddling
  // Hacks).
  auto plain = [](std::uint64_t w) {
    const std::uint64_t below_space = (w - ' ' * kOnes) & ~w;
    const std::uint64_t del_or_above = (w + kOnes) | w;
    const std::uint64_t amp = w ^ ('&' * kOnes);
    const std::uint64_t amp_byte = (amp - kOnes) & ~amp;
    return ((below_space | del_or_above | amp_byte) & kHigh) == 0;
  };
  const std::size_t n = v.size();
  if (n == 0) return 0;  // (an empty view's data() may be null, which memcpy may not be given)
  if (n < 8) {
    std::uint64_t padded = ' ' * kOnes;
    std::memcpy(&padded, v.data(), n);
    return plain(padded) ? n : 0;
  }
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    if (!plain(text::word_at(v, i))) return i;
  // The last bytes, in the word that ends the value (it may repeat some).
  return plain(text::word_at(v, n - 8)) ? n : i;
}

// From this many bytes on, a rest of a value or text piece that holds
// other than ASCII is checked whole for well-formed UTF-8 first (32 bytes a
// step), then looked at only where a changed code point may start
// (passes_well_formed): CJK text, all of it three-byte characters, was read
// a character at a time. A shorter rest costs less read that way (of 16,
// 32, 64 and 128, 64 made the fewest instructions on the dev and news pages).
constexpr std::size_t kWellFormedCheckBytes = 64;

// The ASCII bytes Gumbo does not pass as they are, lane by lane: '&', DEL and
// the controls but the white space it keeps (`cr`: CR when it is allowed,
// else a second tab). kAsciiVerdicts says the same a byte at a time.
inline text::Lanes16 changed_ascii_lanes(text::Bytes16 b, unsigned char cr) {
  const text::Lanes16 kept_space = (b == '\t') | (b == '\n') | (b == '\f') | (b == cr);
  return ((b < ' ') & ~kept_space) | (b == '&') | (b == 0x7F);
}

// The noncharacters Gumbo's input stream replaces: U+FDD0..U+FDEF and the
// last two code points of every plane.
constexpr bool is_noncharacter(char32_t c) { return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE; }

// passes_unchanged for v[from, ...) when it is well-formed UTF-8 (`cr`: as
// passes_unchanged's): its only bytes that may lead to a code point Gumbo
// changes are the ASCII ones it changes and the lead bytes C2 (the C1
// controls U+0080..U+009F), EF (U+FDD0..U+FDEF, U+FFFE, U+FFFF) and F0..F4
// (the last two code points of every other plane). Sixteen bytes a step to
// the next of those.
bool passes_well_formed(std::string_view v, std::size_t from, unsigned char cr) {
  auto may_change = [cr](text::Bytes16 b) {
    return changed_ascii_lanes(b, cr) | (b == 0xC2) | (b == 0xEF) | (b >= 0xF0);
  };
  for (std::size_t i = text::find_first_of_lanes(v, from, may_change); i < v.size();
       i = text::find_first_of_lanes(v, i, may_change)) {
    const unsigned char b = static_cast<unsigned char>(v[i]);
    if (b < 0x80) return false;  // '&', DEL or a control
    if (b == 0xC2) {             // (well-formed: its second byte is there)
      if (static_cast<unsigned char>(v[i + 1]) <= 0x9F) return false;
      i += 2;
      continue;
    }
    const char32_t c = text::decode_utf8(v, i);
    if (is_noncharacter(c)) return false;
  }
  return true;
}

// passes_unchanged for v[from, ...), where `from` is the end of the value's
// plain_ascii_prefix (and before its end).
[[gnu::noinline]] bool passes_unchanged_from(std::string_view v, std::size_t from, bool cr_allowed) {
  const bool* changed = kAsciiVerdicts.changed[cr_allowed ? 1 : 0];
  // The bytes that need a closer look: the ASCII ones Gumbo changes and
  // every byte from 0x80 up. (Without `cr_allowed`, CR's place is taken by a
  // second tab.)
  const unsigned char cr = cr_allowed ? '\r' : '\t';
  auto closer_look = [cr](text::Bytes16 b) { return changed_ascii_lanes(b, cr) | (b >= 0x80); };
  bool well_formed_checked = false;  // once: a rest that is not stays ill-formed
  for (std::size_t i = from; i < v.size();) {
    unsigned char b = static_cast<unsigned char>(v[i]);
    if (b < 0x80) {
      if (changed[b]) return false;
      i = text::find_first_of_lanes(v, i + 1, closer_look);
      continue;
    }
    if (!well_formed_checked && v.size() - i >= kWellFormedCheckBytes) {
      well_formed_checked = true;
      if (text::valid_utf8_prefix_length(v.substr(i)) == v.size() - i) return passes_well_formed(v, i, cr);
    }
    std::size_t at = i;
    char32_t c;
    auto continuation = [&](std::size_t k) { return k < v.size() && (static_cast<unsigned char>(v[k]) & 0xC0) == 0x80; };
    if (b >= 0xC2 && b <= 0xDF && continuation(i + 1)) {
      // The common two- and three-byte sequences are decoded here, not by a
      // call per character (CJK text is all of them); those with a range of
      // their own (E0, ED) go to decode_utf8. Only C2 (C1 controls) and EF
      // (U+FFFD, noncharacters) lead to code points the tests below reject:
      // the others are not decoded at all.
      i += 2;
      if (b != 0xC2) continue;
      c = (char32_t{b & 0x1Fu} << 6) | (static_cast<unsigned char>(v[i - 1]) & 0x3Fu);
    } else if (b >= 0xE1 && b <= 0xEF && b != 0xED && continuation(i + 1) && continuation(i + 2)) {
      i += 3;
      if (b != 0xEF) continue;
      c = (char32_t{b & 0x0Fu} << 12) | ((static_cast<unsigned char>(v[i - 2]) & 0x3Fu) << 6) |
          (static_cast<unsigned char>(v[i - 1]) & 0x3Fu);
    } else {
      c = text::decode_utf8(v, i);
    }
    if (c == text::kReplacementCharacter && v.compare(at, i - at, "\xEF\xBF\xBD") != 0) return false;
    if ((c >= 0x80 && c <= 0x9F) || is_noncharacter(c)) return false;
  }
  return true;
}

// Does Gumbo return these bytes as they are (but for CR, which it makes LF
// and append_text does too, when `cr_allowed`)? Not when they have a
// character reference, NUL, or a code point Gumbo's input stream replaces
// with U+FFFD (controls, C1, noncharacters, ill-formed UTF-8).
// (Inlined: most attribute values and text pieces are printable ASCII all
// through, which plain_ascii_prefix says with no call; the rest of the test
// saves and restores more registers than such a value takes to read.)
[[gnu::always_inline]] inline bool passes_unchanged(std::string_view v, bool cr_allowed = false) {
  const std::size_t plain = plain_ascii_prefix(v);
  return plain == v.size() || passes_unchanged_from(v, plain, cr_allowed);
}

bool ascii_alnum(char c) { return letter(c) || (c >= '0' && c <= '9'); }

// The named references read here, with their characters, in the order of
// their names: the legacy names of the WHATWG table (Latin-1, and the few
// that need no ';': in an attribute value Gumbo reads "&copy" as the
// character unless a letter, a digit or '=' follows the name), and the
// punctuation pages write most (only with ';').
struct NamedReference {
  std::string_view name;
  char32_t code_point;
  bool needs_semicolon = false;
};
constexpr NamedReference kNamedReferences[] = {
    {"AElig", 0xC6}, {"AMP", 0x26}, {"Aacute", 0xC1}, {"Acirc", 0xC2}, {"Agrave", 0xC0},
    {"Aring", 0xC5}, {"Atilde", 0xC3}, {"Auml", 0xC4}, {"COPY", 0xA9}, {"Ccedil", 0xC7}, {"ETH", 0xD0},
    {"Eacute", 0xC9}, {"Ecirc", 0xCA}, {"Egrave", 0xC8}, {"Euml", 0xCB}, {"GT", 0x3E}, {"Iacute", 0xCD},
    {"Icirc", 0xCE}, {"Igrave", 0xCC}, {"Iuml", 0xCF}, {"LT", 0x3C}, {"Ntilde", 0xD1}, {"Oacute", 0xD3},
    {"Ocirc", 0xD4}, {"Ograve", 0xD2}, {"Oslash", 0xD8}, {"Otilde", 0xD5}, {"Ouml", 0xD6}, {"QUOT", 0x22},
    {"REG", 0xAE}, {"THORN", 0xDE}, {"Uacute", 0xDA}, {"Ucirc", 0xDB}, {"Ugrave", 0xD9}, {"Uuml", 0xDC},
    {"Yacute", 0xDD}, {"aacute", 0xE1}, {"acirc", 0xE2}, {"acute", 0xB4}, {"aelig", 0xE6}, {"agrave", 0xE0},
    {"amp", 0x26}, {"apos", 0x27, true}, {"aring", 0xE5}, {"atilde", 0xE3}, {"auml", 0xE4},
    {"brvbar", 0xA6}, {"bull", 0x2022, true}, {"ccedil", 0xE7}, {"cedil", 0xB8}, {"cent", 0xA2},
    {"copy", 0xA9}, {"curren", 0xA4}, {"deg", 0xB0}, {"divide", 0xF7}, {"eacute", 0xE9}, {"ecirc", 0xEA},
    {"egrave", 0xE8}, {"eth", 0xF0}, {"euml", 0xEB}, {"euro", 0x20AC, true}, {"frac12", 0xBD},
    {"frac14", 0xBC}, {"frac34", 0xBE}, {"gt", 0x3E}, {"hearts", 0x2665, true}, {"hellip", 0x2026, true},
    {"iacute", 0xED}, {"icirc", 0xEE}, {"iexcl", 0xA1}, {"igrave", 0xEC}, {"iquest", 0xBF}, {"iuml", 0xEF},
    {"laquo", 0xAB}, {"ldquo", 0x201C, true}, {"lsquo", 0x2018, true}, {"lt", 0x3C}, {"macr", 0xAF},
    {"mdash", 0x2014, true}, {"micro", 0xB5}, {"middot", 0xB7}, {"nbsp", 0xA0}, {"ndash", 0x2013, true},
    {"not", 0xAC}, {"ntilde", 0xF1}, {"oacute", 0xF3}, {"ocirc", 0xF4}, {"ograve", 0xF2}, {"ordf", 0xAA},
    {"ordm", 0xBA}, {"oslash", 0xF8}, {"otilde", 0xF5}, {"ouml", 0xF6}, {"para", 0xB6}, {"plusmn", 0xB1},
    {"pound", 0xA3}, {"quot", 0x22}, {"raquo", 0xBB}, {"rdquo", 0x201D, true}, {"reg", 0xAE},
    {"rsquo", 0x2019, true}, {"sect", 0xA7}, {"shy", 0xAD}, {"sup1", 0xB9}, {"sup2", 0xB2}, {"sup3", 0xB3},
    {"szlig", 0xDF}, {"thinsp", 0x2009, true}, {"thorn", 0xFE}, {"times", 0xD7}, {"trade", 0x2122, true},
    {"uacute", 0xFA}, {"ucirc", 0xFB}, {"ugrave", 0xF9}, {"uml", 0xA8}, {"uuml", 0xFC}, {"yacute", 0xFD},
    {"yen", 0xA5}, {"yuml", 0xFF}};
static_assert(std::is_sorted(std::begin(kNamedReferences), std::end(kNamedReferences),
                             [](const NamedReference& a, const NamedReference& b) { return a.name < b.name; }),
              "read_reference looks the names up by binary search");

// The length of the longest legacy name the (non-empty) `name` starts with;
// 0 when none. Only the names with its first byte are compared.
std::size_t longest_legacy_prefix(std::string_view name) {
  std::size_t longest = 0;
  const auto* it = std::lower_bound(std::begin(kNamedReferences), std::end(kNamedReferences), name.substr(0, 1),
                                    [](const NamedReference& n, std::string_view v) { return n.name < v; });
  for (; it != std::end(kNamedReferences) && it->name[0] == name[0]; ++it)
    if (!it->needs_semicolon && it->name.size() > longest && name.starts_with(it->name)) longest = it->name.size();
  return longest;
}

// A number's code point that Gumbo returns as it is (HTML 13.2.5.80 maps
// C1 controls, NUL, surrogates and code points past U+10FFFF to others):
// printable ASCII and the rest of the Basic Multilingual Plane but its
// noncharacters. (None of the marker planes.)
bool read_as_is(char32_t c) {
  return (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFDCF) ||
         (c >= 0xFDF0 && c <= 0xFFFD);
}

// Reads the '&' at s[at] (a reference or not; before `end`, where the text
// or the attribute value ends) as Gumbo 0.10's tokenizer does (HTML
// 13.2.5.72-80), when it is one read here for sure, and appends what Gumbo
// makes of it to `out`: a reference of kNamedReferences, a number and ';'
// for a code point read_as_is, or a '&' that stays as it is (before a byte
// that starts no reference, before a name no legacy name starts; in an
// attribute value also before a name and '=', a query's "&id=3", and where
// a letter or digit follows the longest legacy name in it). Returns where
// the text goes on; npos when the reference is not one of those (another
// name, a number with no ';', "&copy" read without its ';'). Each reference
// is longer than its character: what it appends never grows the text.
std::size_t read_reference(std::string_view s, std::size_t at, std::size_t end, bool in_attribute,
                           std::string& out) {
  const std::size_t k = at + 1;
  if (k == end || (!ascii_alnum(s[k]) && s[k] != '#')) {
    // ASCII only: no name starts beyond it. (At `end` a quote, white space,
    // '>' or '<' follows.)
    if (k < end && static_cast<unsigned char>(s[k]) >= 0x80) return npos;
    out.push_back('&');
    return k;
  }
  if (s[k] == '#') {
    const bool hex = k + 1 < end && (s[k + 1] | 0x20) == 'x';
    const std::size_t digits = k + 1 + (hex ? 1 : 0);
    std::size_t e = digits;
    char32_t value = 0;
    for (; e < end && e - digits < 8; ++e) {
      const char c = s[e], folded = static_cast<char>(c | 0x20);
      const int digit = c >= '0' && c <= '9'                        ? c - '0'
                        : hex && folded >= 'a' && folded <= 'f' ? folded - 'a' + 10
                                                                : -1;
      if (digit < 0) break;
      value = value * (hex ? 16 : 10) + static_cast<char32_t>(digit);
    }
    if (e == digits || e == end || s[e] != ';' || !read_as_is(value)) return npos;
    text::append_utf8(out, value);
    return e + 1;
  }
  std::size_t e = k;
  while (e < end && ascii_alnum(s[e])) ++e;
  const std::string_view name = s.substr(k, e - k);
  if (e < end && s[e] == ';') {
    const auto* known = std::lower_bound(std::begin(kNamedReferences), std::end(kNamedReferences), name,
                                         [](const NamedReference& n, std::string_view v) { return n.name < v; });
    if (known == std::end(kNamedReferences) || known->name != name) return npos;
    text::append_utf8(out, known->code_point);
    return e + 1;
  }
  const std::size_t legacy = longest_legacy_prefix(name);
  // In an attribute value a legacy name followed by a letter, a digit or
  // '=' stays as it is; in text it is read.
  if (legacy != 0 && !(in_attribute && (legacy < name.size() || (e < end && s[e] == '=')))) return npos;
  out.push_back('&');
  return k;
}

// Appends to `out` the value Gumbo's tokenizer makes of the attribute value
// `v`, when every '&' in it is one read_reference reads and the bytes
// between them pass unchanged (passes_unchanged); false otherwise (then
// `out` may hold a part).
bool decode_attribute_references(std::string_view v, std::string& out) {
  std::size_t from = 0;
  for (std::size_t amp; (amp = v.find('&', from)) != npos;) {
    if (!passes_unchanged(v.substr(from, amp - from))) return false;
    out.append(v, from, amp - from);
    from = read_reference(v, amp, v.size(), /*in_attribute=*/true, out);
    if (from == npos) return false;
  }
  if (!passes_unchanged(v.substr(from))) return false;
  out.append(v.substr(from));
  return true;
}

// From the '&' at s[at] in text that ends at `end`: the references
// read_reference reads, each with the bytes after it up to the next '&' (or
// `end`) when they pass unchanged (CR too: append_text makes it LF), go to
// `out` as Gumbo makes them. Returns where that stops: `end`, or an '&' it
// does not read (`at` when it reads not even the first).
std::size_t read_text_references(std::string_view s, std::size_t at, std::size_t end, std::string& out) {
  while (at < end) {
    const std::size_t mark = out.size();
    const std::size_t after = read_reference(s, at, end, /*in_attribute=*/false, out);
    if (after == npos) return at;
    const void* amp = std::memchr(s.data() + after, '&', end - after);
    const std::size_t next = amp ? static_cast<std::size_t>(static_cast<const char*>(amp) - s.data()) : end;
    if (!passes_unchanged(s.substr(after, next - after), /*cr_allowed=*/true)) {
      out.resize(mark);
      return at;
    }
    out.append(s, after, next - after);
    at = next;
  }
  return at;
}

// The first code point of the marker planes (15 and 16, private use).
constexpr char32_t kFirstMarkerCodePoint = 0xF0000;

// Does the page hold a code point of the marker planes already, as such or
// as a numeric character reference? Then a marker would be ambiguous in
// Gumbo's output. In UTF-8 they start with F3 B0..BF or F4.
bool references_mark(std::string_view s) {
  if (s.find('\xF4') != npos) return true;
  for (std::size_t i = s.find('\xF3'); i != npos; i = s.find('\xF3', i + 1))
    if (i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xB0) return true;
  for (std::size_t i = s.find("&#"); i != npos; i = s.find("&#", i + 2)) {
    std::size_t k = i + 2;
    bool hex = k < s.size() && (s[k] == 'x' || s[k] == 'X');
    if (hex) ++k;
    unsigned long value = 0;
    for (; k < s.size(); ++k) {
      char c = s[k];
      char folded = static_cast<char>(c | 0x20);
      int d = c >= '0' && c <= '9'                       ? c - '0'
              : hex && folded >= 'a' && folded <= 'f' ? folded - 'a' + 10
                                                      : -1;
      if (d < 0) break;
      if (value < 0x110000) value = value * (hex ? 16 : 10) + static_cast<unsigned>(d);
    }
    if (value >= kFirstMarkerCodePoint) return true;
  }
  return false;
}

// Where the text after the '&' at s[at] goes on, as Gumbo's tokenizer reads
// it: past a reference that ends in ';' (numeric or named, known or not: no
// name in the table runs past a ';', so what follows does not change what
// the reference means), or just past a lone '&' before white space, which
// is no reference; `end` (nothing more moves) for anything else, such as a
// legacy name without ';' ("&notit" reads as "&not" + "it").
std::size_t reference_end(std::string_view s, std::size_t at, std::size_t end) {
  std::size_t k = at + 1;
  if (k >= end) return end;
  if (is_ascii_whitespace(s[k])) return k;
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t digits_from;
  if (s[k] == '#') {
    ++k;
    const bool hex = k < end && (s[k] | 0x20) == 'x';
    if (hex) ++k;
    digits_from = k;
    while (k < end && (is_digit(s[k]) || (hex && (s[k] | 0x20) >= 'a' && (s[k] | 0x20) <= 'f'))) ++k;
  } else {
    if (!letter(s[k])) return end;
    digits_from = k;
    while (k < end && (letter(s[k]) || is_digit(s[k]))) ++k;
  }
  return k > digits_from && k < end && s[k] == ';' ? k + 1 : end;
}

constexpr std::size_t kMaxMoved = kMaxMovedPieces;
constexpr std::size_t kMarkerSize = kMovedMarkerSize;

// (Its four bytes written at once: text::append_utf8's tests of the code
// point's range, a call per marker, cost more than the encoding.)
void append_marker(std::string& out, std::size_t index) {
  const char32_t cp = index < kMarkersPerPlane ? kFirstMarkerCodePoint + static_cast<char32_t>(index)
                                               : 0x100000 + static_cast<char32_t>(index - kMarkersPerPlane);
  const char bytes[kMarkerSize] = {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
                                   static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
  out.append(bytes, sizeof bytes);
}

// Below this many bytes a text run stays where it is. Gumbo makes a token of
// each character (a few hundred instructions) and reads the marker as one:
// a run of a few bytes ("Home", a date) already pays, while one CJK
// character (3 bytes) would only add the marker's resolution.
constexpr std::size_t kMinMovedTextBytes = 4;

// Start tags that end foreign content (svg, math) and continue as HTML.
bool breaks_out_of_foreign(std::string_view name) {
  static constexpr std::string_view kBreakout[] = {
      "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
      "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
      "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike",
      "sub", "sup", "table", "tt", "u", "ul", "var", "font"};
  for (std::string_view b : kBreakout)
    if (text::iequals_ascii(name, b)) return true;
  return false;
}

// HTML integration points inside svg / math: markup in them is HTML.
bool integration_point(std::string_view name) {
  for (std::string_view p : {"title", "desc", "foreignobject", "mi", "mo", "mn", "ms", "mtext",
                             "annotation-xml"})
    if (text::iequals_ascii(name, p)) return true;
  return false;
}

bool ends_name_at(std::string_view s, std::size_t at, std::string_view name) {
  return at + name.size() <= s.size() && text::iequals_ascii(s.substr(at, name.size()), name) &&
         ends_tag_name(s, at + name.size());
}

// Where the end tag "</svg" (or "</math") closing the foreign element whose
// body starts at `from` begins, when everything up to it provably stays inside
// the element; npos otherwise (then the body is left to Gumbo).
//
// A body that fails is read again from each <svg> inside it (nested <svg>s
// unclosed: quadratic), so the scans share `budget`, the bytes they may still
// read on this page; once it is spent, bodies are left to Gumbo, which only
// costs time.
std::size_t foreign_body_end(std::string_view s, std::size_t from, std::string_view root,
                             std::size_t& budget) {
  std::vector<std::string_view> open{root};
  std::size_t i = from;
  // Whatever the outcome, what was read up to `i` is charged.
  struct Charge {
    std::size_t& budget;
    std::size_t from, end;
    const std::size_t& at;
    ~Charge() { budget -= std::min(budget, (at == npos ? end : at) - from); }
  } charge{budget, from, s.size(), i};
  TagToken tag;
  while ((i = s.find('<', i)) != npos) {
    if (i - from > budget) return npos;
    if (s.compare(i, 4, "<!--") == 0) {
      i = comment_end(s, i + 4);
      if (i == npos) return npos;
      continue;
    }
    bool end_tag = i + 1 < s.size() && s[i + 1] == '/';
    std::size_t name_at = i + 1 + (end_tag ? 1 : 0);
    if (name_at >= s.size()) return npos;
    if (!letter(s[name_at])) {
      if (end_tag || s[name_at] == '!' || s[name_at] == '?') return npos;  // CDATA, bogus comments
      ++i;  // a '<' in text
      continue;
    }
    if (!read_tag(s, name_at, tag, nullptr)) return npos;
    if (end_tag) {
      // Only end tags of elements opened inside: others would reach HTML.
      if (text::iequals_ascii(tag.name, "p") || text::iequals_ascii(tag.name, "br")) return npos;
      std::size_t k = open.size();
      while (k > 0 && !text::iequals_ascii(open[k - 1], tag.name)) --k;
      if (k == 0) return npos;
      open.resize(k - 1);
      if (open.empty()) return i;
      i = tag.end + 1;
      continue;
    }
    if (breaks_out_of_foreign(tag.name)) return npos;
    i = tag.end + 1;
    if (tag.self_closing) continue;
    if (integration_point(tag.name)) {
      // Text only, up to its own end tag.
      std::size_t next = s.find('<', i);
      if (next == npos || s.compare(next, 2, "</") != 0 || !ends_name_at(s, next + 2, tag.name))
        return npos;
      i = next;
    }
    open.push_back(tag.name);
  }
  return npos;
}

// Where a <script> or <style> element may leave the markup whole, tags and
// all, rather than as an empty element: the build leaves it out with its
// subtree (skipped_element, build.cpp), and the tree builder's only other
// use of it is to end the text before it. Text pieces either side of an
// element the build leaves out join in the build; where the element is
// gone they join in Gumbo's text node instead, to the same text, as long
// as that node goes where the piece before it went. Gumbo places its text
// when it flushes it (at the next element it inserts or pops), at the
// current node then; the element flushed the text before it. So the
// element may go in these insertion modes (WHATWG 13.2.6.4), where its
// start tag changes neither the mode nor the stack of open elements: in
// head, in body, in select, after body (back to in body, which puts text
// where after body did), in frameset (where it is ignored). Not before the
// head (it would make one, and the white space after it would go in
// there), after head (Gumbo pushes the head back to insert it, and flushes
// the text before it into the head), in head noscript (it closes the
// <noscript>), in a table (the text before and after it is placed apart,
// by whether it is all white space), in a column group (it closes it), in
// foreign content (it is an element of svg or math there) or in a
// <template>'s content. The filter follows the tags that open and close
// these; a count that goes wrong errs towards keeping the element.
class UnseenElementContext {
 public:
  // The traits of the tags it reads (most tags have none).
  static constexpr unsigned kFollowed = kHead | kBody | kTable | kNoscript | kTemplate | kForeignRoot;
  void start_tag(unsigned traits, bool self_closing) {
    if (traits & (kHead | kBody)) document_open_ = true;
    if (traits & kBody) {
      after_head_ = false;
      // (A <body> in a <template> is ignored.)
      body_open_ = body_open_ || templates_ == 0;
    }
    if (traits & kTable) ++tables_;
    if (traits & kNoscript) ++noscripts_;
    if (traits & kTemplate) ++templates_;
    if ((traits & kForeignRoot) && !self_closing) ++foreign_;
  }
  void end_tag(unsigned traits) {
    auto close = [](std::size_t& open) { open -= open > 0 ? 1 : 0; };
    if (traits & kHead) after_head_ = true;  // until a <body>: a stray </head> only keeps elements
    if (traits & kTable) close(tables_);
    if (traits & kNoscript) close(noscripts_);
    if (traits & kTemplate) close(templates_);
    if (traits & kForeignRoot) close(foreign_);
  }
  // In the body, and in none of the elements above: the insertion modes in
  // body, in select and after body.
  bool in_body() const { return body_open_ && tables_ == 0 && noscripts_ == 0 && templates_ == 0 && foreign_ == 0; }
  // In one of the insertion modes above.
  bool lets_elements_go() const {
    return document_open_ && !after_head_ && tables_ == 0 && noscripts_ == 0 && templates_ == 0 &&
           foreign_ == 0;
  }

 private:
  bool document_open_ = false;
  bool after_head_ = false;
  bool body_open_ = false;
  std::size_t tables_ = 0, noscripts_ = 0, templates_ = 0, foreign_ = 0;
};

// Does text that ends in `before`, joined to white space, read as the two
// did apart? Yes when the end continues into nothing: a tag's '>' or white
// space, but a CR (CR LF is read as one line break) and not the end of a
// character reference or a '<' that the white space would cut short.
bool joins_white_space_unchanged(char before) {
  return before == '>' || before == ' ' || before == '\t' || before == '\n' || before == '\f';
}

// Does this tag leave Gumbo's pending text in place, to be flushed where the
// text before it would have gone? Not a </form>, which takes the form off
// the stack of open elements without popping it (no flush: the text goes
// to the form's parent), nor a tag that may run the adoption agency, which
// moves elements without popping them: a formatting element's end tag, a
// new <a> or <nobr>.
// `traits`: the name's (name_traits).
bool keeps_pending_text_in_place(std::string_view name, unsigned traits, bool end_tag) {
  if (!end_tag) return !text::iequals_ascii(name, "a") && !text::iequals_ascii(name, "nobr");
  return !(traits & kFormattingElement) && !text::iequals_ascii(name, "a") && !text::iequals_ascii(name, "form");
}

}  // namespace

std::string drop_unseen_markup(std::string html, MovedValues* moved, budget::Deadline deadline,
                               bool runs_by_tag, GuardFeed* guard) {
  // With `moved`, the page lives on in moved->source, where the moved values
  // point.
  std::string_view s = html;
  const bool kept_in_moved = moved != nullptr;
  if (moved) {
    moved->ranges.clear();
    moved->attributes.clear();
    moved->attribute_runs.clear();
    moved->tag_runs.clear();
    moved->source = std::move(html);
    moved->page_bytes = moved->source.size();
    // Room for the decoded text and values (see `decoded` below): the build
    // gives the page this much already.
    moved->source.reserve(input_capacity(moved->page_bytes));
    s = moved->source;
    if (references_mark(s)) moved = nullptr;  // nothing moves
  }
  std::string out;
  bool changed = false;
  std::size_t copied = 0;  // s[0, copied) is settled
  // (Inlined: it runs several times a tag, and as a call it saved and
  // restored more registers than it has work.)
  auto cut = [&](std::size_t from, std::size_t to) __attribute__((always_inline)) {
    if (!changed) {
      out.reserve(s.size());
      changed = true;
    }
    if (from > copied) out.append(s.data() + copied, from - copied);
    copied = to;
  };
  auto move = [&](std::size_t from, std::size_t to) {
    cut(from, to);
    append_marker(out, moved->ranges.size());
    moved->ranges.emplace_back(static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to - from));
  };
  // Text is moved from its first character that is not white space: the tree
  // builder treats white space and other characters differently (in tables,
  // in the head, after <pre>), and once it has seen one of the others it
  // inserts what follows as text in every insertion mode but those of a
  // frameset (where text is dropped but for its white space) and of a CDATA
  // section in svg/math (which ends at "]]>"): no text moves after either.
  bool text_moves = moved != nullptr;
  std::vector<AttrSpan> attrs;
  struct Fate {
    AttrFate fate;
    Attr kept;
    bool moves;  // into a run
    // Where its value is in moved->source when it moves decoded;
    // kNotDecoded otherwise. (32 bits: the filter copies a Fate per
    // attribute.)
    std::uint32_t decoded_at;
    std::uint32_t decoded_size;
  };
  constexpr std::uint32_t kNotDecoded = ~std::uint32_t{0};
  // The text and values that move with their character references read
  // (read_reference) follow the page in moved->source, written into the
  // room the string has: it never grows past its capacity, so that `s`
  // stays where it is (and no second copy of the page is ever made: what
  // the build copies into the Dom's pool is less by as much). What does not
  // fit stays as it was. (The build gives the page a quarter more room.)
  std::string no_room;
  std::string& decoded = moved ? moved->source : no_room;
  auto room_for = [&](std::size_t bytes) { return decoded.size() + bytes <= decoded.capacity(); };
  std::vector<Fate> fates;
  TagToken tag;
  int verbatim = 0;  // open <pre>, <code>, <listing>: their white space is content
  // What foreign_body_end may read in all: twice the page, which the bodies
  // of a page's <svg>s never need (a body that is cut is not read again).
  std::size_t foreign_budget = 2 * s.size();
  // For `guard`, the text since the last markup as guard_markup would read
  // it in the output: it starts at text_from, and a comment taken out of it
  // leaves what came before it pending. Whether it is all white space is
  // read once, however many '<' in text follow (a page of them stays linear).
  std::size_t text_from = 0;
  bool text_pending = false, visible_pending = false;
  std::size_t seen_from = 0, seen_to = 0;
  bool seen_visible = false;
  auto visible_before = [&](std::size_t at) {
    if (seen_from != text_from || seen_to > at) {
      seen_from = seen_to = text_from;
      seen_visible = false;
    }
    for (; seen_to < at && !seen_visible; ++seen_to) seen_visible = !is_ascii_whitespace(s[seen_to]);
    seen_to = at;
    return seen_visible;
  };
  // (It and shrink_white_space_from are inlined: they run at nearly every
  // tag, and as calls out of this loop they cost a few percent of it.)
  auto feed_markup = [&](std::size_t at) __attribute__((always_inline)) {
    if (!guard || !guard->complete()) return;
    // (visible_before only caches: unasked where there is no text.)
    const bool text = text_pending || at > text_from;
    guard->markup(text, text && (visible_pending || visible_before(at)));
    text_pending = visible_pending = false;
  };
  // White space alone between two tags counts for nothing after the parse
  // (no stage counts it, renderers fold it): one character of it is enough,
  // a line break when it had one. `at` is where a tag ended, and text_from.
  auto shrink_white_space_from = [&](std::size_t at) __attribute__((always_inline)) {
    std::size_t j = at;
    if (j < s.size() && is_ascii_whitespace(s[j])) j = text::skip_ascii_whitespace(s, j + 1);
    // (The feed's text starts here too: what it scanned is white space.)
    seen_from = text_from;
    seen_to = j;
    seen_visible = false;
    if (j - at >= 2 && j < s.size() && s[j] == '<') {
      // (memchr: substr is a call with a range check, at nearly every tag.)
      const bool newline = std::memchr(s.data() + at, '\n', j - at) != nullptr;
      cut(at, j);
      out.push_back(newline ? '\n' : ' ');
    }
  };
  UnseenElementContext context;
  // One past the end tag of the <script> or <style> whose start tag (read
  // into `tag`) is at s[at], when the element may leave the markup whole
  // (UnseenElementContext): its body has an end, and the text before it
  // joins the white space after it unchanged; npos otherwise.
  // (It finds the body's end for the code below, which reads it again when
  // the element stays: a script's body is long.)
  std::size_t found_body_end = npos;
  auto unseen_element_end = [&](std::size_t at, unsigned traits) {
    const std::size_t body_end = find_raw_text_end(s, tag.end + 1, (traits & kStyle) ? "style" : "script");
    found_body_end = body_end;
    if (body_end == npos) return npos;
    TagToken end_tag;
    if (!read_tag(s, body_end + 2, end_tag, nullptr)) return npos;
    const std::size_t end = end_tag.end + 1;
    const char before = at > copied ? s[at - 1] : changed && !out.empty() ? out.back() : '\0';
    if (!joins_white_space_unchanged(before)) return npos;
    // Only white space up to the next tag, which must flush the text where
    // the element would have. Comments in between count for nothing: the
    // filter takes them out too, and the white space either side joins.
    // (Each is read again when the loop reaches it: twice at most, as a
    // comment follows one element only.)
    std::size_t next = end;
    for (;;) {
      while (next < s.size() && is_ascii_whitespace(s[next])) ++next;
      if (s.compare(next, 4, "<!--") != 0) break;
      next = comment_end(s, next + 4);
      if (next == npos) return npos;  // runs to the end of the page: left as it is
    }
    if (next == s.size()) return end;
    if (s[next] != '<') return npos;
    const bool next_is_end_tag = next + 1 < s.size() && s[next + 1] == '/';
    std::size_t name_at = next + (next_is_end_tag ? 2 : 1);
    if (name_at >= s.size() || !letter(s[name_at])) return npos;  // a comment, a doctype...
    std::size_t name_end = name_at;
    while (name_end < s.size() && !kNameEnds.tag[static_cast<unsigned char>(s[name_end])]) ++name_end;
    const std::string_view name = s.substr(name_at, name_end - name_at);
    return keeps_pending_text_in_place(name, name_traits(name, text::word_at(s, name_at)), next_is_end_tag) ? end
                                                                                                            : npos;
  };
  bool read_to_end = false;  // not stopped early: an unclosed comment, raw-text body or tag
  std::size_t i = 0;
  for (;;) {
    deadline.tick("the pre-parse filter");
    // (Most tags follow the one before at once: no search for those.)
    std::size_t lt = i < s.size() && s[i] == '<' ? i : s.find('<', i);
    const std::size_t text_end = lt == npos ? s.size() : lt;
    if (text_moves && std::max(i, copied) < text_end) {
      // The pieces of the run between its character references move; the
      // references stay for Gumbo to decode, but those read_reference reads,
      // which move decoded with the piece before them. A piece starts at its
      // first character that is not white space until one has moved: a
      // reference may decode to white space.
      const std::size_t end = text_end;
      std::size_t from = std::max(i, copied);
      // In the body the tree builder inserts white space as it does other
      // text (but for frameset-ok, which the piece's first other character
      // clears before anything else happens): the white space before a
      // piece moves with it there. Not in <pre> or <listing>, which drop a
      // line break just after their start tag.
      const bool white_space_moves = verbatim == 0 && context.in_body();
      for (bool seen = false; from < end && moved->ranges.size() < kMaxMoved;) {
        const std::size_t white_space_from = from;
        if (!seen && from < end && is_ascii_whitespace(s[from]))
          from = std::min(end, text::skip_ascii_whitespace(s, from + 1));
        const void* amp = std::memchr(s.data() + from, '&', end - from);
        std::size_t piece_end = amp ? static_cast<const char*>(amp) - s.data() : end;
        const std::size_t move_from = white_space_moves ? white_space_from : from;
        const bool at_reference = piece_end < end;
        if ((at_reference || piece_end - from >= kMinMovedTextBytes) &&
            passes_unchanged(s.substr(from, piece_end - from), /*cr_allowed=*/true)) {
          const std::size_t mark = decoded.size();
          std::size_t read_to = piece_end;
          // (What it appends is at most the rest of the run: no reference grows.)
          if (at_reference && room_for(end - move_from)) {
            decoded.append(s, move_from, piece_end - move_from);
            const std::size_t first_read = decoded.size();
            read_to = read_text_references(s, piece_end, end, decoded);
            // A piece may start at a reference that reads as a character
            // other than white space ("&#32;" is the one that does not).
            if (!seen && piece_end == from && read_to != piece_end && decoded[first_read] == ' ')
              read_to = piece_end;
          }
          if (read_to != piece_end && read_to - from >= kMinMovedTextBytes) {
            // Moved decoded: its text follows the page in moved->source.
            cut(move_from, read_to);
            append_marker(out, moved->ranges.size());
            moved->ranges.emplace_back(static_cast<std::uint32_t>(mark),
                                       static_cast<std::uint32_t>(decoded.size() - mark));
            seen = true;
            piece_end = read_to;
          } else {
            decoded.resize(mark);
            if (piece_end - from >= kMinMovedTextBytes) {
              move(move_from, piece_end);
              seen = true;
            }
          }
        }
        if (piece_end == end) break;
        from = reference_end(s, piece_end, end);
      }
    }
    if (lt == npos) {
      read_to_end = true;
      break;
    }
    i = lt;
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (next == '!' && s.compare(i, 4, "<!--") == 0) {
      std::size_t end = comment_end(s, i + 4);
      if (end == npos) break;  // runs to the end of the page: left as it is
      if (guard && guard->complete()) {
        // A '<' in text just before it would meet what follows it in the
        // output ("<<!-- -->p>" becomes a tag there).
        const char before = i > copied ? s[i - 1] : changed && !out.empty() ? out.back() : '\0';
        if (before == '<') guard->give_up();
        text_pending = text_pending || i > text_from;
        visible_pending = visible_pending || visible_before(i);
        text_from = end;
      }
      cut(i, end);
      i = end;
      continue;
    }
    // (The guard is fed a tag once the filter knows it stays: below.)
    if (next == '!' || next == '?') {  // doctype, bogus comment: up to the first '>'
      feed_markup(i);
      if (s.compare(i, 9, "<![CDATA[") == 0) text_moves = false;
      i = s.find('>', i + 2);
      if (i == npos) break;
      text_from = ++i;
      continue;
    }
    bool end_tag = next == '/';
    std::size_t name_at = i + 1 + (end_tag ? 1 : 0);
    if (name_at >= s.size()) break;
    if (!letter(s[name_at])) {
      feed_markup(i);
      if (end_tag) {  // "</>" is dropped by the tokenizer, "</ x>" is a bogus comment
        i = s.find('>', name_at);
        if (i == npos) break;
        text_from = ++i;
      } else {
        ++i;  // a '<' in text
      }
      continue;
    }
    attrs.clear();
    // Where the tag's '<' is in the output (all before it is settled).
    const std::size_t tag_at = (changed ? out.size() : 0) + (i - copied);
    if (!read_tag(s, name_at, tag, end_tag ? nullptr : &attrs)) {
      // A tag the page ends in: the tokenizer drops it, and with it the rest
      // of the page (WHATWG 13.2.5, "EOF in tag"). Gumbo never reads it: it
      // would compare each of its attributes with all before it, and 40,000
      // of them took seconds.
      cut(i, s.size());
      break;
    }
    i = tag.end + 1;
    if (end_tag && tag.end > name_at + tag.name.size()) {
      // The attributes of an end tag are read and thrown away: gone before
      // Gumbo reads them.
      cut(name_at + tag.name.size(), tag.end);
    }
    // Gumbo compares each attribute with those before it that it kept (it
    // drops a repeated name): with only the names below left, that is a few
    // dozen at most. (An <isindex> kept all of its attributes once: 40,000
    // distinct names then took seconds.)
    fates.clear();
    const std::size_t decoded_before = decoded.size();
    std::uint64_t names_seen = 0;  // bit per Attr: a name repeated stops the runs
    std::size_t moving = 0, in_place = 0;  // attributes that go into a run, that stay as they are
    const std::uint64_t name_word = text::word_at(s, name_at);
    const unsigned traits = name_traits(tag.name, name_word);
    const std::string_view tag_attributes = s.substr(name_at + tag.name.size(), tag.end - name_at - tag.name.size());
    const bool json_ld = (traits & kScript) && text::contains_ascii_ci(tag_attributes, "ld+json");
    // The build reads a script's type after Gumbo has decoded it: a
    // character reference ("ld&#x2B;json") may spell JSON-LD too.
    const bool maybe_json_ld = json_ld || ((traits & kScript) && tag_attributes.find('&') != npos);
    found_body_end = npos;
    bool body_end_known = false;
    if (!end_tag && verbatim == 0 && (traits & (kScript | kStyle)) && !maybe_json_ld &&
        context.lets_elements_go()) {
      body_end_known = true;
      const std::size_t element_end = unseen_element_end(lt, traits);
      if (element_end != npos) {
        // As a comment goes: the text before it stays pending for the guard.
        if (guard && guard->complete()) {
          text_pending = text_pending || lt > text_from;
          visible_pending = visible_pending || visible_before(lt);
        }
        cut(lt, element_end);
        i = text_from = element_end;
        shrink_white_space_from(i);
        continue;
      }
    }
    feed_markup(lt);
    if (traits & UnseenElementContext::kFollowed) {
      if (end_tag) context.end_tag(traits);
      else context.start_tag(traits, tag.self_closing);
    }
    const bool unread = !attrs.empty() && ((traits & kLeftOut) || ((traits & kScript) && !maybe_json_ld));
    // (A run per attribute at most: the markers never run out mid-tag.)
    bool runs = moved && !attrs.empty() && !unread && moved->attribute_runs.size() + attrs.size() <= kMaxMoved &&
                !(traits & kCompared);
    std::size_t compared_kept = 0;
    for (const AttrSpan& a : attrs) {  // none for end tags
      Attr kept{};
      AttrFate fate = unread ? AttrFate::drop : attribute_fate(s, a, traits, kept);
      if (fate == AttrFate::style && a.value_begin != npos) {
        // Only its verdict counts (build.cpp, hides).
        std::string_view style = s.substr(a.value_begin, a.value_end - a.value_begin);
        if (passes_unchanged(style) && !style_hides(style)) fate = AttrFate::drop;
      }
      // A formatting element keeps what nothing reads too (kFormattingElement),
      // up to a count that keeps Gumbo's attribute compares linear.
      if (fate == AttrFate::drop && !unread && (traits & kFormattingElement) &&
          compared_kept < kMaxComparedAttributes) {
        fate = AttrFate::keep_unkept;
        ++compared_kept;
      }
      static_assert(static_cast<unsigned>(Attr::data_nosnippet) < 64);
      if (fate == AttrFate::keep || fate == AttrFate::movable) {
        std::uint64_t bit = std::uint64_t{1} << static_cast<unsigned>(kept);
        if (names_seen & bit) runs = false;
        names_seen |= bit;
      }
      bool moves = false;
      std::uint32_t decoded_at = kNotDecoded, decoded_size = 0;
      if (runs && fate == AttrFate::movable) {
        const std::string_view value = a.value_begin == npos ? std::string_view()
                                                             : s.substr(a.value_begin, a.value_end - a.value_begin);
        moves = passes_unchanged(value);
        // A value with references (most often an address's "&amp;") moves as
        // Gumbo would decode it.
        if (!moves && std::memchr(value.data(), '&', value.size()) != nullptr && room_for(value.size())) {
          decoded_at = static_cast<std::uint32_t>(decoded.size());
          moves = decode_attribute_references(value, decoded);
          if (moves) decoded_size = static_cast<std::uint32_t>(decoded.size() - decoded_at);
          else decoded.resize(decoded_at);
        }
      }
      fates.push_back({fate, kept, moves, moves ? decoded_at : kNotDecoded, decoded_size});
      moving += moves ? 1 : 0;
      in_place += !moves && fate != AttrFate::drop ? 1 : 0;
    }
    if (!runs && decoded.size() != decoded_before) decoded.resize(decoded_before);  // nothing moves into a run
    // All attributes left are one run: found by the tag's offset.
    bool by_tag = runs && runs_by_tag && in_place == 0 && moving > 0;
    bool run_open = false;  // the last attribute left in the tag is a run's marker
    // The tokenizer reads white space between attributes character by
    // character, and most of it surrounded attributes that are gone: what
    // separates two attributes shrinks to one character, or to none after
    // one already in the output.
    auto output_ends_in_space = [&] { return changed && !out.empty() && is_ascii_whitespace(out.back()); };
    // Where the white space before `at` that may go starts (a cut from
    // there to `at` or past it).
    auto space_from = [&](std::size_t at) {
      std::size_t w = at;
      while (w > copied && is_ascii_whitespace(s[w - 1])) --w;
      if (w == at) return at;
      return std::min(at, w + (w == copied && output_ends_in_space() ? 0 : 1));
    };
    bool last_unquoted = false;  // the last attribute left in place has an unquoted value
    for (std::size_t k = 0; k < attrs.size(); ++k) {
      const AttrSpan& a = attrs[k];
      auto [fate, kept, moves, decoded_at, decoded_size] = fates[k];
      const std::size_t from = space_from(a.begin);
      if (fate == AttrFate::drop) {
        cut(from, a.end);
        continue;
      }
      if (!moves) {  // in place
        if (from < a.begin) cut(from, a.begin);
        last_unquoted = a.value_begin != npos && a.end == a.value_end;
      }
      if (runs) {
        if (!moves) {
          run_open = false;  // in place: the runs keep the attributes' order
          continue;
        }
        std::string_view value = a.value_begin == npos ? std::string_view()
                                                       : s.substr(a.value_begin, a.value_end - a.value_begin);
        cut(from, a.end);
        if (!run_open) {
          // (A space, not nothing, where the run was: "<p/ class=x>" must
          // not become self-closing.)
          if (by_tag)
            moved->tag_runs.emplace_back(static_cast<std::uint32_t>(tag_at),
                                         static_cast<std::uint32_t>(moved->attribute_runs.size()));
          else
            append_marker(out, moved->attribute_runs.size());
          if (!by_tag || !output_ends_in_space()) out.push_back(' ');
          moved->attribute_runs.emplace_back(static_cast<std::uint32_t>(moved->attributes.size()), 0);
          run_open = true;
        }
        std::size_t value_at = a.value_begin == npos ? a.begin : a.value_begin, value_size = value.size();
        if (decoded_at != kNotDecoded) {
          value_at = decoded_at;
          value_size = decoded_size;
        }
        moved->attributes.push_back(
            {kept, static_cast<std::uint32_t>(value_at), static_cast<std::uint32_t>(value_size)});
        ++moved->attribute_runs.back().second;
        continue;
      }
      if (fate != AttrFate::movable || !moved || a.value_begin == npos) continue;
      std::string_view value = s.substr(a.value_begin, a.value_end - a.value_begin);
      if (value.size() < kMinMovedValueBytes || moved->ranges.size() >= kMaxMoved ||
          !passes_unchanged(value))
        continue;
      cut(a.end == a.value_end ? a.value_begin : a.value_begin - 1, a.end);
      out.push_back('"');
      append_marker(out, moved->ranges.size());
      out.push_back('"');
      moved->ranges.emplace_back(static_cast<std::uint32_t>(a.value_begin),
                                 static_cast<std::uint32_t>(value.size()));
      last_unquoted = false;  // now in quotes
    }
    if (!end_tag) {
      // White space before the tag's end goes, but where it keeps a '/'
      // from making the tag self-closing ("<br / >") or from joining an
      // unquoted value ("<img alt=x />").
      std::size_t stop = tag.self_closing ? tag.end - 1 : tag.end;
      std::size_t w = stop;
      while (w > copied && is_ascii_whitespace(s[w - 1])) --w;
      char before = w > copied ? s[w - 1] : '\0';
      if (w == copied) {  // what is before it is in the output
        while (output_ends_in_space()) out.pop_back();
        before = out.back();
      }
      bool keep_one = before == '/' || (tag.self_closing && last_unquoted);
      if (keep_one) {
        if (w == copied) out.push_back(' ');
        else ++w;
      }
      if (stop > w) cut(w, stop);
    }
    if (guard && guard->complete()) {
      // The tag as the output holds it: self-closing for the guard when a '/'
      // is left just before its '>'. Inside svg or math the guard reads no
      // raw text, where the filter would.
      // (Asked before the tag moves the model on, and only of the start tags
      // it matters for: a call per tag was 1.3 M instructions on news pages.)
      const bool raw_text_in_foreign = !end_tag && (traits & (kTextBody | kTextToEnd)) && guard->in_foreign();
      const char before_end = tag.end > copied ? s[tag.end - 1] : out.back();
      if (guard->tag(tag.name, name_word, end_tag, !end_tag && before_end == '/') && raw_text_in_foreign)
        guard->give_up();
    }
    text_from = i;
    if (!end_tag && (traits & kFrameset)) text_moves = false;
    if ((traits & kVerbatim) && !tag.self_closing)
      verbatim = end_tag ? std::max(0, verbatim - 1) : verbatim + 1;
    bool body_follows = !end_tag && (traits & (kTextBody | kTextToEnd | kForeignRoot));
    if (verbatim == 0 && !body_follows) shrink_white_space_from(i);
    if (end_tag) continue;
    if (traits & kTextBody) {
      std::string lower;
      for (char c : tag.name) lower += text::ascii_lower(c);
      // "<iframe ... />": Gumbo, like a browser, ignores the '/' and reads
      // the rest of the page as the frame's raw text. Pages write it inside
      // <noscript> (tag managers), which a browser running scripts never
      // parses, so the page shows what follows: the frame is closed here.
      // (The guard's model is not fed an end tag: guard_markup reads the
      // output instead, as on any page the feed gives up on.)
      if (tag.self_closing && lower == "iframe") {
        cut(i, i);
        out.append("</iframe>");
        if (guard) guard->give_up();
        continue;
      }
      std::size_t body_end = body_end_known ? found_body_end : find_raw_text_end(s, i, lower);
      if (body_end == npos) break;  // unclosed: left to Gumbo
      text_from = body_end;
      // Script and style bodies carry no text; JSON-LD scripts, which the
      // metadata stage reads, keep theirs.
      if ((traits & kStyle) || ((traits & kScript) && !json_ld)) {
        cut(i, body_end);
      } else if (json_ld && text_moves && std::string_view(s.data() + i, body_end - i).find('<') == npos) {
        // A JSON-LD body moves too (Gumbo reads it a character at a time),
        // in pieces around its '&'s, which it would not pass through in
        // text but does in a script. With no '<' in it, no escape state of
        // the tokenizer can move its end.
        for (std::size_t from = i; from < body_end && moved->ranges.size() < kMaxMoved;) {
          const void* amp = std::memchr(s.data() + from, '&', body_end - from);
          const std::size_t piece_end = amp ? static_cast<const char*>(amp) - s.data() : body_end;
          if (piece_end - from >= kMinMovedTextBytes &&
              passes_unchanged(s.substr(from, piece_end - from), /*cr_allowed=*/true))
            move(from, piece_end);
          from = piece_end + 1;
        }
      }
      i = body_end;
      continue;
    }
    if (traits & kTextToEnd) break;
    if (!tag.self_closing && (traits & kForeignRoot)) {
      std::size_t close = foreign_body_end(s, i, tag.name, foreign_budget);
      if (close != npos) {
        cut(i, close);
        i = text_from = close;
      }
    }
  }
  if (guard && !read_to_end) guard->give_up();
  if (!changed) return kept_in_moved ? std::string(s) : html;
  out.append(s.substr(copied));
  return out;
}

std::string moved_marker(std::size_t index) {
  std::string marker;
  append_marker(marker, index);
  return marker;
}

std::string_view MovedValues::resolve(std::string_view value) const {
  std::size_t index = value.size() == kMarkerSize ? piece_at(value) : npos;
  if (index == npos) return value;
  return std::string_view(source).substr(ranges[index].first, ranges[index].second);
}

void MovedValues::append_text(std::string& out, std::string_view text) const {
  if (ranges.empty()) {
    out.append(text);
    return;
  }
  std::size_t from = 0;  // text[from, ...) is not yet in out
  for (std::size_t at = find_marker(text); at != npos; at = find_marker(text, at + 1)) {
    std::size_t index = piece_at(text.substr(at));
    if (index == npos) continue;
    out.append(text.substr(from, at - from));
    std::string_view moved_text = std::string_view(source).substr(ranges[index].first, ranges[index].second);
    // Gumbo's input stream makes CR LF and a lone CR LF; the text had it done.
    for (std::size_t cr; (cr = moved_text.find('\r')) != npos;) {
      out.append(moved_text.substr(0, cr));
      out.push_back('\n');
      moved_text.remove_prefix(cr + 1);
      if (!moved_text.empty() && moved_text.front() == '\n') moved_text.remove_prefix(1);
    }
    out.append(moved_text);
    from = at + kMarkerSize;
    at = from - 1;
  }
  out.append(text.substr(from));
}

}  // namespace pith::dom
