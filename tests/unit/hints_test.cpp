// The class/id word lists (extract/hints.cpp) against RE2 patterns of the
// form the lists once were, built from the lists themselves: a word as a
// prefix at a token start (the start of the names, or after a byte that is
// not [a-z0-9]), the whole-token words ending their token ((?:$|[^a-z0-9])).
// One rule lies beyond a pattern, and the reference applies it token start
// by token start: a content word run into a clutter word in one token
// ("mainnav") counts as the clutter word alone. Both must agree on every name.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "dom/build.hpp"
#include "extract/heuristics.hpp"
#include "extract/hints.hpp"
#include "extract/pass.hpp"
#include "reference_passes.hpp"

namespace {

using pith::extraction::NameList;
using pith::extraction::Hints;
using pith::extraction::names_match;
using pith::extraction::node_hints;
using pith::extraction::page_hints;

#define TOKEN_END "(?:$|[^a-z0-9])"

// The RE2 pattern a list stands for, from the list's own words (the
// patterns hints.cpp had before the word lists had this form), anchored at
// the start of the text it is given.
RE2 pattern_of(NameList list) {
  const pith::extraction::NameWords words = pith::extraction::name_words(list);
  std::string alternatives;
  for (std::string_view w : words.prefixes) alternatives += (alternatives.empty() ? "" : "|") + RE2::QuoteMeta(w);
  for (std::string_view w : words.whole_tokens)
    alternatives += (alternatives.empty() ? "" : "|") + RE2::QuoteMeta(w) + TOKEN_END;
  return RE2("^(?:" + alternatives + ")");
}

const RE2& reference_pattern(NameList list) {
  static const RE2 positive(pattern_of(NameList::positive).pattern());
  static const RE2 negative(pattern_of(NameList::negative).pattern());
  static const RE2 unlikely(pattern_of(NameList::unlikely).pattern());
  static const RE2 header(pattern_of(NameList::header).pattern());
  static const RE2 maybe_content(pattern_of(NameList::maybe_content).pattern());
  static const RE2 builder(pattern_of(NameList::builder).pattern());
  static const RE2 review(pattern_of(NameList::review).pattern());
  static const RE2 consent(pattern_of(NameList::consent).pattern());
  static const RE2 author(pattern_of(NameList::author).pattern());
  switch (list) {
    case NameList::positive: return positive;
    case NameList::negative: return negative;
    case NameList::unlikely: return unlikely;
    case NameList::header: return header;
    case NameList::maybe_content: return maybe_content;
    case NameList::builder: return builder;
    case NameList::review: return review;
    case NameList::consent: return consent;
    case NameList::author: break;
  }
  return author;
}

constexpr NameList kLists[] = {NameList::positive, NameList::negative, NameList::unlikely,
                               NameList::header, NameList::maybe_content, NameList::builder,
                               NameList::review, NameList::consent, NameList::author};

bool is_name_byte(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

using ListSet = std::set<NameList>;

ListSet lists_at(std::string_view names, std::size_t at) {
  ListSet found;
  for (NameList list : kLists)
    if (RE2::PartialMatch(names.substr(at), reference_pattern(list))) found.insert(list);
  return found;
}

// What a token start says: its words, or those of the clutter word run
// into a content word ("main" + "nav"), a page builder's word excepted.
ListSet token_lists(std::string_view names, std::size_t at) {
  ListSet here = lists_at(names, at);
  if (!here.count(NameList::positive)) return here;
  for (std::string_view word : pith::extraction::name_words(NameList::positive).prefixes) {
    std::size_t rest = at + word.size();
    if (!names.substr(at).starts_with(word) || rest >= names.size() || !is_name_byte(names[rest])) continue;
    ListSet after = lists_at(names, rest);
    if (!(after.count(NameList::negative) || after.count(NameList::unlikely)) || after.count(NameList::builder))
      continue;
    here.insert(after.begin(), after.end());
    here.erase(NameList::positive);
    here.erase(NameList::maybe_content);
    return here;
  }
  return here;
}

bool reference_match(NameList list, std::string_view names) {
  for (std::size_t at = 0; at < names.size(); ++at)
    if ((at == 0 || !is_name_byte(names[at - 1])) && token_lists(names, at).count(list)) return true;
  return false;
}

// Pieces names are made of: every word of the lists, near misses, and the
// separators and characters around them.
const std::vector<std::string_view> kPieces = [] {
  std::vector<std::string_view> pieces = {
      "summary", "ai", "a", "d", "s", "x", "un", "admin", "bios", "tago", "liked", "tocs", "most", "read",
      "hot", "wrap", "2", "9", "-", "--", "_", " ", ":", "/", ".", "#", "\xC3\xA9", "\xE4\xB8\xAD",
      "\xC2\xA0"};
  for (NameList list : kLists) {
    const pith::extraction::NameWords words = pith::extraction::name_words(list);
    pieces.insert(pieces.end(), words.prefixes.begin(), words.prefixes.end());
    pieces.insert(pieces.end(), words.whole_tokens.begin(), words.whole_tokens.end());
  }
  return pieces;
}();

std::string random_name(std::mt19937& rng) {
  std::uniform_int_distribution<std::size_t> count(0, 6), pick(0, kPieces.size() - 1);
  std::string name;
  for (std::size_t n = count(rng); n > 0; --n) name += kPieces[pick(rng)];
  return name;
}

}  // namespace

TEST_CASE("every list has words, and its pattern compiles") {
  for (NameList list : kLists) {
    CHECK(pith::extraction::name_words(list).prefixes.size() > 0);
    CHECK(reference_pattern(list).ok());
  }
}

TEST_CASE("names_match agrees with the RE2 patterns of its lists on random names") {
  std::mt19937 rng(20261201);
  int disagreements = 0;
  for (int k = 0; k < 200000; ++k) {
    std::string name = random_name(rng);
    for (NameList list : kLists) {
      bool expected = reference_match(list, name);
      if (names_match(list, name) != expected) {
        ++disagreements;
        INFO("list " << static_cast<int>(list) << " name \"" << name << "\"");
        CHECK(names_match(list, name) == expected);
      }
    }
    if (disagreements > 10) break;
  }
  CHECK(disagreements == 0);
}

TEST_CASE("names_match: token starts, prefixes and whole tokens") {
  CHECK(names_match(NameList::negative, "post-comments"));      // after '-', as a prefix
  CHECK_FALSE(names_match(NameList::negative, "uncommented"));  // inside a token
  CHECK(names_match(NameList::negative, "top ad"));             // whole token at the end
  CHECK(names_match(NameList::negative, "ad-slot"));
  CHECK_FALSE(names_match(NameList::negative, "admin"));        // "ad" must end its token
  CHECK(names_match(NameList::negative, "x\xC3\xA9" "ads"));    // after a non-ASCII letter
  CHECK(names_match(NameList::unlikely, "site-nav"));
  CHECK_FALSE(names_match(NameList::unlikely, "navigation"));   // "nav" is whole there
  CHECK(names_match(NameList::negative, "navigation"));         // and a prefix here
  CHECK(names_match(NameList::positive, "main-content "));
  CHECK(names_match(NameList::negative, "Post-Comments"));      // names are matched lowered
  CHECK_FALSE(names_match(NameList::negative, "unCommented"));
  CHECK(names_match(NameList::unlikely, "SITE-NAV"));
  CHECK_FALSE(names_match(NameList::positive, " "));
  CHECK_FALSE(names_match(NameList::maybe_content, ""));
  CHECK(names_match(NameList::builder, "elementor-widget-container"));
  CHECK(names_match(NameList::builder, "toc_how-they-work"));
  CHECK_FALSE(names_match(NameList::builder, "tocs"));          // "toc" is whole
  CHECK_FALSE(names_match(NameList::builder, "site-footer"));
  CHECK(names_match(NameList::unlikely, "price-tooltip"));
  CHECK(names_match(NameList::unlikely, "post signature"));
  CHECK(names_match(NameList::review, "product-reviews-content"));
  CHECK(names_match(NameList::review, "reviews"));
  CHECK_FALSE(names_match(NameList::review, "preview-image"));
  // A content word run into a clutter word names the clutter.
  CHECK(names_match(NameList::unlikely, "mainnav"));
  CHECK_FALSE(names_match(NameList::positive, "mainnav"));
  CHECK_FALSE(names_match(NameList::maybe_content, "mainnav"));
  CHECK(names_match(NameList::negative, "postcomment"));
  CHECK_FALSE(names_match(NameList::positive, "postComment"));
  CHECK(names_match(NameList::positive, "mainnav main"));         // another token names content
  CHECK(names_match(NameList::positive, "maincontent"));         // content run into content
  CHECK(names_match(NameList::positive, "textwidget"));          // a page builder's word
  CHECK(names_match(NameList::positive, "main-nav"));            // two tokens: both words count
  CHECK(names_match(NameList::unlikely, "main-nav"));
  for (NameList list : kLists)
    for (std::string_view name : {"a-ad-b", "x -ad-", "_-ad-x", "most-read", "mostread",
                                  "hot-list", "tags2", "tag_", "h-entry", "2body", "\xE4\xB8\xAD" "toc"})
      CHECK(names_match(list, name) == reference_match(list, name));
}

TEST_CASE("names_match: words at every offset, across sixteen-byte blocks and at the end") {
  // The matcher reads names sixteen bytes at a time: a word may start in one
  // block and end in the next, or end the names, with or without a byte
  // after it.
  for (std::string_view word : {"comment", "ad", "nav", "supplemental", "-ad-", "tags", "main"})
    for (std::string_view after : {"", " ", "x", "-", "2"})
      for (std::size_t offset = 0; offset < 40; ++offset) {
        std::string name(offset, 'q');
        if (offset > 0) name.back() = ' ';
        name += std::string(word) + std::string(after);
        for (NameList list : kLists) {
          INFO("list " << static_cast<int>(list) << " name \"" << name << "\"");
          CHECK(names_match(list, name) == reference_match(list, name));
        }
      }
  // Names whose end followed by their start would make a word ("com" +
  // "ment"), of every length up to two blocks: what lies past the end must
  // read as nothing, not as a copy of the text.
  for (std::size_t fill = 0; fill < 26; ++fill) {
    std::string name = "ment" + std::string(fill, '_') + "-com";
    for (NameList list : kLists) {
      INFO("list " << static_cast<int>(list) << " name \"" << name << "\"");
      CHECK(names_match(list, name) == reference_match(list, name));
    }
  }
}

// page_hints of a page against node_hints, element by element.
struct PageAgreement {
  int elements = 0;
  int mismatches = 0;
};
PageAgreement page_hints_agree(const std::string& html) {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<Hints> hints = page_hints(dom);
  PageAgreement agreement;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag == pith::dom::Tag::text) continue;
    ++agreement.elements;
    Hints expected = node_hints(dom, i);
    bool same = hints[i].weight == expected.weight && hints[i].unlikely == expected.unlikely &&
                hints[i].content == expected.content &&
                hints[i].boilerplate_tag == expected.boilerplate_tag;
    if (!same && ++agreement.mismatches <= 5) CHECK(same);
  }
  return agreement;
}

