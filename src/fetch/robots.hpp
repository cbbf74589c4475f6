// robots.txt (RFC 9309): the rules that apply to one user agent, and whether
// they allow a path.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pith::fetching {

class RobotsRules {
 public:
  // Rules that allow everything (no robots.txt, or a 4xx for it).
  static RobotsRules allow_all() { return RobotsRules{}; }
  // Rules that refuse everything (robots.txt unreachable with a 5xx, RFC 9309 §2.3.1.3).
  static RobotsRules disallow_all();
  // Parses a robots.txt body and keeps the groups for `product_token` (e.g.
  // "pith", matched case-insensitively), or the "*" groups when no group names
  // it. Malformed lines are ignored, as the RFC asks.
  static RobotsRules parse(std::string_view body, std::string_view product_token);

  // Matching work allowed per path, in bytes looked at: real robots.txt files
  // need a few thousand; one built to be slow (tens of thousands of long
  // wildcard rules against a long path) stops here, and the path counts as
  // disallowed (docs/limits.md).
  static constexpr std::size_t kMaxMatchSteps = std::size_t{1} << 24;

  struct Verdict {
    bool allowed = true;
    bool over_budget = false;  // the rules cost more than kMaxMatchSteps: disallowed
    std::size_t steps = 0;     // bytes looked at
  };

  // `path` is the URL's path with its query ("/a/b?x=1"). The longest matching
  // pattern decides; on a tie Allow wins; no match allows. "/robots.txt" is
  // always allowed.
  Verdict check(std::string_view path) const;
  bool allows(std::string_view path) const { return check(path).allowed; }

  // The Crawl-delay of the chosen group in seconds, 0 when none (a
  // non-standard line that many sites still use).
  double crawl_delay() const noexcept { return crawl_delay_; }

 private:
  struct Rule {
    std::string pattern;  // may hold '*' wildcards; a final '$' anchors the end
    bool allow;
  };
  // Longest first, Allow before Disallow of the same length, no duplicates:
  // the first match decides.
  std::vector<Rule> rules_;
  double crawl_delay_ = 0;
};

// The product token of a User-Agent string: "pith/0.1 (+x)" -> "pith".
std::string product_token(std::string_view user_agent);

}  // namespace pith::fetching
