// The SSRF guard: which resolved addresses a crawler must not connect to.
#pragma once

#include <sys/socket.h>

#include <string>

namespace pith::fetch_detail {

// True for addresses a fetch of a public web page has no business reaching:
// loopback, RFC 1918 / unique-local private ranges, carrier-grade NAT,
// link-local, multicast, unspecified, broadcast and reserved ranges, in IPv4
// and IPv6, including IPv4 embedded in IPv6 (v4-mapped, v4-compatible, NAT64,
// 6to4).
bool is_non_public_address(const sockaddr* address, socklen_t length) noexcept;

// "127.0.0.1", "::1": for error messages.
std::string address_text(const sockaddr* address) noexcept;

}  // namespace pith::fetch_detail
