// Page types: what kind of page this is, from its features (page_features.hpp),
// by a gradient-boosted model trained on WCXB's labelled pages
// (train/train_models.py; the model is page_type_model.cpp, generated).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "classify/page_features.hpp"

namespace pith::classify {

// The types the model tells apart, in the order of its outputs (WCXB's
// seven page types).
#define PITH_PAGE_TYPES(X) X(article) X(collection) X(documentation) X(forum) X(listing) X(product) X(service)

enum class PageType : std::size_t {
#define PITH_PAGE_TYPE_ENUM(name) name,
  PITH_PAGE_TYPES(PITH_PAGE_TYPE_ENUM)
#undef PITH_PAGE_TYPE_ENUM
  count
};
inline constexpr std::size_t kPageTypeCount = static_cast<std::size_t>(PageType::count);
inline constexpr std::array<std::string_view, kPageTypeCount> kPageTypeNames = {
#define PITH_PAGE_TYPE_NAME(name) #name,
    PITH_PAGE_TYPES(PITH_PAGE_TYPE_NAME)
#undef PITH_PAGE_TYPE_NAME
};

struct PageTypeGuess {
  PageType type = PageType::article;
  double confidence = 0;  // the model's probability of `type`
  std::array<double, kPageTypeCount> probabilities{};
  std::string_view name() const { return kPageTypeNames[static_cast<std::size_t>(type)]; }
  double probability(PageType t) const { return probabilities[static_cast<std::size_t>(t)]; }
};

// Pages the model calls products with more than this probability have their
// reviews pruned however long they run and whatever they are named
// (extraction::ContentOptions::reviews_are_clutter): a product page's
// content is its description and specifications. Cross-validated on WCXB's product pages:
// pruning long review lists +0.0049 [+0.0000, +0.0124] (4 pages better, 3
// slightly worse), no other page changed; the same at 0.3. Pruning them on
// every page but forums moved listings by -0.0025. Leaving out what is named
// for reviews: products +0.0175 [+0.0014, +0.0408] (17 pages better, 11
// worse by less, most where the gold keeps a rating summary), no other
// page changed, the same from 0.3 to 0.8; on articles the same names mark
// the review the page is (train + dev: 108k characters of gold text under
// them, 8k of clutter).
inline constexpr double kReviewPruningProductProbability = 0.5;

// Pages the model calls articles with at least this probability have their
// lists of teasers pruned (extraction::ContentOptions::teasers_are_clutter):
// related stories under a story. On other pages teasers are often the
// content (a blog's or a news site's home page, a service page's case
// studies): on every page type the rule cost listings 0.0012 (a blog's home
// page 0.12), and a news home page the model calls a service lost its cards.
inline constexpr double kTeaserPruningArticleProbability = 0.5;

// Pages the model calls documentation with at least this probability keep
// the blocks of prose that repeat earlier ones
// (extraction::ContentOptions::repeats_are_clutter): a guide's tabs (one per
// language or platform) say the same sentences each.
inline constexpr double kRepeatsKeptDocumentationProbability = 0.5;

// Pages the model calls forums with at least this probability have their
// discussion joined to the content however long the post opening it
// (extraction::ContentOptions::thread_page).
inline constexpr double kThreadJoinForumProbability = 0.5;

PageTypeGuess classify_page_type(const PageFeatures& features);

}  // namespace pith::classify
