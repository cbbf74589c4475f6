// The article text a page declares in its JSON-LD (schema.org articleBody):
// not trusted as the content while the page's markup gives any (it is often
// a teaser, or the text of a paywall the page itself hides), but a
// cross-check of the content found there, and the content of last resort
// when the markup gives nothing (extract/content.cpp, use_declared_body).
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include <nlohmann/json_fwd.hpp>

#include "dom/dom.hpp"

namespace pith::extraction {

// The longest articleBody string of the page's JSON-LD scripts; "" if none.
// (The metadata stage, which parses the scripts anyway, reads the same with
// the two functions below and hands it to the content stage.)
std::string json_ld_article_body(const dom::Dom& dom);

// Does the <script> element `script` name an articleBody in its text? Looked
// at before the script is parsed for it: most pages declare none.
bool declares_article_body(const dom::Dom& dom, dom::NodeId script);

// The longest articleBody string in `root` (a parsed JSON-LD script), put in
// `best` when longer than what `best` holds.
void keep_longest_article_body(const nlohmann::json& root, std::string& best);

// The distinct words of `utf8`, ASCII lower-cased, each CJK character a word.
std::unordered_set<std::string> word_set(std::string_view utf8);

// The share of `reference`'s words that `words` holds (0 for no reference).
double word_set_share(const std::unordered_set<std::string>& reference,
                      const std::unordered_set<std::string>& words);

// How well `words` matches `reference`: the harmonic mean of the share of
// `reference` found in `words` and the share of `words` found in `reference`.
double word_set_f1(const std::unordered_set<std::string>& words,
                   const std::unordered_set<std::string>& reference);

}  // namespace pith::extraction
