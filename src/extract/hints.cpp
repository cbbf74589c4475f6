#include "extract/hints.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

#include "extract/heuristics.hpp"
#include "text/ascii.hpp"

namespace pith::extraction {
namespace {

using dom::Attr;
using dom::Tag;

// The word lists, matched against class/id names: a word matches at the
// start of a token (the start of the names, or after a character that is not
// [a-z0-9]) as a prefix ("comment" matches "comments" and "post-comment", not
// "uncommented"); a whole-token word must also end its token ("ad" matches
// "ad-slot", not "admin"). The names are lowered first.
//
// The lists were RE2 patterns of the form (?:^|[^a-z0-9])(?:word|...), with
// (?:$|[^a-z0-9]) after the whole-token words (tests/unit/hints_test.cpp
// compares the two). Class names run long (utility-class frameworks put
// dozens in one attribute), so all four lists are answered by one walk: a
// trie of their words, entered at every token start.
struct WordList {
  NameList list;
  std::initializer_list<std::string_view> prefixes;
  std::initializer_list<std::string_view> whole_tokens;
};

const WordList kPositiveNames{
    NameList::positive,
    {"article", "body", "content", "entry", "hentry", "h-entry", "main", "post", "text", "blog",
     "story", "prose", "markdown", "richtext", "rich-text", "single", "detail"},
    {}};

const WordList kNegativeNames{
    NameList::negative,
    {"advert", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
     "outbrain", "taboola", "promo", "related", "share", "sharing", "shoutbox", "sidebar",
     "side-bar", "skyscraper", "sponsor", "shopping", "widget", "cookie", "consent", "newsletter",
     "subscri", "social", "breadcrumb", "nav", "menu", "author", "disclaim", "trending", "popular",
     "recommend", "reply", "replies", "rating", "vote", "counter", "toolbar", "signup", "login",
     "modal", "popup", "overlay", "hidden", "pagination", "pager", "rss", "disqus", "community",
     "mostread", "most-read", "hotlist", "hot-list", "ranking", "copyright", "infobox", "navbox",
     "reflist", "references", "catlinks"},
    {"ad", "ads", "foot", "tag", "tags", "bio", "like", "likes", "toc"}};

// Clutter names strong enough to remove a node before scoring, unless the same
// node is also named like content.
const WordList kUnlikelyNames{
    NameList::unlikely,
    {"-ad-", "ai2html", "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap",
     "disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark",
     "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental",
     "ad-break", "agegate", "pagination", "pager", "popup", "cookie", "consent", "newsletter",
     "share", "sharing", "disclaim", "trending", "popular", "recommend", "navbar", "mostread",
     "most-read", "ranking", "navbox", "reflist", "catlinks", "caption", "credit",
     // Machine-written summaries of the article ("AI summary" boxes): not
     // the author's text, and a second copy of it.
     "ai-summar", "aisummar"},
    {"nav"}};

const WordList kMaybeContentNames{
    NameList::maybe_content, {"and", "article", "body", "column", "content", "main", "shadow"}, {}};


using ListSet = unsigned;  // bit (1 << NameList) per list
constexpr ListSet bit(NameList list) { return 1u << static_cast<unsigned>(list); }

// The characters words are written with, a-z, 0-9 and '-', numbered (A-Z
// as a-z: names are matched lowered); -1 for the others.
constexpr int kAlphabetSize = 37;
struct Letters {
  std::int8_t of[256] = {};
  constexpr Letters() {
    for (int c = 0; c < 256; ++c) of[c] = -1;
    for (int c = 'a'; c <= 'z'; ++c) of[c] = of[c - 'a' + 'A'] = static_cast<std::int8_t>(c - 'a');
    for (int c = '0'; c <= '9'; ++c) of[c] = static_cast<std::int8_t>(26 + c - '0');
    of[static_cast<int>('-')] = kAlphabetSize - 1;
  }
};
constexpr Letters kLetters;

// [a-z0-9] once lowered: what tokens are made of; anything else separates
// them (the bytes of a non-ASCII character included, as the character would).
bool is_name_char(char c) {
  int letter = kLetters.of[static_cast<unsigned char>(c)];
  return letter >= 0 && letter < kAlphabetSize - 1;  // the last letter is '-'
}

class NameMatcher {
 public:
  NameMatcher() {
    nodes_.emplace_back();  // the root
    for (const WordList* words :
         {&kPositiveNames, &kNegativeNames, &kUnlikelyNames, &kMaybeContentNames}) {
      for (std::string_view w : words->prefixes) add(w).prefix_of |= bit(words->list);
      for (std::string_view w : words->whole_tokens) add(w).whole_of |= bit(words->list);
    }
  }

