// JSON-LD: schema.org objects in <script type="application/ld+json">.
#include <nlohmann/json.hpp>

#include <deque>
#include <unordered_map>

#include "extract/article_body.hpp"
#include "meta/dates.hpp"
#include "meta/json_ld_parse.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"

namespace pith::meta {
namespace {

using Json = nlohmann::json;
using dom::NodeId;
using dom::Tag;

// Pages wrap JSON-LD in HTML comments or CDATA markers for old browsers.
// Each marker becomes a space; `out` receives the result when there was one
// (false: none, `body` is as it is).
bool unwrap(const std::string& body, std::string& out) {
  // Every marker holds '<' or '>', which most scripts do not.
  if (body.find('<') == std::string::npos && body.find('>') == std::string::npos) return false;
  const std::string* text = &body;
  bool changed = false;
  for (std::string_view marker : {"<!--", "-->", "//<![CDATA[", "//]]>", "<![CDATA[", "]]>"}) {
    std::size_t at = text->find(marker);
    if (at == std::string::npos) continue;
    std::string replaced;
    replaced.reserve(text->size());
    std::size_t kept = 0;  // where the text after the last marker starts
    for (; at != std::string::npos; at = text->find(marker, kept)) {
      replaced.append(*text, kept, at - kept).push_back(' ');
      kept = at + marker.size();
    }
    replaced.append(*text, kept, std::string::npos);
    out = std::move(replaced);
    text = &out;
    changed = true;
  }
  return changed;
}

std::string string_of(const Json& v) {
  if (v.is_string()) return text::collapse_whitespace(v.get<std::string>());
  if (v.is_number()) return v.dump();
  return {};
}

// All type names of an object ("@type" may be a string or an array).
std::vector<std::string> types_of(const Json& obj) {
  std::vector<std::string> out;
  auto it = obj.find("@type");
  if (it == obj.end()) return out;
  if (it->is_string()) out.push_back(it->get<std::string>());
  else if (it->is_array())
    for (const Json& t : *it)
      if (t.is_string()) out.push_back(t.get<std::string>());
  return out;
}

// How good a main entity an object is: an article beats a page, which beats
// the site, an organisation or a breadcrumb list.
int entity_rank(const Json& obj) {
  int best = 0;
  for (const std::string& t : types_of(obj)) {
    std::string kind = page_type_of(t);
    int rank = 0;
    if (kind == "article" || kind == "documentation") rank = 6;
    else if (kind == "forum" || kind == "product" || kind == "recipe") rank = 5;
    // A bare Person (or Organization) is the site's owner or an author,
    // named in most graphs; only a ProfilePage makes a person the page.
    else if (kind == "video" || kind == "listing" || (kind == "profile" && !text::iequals_ascii(t, "Person")))
      rank = 3;
    else if (text::iequals_ascii(t, "WebPage") || text::iequals_ascii(t, "ItemPage")) rank = 2;
    best = std::max(best, rank);
  }
  return best;
}

class Reader {
 public:
  // With `article_body`, the script's longest articleBody string is kept
  // there (extraction::json_ld_article_body's answer, which reads the
  // script as it is, unwrapped or not).
  void add_script(const std::string& body, std::string* article_body) {
    // The trees are kept until the end: the page's scripts share one bound.
    if (parsed_bytes_ + body.size() > kMaxJsonLdPageBytes) return;
    parsed_bytes_ += body.size();
    std::string unwrapped;
    const bool wrapped = unwrap(body, unwrapped);
    Json parsed = parse_json_ld(wrapped ? unwrapped : body);
    if (article_body) {
      if (!wrapped) {
        if (!parsed.is_discarded()) extraction::keep_longest_article_body(parsed, *article_body);
      } else if (Json as_is = parse_json_ld(body); !as_is.is_discarded()) {
        extraction::keep_longest_article_body(as_is, *article_body);
      }
    }
    if (parsed.is_discarded()) return;  // malformed: skipped, never fatal
    // A deque never moves its elements, so pointers into earlier trees stay valid.
    trees_.push_back(std::move(parsed));
    collect(trees_.back(), 0);
  }

  // With `product_description`, the main entity's description as written
  // (its line breaks kept) goes there when the entity is the page's one
  // product (a category page declares each of its products).
  Metadata result(std::string* product_description) {
    Metadata m;
    const Json* main = nullptr;
    int main_rank = 0;
    for (const Json* obj : objects_) {
      int rank = entity_rank(*obj);
      if (rank > main_rank) {
        main = obj;
        main_rank = rank;
      }
    }
    for (const Json* obj : objects_) {
      for (const std::string& t : types_of(*obj)) {
        if (text::iequals_ascii(t, "WebSite") && m.site_name.empty()) m.site_name = string_of(value(*obj, "name"));
        if (text::iequals_ascii(t, "BreadcrumbList")) breadcrumb_categories(*obj, m);
      }
    }
    if (!main) return m;
    const Json& o = *main;
    for (const std::string& t : types_of(o))
      if (m.page_type.empty()) m.page_type = page_type_of(t);
    m.title = string_of(value(o, "headline"));
    if (m.title.empty()) m.title = string_of(value(o, "name"));
    authors(value(o, "author"), m.authors);
    if (m.authors.empty()) authors(value(o, "creator"), m.authors);
    m.date_published = normalize_date(string_of(value(o, "datePublished")));
    if (m.date_published.empty()) m.date_published = normalize_date(string_of(value(o, "dateCreated")));
    if (m.date_published.empty()) m.date_published = normalize_date(string_of(value(o, "uploadDate")));
    m.date_modified = normalize_date(string_of(value(o, "dateModified")));
    m.description = string_of(value(o, "description"));
    if (product_description && m.page_type == "product" && declared_products() == 1 &&
        value(o, "description").is_string())
      *product_description = value(o, "description").get<std::string>();
    m.image = image_url(value(o, "image"));
    if (m.image.empty()) m.image = image_url(value(o, "thumbnailUrl"));
    m.language = string_of(value(o, "inLanguage"));
    m.license = string_of(value(o, "license"));
    const Json& publisher = resolve(value(o, "publisher"));
    if (m.site_name.empty() && publisher.is_object()) m.site_name = string_of(value(publisher, "name"));
    const Json& keywords = value(o, "keywords");
    if (keywords.is_array()) {
      for (const Json& k : keywords) add_unique(m.tags, string_of(k));
    } else {
      m.tags = split_list(string_of(keywords));
    }
    const Json& section = value(o, "articleSection");
    if (section.is_array()) {
      std::vector<std::string> sections;
      for (const Json& s : section) add_unique(sections, string_of(s));
      if (!sections.empty()) m.categories = std::move(sections);
    } else if (!string_of(section).empty()) {
      m.categories = {string_of(section)};
    }
    return m;
  }