TEST_CASE("page_hints: class lists seen before on the page give the hints node_hints gives") {
  // Many elements, few distinct class lists (long and short, some differing
  // only in the middle, which the memo's key does not read), so most lists
  // are a repeat and some share a slot of the memo.
  std::mt19937 rng(20261202);
  std::vector<std::string> lists;
  for (int k = 0; k < 300; ++k) lists.push_back(random_name(rng));
  lists.push_back("flex items-center sidebar justify-between px-4");
  lists.push_back("flex items-center article justify-between px-4");
  lists.push_back("flex items-center comment justify-between px-4");
  std::uniform_int_distribution<std::size_t> pick(0, lists.size() - 1);
  std::string html = "<html><body>";
  for (int k = 0; k < 5000; ++k) {
    std::string cls;
    for (char c : lists[pick(rng)]) cls += c == '"' ? ' ' : c;
    html += "<div class=\"" + cls + "\" id=\"i" + std::to_string(k % 7) + "\">x</div>";
  }
  html += "</body></html>";
  PageAgreement agreement = page_hints_agree(html);
  CHECK(agreement.elements > 5000);
  CHECK(agreement.mismatches == 0);
}

TEST_CASE("page_hints: names are read everywhere but in subtrees every pass leaves out") {
  // Boilerplate elements with and without declared content inside, nested
  // both ways, names everywhere; a <head> with an itemprop (declared content
  // is read there too).
  const char* html =
      "<html><head><meta itemprop=\"articleBody\" class=\"sidebar\"><title>t</title></head><body>"
      "<nav class=\"menu\"><div class=\"article-body\">a</div><footer id=\"comments\">b</footer></nav>"
      "<nav class=\"menu\"><div class=\"sidebar\"><article class=\"post\">c</article></div>"
      "<aside class=\"related\"><p class=\"share\">d</p></aside><div class=\"promo\">e</div></nav>"
      "<div class=\"content\"><aside role=\"main\" class=\"comment\"><p class=\"text\">f</p></aside>"
      "<footer><div role=\"main\">g</div></footer><div id=\"sidebar\">h</div></div>"
      "<div class=\"share\"><button class=\"like\">i</button></div>"
      "</body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  std::vector<Hints> hints = page_hints(dom);
  pith::extraction::Pass unstripped(dom, hints, pith::extraction::Flags{.strip_unlikely = false});
  pith::extraction::reference::remove_boilerplate(unstripped);
  int read = 0, left_out = 0;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag == pith::dom::Tag::text) continue;
    Hints expected = node_hints(dom, i);
    CAPTURE(i);
    // What tells what is left out is right everywhere.
    CHECK(hints[i].content == expected.content);
    CHECK(hints[i].boilerplate_tag == expected.boilerplate_tag);
    bool names_read = hints[i].weight == expected.weight && hints[i].unlikely == expected.unlikely;
    if (!names_read) {
      // Only where every pass leaves the element out, and then not read at all.
      CHECK(unstripped.dead[i] == 1);
      CHECK(hints[i].weight == 0);
      CHECK(!hints[i].unlikely);
      ++left_out;
    } else if (!unstripped.dead[i]) {
      ++read;
    }
  }
  // The names of the first <nav> (no declared content) and the <aside> and
  // <footer> without it are not read; the others are.
  CHECK(left_out >= 5);
  CHECK(read >= 8);
  // The same pass, from hints with every name read: what is left out is the same.
  std::vector<Hints> all(dom.size());
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag != pith::dom::Tag::text) all[i] = node_hints(dom, i);
  pith::extraction::Pass reference(dom, all, pith::extraction::Flags{.strip_unlikely = false});
  pith::extraction::reference::remove_boilerplate(reference);
  CHECK(reference.dead == unstripped.dead);
}

