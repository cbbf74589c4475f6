// repeated_shingle_share (kSelfRepeatingSelectionShare): how much of a text
// says again what it said, in word shingles (a CJK character a word), case
// and punctuation aside.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "extract/self_repetition.hpp"

namespace {

using pith::Block;
using pith::extraction::repeated_shingle_share;

std::vector<Block> blocks_of(const std::vector<std::string>& texts) {
  std::vector<Block> blocks;
  for (const std::string& t : texts) {
    Block b;
    b.text = t;
    blocks.push_back(std::move(b));
  }
  return blocks;
}

}  // namespace

TEST_CASE("repeated shingles: a text said twice, a varied one, a short one") {
  // "a b c d a b c d": shingles abcd bcda cdab dabc abcd, abcd twice: 2 of 5.
  CHECK(repeated_shingle_share(blocks_of({"a b c d", "a b c d"})) == doctest::Approx(0.4));
  CHECK(repeated_shingle_share(blocks_of({"One two three four five six seven eight."})) == 0.0);
  CHECK(repeated_shingle_share(blocks_of({"too short"})) == 0.0);
  CHECK(repeated_shingle_share({}) == 0.0);
}

TEST_CASE("repeated shingles: case, punctuation and block breaks do not count") {
  const double share = repeated_shingle_share(
      blocks_of({"Free shipping on orders over $40.", "FREE shipping, on orders over 60 CAD!"}));
  // 13 words, 10 shingles; "free shipping on orders" and "shipping on orders
  // over" twice each.
  CHECK(share == doctest::Approx(0.4));
}

TEST_CASE("repeated shingles: a CJK character is a word") {
  CHECK(repeated_shingle_share(blocks_of({"免费送货上门", "免费送货上门"})) == doctest::Approx(6.0 / 9.0));
  CHECK(repeated_shingle_share(blocks_of({"今天天气很好我们去公园散步"})) == 0.0);
}

TEST_CASE("repeated shingles: a promo bar of one notice repeated is almost all repeats") {
  std::vector<std::string> notices;
  for (const char* threshold : {"$40", "$60 CAD", "$110 AUD", "65€", "£50"})
    notices.push_back(std::string("Free standard shipping on orders ") + threshold +
                      ". For more information on shipping rates and timelines, please visit our international page");
  CHECK(repeated_shingle_share(blocks_of(notices)) > 0.7);  // all but the thresholds' shingles
}
