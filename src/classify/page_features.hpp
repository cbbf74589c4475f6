// What a page looks like, as numbers a page-type model reads: its size, how
// its text is spread over links, paragraphs, list items, cells and code, how
// much of it repeats (a grid of cards), what its forms and prices look like,
// what it declares itself to be (JSON-LD, microdata, og:type), which words its
// class and id names use, and the shape of its address. Nothing here depends
// on the page's language: text is counted in characters, and the only words
// read are markup names.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "dom/dom.hpp"
#include "pith/pith.hpp"

namespace pith::classify {

// The features, in the order the models read them. train/train_models.py
// takes their names from the feature dump (train/dump_features.cpp), so this
// list is the only place they are typed.
#define PITH_PAGE_FEATURES(X)                                                                        \
  X(log_elements) X(log_text_chars) X(log_words) X(cjk_share) X(link_text_share)                     \
  X(paragraph_text_share) X(list_text_share) X(cell_text_share) X(code_text_share)                   \
  X(heading_text_share) X(chrome_text_share) X(form_text_share) X(longest_text_share)                \
  X(digit_share) X(sentence_ends_per_kchar) X(commas_per_kchar)                                      \
  X(links_per_kchar) X(paragraphs) X(list_items) X(table_rows) X(code_blocks) X(headings)            \
  X(h1s) X(images) X(forms) X(inputs) X(buttons) X(selects) X(options) X(textareas)                  \
  X(articles) X(times) X(iframes) X(videos) X(figures) X(blockquotes) X(dts) X(sections)             \
  X(navs) X(asides) X(prices) X(repeat_max) X(repeat_groups) X(repeat_text_share)                    \
  X(repeat_link_share) X(repeat_items_with_image) X(repeat_items_with_heading) X(repeat_item_chars)  \
  X(repeat_items_with_price) X(repeat_items_with_time) X(repeat_items_with_action) X(priced_items)   \
  X(timed_items) X(prose_block_share) X(prose_block_concentration) X(sibling_paragraphs)             \
  X(article_block_share) X(list_depth) X(chrome_links) X(tel_links) X(external_link_share)           \
  X(fragment_link_share) X(body_single) X(body_page)                                                 \
  X(long_paragraphs) X(prose_share) X(text_per_heading) X(title_chars)                               \
  X(declared_article) X(declared_forum) X(declared_product) X(declared_listing)                      \
  X(declared_documentation) X(declared_recipe) X(declared_video) X(declared_profile)                 \
  X(declared_website) X(declared_none) X(has_date) X(has_author)                                     \
  X(jsonld_product) X(jsonld_offer) X(jsonld_article) X(jsonld_forum) X(jsonld_faq)                  \
  X(jsonld_itemlist) X(jsonld_breadcrumb) X(jsonld_organization) X(jsonld_service)                   \
  X(jsonld_howto) X(jsonld_event) X(jsonld_rating) X(jsonld_products)                                \
  X(name_product) X(name_price) X(name_cart) X(name_comment) X(name_post) X(name_thread)             \
  X(name_user) X(name_doc) X(name_sidebar) X(name_toc) X(name_breadcrumb) X(name_card)               \
  X(name_grid) X(name_item) X(name_pagination) X(name_filter) X(name_hero) X(name_feature)           \
  X(name_pricing) X(name_faq) X(name_testimonial) X(name_article) X(name_code) X(name_review)        \
  X(name_category) X(name_tag) X(name_button)                                                        \
  X(url_depth) X(url_last_segment_length) X(url_has_number) X(url_has_query) X(url_is_root) X(url_slug_words) X(url_has_date)

enum class PageFeature : std::size_t {
#define PITH_PAGE_FEATURE_ENUM(name) name,
  PITH_PAGE_FEATURES(PITH_PAGE_FEATURE_ENUM)
#undef PITH_PAGE_FEATURE_ENUM
  count
};

inline constexpr std::size_t kPageFeatureCount = static_cast<std::size_t>(PageFeature::count);
inline constexpr std::array<std::string_view, kPageFeatureCount> kPageFeatureNames = {
#define PITH_PAGE_FEATURE_NAME(name) #name,
    PITH_PAGE_FEATURES(PITH_PAGE_FEATURE_NAME)
#undef PITH_PAGE_FEATURE_NAME
};

using PageFeatures = std::array<double, kPageFeatureCount>;

// One pass over the page (and its declared metadata and address).
PageFeatures read_page_features(const dom::Dom& dom, const Metadata& metadata, std::string_view url);

}  // namespace pith::classify
