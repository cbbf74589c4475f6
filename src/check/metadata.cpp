#include "check/metadata.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "text/chars.hpp"

namespace pith::check {
namespace {

bool same_value(const OrderedJson& expected, const OrderedJson& actual) {
  if (expected.is_string() && actual.is_string())
    return text::collapse_whitespace(expected.get_ref<const std::string&>()) ==
           text::collapse_whitespace(actual.get_ref<const std::string&>());
  return expected == actual;
}

// Fields of the document object that are content or describe the run, not the
// page: the models' scores among them (they move whenever a model is retrained).
bool is_content_or_run_field(std::string_view key) {
  static constexpr std::array<std::string_view, 10> fields = {
      "url", "text", "markdown", "html", "blocks", "has_main_content", "pith_version", "metadata",
      "confidence", "page_type_confidence"};
  return std::find(fields.begin(), fields.end(), key) != fields.end();
}

bool is_recordable(const OrderedJson& value) {
  if (value.is_string()) return !value.get_ref<const std::string&>().empty();
  if (value.is_number()) return true;
  if (value.is_array())
    return !value.empty() && std::all_of(value.begin(), value.end(),
                                         [](const OrderedJson& v) { return v.is_primitive() && !v.is_null(); });
  return false;
}

std::string shown(const OrderedJson& value) {
  std::string s = value.dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
  return s.size() > 120 ? s.substr(0, 117) + "..." : s;
}

}  // namespace

const OrderedJson* find_field(const OrderedJson& document, const std::string& field) {
  if (!document.is_object()) return nullptr;
  if (auto it = document.find(field); it != document.end()) return &*it;
  if (auto meta = document.find("metadata"); meta != document.end() && meta->is_object())
    if (auto it = meta->find(field); it != meta->end()) return &*it;
  return nullptr;
}

std::vector<FieldMismatch> compare_fields(const OrderedJson& expected, const OrderedJson& document) {
  std::vector<FieldMismatch> mismatches;
  for (const auto& [key, want] : expected.items()) {
    const OrderedJson* got = find_field(document, key);
    if (!got)
      mismatches.push_back({key, want, std::nullopt});
    else if (!same_value(want, *got))
      mismatches.push_back({key, want, *got});
  }
  return mismatches;
}

OrderedJson updated_fields(const OrderedJson& expected, const OrderedJson& document) {
  OrderedJson updated = expected;
  for (auto& [key, value] : updated.items())
    if (const OrderedJson* current = find_field(document, key)) value = *current;
  return updated;
}

OrderedJson snapshot_fields(const OrderedJson& document) {
  OrderedJson fields = OrderedJson::object();
  auto record = [&](const OrderedJson& object) {
    for (const auto& [key, value] : object.items())
      if (!is_content_or_run_field(key) && !fields.contains(key) && is_recordable(value)) fields[key] = value;
  };
  if (!document.is_object()) return fields;
  record(document);
  if (auto meta = document.find("metadata"); meta != document.end() && meta->is_object()) record(*meta);
  return fields;
}

std::string describe(const FieldMismatch& m) {
  if (!m.actual) return fmt::format("{}: expected {}, the document has no such field", m.field, shown(m.expected));
  return fmt::format("{}: expected {}, got {}", m.field, shown(m.expected), shown(*m.actual));
}

}  // namespace pith::check
