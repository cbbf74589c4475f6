#include "classify/attempt_choice.hpp"

#include <algorithm>
#include <cmath>

#include "classify/models.hpp"

namespace pith::classify {

namespace {
// The gain in expected word F1 a region attempt must promise before it
// replaces the selection. Cross-validated by domain over the 1,460 pages of
// train/ and dev/ with whole gold texts (train/train_models.py prints the
// table). The fewer switches, the less a page unlike the training pages
// risks, and a page the model scores near the margin flips with every
// refit; the margin was 0.12 for that reason. Against 0.12, paired by page
// over three training seeds: 0.08 gains +0.0017 to +0.0021 word F1, its
// domain-bootstrap interval above zero for each seed (listing +0.006 to
// +0.015, service +0.008 to +0.010, no group below -0.001); 0.04 gains
// +0.0015 to +0.0039 but not for every seed, and news (daniel) falls by
// 0.006 with one of them.
constexpr double kAttemptChoiceMargin = 0.08;
// The margins of the other focuses (Options::focus), on the 1,337 WCXB pages
// of train + dev (mean word precision / recall; balanced 0.894 / 0.923).
// Without the chooser, recall kept less than balanced (0.895 / 0.898;
// collections' recall 0.679, listings' 0.731 against 0.810, 0.837), and
// precision lost listings for nothing (0.902 / 0.872; listings 0.775 / 0.650
// against 0.774 / 0.837). Recall at 0.08: 0.892 / 0.925; at 0.0 (any region
// attempt the model expects to lose nothing): 0.886 / 0.938; at -0.03,
// 0.883 / 0.940. Precision at 0.08: 0.897 / 0.915; at 0.15: 0.899 / 0.904,
// its precision still above balanced's.
constexpr double kAttemptChoiceRecallMargin = 0.0;
constexpr double kAttemptChoicePrecisionMargin = 0.15;
// Pages the page-type model calls articles with at least this probability
// keep the rules' selection: the chooser gained nothing on them (+0.001 on
// WCXB's articles, cross-validated, with or without this guard), and news
// articles with a comment thread as long as the article are where a region
// attempt does most harm. On train_models.py's out-of-fold choices (the same
// fitted models, only this bound moved): at 0.9 the chooser cost the news
// pages of other sources -0.006 (daniel) and -0.014 (zh-cwced); at 0.4
// neither loses, and all pages gain +0.0084 [+0.0039, +0.0132] against
// +0.0076 (services -0.006, the only type to give some back); 0.5 keeps
// daniel's loss, 0.3 gives back listings.
constexpr double kAttemptChoiceMaxArticleProbability = 0.4;
// Pages it calls products (more likely than not) keep it too: a product
// page's region brings its reviews, offers and related products with the
// description. On train_models.py's out-of-fold predictions the chooser
// moved WCXB's product pages by -0.002 with no guard and by +0.008 with this
// one (the same at 0.3 to 0.9): +0.0072 [+0.0031, +0.0114] overall against
// +0.0067; refitted with it, +0.0078 [+0.0036, +0.0121].
constexpr double kAttemptChoiceMaxProductProbability = 0.5;

double probability(const PageTypeGuess& type, PageType t) {
  return type.probabilities[static_cast<std::size_t>(t)];
}
}  // namespace

AttemptChoiceFeatures read_attempt_features(const PageFeatures& page, const PageTypeGuess& type,
                                            const extraction::AttemptChoice& choice) {
  AttemptChoiceFeatures x{};
  std::copy(page.begin(), page.end(), x.begin());
  std::copy(type.probabilities.begin(), type.probabilities.end(), x.begin() + kPageFeatureCount);
  auto at = [&](AttemptFeature f) -> double& {
    return x[kPageFeatureCount + kPageTypeCount + static_cast<std::size_t>(f)];
  };
  auto attempt = [&](AttemptKind k) { return choice.attempts[static_cast<std::size_t>(k)]; };
  const extraction::AttemptSummary selection = attempt(AttemptKind::selection);
  const extraction::AttemptSummary pruned = attempt(AttemptKind::region_pruned);
  const extraction::AttemptSummary region = attempt(AttemptKind::region);
  auto log_of = [](std::uint32_t v) { return std::log1p(static_cast<double>(v)); };
  auto share = [](std::uint32_t part, std::uint32_t whole) {
    return static_cast<double>(part) / std::max<std::uint32_t>(1, whole);
  };
  using A = AttemptFeature;
  at(A::attempt_log_selection_length) = log_of(selection.length);
  at(A::attempt_log_pruned_length) = log_of(pruned.length);
  at(A::attempt_log_region_length) = log_of(region.length);
  at(A::attempt_pruned_gain) = log_of(pruned.length) - log_of(selection.length);
  at(A::attempt_region_gain) = log_of(region.length) - log_of(selection.length);
  at(A::attempt_log_selection_blocks) = log_of(selection.counts.blocks);
  at(A::attempt_log_pruned_blocks) = log_of(pruned.counts.blocks);
  at(A::attempt_log_region_blocks) = log_of(region.counts.blocks);
  at(A::attempt_selection_share) = share(selection.length, region.length);
  at(A::attempt_pruned_share) = share(pruned.length, region.length);
  at(A::attempt_selection_link_share) = share(selection.counts.link_chars, selection.counts.chars);
  at(A::attempt_pruned_link_share) = share(pruned.counts.link_chars, pruned.counts.chars);
  at(A::attempt_region_link_share) = share(region.counts.link_chars, region.counts.chars);
  at(A::attempt_discussion_share) = share(choice.discussion_length, region.length);
  at(A::attempt_selection_heading_share) = share(selection.counts.headings, selection.counts.blocks);
  at(A::attempt_pruned_heading_share) = share(pruned.counts.headings, pruned.counts.blocks);
  at(A::attempt_region_heading_share) = share(region.counts.headings, region.counts.blocks);
  at(A::attempt_selection_list_share) = share(selection.counts.list_items, selection.counts.blocks);
  at(A::attempt_pruned_list_share) = share(pruned.counts.list_items, pruned.counts.blocks);
  at(A::attempt_region_list_share) = share(region.counts.list_items, region.counts.blocks);
  at(A::attempt_selection_row_share) = share(selection.counts.table_rows, selection.counts.blocks);
  at(A::attempt_pruned_row_share) = share(pruned.counts.table_rows, pruned.counts.blocks);
  at(A::attempt_region_row_share) = share(region.counts.table_rows, region.counts.blocks);
  return x;
}

bool attempt_choice_applies(const PageTypeGuess& type) {
  return probability(type, PageType::article) < kAttemptChoiceMaxArticleProbability &&
         probability(type, PageType::product) < kAttemptChoiceMaxProductProbability;
}

AttemptKind choose_attempt(const AttemptChoiceFeatures& features, Focus focus, bool selection_repeats_itself) {
  PageTypeGuess type;
  std::copy_n(features.begin() + kPageFeatureCount, kPageTypeCount, type.probabilities.begin());
  if (!attempt_choice_applies(type)) return AttemptKind::selection;
  if (selection_repeats_itself) return AttemptKind::region;
  double pruned_gain = 0, region_gain = 0;
  evaluate(kRegionPrunedGainModel, features, std::span<double>(&pruned_gain, 1));
  evaluate(kRegionGainModel, features, std::span<double>(&region_gain, 1));
  const double margin = focus == Focus::recall      ? kAttemptChoiceRecallMargin
                        : focus == Focus::precision ? kAttemptChoicePrecisionMargin
                                                    : kAttemptChoiceMargin;
  if (std::max(pruned_gain, region_gain) <= margin) return AttemptKind::selection;
  return region_gain > pruned_gain ? AttemptKind::region : AttemptKind::region_pruned;
}

}  // namespace pith::classify
