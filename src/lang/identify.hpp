// Language identification of the extracted text (CLD2, the detector Common
// Crawl annotates its records with). One call per page, on Document::text.
#pragma once

#include <string>
#include <string_view>

#include "pith/pith.hpp"

namespace pith::lang {

// Texts with fewer code points than this are "unknown": CLD2 guesses on a
// line, and a pipeline filtering by language is better served by no answer.
inline constexpr std::size_t kMinCharacters = 100;

// Only the text's first this many bytes are read: CLD2's cost grows with what
// it reads, and its answer settles long before. On the 1,556 dev and training
// pages, 1 KiB names the same language as 2 KiB on every page (the confidence
// moves on 40, by 0.1 at most on all but three: 0.77 -> 0.52, 0.85 -> 0.63,
// 0.54 -> 0.99) for 57 % of CLD2's instructions on news pages. Where CLD2
// calls its answer from 1 KiB unreliable, it reads kMaxBytesUnsure as it
// used to: two pages that open with lines in another language had their
// confidence halved.
inline constexpr std::size_t kMaxBytes = 1024;
inline constexpr std::size_t kMaxBytesUnsure = 2048;

struct Identified {
  std::string language{kUnknownLanguage};  // BCP-47 ("en", "zh-Hant", "he"), or "unknown"
  double confidence = 0;           // share of the text's letters in that language, 0..1
};

// Identifies the language of `text` (UTF-8; an invalid tail is ignored).
Identified identify(std::string_view text);

// The language of a page's content: of `text`, read after `title` when the
// text alone is under kMinCharacters. A news brief's headline, which the
// content leaves out (Document::title holds it), is in the story's language
// and makes a two-sentence story long enough to judge.
Identified identify_content(std::string_view text, std::string_view title);

// Whether `detected` (as identify() returns it) is the language `wanted`
// names: primary subtags compared ASCII case-insensitively, so "zh" matches
// "zh-Hant" and "en-GB" matches "en". "unknown" matches nothing.
bool same_language(std::string_view detected, std::string_view wanted);

}  // namespace pith::lang
