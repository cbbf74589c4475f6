#include "lang/identify.hpp"

#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

#include <algorithm>

#include "text/ascii.hpp"
#include "text/utf8.hpp"

namespace pith::lang {
namespace {

std::size_t count_code_points(std::string_view text, std::size_t enough) {
  std::size_t n = 0;
  for (unsigned char c : text) {
    n += (c & 0xC0) != 0x80;  // every byte but a continuation byte starts one
    if (n >= enough) break;
  }
  return n;
}

// CLD2 names a few languages by ISO 639 codes withdrawn since; BCP-47 uses
// the current ones.
std::string_view bcp47(std::string_view cld2_code) {
  struct Rename { std::string_view from, to; };
  static constexpr Rename kRenames[] = {{"iw", "he"}, {"jw", "jv"}, {"in", "id"}, {"ji", "yi"},
                                        {"mo", "ro"}, {"zh-TW", "zh-Hant"}};
  for (const Rename& r : kRenames)
    if (cld2_code == r.from) return r.to;
  return cld2_code;
}

std::string_view primary_subtag(std::string_view tag) {
  return tag.substr(0, std::min(tag.find('-'), tag.find('_')));
}

// CLD2's answer on the text's first `max_bytes` (cut on a character boundary).
Identified identify_prefix(std::string_view text, std::size_t max_bytes, bool& reliable) {
  Identified result;
  int length = static_cast<int>(text::code_point_start(text, std::min(text.size(), max_bytes)));
  CLD2::CLDHints hints{nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
  CLD2::Language top3[3];
  int percent3[3];
  double scores3[3];
  int text_bytes = 0, valid_prefix = 0;
  reliable = false;
  CLD2::Language language = CLD2::ExtDetectLanguageSummaryCheckUTF8(
      text.data(), length, /*is_plain_text=*/true, &hints, /*flags=*/0, top3, percent3, scores3,
      /*resultchunkvector=*/nullptr, &text_bytes, &reliable, &valid_prefix);
  if (language == CLD2::UNKNOWN_LANGUAGE || language == CLD2::TG_UNKNOWN_LANGUAGE) return result;
  result.language = bcp47(CLD2::LanguageCode(language));
  result.confidence = (language == top3[0] ? percent3[0] : 0) / 100.0;
  if (!reliable) result.confidence /= 2;
  return result;
}

}  // namespace

Identified identify(std::string_view text) {
  if (count_code_points(text, kMinCharacters) < kMinCharacters) return {};
  bool reliable = false;
  Identified result = identify_prefix(text, kMaxBytes, reliable);
  if (!reliable && text.size() > kMaxBytes) result = identify_prefix(text, kMaxBytesUnsure, reliable);
  return result;
}

Identified identify_content(std::string_view text, std::string_view title) {
  if (title.empty() || count_code_points(text, kMinCharacters) >= kMinCharacters) return identify(text);
  std::string titled;
  titled.reserve(title.size() + 1 + text.size());
  titled.append(title).append("\n").append(text);
  return identify(titled);
}

bool same_language(std::string_view detected, std::string_view wanted) {
  if (detected == kUnknownLanguage || wanted.empty()) return false;
  return text::iequals_ascii(primary_subtag(detected), primary_subtag(wanted));
}

}  // namespace pith::lang
