// Comment threads and forum threads: lists of items stamped with a date or a
// time. On an article page such a list is clutter; on a page where it holds
// most of the text (a forum thread, a discussion under a short story) its
// posts are the content.
#pragma once

#include <cstdint>
#include <vector>

#include "extract/pass.hpp"

namespace pith::extraction {

// A container of at least kMinStampedItems items, min_stamped_share of them
// opening with a date or time, half of them holding a sentence. The items are
// the container's element children (or, for a table, its rows).
bool is_stamped_item_list(const Pass& pass, dom::NodeId id, double min_stamped_share);

// Related stories and the like: a container of at least kMinStampedItems
// repeated items (one tag and first class), kClutterStampedShare of them short
// (kTeaserMaxItemLength) and opening with a link, words outside it (an
// excerpt, a date) and carrying a date (in digits or with the month in
// words). Table rows and paragraphs are not teasers.
bool is_teaser_list(const Pass& pass, dom::NodeId id);

// Repeated items (same tag and class), three in four of them carrying their
// own controls: the like / reply / report buttons of comments, however their
// dates are written ("il y a 5 h").
bool is_interactive_item_list(const Pass& pass, dom::NodeId id);

// Whether the container has the kMinStampedItems items that the three tests
// above ask for first: one without them is none of those lists. Pruning asks
// it once, before the three (each of which would count the items again).
bool holds_item_list(const Pass& pass, dom::NodeId id);

struct Discussion {
  dom::NodeId node = dom::kNoNode;
  std::uint32_t length = 0;  // weighted characters of text
};
// The page's discussion: the outermost stamped item list of at least
// `min_posts` items that holds at least kDiscussionShare of the page's text
// (head and boilerplate tags left out), or kNoNode. A list one of whose items
// holds the page's <h1> is the page's layout or its series of stories, not a
// thread. Found by following the chain of nodes that hold most of the text
// down from <body>, so it costs one measure pass.
// `pass` is prepared without strip_unlikely (names do not remove anything);
// `h1`: the page's first <h1> (PageHints::h1), or kNoNode.
Discussion find_discussion(const Pass& pass, dom::NodeId h1, std::size_t min_posts);

// Inside the discussion, names such as "comment" or "reply" describe the
// content: clears their negative weight and unlikely mark, and flags every node
// so that pruning keeps nested reply lists.
void mark_discussion(const dom::Dom& dom, dom::NodeId discussion, std::vector<Hints>& hints);

}  // namespace pith::extraction
