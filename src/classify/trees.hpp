// Gradient-boosted decision trees, evaluated from tables a training script
// generated (train/train_models.py writes *_model.cpp): no ML library at run
// time. The tables follow scikit-learn's GradientBoosting models: a feature
// goes left when its value, rounded to float as scikit-learn rounds its
// input, is <= the node's threshold (stored as the largest float not above
// scikit-learn's, which gives the same answer for every float input).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "assert.hpp"

namespace pith::classify {

// Every tree is stored complete, kTreeDepth levels deep (the models' max_depth;
// train_models.py reads it here): a leaf above the bottom level becomes inner
// nodes whose every leaf below holds its value, so either side gives the same
// output. A walk is then kTreeDepth steps without a branch, the same for every
// tree: the processor runs ahead to the next trees while one waits for its
// nodes, where a walk to a leaf marked as such mispredicted its end. The models
// are read whole for every page (1,680 trees for the page type), so their size
// is cache on every thread: 68 bytes a tree, against 115 for its nodes stored
// one by one at 8 bytes a node.
inline constexpr int kTreeDepth = 3;
inline constexpr int kTreeInner = (1 << kTreeDepth) - 1;
inline constexpr int kTreeLeaves = 1 << kTreeDepth;

// Inner node i (0 the root) has children 2i + 1 (left) and 2i + 2 (right);
// node kTreeInner + j is leaf j.
struct Tree {
  float threshold[kTreeInner];        // go left when float(x[feature[i]]) <= threshold[i]
  float leaf[kTreeLeaves];            // the tree's output at each leaf
  std::uint8_t feature[kTreeInner];
};

// The most inputs a model can read (a feature index is a byte).
inline constexpr std::size_t kMaxTreeFeatures = 256;

// `outputs` scores (one per class; 1 for a regression), each the sum of
// `initial[k]` and `learning_rate` times the trees of output k: the trees
// are stored round by round, tree t belonging to output t % outputs.
struct TreeEnsemble {
  std::span<const Tree> trees;
  std::span<const double> initial;
  double learning_rate = 0;
  std::size_t features = 0;  // how many inputs the model reads
};

// Raw scores into `out` (size ensemble.initial.size()).
inline void evaluate(const TreeEnsemble& model, std::span<const double> x, std::span<double> out) {
  PITH_ASSERT(model.features <= x.size() && model.features <= kMaxTreeFeatures,
              "a model reads only the inputs it is given");
  // Each input rounded to float once, not at every node that reads it.
  std::array<float, kMaxTreeFeatures> input;
  for (std::size_t i = 0; i < model.features; ++i) input[i] = static_cast<float>(x[i]);
  const std::size_t outputs = model.initial.size();
  for (std::size_t k = 0; k < outputs; ++k) out[k] = model.initial[k];
  // Tree t's output, t % outputs, counted along rather than divided: a
  // division per tree (the count is known only at run time) takes tens of
  // cycles, as long as a tree's walk.
  std::size_t output = 0;
  for (const Tree& tree : model.trees) {
    unsigned node = 0;
    // Unrolled: the loop's counter and branch were a third of a level's
    // instructions, and the root's node index is then a constant.
#pragma GCC unroll 8
    for (int level = 0; level < kTreeDepth; ++level)
      node = 2 * node + 1 + !(input[tree.feature[node]] <= tree.threshold[node]);  // NaN: right
    out[output] += model.learning_rate * static_cast<double>(tree.leaf[node - kTreeInner]);
    if (++output == outputs) output = 0;
  }
}

}  // namespace pith::classify
