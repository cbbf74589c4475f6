#include "extract/discussion.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "extract/class_design.hpp"
#include "extract/heuristics.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

// Dates and clock times as comment threads and teaser lists stamp them:
// 14/11/2005, 12.09.2024, 2024-09-12, 10:02, @11:51AM.
const RE2& timestamp_pattern() {
  static const RE2 re(
      R"((?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4})|(?:\d{4}-\d{2}-\d{2})|(?:\b\d{1,2}:\d{2}(?:[^0-9]|$)))");
  return re;
}

// Whether any of the eight bytes in `word` is an ASCII digit. Each lane is
// tested apart, with no carry or borrow across lanes: its low seven bits plus
// 0x80 - '0' (bit 7 set from '0' up) and 0x7F + '9' + 1 minus them (bit 7 set
// up to '9'); bytes from 0x80 up are left out.
bool has_ascii_digit(std::uint64_t word) {
  constexpr std::uint64_t kEach = 0x0101010101010101ULL;
  const std::uint64_t low = word & (kEach * 0x7F);
  const std::uint64_t from_zero = low + kEach * (0x80 - '0');
  const std::uint64_t up_to_nine = kEach * (0x7F + '9' + 1) - low;
  return (from_zero & up_to_nine & ~word & (kEach * 0x80)) != 0;
}

// Every timestamp_pattern() match holds a digit right before one of . / - :
// — a cheap test that spares most texts the regex — and the first such digit
// of a match lies at most three bytes after its start ("2024-", "12.", "3:").
// Returns where the first such digit of the text is, or npos.
//
// Most text holds no digit at all: eight bytes at a time are passed over
// when none of them is one.
std::size_t first_digit_then_separator(std::string_view text) {
  std::size_t found = std::string_view::npos;
  auto digit_then_separator = [&text, &found](std::size_t i) {
    if (text[i] < '0' || text[i] > '9' || i + 1 >= text.size()) return false;
    char next = text[i + 1];
    if (next != '.' && next != '/' && next != '-' && next != ':') return false;
    found = i;
    return true;
  };
  text::any_position(text, has_ascii_digit, digit_then_separator);
  return found;
}

// No match starts more than three bytes before that digit, so the search
// starts there (RE2 still sees the bytes before it, for \b).
bool holds_timestamp(std::string_view text) {
  constexpr std::size_t kDigitsBeforeSeparator = 3;
  const std::size_t first = first_digit_then_separator(text);
  if (first == std::string_view::npos) return false;
  const std::size_t start = first < kDigitsBeforeSeparator ? 0 : first - kDigitsBeforeSeparator;
  return timestamp_pattern().Match(re2::StringPiece(text.data(), text.size()), start, text.size(), RE2::UNANCHORED,
                                   nullptr, 0);
}

// Appends `text` to `head`, whitespace collapsed, but no more of it than
// brings `head` to `limit` bytes. Pieces end on code point boundaries, where
// append_collapsed may be resumed as if given the whole text at once.
void append_collapsed_up_to(std::string& head, std::string_view text, bool& pending_space,
                            std::size_t limit) {
  while (!text.empty() && head.size() < limit) {
    const std::size_t piece = text::code_point_start_at_or_after(text, std::min(text.size(), limit - head.size()));
    text::append_collapsed(head, text.substr(0, piece), pending_space);
    text.remove_prefix(piece);
  }
}

// Whether a text node is known to hold white space alone (or nothing), from
// the counts the Dom keeps (text it left uncounted is not known to).
bool counted_blank(const dom::Dom& dom, NodeId text) {
  return text < dom.counts.size() && dom.counts[text].chars == 0;
}

// Whether a text node is known to hold `chars` characters or more that are
// not white space, from the counts the Dom keeps.
bool counted_at_least(const dom::Dom& dom, NodeId text, std::size_t chars) {
  return text < dom.counts.size() && dom.counts[text].chars != dom::Dom::kNotCounted.chars &&
         dom.counts[text].chars >= chars;
}

