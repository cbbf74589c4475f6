#include "extract/comments.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <string>

#include "extract/heuristics.hpp"
#include "meta/dates.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::extraction {
namespace {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

// A comment item names its author in a short element.
constexpr std::size_t kMaxAuthorBytes = 80;
// A name shown without any hint is short.
constexpr std::size_t kMaxNameBytes = 40;
// How far up a comment-named ancestor still makes a list a comment thread.
constexpr int kHintAncestors = 4;

bool named(const dom::Dom& dom, NodeId id, std::initializer_list<std::string_view> words) {
  std::string_view cls = dom.attr(id, Attr::class_), ident = dom.attr(id, Attr::id),
                   type = dom.attr(id, Attr::itemtype);
  for (std::string_view w : words)
    if (text::contains_ascii_ci(cls, w) || text::contains_ascii_ci(ident, w) ||
        text::contains_ascii_ci(type, w))
      return true;
  return false;
}

bool comment_named(const dom::Dom& dom, NodeId id) {
  return named(dom, id, {"comment", "coment", "koment", "komment", "disqus", "reaction"});
}

// Forms, reply links and "leave a comment" boxes are named like comments too.
bool is_comment_form(const dom::Dom& dom, NodeId id) {
  return dom.nodes[id].tag == Tag::form || named(dom, id, {"respond", "form", "reply-title", "count"});
}

std::vector<NodeId> element_children(const dom::Dom& dom, NodeId id) {
  std::vector<NodeId> out;
  for (NodeId c = dom.nodes[id].first_child; c != kNoNode; c = dom.nodes[c].next_sibling)
    if (dom.nodes[c].tag != Tag::text) out.push_back(c);
  return out;
}

// Clock times, full dates and "3 days ago" as comment stamps show them.
const RE2& stamp_pattern() {
  static const RE2 re(
      R"((?i)(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4})|(?:\d{4}[-/年]\d{1,2})|(?:\b\d{1,2}:\d{2}\b))"
      R"(|(?:\b\d+\s*(?:second|minute|hour|day|week|month|year|min|hr|h|d)s?\s+ago\b))"
      R"(|(?:\b(?:il y a|hace|vor|há|fa)\s+\d+)|(?:\b\d+\s*(?:h|min|d|j)\b))"
      R"(|(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}))"
      R"(|(?:\b\d{1,2}\.?\s+\p{L}+\.?\s+\d{4}))");
  return re;
}

class ThreadReader {
 public:
  explicit ThreadReader(const dom::Dom& dom) : dom_(dom) {}

  std::vector<Comment> run() {
    std::vector<std::pair<NodeId, Comment>> found;
    for (NodeId i = 0; i < dom_.size(); ++i) {
      if (dom_.nodes[i].tag == Tag::text || is_comment_form(dom_, i)) continue;
      std::vector<NodeId> items = comment_items(i);
      if (items.empty()) continue;
      // Items in document order; replies nested inside an item are found when
      // the scan reaches their own list.
      for (NodeId item : items) {
        if (already_read(item)) continue;
        read_.push_back({item, own_end(item)});
        Comment c = read_item(item);
        if (!c.text.empty()) found.emplace_back(item, std::move(c));
      }
    }
    // Replies are found after their thread's top level; document order puts
    // each right after the comment it answers.
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Comment> out;
    for (auto& [item, c] : found) out.push_back(std::move(c));
    return out;
  }

 private:
  // The element children of `id` when they form a comment thread, else none.
  std::vector<NodeId> comment_items(NodeId id) {
    std::vector<NodeId> children = element_children(dom_, id);
    if (children.size() < 2 && !(children.size() == 1 && has_hinted_ancestor(id))) return {};
    std::vector<NodeId> items;
    std::size_t considered = 0, named_items = 0;
    for (NodeId c : children) {
      // A heading ("3 comments"), a box holding one, or a nested form is not
      // an item: comments have no headings, articles do.
      if (dom::is_heading(dom_.nodes[c].tag) || is_comment_form(dom_, c) || holds_heading(c)) continue;
      ++considered;
      if (author_node(c) != kNoNode && has_stamp(c)) {
        items.push_back(c);
        named_items += comment_named(dom_, c);
      }
    }
    bool hinted = has_hinted_ancestor(id) || named_items * 2 > items.size();
    if (!hinted || items.empty() || items.size() * 4 < considered * 3) return {};
    return items;
  }