  // The lists with a word in `names`, lowered.
  ListSet lists_found(std::string_view names) const {
    ListSet found = 0;
    for (std::size_t at = 0; at < names.size(); ++at) {
      if (at > 0 && is_name_char(names[at - 1])) continue;  // inside a token
      // Every word that starts here, shortest first.
      std::uint16_t node = kRoot;
      for (std::size_t k = at; k < names.size(); ++k) {
        int letter = kLetters.of[static_cast<unsigned char>(names[k])];
        if (letter < 0 || (node = nodes_[node].next[letter]) == kRoot) break;
        found |= nodes_[node].prefix_of;
        if (nodes_[node].whole_of != 0 && (k + 1 == names.size() || !is_name_char(names[k + 1])))
          found |= nodes_[node].whole_of;
      }
    }
    return found;
  }

 private:
  static constexpr std::uint16_t kRoot = 0;  // no edge leads back to it: 0 means none

  struct Node {
    std::array<std::uint16_t, kAlphabetSize> next{};
    ListSet prefix_of = 0;  // lists in which the word ending here is a prefix
    ListSet whole_of = 0;   // lists in which it must end its token
  };

  Node& add(std::string_view word) {
    std::uint16_t node = kRoot;
    for (char c : word) {
      int letter = kLetters.of[static_cast<unsigned char>(c)];  // every word's letters are in it
      if (nodes_[node].next[letter] == kRoot) {
        nodes_[node].next[letter] = static_cast<std::uint16_t>(nodes_.size());
        nodes_.emplace_back();
      }
      node = nodes_[node].next[letter];
    }
    return nodes_[node];
  }

  std::vector<Node> nodes_;
};

ListSet name_lists(std::string_view lowered_names) {
  static const NameMatcher matcher;
  return matcher.lists_found(lowered_names);
}

// The lists found in a page's class attributes, remembered: pages repeat one
// class list on many elements (on the dev set a third of the class
// attributes repeat one seen before on their page, and those hold 60 % of the
// bytes), and the trie walk costs far more per byte than comparing the text
// with the one seen before. A direct-mapped table keyed by the length and the
// first and last eight bytes: cheap to compute however long the list, and a
// hit is always checked against the whole text, so a collision only costs a
// walk. Valid while the Dom whose text it points into lives.
class ClassListMemo {
 public:
  ListSet lists_found(std::string_view names) {
    if (names.size() < kKeyBytes) return name_lists(names);  // too short to pay for the key
    Entry& entry = entries_[slot(names)];
    if (entry.size == names.size() && std::memcmp(entry.data, names.data(), names.size()) == 0)
      return entry.lists;
    entry = Entry{names.data(), static_cast<std::uint32_t>(names.size()), name_lists(names)};
    return entry.lists;
  }

 private:
  static constexpr std::size_t kKeyBytes = 8;
  static constexpr unsigned kSlotBits = 10;  // 1,024 entries: a page has ~150 distinct lists

  struct Entry {
    const char* data = nullptr;
    std::uint32_t size = 0;  // 0: empty (shorter texts are never kept)
    ListSet lists = 0;
  };

  static std::size_t slot(std::string_view names) {
    std::uint64_t head, tail;
    std::memcpy(&head, names.data(), kKeyBytes);
    std::memcpy(&tail, names.data() + names.size() - kKeyBytes, kKeyBytes);
    // Multiplicative hashing: the top bits of the product depend on every
    // bit of the key.
    std::uint64_t key = (head ^ (tail * 0x9E3779B97F4A7C15ULL)) + names.size();
    return static_cast<std::size_t>((key * 0xC2B2AE3D27D4EB4FULL) >> (64 - kSlotBits));
  }

