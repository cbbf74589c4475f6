#include "classify/page_features.hpp"

// Inlined: a page's class and id values are hashed one by one (every block's,
// link's and button's), and through the shared library each short hash was
// also a call through the PLT.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include "text/byte_filters.hpp"
#include "text/chars.hpp"

namespace pith::classify {

using dom::Attr;
using dom::NodeId;
using dom::Tag;

namespace {

using F = PageFeature;

double log1p_count(double n) { return std::log1p(n); }
double share(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

// Words of class and id names that say what a block is, and the features
// they count. A short word must be a whole name token ("toc" is not "stock",
// "tag" not "vintage"); a longer one may sit inside a token ("productCard").
struct NameHint {
  std::string_view word;
  F feature;
};
constexpr NameHint kNameHints[] = {
    {"product", F::name_product},   {"price", F::name_price},          {"cart", F::name_cart},
    {"basket", F::name_cart},       {"comment", F::name_comment},      {"reply", F::name_comment},
    {"post", F::name_post},         {"thread", F::name_thread},        {"topic", F::name_thread},
    {"forum", F::name_thread},      {"user", F::name_user},            {"avatar", F::name_user},
    {"author", F::name_user},       {"doc", F::name_doc},              {"docs", F::name_doc},
    {"sidebar", F::name_sidebar},   {"toc", F::name_toc},              {"breadcrumb", F::name_breadcrumb},
    {"card", F::name_card},         {"tile", F::name_card},            {"grid", F::name_grid},
    {"item", F::name_item},         {"pagination", F::name_pagination}, {"pager", F::name_pagination},
    {"filter", F::name_filter},     {"facet", F::name_filter},         {"hero", F::name_hero},
    {"banner", F::name_hero},       {"feature", F::name_feature},      {"pricing", F::name_pricing},
    {"plan", F::name_pricing},      {"faq", F::name_faq},              {"accordion", F::name_faq},
    {"testimonial", F::name_testimonial}, {"article", F::name_article}, {"entry", F::name_article},
    {"code", F::name_code},         {"highlight", F::name_code},       {"syntax", F::name_code},
    {"review", F::name_review},     {"rating", F::name_review},        {"category", F::name_category},
    {"tag", F::name_tag},           {"tags", F::name_tag},             {"btn", F::name_button},
    {"button", F::name_button},     {"cta", F::name_button},
};
constexpr std::size_t kWholeTokenBelow = 5;  // words shorter than this match whole tokens only

// JSON-LD types, matched as quoted strings (a prefix like "schema.org/" or a
// kind like "NewsArticle" ends with the same quote).
struct TypeHint {
  std::string_view suffix;
  F feature;
};
constexpr TypeHint kTypeHints[] = {
    {"Product\"", F::jsonld_product},       {"ProductGroup\"", F::jsonld_product},
    {"Offer\"", F::jsonld_offer},           {"AggregateOffer\"", F::jsonld_offer},
    {"Article\"", F::jsonld_article},       {"BlogPosting\"", F::jsonld_article},
    {"DiscussionForumPosting\"", F::jsonld_forum}, {"QAPage\"", F::jsonld_forum},
    {"FAQPage\"", F::jsonld_faq},           {"ItemList\"", F::jsonld_itemlist},
    {"CollectionPage\"", F::jsonld_itemlist}, {"BreadcrumbList\"", F::jsonld_breadcrumb},
    {"Organization\"", F::jsonld_organization}, {"Service\"", F::jsonld_service},
    {"SoftwareApplication\"", F::jsonld_service}, {"HowTo\"", F::jsonld_howto},
    {"Event\"", F::jsonld_event},           {"AggregateRating\"", F::jsonld_rating},
};

// Declared page types (Metadata::declared_page_type).
struct DeclaredType {
  std::string_view name;
  F feature;
};
constexpr DeclaredType kDeclaredTypes[] = {
    {"article", F::declared_article},   {"forum", F::declared_forum},
    {"product", F::declared_product},   {"listing", F::declared_listing},
    {"documentation", F::declared_documentation}, {"recipe", F::declared_recipe},
    {"video", F::declared_video},       {"profile", F::declared_profile},
    {"website", F::declared_website},
};

bool is_token_separator(char c) { return c == ' ' || c == '-' || c == '_' || c == '\t' || c == '\n'; }

// The hints by their first three letters, so that a value is read once: at
// each position whose three letters begin some hint, only the hints that
// start with its first letter are compared (class names of utility-CSS pages
// run to hundreds of bytes; a search per hint took a tenth of pith's time).
struct HintIndex {
  std::array<std::vector<std::uint8_t>, 26> by_first;
  // Letters are coded 0..25, anything else 26. [first * 27 + second], bit
  // c: some hint starts with these two letters, then letter c.
  std::array<std::uint32_t, 27 * 27> third{};
  HintIndex() {
    for (std::size_t k = 0; k < std::size(kNameHints); ++k) {
      std::string_view w = kNameHints[k].word;
      by_first[static_cast<std::size_t>(w[0] - 'a')].push_back(static_cast<std::uint8_t>(k));
      third[static_cast<std::size_t>((w[0] - 'a') * 27 + (w[1] - 'a'))] |= 1u << (w[2] - 'a');
    }
  }
};
// Only the start of a long value is read: the names that say what a block
// is come first, utility classes ("flex gap-4 ...") after.
constexpr std::size_t kNameBytesRead = 64;

// The hints one class or id value names, as bits of their features (each
// counts once for the value).
using NamedHints = std::array<std::uint64_t, (kPageFeatureCount + 63) / 64>;

NamedHints name_hints(std::string_view value) {
  static const HintIndex kIndex;
  static_assert(kNameBytesRead % 16 == 0);
  char v[kNameBytesRead];
  std::uint8_t code[kNameBytesRead];
  const std::size_t n = std::min(value.size(), sizeof v);
  // Lower-cased and coded sixteen bytes at a time (a byte at a time, this
  // took a third of the page features' name reading), with the GCC and
  // Clang vector extension, which needs no fallback: from a zero-padded
  // copy, so that no byte past the value is read.
  typedef unsigned char Bytes16 __attribute__((vector_size(16)));
  unsigned char bytes[kNameBytesRead] = {};
  std::memcpy(bytes, value.data(), n);
  for (std::size_t block = 0; block < n; block += 16) {
    Bytes16 b;
    std::memcpy(&b, bytes + block, 16);
    const Bytes16 lower = b | ((b >= 'A') & (b <= 'Z') & 0x20);
    const Bytes16 letter = (lower >= 'a') & (lower <= 'z');
    const Bytes16 coded = (letter & (lower - 'a')) | (~letter & 26);
    std::memcpy(v + block, &lower, 16);
    std::memcpy(code + block, &coded, 16);
  }
  NamedHints named{};
  auto bit = [&](F feature, bool set) {
    auto index = static_cast<std::size_t>(feature);
    bool was = named[index / 64] >> (index % 64) & 1u;
    if (set) named[index / 64] |= std::uint64_t{1} << (index % 64);
    return was;
  };
  for (std::size_t at = 0; at + 2 < n; ++at) {
    const std::size_t first = code[at];
    if (!(kIndex.third[first * 27 + code[at + 1]] >> code[at + 2] & 1u)) continue;
    for (std::uint8_t k : kIndex.by_first[first]) {
      const NameHint& hint = kNameHints[k];
      std::size_t end = at + hint.word.size();
      if (end > n || bit(hint.feature, false) || std::string_view(v + at, hint.word.size()) != hint.word)
        continue;
      if (hint.word.size() < kWholeTokenBelow &&
          !((at == 0 || is_token_separator(v[at - 1])) && (end == n || is_token_separator(v[end]))))
        continue;
      bit(hint.feature, true);
    }
  }
  return named;
}

// Counts, for one class or id value, each hint it names. A page repeats its
// values (a menu's items, a list's cards): each distinct one (its first
// kNameBytesRead bytes, all name_hints reads) is read once per page, and
// found again by its hash. The values stay in the Dom's pool while the
// page's features are read.
class NameHintCounter {
 public:
  void count(std::string_view value, PageFeatures& f) {
    std::string_view key = value.substr(0, kNameBytesRead);
    const std::size_t slot = XXH3_64bits(key.data(), key.size()) % kEntries;
    Entry& e = entries_[slot];
    std::uint64_t& used = used_[slot / 64];
    const std::uint64_t bit = std::uint64_t{1} << (slot % 64);
    if (!(used & bit) || e.key != key) {
      e = {key, name_hints(key)};
      used |= bit;
    }
    for (std::size_t w = 0; w < e.named.size(); ++w)
      for (std::uint64_t bits = e.named[w]; bits != 0; bits &= bits - 1)
        f[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))] += 1;
  }

