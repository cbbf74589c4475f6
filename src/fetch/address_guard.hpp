// The SSRF guard: which resolved addresses a crawler must not connect to.
#pragma once

#include <sys/socket.h>

#include <string>

namespace pith::fetching {

// The special-purpose range `address` lies in ("documentation TEST-NET-1, RFC 5737"),
// or nullptr for an address of the public web. Refused: every range of the
// IANA IPv4 and IPv6 Special-Purpose Address Registries that is not globally
// reachable, multicast, IPv6 outside the global unicast space, and IPv4
// embedded in IPv6 (v4-mapped, v4-compatible, NAT64, 6to4) whose embedded
// address is refused. A non-IP address (a Unix socket) is refused too.
const char* non_public_range(const sockaddr* address, socklen_t length) noexcept;

inline bool is_non_public_address(const sockaddr* address, socklen_t length) noexcept {
  return non_public_range(address, length) != nullptr;
}

// "127.0.0.1", "::1": for error messages.
std::string address_text(const sockaddr* address) noexcept;

}  // namespace pith::fetching
