// Which of the content stage's attempts a page's content is: the selection
// the rules chose, or the page's main region (pruned, or whole). The rules
// pick the main region only when the selection looks wrong by their
// thresholds; on listings, collections and multi-section service pages the
// region is often right though the selection looks fine. Two gradient-boosted
// regressions, trained on WCXB's pages (train/train_models.py;
// attempt_choice_model.cpp, generated), predict how much word F1 each region
// attempt gains over the selection, from the page's features, its page-type
// probabilities and the attempts' sizes.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "classify/page_features.hpp"
#include "classify/page_type.hpp"
#include "extract/content.hpp"
#include "pith/pith.hpp"

namespace pith::classify {

// The attempts' sizes, after the page features and the page-type
// probabilities (type_<name>, in PageType order). Lengths are the attempts'
// weighted text lengths (CJK counting 3), blocks their rendered blocks, link
// shares the part of their text inside links; the discussion share is the
// length of the page's discussion over the region's; heading, list and row
// shares the parts of their blocks that are headings, list items, table rows.
#define PITH_ATTEMPT_FEATURES(X)                                                                  \
  X(attempt_log_selection_length) X(attempt_log_pruned_length) X(attempt_log_region_length)       \
  X(attempt_pruned_gain) X(attempt_region_gain) X(attempt_log_selection_blocks)                   \
  X(attempt_log_pruned_blocks) X(attempt_log_region_blocks) X(attempt_selection_share)            \
  X(attempt_pruned_share) X(attempt_selection_link_share) X(attempt_pruned_link_share)             \
  X(attempt_region_link_share) X(attempt_discussion_share) X(attempt_selection_heading_share)     \
  X(attempt_pruned_heading_share) X(attempt_region_heading_share) X(attempt_selection_list_share)   \
  X(attempt_pruned_list_share) X(attempt_region_list_share) X(attempt_selection_row_share)          \
  X(attempt_pruned_row_share) X(attempt_region_row_share)

enum class AttemptFeature : std::size_t {
#define PITH_ATTEMPT_FEATURE_ENUM(name) name,
  PITH_ATTEMPT_FEATURES(PITH_ATTEMPT_FEATURE_ENUM)
#undef PITH_ATTEMPT_FEATURE_ENUM
  count
};
inline constexpr std::size_t kAttemptFeatureCount = static_cast<std::size_t>(AttemptFeature::count);
inline constexpr std::array<std::string_view, kAttemptFeatureCount> kAttemptFeatureNames = {
#define PITH_ATTEMPT_FEATURE_NAME(name) #name,
    PITH_ATTEMPT_FEATURES(PITH_ATTEMPT_FEATURE_NAME)
#undef PITH_ATTEMPT_FEATURE_NAME
};

inline constexpr std::size_t kAttemptChoiceFeatureCount = kPageFeatureCount + kPageTypeCount + kAttemptFeatureCount;
using AttemptChoiceFeatures = std::array<double, kAttemptChoiceFeatureCount>;

// The attempts the model chooses between, in the order of
// extraction::AttemptChoice::attempts.
enum class AttemptKind : std::size_t { selection, region_pruned, region, count };

AttemptChoiceFeatures read_attempt_features(const PageFeatures& page, const PageTypeGuess& type,
                                            const extraction::AttemptChoice& choice);

// Whether the chooser may replace the selection on a page of this type: not
// on pages that are clearly articles or likely products (their attempts
// need not be made).
bool attempt_choice_applies(const PageTypeGuess& type);

// The attempt to keep, on a page attempt_choice_applies to: the whole region
// when the selection repeats itself where the region does not
// (extraction::AttemptChoice::selection_repeats_itself, a rule ahead of the
// model), else a region attempt when the model expects it to gain more than
// the focus's margin in word F1 over the selection (the larger gain of the
// two; kAttemptChoiceMargin when balanced, more for precision, less for
// recall). Elsewhere the selection.
AttemptKind choose_attempt(const AttemptChoiceFeatures& features, Focus focus = Focus::balanced,
                           bool selection_repeats_itself = false);

}  // namespace pith::classify
