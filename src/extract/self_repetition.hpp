// How much of a text says again what it already said: the share of its
// word shingles that occur more than once. A promo bar of sixteen shipping
// notices, one card's template repeated, a product's variants each with the
// same sentence: selections made of one block said over and over, where the
// page's main region holds varied text (see kSelfRepeatingSelectionShare).
#pragma once

#include <vector>

#include "extract/blocks.hpp"

namespace pith::extraction {

// The share, in [0, 1], of the kRepetitionShingleWords-word shingles of the
// blocks' text (a CJK character counts as a word; case and punctuation do
// not count) that occur more than once, over the first
// kRepetitionSampleBytes of the text. 0 for a text of fewer words than a
// shingle.
double repeated_shingle_share(const std::vector<Block>& blocks);

}  // namespace pith::extraction