TEST_CASE("page_hints: deeply nested boilerplate with declared content at the bottom") {
  // Each <aside> holds the <article>, so none is left out and every name is
  // read; the search for declared content does not start over at each level.
  // (400 levels: the Dom keeps 512.)
  std::string html = "<html><body>";
  for (int k = 0; k < 400; ++k) html += "<aside class=\"sidebar\">";
  html += "<article class=\"post\">x</article>";
  html += "</body></html>";
  PageAgreement agreement = page_hints_agree(html);
  CHECK(agreement.elements > 400);
  CHECK(agreement.mismatches == 0);
}

TEST_CASE("read_page_hints: the lists hold every element they name, in document order") {
  // <h1> and containers everywhere: in left-out subtrees (met only by the
  // search for declared content ahead), in boilerplate that holds declared
  // content (met by both), and elsewhere.
  const char* html =
      "<html><head><title>t</title></head><body><h1>top</h1>"
      "<nav><h1>in nav</h1><div class=\"menu\"><h1>deeper</h1></div></nav>"
      "<nav class=\"x\"><h1>before</h1><div><article><h1>in article</h1></article></div>"
      "<footer><h1>in footer</h1></footer><h1>after</h1></nav>"
      "<aside><section><h1 role=\"main\">odd</h1></section></aside>"
      "<main><div class=\"sidebar\"><h1>last</h1><ul><li>x</li></ul></div></main>"
      "</body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  pith::extraction::PageHints page = pith::extraction::read_page_hints(dom);
  std::vector<pith::dom::NodeId> h1, unlikely, declared;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag == pith::dom::Tag::h1) h1.push_back(i);
  CHECK(h1.size() == 9);
  CHECK(page.h1 == h1);
  // The other lists: what the hints say, outside the left-out subtrees.
  pith::extraction::Pass unstripped(dom, page.hints, pith::extraction::Flags{.strip_unlikely = false});
  pith::extraction::remove_left_out(unstripped, page.left_out);
  std::vector<pith::dom::NodeId> containers;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    if (unstripped.dead[i] || dom.nodes[i].tag == pith::dom::Tag::text) continue;
    if (page.hints[i].unlikely) unlikely.push_back(i);
    if (page.hints[i].content) declared.push_back(i);
    if (pith::extraction::judged_by_pruning(dom.nodes[i].tag)) containers.push_back(i);
  }
  CHECK(page.unlikely == unlikely);
  CHECK(page.declared == declared);
  CHECK(page.containers == containers);
  CHECK_FALSE(unlikely.empty());
  CHECK(declared.size() >= 2);
}

