#include "check/metric.hpp"

#include <map>

#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::check {

std::vector<std::string> tokens(std::string_view s) {
  std::vector<std::string> out;
  std::string word;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t start = i;
    char32_t c = text::decode_utf8(s, i);
    if (text::is_cjk(c)) {
      if (!word.empty()) out.push_back(std::move(word)), word.clear();
      out.emplace_back(s.substr(start, i - start));
    } else if (text::is_word_char(c)) {
      word.append(s.substr(start, i - start));
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

namespace {

constexpr std::size_t kShingle = 4;

std::map<std::string, long> shingles(const std::vector<std::string>& toks) {
  std::map<std::string, long> counts;
  if (toks.empty()) return counts;
  std::size_t n = toks.size() < kShingle ? 1 : toks.size() - kShingle + 1;
  std::size_t width = toks.size() < kShingle ? toks.size() : kShingle;
  for (std::size_t i = 0; i < n; ++i) {
    std::string key;
    for (std::size_t k = 0; k < width; ++k) {
      key += toks[i + k];
      key.push_back('\x1f');
    }
    ++counts[key];
  }
  return counts;
}

}  // namespace

Score compare(std::string_view expected, std::string_view actual) {
  auto gold = shingles(tokens(expected));
  auto pred = shingles(tokens(actual));
  long tp = 0, fp = 0, fn = 0;
  for (const auto& [key, g] : gold) {
    auto it = pred.find(key);
    long p = it == pred.end() ? 0 : it->second;
    tp += std::min(g, p);
    if (g > p) fn += g - p;
  }
  for (const auto& [key, p] : pred) {
    auto it = gold.find(key);
    long g = it == gold.end() ? 0 : it->second;
    if (p > g) fp += p - g;
  }
  Score s;
  s.precision = (fp == 0 && fn == 0) ? 1.0 : (tp + fp ? double(tp) / double(tp + fp) : 0.0);
  s.recall = (fp == 0 && fn == 0) ? 1.0 : (tp + fn ? double(tp) / double(tp + fn) : 0.0);
  s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
  return s;
}

}  // namespace pith::check
