// The extraction stage as a whole: Dom in, main-content blocks out.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "budget/deadline.hpp"
#include "dom/dom.hpp"
#include "extract/blocks.hpp"
#include "extract/heuristics.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

// What a model choosing between attempts reads of each.
struct AttemptSummary {
  std::uint32_t length = 0;  // the rendered text's weighted length
  BlockCounts counts;
};

// What ContentOptions::choose_attempt reads: the rules' choice (the
// selection) and the page's main region, pruned and whole, in that order; and
// the length of the page's discussion (comments, replies), 0 when none.
struct AttemptChoice {
  AttemptSummary attempts[3];
  std::uint32_t discussion_length = 0;
  // The selection repeats itself where the whole region does not (see
  // kSelfRepeatingSelectionShare): the region is the content.
  bool selection_repeats_itself = false;
};

// One attempt as train/dump_features.cpp records it: the chooser's training
// data is how well each attempt's text matches the gold.
struct AttemptRecord {
  std::string strategy;
  AttemptSummary summary;
  std::string text;  // the blocks' text, a line each
};

struct ContentOptions {
  bool include_title = true;
  std::string_view title;  // the page title as the metadata stage found it
  // The page's address, when known: what its path names is not clutter on it
  // (PageReading::url).
  std::string_view url;
  Timings* timings = nullptr;  // when set, the stages' times are added to it
  Tuning tuning = kBalancedTuning;  // Options::focus
  Explanation* explanation = nullptr;  // when set, filled for --explain
  // The page's JSON-LD articleBody, as the metadata stage read it
  // (meta::PageMetadata); empty when the page declares none.
  std::string_view article_body;
  // The page's declared description (meta description, og:description), as
  // the metadata stage read it: the content of a shell page whose markup
  // holds almost no text (use_declared_description).
  std::string_view description;
  // The description of the product the page's JSON-LD declares (meta::
  // PageMetadata::product_description): added to the content when the
  // content lacks it (add_declared_product_description).
  std::string_view product_description;
  // Whether the page's metadata declares an article (a publish date, or an
  // article type): a brief shorter than kMinContentLength may then be one.
  bool declares_article = false;
  // Whether the page asks search engines not to index it: its content must
  // then hold kNoindexMinContentLength.
  bool noindex = false;
  // Whether customer reviews are clutter (a product page): what is named for
  // them is left out whatever else it is named (PageReading::
  // reviews_are_clutter), and a comment thread or date-stamped list is
  // pruned even when it is most of the selection, rather than kept as the
  // content it then usually is (a forum's posts).
  bool reviews_are_clutter = false;
  // Whether lists of teasers (is_teaser_list: related stories) are clutter:
  // on articles (classify::kTeaserPruningArticleProbability); elsewhere they
  // are often the content.
  bool teasers_are_clutter = true;
  // Whether a block of prose that repeats an earlier one word for word is
  // left out (leave_out_repeated_blocks): not on documentation, whose tabs
  // say a setting again for each of its variants
  // (classify::kRepeatsKeptDocumentationProbability).
  bool repeats_are_clutter = true;
  // Whether the page is a thread (classify::kThreadJoinForumProbability):
  // its discussion joins the content however long the post opening it
  // (kDiscussionArticleShare bounds a story's own text otherwise).
  bool thread_page = false;
  // When set, says which of AttemptChoice::attempts to keep (0, 1 or 2):
  // classify/attempt_choice.hpp. Not asked when the page's JSON-LD
  // articleBody judged the content (its words are the better judge).
  std::function<std::size_t(const AttemptChoice&)> choose_attempt;
  // When set (with choose_attempt), the three attempts are recorded here.
  std::vector<AttemptRecord>* attempts = nullptr;
  // Options::time_budget, checked after each pass; none when null.
  const budget::Deadline* deadline = nullptr;
  // When set and the page has no main content, receives why
  // (Document::no_content_reason).
  std::string* no_content_reason = nullptr;
};

std::vector<Block> extract_content(const dom::Dom& dom, const ContentOptions& options);

}  // namespace pith::extraction