// Whether an element marks a moment in its attributes rather than in words:
// a microdata date (itemprop "datePublished", "dateCreated") or a date or
// time in its title, where the words are relative ("2y", "3 hours ago", often
// written by the page's scripts) and the tooltip holds the moment.
bool marks_a_moment(const dom::Dom& dom, NodeId element) {
  if (dom.nodes[element].attr_count == 0) return false;
  const std::string_view itemprop = dom.attr(element, dom::Attr::itemprop);
  if (text::iequals_ascii(itemprop, "datePublished") || text::iequals_ascii(itemprop, "dateCreated")) return true;
  const std::string_view title = dom.attr(element, dom::Attr::title);
  return !title.empty() && holds_timestamp(title);
}

// Whether an item opens with a stamp: a <time> element (or a datetime
// attribute: language-free, and how "3 hours ago" is usually marked up) or a
// date or time in its first kStampSearchBytes bytes of text. Whitespace is
// collapsed first: indented markup puts hundreds of whitespace-only text nodes
// before the first word. The text node that fills those bytes is searched to
// its end.
//
// Each text node is searched on its own, as it is: a match cannot span two
// nodes (collapsing joins them with a space) nor white space, and the
// pattern's context (\b, [^0-9], $) sees white space and its collapsed form
// alike. The collapsed text is only measured, to know where to stop.
//
// `head` is scratch space the caller keeps across items, so that collapsing
// does not allocate anew for each.
bool opens_with_stamp(const dom::Dom& dom, NodeId item, std::string& head) {
  head.clear();
  bool pending_space = false;
  for (NodeId i = item; i < dom.nodes[item].subtree_end && head.size() < kStampSearchBytes; ++i) {
    if (dom.nodes[i].tag == Tag::text) {
      // White space alone (what indented markup is made of) holds no stamp
      // and collapses to the pending space every text node leaves behind.
      if (counted_blank(dom, i)) {
        pending_space = true;
        continue;
      }
      std::string_view text = dom.text(i);
      if (holds_timestamp(text)) return true;
      // Collapsed, the text keeps each of its counted characters (not white
      // space), a byte or more each: when they fill the bytes left, so would
      // the text, and the search ends here without collapsing it.
      if (counted_at_least(dom, i, kStampSearchBytes - head.size())) return false;
      append_collapsed_up_to(head, text, pending_space, kStampSearchBytes);
      pending_space = true;
    } else if (dom.nodes[i].tag == Tag::time || dom.has_attr(i, dom::Attr::datetime) || marks_a_moment(dom, i)) {
      return true;
    }
  }
  return false;
}

}  // namespace

namespace {

// Calls f(item) for each item of a list-like container, its element children
// with text (or, for a table, its rows), until f returns false.
template <typename F>
void for_each_list_item(const Pass& pass, NodeId id, F&& f) {
  const dom::Dom& dom = pass.dom;
  for (NodeId c = dom.nodes[id].first_child; c != kNoNode; c = dom.nodes[c].next_sibling) {
    if (pass.dead[c] || dom.nodes[c].tag == Tag::text || pass.features[c].text.chars == 0) continue;
    Tag t = dom.nodes[c].tag;
    if (t == Tag::tbody || t == Tag::thead) {
      for (NodeId r = dom.nodes[c].first_child; r != kNoNode; r = dom.nodes[r].next_sibling)
        if (!pass.dead[r] && dom.nodes[r].tag == Tag::tr && pass.features[r].text.chars > 0 && !f(r))
          return;
    } else if (!f(c)) {
      return;
    }
  }
}

std::vector<NodeId> list_items(const Pass& pass, NodeId id) {
  std::vector<NodeId> items;
  for_each_list_item(pass, id, [&items](NodeId item) {
    items.push_back(item);
    return true;
  });
  return items;
}

// Whether the container has at least `min_items` items, told without
// building their list (most containers asked about have fewer) and without
// counting past that.
bool has_enough_items(const Pass& pass, NodeId id, std::size_t min_items = kMinStampedItems) {
  std::size_t count = 0;
  for_each_list_item(pass, id, [&count, min_items](NodeId) { return ++count < min_items; });
  return count >= min_items;
}

bool stamped_items(const Pass& pass, const std::vector<NodeId>& items, double min_stamped_share,
                   std::size_t min_items = kMinStampedItems) {
  if (items.size() < min_items) return false;
  // The sentences first: they are counted already, stamps have to be looked for.
  std::size_t sentences = 0;
  for (NodeId item : items)
    if (pass.features[item].text.sentence_ends > 0) ++sentences;
  if (sentences * 2 < items.size()) return false;
  // Stops as soon as the share is reached, or out of reach.
  const double needed = items.size() * min_stamped_share;
  std::size_t stamped = 0, left = items.size();
  std::string head;
  head.reserve(2 * kStampSearchBytes);
  for (NodeId item : items) {
    if (stamped >= needed) return true;
    if (stamped + left < needed) return false;
    if (opens_with_stamp(pass.dom, item, head)) ++stamped;
    --left;
  }
  return stamped >= needed;
}

// Posts of one thread share their markup: most items are of one design.
// (An article's own parts — headline, byline, body — are not.)
bool items_repeat(const dom::Dom& dom, const std::vector<NodeId>& items) {
  std::size_t best = 0;
  for (std::size_t i = 0; i < items.size() && best * 2 < items.size(); ++i) {
    std::size_t same = 0;
    for (NodeId other : items)
      if (dom.nodes[other].tag == dom.nodes[items[i]].tag &&
          same_design_classes(dom.attr(other, dom::Attr::class_), dom.attr(items[i], dom::Attr::class_)))
        ++same;
    best = std::max(best, same);
  }
  return best * 2 >= items.size();
}

}  // namespace

