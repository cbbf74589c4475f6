// Microdata: itemprop attributes inside itemscope/itemtype items.
#include "meta/dates.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {
namespace {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

// Does the space-separated itemprop list hold `name`?
bool has_prop(std::string_view props, std::string_view name) {
  std::size_t start = 0;
  while (start < props.size()) {
    std::size_t end = props.find(' ', start);
    if (end == std::string_view::npos) end = props.size();
    if (text::iequals_ascii(props.substr(start, end - start), name)) return true;
    start = end + 1;
  }
  return false;
}

// The value of an itemprop element, as the microdata spec defines it.
std::string prop_value(const dom::Dom& dom, NodeId id) {
  switch (dom.nodes[id].tag) {
    case Tag::meta: return text::collapse_whitespace(dom.attr(id, Attr::content));
    case Tag::a: case Tag::link: return text::collapse_whitespace(dom.attr(id, Attr::href));
    case Tag::img: return text::collapse_whitespace(dom.attr(id, Attr::src));
    case Tag::time:
      if (dom.has_attr(id, Attr::datetime)) return text::collapse_whitespace(dom.attr(id, Attr::datetime));
      break;
    default:
      if (dom.has_attr(id, Attr::content)) return text::collapse_whitespace(dom.attr(id, Attr::content));
      break;
  }
  return element_text(dom, id);
}

// The item an itemprop belongs to: the nearest ancestor that declares an
// itemtype; kNoNode when none does.
NodeId owner_item(const dom::Dom& dom, NodeId id) {
  for (NodeId p = dom.nodes[id].parent; p != kNoNode; p = dom.nodes[p].parent)
    if (dom.has_attr(p, Attr::itemtype)) return p;
  return kNoNode;
}

// A person's name: the nested itemprop=name when the author is an item.
std::string author_name(const dom::Dom& dom, NodeId id) {
  if (dom.nodes[id].tag != Tag::meta) {
    for (NodeId k = id + 1; k < dom.nodes[id].subtree_end; ++k)
      if (has_prop(dom.attr(k, Attr::itemprop), "name")) return clean_author(prop_value(dom, k));
  }
  return clean_author(prop_value(dom, id));
}

}  // namespace

Metadata read_microdata(const dom::Dom& dom, const PageElements& elements) {
  Metadata m;
  NodeId author_owner = kNoNode;  // the item whose authors we take
  // Article items, not counting those inside another one (they end before
  // article_end), up to two: two are a listing's teasers (below).
  std::size_t articles = 0;
  NodeId article_end = 0;
  const dom::Node* nodes = dom.nodes.data();
  for (NodeId i : elements.items) {
    if (dom.has_attr(i, Attr::itemtype) && (m.page_type.empty() || (articles < 2 && i >= article_end))) {
      std::string_view type = dom.attr(i, Attr::itemtype);
      std::string kind = page_type_of(type.substr(0, type.find(' ')));
      // The first item that names a page type; breadcrumbs and the site's
      // organisation say nothing about the page.
      if (m.page_type.empty() && kind != "website") m.page_type = kind;
      if (kind == "article" && i >= article_end) {
        ++articles;
        article_end = nodes[i].subtree_end;
      }
    }
    std::string_view props = dom.attr(i, Attr::itemprop);
    if (props.empty()) continue;
    // Comment items carry authors and dates of their own.
    NodeId owner_id = owner_item(dom, i);
    std::string_view owner = owner_id == kNoNode ? std::string_view() : dom.attr(owner_id, Attr::itemtype);
    if (text::contains_ascii_ci(owner, "comment")) continue;
    if (has_prop(props, "headline") && m.title.empty()) m.title = prop_value(dom, i);
    if (has_prop(props, "name") && m.title.empty() &&
        (page_type_of(owner) == "product" || page_type_of(owner) == "article"))
      m.title = prop_value(dom, i);
    // Authors of the first item that names any; later ones belong to
    // something else (a review, a quoted post).
    if ((has_prop(props, "author") || has_prop(props, "creator")) &&
        (m.authors.empty() || owner_id == author_owner)) {
      add_unique(m.authors, author_name(dom, i));
      if (!m.authors.empty()) author_owner = owner_id;
    }
    if (has_prop(props, "datePublished") && m.date_published.empty())
      m.date_published = normalize_date(prop_value(dom, i));
    if (has_prop(props, "dateCreated") && m.date_published.empty())
      m.date_published = normalize_date(prop_value(dom, i));
    if (has_prop(props, "dateModified") && m.date_modified.empty())
      m.date_modified = normalize_date(prop_value(dom, i));
    if (has_prop(props, "description") && m.description.empty()) m.description = prop_value(dom, i);
    if (has_prop(props, "image") && m.image.empty()) m.image = prop_value(dom, i);
    if (has_prop(props, "keywords") && m.tags.empty()) m.tags = split_list(prop_value(dom, i));
    if (has_prop(props, "articleSection")) add_unique(m.categories, prop_value(dom, i));
    if (has_prop(props, "license") && m.license.empty()) m.license = prop_value(dom, i);
    if (has_prop(props, "inLanguage") && m.language.empty()) m.language = prop_value(dom, i);
  }
  // Two or more article items, neither inside another, are teasers of a
  // listing: the first one's headline, authors and date are not the page's.
  if (articles >= 2) {
    m.title.clear();
    m.authors.clear();
    m.date_published.clear();
    m.date_modified.clear();
    m.page_type = "listing";
  }
  return m;
}

}  // namespace pith::meta
