// Feed autodiscovery: <link rel="alternate" type="application/rss+xml"> and
// its Atom and RDF kin, as browsers and feed readers find them.
#include <gumbo.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "discover/limits.hpp"
#include "meta/url.hpp"
#include "pith/discover.hpp"
#include "text/ascii.hpp"

namespace pith {
namespace {

using discover::kAutodiscoveryBytes;
using discover::kFeedTypes;

struct OutputDeleter {
  void operator()(GumboOutput* output) const { gumbo_destroy_output(&kGumboDefaultOptions, output); }
};

std::string_view attribute(const GumboElement& element, const char* name) {
  const GumboAttribute* a = gumbo_get_attribute(&element.attributes, name);
  return a ? std::string_view(a->value) : std::string_view();
}

bool is_feed_type(std::string_view type) {
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  for (std::string_view feed : kFeedTypes)
    if (text::iequals_ascii(type, feed)) return true;
  return false;
}

}  // namespace

std::vector<std::string> feed_links(std::string_view html, std::string_view page_url) {
  html = html.substr(0, kAutodiscoveryBytes);
  std::unique_ptr<GumboOutput, OutputDeleter> output(
      gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size()));
  std::string base(page_url);
  std::vector<std::string> feeds;
  // Document order, without recursion: a deep page must not exhaust the stack.
  std::vector<const GumboNode*> stack{output->root};
  while (!stack.empty()) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    if (node->type != GUMBO_NODE_ELEMENT) continue;
    const GumboElement& element = node->v.element;
    if (element.tag == GUMBO_TAG_BASE && base == page_url) {
      const std::string_view href = attribute(element, "href");
      if (!href.empty()) base = meta::resolve_url(page_url, href);
    } else if (element.tag == GUMBO_TAG_LINK && text::has_token_ci(attribute(element, "rel"), "alternate") &&
               is_feed_type(attribute(element, "type"))) {
      std::string url = normalize_url(meta::resolve_url(base, attribute(element, "href")));
      if (!url.empty() && std::find(feeds.begin(), feeds.end(), url) == feeds.end()) feeds.push_back(std::move(url));
    }
    for (unsigned i = element.children.length; i > 0; --i)
      stack.push_back(static_cast<const GumboNode*>(element.children.data[i - 1]));
  }
  return feeds;
}

}  // namespace pith