  std::array<Entry, std::size_t{1} << kSlotBits> entries_{};
};

// What the class and id names say.
struct NameHints {
  int weight = 0;
  bool unlikely = false;
};

NameHints name_hints(ListSet lists) {
  NameHints h;
  if (lists & bit(NameList::positive)) h.weight += kClassWeight;
  if (lists & bit(NameList::negative)) h.weight -= kClassWeight;
  h.unlikely = (lists & bit(NameList::unlikely)) && !(lists & bit(NameList::maybe_content));
  return h;
}

// The attributes the hints read, taken in one look at the element's
// attributes (the first of each name, as Dom::attr gives it).
struct HintAttributes {
  std::string_view cls, ident, role, itemprop;
};

HintAttributes hint_attributes(const dom::Dom& dom, dom::NodeId id) {
  HintAttributes found;
  bool seen_class = false, seen_id = false, seen_role = false, seen_itemprop = false;
  auto take = [](bool& seen, std::string_view& into, std::string_view value) {
    if (!seen) into = value;
    seen = true;
  };
  const dom::Node& node = dom.nodes[id];
  const char* pool = dom.pool.data();
  for (std::uint32_t i = node.attr_begin; i < node.attr_begin + node.attr_count; ++i) {
    const dom::AttrValue& a = dom.attrs[i];
    std::string_view value(pool + a.offset, a.length);  // the Dom's values lie in its pool
    switch (a.name) {
      case Attr::class_: take(seen_class, found.cls, value); break;
      case Attr::id: take(seen_id, found.ident, value); break;
      case Attr::role: take(seen_role, found.role, value); break;
      case Attr::itemprop: take(seen_itemprop, found.itemprop, value); break;
      default: break;
    }
  }
  return found;
}

// What the tag says.
Hints tag_hints(Tag tag) {
  Hints h;
  switch (tag) {
    case Tag::nav: case Tag::aside: case Tag::footer: case Tag::button: case Tag::select:
    case Tag::textarea: case Tag::input: case Tag::dialog: case Tag::menu:
    case Tag::script: case Tag::style:  // JSON-LD is kept in the Dom for metadata only
      h.boilerplate_tag = true;
      break;
    case Tag::main: case Tag::article:
      h.content = true;
      break;
    default:
      break;
  }
  return h;
}

// tag_hints for every tag, looked up once per element instead of called.
const std::array<Hints, 256> kTagHints = [] {
  std::array<Hints, 256> table{};
  for (int t = 0; t < 256; ++t) table[t] = tag_hints(static_cast<Tag>(t));
  return table;
}();

// What the role and itemprop add to the tag's hints (few elements have them).
void add_role_hints(Hints& h, std::string_view role, std::string_view itemprop) {
  if (!role.empty()) {
    if (text::iequals_ascii(role, "navigation") || text::iequals_ascii(role, "banner") || text::iequals_ascii(role, "contentinfo") ||
        text::iequals_ascii(role, "complementary") || text::iequals_ascii(role, "menu") || text::iequals_ascii(role, "menubar") ||
        text::iequals_ascii(role, "search") || text::iequals_ascii(role, "dialog") || text::iequals_ascii(role, "alert") ||
        text::iequals_ascii(role, "toolbar"))
      h.boilerplate_tag = true;
    else if (text::iequals_ascii(role, "main") || text::iequals_ascii(role, "article"))
      h.content = true;
  }
  if (!itemprop.empty() && (text::iequals_ascii(itemprop, "articlebody") || text::iequals_ascii(itemprop, "text") ||
                            text::iequals_ascii(itemprop, "reviewbody")))
    h.content = true;
}

// An element's hints, its class names' lists found by `class_lists`.
template <typename ClassLists>
Hints element_hints(const dom::Dom& dom, dom::NodeId id, ClassLists&& class_lists) {
  Hints h = kTagHints[static_cast<std::uint8_t>(dom.nodes[id].tag)];
  if (dom.nodes[id].attr_count == 0) return h;  // most elements: the tag says it all
  HintAttributes attrs = hint_attributes(dom, id);
  if (!attrs.role.empty() || !attrs.itemprop.empty()) add_role_hints(h, attrs.role, attrs.itemprop);
  if (attrs.cls.empty() && attrs.ident.empty()) return h;
  // The class and the id, as one text: "class id". No word holds a space, so
  // each part is matched on its own.
  ListSet lists = attrs.cls.empty() ? 0 : class_lists(attrs.cls);
  if (!attrs.ident.empty()) lists |= name_lists(attrs.ident);
  NameHints names = name_hints(lists);
  h.weight += names.weight;
  h.unlikely = names.unlikely;
  return h;
}

}  // namespace

bool names_match(NameList list, std::string_view names) {
  return (name_lists(names) & bit(list)) != 0;
}

Hints node_hints(const dom::Dom& dom, dom::NodeId id) { return element_hints(dom, id, name_lists); }

std::vector<Hints> page_hints(const dom::Dom& dom) {
  std::vector<Hints> hints(dom.size());
  // Ids are mostly unique on their page: only class lists are remembered.
  auto memo = std::make_unique<ClassListMemo>();
  auto class_lists = [&memo](std::string_view names) { return memo->lists_found(names); };
  for (dom::NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag != Tag::text) hints[i] = element_hints(dom, i, class_lists);
  return hints;
}

}  // namespace pith::extraction
