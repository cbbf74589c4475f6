// The classify stage: the tree evaluator, the page features the page-type
// model reads, the page type and confidence every Document carries, and the
// attempt chooser's inputs and guard.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>

#include "classify/attempt_choice.hpp"
#include "classify/confidence.hpp"
#include "classify/page_features.hpp"
#include "classify/page_type.hpp"
#include "classify/trees.hpp"
#include "dom/build.hpp"
#include "pith/pith.hpp"
#include "pipeline.hpp"

namespace {

using pith::classify::PageFeature;

double feature(const pith::classify::PageFeatures& f, PageFeature which) {
  return f[static_cast<std::size_t>(which)];
}

pith::classify::PageFeatures features_of(const std::string& html, const std::string& url = "",
                                         const std::string& declared = "") {
  pith::dom::Dom dom = pith::dom::build_dom(html);
  pith::Metadata metadata;
  metadata.declared_page_type = declared;
  return pith::classify::read_page_features(dom, metadata, url);
}

}  // namespace

TEST_CASE("trees: each output sums its own trees, scaled, on top of its initial score") {
  using pith::classify::Tree;
  // Tree 0 (output 0): x0 <= 0.5 ? 1 : 3. Tree 1 (output 1): x1 <= 2 ? -1 : 5.
  // Stored complete, three levels deep: the root's children test feature 0
  // and lead to the same leaf either way.
  const Tree trees[] = {{{0.5f, 0, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 3, 3, 3, 3}, {0, 0, 0, 0, 0, 0, 0}},
                        {{2.0f, 0, 0, 0, 0, 0, 0}, {-1, -1, -1, -1, 5, 5, 5, 5}, {1, 0, 0, 0, 0, 0, 0}}};
  const double initial[] = {10.0, 20.0};
  pith::classify::TreeEnsemble model{trees, initial, 0.5, 2};
  double out[2];
  const double left[] = {0.5, 2.0};  // equal to the thresholds: left
  pith::classify::evaluate(model, left, out);
  CHECK(out[0] == 10.5);
  CHECK(out[1] == 19.5);
  const double right[] = {0.6, 2.5};
  pith::classify::evaluate(model, right, out);
  CHECK(out[0] == 11.5);
  CHECK(out[1] == 22.5);
  // Inputs are rounded to float first, as scikit-learn does: a double a hair
  // above 0.5 that rounds to 0.5f goes left.
  const double rounds_down[] = {0.5 + 1e-12, 0};
  pith::classify::evaluate(model, rounds_down, out);
  CHECK(out[0] == 10.5);
  // Nothing is <= NaN: a NaN input goes right.
  const double nan[] = {std::nan(""), 0};
  pith::classify::evaluate(model, nan, out);
  CHECK(out[0] == 11.5);
}

TEST_CASE("page features: a grid of alike cards is one repeated group holding the text") {
  std::string html = "<html><body><nav><a href=/>Home</a></nav><div class=grid>";
  for (int k = 0; k < 6; ++k)
    html += "<div class=\"card product-card\"><img src=a.jpg><h3><a href=/p>Lamp " + std::to_string(k) +
            "</a></h3><div class=price>$19.99</div><span class=price-note>incl. tax</span></div>";
  html += "</div></body></html>";
  auto f = features_of(html, "https://shop.example/lamps?page=2");
  CHECK(std::expm1(feature(f, PageFeature::repeat_max)) == doctest::Approx(6));
  CHECK(std::expm1(feature(f, PageFeature::repeat_groups)) == doctest::Approx(1));
  CHECK(feature(f, PageFeature::repeat_text_share) > 0.8);
  CHECK(feature(f, PageFeature::repeat_items_with_image) == 1.0);
  CHECK(feature(f, PageFeature::repeat_items_with_heading) == 1.0);
  CHECK(std::expm1(feature(f, PageFeature::prices)) == doctest::Approx(6));
  // "card" and "product" are named by all six cards, "price" by their prices
  // (the inline <span>'s name is not read).
  CHECK(std::expm1(feature(f, PageFeature::name_card)) == doctest::Approx(6));
  CHECK(std::expm1(feature(f, PageFeature::name_product)) == doctest::Approx(6));
  CHECK(std::expm1(feature(f, PageFeature::name_price)) == doctest::Approx(6));
  CHECK(feature(f, PageFeature::url_depth) == 1);
  CHECK(feature(f, PageFeature::url_has_query) == 1);
  CHECK(feature(f, PageFeature::url_is_root) == 0);
  CHECK(feature(f, PageFeature::declared_none) == 1);
}

