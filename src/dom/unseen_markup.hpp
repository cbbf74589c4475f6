#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "budget/deadline.hpp"
#include "dom/dom.hpp"

namespace pith::dom {

// Removes, before the parse, markup whose result the DOM build throws away,
// so that Gumbo's tokenizer (the largest cost of a page) never sees it:
//
//  - comments (the DOM keeps none);
//  - the bodies of <svg> and <math> elements (the DOM drops those subtrees),
//    tags kept: only when the body provably stays inside the element, i.e.
//    has no tag that breaks out of foreign content, no end tag that would
//    close an element outside it, no CDATA, and only text in its HTML
//    integration points (<title>, <desc>, <mi>...); otherwise left alone;
//  - attributes nothing reads: every one but those the DOM build keeps
//    (dom_attribute), those that say an element is hidden (hidden,
//    aria-hidden, a style that hides) or a collapsed panel that stays
//    (aria-labelledby; aria-controls and aria-expanded on the control that
//    shows it), and those Gumbo's tree builder reads
//    (input type, annotation-xml encoding, font color/face/size, an
//    <isindex>'s prompt and action), and none of an end tag's, nor of an
//    element the build leaves out with its subtree (a script but JSON-LD,
//    style, svg, math, canvas, iframe, object, embed; a <template> keeps
//    its id, the place of a streamed part);
//  - white space in a start tag but one character between two attributes
//    (none before its '>' unless that would make a '/' end the tag);
//  - an unterminated tag at the end of the page (the tokenizer drops it);
//  - with `moved`, long values of the attributes the DOM build keeps, and
//    long runs of text: each is replaced by a marker (moved_marker: one
//    private-use code point that numbers it) and kept in `moved`, so that
//    Gumbo's tokenizer and tree builder read one character instead of a
//    40-byte class list, a URL or a paragraph, character by character. Only bytes Gumbo would
//    pass through unchanged are moved (no character reference, NUL or code
//    point it replaces; CR only in text, made LF on the way back), so the
//    build gets the same text back with MovedValues::resolve and
//    append_text. Text moves from its first character that is not white
//    space (in the body, white space before it too), which keeps every
//    decision of the tree builder the same (see the .cpp), in pieces
//    around its character references that end in ';'
//    (which stay, for Gumbo to decode), but for those the filter reads as
//    Gumbo does ("&nbsp;", "&amp;", "&#8217;"): a piece with them moves
//    decoded, after the page in `moved->source`. A JSON-LD script's body
//    moves too, in pieces around its '&'s, when it holds no '<'.
//
//  - with `moved`, the kept attributes of a start tag whose values Gumbo
//    would pass through unchanged, or change only by reading character
//    references the filter reads the same (decoded, after the page in
//    `moved->source`): each run of them (no other attribute the
//    filter leaves between them) becomes one attribute named by a marker,
//    with no value, and is kept in `moved` (MovedValues::attributes), so
//    that Gumbo reads four bytes instead of `class="..." href="..."`: a
//    fifth of its work on a typical page went into attribute names and
//    values. Not in the tags whose attributes Gumbo's tree builder compares
//    or merges by name (the formatting elements but <a>, of which the list
//    of active formatting elements never holds two; <html>, <body>,
//    <isindex>), nor in a tag that repeats a kept name (Gumbo keeps the
//    first). Page attribute names left after the filter are ASCII, so a
//    name that is a marker only comes from it. With `runs_by_tag`, a tag
//    all of whose attributes left are one run keeps none: the run is found
//    by where the tag starts in the output (MovedValues::tag_runs; Gumbo's
//    original_tag points there, in its clones too), which holds only while
//    Gumbo parses the output as it is.
//  - the bodies of <script> and <style> elements (tags kept), half the bytes
//    of a typical page, but those of JSON-LD scripts (an "ld+json" in the
//    tag), which the metadata stage reads; as strip_raw_text_bodies does.
//    The whole element, tags too, where the tree builder would place the
//    text around it the same without it: in the head or the body, between
//    tags, before a tag that flushes Gumbo's text in place (the .cpp's
//    UnseenElementContext says where not).
//
// The bodies of the other raw-text and RCDATA elements (<title>, <textarea>,
// <xmp>, <iframe>, <noembed>, <noframes>) are copied untouched, and
// everything after <plaintext> or an unterminated comment is too.
// Tags are read with the HTML tokenizer's attribute states, so the model
// agrees with Gumbo on where each tag ends. Returns the input unchanged
// (moved) when there is nothing to remove.
// A moved value or text run is replaced by one code point of the private-use
// planes 15 and 16 (U+F0000..U+FFFFD, then U+100000..U+10FFFD) that numbers
// it: Gumbo reads one character instead of the run. Gumbo passes these code
// points through; a page that has any already, as such or as a numeric
// character reference, moves nothing, so in Gumbo's output they only ever
// come from a marker.
// Each plane holds 65,534 markers: its last two code points are
// noncharacters, which Gumbo replaces.
inline constexpr std::size_t kMarkersPerPlane = 65534;
inline constexpr std::size_t kMaxMovedPieces = 2 * kMarkersPerPlane;
// The marker of the piece moved `index`-th (UTF-8, kMovedMarkerSize bytes).
inline constexpr std::size_t kMovedMarkerSize = 4;
std::string moved_marker(std::size_t index);

// Attribute values taken out of the markup before the parse.
struct MovedValues {
  // The markup the values were cut from (its first page_bytes bytes), then
  // the text and attribute values that moved decoded: those that had
  // character references Gumbo would have read (an address's "&amp;").
  std::string source;
  std::size_t page_bytes = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;  // offset, length in source
  // The attributes moved out of the tags, and the runs of them that the
  // markers in attribute names number (first, count in `attributes`).
  struct Attribute {
    Attr name;
    std::uint32_t offset;  // the value, in source
    std::uint32_t length;
  };
  std::vector<Attribute> attributes;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> attribute_runs;
  // With runs_by_tag: per start tag left with no attribute but its run, the
  // offset of its '<' in the filter's output and the run's index; in the
  // order of the offsets.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> tag_runs;

