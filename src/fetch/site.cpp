#include "fetch/site.hpp"

#include <libpsl.h>

#include <string>

namespace pith::fetching {
namespace {

// The newest list on the system (/usr/share/publicsuffix, kept current by
// Debian's publicsuffix package) or, without one, the list built into libpsl.
// Loaded once, read-only afterwards: safe from any thread.
const psl_ctx_t* public_suffixes() {
  static const psl_ctx_t* const psl = [] {
    const psl_ctx_t* latest = psl_latest(nullptr);
    return latest ? latest : psl_builtin();
  }();
  return psl;
}

bool is_ip_address(std::string_view host) {
  if (host.find(':') != std::string_view::npos || (!host.empty() && host.front() == '[')) return true;  // IPv6
  for (char c : host)
    if ((c < '0' || c > '9') && c != '.') return false;
  return true;
}

}  // namespace

std::string site_of(std::string_view host) {
  if (host.empty() || is_ip_address(host)) return std::string(host);
  std::string name(host);
  const psl_ctx_t* psl = public_suffixes();
  const char* domain = psl ? psl_registrable_domain(psl, name.c_str()) : nullptr;
  return domain ? std::string(domain) : name;
}

}  // namespace pith::fetching