TEST_CASE("page_subject_words: the clutter words the last segment of the URL path spells") {
  using pith::extraction::page_subject_words;
  using Words = std::vector<std::string_view>;
  CHECK(page_subject_words("https://www.example.com/categories/ml/rankings") == Words{"ranking"});
  CHECK(page_subject_words("https://www.example.com/vs/community/") == Words{"community"});
  CHECK(page_subject_words("https://example.com/Menu.html?lang=es#top") == Words{"menu"});
  CHECK(page_subject_words("https://example.com/site/tags") == Words{"tag", "tags"});  // whole-token words
  // Not a segment's part, not an earlier segment, not the host, not a query.
  CHECK(page_subject_words("https://example.com/blog/social-media-tips").empty());
  CHECK(page_subject_words("https://example.com/rankings/best-builders").empty());
  CHECK(page_subject_words("https://menu.example.com/").empty());
  CHECK(page_subject_words("https://example.com/page?view=comments").empty());
  CHECK(page_subject_words("https://example.com").empty());
  CHECK(page_subject_words("").empty());
}

TEST_CASE("read_page_hints: what the page's URL names is not clutter on it") {
  const char* html =
      "<html><body><h1>Ranking</h1><ol class=\"ranking-list\" id=\"x\"><li>a</li></ol>"
      "<div id=\"top-ranking\">b</div><div class=\"ranking sidebar\">c</div><div class=\"menu\">d</div>"
      "</body></html>";
  pith::dom::Dom dom = pith::dom::build_dom(html);
  auto element = [&dom](std::string_view text) {
    for (pith::dom::NodeId i = 0; i < dom.size(); ++i)
      if (dom.nodes[i].tag == pith::dom::Tag::text && dom.text(i) == text) return dom.nodes[i].parent;
    return pith::dom::kNoNode;
  };
  const auto list = dom.nodes[element("a")].parent;
  const auto by_id = element("b"), also_sidebar = element("c"), menu = element("d");
  const pith::extraction::PageHints plain = pith::extraction::read_page_hints(dom);
  CHECK(plain.hints[list].unlikely);
  CHECK(plain.hints[by_id].unlikely);
  const pith::extraction::PageHints ranking_page =
      pith::extraction::read_page_hints(dom, {.url = "https://example.com/league/rankings"});
  CHECK_FALSE(ranking_page.hints[list].unlikely);  // class
  CHECK_FALSE(ranking_page.hints[by_id].unlikely);  // id
  CHECK(ranking_page.hints[list].weight == plain.hints[list].weight + pith::extraction::kClassWeight);
  CHECK(ranking_page.hints[also_sidebar].unlikely);  // its other name still says clutter
  CHECK(ranking_page.hints[menu].unlikely);
}

