// The pipeline behind pith::extract, with what its models read: for
// train/dump_features.cpp, which writes the training data of the models the
// library is built with (train/train_models.py). Not a public API.
#pragma once

#include "classify/confidence.hpp"
#include "classify/attempt_choice.hpp"
#include "classify/page_features.hpp"
#include "pith/pith.hpp"

namespace pith::detail {

struct ModelInputs {
  classify::PageFeatures page{};
  classify::ConfidenceFeatures confidence{};
  classify::AttemptChoiceFeatures attempt_choice{};
  // When set, the attempts the chooser read are kept in `attempts`.
  bool record_attempts = false;
  // When 0, 1 or 2, the chooser's choice (extraction::AttemptChoice) is this
  // one, whatever its model says: the content as each attempt would give it.
  int forced_attempt = -1;
  bool chooser_ran = false;  // whether the chooser was asked on this page
  // Whether the chooser took the region for a selection that repeats itself
  // (extraction::AttemptChoice::selection_repeats_itself), not asking its model.
  bool selection_repeats_itself = false;
  std::vector<extraction::AttemptRecord> attempts;
};

// pith::extract, filling `inputs` when not null.
Document extract(std::string_view html, const Options& options, ModelInputs* inputs);

}  // namespace pith::detail
