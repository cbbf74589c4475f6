#include "classify/page_type.hpp"

#include <algorithm>
#include <cmath>

#include "classify/models.hpp"

namespace pith::classify {

static_assert(kPageFeatureCount > 0);

PageTypeGuess classify_page_type(const PageFeatures& features) {
  PageTypeGuess guess;
  std::array<double, kPageTypeCount> scores{};
  evaluate(kPageTypeModel, features, scores);
  // Softmax of the scores, as scikit-learn's multinomial deviance defines the
  // probabilities.
  double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (std::size_t k = 0; k < kPageTypeCount; ++k) sum += guess.probabilities[k] = std::exp(scores[k] - top);
  for (double& p : guess.probabilities) p /= sum;
  auto best = std::max_element(guess.probabilities.begin(), guess.probabilities.end());
  guess.type = static_cast<PageType>(best - guess.probabilities.begin());
  guess.confidence = *best;
  return guess;
}

}  // namespace pith::classify
