#include "fetch/address_guard.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

namespace pith::fetching {
namespace {

using Address = std::array<std::uint8_t, 16>;  // IPv6; IPv4 as ::ffff:a.b.c.d

struct Range {
  Address network;
  int prefix;  // bits
  const char* name;
};

constexpr Range v4(unsigned a, unsigned b, unsigned c, unsigned d, int prefix, const char* name) {
  Address n{};
  n[10] = n[11] = 0xff;
  n[12] = static_cast<std::uint8_t>(a);
  n[13] = static_cast<std::uint8_t>(b);
  n[14] = static_cast<std::uint8_t>(c);
  n[15] = static_cast<std::uint8_t>(d);
  return {n, 96 + prefix, name};
}

// The leading 16-bit groups of the network; the rest are zero.
constexpr Range v6(std::array<std::uint16_t, 8> groups, int prefix, const char* name) {
  Address n{};
  for (std::size_t i = 0; i < 8; ++i) {
    n[2 * i] = static_cast<std::uint8_t>(groups[i] >> 8);
    n[2 * i + 1] = static_cast<std::uint8_t>(groups[i] & 0xff);
  }
  return {n, prefix, name};
}

// The refused ranges: the entries of the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (RFC 6890 and its updates;
// https://www.iana.org/assignments/iana-ipv4-special-registry,
// https://www.iana.org/assignments/iana-ipv6-special-registry) whose
// "Globally Reachable" is False or N/A, plus multicast. The first match names
// the range in the error message, so a block listed inside a larger one comes
// first. Two blocks are refused whole although the registry marks a few of
// their entries globally reachable: 192.0.0.0/24 (the PCP and TURN anycast
// addresses .9 and .10) and 2001::/23 (PCP, TURN and DNS-SD anycast, AMT,
// AS112, ORCHIDv2, drone tags). None of these serves web pages, and ORCHIDs
// and drone tags are host identifiers, not locators (RFC 7343 §2, RFC 9374):
// what answers for one is decided by the local host.
// 64:ff9b::/96 (NAT64), 2002::/16 (6to4), ::ffff:0:0/96 (v4-mapped) and
// ::/96 (v4-compatible) are decided by the IPv4 address they embed.
// Unit tests: tests/unit/fetch_test.cpp, "address guard".
constexpr Range kRefusedRanges[] = {
    v4(0, 0, 0, 0, 8, "\"this network\", RFC 791"),
    v4(10, 0, 0, 0, 8, "private-use, RFC 1918"),
    v4(100, 64, 0, 0, 10, "shared address space (carrier-grade NAT), RFC 6598"),
    v4(127, 0, 0, 0, 8, "loopback, RFC 1122"),
    v4(169, 254, 0, 0, 16, "link-local, RFC 3927"),  // cloud metadata endpoints live here
    v4(172, 16, 0, 0, 12, "private-use, RFC 1918"),
    v4(192, 0, 0, 0, 24, "IETF protocol assignments, RFC 6890"),
    v4(192, 0, 2, 0, 24, "documentation TEST-NET-1, RFC 5737"),
    v4(192, 88, 99, 0, 24, "deprecated 6to4 relay anycast, RFC 7526"),
    v4(192, 168, 0, 0, 16, "private-use, RFC 1918"),
    v4(198, 18, 0, 0, 15, "benchmarking, RFC 2544"),
    v4(198, 51, 100, 0, 24, "documentation TEST-NET-2, RFC 5737"),
    v4(203, 0, 113, 0, 24, "documentation TEST-NET-3, RFC 5737"),
    v4(224, 0, 0, 0, 4, "multicast, RFC 5771"),
    v4(255, 255, 255, 255, 32, "limited broadcast, RFC 919"),
    v4(240, 0, 0, 0, 4, "reserved, RFC 1112"),
    v6({0, 0, 0, 0, 0, 0, 0, 0}, 128, "unspecified, RFC 4291"),
    v6({0, 0, 0, 0, 0, 0, 0, 1}, 128, "loopback, RFC 4291"),
    v6({0x64, 0xff9b, 1}, 48, "local-use IPv4/IPv6 translation, RFC 8215"),
    v6({0x100}, 64, "discard-only, RFC 6666"),
    v6({0x100, 0, 0, 1}, 64, "dummy prefix, RFC 9780"),
    v6({0x2001}, 32, "Teredo, RFC 4380"),
    v6({0x2001, 2}, 48, "benchmarking, RFC 5180"),
    v6({0x2001, 0x10}, 28, "deprecated ORCHID, RFC 4843"),
    v6({0x2001, 0x20}, 28, "ORCHIDv2, RFC 7343"),
    v6({0x2001}, 23, "IETF protocol assignments, RFC 2928"),
    v6({0x2001, 0xdb8}, 32, "documentation, RFC 3849"),
    v6({0x3fff}, 20, "documentation, RFC 9637"),
    v6({0x5f00}, 16, "segment routing SIDs, RFC 9602"),
    v6({0xfc00}, 7, "unique local, RFC 4193"),
    v6({0xfe80}, 10, "link-local, RFC 4291"),
    v6({0xfec0}, 10, "deprecated site-local, RFC 3879"),
    v6({0xff00}, 8, "multicast, RFC 4291"),
};

// What IANA allocates for global unicast is 2000::/3; the rest of the IPv6
// space is reserved by the IETF (IANA IPv6 Address Space registry) except
// for the embedding forms and the blocks above.
constexpr const char* kReservedV6 = "reserved by the IETF: outside 2000::/3, RFC 4291";

bool in_range(const Address& address, const Range& range) {
  const int whole = range.prefix / 8;
  if (std::memcmp(address.data(), range.network.data(), static_cast<std::size_t>(whole)) != 0) return false;
  const int rest = range.prefix % 8;
  if (rest == 0) return true;
  const auto mask = static_cast<std::uint8_t>(0xff << (8 - rest));
  return (address[whole] & mask) == (range.network[whole] & mask);
}

const char* listed_range(const Address& address) {
  for (const Range& range : kRefusedRanges) {
    if (in_range(address, range)) return range.name;
  }
  return nullptr;
}

Address mapped_v4(const std::uint8_t* v4_bytes) {
  Address a{};
  a[10] = a[11] = 0xff;
  std::memcpy(a.data() + 12, v4_bytes, 4);
  return a;
}

bool all_zero(const std::uint8_t* bytes, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (bytes[i] != 0) return false;
  return true;
}

// The IPv4 address an IPv6 address reaches, for the forms that embed one.
std::optional<Address> embedded_v4(const Address& a) {
  const std::uint8_t* b = a.data();
  static constexpr std::uint8_t kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  const bool mapped = all_zero(b, 10) && b[10] == 0xff && b[11] == 0xff;
  if (mapped || all_zero(b, 12) || std::memcmp(b, kNat64, 12) == 0) return mapped_v4(b + 12);
  if (b[0] == 0x20 && b[1] == 0x02) return mapped_v4(b + 2);  // 6to4: the next 32 bits
  return std::nullopt;
}

const char* non_public(const Address& address) {
  if (const char* name = listed_range(address)) return name;
  if (const auto v4 = embedded_v4(address)) return listed_range(*v4);
  if ((address[0] & 0xe0) != 0x20) return kReservedV6;
  return nullptr;
}

}  // namespace

const char* non_public_range(const sockaddr* address, socklen_t length) noexcept {
  // Unix sockets and anything else are not the public web.
  static constexpr const char* kNotIp = "not an IP address";
  if (address == nullptr) return kNotIp;
  if (address->sa_family == AF_INET && length >= static_cast<socklen_t>(sizeof(sockaddr_in))) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(address);
    return non_public(mapped_v4(reinterpret_cast<const std::uint8_t*>(&in->sin_addr.s_addr)));
  }
  if (address->sa_family == AF_INET6 && length >= static_cast<socklen_t>(sizeof(sockaddr_in6))) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(address);
    Address a;
    std::memcpy(a.data(), in6->sin6_addr.s6_addr, 16);
    return non_public(a);
  }
  return kNotIp;
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

}  // namespace pith::fetching
