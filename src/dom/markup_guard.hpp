// A linear pass over the markup, before Gumbo sees it, that keeps the HTML
// tree builder's costs linear in the input.
//
// Gumbo's tree construction does work proportional to the depth of the stack
// of open elements for many tokens (scope checks, adoption agency), so deep
// nesting is quadratic (60,000 nested <div>s take seconds, a million take
// hours). Unclosed formatting elements (<b id=1><p>x<b id=2><p>x...) are worse:
// each new block re-opens every one of them, so the tree grows quadratically.
// And each element costs a few hundred bytes in Gumbo's tree.
//
// The guard follows the markup with a small model of the tree builder (open
// elements with the common implied end tags, the list of active formatting
// elements) and, as a documented truncation:
//   - leaves out start tags that would open an element deeper than max_depth
//     (their text stays, attached to the deepest element kept), and the end
//     tags that matched them;
//   - leaves out formatting start tags (<b>, <font>...) while max_formatting
//     are already open;
//   - cuts the page off at the tag that would make more than max_elements
//     elements.
// The model is approximate (it is not a second HTML parser), but it errs
// towards counting too much: what it lets through is bounded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "budget/deadline.hpp"

namespace pith::dom {

struct MarkupLimits {
  std::size_t max_depth = 512;
  std::size_t max_formatting = 32;
  std::size_t max_elements = 1'000'000;
};

struct GuardedMarkup {
  // The markup to parse, when the guard changed anything; otherwise empty and
  // `changed` is false (the input is to be parsed as it is).
  std::string html;
  bool changed = false;
  std::size_t elements = 0;           // elements the model expects Gumbo to create
  std::size_t text_runs = 0;          // non-empty text between tags (bounds the text nodes)
  std::size_t dropped_deep = 0;       // start tags left out for max_depth
  std::size_t dropped_formatting = 0; // start tags left out for max_formatting
  std::size_t truncated_at = std::string::npos;  // byte offset where max_elements cut the page
};

// Linear in `html` (one forward scan; a scan that finds no end is remembered,
// never repeated to the end of the page). Checks `deadline` as it goes.
GuardedMarkup guard_markup(std::string_view html, const MarkupLimits& limits,
                           budget::Deadline deadline = {});

// The guard's model, fed by the pre-parse filter (drop_unseen_markup) with the
// markup its output will hold as it writes it, so that the page is walked
// once rather than filtered and then walked again by guard_markup. On most
// pages the guard changes nothing and only counts; the feed gives the same
// counts. It gives up at the first tag the guard would leave out or cut the
// page at, and wherever the filter reads markup differently from how the
// guard would read the output (an unclosed comment or raw-text body, raw
// text inside svg/math, a '<' a comment's removal joins to what follows):
// guard_markup then runs over the output as before.
class GuardFeed {
 public:
  explicit GuardFeed(const MarkupLimits& limits);
  ~GuardFeed();
  GuardFeed(const GuardFeed&) = delete;
  GuardFeed& operator=(const GuardFeed&) = delete;

  // A '<' of the output that the guard stops at (a tag, a doctype, a bogus
  // comment, a '<' in text): `text`, whether text comes before it since the
  // markup before; `visible`, whether that text is not all white space.
  void markup(bool text, bool visible) {
    if (!complete_ || !text) return;
    ++text_runs_;
    if (visible) visible_text();
  }
  // The tag of the last markup(), as the output holds it (`name` as the page
  // spells it; `first_eight`: the markup's eight bytes from the name's first
  // on, as text::word_at reads them; `self_closing`: a '/' just before its
  // '>'). False when the guard would not keep it: the feed has given up.
  bool tag(std::string_view name, std::uint64_t first_eight, bool closing, bool self_closing);
  // Inside svg or math (before the next tag): no element is raw text there.
  bool in_foreign() const;
  void give_up() { complete_ = false; }
  bool complete() const { return complete_; }
  // guard_markup's result for the output, while complete().
  GuardedMarkup result() const;

 private:
  void visible_text();
  struct Model;
  std::unique_ptr<Model> model_;
  std::size_t text_runs_ = 0;
  bool complete_ = true;
};

}  // namespace pith::dom
