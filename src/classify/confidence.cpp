#include "classify/confidence.hpp"

#include <algorithm>
#include <cmath>

#include "classify/models.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::classify {

namespace {
// A block shorter than this many characters (code points, white space
// included) is a label, a caption or a link rather than a paragraph.
constexpr std::uint32_t kShortBlockChars = 40;
}  // namespace

ConfidenceFeatures read_confidence_features(const PageFeatures& page, const PageTypeGuess& type,
                                            const Document& doc) {
  ConfidenceFeatures x{};
  std::copy(page.begin(), page.end(), x.begin());
  std::copy(type.probabilities.begin(), type.probabilities.end(), x.begin() + kPageFeatureCount);
  auto at = [&](ContentFeature f) -> double& {
    return x[kPageFeatureCount + kPageTypeCount + static_cast<std::size_t>(f)];
  };
  using C = ContentFeature;
  text::TextCounts counts = text::count_chars_and_sentence_ends(doc.text);  // all it reads of them
  double chars = counts.chars;
  double page_chars = std::expm1(page[static_cast<std::size_t>(PageFeature::log_text_chars)]);
  double blocks = static_cast<double>(doc.blocks.size());
  double link_bytes = 0, text_bytes = 0, headings = 0, list_items = 0, rows = 0, code = 0, short_blocks = 0;
  for (const Block& b : doc.blocks) {
    text_bytes += static_cast<double>(b.text.size());
    for (const Inline& span : b.inlines)
      if (span.kind == InlineKind::link) link_bytes += span.end - span.begin;
    headings += b.kind == BlockKind::heading;
    list_items += b.kind == BlockKind::list_item;
    rows += b.kind == BlockKind::table_row;
    code += b.kind == BlockKind::code;
    // Not counted whole: a page's content is mostly long blocks, which
    // counted to the end cost as much as all other confidence features.
    short_blocks += text::fewer_lead_bytes_than(b.text, kShortBlockChars);
  }
  auto share = [](double part, double whole) { return whole > 0 ? part / whole : 0.0; };
  at(C::content_log_chars) = std::log1p(chars);
  at(C::content_text_share) = share(chars, page_chars);
  at(C::content_link_share) = share(link_bytes, text_bytes);
  at(C::content_log_blocks) = std::log1p(blocks);
  at(C::content_heading_share) = share(headings, blocks);
  at(C::content_list_share) = share(list_items, blocks);
  at(C::content_table_share) = share(rows, blocks);
  at(C::content_code_share) = share(code, blocks);
  at(C::content_mean_block_chars) = std::log1p(share(chars, blocks));
  at(C::content_short_block_share) = share(short_blocks, blocks);
  at(C::content_sentence_ends_per_kchar) = share(counts.sentence_ends * 1000.0, chars);
  at(C::content_has_title_block) =
      !doc.blocks.empty() && doc.blocks.front().kind == BlockKind::heading && doc.blocks.front().level == 1;
  return x;
}

double predict_confidence(const ConfidenceFeatures& features, const Document& doc) {
  if (!doc.has_main_content()) return 0.0;
  double score = 0;
  evaluate(kConfidenceModel, features, std::span<double>(&score, 1));
  return std::clamp(score, 0.0, 1.0);
}

}  // namespace pith::classify
