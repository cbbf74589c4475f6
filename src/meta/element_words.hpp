// The words the byline readers look for in class and id names ("comment",
// "author", ...), found once per page for every element.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "dom/dom.hpp"

namespace pith::meta {

// Words the readers look for in class and id names, one bit each.
enum NameWord : std::uint16_t {
  kComment = 1 << 0, kReply = 1 << 1, kRespond = 1 << 2,  // comment threads
  kAuthor = 1 << 3, kByline = 1 << 4,                     // bylines
  kBio = 1 << 5, kAvatar = 1 << 6, kAbout = 1 << 7, kDescription = 1 << 8,  // author cards, not bylines
};
constexpr std::uint16_t kCommentWords = kComment | kReply | kRespond;
constexpr std::uint16_t kBylineWords = kAuthor | kByline;
constexpr std::uint16_t kAuthorCardWords = kBio | kAvatar | kAbout | kDescription;

// Which of the comment-thread and byline words `name` contains, ignoring
// ASCII case (as text::contains_ascii_ci would find them). Reads no byte
// past `readable` bytes from its start (its end when less). The author-card
// words matter only beside a byline word and are left to ElementWords.
std::uint16_t class_name_words(std::string_view name, std::size_t readable = 0);

// The words of every element's class and id, found in one pass over the
// page's attributes (a dense array; a pass over the elements tests every
// node for attributes): the line builder, the comment test and the
// author-element reader ask about nearly every element that has a class or
// an id. The few elements named as bylines are listed too, when first asked
// for (a page whose structured data names its author is not asked).
class ElementWords {
 public:
  explicit ElementWords(const dom::Dom& dom);
  std::uint16_t operator[](dom::NodeId id) const {
    const dom::Node& n = dom_.nodes[id];
    std::uint16_t found = 0;
    for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) found |= attr_words_[a];
    return found;
  }
  // Does some element's class or id hold one of `words`?
  bool any(std::uint16_t words) const { return (all_ & words) != 0; }
  // The elements with a byline word and no author-card word, in document
  // order. From this call on, an element's words (operator[]) include its
  // author-card words.
  const std::vector<dom::NodeId>& bylines() {
    if (!bylines_found_) find_bylines();
    return bylines_;
  }

 private:
  const dom::Dom& dom_;
  std::vector<std::uint16_t> attr_words_;  // per attribute: the words of a class or id, else 0
  std::uint16_t all_ = 0;                  // the words of all the page's classes and ids
  std::vector<std::uint32_t> byline_attrs_;  // the attributes with a byline word, in order
  std::vector<dom::NodeId> bylines_;
  bool bylines_found_ = false;
  void find_bylines();
};

// Comment threads have authors and dates of their own.
inline bool is_comment_container(const dom::Dom& dom, const ElementWords& words, dom::NodeId id) {
  // Page-level elements named for the page ("comments-page") hold the article too.
  switch (dom.nodes[id].tag) {
    case dom::Tag::html: case dom::Tag::body: case dom::Tag::main: case dom::Tag::article: case dom::Tag::text:
      return false;
    default: return (words[id] & kCommentWords) != 0;
  }
}

}  // namespace pith::meta