bool is_stamped_item_list(const Pass& pass, NodeId id, double min_stamped_share) {
  return has_enough_items(pass, id) && stamped_items(pass, list_items(pass, id), min_stamped_share);
}

bool holds_item_list(const Pass& pass, NodeId id) { return has_enough_items(pass, id); }

namespace {

// Whether an item's first words are a link's: a teaser's linked title (or a
// comment's linked author), not prose that links further on. Looks a bounded
// number of nodes in, past what was pruned (a category label, a thumbnail),
// but a title pruned before the list was judged, as a list of links, still
// opens it (a news site's "also in the news" under the story: train + dev,
// models fixed, one article 0.72 -> 0.98, no other page changed).
bool opens_with_link(const Pass& pass, NodeId item) {
  const dom::Dom& dom = pass.dom;
  const NodeId end = std::min<NodeId>(dom.nodes[item].subtree_end, item + kControlSearchNodes);
  for (NodeId i = item + 1; i < end; ++i) {
    if (pass.dead[i]) {
      if (pass.why[i] == Rule::link_list && pass.features[i].text.chars > 0) return true;
      i = dom.nodes[i].subtree_end - 1;
      continue;
    }
    if (dom.nodes[i].tag != Tag::text || counted_blank(dom, i) || pass.features[i].text.chars == 0) continue;
    return pass.features[i].in_link;
  }
  return false;
}

// A date written with its month in words, in any language: a day of one or
// two digits and a year (19xx, 20xx) a few characters apart ("15 December
// 2025", "December 15, 2025", "2025年12月15日").
const RE2& written_date_pattern() {
  static const RE2 re(R"((?:\b\d{1,2}\D{1,16}(?:19|20)\d{2}\b)|(?:\b(?:19|20)\d{2}\D{1,6}\d{1,2}\D{1,6}\d{1,2}\b))");
  return re;
}

// Whether an item carries a date anywhere in it (a teaser's date follows its
// title): a <time>, a datetime attribute, or a date in a text node.
bool carries_date(const Pass& pass, NodeId item) {
  const dom::Dom& dom = pass.dom;
  const NodeId end = std::min<NodeId>(dom.nodes[item].subtree_end, item + kControlSearchNodes);
  for (NodeId i = item; i < end; ++i) {
    Tag t = dom.nodes[i].tag;
    if (t == Tag::time || (t != Tag::text && dom.has_attr(i, dom::Attr::datetime))) return true;
    if (t != Tag::text || counted_blank(dom, i)) continue;
    std::string_view text = dom.text(i);
    if (holds_timestamp(text) || RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), written_date_pattern()))
      return true;
  }
  return false;
}

// Cards of one design: one tag and the same first class (the rest often
// names the post they show: "post-42886", "article_3").
bool same_design(const dom::Dom& dom, NodeId a, NodeId b) {
  return dom.nodes[a].tag == dom.nodes[b].tag &&
         text::first_token(dom.attr(a, dom::Attr::class_)) == text::first_token(dom.attr(b, dom::Attr::class_));
}

}  // namespace

