// robots.txt (RFC 9309): the rules that apply to one user agent, and whether
// they allow a path.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pith::fetch_detail {

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

  // `path` is the URL's path with its query ("/a/b?x=1"). The longest matching
  // pattern decides; on a tie Allow wins; no match allows. "/robots.txt" is
  // always allowed.
  bool allows(std::string_view path) const;

  // The Crawl-delay of the chosen group in seconds, 0 when none (a
  // non-standard line that many sites still use).
  double crawl_delay() const noexcept { return crawl_delay_; }

 private:
  struct Rule {
    std::string pattern;  // may hold '*' wildcards; a final '$' anchors the end
    bool allow;
  };
  std::vector<Rule> rules_;
  double crawl_delay_ = 0;
};

// The product token of a User-Agent string: "pith/0.1 (+x)" -> "pith".
std::string product_token(std::string_view user_agent);

}  // namespace pith::fetch_detail