  // The number of the marker at the start of `s` (its code point's place in
  // the marker planes); npos when `s` does not start with one.
  static std::size_t marker_number(std::string_view s) {
    constexpr std::size_t npos = std::string_view::npos;
    if (s.size() < kMovedMarkerSize) return npos;
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    bool plane15 = byte(0) == 0xF3 && byte(1) >= 0xB0 && byte(1) <= 0xBF;
    bool plane16 = byte(0) == 0xF4 && byte(1) >= 0x80 && byte(1) <= 0x8F;
    if (!(plane15 || plane16) || (byte(2) & 0xC0) != 0x80 || (byte(3) & 0xC0) != 0x80) return npos;
    std::size_t in_plane = std::size_t{byte(1) & 0x0Fu} << 12 | std::size_t{byte(2) & 0x3Fu} << 6 |
                           std::size_t{byte(3) & 0x3Fu};
    if (in_plane >= kMarkersPerPlane) return npos;
    return plane15 ? in_plane : kMarkersPerPlane + in_plane;
  }
  // The index in `attribute_runs` of the run an attribute name of Gumbo's
  // stands for; npos when it is an attribute of the page.
  std::size_t run_at(std::string_view name) const {
    std::size_t index = name.size() == kMovedMarkerSize ? marker_number(name) : std::string_view::npos;
    return index < attribute_runs.size() ? index : std::string_view::npos;
  }

  // Where the first marker in `text` may start, from `from` on: npos when
  // there is none; else a byte piece_at must confirm. (Inline: the build asks
  // for every text node.)
  static std::size_t find_marker(std::string_view text, std::size_t from = 0) {
    // Markers open with F3 or F4, and Gumbo's text has no byte above F4 (it
    // replaces ill-formed UTF-8): eight bytes of ASCII are passed over at once.
    constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
    std::size_t i = from;
    for (;;) {
      for (std::uint64_t word; i + 8 <= text.size(); i += 8) {
        std::memcpy(&word, text.data() + i, sizeof word);
        if (word & kHighBits) break;
      }
      std::size_t stop = i + 8 < text.size() ? i + 8 : text.size();
      for (; i < stop; ++i)
        if (static_cast<unsigned char>(text[i]) >= 0xF3) return i;
      if (i == text.size()) return std::string_view::npos;
    }
  }
  // The index in `ranges` of the piece the marker at the start of `s` stands
  // for; npos when `s` does not start with a marker. (Inline: the build asks
  // for every attribute value of four bytes.)
  std::size_t piece_at(std::string_view s) const {
    std::size_t index = marker_number(s);
    return index < ranges.size() ? index : std::string_view::npos;
  }
  // The original value of an attribute as Gumbo returns it: a marker gives
  // back what it replaced, any other value is returned as it is.
  std::string_view resolve(std::string_view value) const;
  // Appends the text of a Gumbo text node to `out`, with every marker in it
  // replaced by the text it stands for.
  void append_text(std::string& out, std::string_view text) const;
};

class GuardFeed;

// Linear in the page; checks `deadline` once per few thousand tags. With
// `guard`, feeds it the markup of the output (markup_guard.hpp).
std::string drop_unseen_markup(std::string html, MovedValues* moved = nullptr,
                               budget::Deadline deadline = {}, bool runs_by_tag = false,
                               GuardFeed* guard = nullptr);

}  // namespace pith::dom
