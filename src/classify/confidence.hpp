// A prediction of the extraction's own word F1 (Document::confidence), from
// the page's features, its page-type probabilities and what the extraction
// returned, by a gradient-boosted regression trained on the cross-validated
// F1 of WCXB's pages (train/train_models.py; confidence_model.cpp, generated).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "classify/page_features.hpp"
#include "classify/page_type.hpp"
#include "pith/pith.hpp"

namespace pith::classify {

// What the extraction returned, after the page features and the page-type
// probabilities (type_<name>, in PageType order).
#define PITH_CONTENT_FEATURES(X)                                                                  \
  X(content_log_chars) X(content_text_share) X(content_link_share) X(content_log_blocks)         \
  X(content_heading_share) X(content_list_share) X(content_table_share) X(content_code_share)    \
  X(content_mean_block_chars) X(content_short_block_share) X(content_sentence_ends_per_kchar)    \
  X(content_has_title_block)

enum class ContentFeature : std::size_t {
#define PITH_CONTENT_FEATURE_ENUM(name) name,
  PITH_CONTENT_FEATURES(PITH_CONTENT_FEATURE_ENUM)
#undef PITH_CONTENT_FEATURE_ENUM
  count
};
inline constexpr std::size_t kContentFeatureCount = static_cast<std::size_t>(ContentFeature::count);
inline constexpr std::array<std::string_view, kContentFeatureCount> kContentFeatureNames = {
#define PITH_CONTENT_FEATURE_NAME(name) #name,
    PITH_CONTENT_FEATURES(PITH_CONTENT_FEATURE_NAME)
#undef PITH_CONTENT_FEATURE_NAME
};

inline constexpr std::size_t kConfidenceFeatureCount = kPageFeatureCount + kPageTypeCount + kContentFeatureCount;
using ConfidenceFeatures = std::array<double, kConfidenceFeatureCount>;

// The model's inputs: the page's features, the type probabilities, the content's.
ConfidenceFeatures read_confidence_features(const PageFeatures& page, const PageTypeGuess& type,
                                            const Document& doc);

// The expected word F1, in [0, 1]; 0 for a document without main content.
double predict_confidence(const ConfidenceFeatures& features, const Document& doc);

}  // namespace pith::classify
