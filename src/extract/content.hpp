// The extraction stage as a whole: Dom in, main-content blocks out.
#pragma once

#include <vector>

#include "budget/deadline.hpp"
#include "dom/dom.hpp"
#include "extract/heuristics.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

struct ContentOptions {
  bool include_title = true;
  std::string_view title;  // the page title as the metadata stage found it
  Timings* timings = nullptr;  // when set, the stages' times are added to it
  Tuning tuning = kBalancedTuning;  // Options::focus
  Explanation* explanation = nullptr;  // when set, filled for --explain
  // The page's JSON-LD articleBody when the metadata stage read it
  // (json_ld_article_body); when null, read here from the page.
  const std::string* article_body = nullptr;
  // Options::time_budget, checked after each pass; none when null.
  const budget::Deadline* deadline = nullptr;
};

std::vector<Block> extract_content(const dom::Dom& dom, const ContentOptions& options);

}  // namespace pith::extraction