 private:
  struct Entry {
    std::string_view key;
    NamedHints named;
  };
  static constexpr std::size_t kEntries = 256;
  // Which entries hold a value, as bits: a page's counter clears these 32
  // bytes instead of value-initialising its 10 KB of entries (an entry's
  // hints are written before they are read).
  std::array<std::uint64_t, kEntries / 64> used_{};
  Entry entries_[kEntries];
};

// A price: a currency sign next to a digit ("$19.99", "19,99 €", "¥1200"):
// $, and in UTF-8 £ ¥ (C2 A3, C2 A5) and € ₹ ₽ ₩ (E2 82 AC/B9/BD/A9), found
// in one pass over the text.
bool holds_price(std::string_view text) {
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  for (std::size_t i = 0; i < text.size(); ++i) {
    // The bytes no sign starts with are passed over sixteen at a time.
    i = text::find_first_of_lanes(text, i, [](text::Bytes16 b) { return (b == '$') | (b == 0xC2) | (b == 0xE2); });
    if (i == text.size()) break;
    std::size_t sign = 0;
    unsigned c = byte(i);
    if (c == '$') sign = 1;
    else if (c == 0xC2 && (byte(i + 1) == 0xA3 || byte(i + 1) == 0xA5)) sign = 2;
    else if (c == 0xE2 && byte(i + 1) == 0x82) {
      unsigned third = byte(i + 2);
      if (third == 0xAC || third == 0xB9 || third == 0xBD || third == 0xA9) sign = 3;
    }
    if (sign == 0) continue;
    std::size_t after = i + sign;
    while (after < text.size() && text[after] == ' ') ++after;
    std::size_t before = i;
    while (before > 0 && text[before - 1] == ' ') --before;
    if ((after < text.size() && is_digit(text[after])) || (before > 0 && is_digit(text[before - 1])))
      return true;
    i += sign - 1;
  }
  return false;
}

// The address's path: how deep, how long its last segment, whether it names
// a number (an id, a date), whether it has a query; the site's root page.
void read_url(std::string_view url, PageFeatures& f) {
  std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return;
  std::string_view rest = url.substr(scheme + 3);
  std::size_t slash = rest.find('/');
  std::string_view path = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
  std::size_t query = path.find_first_of("?#");
  f[static_cast<std::size_t>(F::url_has_query)] = query != std::string_view::npos && path[query] == '?';
  path = path.substr(0, query);
  int depth = 0;
  std::string_view last;
  bool number = false, date = false;
  for (std::size_t i = 0; i < path.size();) {
    while (i < path.size() && path[i] == '/') ++i;
    std::size_t end = path.find('/', i);
    if (end == std::string_view::npos) end = path.size();
    if (end > i) {
      ++depth;
      last = path.substr(i, end - i);
      int digits = 0;
      for (char c : last) digits = c >= '0' && c <= '9' ? digits + 1 : 0, number = number || digits >= 4;
      // A year of its own as a segment (/2024/05/...), as dated archives write it.
      if (last.size() == 4 && (last.starts_with("19") || last.starts_with("20")) &&
          last.find_first_not_of("0123456789") == std::string_view::npos)
        date = true;
    }
    i = end;
  }
  f[static_cast<std::size_t>(F::url_depth)] = depth;
  f[static_cast<std::size_t>(F::url_last_segment_length)] = log1p_count(static_cast<double>(last.size()));
  f[static_cast<std::size_t>(F::url_has_number)] = number;
  f[static_cast<std::size_t>(F::url_is_root)] = depth == 0;
  f[static_cast<std::size_t>(F::url_has_date)] = date;
  // Words of the last segment: a story's slug has many ("how-we-cut-costs-by-half").
  double slug_words = last.empty() ? 0 : 1;
  for (char c : last) slug_words += c == '-' || c == '_';
  f[static_cast<std::size_t>(F::url_slug_words)] = slug_words;
}

// The host of an address ("https://www.a.org/x" -> "a.org"), "" when none.
std::string_view host_of(std::string_view url) {
  std::size_t start;
  // (Asked of every link: a scheme's "://" is looked for in the first bytes
  // only.)
  constexpr std::size_t kLongestScheme = 7;
  if (url.starts_with("//")) start = 2;
  else if (std::size_t scheme = url.substr(0, kLongestScheme + 3).find("://"); scheme != std::string_view::npos)
    start = scheme + 3;
  else return {};
  // The host's end sixteen bytes a step (a byte at a time, this was most of
  // the links' cost).
  const std::size_t end = text::find_first_of_lanes(
      url, start, [](text::Bytes16 b) { return (b == '/') | (b == '?') | (b == '#') | (b == ':'); });
  std::string_view host = url.substr(start, end - start);
  if (host.starts_with("www.")) host.remove_prefix(4);
  return host;
}

// What the body's class says the page is, in the tokens content management
// systems write there (WordPress: "single" and "postid-N" on a post,
// "page-id-N" on a page).
void read_body_class(std::string_view cls, PageFeatures& f) {
  for (std::size_t i = 0; i < cls.size();) {
    while (i < cls.size() && cls[i] == ' ') ++i;
    std::size_t end = std::min(cls.find(' ', i), cls.size());
    std::string_view token = cls.substr(i, end - i);
    if (token == "single" || token.starts_with("postid-")) f[static_cast<std::size_t>(F::body_single)] = 1;
    if (token == "page" || token.starts_with("page-id-")) f[static_cast<std::size_t>(F::body_page)] = 1;
    i = end;
  }
}

// Sibling repetition: children of one parent that share their tag and class
// are a grid of cards, a list of results, a thread of posts.
struct Repetition {
  double max_run = 0;      // the largest group of alike siblings
  double groups = 0;       // groups of at least kRepeatedGroup alike siblings
  double text = 0;         // characters in the group holding the most text
  double link_text = 0;    // of which in links
  double with_image = 0;   // the share of that group's members holding an image
  double with_heading = 0; // ... holding a heading
  double item_chars = 0;   // characters per member
  double with_price = 0;   // ... holding a price
  double with_time = 0;    // ... holding a <time>
  double with_action = 0;  // ... holding a button, form or input
  double priced_items = 0; // members of groups whose members mostly hold a price
  double timed_items = 0;  // ... a <time>
};
constexpr std::size_t kRepeatedGroup = 4;
// A paragraph of at least this many characters is prose (two sentences or
// more in most scripts, CJK counting one a character).
constexpr std::uint32_t kProseParagraphChars = 200;

std::uint64_t signature(const dom::Dom& dom, NodeId id) {
  // std::hash reads the class eight bytes at a time: utility-CSS classes
  // run to a hundred bytes, and every element is some parent's child.
  return std::hash<std::string_view>{}(dom.attr(id, Attr::class_)) * 31 +
         static_cast<std::uint64_t>(dom.nodes[id].tag);
}

// The per-node buffers of read_page_features. Past kScratchKeptNodes nodes
// they are freed after use, so that one huge page does not stay resident.
struct Scratch {
  std::vector<std::uint32_t> text_under, links_under;
  std::vector<std::uint8_t> flags;
  std::vector<NodeId> open_lists;  // the ends of the lists around a node
  std::vector<std::pair<std::uint64_t, NodeId>> children;
  void reset(std::size_t n) {
    text_under.assign(n, 0);
    links_under.assign(n, 0);
    flags.assign(n, 0);
    open_lists.clear();
    children.clear();
  }
  void release_if_large() {
    if (text_under.capacity() <= kScratchKeptNodes) return;
    text_under = {};
    links_under = {};
    flags = {};
    children = {};
  }
  static constexpr std::size_t kScratchKeptNodes = std::size_t{1} << 20;
};

}  // namespace