TEST_CASE("node_hints: a heading is not removed for its own clutter-like names") {
  pith::dom::Dom dom = pith::dom::build_dom(
      "<html><body><div class=\"entry\"><h2 class=\"module-caption\">Section</h2>"
      "<div class=\"module-caption\">x</div><h3 id=\"sidebar-title\">Also</h3>"
      "<h4 class=\"entry-header\">Four</h4><div class=\"entry-header\">y</div></div></body></html>");
  int headings = 0, others = 0, headers = 0;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    const pith::dom::Tag tag = dom.nodes[i].tag;
    const Hints h = node_hints(dom, i);
    if (tag == pith::dom::Tag::h2 || tag == pith::dom::Tag::h3) {
      ++headings;
      CHECK_FALSE(h.unlikely);
      CHECK(h.strong_clutter_name);  // still named like clutter where that counts
    } else if (tag == pith::dom::Tag::h4) {
      CHECK_FALSE(h.header_name);
      CHECK_FALSE(h.unlikely);
    } else if (tag == pith::dom::Tag::div && dom.attr(i, pith::dom::Attr::class_) == "module-caption") {
      ++others;
      CHECK(h.unlikely);
      CHECK_FALSE(h.header_name);
    } else if (tag == pith::dom::Tag::div && dom.attr(i, pith::dom::Attr::class_) == "entry-header") {
      ++headers;  // judged by what it holds (header_reads_as_content), not removed for its name alone
      CHECK(h.header_name);
      CHECK_FALSE(h.unlikely);
      CHECK_FALSE(h.strong_clutter_name);
    }
  }
  CHECK(headings == 2);
  CHECK(others == 1);
  CHECK(headers == 1);
}

