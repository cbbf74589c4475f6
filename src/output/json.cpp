// One JSON object per document, on one line, so that a batch of pages can be
// written as JSON Lines.
#include <nlohmann/json.hpp>
#include <string>

#include "output/renderers.hpp"

namespace pith {
namespace {

// ordered_json keeps the schema's field order (url, title, ...) in the output
// rather than sorting keys, which reads better and diffs better.
using Json = nlohmann::ordered_json;

Json block_json(const Block& block) {
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
      j["cells"] = output_detail::row_cells(block);
      break;
  }
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

nlohmann::ordered_json document_json(const Document& doc) {
  Json j;
  j["url"] = doc.url;
  j["title"] = doc.title;
  j["language"] = doc.language;
  j["charset"] = doc.charset;
  j["charset_source"] = doc.charset_source;
  j["metadata"] = metadata_json(doc.metadata);
  // Derived from the blocks, like render(doc, Format::text), so the two agree
  // even for a Document whose text field was never filled.
  j["text"] = render_text(doc);
  j["markdown"] = render_markdown(doc);
  Json blocks = Json::array();
  for (const Block& block : doc.blocks) blocks.push_back(block_json(block));
  j["blocks"] = std::move(blocks);
  j["comments"] = comments_json(doc.comments);
  // The limits that cut the page (README, "Limits"): a consumer of the JSON
  // must see that the content may be incomplete, not only stderr.
  j["truncations"] = doc.truncations;
  j["has_main_content"] = doc.has_main_content();
  j["pith_version"] = pith::version;
  return j;
}

std::string render_json(const Document& doc) {
  // error_handler_t::replace turns invalid UTF-8 into U+FFFD instead of
  // throwing, so a broken page can never make rendering fail.
  return document_json(doc).dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace pith
