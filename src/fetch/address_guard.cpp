#include "fetch/address_guard.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdint>
#include <cstring>

namespace pith::fetch_detail {
namespace {

bool in_v4_range(std::uint32_t address, std::uint32_t network, int prefix) {
  const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - prefix);
  return (address & mask) == (network & mask);
}

constexpr std::uint32_t v4(unsigned a, unsigned b, unsigned c, unsigned d) {
  return (a << 24) | (b << 16) | (c << 8) | d;
}

// `address` in host byte order.
bool is_non_public_v4(std::uint32_t address) {
  struct Range {
    std::uint32_t network;
    int prefix;
  };
  static constexpr Range kRanges[] = {
      {v4(0, 0, 0, 0), 8},        // "this network", unspecified
      {v4(10, 0, 0, 0), 8},       // private
      {v4(100, 64, 0, 0), 10},    // carrier-grade NAT
      {v4(127, 0, 0, 0), 8},      // loopback
      {v4(169, 254, 0, 0), 16},   // link-local (cloud metadata endpoints live here)
      {v4(172, 16, 0, 0), 12},    // private
      {v4(192, 0, 0, 0), 24},     // IETF protocol assignments
      {v4(192, 168, 0, 0), 16},   // private
      {v4(198, 18, 0, 0), 15},    // benchmarking
      {v4(224, 0, 0, 0), 4},      // multicast
      {v4(240, 0, 0, 0), 4},      // reserved, and 255.255.255.255 broadcast
  };
  for (const Range& range : kRanges) {
    if (in_v4_range(address, range.network, range.prefix)) return true;
  }
  return false;
}

std::uint32_t v4_at(const unsigned char* bytes) {
  return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
         (std::uint32_t{bytes[2]} << 8) | std::uint32_t{bytes[3]};
}

bool all_zero(const unsigned char* bytes, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (bytes[i] != 0) return false;
  return true;
}

bool is_non_public_v6(const unsigned char* b) {
  // ::/96 covers :: (unspecified), ::1 (loopback) and the deprecated
  // v4-compatible form; the embedded v4 address decides for the latter.
  if (all_zero(b, 12)) {
    const std::uint32_t embedded = v4_at(b + 12);
    return embedded <= 1 || is_non_public_v4(embedded);
  }
  // ::ffff:a.b.c.d, v4-mapped: the kernel connects to a.b.c.d.
  if (all_zero(b, 10) && b[10] == 0xff && b[11] == 0xff) return is_non_public_v4(v4_at(b + 12));
  // 64:ff9b::/96, NAT64: reaches the embedded v4 address.
  static constexpr unsigned char kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  if (std::memcmp(b, kNat64, 12) == 0) return is_non_public_v4(v4_at(b + 12));
  // 2002::/16, 6to4: the next 32 bits are a v4 address.
  if (b[0] == 0x20 && b[1] == 0x02) return is_non_public_v4(v4_at(b + 2));
  if ((b[0] & 0xfe) == 0xfc) return true;                  // fc00::/7 unique local
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return true;  // fe80::/10 link-local
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return true;  // fec0::/10 site-local (deprecated)
  if (b[0] == 0xff) return true;                           // ff00::/8 multicast
  if (b[0] == 0x01 && all_zero(b + 1, 7)) return true;     // 100::/64 discard
  return false;
}

}  // namespace

bool is_non_public_address(const sockaddr* address, socklen_t length) noexcept {
  if (address == nullptr) return true;
  if (address->sa_family == AF_INET && length >= static_cast<socklen_t>(sizeof(sockaddr_in))) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(address);
    return is_non_public_v4(ntohl(in->sin_addr.s_addr));
  }
  if (address->sa_family == AF_INET6 && length >= static_cast<socklen_t>(sizeof(sockaddr_in6))) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(address);
    return is_non_public_v6(in6->sin6_addr.s6_addr);
  }
  // Unix sockets and anything else are not the public web.
  return true;
}

std::string address_text(const sockaddr* address) noexcept {
  char buffer[INET6_ADDRSTRLEN] = {};
  if (address == nullptr) return "?";
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, buffer, sizeof buffer);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr, buffer,
              sizeof buffer);
  } else {
    return "a non-IP address";
  }
  return buffer;
}

}  // namespace pith::fetch_detail