TEST_CASE("node_hints: a class's conditions and arbitrary values are not names") {
  // Utility-first CSS writes breakpoints, states and selectors into class
  // names: only what follows the last ':' outside brackets names the element.
  pith::dom::Dom dom = pith::dom::build_dom(
      "<html><body>"
      "<pre class=\"p-2 [html.theme-bold.sidebar-filled_&amp;]:bg-tint\">a</pre>"
      "<div class=\"sidebar-filled:px-3 lg:sidebar-list:rounded-none\">b</div>"
      "<div class=\"bg-[url(/img/sidebar.png)] p-4\">c</div>"
      "<div class=\"lg:sidebar px-4\">d</div>"
      "<div class=\"hover:underline comment-list\">e</div>"
      "</body></html>");
  std::vector<bool> unlikely;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i) {
    const pith::dom::Tag tag = dom.nodes[i].tag;
    if (tag == pith::dom::Tag::pre || tag == pith::dom::Tag::div) unlikely.push_back(node_hints(dom, i).unlikely);
  }
  REQUIRE(unlikely.size() == 5);
  CHECK_FALSE(unlikely[0]);
  CHECK_FALSE(unlikely[1]);
  CHECK_FALSE(unlikely[2]);
  CHECK(unlikely[3]);  // the element itself is the sidebar, from a breakpoint on
  CHECK(unlikely[4]);
  // The page's memo of class lists reads them the same way.
  PageAgreement agreement = page_hints_agree(
      "<html><body><div class=\"[html.sidebar_&amp;]:bg-tint-base rounded-md shadow-xs\">x</div>"
      "<div class=\"[html.sidebar_&amp;]:bg-tint-base rounded-md shadow-xs\">y</div>"
      "<div class=\"lg:sidebar\">z</div></body></html>");
  CHECK(agreement.mismatches == 0);
}

namespace {

// The hints of every `tag` element of `dom`, in document order.
std::vector<Hints> hints_of(const pith::dom::Dom& dom, pith::dom::Tag tag) {
  std::vector<Hints> found;
  for (pith::dom::NodeId i = 0; i < dom.size(); ++i)
    if (dom.nodes[i].tag == tag) found.push_back(node_hints(dom, i));
  return found;
}

}  // namespace

TEST_CASE("node_hints: a table named for its header row is not the page's header") {
  pith::dom::Dom dom = pith::dom::build_dom(
      "<html><body><table class=\"wikitable sortable sticky-header\"><tr><th>Year</th></tr>"
      "<tr><td>1901</td></tr></table><div class=\"sticky-header\">Menu</div></body></html>");
  const std::vector<Hints> tables = hints_of(dom, pith::dom::Tag::table);
  const std::vector<Hints> divs = hints_of(dom, pith::dom::Tag::div);
  REQUIRE(tables.size() == 1);
  REQUIRE(divs.size() == 1);
  CHECK_FALSE(tables[0].header_name);
  CHECK(divs[0].header_name);
}

TEST_CASE("node_hints: a section's id that its own heading links to is an anchor, not a name") {
  pith::dom::Dom dom = pith::dom::build_dom(
      "<html><body><section id=\"cookies\"><h2>Cookies<a href=\"#cookies\">¶</a></h2><p>x</p></section>"
      "<div id=\"cookie-notice\"><h2>Cookies</h2><p>We use cookies.</p></div></body></html>");
  const std::vector<Hints> sections = hints_of(dom, pith::dom::Tag::section);
  const std::vector<Hints> divs = hints_of(dom, pith::dom::Tag::div);
  REQUIRE(sections.size() == 1);
  REQUIRE(divs.size() == 1);
  CHECK_FALSE(sections[0].unlikely);
  CHECK(divs[0].unlikely);  // a heading without the permalink: the id names the banner
}