bool is_teaser_list(const Pass& pass, NodeId id) {
  if (!has_enough_items(pass, id)) return false;
  std::vector<NodeId> items = list_items(pass, id);
  std::size_t teasers = 0;
  for (NodeId item : items) {
    const NodeFeatures& f = pass.features[item];
    Tag t = pass.dom.nodes[item].tag;
    if (t != Tag::tr && t != Tag::p && same_design(pass.dom, item, items.front()) && f.link_chars < f.text.chars &&
        f.length() <= kTeaserMaxItemLength && opens_with_link(pass, item) && carries_date(pass, item))
      ++teasers;
  }
  return teasers >= items.size() * kClutterStampedShare;
}

bool is_interactive_item_list(const Pass& pass, NodeId id) {
  if (!has_enough_items(pass, id)) return false;
  std::vector<NodeId> items = list_items(pass, id);
  if (items.size() < kMinStampedItems || !items_repeat(pass.dom, items)) return false;
  // Controls are boilerplate, so left out of the features: look at the markup,
  // a bounded number of nodes into each item.
  const dom::Dom& dom = pass.dom;
  // One control is a disclosure (an FAQ question, a menu); an action bar has
  // several.
  auto has_controls = [&](NodeId item) {
    NodeId end = std::min<NodeId>(dom.nodes[item].subtree_end, item + kControlSearchNodes);
    int controls = 0;
    for (NodeId i = item; i < end; ++i) {
      Tag t = dom.nodes[i].tag;
      if (t == Tag::button || t == Tag::input || t == Tag::select || t == Tag::textarea) ++controls;
    }
    return controls >= kMinItemControls;
  };
  std::size_t with_controls = 0;
  for (NodeId item : items)
    if (has_controls(item)) ++with_controls;
  return with_controls >= items.size() * kClutterStampedShare;
}

namespace {

// A page's layout (header, story, footer) or its series of stories (an
// infinite scroll's next articles) is not a thread of posts: one of its items
// holds the page's headline. A thread's title stands above its posts.
// (train + dev, models fixed: a news page whose footer had joined it as
// "discussion" 0.92 -> 0.99, an infinite scroll's stories no longer joined as
// one; WCXB +0.0000, forum +0.0003, one news listing -0.03.)
bool holds_headline_item(const dom::Dom& dom, NodeId h1, const std::vector<NodeId>& items) {
  if (h1 == kNoNode) return false;
  for (NodeId item : items)
    if (dom.in_subtree(h1, item)) return true;
  return false;
}

}  // namespace

Discussion find_discussion(const Pass& pass, NodeId h1, std::size_t min_posts) {
  const dom::Dom& dom = pass.dom;
  NodeId body = dom.find_first(Tag::body);
  if (body == kNoNode) return {};
  std::uint32_t page = pass.features[body].length();
  if (page == 0) return {};
  // Each step goes to the one child (if any) holding most of the text.
  for (NodeId node = body; node != kNoNode;) {
    if (debug_trace())
      std::fprintf(stderr, "discussion chain %u <%s> len=%u of %u\n", node,
                   std::string(dom::tag_name(dom.nodes[node].tag)).c_str(),
                   pass.features[node].length(), page);
    if (has_enough_items(pass, node, min_posts)) {
      std::vector<NodeId> items = list_items(pass, node);
      if (stamped_items(pass, items, kDiscussionStampedShare, min_posts) && items_repeat(dom, items) &&
          !holds_headline_item(dom, h1, items))
        return {node, pass.features[node].length()};
    }
    NodeId next = kNoNode;
    for (NodeId c = dom.nodes[node].first_child; c != kNoNode; c = dom.nodes[c].next_sibling)
      if (!pass.dead[c] && pass.features[c].length() >= page * kDiscussionShare) next = c;
    node = next;
  }
  return {};
}

void mark_discussion(const dom::Dom& dom, NodeId discussion, std::vector<Hints>& hints) {
  // Its wrappers ("comments", "comment-section") hold it: not clutter either.
  for (NodeId a = dom.nodes[discussion].parent; a != kNoNode; a = dom.nodes[a].parent) {
    hints[a].unlikely = false;
    hints[a].header_name = false;
    if (hints[a].weight < 0) hints[a].weight = 0;
  }
  for (NodeId i = discussion; i < dom.nodes[discussion].subtree_end; ++i) {
    Hints& h = hints[i];
    h.discussion = true;
    h.unlikely = false;
    h.header_name = false;
    if (h.weight < 0) h.weight = 0;
  }
}

}  // namespace pith::extraction
