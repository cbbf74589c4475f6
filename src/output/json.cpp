// One JSON object per document, on one line, so that a batch of pages can be
// written as JSON Lines.
#include <nlohmann/json.hpp>
#include <cstddef>
#include <string>

#include "fingerprint/fingerprint.hpp"
#include "output/renderers.hpp"

namespace pith {
namespace {

// ordered_json keeps the schema's field order (url, title, ...) in the output
// rather than sorting keys, which reads better and diffs better.
using Json = nlohmann::ordered_json;

// The fields document_json() writes, and room for the few a record adds in
// front (batch and WARC modes).
constexpr std::size_t kDocumentFields = 40;

const char* inline_kind_name(InlineKind kind) {
  switch (kind) {
    case InlineKind::link: return "link";
    case InlineKind::image: return "image";
    case InlineKind::emphasis: return "emphasis";
    case InlineKind::strong: return "strong";
    case InlineKind::code: return "code";
  }
  return "emphasis";
}

// The inline ranges a document's JSON carries at most. A JSON object costs
// some 250 bytes in memory before it is written, and a hostile page of
// unclosed <b>/<i>/<a> tags has hundreds of thousands of ranges (the dev
// set's most is 451); past the limit they are left out, and "truncations"
// says so.
constexpr std::size_t kJsonInlineLimit = 10'000;

// Byte ranges of the block's text, as Block::inlines holds them; `budget`
// counts down what kJsonInlineLimit leaves.
Json inlines_json(const std::vector<Inline>& inlines, std::size_t& budget) {
  Json list = Json::array();
  for (const Inline& span : inlines) {
    if (budget == 0) break;
    --budget;
    Json j;
    j["type"] = inline_kind_name(span.kind);
    j["begin"] = span.begin;
    j["end"] = span.end;
    if (span.kind == InlineKind::link || span.kind == InlineKind::image) j["url"] = span.url;
    if (span.kind == InlineKind::image) j["alt"] = span.alt;
    list.push_back(std::move(j));
  }
  return list;
}

Json links_json(const std::vector<Link>& links) {
  Json list = Json::array();
  for (const Link& link : links) list.push_back(Json{{"text", link.text}, {"url", link.url}, {"in_content", link.in_content}});
  return list;
}

Json images_json(const std::vector<Image>& images) {
  Json list = Json::array();
  for (const Image& image : images) {
    Json j{{"url", image.url}, {"alt", image.alt}, {"caption", image.caption}};
    j["width"] = image.width > 0 ? Json(image.width) : Json(nullptr);
    j["height"] = image.height > 0 ? Json(image.height) : Json(nullptr);
    list.push_back(std::move(j));
  }
  return list;
}

Json block_json(const Block& block, std::size_t& inline_budget) {
  Json j;
  switch (block.kind) {
    case BlockKind::heading:
      j["type"] = "heading";
      j["level"] = block.level;
      j["text"] = block.text;
      break;
    case BlockKind::paragraph:
      j["type"] = "paragraph";
      j["text"] = block.text;
      break;
    case BlockKind::list_item:
      j["type"] = "list_item";
      j["level"] = block.level;
      j["ordered"] = block.ordered;
      j["text"] = block.text;
      break;
    case BlockKind::quote:
      j["type"] = "quote";
      j["text"] = block.text;
      break;
    case BlockKind::code:
      j["type"] = "code";
      j["language"] = block.language;
      j["text"] = block.text;
      break;
    case BlockKind::table_row:
      j["type"] = "table_row";
      j["header"] = block.header;
      j["table_start"] = block.table_start;
      j["cells"] = output::row_cells(block);
      return j;
  }
  // Only where there are some: an empty array for each of a long page's
  // blocks would cost more memory than the page's text.
  if (!block.inlines.empty() && inline_budget > 0) j["inlines"] = inlines_json(block.inlines, inline_budget);
  return j;
}

Json metadata_json(const Metadata& m) {
  Json j;
  j["title"] = m.title;
  j["authors"] = m.authors;
  j["date_published"] = m.date_published;
  j["date_modified"] = m.date_modified;
  j["site_name"] = m.site_name;
  j["description"] = m.description;
  j["language"] = m.language;
  j["canonical_url"] = m.canonical_url;
  j["image"] = m.image;
  j["tags"] = m.tags;
  j["categories"] = m.categories;
  j["page_type"] = m.page_type;
  j["page_type_confidence"] = m.page_type_confidence;
  j["declared_page_type"] = m.declared_page_type;
  j["license"] = m.license;
  return j;
}

Json comments_json(const std::vector<Comment>& comments) {
  Json list = Json::array();
  for (const Comment& c : comments) {
    Json j;
    j["author"] = c.author;
    j["date"] = c.date;
    j["text"] = c.text;
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace

nlohmann::ordered_json document_json(const Document& doc, const RenderOptions& options) {
  Json j = Json::object();
  // Room for every field up front: ordered_json keeps its fields in a vector
  // whose elements (pair<const key, value>) are copied, not moved, when it
  // grows, the page's text and Markdown among them.
  j.get_ref<Json::object_t&>().reserve(kDocumentFields);
  j["url"] = doc.url;
  j["title"] = doc.title;
  // "language" was the declared language before detection came; that is
  // declared_language (and metadata.language) now.
  j["language"] = doc.language;
  j["language_confidence"] = doc.language_confidence;
  j["declared_language"] = doc.declared_language();
  j["charset"] = doc.charset;
  j["charset_source"] = doc.charset_source;
  j["metadata"] = metadata_json(doc.metadata);
  // Derived from the blocks, like render(doc, Format::text), so the two agree
  // even for a Document whose text field was never filled.
  j["text"] = render_text(doc);
  j["markdown"] = render_markdown(doc, options);
  Json blocks = Json::array();
  std::size_t inline_budget = kJsonInlineLimit, inlines = 0;
  for (const Block& block : doc.blocks) {
    blocks.push_back(block_json(block, inline_budget));
    inlines += block.inlines.size();
  }
  j["blocks"] = std::move(blocks);
  j["direction"] = direction_name(doc.direction);
  j["links"] = links_json(doc.links);
  j["images"] = images_json(doc.images);
  j["comments"] = comments_json(doc.comments);
  // The limits that cut the page (docs/limits.md): a consumer of the JSON
  // must see that the content may be incomplete, not only stderr.
  j["truncations"] = doc.truncations;
  j["simhash"] = fingerprint::to_hex(doc.simhash);
  j["text_hash"] = fingerprint::to_hex(doc.text_hash);
  j["no_content_reason"] = doc.no_content_reason;
  if (inlines > kJsonInlineLimit)
    j["truncations"].push_back(std::to_string(inlines - kJsonInlineLimit) + " inline ranges past the first " +
                               std::to_string(kJsonInlineLimit) + " were left out of the blocks' \"inlines\"");
  j["has_main_content"] = doc.has_main_content();
  j["confidence"] = doc.confidence;
  j["pith_version"] = pith::version;
  return j;
}

std::string render_json(const Document& doc, const RenderOptions& options) {
  // error_handler_t::replace turns invalid UTF-8 into U+FFFD instead of
  // throwing, so a broken page can never make rendering fail.
  return document_json(doc, options).dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace pith