TEST_CASE("page features: short hint words match whole name tokens only") {
  auto f = features_of("<html><body><div class=\"in-stock vintage\">x</div>"
                       "<div id=toc class=\"post-tags\">y</div></body></html>");
  CHECK(std::expm1(feature(f, PageFeature::name_toc)) == doctest::Approx(1));  // id=toc, not in-stock
  CHECK(std::expm1(feature(f, PageFeature::name_tag)) == doctest::Approx(1));  // post-tags, not vintage
  CHECK(std::expm1(feature(f, PageFeature::name_post)) == doctest::Approx(1));
}

TEST_CASE("page features: prose, the address's shape and the declared type") {
  std::string para(260, 'a');
  std::string html = "<html><body><article><h1>T</h1><p>" + para + ".</p><p>" + para + ".</p><p>short</p>"
                     "</article></body></html>";
  auto f = features_of(html, "https://news.example/2024/05/how-we-cut-the-costs-by-half", "article");
  CHECK(std::expm1(feature(f, PageFeature::long_paragraphs)) == doctest::Approx(2));
  CHECK(feature(f, PageFeature::prose_share) > 0.9);
  CHECK(feature(f, PageFeature::url_depth) == 3);
  CHECK(feature(f, PageFeature::url_has_date) == 1);
  CHECK(feature(f, PageFeature::url_slug_words) == 7);
  CHECK(feature(f, PageFeature::declared_article) == 1);
  CHECK(feature(f, PageFeature::declared_none) == 0);
}

TEST_CASE("page features: JSON-LD types are read from the scripts, hidden text is not counted") {
  auto f = features_of(
      "<html><head><script type=\"application/ld+json\">{\"@type\": \"Product\", \"offers\": "
      "{\"@type\": \"Offer\", \"price\": \"12\"}}</script></head><body><p>Visible</p>"
      "<script>var hidden = 'text that is not on the page';</script></body></html>");
  CHECK(feature(f, PageFeature::jsonld_product) == 1);
  CHECK(feature(f, PageFeature::jsonld_offer) == 1);
  CHECK(feature(f, PageFeature::jsonld_article) == 0);
  CHECK(std::expm1(feature(f, PageFeature::log_text_chars)) == doctest::Approx(7));
}

TEST_CASE("every Document carries a page type with its probability, and a confidence in [0, 1]") {
  std::string body;
  for (int k = 0; k < 8; ++k)
    body += "<p>The council met on Tuesday evening, and after a long debate about the budget, the members "
            "agreed to fund the new library, which will open next spring near the station.</p>";
  pith::Options options;
  options.url = "https://news.example/2024/05/council-funds-the-new-library";
  pith::Document doc = pith::extract("<html><head><title>Council funds library</title></head><body>"
                                     "<article><h1>Council funds library</h1>" + body +
                                     "</article></body></html>",
                                     options);
  REQUIRE(doc.has_main_content());
  bool known = false;
  for (std::string_view name : pith::classify::kPageTypeNames) known = known || doc.metadata.page_type == name;
  CHECK(known);
  CHECK(doc.metadata.page_type_confidence > 1.0 / pith::classify::kPageTypeCount);
  CHECK(doc.metadata.page_type_confidence <= 1.0);
  CHECK(doc.confidence > 0.0);
  CHECK(doc.confidence <= 1.0);

  pith::Document empty = pith::extract("<html><body><a href=/a>A</a> <a href=/b>B</a></body></html>");
  CHECK_FALSE(empty.has_main_content());
  CHECK(empty.confidence == 0.0);
}

TEST_CASE("page type probabilities sum to one and the guess is the most probable") {
  auto f = features_of("<html><body><p>Hello</p></body></html>");
  pith::classify::PageTypeGuess guess = pith::classify::classify_page_type(f);
  double sum = std::accumulate(guess.probabilities.begin(), guess.probabilities.end(), 0.0);
  CHECK(sum == doctest::Approx(1.0));
  for (double p : guess.probabilities) CHECK(p <= guess.confidence);
}

