#include "extract/article_body.hpp"

#include <nlohmann/json.hpp>

#include <vector>

#include "meta/json_ld_parse.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::extraction {

namespace {

// Bounds the walk into nested arrays and objects (hostile JSON-LD nests
// 100,000 deep); schema.org puts articleBody a few levels down at most.
constexpr std::size_t kMaxJsonDepth = 16;

}  // namespace

void keep_longest_article_body(const nlohmann::json& root, std::string& best) {
  struct Item {
    const nlohmann::json* value;
    std::size_t depth;
  };
  std::vector<Item> stack{{&root, 0}};
  while (!stack.empty()) {
    Item item = stack.back();
    stack.pop_back();
    if (item.depth > kMaxJsonDepth) continue;
    if (item.value->is_object()) {
      for (auto it = item.value->begin(); it != item.value->end(); ++it) {
        if (it.key() == "articleBody" && it->is_string()) {
          const auto& body = it->get_ref<const std::string&>();
          if (body.size() > best.size()) best = body;
        } else if (it->is_structured()) {
          stack.push_back({&*it, item.depth + 1});
        }
      }
    } else if (item.value->is_array()) {
      for (const auto& v : *item.value)
        if (v.is_structured()) stack.push_back({&v, item.depth + 1});
    }
  }
}

bool declares_article_body(const dom::Dom& dom, dom::NodeId script) {
  for (dom::NodeId c = dom.nodes[script].first_child; c != dom::kNoNode; c = dom.nodes[c].next_sibling)
    if (dom.nodes[c].tag == dom::Tag::text && dom.text(c).find("\"articleBody\"") != std::string_view::npos)
      return true;
  return false;
}

std::string json_ld_article_body(const dom::Dom& dom) {
  std::string best;
  for (dom::NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag != dom::Tag::script || !declares_article_body(dom, i)) continue;
    std::string script;
    dom.append_subtree_text(i, script);
    nlohmann::json parsed = meta::parse_json_ld(script);
    if (!parsed.is_discarded()) keep_longest_article_body(parsed, best);
  }
  return best;
}

std::unordered_set<std::string> word_set(std::string_view utf8) {
  std::unordered_set<std::string> words;
  std::string word;
  for (std::size_t i = 0; i < utf8.size();) {
    // ASCII (most of any text) settled here, as the calls below would.
    char b = utf8[i];
    if (static_cast<unsigned char>(b) < 0x80) {
      ++i;
      if ((b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || b == '_') {
        word.push_back(b);
        continue;
      }
      if (b >= 'A' && b <= 'Z') {
        word.push_back(static_cast<char>(b - 'A' + 'a'));
        continue;
      }
      if (!word.empty()) words.insert(std::move(word));
      word.clear();
      continue;
    }
    std::size_t start = i;
    char32_t c = text::decode_utf8(utf8, i);
    bool cjk = text::is_cjk(c);
    if (text::is_word_char(c) && !cjk) {
      for (std::size_t k = start; k < i; ++k) {
        char b = utf8[k];
        word.push_back(b >= 'A' && b <= 'Z' ? static_cast<char>(b - 'A' + 'a') : b);
      }
      continue;
    }
    if (!word.empty()) words.insert(std::move(word));
    word.clear();
    if (cjk) words.emplace(utf8.substr(start, i - start));
  }
  if (!word.empty()) words.insert(std::move(word));
  return words;
}

double word_set_share(const std::unordered_set<std::string>& reference,
                      const std::unordered_set<std::string>& words) {
  if (reference.empty()) return 0.0;
  std::size_t found = 0;
  for (const std::string& w : reference) found += words.count(w);
  return static_cast<double>(found) / reference.size();
}

double word_set_f1(const std::unordered_set<std::string>& words,
                   const std::unordered_set<std::string>& reference) {
  if (words.empty() || reference.empty()) return 0.0;
  std::size_t shared = 0;
  for (const std::string& w : words) shared += reference.count(w);
  double precision = static_cast<double>(shared) / words.size();
  double recall = static_cast<double>(shared) / reference.size();
  return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

}  // namespace pith::extraction
