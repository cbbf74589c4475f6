// The pipeline behind pith::extract, with what its models read: for
// train/dump_features.cpp, which writes the training data of the models the
// library is built with (train/train_models.py). Not a public API.
#pragma once

#include "classify/confidence.hpp"
#include "classify/page_features.hpp"
#include "pith/pith.hpp"

namespace pith::detail {

struct ModelInputs {
  classify::PageFeatures page{};
  classify::ConfidenceFeatures confidence{};
};

// pith::extract, filling `inputs` when not null.
Document extract(std::string_view html, const Options& options, ModelInputs* inputs);

}  // namespace pith::detail