namespace {

pith::extraction::AttemptSummary summary(std::uint32_t length, std::uint32_t blocks,
                                         std::uint32_t chars, std::uint32_t link_chars,
                                         std::uint32_t list_items) {
  pith::extraction::AttemptSummary s;
  s.length = length;
  s.counts.blocks = blocks;
  s.counts.chars = chars;
  s.counts.link_chars = link_chars;
  s.counts.list_items = list_items;
  return s;
}

double attempt_feature(const pith::classify::AttemptChoiceFeatures& x, pith::classify::AttemptFeature f) {
  return x[pith::classify::kPageFeatureCount + pith::classify::kPageTypeCount + static_cast<std::size_t>(f)];
}

}  // namespace

TEST_CASE("attempt choice: the features say how the attempts compare") {
  pith::classify::PageFeatures page{};
  pith::classify::PageTypeGuess type;
  type.probabilities[static_cast<std::size_t>(pith::classify::PageType::listing)] = 0.7;
  pith::extraction::AttemptChoice choice;
  choice.attempts[0] = summary(400, 2, 400, 0, 0);
  choice.attempts[1] = summary(1600, 10, 1500, 300, 4);
  choice.attempts[2] = summary(3200, 40, 3000, 1500, 20);
  choice.discussion_length = 800;
  auto x = pith::classify::read_attempt_features(page, type, choice);
  using A = pith::classify::AttemptFeature;
  CHECK(x[pith::classify::kPageFeatureCount + static_cast<std::size_t>(pith::classify::PageType::listing)] == 0.7);
  CHECK(attempt_feature(x, A::attempt_log_selection_length) == doctest::Approx(std::log1p(400.0)));
  CHECK(attempt_feature(x, A::attempt_region_gain) == doctest::Approx(std::log1p(3200.0) - std::log1p(400.0)));
  CHECK(attempt_feature(x, A::attempt_selection_share) == doctest::Approx(0.125));
  CHECK(attempt_feature(x, A::attempt_pruned_share) == doctest::Approx(0.5));
  CHECK(attempt_feature(x, A::attempt_region_link_share) == doctest::Approx(0.5));
  CHECK(attempt_feature(x, A::attempt_selection_link_share) == 0.0);
  CHECK(attempt_feature(x, A::attempt_discussion_share) == doctest::Approx(0.25));
  CHECK(attempt_feature(x, A::attempt_region_list_share) == doctest::Approx(0.5));
  // An empty attempt (no main region) gives zeros, not a division by zero.
  choice.attempts[2] = {};
  x = pith::classify::read_attempt_features(page, type, choice);
  CHECK(attempt_feature(x, A::attempt_region_link_share) == 0.0);
  CHECK(std::isfinite(attempt_feature(x, A::attempt_selection_share)));
}

TEST_CASE("attempt choice: a page the type model calls an article or a product keeps the rules' selection") {
  pith::classify::PageTypeGuess article;
  article.probabilities[static_cast<std::size_t>(pith::classify::PageType::article)] = 0.95;
  CHECK_FALSE(pith::classify::attempt_choice_applies(article));
  pith::classify::PageTypeGuess listing;
  listing.probabilities[static_cast<std::size_t>(pith::classify::PageType::listing)] = 0.95;
  listing.probabilities[static_cast<std::size_t>(pith::classify::PageType::article)] = 0.05;
  CHECK(pith::classify::attempt_choice_applies(listing));
  pith::classify::PageTypeGuess product;
  product.probabilities[static_cast<std::size_t>(pith::classify::PageType::product)] = 0.6;
  product.probabilities[static_cast<std::size_t>(pith::classify::PageType::collection)] = 0.4;
  CHECK_FALSE(pith::classify::attempt_choice_applies(product));
  // Whatever the attempts look like, an article's features choose the selection.
  pith::extraction::AttemptChoice choice;
  choice.attempts[0] = summary(10, 1, 10, 0, 0);
  choice.attempts[1] = summary(50000, 400, 50000, 100, 100);
  choice.attempts[2] = summary(90000, 900, 90000, 40000, 600);
  auto x = pith::classify::read_attempt_features(pith::classify::PageFeatures{}, article, choice);
  CHECK(pith::classify::choose_attempt(x) == pith::classify::AttemptKind::selection);
  // Nor does a selection that repeats itself move an article; on a listing it
  // gives the whole region, whatever the model would say.
  CHECK(pith::classify::choose_attempt(x, pith::Focus::balanced, true) == pith::classify::AttemptKind::selection);
  choice.attempts[1] = choice.attempts[2] = summary(10, 1, 10, 0, 0);
  auto on_listing = pith::classify::read_attempt_features(pith::classify::PageFeatures{}, listing, choice);
  for (pith::Focus focus : {pith::Focus::precision, pith::Focus::balanced, pith::Focus::recall})
    CHECK(pith::classify::choose_attempt(on_listing, focus, true) == pith::classify::AttemptKind::region);
}

