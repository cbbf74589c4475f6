#include "fetch/robots.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstring>

#include "text/ascii.hpp"

namespace pith::fetching {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Bytes looked at while matching one path, against RobotsRules::kMaxMatchSteps.
struct Steps {
  std::size_t taken = 0;
  bool over() const { return taken > RobotsRules::kMaxMatchSteps; }
};

// The first occurrence of `needle` in `hay` at or after `from`, npos if none
// (or once over budget).
std::size_t find_counted(std::string_view hay, std::string_view needle, std::size_t from, Steps& steps) {
  if (needle.empty()) return from;
  while (from + needle.size() <= hay.size() && !steps.over()) {
    const std::size_t window = hay.size() - needle.size() + 1 - from;
    const void* first = std::memchr(hay.data() + from, needle[0], window);
    if (first == nullptr) {
      steps.taken += window;
      return std::string_view::npos;
    }
    const auto at = static_cast<std::size_t>(static_cast<const char*>(first) - hay.data());
    std::size_t k = 1;
    while (k < needle.size() && hay[at + k] == needle[k]) ++k;
    steps.taken += at - from + k;
    if (k == needle.size()) return at;
    from = at + 1;
  }
  return std::string_view::npos;
}

// Whether `pattern` matches a prefix of `path` ('*' = any run of characters)
// or, with a final '$', all of it. The literal runs between '*'s are found
// leftmost, one after the other (an earlier end never hurts a later run), so
// the work is at most |path| x |run| per run, and counted.
bool pattern_matches(std::string_view pattern, std::string_view path, Steps& steps) {
  const bool anchored = !pattern.empty() && pattern.back() == '$';
  if (anchored) pattern.remove_suffix(1);
  std::size_t star = pattern.find('*');
  const std::string_view first = pattern.substr(0, star);
  steps.taken += first.size();
  if (star == std::string_view::npos) return anchored ? path == first : path.starts_with(first);
  if (!path.starts_with(first)) return false;
  std::size_t at = first.size();
  while (true) {
    pattern.remove_prefix(star + 1);
    star = pattern.find('*');
    const std::string_view run = pattern.substr(0, star);
    if (star == std::string_view::npos && anchored) {  // the last run ends the path
      steps.taken += run.size();
      return path.size() - at >= run.size() && path.ends_with(run);
    }
    at = find_counted(path, run, at, steps);
    if (at == std::string_view::npos) return false;
    at += run.size();
    if (star == std::string_view::npos) return true;
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
  std::sort(rules.rules_.begin(), rules.rules_.end(), [](const Rule& a, const Rule& b) {
    if (a.pattern.size() != b.pattern.size()) return a.pattern.size() > b.pattern.size();
    if (a.allow != b.allow) return a.allow;
    return a.pattern < b.pattern;
  });
  rules.rules_.erase(std::unique(rules.rules_.begin(), rules.rules_.end(),
                                 [](const Rule& a, const Rule& b) {
                                   return a.allow == b.allow && a.pattern == b.pattern;
                                 }),
                     rules.rules_.end());
  rules.crawl_delay_ = named_us ? our_delay : everyone_delay;
  return rules;
}

RobotsRules::Verdict RobotsRules::check(std::string_view path) const {
  Verdict verdict;
  if (path == "/robots.txt") return verdict;
  Steps steps;
  for (const Rule& rule : rules_) {
    const bool matches = pattern_matches(rule.pattern, path, steps);
    if (steps.over()) {
      verdict.allowed = false;
      verdict.over_budget = true;
      break;
    }
    if (matches) {
      verdict.allowed = rule.allow;
      break;
    }
  }
  verdict.steps = steps.taken;
  return verdict;
}

std::string product_token(std::string_view user_agent) {
  user_agent = trim(user_agent);
  std::size_t end = user_agent.find_first_of("/ \t;(");
  return std::string(user_agent.substr(0, end));
}

}  // namespace pith::fetching
