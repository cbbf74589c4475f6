// The page's comment thread, as data of its own (Options::include_comments).
#pragma once

#include <vector>

#include "dom/dom.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

// Finds comment threads: a container named like comments (comment, kommentar,
// commentaire, comentario, komentarz, disqus; on itself, an ancestor or its
// items) whose items nearly all carry an author and a date. Nested replies
// come out as comments of their own, in document order. Empty when the page
// has no such thread.
std::vector<Comment> find_comments(const dom::Dom& dom);

}  // namespace pith::extraction