PageFeatures read_page_features(const dom::Dom& dom, const Metadata& metadata, std::string_view url) {
  PageFeatures f{};
  auto at = [&](F feature) -> double& { return f[static_cast<std::size_t>(feature)]; };
  const auto& nodes = dom.nodes;
  const NodeId n = static_cast<NodeId>(nodes.size());

  // Characters of visible text under each node (bottom-up below), and of
  // link text, for the prose and repetition measures; in buffers the thread
  // keeps from page to page, since fresh memory costs a page fault per 4 KB
  // touched, more than the pass itself (dom/build.cpp keeps the DOM's so).
  thread_local Scratch scratch;
  scratch.reset(n);
  std::vector<std::uint32_t>& text_under = scratch.text_under;
  std::vector<std::uint32_t>& links_under = scratch.links_under;
  // Per node, flags (9 bytes a node in all: the hostile corpus bounds peak memory).
  constexpr std::uint8_t kHidden = 1;   // in <head>, <script>, <style>, <svg>, <math>
  constexpr std::uint8_t kImage = 2;    // an image in the subtree
  constexpr std::uint8_t kHeading = 4;  // a heading in the subtree
  constexpr std::uint8_t kPrice = 8;    // a price in the subtree
  constexpr std::uint8_t kTime = 16;    // a <time> in the subtree
  constexpr std::uint8_t kAction = 32;  // a button, form or input in the subtree
  std::vector<NodeId>& open_lists = scratch.open_lists;
  const std::string_view page_host = host_of(url.empty() ? metadata.canonical_url : url);
  double external_links = 0, links = 0, fragment_links = 0;
  double max_list_depth = 0, chrome_links = 0, tel_links = 0;
  std::vector<std::uint8_t>& flags = scratch.flags;
  auto hidden = [&](NodeId i) { return (flags[i] & kHidden) != 0; };

  double total = 0, words = 0, cjk = 0, digits = 0, sentence_ends = 0, commas = 0, longest = 0;
  double in_link = 0, in_p = 0, in_li = 0, in_cell = 0, in_code = 0, in_heading = 0, in_chrome = 0,
         in_form = 0;
  NodeId link_end = 0, p_end = 0, li_end = 0, cell_end = 0, code_end = 0, heading_end = 0,
         chrome_end = 0, form_end = 0, hidden_end = 0;
  double elements = 0;
  NameHintCounter name_hint_counter;
  for (NodeId i = 0; i < n; ++i) {
    const dom::Node& node = nodes[i];
    if (i < hidden_end) {
      flags[i] = kHidden;
      if (node.tag == Tag::text && node.parent != dom::kNoNode && nodes[node.parent].tag == Tag::script &&
          dom.attr(node.parent, Attr::type).find("ld+json") != std::string_view::npos) {
        std::string_view json = dom.text(i);
        for (const TypeHint& hint : kTypeHints)
          if (json.find(hint.suffix) != std::string_view::npos) at(hint.feature) = 1;
        // How many products the page declares: one (a product page) or a grid's worth.
        for (std::size_t p = json.find("\"Product\""); p != std::string_view::npos; p = json.find("\"Product\"", p + 9))
          at(F::jsonld_products) += 1;
      }
      continue;
    }
    if (node.tag == Tag::text) {
      text::TextCounts c = dom.text_counts(i);
      if (c.chars == 0) continue;
      total += c.chars;
      words += c.words;
      cjk += c.cjk;
      digits += c.digits;
      sentence_ends += c.sentence_ends;
      commas += c.commas;
      longest = std::max(longest, static_cast<double>(c.chars));
      text_under[i] = c.chars;
      if (i < link_end) in_link += c.chars, links_under[i] = c.chars;
      if (i < p_end) in_p += c.chars;
      if (i < li_end) in_li += c.chars;
      if (i < cell_end) in_cell += c.chars;
      if (i < code_end) in_code += c.chars;
      if (i < heading_end) in_heading += c.chars;
      if (i < chrome_end) in_chrome += c.chars;
      if (i < form_end) in_form += c.chars;
      if (c.digits > 0 && holds_price(dom.text(i))) at(F::prices) += 1, flags[i] |= kPrice;
      continue;
    }
    ++elements;
    const NodeId end = node.subtree_end;
    switch (node.tag) {
      case Tag::head: case Tag::script: case Tag::style: case Tag::svg: case Tag::math:
        hidden_end = std::max(hidden_end, end);
        flags[i] = kHidden;
        continue;
      case Tag::a: {
        link_end = std::max(link_end, end);
        at(F::links_per_kchar) += 1;
        chrome_links += i < chrome_end;
        std::string_view href = dom.attr(i, Attr::href);
        if (i >= chrome_end && !href.empty()) {
          links += 1;
          std::string_view host = host_of(href);
          external_links += !host.empty() && !page_host.empty() && host != page_host;
          fragment_links += href.starts_with("#");
        }
        tel_links += href.starts_with("tel:");
        break;
      }
      case Tag::body: read_body_class(dom.attr(i, Attr::class_), f); break;
      case Tag::ul: case Tag::ol:  // how deep lists nest (a documentation site's menu)
        while (!open_lists.empty() && open_lists.back() <= i) open_lists.pop_back();
        open_lists.push_back(end);
        max_list_depth = std::max(max_list_depth, static_cast<double>(open_lists.size()));
        break;
      case Tag::p: p_end = std::max(p_end, end); at(F::paragraphs) += 1; break;
      case Tag::li: li_end = std::max(li_end, end); at(F::list_items) += 1; break;
      case Tag::td: case Tag::th: cell_end = std::max(cell_end, end); break;
      case Tag::tr: at(F::table_rows) += 1; break;
      case Tag::pre: code_end = std::max(code_end, end); at(F::code_blocks) += 1; break;
      case Tag::code: code_end = std::max(code_end, end); break;
      case Tag::h1: at(F::h1s) += 1; [[fallthrough]];
      case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
        heading_end = std::max(heading_end, end);
        flags[i] |= kHeading;
        at(F::headings) += 1;
        break;
      case Tag::nav: at(F::navs) += 1; chrome_end = std::max(chrome_end, end); break;
      case Tag::aside: at(F::asides) += 1; chrome_end = std::max(chrome_end, end); break;
      case Tag::header: case Tag::footer: chrome_end = std::max(chrome_end, end); break;
      case Tag::form: form_end = std::max(form_end, end); at(F::forms) += 1; flags[i] |= kAction; break;
      case Tag::img: flags[i] |= kImage; at(F::images) += 1; break;
      case Tag::input: at(F::inputs) += 1; flags[i] |= kAction; break;
      case Tag::button: at(F::buttons) += 1; flags[i] |= kAction; break;
      case Tag::select: at(F::selects) += 1; break;
      case Tag::option: at(F::options) += 1; break;
      case Tag::textarea: at(F::textareas) += 1; break;
      case Tag::article: at(F::articles) += 1; break;
      case Tag::time: at(F::times) += 1; flags[i] |= kTime; break;
      case Tag::iframe: at(F::iframes) += 1; break;
      case Tag::video: at(F::videos) += 1; break;
      case Tag::figure: at(F::figures) += 1; break;
      case Tag::blockquote: at(F::blockquotes) += 1; break;
      case Tag::dt: at(F::dts) += 1; break;
      case Tag::section: at(F::sections) += 1; break;
      default: break;
    }
    // Names of blocks, links and buttons: inline elements' classes (icons,
    // text styles) say nothing of the page and are most of a page's names.
    if (node.attr_count > 0 && (dom::is_block(node.tag) || node.tag == Tag::a || node.tag == Tag::button)) {
      std::string_view cls = dom.attr(i, Attr::class_), id = dom.attr(i, Attr::id);
      if (!cls.empty()) name_hint_counter.count(cls, f);
      if (!id.empty()) name_hint_counter.count(id, f);
    }
  }

  // Bottom-up sums: a node's subtree follows it, so a reverse loop adds each
  // node into its parent after its own children were added into it.
  for (NodeId i = n; i-- > 1;) {
    NodeId parent = nodes[i].parent;
    if (parent == dom::kNoNode || hidden(i)) continue;
    text_under[parent] += text_under[i];
    links_under[parent] += links_under[i];
    flags[parent] |= flags[i] & (kImage | kHeading | kPrice | kTime | kAction);
  }

  // In one pass over the elements that hold visible text:
  // Prose: paragraphs long enough to be sentences of an article, not blurbs.
  double long_paragraphs = 0, prose = 0;
  // The block of paragraphs: the element whose child paragraphs hold the
  // most text outside links (an article's body is one; a service page's
  // sections are many), and how many paragraphs it has. The largest
  // <article>: one story, or one post of many.
  double prose_block = 0, sibling_paragraphs = 0, article_block = 0;
  Repetition rep;
  std::vector<std::pair<std::uint64_t, NodeId>>& children = scratch.children;
  for (NodeId i = 0; i < n; ++i) {
    if (nodes[i].tag == Tag::text || hidden(i) || text_under[i] == 0) continue;
    if (nodes[i].tag == Tag::p && text_under[i] >= kProseParagraphChars) {
      long_paragraphs += 1;
      prose += text_under[i] - links_under[i];
    }
    if (nodes[i].tag == Tag::article) article_block = std::max(article_block, static_cast<double>(text_under[i]));
    // The children are read once: their paragraphs, and whether there are
    // enough elements for a group (most elements have fewer children than
    // one: counted before any is hashed).
    double paragraph_text = 0, paragraphs = 0;
    std::size_t elements_below = 0;
    for (NodeId c = nodes[i].first_child; c != dom::kNoNode; c = nodes[c].next_sibling) {
      if (nodes[c].tag == Tag::p) paragraph_text += text_under[c] - links_under[c], paragraphs += 1;
      elements_below += nodes[c].tag != Tag::text && !hidden(c);
    }
    if (paragraph_text > prose_block) prose_block = paragraph_text, sibling_paragraphs = paragraphs;
    if (elements_below < kRepeatedGroup) continue;
    children.clear();
    for (NodeId c = nodes[i].first_child; c != dom::kNoNode; c = nodes[c].next_sibling)
      if (nodes[c].tag != Tag::text && !hidden(c)) children.emplace_back(signature(dom, c), c);
    std::sort(children.begin(), children.end());
    for (std::size_t a = 0; a < children.size();) {
      std::size_t b = a;
      double text = 0, link_text = 0, with_image = 0, with_heading = 0, with_price = 0, with_time = 0,
             with_action = 0;
      while (b < children.size() && children[b].first == children[a].first) {
        NodeId c = children[b].second;
        text += text_under[c];
        link_text += links_under[c];
        with_image += (flags[c] & kImage) != 0;
        with_heading += (flags[c] & kHeading) != 0;
        with_price += (flags[c] & kPrice) != 0;
        with_time += (flags[c] & kTime) != 0;
        with_action += (flags[c] & kAction) != 0;
        ++b;
      }
      double run = static_cast<double>(b - a);
      rep.max_run = std::max(rep.max_run, run);
      if (run >= kRepeatedGroup && 2 * with_price >= run) rep.priced_items += run;
      if (run >= kRepeatedGroup && 2 * with_time >= run) rep.timed_items += run;
      if (run >= kRepeatedGroup && text > 0) {
        rep.groups += 1;
        if (text > rep.text) {
          rep.text = text;
          rep.link_text = link_text;
          rep.with_image = with_image / run;
          rep.with_heading = with_heading / run;
          rep.item_chars = text / run;
          rep.with_price = with_price / run;
          rep.with_time = with_time / run;
          rep.with_action = with_action / run;
        }
      }
      a = b;
    }
  }

  double kchars = std::max(total / 1000.0, 1.0);
  const double headings_count = std::max(at(F::headings), 1.0);
  at(F::log_elements) = log1p_count(elements);
  at(F::log_text_chars) = log1p_count(total);
  at(F::log_words) = log1p_count(words);
  at(F::cjk_share) = share(cjk, total);
  at(F::link_text_share) = share(in_link, total);
  at(F::paragraph_text_share) = share(in_p, total);
  at(F::list_text_share) = share(in_li, total);
  at(F::cell_text_share) = share(in_cell, total);
  at(F::code_text_share) = share(in_code, total);
  at(F::heading_text_share) = share(in_heading, total);
  at(F::chrome_text_share) = share(in_chrome, total);
  at(F::form_text_share) = share(in_form, total);
  at(F::longest_text_share) = share(longest, total);
  at(F::digit_share) = share(digits, total);
  at(F::sentence_ends_per_kchar) = sentence_ends / kchars;
  at(F::commas_per_kchar) = commas / kchars;
  at(F::links_per_kchar) /= kchars;
  for (F count : {F::paragraphs, F::list_items, F::table_rows, F::code_blocks, F::headings, F::h1s,
                  F::images, F::forms, F::inputs, F::buttons, F::selects, F::options, F::textareas,
                  F::articles, F::times, F::iframes, F::videos, F::figures, F::blockquotes, F::dts,
                  F::sections, F::navs, F::asides, F::prices})
    at(count) = log1p_count(at(count));
  // The name features are contiguous in the list, from name_product to name_button.
  for (auto k = static_cast<std::size_t>(F::name_product); k <= static_cast<std::size_t>(F::name_button); ++k)
    f[k] = log1p_count(f[k]);
  at(F::repeat_max) = log1p_count(rep.max_run);
  at(F::repeat_groups) = log1p_count(rep.groups);
  at(F::repeat_text_share) = share(rep.text, total);
  at(F::repeat_link_share) = share(rep.link_text, rep.text);
  at(F::repeat_items_with_image) = rep.with_image;
  at(F::repeat_items_with_heading) = rep.with_heading;
  at(F::repeat_item_chars) = log1p_count(rep.item_chars);
  at(F::repeat_items_with_price) = rep.with_price;
  at(F::repeat_items_with_time) = rep.with_time;
  at(F::repeat_items_with_action) = rep.with_action;
  at(F::prose_block_share) = share(prose_block, total);
  at(F::sibling_paragraphs) = log1p_count(sibling_paragraphs);
  at(F::article_block_share) = share(article_block, total);
  at(F::list_depth) = max_list_depth;
  at(F::external_link_share) = share(external_links, links);
  at(F::fragment_link_share) = share(fragment_links, links);
  at(F::priced_items) = log1p_count(rep.priced_items);
  at(F::timed_items) = log1p_count(rep.timed_items);
  at(F::prose_block_concentration) = share(prose_block, in_p);
  at(F::chrome_links) = log1p_count(chrome_links);
  at(F::tel_links) = log1p_count(tel_links);
  at(F::jsonld_products) = log1p_count(at(F::jsonld_products));
  at(F::long_paragraphs) = log1p_count(long_paragraphs);
  at(F::prose_share) = share(prose, total);
  at(F::text_per_heading) = log1p_count(share(total, headings_count));
  at(F::title_chars) = log1p_count(static_cast<double>(text::count_text(metadata.title).chars));

  bool declared = false;
  for (const DeclaredType& t : kDeclaredTypes)
    if (metadata.declared_page_type == t.name) at(t.feature) = 1, declared = true;
  at(F::declared_none) = !declared;
  at(F::has_date) = !metadata.date_published.empty();
  at(F::has_author) = !metadata.authors.empty();
  read_url(url.empty() ? metadata.canonical_url : url, f);
  scratch.release_if_large();
  return f;
}

}  // namespace pith::classify
