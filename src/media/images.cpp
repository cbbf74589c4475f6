#include <charconv>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "extract/blocks.hpp"
#include "dom/image_source.hpp"
#include "media/media.hpp"
#include "meta/url.hpp"

namespace pith::media {
namespace {

// How far up from an <img> its <figure> may be (<figure><a><picture><img>).
constexpr int kFigureSearchDepth = 4;

int stated_size(std::string_view value) {
  int size = 0;
  std::from_chars(value.data(), value.data() + value.size(), size);
  return size > 0 ? size : 0;
}

std::string caption_of(const dom::Dom& dom, dom::NodeId img) {
  dom::NodeId figure = dom.nodes[img].parent;
  for (int up = 0; figure != dom::kNoNode && up < kFigureSearchDepth && dom.nodes[figure].tag != dom::Tag::figure;
       ++up)
    figure = dom.nodes[figure].parent;
  if (figure == dom::kNoNode || dom.nodes[figure].tag != dom::Tag::figure) return {};
  for (dom::NodeId i = figure + 1; i < dom.nodes[figure].subtree_end; ++i)
    if (dom.nodes[i].tag == dom::Tag::figcaption) {
      std::string caption = extraction::inline_text(dom, i);
      const std::size_t first = caption.find_first_not_of(' ');
      if (first == std::string::npos) return {};
      return caption.substr(first, caption.find_last_not_of(' ') - first + 1);
    }
  return {};
}

}  // namespace

std::vector<Image> content_images(const dom::Dom& dom, std::string_view base, const std::vector<Block>& content) {
  std::vector<Image> images;
  std::unordered_map<std::string, std::size_t> index;  // url -> images[]
  for (const Block& block : content)
    for (const Inline& span : block.inlines)
      if (span.kind == InlineKind::image && index.emplace(span.url, images.size()).second) {
        Image image;
        image.url = span.url;
        image.alt = span.alt;
        images.push_back(std::move(image));
      }
  if (images.empty()) return images;
  // The attributes and the figure of the first <img> showing each address.
  std::unordered_set<std::size_t> described;
  for (dom::NodeId id = 0; id < dom.nodes.size() && described.size() < images.size(); ++id) {
    if (dom.nodes[id].tag != dom::Tag::img) continue;
    const auto found = index.find(meta::resolve_url(base, dom::image_source(dom, id)));
    if (found == index.end() || !described.insert(found->second).second) continue;
    Image& image = images[found->second];
    image.width = stated_size(dom.attr(id, dom::Attr::width));
    image.height = stated_size(dom.attr(id, dom::Attr::height));
    image.caption = caption_of(dom, id);
  }
  return images;
}

}  // namespace pith::media
