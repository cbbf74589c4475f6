// expected.json: metadata fields a fixture pins (title, language, author...).
// Generic on purpose: each key is looked up in the document's JSON object
// (pith::document_json), at top level or inside a "metadata" object, so new
// fields the extractor gains are checkable without touching this code.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace pith::check {

using OrderedJson = nlohmann::ordered_json;

struct FieldMismatch {
  std::string field;
  OrderedJson expected;
  std::optional<OrderedJson> actual;  // nullopt: the document has no such field
};

// The value of `field` in a document object: top level first, then inside
// "metadata". Null when absent.
const OrderedJson* find_field(const OrderedJson& document, const std::string& field);

// Strings match with white space collapsed; other values must be equal.
std::vector<FieldMismatch> compare_fields(const OrderedJson& expected, const OrderedJson& document);

// expected.json rewritten from the document: every key it has takes the
// document's current value; keys the document lacks are left as they are.
OrderedJson updated_fields(const OrderedJson& expected, const OrderedJson& document);

// What `pith fixture new` records: the document's non-empty metadata (scalar
// and scalar-list fields at top level and in "metadata"), not the content
// itself (text, markdown, blocks) nor what describes the run (url, version).
OrderedJson snapshot_fields(const OrderedJson& document);

// "title: expected \"A\", got \"B\"" (or "... the document has no such field").
std::string describe(const FieldMismatch& mismatch);

}  // namespace pith::check