 private:
  // How many objects of the graphs are products.
  std::size_t declared_products() const {
    std::size_t n = 0;
    for (const Json* obj : objects_)
      for (const std::string& t : types_of(*obj)) n += page_type_of(t) == "product";
    return n;
  }

  static const Json& null_json() {
    static const Json null;
    return null;
  }

  static const Json& value(const Json& obj, const char* key) {
    if (!obj.is_object()) return null_json();
    auto it = obj.find(key);
    return it == obj.end() ? null_json() : *it;
  }

  // {"@id": "#person-1"} refers to an object elsewhere in the graph.
  const Json& resolve(const Json& v) const {
    if (v.is_object() && v.size() == 1 && v.contains("@id") && v["@id"].is_string()) {
      auto it = by_id_.find(v["@id"].get<std::string>());
      if (it != by_id_.end()) return *it->second;
    }
    return v;
  }

  void collect(const Json& v, int depth) {
    if (depth > 8) return;
    if (v.is_array()) {
      for (const Json& item : v) collect(item, depth + 1);
      return;
    }
    if (!v.is_object()) return;
    if (v.contains("@graph")) collect(v["@graph"], depth + 1);
    if (v.contains("@type")) {
      objects_.push_back(&v);
      auto id = v.find("@id");
      if (id != v.end() && id->is_string()) by_id_.emplace(id->get<std::string>(), &v);
    }
    // A page's main entity often sits inside it ("mainEntity" of a QAPage or
    // WebPage), as may the article of an ItemPage.
    // An FAQ's main entities are its questions, not the page's subject.
    bool faq = false;
    for (const std::string& t : types_of(v)) faq = faq || text::iequals_ascii(t, "FAQPage");
    for (const char* key : {"mainEntity", "mainEntityOfPage", "itemReviewed"}) {
      if (faq) break;
      auto it = v.find(key);
      if (it != v.end() && (it->is_object() || it->is_array())) collect(*it, depth + 1);
    }
  }

  // `depth` bounds the recursion into nested arrays: hostile JSON-LD
  // ([[[[...]]]] a million deep) must not overflow the stack.
  void authors(const Json& raw, std::vector<std::string>& out, int depth = 0) const {
    if (depth > 8) return;
    const Json& v = resolve(raw);
    if (v.is_array()) {
      for (const Json& item : v) authors(item, out, depth + 1);
    } else if (v.is_object()) {
      add_unique(out, clean_author(string_of(value(v, "name"))));
    } else if (v.is_string()) {
      for (const std::string& name : split_list(v.get<std::string>())) add_unique(out, clean_author(name));
    }
  }

  std::string image_url(const Json& raw, int depth = 0) const {
    if (depth > 8) return {};  // nested arrays, bounded as in authors()
    const Json& v = resolve(raw);
    if (v.is_string()) return string_of(v);
    if (v.is_array() && !v.empty()) return image_url(v[0], depth + 1);
    if (v.is_object()) {
      std::string url = string_of(value(v, "url"));
      return url.empty() ? string_of(value(v, "contentUrl")) : url;
    }
    return {};
  }

  static void breadcrumb_categories(const Json& list, Metadata& m) {
    // Breadcrumbs name the sections a page sits in; the last item is usually
    // the page itself.
    const Json& items = value(list, "itemListElement");
    if (!items.is_array() || items.size() < 3 || !m.categories.empty()) return;
    for (std::size_t i = 1; i + 1 < items.size(); ++i) {
      const Json& name = value(items[i], "name");
      const Json& item = value(items[i], "item");
      add_unique(m.categories, !string_of(name).empty() ? string_of(name) : string_of(value(item, "name")));
    }
  }

  std::vector<const Json*> objects_;
  std::unordered_map<std::string, const Json*> by_id_;
  std::deque<Json> trees_;
  std::size_t parsed_bytes_ = 0;
};

}  // namespace

Metadata read_json_ld(const dom::Dom& dom, const PageElements& elements, std::string* article_body,
                      std::string* product_description) {
  if (elements.scripts.empty()) return {};
  Reader reader;
  std::string body;
  for (NodeId i : elements.scripts) {
    body.clear();
    dom.append_subtree_text(i, body);
    reader.add_script(body, article_body && extraction::declares_article_body(dom, i) ? article_body : nullptr);
  }
  return reader.result(product_description);
}

}  // namespace pith::meta
