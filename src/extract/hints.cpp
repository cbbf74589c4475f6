#include "extract/hints.hpp"

#include <re2/re2.h>

#include <string>
#include <unordered_map>

#include "extract/heuristics.hpp"
#include "text/ascii.hpp"

namespace pith::extraction {
namespace {

using dom::Attr;
using dom::Tag;

// A token starts after the beginning or a non-alphanumeric character.
#define PITH_TOKEN_START "(?:^|[^a-z0-9])"

const RE2& positive_names() {
  static const RE2 re(PITH_TOKEN_START
                      "(?:article|body|content|entry|hentry|h-entry|main|post|text|blog|story|"
                      "prose|markdown|richtext|rich-text|single|detail)");
  return re;
}

const RE2& negative_names() {
  static const RE2 re(PITH_TOKEN_START
                      "(?:ads?(?:$|[^a-z0-9])|advert|banner|combx|comment|com-|contact|footer|"
                      "foot(?:$|[^a-z0-9])|gdpr|masthead|outbrain|taboola|promo|related|"
                      "share|sharing|shoutbox|sidebar|side-bar|skyscraper|sponsor|shopping|tags?(?:$|[^a-z0-9])|"
                      "widget|cookie|consent|newsletter|subscri|social|breadcrumb|nav|menu|"
                      "author|bio(?:$|[^a-z0-9])|disclaim|trending|popular|recommend|reply|replies|"
                      "rating|vote|likes?(?:$|[^a-z0-9])|counter|toolbar|signup|login|modal|"
                      "popup|overlay|hidden|pagination|pager|rss|disqus|community|"
                      "most-?read|hot-?list|ranking|copyright|infobox|navbox|reflist|references|"
                      "catlinks|toc(?:$|[^a-z0-9]))");
  return re;
}

// Clutter names strong enough to remove a node before scoring, unless the same
// node is also named like content.
const RE2& unlikely_names() {
  static const RE2 re(PITH_TOKEN_START
                      "(?:-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|"
                      "disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|"
                      "shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|"
                      "pagination|pager|popup|cookie|consent|newsletter|share|sharing|disclaim|"
                      "trending|popular|recommend|navbar|nav(?:$|[^a-z0-9])|most-?read|ranking|"
                      "navbox|reflist|catlinks|caption|credit)");
  return re;
}

const RE2& maybe_content_names() {
  static const RE2 re(PITH_TOKEN_START "(?:and|article|body|column|content|main|shadow)");
  return re;
}

std::string lowered_names(const dom::Dom& dom, dom::NodeId id) {
  std::string_view cls = dom.attr(id, Attr::class_);
  std::string_view ident = dom.attr(id, Attr::id);
  std::string s;
  s.reserve(cls.size() + ident.size() + 1);
  s.append(cls);
  s.push_back(' ');
  s.append(ident);
  for (char& c : s) c = text::ascii_lower(c);
  return s;
}


// What the class and id names say: the expensive part (four RE2 matches).
struct NameHints {
  int weight = 0;
  bool unlikely = false;
};

NameHints name_hints(const dom::Dom& dom, dom::NodeId id) {
  std::string names = lowered_names(dom, id);
  NameHints h;
  if (RE2::PartialMatch(names, positive_names())) h.weight += kClassWeight;
  if (RE2::PartialMatch(names, negative_names())) h.weight -= kClassWeight;
  h.unlikely = RE2::PartialMatch(names, unlikely_names()) &&
               !RE2::PartialMatch(names, maybe_content_names());
  return h;
}

// What the tag, role and itemprop say.
Hints tag_hints(const dom::Dom& dom, dom::NodeId id) {
  Hints h;
  Tag tag = dom.nodes[id].tag;
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
  std::string_view role = dom.attr(id, Attr::role);
  if (!role.empty()) {
    if (text::iequals_ascii(role, "navigation") || text::iequals_ascii(role, "banner") || text::iequals_ascii(role, "contentinfo") ||
        text::iequals_ascii(role, "complementary") || text::iequals_ascii(role, "menu") || text::iequals_ascii(role, "menubar") ||
        text::iequals_ascii(role, "search") || text::iequals_ascii(role, "dialog") || text::iequals_ascii(role, "alert") ||
        text::iequals_ascii(role, "toolbar"))
      h.boilerplate_tag = true;
    else if (text::iequals_ascii(role, "main") || text::iequals_ascii(role, "article"))
      h.content = true;
  }
  std::string_view itemprop = dom.attr(id, Attr::itemprop);
  if (!itemprop.empty() && (text::iequals_ascii(itemprop, "articlebody") || text::iequals_ascii(itemprop, "text") ||
                            text::iequals_ascii(itemprop, "reviewbody")))
    h.content = true;

  return h;
}

}  // namespace

Hints node_hints(const dom::Dom& dom, dom::NodeId id) {
  Hints h = tag_hints(dom, id);
  if (dom.attr(id, Attr::class_).empty() && dom.attr(id, Attr::id).empty()) return h;
  NameHints names = name_hints(dom, id);
  h.weight += names.weight;
  h.unlikely = names.unlikely;
  return h;
}

std::vector<Hints> page_hints(const dom::Dom& dom) {
  std::vector<Hints> hints(dom.size());
  std::unordered_map<std::string, NameHints> seen;
  std::string key;
  for (dom::NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag == Tag::text) continue;
    Hints h = tag_hints(dom, i);
    std::string_view cls = dom.attr(i, Attr::class_);
    std::string_view ident = dom.attr(i, Attr::id);
    if (!cls.empty() || !ident.empty()) {
      key.assign(cls);
      key.push_back('\0');
      key.append(ident);
      auto it = seen.find(key);
      if (it == seen.end()) it = seen.emplace(key, name_hints(dom, i)).first;
      h.weight += it->second.weight;
      h.unlikely = it->second.unlikely;
    }
    hints[i] = h;
  }
  return hints;
}

}  // namespace pith::extraction
