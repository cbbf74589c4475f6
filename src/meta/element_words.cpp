#include "meta/element_words.hpp"

#include <array>

#include "text/ascii.hpp"
#include "text/byte_filters.hpp"

namespace pith::meta {
namespace {

constexpr std::size_t kShortestNameWord = 5;  // "reply": the shortest word class_name_words looks for

using dom::Attr;
using dom::NodeId;

// The author-card words of a name.
std::uint16_t card_words(std::string_view name) {
  std::uint16_t found = 0;
  if (text::contains_ascii_ci(name, "bio")) found |= kBio;
  if (text::contains_ascii_ci(name, "avatar")) found |= kAvatar;
  if (text::contains_ascii_ci(name, "about")) found |= kAbout;
  if (text::contains_ascii_ci(name, "description")) found |= kDescription;
  return found;
}

// ElementWords' table of names scanned has 2^kSlotBits slots.
constexpr unsigned kSlotBits = 8;

}  // namespace

// Class names are long and many; each thread or byline word holds a pair
// of letters they seldom have ("co mm ent", "r ep ly", "re sp ond",
// "au thor", "by line"), so the names are scanned for the pairs sixteen
// places at a time, and the words are compared only where one is.
std::uint16_t class_name_words(std::string_view name, std::size_t readable) {
  struct Word {
    std::string_view text;
    NameWord bit;
    std::size_t pair;  // where its rare pair of letters starts
  };
  static constexpr Word kWords[] = {{"comment", kComment, 2}, {"reply", kReply, 1}, {"respond", kRespond, 2},
                                    {"author", kAuthor, 0},   {"byline", kByline, 0}};
  std::uint16_t found = 0;
  const std::size_t n = name.size();
  if (n < kShortestNameWord) return found;
  text::for_each_letter_pair<text::LetterPair{'m', 'm'}, text::LetterPair{'e', 'p'}, text::LetterPair{'s', 'p'},
                             text::LetterPair{'a', 'u'}, text::LetterPair{'b', 'y'}>(name, [&](std::size_t at) {
    for (const Word& w : kWords)
      if (at >= w.pair && n - (at - w.pair) >= w.text.size() &&
          text::iequals_ascii(name.substr(at - w.pair, w.text.size()), w.text))
        found |= w.bit;
  }, readable);
  return found;
}

ElementWords::ElementWords(const dom::Dom& dom) : dom_(dom), attr_words_(dom.attrs.size(), 0) {
  const std::string_view pool(dom.pool);
  // A page repeats its class names (a menu's items, a list's cards): each
  // distinct one is scanned once and found again by its slot, which costs
  // less than a scan. Names too short for any word are not looked up.
  struct Scanned {
    std::string_view name;
    std::uint16_t words = 0;
    bool used = false;
  };
  std::array<Scanned, std::size_t{1} << kSlotBits> scanned{};
  for (std::size_t a = 0; a < dom.attrs.size(); ++a) {
    const dom::AttrValue& v = dom.attrs[a];
    if (v.name != Attr::class_ && v.name != Attr::id) continue;
    const std::string_view name = pool.substr(v.offset, v.length);
    if (name.size() < kShortestNameWord) continue;
    Scanned& seen = scanned[text::ends_key_slot<kSlotBits>(name)];
    if (!seen.used || seen.name != name) seen = {name, class_name_words(name, pool.size() - v.offset), true};
    attr_words_[a] = seen.words;
    all_ |= seen.words;
    if (seen.words & kBylineWords) byline_attrs_.push_back(static_cast<std::uint32_t>(a));
  }
}

void ElementWords::find_bylines() {
  bylines_found_ = true;
  const dom::Dom& dom = dom_;
  const std::string_view pool(dom.pool);
  // The elements with a byline word, and their author-card words (or'ed
  // into their first attribute's entry, which operator[] reads too). The
  // elements' attributes are in the elements' order (Dom::attrs), so they
  // come in the order of byline_attrs_: the one holding the next of them is
  // the first whose attributes end past it, and the walk ends with the last.
  std::size_t next = 0;
  for (NodeId id = 0; id < dom.size() && next < byline_attrs_.size(); ++id) {
    const dom::Node& n = dom.nodes[id];
    if (n.attr_count == 0 || n.attr_begin + n.attr_count <= byline_attrs_[next]) continue;
    while (next < byline_attrs_.size() && byline_attrs_[next] < n.attr_begin + n.attr_count) ++next;
    std::uint16_t cards = 0;
    for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) {
      const dom::AttrValue& v = dom.attrs[a];
      if (v.name == Attr::class_ || v.name == Attr::id) cards |= card_words(pool.substr(v.offset, v.length));
    }
    attr_words_[n.attr_begin] |= cards;
    if (!(cards & kAuthorCardWords)) bylines_.push_back(id);
  }
}

}  // namespace pith::meta