TEST_CASE("attempt choice: every focus asks the chooser, recall with the lowest margin, precision the highest") {
  // A listing: 16 alike cards of a link and a line, a lead above them.
  std::string html = "<html><head><title>Harbour notices</title></head><body><nav><a href='/'>Home</a>"
                     "<a href='/notices'>Notices</a></nav><main><h1>Notices</h1><p>Every notice the harbour "
                     "office posted this month, newest first, with the berths it concerns.</p><ul>";
  for (int i = 0; i < 16; ++i)
    html += "<li><a href='/notice/" + std::to_string(i) + "'>Notice " + std::to_string(i) +
            " on berth works</a> <span>posted on day " + std::to_string(i + 1) + "</span></li>";
  html += "</ul></main><footer>Harbour office</footer></body></html>";
  auto chooser_ran = [&](pith::Focus focus) {
    pith::Options options;
    options.focus = focus;
    pith::detail::ModelInputs inputs;
    pith::detail::extract(html, options, &inputs);
    return inputs.chooser_ran;
  };
  CHECK(chooser_ran(pith::Focus::balanced));
  CHECK(chooser_ran(pith::Focus::recall));
  CHECK(chooser_ran(pith::Focus::precision));
  // Whatever the model predicts, recall keeps a region attempt wherever
  // balanced does, balanced wherever precision does, and some features
  // switch recall only, or precision not.
  using pith::classify::AttemptKind;
  pith::classify::PageTypeGuess listing;
  listing.probabilities[static_cast<std::size_t>(pith::classify::PageType::listing)] = 1.0;
  int recall_only = 0, not_precision = 0;
  for (std::uint32_t selection = 50; selection <= 3200; selection *= 2)
    for (std::uint32_t region = selection; region <= 25600; region *= 2) {
      pith::extraction::AttemptChoice choice;
      choice.attempts[0] = summary(selection, 2, selection, 0, 0);
      choice.attempts[1] = summary(region / 2 + selection, 12, region / 2, region / 8, 10);
      choice.attempts[2] = summary(region + selection, 24, region, region / 4, 20);
      auto x = pith::classify::read_attempt_features(pith::classify::PageFeatures{}, listing, choice);
      const AttemptKind precision = pith::classify::choose_attempt(x, pith::Focus::precision);
      const AttemptKind balanced = pith::classify::choose_attempt(x);
      const AttemptKind recall = pith::classify::choose_attempt(x, pith::Focus::recall);
      if (precision != AttemptKind::selection) CHECK(balanced == precision);
      if (balanced != AttemptKind::selection) CHECK(recall == balanced);
      recall_only += balanced == AttemptKind::selection && recall != AttemptKind::selection;
      not_precision += balanced != AttemptKind::selection && precision == AttemptKind::selection;
    }
  CHECK(recall_only > 0);
  CHECK(not_precision > 0);
}

TEST_CASE("a home page of teaser cards gives its cards, not nothing and not one card") {
  std::string html = "<html><head><title>The Courier</title></head><body><nav><a href='/'>Home</a>"
                     "<a href='/news'>News</a><a href='/sport'>Sport</a></nav><main>";
  for (int i = 0; i < 16; ++i)
    html += "<div class='card'><h3><a href='/story/" + std::to_string(i) + "'>Story number " +
            std::to_string(i) + " about the harbour and the town council</a></h3><p>A short teaser of "
            "story " + std::to_string(i) + " on what the council decided this week.</p><span>2 hours ago"
            "</span></div>";
  html += "</main><footer>Copyright The Courier</footer></body></html>";
  pith::Document doc = pith::extract(html);
  REQUIRE(doc.has_main_content());
  int stories = 0;
  for (int i = 0; i < 16; ++i)
    stories += doc.text.find("A short teaser of story " + std::to_string(i) + " ") != std::string::npos;
  INFO(doc.text);
  CHECK(stories >= 12);
  CHECK(doc.text.find("Copyright") == std::string::npos);
}
