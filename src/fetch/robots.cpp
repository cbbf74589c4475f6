#include "fetch/robots.hpp"

#include <charconv>
#include <cstddef>

#include "text/ascii.hpp"

namespace pith::fetch_detail {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Whether `pattern` matches a prefix of `path` ('*' = any run of characters)
// or, with a final '$', all of it. Greedy with one backtrack point: linear in
// practice and O(pattern x path) at worst, never exponential.
bool pattern_matches(std::string_view pattern, std::string_view path) {
  bool anchored = !pattern.empty() && pattern.back() == '$';
  if (anchored) pattern.remove_suffix(1);
  std::size_t p = 0, s = 0;
  std::size_t star = std::string_view::npos, star_s = 0;
  while (true) {
    if (p == pattern.size()) {
      if (!anchored || s == path.size()) return true;
      // Anchored and text left over: let the last '*' swallow more.
    } else if (pattern[p] == '*') {
      star = p++;
      star_s = s;
      continue;
    } else if (s < path.size() && pattern[p] == path[s]) {
      ++p;
      ++s;
      continue;
    }
    if (star == std::string_view::npos || star_s >= path.size()) return false;
    p = star + 1;
    s = ++star_s;
  }
}

}  // namespace

RobotsRules RobotsRules::disallow_all() {
  RobotsRules rules;
  rules.rules_.push_back({"/", false});
  return rules;
}

RobotsRules RobotsRules::parse(std::string_view body, std::string_view token) {
  // Groups: one or more user-agent lines, then rules. A user-agent line after
  // a rule starts a new group.
  std::vector<Rule> ours, everyone;
  double our_delay = 0, everyone_delay = 0;
  bool named_us = false;  // a group for our token exists, even one without rules
  bool group_is_ours = false, group_is_everyone = false;
  bool in_rules = false;
  while (!body.empty()) {
    std::size_t end = body.find('\n');
    std::string_view line = body.substr(0, end);
    body.remove_prefix(end == std::string_view::npos ? body.size() : end + 1);
    if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view key = trim(line.substr(0, colon));
    std::string_view value = trim(line.substr(colon + 1));
    if (text::iequals_ascii(key, "user-agent")) {
      if (in_rules) {
        group_is_ours = group_is_everyone = false;
        in_rules = false;
      }
      // "pith/1.0" in a robots.txt names the product "pith".
      std::string name = product_token(value);
      if (name == "*") group_is_everyone = true;
      else if (!name.empty() && text::iequals_ascii(name, token)) group_is_ours = named_us = true;
    } else if (text::iequals_ascii(key, "allow") || text::iequals_ascii(key, "disallow")) {
      in_rules = true;
      // An empty Disallow allows everything: no rule needed.
      if (value.empty()) continue;
      Rule rule{std::string(value), text::iequals_ascii(key, "allow")};
      if (group_is_ours) ours.push_back(rule);
      if (group_is_everyone) everyone.push_back(std::move(rule));
    } else if (text::iequals_ascii(key, "crawl-delay")) {
      double seconds = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seconds);
      if (error != std::errc() || !(seconds > 0)) continue;
      if (group_is_ours) our_delay = seconds;
      if (group_is_everyone) everyone_delay = seconds;
    } else {
      // Sitemap and unknown keys do not end a group.
    }
  }
  RobotsRules rules;
  rules.rules_ = named_us ? std::move(ours) : std::move(everyone);
  rules.crawl_delay_ = named_us ? our_delay : everyone_delay;
  return rules;
}

bool RobotsRules::allows(std::string_view path) const {
  if (path == "/robots.txt") return true;
  std::size_t best_length = 0;
  bool allowed = true;
  for (const Rule& rule : rules_) {
    if (!pattern_matches(rule.pattern, path)) continue;
    if (rule.pattern.size() > best_length || (rule.pattern.size() == best_length && rule.allow)) {
      best_length = rule.pattern.size();
      allowed = rule.allow;
    }
  }
  return allowed;
}

std::string product_token(std::string_view user_agent) {
  user_agent = trim(user_agent);
  std::size_t end = user_agent.find_first_of("/ \t;(");
  return std::string(user_agent.substr(0, end));
}

}  // namespace pith::fetch_detail