  bool holds_heading(NodeId id) const {
    for (NodeId k = id + 1; k < dom_.nodes[id].subtree_end; ++k)
      if (dom::is_heading(dom_.nodes[k].tag)) return true;
    return false;
  }

  bool has_hinted_ancestor(NodeId id) const {
    int up = 0;
    for (NodeId p = id; p != kNoNode && up <= kHintAncestors; p = dom_.nodes[p].parent, ++up)
      if (comment_named(dom_, p) && !is_comment_form(dom_, p)) return true;
    return false;
  }

  // The end of the part of `item` that is its own: before a nested reply list
  // (named so, or holding an element of the item's own tag and first class:
  // a reply shaped like its parent).
  NodeId own_end(NodeId item) const {
    NodeId end = dom_.nodes[item].subtree_end;
    std::string_view item_class = text::first_token(dom_.attr(item, Attr::class_));
    for (NodeId k = item + 1; k < end; ++k) {
      Tag t = dom_.nodes[k].tag;
      if ((t == Tag::ol || t == Tag::ul || t == Tag::div || t == Tag::section) &&
          named(dom_, k, {"children", "replies", "reply-list", "comment-list", "comments"}))
        return k;
      if (t == dom_.nodes[item].tag && !item_class.empty() &&
          text::first_token(dom_.attr(k, Attr::class_)) == item_class) {
        NodeId parent = dom_.nodes[k].parent;
        return parent != item ? parent : k;
      }
    }
    return end;
  }

  NodeId author_node(NodeId item) const {
    NodeId named_author = hinted_author_node(item);
    return named_author != kNoNode ? named_author : first_short_label(item);
  }

  // Pages with generated class names give no hint: the author is then the
  // first short piece of text of the item (a name, not a sentence, not a
  // number, not the stamp).
  NodeId first_short_label(NodeId item) const {
    NodeId end = own_end(item);
    for (NodeId k = item + 1; k < end; ++k) {
      const dom::Node& n = dom_.nodes[k];
      if (n.tag == Tag::text || n.first_child == kNoNode || n.first_child != n.last_child ||
          dom_.nodes[n.first_child].tag != Tag::text)
        continue;
      std::string t = meta::element_text(dom_, k);
      if (t.size() < 2 || t.size() > kMaxNameBytes) return kNoNode;
      text::TextCounts counts = text::count_text(t);
      if (counts.sentence_ends > 1 || counts.digits * 2 > counts.chars || RE2::PartialMatch(t, stamp_pattern()))
        return kNoNode;
      return k;
    }
    return kNoNode;
  }

  NodeId hinted_author_node(NodeId item) const {
    NodeId end = own_end(item);
    for (NodeId k = item + 1; k < end; ++k) {
      const dom::Node& n = dom_.nodes[k];
      if (n.tag == Tag::text) continue;
      bool author = n.tag == Tag::cite ||
                    text::contains_ascii_ci(dom_.attr(k, Attr::itemprop), "author") ||
                    named(dom_, k, {"author", "user", "username", "nick", "poster", "fn", "name"});
      if (!author) continue;
      std::string name = meta::element_text(dom_, k);
      if (!name.empty() && name.size() <= kMaxAuthorBytes) return k;
    }
    return kNoNode;
  }

  bool has_stamp(NodeId item) const {
    NodeId end = own_end(item);
    for (NodeId k = item + 1; k < end; ++k)
      if (dom_.nodes[k].tag == Tag::time) return true;
    std::string head;
    for (NodeId k = item; k < end && head.size() < kCommentStampSearchBytes; ++k)
      if (dom_.nodes[k].tag == Tag::text) {
        head.append(dom_.text(k));
        head.push_back(' ');
      }
    return RE2::PartialMatch(head, stamp_pattern());
  }

