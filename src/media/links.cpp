#include <map>
#include <string>
#include <utility>

#include "extract/blocks.hpp"
#include "media/media.hpp"
#include "meta/url.hpp"
#include "text/ascii.hpp"

namespace pith::media {
namespace {

// A link's text as both sides hold it: line breaks (<br> in the block's text)
// as spaces, no white space at the ends.
std::string link_text(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\n') c = ' ';
  const std::size_t first = out.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return out.substr(first, out.find_last_not_of(' ') - first + 1);
}

}  // namespace

std::vector<Link> page_links(const dom::Dom& dom, std::string_view base, const std::vector<Block>& content) {
  // The content's links, counted: the page's links take them in document
  // order. Two links with one address and one text are the same record, so it
  // does not matter which of them takes the content's.
  std::map<std::pair<std::string, std::string>, int> in_content;
  for (const Block& block : content)
    for (const Inline& span : block.inlines)
      if (span.kind == InlineKind::link && span.end <= block.text.size())
        ++in_content[{span.url, link_text(std::string_view(block.text).substr(span.begin, span.end - span.begin))}];
  std::vector<Link> links;
  for (dom::NodeId id = 0; id < dom.nodes.size(); ++id) {
    if (dom.nodes[id].tag != dom::Tag::a) continue;
    const std::string_view href = dom.attr(id, dom::Attr::href);
    if (href.empty()) continue;
    Link link;
    link.url = meta::resolve_url(base, href);
    if (link.url.empty()) continue;
    link.text = link_text(extraction::inline_text(dom, id));
    link.next = text::has_token_ci(dom.attr(id, dom::Attr::rel), "next");
    const auto found = in_content.find({link.url, link.text});
    if (found != in_content.end() && found->second > 0) {
      --found->second;
      link.in_content = true;
    }
    links.push_back(std::move(link));
  }
  return links;
}

}  // namespace pith::media
