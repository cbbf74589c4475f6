#include "meta/json_ld_parse.hpp"

#include "text/byte_filters.hpp"

namespace pith::meta {

std::size_t json_nesting_depth(std::string_view text, std::size_t limit) {
  // From one byte that matters to the next, sixteen bytes at a time: in a
  // string only '"' and '\\' do, and strings (an articleBody, a
  // description) hold most of a script.
  using text::Bytes16;
  auto structural = [](Bytes16 b) { return (b == '"') | (b == '[') | (b == '{') | (b == ']') | (b == '}'); };
  auto string_end = [](Bytes16 b) { return (b == '"') | (b == '\\'); };
  std::size_t depth = 0, deepest = 0;
  for (std::size_t i = text::find_first_of_lanes(text, 0, structural); i < text.size();) {
    switch (text[i]) {
      case '"':
        // Through the string: the escaped character cannot end it.
        for (i = text::find_first_of_lanes(text, i + 1, string_end); i < text.size() && text[i] == '\\';)
          i = text::find_first_of_lanes(text, i + 2, string_end);
        break;
      case '[': case '{':
        if (++depth > deepest) {
          deepest = depth;
          if (deepest > limit) return deepest;
        }
        break;
      default:  // ']' or '}'
        if (depth > 0) --depth;
        break;
    }
    i = text::find_first_of_lanes(text, i + 1, structural);
  }
  return deepest;
}

nlohmann::json parse_json_ld(std::string_view text) {
  if (text.size() > kMaxJsonLdScriptBytes || json_nesting_depth(text, kMaxJsonLdDepth) > kMaxJsonLdDepth)
    return nlohmann::json(nlohmann::json::value_t::discarded);
  return nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
}

}  // namespace pith::meta
