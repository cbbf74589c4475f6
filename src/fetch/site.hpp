// The site a host belongs to, for politeness: its registrable domain by the
// Public Suffix List (libpsl), so that a.example.co.uk and b.example.co.uk,
// one site behind many host names, share one connection and delay budget.
#pragma once

#include <string>
#include <string_view>

namespace pith::fetching {

// "b.example.co.uk" -> "example.co.uk"; "news.example.com" -> "example.com".
// An IP address, a single-label name ("localhost") or a public suffix itself
// is its own site. `host` is lower case, without a port.
std::string site_of(std::string_view host);

}  // namespace pith::fetching