  std::string date_of(NodeId item) const {
    NodeId end = own_end(item);
    for (NodeId k = item + 1; k < end; ++k)
      if (dom_.nodes[k].tag == Tag::time) {
        std::string iso = meta::normalize_date(dom_.attr(k, Attr::datetime));
        if (iso.empty()) iso = meta::find_date_in_text(meta::element_text(dom_, k));
        if (!iso.empty()) return iso;
      }
    std::string head;
    for (NodeId k = item; k < end && head.size() < kCommentStampSearchBytes; ++k)
      if (dom_.nodes[k].tag == Tag::text) {
        head.append(dom_.text(k));
        head.push_back(' ');
      }
    return meta::find_date_in_text(head);
  }

  static std::string clean_name(std::string name) {
    // "Jane says:", "Jane schreibt:", "Jane a écrit :"
    for (std::string_view tail : {" says:", " said:", " says", " schreibt:", " a écrit :", " a écrit:",
                                  " dice:", " disse:", " napisał:", ":"}) {
      if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
        name.erase(name.size() - tail.size());
    }
    return text::collapse_whitespace(name);
  }

  // The comment's body: an element named like a body, else its paragraphs,
  // else its text without the author/date header.
  std::string body_of(NodeId item, NodeId author) const {
    NodeId end = own_end(item);
    NodeId best = kNoNode;
    std::size_t best_size = 0;
    for (NodeId k = item + 1; k < end; ++k) {
      if (dom_.nodes[k].tag == Tag::text) continue;
      bool body = text::contains_ascii_ci(dom_.attr(k, Attr::itemprop), "text") ||
                  named(dom_, k, {"content", "body", "text", "message", "entry"});
      if (!body || named(dom_, k, {"author", "meta", "footer", "header"})) continue;
      std::string t = text_between(k, std::min(dom_.nodes[k].subtree_end, end));
      if (t.size() > best_size) {
        best = k;
        best_size = t.size();
      }
    }
    if (best != kNoNode) return text_between(best, std::min(dom_.nodes[best].subtree_end, end));
    std::string paragraphs;
    for (NodeId k = item + 1; k < end; ++k) {
      if (dom_.nodes[k].tag != Tag::p) continue;
      std::string t = meta::element_text(dom_, k);
      if (t.empty()) continue;
      if (!paragraphs.empty()) paragraphs += "\n\n";
      paragraphs += t;
      k = dom_.nodes[k].subtree_end - 1;
    }
    if (!paragraphs.empty()) return paragraphs;
    // Everything after the author's element.
    NodeId from = author == kNoNode ? item : dom_.nodes[author].subtree_end;
    return text_between(from, end);
  }

  // Collapsed text of the nodes [from, end), links that only say "Reply" dropped.
  std::string text_between(NodeId from, NodeId end) const {
    std::string out;
    bool pending = false;
    for (NodeId k = from; k < end; ++k) {
      const dom::Node& n = dom_.nodes[k];
      if (n.tag == Tag::text) {
        text::append_collapsed(out, dom_.text(k), pending);
      } else if (n.tag == Tag::time || n.tag == Tag::form || n.tag == Tag::button ||
                 named(dom_, k, {"reply", "meta", "avatar", "vote", "like"})) {
        k = n.subtree_end - 1;
        pending = true;
      } else if (dom::is_block(n.tag) || n.tag == Tag::br) {
        pending = true;
      }
    }
    return out;
  }

  Comment read_item(NodeId item) const {
    Comment c;
    NodeId author = author_node(item);
    if (author != kNoNode) c.author = clean_name(meta::element_text(dom_, author));
    c.date = date_of(item);
    c.text = body_of(item, author);
    return c;
  }

  // An item inside the own part of one already read is that comment's
  // body seen again (a wrapper with a single child), not a new comment.
  bool already_read(NodeId item) const {
    for (const auto& [begin, end] : read_)
      if (item >= begin && item < end) return true;
    return false;
  }

  const dom::Dom& dom_;
  std::vector<std::pair<NodeId, NodeId>> read_;  // [item, own end) of comments read
};

}  // namespace

std::vector<Comment> find_comments(const dom::Dom& dom) { return ThreadReader(dom).run(); }

}  // namespace pith::extraction
