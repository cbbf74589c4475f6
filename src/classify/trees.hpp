// Gradient-boosted decision trees, evaluated from tables a training script
// generated (train/train_models.py writes *_model.cpp): no ML library at run
// time. The tables follow scikit-learn's GradientBoosting models: a feature
// goes left when its value, rounded to float as scikit-learn rounds its
// input, is <= the node's threshold (stored as the largest float not above
// scikit-learn's, which gives the same answer for every float input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace pith::classify {

// 8 bytes a node: the models are read whole for every page, so their size is
// resident memory (and cache) on every thread.
struct TreeNode {
  float threshold;      // inner node: go left when float(x[feature]) <= threshold; leaf: its output
  std::uint16_t right;  // inner node: the right child's index, counted from this node; the left
                        // child is the next node
  std::uint8_t feature; // kLeaf for a leaf
  std::uint8_t unused = 0;
};
inline constexpr std::uint8_t kLeaf = 0xFF;

// `outputs` scores (one per class; 1 for a regression), each the sum of
// `initial[k]` and `learning_rate` times the trees of output k: the trees
// are stored round by round, tree t belonging to output t % outputs.
struct TreeEnsemble {
  std::span<const TreeNode> nodes;
  std::span<const std::int32_t> roots;  // index of each tree's root in nodes
  std::span<const double> initial;
  double learning_rate = 0;
  std::size_t features = 0;  // how many inputs the model reads
};

// Raw scores into `out` (size ensemble.initial.size()).
inline void evaluate(const TreeEnsemble& model, std::span<const double> x, std::span<double> out) {
  const std::size_t outputs = model.initial.size();
  for (std::size_t k = 0; k < outputs; ++k) out[k] = model.initial[k];
  // Tree t's output, t % outputs, counted along rather than divided: a
  // division per tree (the count is known only at run time) takes tens of
  // cycles, as long as a tree's walk.
  std::size_t output = 0;
  for (std::size_t t = 0; t < model.roots.size(); ++t) {
    const TreeNode* node = &model.nodes[static_cast<std::size_t>(model.roots[t])];
    while (node->feature != kLeaf)
      node = static_cast<float>(x[node->feature]) <= node->threshold ? node + 1 : node + node->right;
    out[output] += model.learning_rate * static_cast<double>(node->threshold);
    if (++output == outputs) output = 0;
  }
}

}  // namespace pith::classify
