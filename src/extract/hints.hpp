// What a node's markup says about it: class and id tokens, ARIA roles,
// schema.org properties and the tag itself. Word lists are matched at the
// start of a class/id token ("comment" matches "comment-list" and
// "post-comments" but not "uncommented"), so they work for any naming scheme.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "dom/dom.hpp"
#include "extract/rule.hpp"

namespace pith::extraction {

// One per node of the page, read by every pass: kept to 8 bytes (the
// weight is -kClassWeight, 0 or +kClassWeight).
struct Hints {
  std::int16_t weight = 0;  // +kClassWeight for content-like names, -kClassWeight for clutter-like
  bool unlikely = false;  // named like clutter and not also like content, or a photo caption: removed before scoring
  bool content = false;   // declared as the main content (itemprop=articleBody, role=main, <main>, <article>)
  bool boilerplate_tag = false;  // nav, aside, footer, form controls, role=navigation...
  bool discussion = false;       // inside the page's dominant discussion (see discussion.hpp)
  // Named with a word of the unlikely list, whatever content-like names it
  // also has ("comment-body"): a clutter name no amount of prose excuses.
  bool strong_clutter_name = false;
  // Named like a header ("header", "site-header", "entry-header") and not
  // like content: removed before scoring unless it reads as content
  // (header_reads_as_content, select.cpp).
  bool header_name = false;
};
static_assert(sizeof(Hints) <= 8, "a Hints per node: keep it small");

// The class/id word lists (hints.cpp): content-like, clutter-like, clutter
// removed before scoring, headers (removed unless they read as content), the
// content-like names that veto those removals, and the clutter words that
// say how a page is built rather than what a block is (the prose they hold
// is judged by its sentences: kBuilderNamedProseSentences), and the words
// for customer reviews (clutter on a product page only: PageReading), those
// of cookie and consent prompts (clutter in every pass), and the author's
// box (its prose is the writer's, not the story's: prune.cpp, prune_rule;
// content.cpp, find_lead).
enum class NameList { positive, negative, unlikely, header, maybe_content, builder, review, consent, author };
// Whether a word of `list` starts a token of `names` (class and id joined by
// a space; ASCII case does not matter).
bool names_match(NameList list, std::string_view names);
// Whether a word of `list` starts a token of the element's class or id.
bool element_named(NameList list, const dom::Dom& dom, dom::NodeId id);
// Whether the page asks search engines not to quote the element (Google's
// data-nosnippet): a writer's bio, an affiliate notice, a newsletter box, a
// footer. The site's own word, in no language; inside the content it is
// pruned (prune.cpp), beside it it never joins the selection (select.cpp)
// nor is the lead (content.cpp). On WCXB's pages
// (train + dev) no marked element pith kept was in the gold.
inline bool marked_no_snippet(const dom::Dom& dom, dom::NodeId id) {
  return dom.has_attr(id, dom::Attr::data_nosnippet);
}
// The words of a list: prefixes of a token, and words that must also end it.
struct NameWords {
  std::span<const std::string_view> prefixes;
  std::span<const std::string_view> whole_tokens;
};
NameWords name_words(NameList list);

Hints node_hints(const dom::Dom& dom, dom::NodeId id);

// The hints of every element of `dom` (text nodes get none). Class lists
// seen before on the page are looked up rather than matched again.
// Inside a subtree that every pass leaves out (the removal, pass.hpp: <head>,
// boilerplate elements holding no declared content, and with
// PageReading::reviews_are_clutter the reviews), the names are not
// read: weight and unlikely are left at 0 and false there (the other hints,
// which tell what is left out, are node_hints').
std::vector<Hints> page_hints(const dom::Dom& dom);

// A subtree every pass leaves out, and why.
struct LeftOut {
  dom::NodeId root;
  Rule rule;
};

// page_hints(), and the elements the passes pick by their hints, found on
// the way: each list in document order, so that no pass searches the page
// for them.
struct PageHints {
  std::vector<Hints> hints;
  // The roots of the subtrees every pass leaves out (see page_hints; those
  // inside one are not listed), and the text nodes of machine text
  // (machine_text.hpp), each with the rule that left it out: what the
  // removal (pass.hpp) removes from a pass that keeps clutter-named nodes.
  std::vector<LeftOut> left_out;
  // The elements outside those subtrees named like clutter (Hints::unlikely)
  // or like a header (Hints::header_name): the candidates for removal by name.
  std::vector<dom::NodeId> unlikely;
  // The elements outside those subtrees declared as content (Hints::content).
  std::vector<dom::NodeId> declared;
  // The elements outside those subtrees that prune_content judges
  // (judged_by_pruning, by tag).
  std::vector<dom::NodeId> containers;
  // Every <h1> of the page, those subtrees included (the headline may be
  // anywhere).
  std::vector<dom::NodeId> h1;
};
// What the page as a whole says about how its names read.
struct PageReading {
  // A product page's customer reviews (NameList::review, a schema.org
  // review) are clutter, whatever else they are named.
  bool reviews_are_clutter = false;
  // The page's asides, footers and dialogs (by tag or role) are read like
  // any element rather than left out with its navigation: for a page whose
  // text sits only there (is_page_region).
  bool page_regions_kept = false;
  // A poll or survey form (is_poll) is clutter: on a page that declares an
  // article, under the story.
  bool polls_are_clutter = false;
  // The page's address. A clutter word that the last segment of its path
  // spells ("/rankings", "/community/") says what the page is: elements
  // named by it are not clutter there (page_subject_words).
  std::string_view url;
};
PageHints read_page_hints(const dom::Dom& dom, PageReading reading = {});

// The clutter words (NameList::negative and NameList::unlikely) that the
// last segment of `url`'s path spells, alone or plural (+s, +es), in list
// order: "https://x.com/categories/ml/rankings" gives "ranking". Only the
// whole segment counts ("/social-media-tips" names no "social"), and only
// the last: "/community/threads/..." is a thread filed under a community,
// "/vs/community/" the community's own page.
std::vector<std::string_view> page_subject_words(std::string_view url);

// An aside, a footer or a dialog (by tag, or by role: complementary,
// contentinfo, dialog): parts of a page that may hold prose (an author box,
// a site's "about" lines, an article opened over a list), unlike its
// navigation, menus and form controls.
bool is_page_region(dom::Tag tag, std::string_view role);

}  // namespace pith::extraction
