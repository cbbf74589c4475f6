// The fetch stage against a real HTTP server on 127.0.0.1 (tests/http/server.py,
// started once for this binary and killed at exit), plus the pieces that need
// no network: the address guard, the robots.txt parser, Content-Type reading.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "fetch/address_guard.hpp"
#include "fetch/content_type.hpp"
#include "fetch/robots.hpp"
#include "pith/fetch.hpp"

#ifndef PITH_TEST_HTTP_SERVER
#error "PITH_TEST_HTTP_SERVER must name tests/http/server.py"
#endif

namespace {

using Clock = std::chrono::steady_clock;

// tests/http/server.py as a child process.
class TestServer {
 public:
  static TestServer& get() {
    static TestServer server;
    return server;
  }
  std::string url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  int port() const { return port_; }

  ~TestServer() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
  }

 private:
  TestServer() {
    // A proxy from the environment would receive our loopback requests.
    ::setenv("no_proxy", "127.0.0.1,localhost", 1);
    ::setenv("NO_PROXY", "127.0.0.1,localhost", 1);
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      ::execlp("python3", "python3", PITH_TEST_HTTP_SERVER, static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    std::string line;
    char c;
    pollfd p{fds[0], POLLIN, 0};
    while (::poll(&p, 1, 10000) > 0 && ::read(fds[0], &c, 1) == 1 && c != '\n') line.push_back(c);
    ::close(fds[0]);
    port_ = std::atoi(line.c_str());
    REQUIRE_MESSAGE(port_ > 0, "the test server did not start");
  }
  pid_t pid_ = -1;
  int port_ = 0;
};

std::string url(const std::string& path) { return TestServer::get().url(path); }

pith::FetchOptions quick_options() {
  pith::FetchOptions options;
  options.connect_timeout_seconds = 5;
  options.timeout_seconds = 20;
  options.retry_backoff_seconds = 0.05;
  return options;
}

// Runs fetch() expecting a FetchError; returns it.
pith::FetchError fetch_error(const std::string& target, const pith::FetchOptions& options) {
  try {
    (void)pith::fetch(target, options);
  } catch (const pith::FetchError& e) {
    CHECK(e.code() == pith::ErrorCode::fetch_failed);
    return e;
  }
  FAIL("fetch(" << target << ") did not throw");
  return pith::FetchError(pith::FetchErrorKind::network, "unreachable");
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// How a caller hands a fetched page to extract(): its address and header.
pith::Options extract_options(const pith::FetchResult& r) {
  pith::Options options;
  options.url = r.final_url;
  options.content_type = r.content_type;
  return options;
}

std::string article_bytes() { return pith::fetch(url("/article"), quick_options()).body; }

int hits(const std::string& path) {
  return std::stoi(pith::fetch(url("/stats?path=" + path), [] {
                     auto o = quick_options();
                     o.accept_any_type = true;
                     return o;
                   }()).body);
}

}  // namespace

TEST_CASE("fetch: a page, its status, type, charset and final URL") {
  const pith::FetchResult r = pith::fetch(url("/article"), quick_options());
  CHECK(r.status == 200);
  CHECK(r.final_url == url("/article"));
  CHECK(r.content_type == "text/html; charset=utf-8");
  CHECK(r.charset == "utf-8");
  CHECK(r.attempts == 1);
  CHECK(contains(r.body, "<title>Ferry timetable review 0</title>"));
  const pith::Document doc = pith::extract(r.body, extract_options(r));
  CHECK(doc.title == "Ferry timetable review 0");
  CHECK(contains(doc.text, "The harbour committee met on Tuesday"));
  CHECK(!contains(doc.text, "Copyright the local test server"));
}

TEST_CASE("fetch: request headers name pith and offer every encoding libcurl decodes") {
  const std::string body = pith::fetch(url("/echo"), quick_options()).body;
  CHECK(contains(body, std::string("User-Agent: pith/") + pith::version + "<"));
  const curl_version_info_data* curl = curl_version_info(CURLVERSION_NOW);
  CHECK(contains(body, "gzip"));
  CHECK(contains(body, "deflate"));
  if (curl->features & CURL_VERSION_BROTLI) CHECK(contains(body, "br"));
  if (curl->features & CURL_VERSION_ZSTD) CHECK(contains(body, "zstd"));

  auto options = quick_options();
  options.user_agent = "testbot/2.0 (+https://example.org/bot)";
  CHECK(contains(pith::fetch(url("/echo"), options).body, "User-Agent: testbot/2.0 (+https://example.org/bot)<"));
}

TEST_CASE("fetch: redirects") {
  auto options = quick_options();
  SUBCASE("a chain is followed to the end") {
    const pith::FetchResult r = pith::fetch(url("/redirect/chain/3"), options);
    CHECK(r.status == 200);
    CHECK(r.final_url == url("/article"));
    CHECK(r.body == article_bytes());
  }
  SUBCASE("a relative Location resolves against the redirecting URL") {
    CHECK(pith::fetch(url("/dir/relative"), options).final_url == url("/article"));
  }
  SUBCASE("a chain longer than max_redirects") {
    options.max_redirects = 2;
    const auto e = fetch_error(url("/redirect/chain/3"), options);
    CHECK(e.kind() == pith::FetchErrorKind::redirect_loop);
    CHECK(std::string(e.what()) == url("/redirect/chain/3") + ": redirect loop or more than 2 redirects");
  }
  SUBCASE("a loop") {
    CHECK(fetch_error(url("/redirect/loop"), options).kind() == pith::FetchErrorKind::redirect_loop);
  }
  SUBCASE("a redirect to another scheme is refused") {
    const auto e = fetch_error(url("/to-ftp"), options);
    CHECK(e.kind() == pith::FetchErrorKind::bad_url);
    CHECK(contains(e.what(), "\"ftp\""));
  }
}

TEST_CASE("fetch: compressed bodies arrive decoded") {
  const std::string plain = article_bytes();
  CHECK(pith::fetch(url("/gzip"), quick_options()).body == plain);
  if (curl_version_info(CURLVERSION_NOW)->features & CURL_VERSION_BROTLI) {
    CHECK(pith::fetch(url("/brotli"), quick_options()).body == plain);
  }
}

TEST_CASE("fetch: a charset declared only in the header reaches the decoder") {
  struct Case {
    const char* path;
    const char* charset;
    const char* text;  // UTF-8
  };
  const Case cases[] = {
      {"/cp1251", "windows-1251", "Портовый комитет обсудил во вторник"},
      {"/gbk", "gbk", "港口委员会周二开会讨论新的渡轮时刻表"},
      {"/sjis", "shift_jis", "港湾委員会は火曜日に会合を開き"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.path);
    const pith::FetchResult r = pith::fetch(url(c.path), quick_options());
    CHECK(r.charset == c.charset);
    CHECK(!contains(r.body, c.text));  // the bytes are not UTF-8...
    const pith::Document doc = pith::extract(r.body, extract_options(r));
    CHECK(doc.charset_source == "http");  // ...the header's charset decoded them
    CHECK(contains(doc.text, c.text));
  }
}

TEST_CASE("fetch: HTTP errors") {
  for (long status : {404L, 500L, 403L}) {
    const std::string target = url("/status/" + std::to_string(status));
    const auto e = fetch_error(target, quick_options());
    CHECK(e.kind() == pith::FetchErrorKind::http_status);
    CHECK(e.status() == status);
    CHECK(std::string(e.what()) == "HTTP " + std::to_string(status) + " from " + target);
  }
}

TEST_CASE("fetch: retries") {
  auto options = quick_options();
  SUBCASE("429 with Retry-After: 1 is retried after a second") {
    const auto start = Clock::now();
    const pith::FetchResult r = pith::fetch(url("/retry/429?key=unit-a"), options);
    CHECK(r.status == 200);
    CHECK(r.attempts == 2);
    CHECK(Clock::now() - start >= std::chrono::milliseconds(1000));
  }
  SUBCASE("no retries allowed: the 429 is the answer") {
    options.retries = 0;
    const auto e = fetch_error(url("/retry/429?key=unit-b"), options);
    CHECK(e.kind() == pith::FetchErrorKind::http_status);
    CHECK(e.status() == 429);
  }
  SUBCASE("a Retry-After beyond the cap is not waited for") {
    options.max_retry_wait_seconds = 5;
    const auto start = Clock::now();
    const auto e = fetch_error(url("/retry/429-long"), options);
    CHECK(e.status() == 429);
    CHECK(Clock::now() - start < std::chrono::seconds(5));
  }
  SUBCASE("503 without Retry-After: backoff") {
    const pith::FetchResult r = pith::fetch(url("/retry/503?key=unit-c"), options);
    CHECK(r.attempts == 2);
  }
  SUBCASE("a connection dropped without a response") {
    CHECK(pith::fetch(url("/reset?key=unit-d"), options).attempts == 2);
    options.retries = 0;
    CHECK(fetch_error(url("/reset?key=unit-e"), options).kind() == pith::FetchErrorKind::network);
  }
  SUBCASE("404 is not retried") {
    CHECK(fetch_error(url("/status/404"), options).status() == 404);
  }
}

TEST_CASE("fetch: transport faults") {
  auto options = quick_options();
  SUBCASE("a slow drip hits the total timeout") {
    options.timeout_seconds = 1;
    const auto start = Clock::now();
    CHECK(fetch_error(url("/slow"), options).kind() == pith::FetchErrorKind::timeout);
    CHECK(Clock::now() - start < std::chrono::seconds(10));
  }
  SUBCASE("an endless body is cut at max_bytes") {
    options.max_bytes = 100000;
    const auto e = fetch_error(url("/endless"), options);
    CHECK(e.kind() == pith::FetchErrorKind::too_large);
    CHECK(std::string(e.what()) == url("/endless") + ": body larger than 100000 bytes");
  }
  SUBCASE("a body exactly at max_bytes is accepted") {
    options.max_bytes = article_bytes().size();
    CHECK(pith::fetch(url("/article"), options).body.size() == options.max_bytes);
    options.max_bytes -= 1;
    CHECK(fetch_error(url("/article"), options).kind() == pith::FetchErrorKind::too_large);
  }
  SUBCASE("a connection closed mid-body") {
    CHECK(fetch_error(url("/truncated"), options).kind() == pith::FetchErrorKind::truncated);
  }
  SUBCASE("headers over the cap") {
    const auto e = fetch_error(url("/huge-headers"), options);
    CHECK(e.kind() == pith::FetchErrorKind::too_large);
    CHECK(contains(e.what(), "response headers larger than 65536 bytes"));
  }
  SUBCASE("one header line over libcurl's 100 KiB limit") {
    const auto e = fetch_error(url("/long-header-line"), options);
    CHECK(e.kind() == pith::FetchErrorKind::too_large);
    CHECK(contains(e.what(), "header line over libcurl's limit"));
  }
  SUBCASE("a reply that is not HTTP/1.0 or later is the server's fault, not the URL's") {
    for (const char* path : {"/http09", "/status-2000"}) {
      CAPTURE(path);
      CHECK(fetch_error(url(path), options).kind() == pith::FetchErrorKind::network);
    }
  }
  SUBCASE("a refused connection") {
    CHECK(fetch_error("http://127.0.0.1:1/", options).kind() == pith::FetchErrorKind::refused);
  }
  SUBCASE("a name that does not resolve") {
    CHECK(fetch_error("http://no-such-host.invalid/", options).kind() == pith::FetchErrorKind::dns);
  }
  SUBCASE("TLS to a server that does not speak it") {
    const std::string target = "https://127.0.0.1:" + std::to_string(TestServer::get().port()) + "/article";
    CHECK(fetch_error(target, options).kind() == pith::FetchErrorKind::tls);
  }
}

TEST_CASE("fetch: only HTML unless asked") {
  auto options = quick_options();
  const auto e = fetch_error(url("/pdf"), options);
  CHECK(e.kind() == pith::FetchErrorKind::not_html);
  CHECK(std::string(e.what()) == url("/pdf") + ": not an HTML page (Content-Type: application/pdf)");
  CHECK(fetch_error(url("/json"), options).kind() == pith::FetchErrorKind::not_html);
  options.accept_any_type = true;
  CHECK(pith::fetch(url("/json"), options).body == "{\"a\": 1}");
}

TEST_CASE("fetch: schemes other than http and https are refused") {
  for (const char* target : {"ftp://x/", "file:///etc/passwd", "", "127.0.0.1/", "gopher://h/"}) {
    CAPTURE(target);
    const auto e = fetch_error(target, quick_options());
    CHECK(e.kind() == pith::FetchErrorKind::bad_url);
    CHECK(contains(e.what(), "only http:// and https://"));
  }
}

TEST_CASE("fetch: the private-address guard") {
  auto options = quick_options();
  options.block_private_addresses = true;
  const auto e = fetch_error(url("/article"), options);
  CHECK(e.kind() == pith::FetchErrorKind::blocked_private);
  CHECK(contains(e.what(), "refusing to connect to 127.0.0.1"));
  const std::string by_name = "http://localhost:" + std::to_string(TestServer::get().port()) + "/article";
  CHECK(fetch_error(by_name, options).kind() == pith::FetchErrorKind::blocked_private);
  options.block_private_addresses = false;
  CHECK(pith::fetch(by_name, options).status == 200);
}

namespace {

// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
struct Ip {
  int family = AF_INET;
  std::vector<unsigned char> bytes;
};

Ip parse_ip(const std::string& text) {
  Ip ip;
  unsigned char buffer[16] = {};
  if (inet_pton(AF_INET, text.c_str(), buffer) == 1) {
    ip.bytes.assign(buffer, buffer + 4);
    return ip;
  }
  REQUIRE_MESSAGE(inet_pton(AF_INET6, text.c_str(), buffer) == 1, text);
  ip.family = AF_INET6;
  ip.bytes.assign(buffer, buffer + 16);
  return ip;
}

std::string ip_text(const Ip& ip) {
  char buffer[INET6_ADDRSTRLEN] = {};
  inet_ntop(ip.family, ip.bytes.data(), buffer, sizeof buffer);
  return buffer;
}

bool blocked(const Ip& ip) {
  sockaddr_storage storage{};
  if (ip.family == AF_INET) {
    auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
    v4->sin_family = AF_INET;
    std::memcpy(&v4->sin_addr, ip.bytes.data(), 4);
    return pith::fetching::is_non_public_address(reinterpret_cast<sockaddr*>(v4), sizeof *v4);
  }
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
  v6->sin6_family = AF_INET6;
  std::memcpy(&v6->sin6_addr, ip.bytes.data(), 16);
  return pith::fetching::is_non_public_address(reinterpret_cast<sockaddr*>(v6), sizeof *v6);
}

bool blocked(const char* text) { return blocked(parse_ip(text)); }

// The address one after (step +1) or before (-1); false when it wraps.
bool step(Ip& ip, int delta) {
  for (std::size_t i = ip.bytes.size(); i-- > 0;) {
    const unsigned char wrap = delta > 0 ? 0xff : 0x00;
    const bool carries = ip.bytes[i] == wrap;
    ip.bytes[i] = static_cast<unsigned char>(ip.bytes[i] + delta);
    if (!carries) return true;
  }
  return false;
}

enum class Neighbour { is_public, is_refused, none };

// A row of the IANA IPv4 and IPv6 Special-Purpose Address Registries
// (https://www.iana.org/assignments/iana-ipv4-special-registry,
// .../iana-ipv6-special-registry, as of 2025), transcribed here on purpose
// rather than taken from the guard's table: what the guard must do, and the
// address just before and just after the block.
struct RegistryRow {
  const char* cidr;
  const char* name;
  bool refused;  // false: globally reachable, and pith connects
  Neighbour before;
  Neighbour after;
};

constexpr Neighbour pub = Neighbour::is_public, ref = Neighbour::is_refused, none = Neighbour::none;

constexpr RegistryRow kRegistry[] = {
    {"0.0.0.0/8", "this network", true, none, pub},
    {"0.0.0.0/32", "this host on this network", true, none, ref},
    {"10.0.0.0/8", "private-use", true, pub, pub},
    {"100.64.0.0/10", "shared address space", true, pub, pub},
    {"127.0.0.0/8", "loopback", true, pub, pub},
    {"169.254.0.0/16", "link local", true, pub, pub},
    {"172.16.0.0/12", "private-use", true, pub, pub},
    {"192.0.0.0/24", "IETF protocol assignments", true, pub, pub},
    {"192.0.0.0/29", "IPv4 service continuity prefix", true, pub, ref},
    {"192.0.0.8/32", "IPv4 dummy address", true, ref, ref},
    {"192.0.0.9/32", "PCP anycast (reachable; refused with its /24)", true, ref, ref},
    {"192.0.0.10/32", "TURN anycast (reachable; refused with its /24)", true, ref, ref},
    {"192.0.0.170/32", "NAT64/DNS64 discovery", true, ref, ref},
    {"192.0.0.171/32", "NAT64/DNS64 discovery", true, ref, ref},
    {"192.0.2.0/24", "documentation (TEST-NET-1)", true, pub, pub},
    {"192.31.196.0/24", "AS112-v4", false, pub, pub},
    {"192.52.193.0/24", "AMT", false, pub, pub},
    {"192.88.99.0/24", "deprecated 6to4 relay anycast", true, pub, pub},
    {"192.168.0.0/16", "private-use", true, pub, pub},
    {"192.175.48.0/24", "direct delegation AS112 service", false, pub, pub},
    {"198.18.0.0/15", "benchmarking", true, pub, pub},
    {"198.51.100.0/24", "documentation (TEST-NET-2)", true, pub, pub},
    {"203.0.113.0/24", "documentation (TEST-NET-3)", true, pub, pub},
    {"224.0.0.0/4", "multicast (IANA multicast registry)", true, pub, ref},
    {"240.0.0.0/4", "reserved", true, ref, none},
    {"255.255.255.255/32", "limited broadcast", true, ref, none},
    // IPv6. Around most blocks outside 2000::/3 lies reserved space: refused.
    {"::1/128", "loopback", true, ref, ref},
    {"::/128", "unspecified", true, none, ref},
    {"64:ff9b:1::/48", "IPv4-IPv6 translation, local use", true, ref, ref},
    {"100::/64", "discard-only", true, ref, ref},
    {"100:0:0:1::/64", "dummy IPv6 prefix", true, ref, ref},
    {"2001::/23", "IETF protocol assignments", true, pub, pub},
    {"2001::/32", "Teredo", true, pub, ref},
    {"2001:1::1/128", "PCP anycast (reachable; refused with its /23)", true, ref, ref},
    {"2001:1::2/128", "TURN anycast (reachable; refused with its /23)", true, ref, ref},
    {"2001:1::3/128", "DNS-SD SRP anycast (reachable; refused with its /23)", true, ref, ref},
    {"2001:2::/48", "benchmarking", true, ref, ref},
    {"2001:3::/32", "AMT (reachable; refused with its /23)", true, ref, ref},
    {"2001:4:112::/48", "AS112-v6 (reachable; refused with its /23)", true, ref, ref},
    {"2001:10::/28", "deprecated ORCHID", true, ref, ref},
    {"2001:20::/28", "ORCHIDv2 (identifiers, not locators)", true, ref, ref},
    {"2001:30::/28", "drone remote ID tags (identifiers, not locators)", true, ref, ref},
    {"2001:db8::/32", "documentation", true, pub, pub},
    {"2620:4f:8000::/48", "direct delegation AS112 service", false, pub, pub},
    {"3fff::/20", "documentation", true, pub, pub},
    {"5f00::/16", "segment routing SIDs", true, ref, ref},
    {"fc00::/7", "unique local", true, ref, ref},
    {"fe80::/10", "link-local unicast", true, ref, ref},
    {"fec0::/10", "deprecated site-local (IPv6 address space registry)", true, ref, ref},
    {"ff00::/8", "multicast (IPv6 address space registry)", true, ref, none},
};

}  // namespace

TEST_CASE("address guard: the IANA special-purpose registries, edge to edge") {
  for (const RegistryRow& row : kRegistry) {
    const std::string cidr = row.cidr;
    const std::size_t slash = cidr.find('/');
    Ip first = parse_ip(cidr.substr(0, slash));
    const int prefix = std::stoi(cidr.substr(slash + 1));
    Ip last = first;
    for (std::size_t bit = static_cast<std::size_t>(prefix); bit < last.bytes.size() * 8; ++bit) {
      last.bytes[bit / 8] |= static_cast<unsigned char>(0x80 >> (bit % 8));
    }
    CAPTURE(row.cidr);
    CAPTURE(row.name);
    CHECK(blocked(first) == row.refused);
    CHECK(blocked(last) == row.refused);
    for (const auto& [neighbour, start, delta] :
         {std::tuple{row.before, first, -1}, std::tuple{row.after, last, +1}}) {
      Ip outside = start;
      REQUIRE(step(outside, delta) == (neighbour != Neighbour::none));
      if (neighbour == Neighbour::none) continue;
      CAPTURE(ip_text(outside));
      CHECK(blocked(outside) == (neighbour == Neighbour::is_refused));
    }
  }
}

TEST_CASE("address guard: IPv4 embedded in IPv6 decides for it") {
  // v4-mapped, v4-compatible, NAT64 (RFC 6052) and 6to4 (RFC 3056) forms.
  for (const char* a : {"::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::ffff:192.0.2.1",
                        "::127.0.0.1", "::10.0.0.1", "::0.0.0.2", "64:ff9b::a00:1", "64:ff9b::7f00:1",
                        "64:ff9b::c000:201", "64:ff9b::ffff:ffff", "2002:a00:1::1", "2002:c0a8:101::1",
                        "2002:7f00:1::", "2002:c058:6301::1", "2002:6440:1::", "64:ff9b:1::a00:1",
                        "64:ff9b:1::808:808"}) {
    CAPTURE(a);
    CHECK(blocked(a));
  }
  for (const char* a : {"::ffff:93.184.216.34", "::ffff:8.8.8.8", "::8.8.8.8", "64:ff9b::808:808",
                        "64:ff9b::5db8:d822", "2002:808:808::1", "2002:5db8:d822:1::"}) {
    CAPTURE(a);
    CHECK(!blocked(a));
  }
}

TEST_CASE("address guard: IPv6 outside 2000::/3 is reserved, the public web inside it") {
  for (const char* a : {"1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "4000::", "::1:0:0:0", "8000::1", "e000::"}) {
    CAPTURE(a);
    CHECK(blocked(a));
  }
  for (const char* a : {"2000::", "2606:4700::1111", "2001:4860:4860::8888", "2a00:1450::1",
                        "3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "93.184.216.34", "8.8.8.8", "1.1.1.1"}) {
    CAPTURE(a);
    CHECK(!blocked(a));
  }
}

TEST_CASE("address guard: the error names the range") {
  sockaddr_in v4{};
  v4.sin_family = AF_INET;
  REQUIRE(inet_pton(AF_INET, "198.51.100.7", &v4.sin_addr) == 1);
  const char* range = pith::fetching::non_public_range(reinterpret_cast<sockaddr*>(&v4), sizeof v4);
  REQUIRE(range != nullptr);
  CHECK(std::string(range) == "documentation TEST-NET-2, RFC 5737");
  sockaddr unix_socket{};
  unix_socket.sa_family = AF_UNIX;
  CHECK(pith::fetching::is_non_public_address(&unix_socket, sizeof unix_socket));
  CHECK(pith::fetching::is_non_public_address(nullptr, 0));
}

TEST_CASE("robots.txt rules") {
  using pith::fetching::RobotsRules;
  const char* text =
      "# comment\n"
      "User-agent: *\n"
      "Disallow: /private\n"
      "Allow: /private/open$\n"
      "Disallow: /*.pdf$\n"
      "Disallow: /search?*q=\n"
      "\n"
      "User-agent: otherbot\n"
      "User-agent: PITH/2\n"
      "Disallow: /only-pith\n"
      "Allow: /\n"
      "Crawl-delay: 5\n"
      "Disallow: /x*y$\n";
  SUBCASE("the * group") {
    const auto rules = RobotsRules::parse(text, "somebot");
    CHECK(rules.allows("/"));
    CHECK(!rules.allows("/private"));
    CHECK(!rules.allows("/private/a"));
    CHECK(rules.allows("/private/open"));
    CHECK(!rules.allows("/private/open/more"));  // $ anchors
    CHECK(!rules.allows("/docs/a.pdf"));
    CHECK(rules.allows("/docs/a.pdf?download=1"));
    CHECK(!rules.allows("/search?lang=en&q=x"));
    CHECK(rules.allows("/search?lang=en"));
    CHECK(rules.allows("/robots.txt"));
    CHECK(rules.allows("/only-pith"));
    CHECK(rules.crawl_delay() == 0);
  }
  SUBCASE("a group naming our product token, case-insensitively, replaces *") {
    const auto rules = RobotsRules::parse(text, "pith");
    CHECK(!rules.allows("/only-pith/page"));
    CHECK(rules.allows("/private"));  // the * group does not apply
    CHECK(!rules.allows("/x-and-y"));
    CHECK(rules.allows("/x-and-y/z"));
    CHECK(rules.crawl_delay() == 5);
  }
  SUBCASE("longest match wins, Allow wins a tie") {
    const auto rules = RobotsRules::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/c\n"
                                          "Allow: /t\nDisallow: /t\n",
                                          "pith");
    CHECK(!rules.allows("/a/x"));
    CHECK(rules.allows("/a/b/x"));
    CHECK(!rules.allows("/a/b/c/d"));
    CHECK(rules.allows("/t"));
  }
  SUBCASE("an empty Disallow allows everything; garbage is ignored") {
    const auto rules = RobotsRules::parse("garbage line\nUser-agent: *\nDisallow:\nnonsense: 1\n", "pith");
    CHECK(rules.allows("/anything"));
  }
  SUBCASE("wildcards cannot blow up") {
    const auto rules = RobotsRules::parse("User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*b$\n", "pith");
    CHECK(rules.allows("/" + std::string(5000, 'a')));
  }
  SUBCASE("wildcard runs: leftmost, one after the other; '$' ends the path") {
    const auto rules = RobotsRules::parse("User-agent: *\nDisallow: /a*b*c$\nDisallow: /*x*\nAllow: /*\n"
                                          "Disallow: /p**q\nDisallow: /e*$\n",
                                          "pith");
    CHECK(!rules.allows("/abbbc"));
    CHECK(!rules.allows("/a-b-c-b-c"));
    CHECK(rules.allows("/a-c-b"));
    CHECK(rules.allows("/abcd"));
    CHECK(!rules.allows("/yyxyy"));
    CHECK(!rules.allows("/p-q-r"));
    CHECK(rules.allows("/pp"));
    CHECK(!rules.allows("/e"));
  }
  SUBCASE("a robots.txt of 500 KB: identical rules count once, the work is bounded") {
    std::string text = "User-agent: *\n";
    while (text.size() < 500'000) text += "Disallow: /*a*a*a*a*b$\n";
    const auto repeated = RobotsRules::parse(text, "pith");
    const auto verdict = repeated.check("/" + std::string(8192, 'a'));
    CHECK(verdict.allowed);
    CHECK(verdict.steps < 20'000);
    CHECK(!repeated.allows("/" + std::string(8192, 'a') + "b"));

    // Distinct long runs that almost match everywhere: each costs ~ path x run.
    text = "User-agent: *\n";
    for (int i = 0; text.size() < 500'000; ++i) {
      text += "Disallow: /*" + std::string(16, 'a') + "b" + std::to_string(i) + "\n";
    }
    const auto slow = RobotsRules::parse(text, "pith");
    const auto bounded = slow.check("/" + std::string(8192, 'a'));
    CHECK(bounded.over_budget);
    CHECK(!bounded.allowed);
    CHECK(bounded.steps <= RobotsRules::kMaxMatchSteps + 8192 * 20);
    // A short path stays within the budget and is judged by the rules.
    const auto short_path = slow.check("/" + std::string(40, 'a'));
    CHECK(!short_path.over_budget);
    CHECK(short_path.allowed);
    CHECK(!slow.allows("/xaaaaaaaaaaaaaaaab7"));
  }
  CHECK(!RobotsRules::disallow_all().allows("/x"));
  CHECK(RobotsRules::allow_all().allows("/x"));
  CHECK(pith::fetching::product_token("pith/0.1 (+https://x)") == "pith");
}

TEST_CASE("Content-Type: what counts as HTML") {
  using pith::fetching::is_html_content_type;
  CHECK(is_html_content_type("text/html"));
  CHECK(is_html_content_type("TEXT/HTML; charset=gbk"));
  CHECK(is_html_content_type("application/xhtml+xml"));
  CHECK(is_html_content_type(""));
  CHECK(!is_html_content_type("application/pdf"));
  CHECK(!is_html_content_type("image/png"));
  CHECK(!is_html_content_type("application/json; charset=utf-8"));
}

namespace {

struct Collected {
  std::map<std::size_t, pith::FetchOutcome> outcomes;
  std::vector<std::size_t> order;
};

Collected run_fetcher(const pith::CrawlOptions& options, const std::vector<std::string>& urls,
                      const std::atomic<bool>* stop = nullptr) {
  Collected c;
  pith::Fetcher fetcher(options);
  pith::Fetcher::Hooks hooks;
  hooks.on_done = [&](std::size_t index, pith::FetchOutcome outcome) {
    CHECK(c.outcomes.count(index) == 0);
    c.order.push_back(index);
    c.outcomes.emplace(index, std::move(outcome));
  };
  hooks.stop = stop;
  fetcher.run(urls, hooks);
  return c;
}

pith::CrawlOptions crawl_options() {
  pith::CrawlOptions options;
  options.fetch = quick_options();
  options.min_host_delay_seconds = 0;
  options.max_per_host = 4;
  return options;
}

}  // namespace

TEST_CASE("Fetcher: many URLs, every one reported once with its own outcome") {
  const int robots_before = hits("/robots.txt");
  const std::vector<std::string> urls = {
      url("/page/1"),          url("/private/secret"), url("/private/open"), url("/status/404"),
      "ftp://x/",              url("/pdf"),            url("/redirect/chain/2"), url("/retry/503?key=fetcher-a"),
      url("/truncated"),       "not a url",            url("/gbk"),          url("/page/2")};
  const Collected c = run_fetcher(crawl_options(), urls);
  REQUIRE(c.outcomes.size() == urls.size());
  const auto ok = [&](std::size_t i) { return c.outcomes.at(i).result.has_value(); };
  const auto kind = [&](std::size_t i) {
    REQUIRE(c.outcomes.at(i).error.has_value());
    return c.outcomes.at(i).error->kind();
  };
  CHECK(ok(0));
  CHECK(contains(c.outcomes.at(0).result->body, "Ferry timetable review 1"));
  CHECK(kind(1) == pith::FetchErrorKind::blocked_robots);
  CHECK(ok(2));
  CHECK(kind(3) == pith::FetchErrorKind::http_status);
  CHECK(kind(4) == pith::FetchErrorKind::bad_url);
  CHECK(kind(5) == pith::FetchErrorKind::not_html);
  CHECK(ok(6));
  CHECK(c.outcomes.at(6).result->final_url == url("/article"));
  CHECK(ok(7));
  CHECK(c.outcomes.at(7).result->attempts == 2);
  CHECK(kind(8) == pith::FetchErrorKind::truncated);
  CHECK(kind(9) == pith::FetchErrorKind::bad_url);
  CHECK(ok(10));
  CHECK(c.outcomes.at(10).result->charset == "gbk");
  CHECK(c.outcomes.at(11).url == url("/page/2"));
  // One host, one robots.txt.
  CHECK(hits("/robots.txt") == robots_before + 1);
}

TEST_CASE("Fetcher: robots.txt can be ignored, and names our user agent") {
  auto options = crawl_options();
  options.respect_robots = false;
  const int robots_before = hits("/robots.txt");
  CHECK(run_fetcher(options, {url("/private/secret")}).outcomes.at(0).result.has_value());
  CHECK(hits("/robots.txt") == robots_before);

  options.respect_robots = true;
  options.fetch.user_agent = "OtherBot/1.0";  // robots.txt disallows everything for otherbot
  const Collected c = run_fetcher(options, {url("/page/3"), url("/article")});
  CHECK(c.outcomes.at(0).error->kind() == pith::FetchErrorKind::blocked_robots);
  CHECK(c.outcomes.at(1).error->kind() == pith::FetchErrorKind::blocked_robots);
}

TEST_CASE("Fetcher: connection limits, per host and in total") {
  auto options = crawl_options();
  options.respect_robots = false;
  options.max_per_host = 2;
  std::vector<std::string> urls(8, url("/inflight?key=per-host"));
  CHECK(run_fetcher(options, urls).outcomes.size() == 8);
  CHECK(hits("max:per-host") == 2);

  options.max_per_host = 8;
  options.max_connections = 3;
  urls.assign(8, url("/inflight?key=total"));
  CHECK(run_fetcher(options, urls).outcomes.size() == 8);
  CHECK(hits("max:total") == 3);
}

TEST_CASE("Fetcher: the per-host limit is per registrable domain") {
  // libcurl resolves every *.localhost name to the loopback address, and the
  // Public Suffix List's default rule makes "localhost" a public suffix: so
  // a.site.localhost and b.site.localhost are one site, a-site.localhost and
  // b-site.localhost two.
  auto options = crawl_options();
  options.respect_robots = false;
  options.max_per_host = 2;
  const std::string port = std::to_string(TestServer::get().port());
  auto at = [&](const std::string& host, const std::string& key) {
    return "http://" + host + ":" + port + "/inflight?key=" + key;
  };
  std::vector<std::string> urls;
  for (int i = 0; i < 4; ++i) {
    urls.push_back(at("a.site.localhost", "one-site"));
    urls.push_back(at("b.site.localhost", "one-site"));
  }
  const Collected one = run_fetcher(options, urls);
  REQUIRE(one.outcomes.size() == 8);
  for (const auto& [index, outcome] : one.outcomes) CHECK(outcome.result.has_value());
  CHECK(hits("max:one-site") == 2);

  urls.clear();
  for (int i = 0; i < 4; ++i) {
    urls.push_back(at("a-site.localhost", "two-sites"));
    urls.push_back(at("b-site.localhost", "two-sites"));
  }
  CHECK(run_fetcher(options, urls).outcomes.size() == 8);
  CHECK(hits("max:two-sites") == 4);
}

TEST_CASE("Fetcher: back-pressure holds new transfers back, loses nothing") {
  auto options = crawl_options();
  options.respect_robots = false;
  int asked = 0;
  std::vector<std::size_t> reported;
  pith::Fetcher fetcher(options);
  pith::Fetcher::Hooks hooks;
  hooks.may_start = [&] { return ++asked > 30; };  // "busy" for the first 30 questions
  hooks.on_done = [&](std::size_t index, pith::FetchOutcome outcome) {
    CHECK(outcome.result.has_value());
    reported.push_back(index);
  };
  fetcher.run({url("/page/12"), url("/page/13"), url("/page/14")}, hooks);
  CHECK(asked > 30);
  std::sort(reported.begin(), reported.end());
  CHECK(reported == std::vector<std::size_t>{0, 1, 2});
}

TEST_CASE("Fetcher: the per-host delay spaces requests to one host") {
  auto options = crawl_options();
  options.respect_robots = false;
  options.min_host_delay_seconds = 0.2;
  const auto start = Clock::now();
  const Collected c = run_fetcher(options, {url("/page/4"), url("/page/5"), url("/page/6"), url("/page/7")});
  // Four starts, three gaps of at least 0.2 s between them.
  CHECK(Clock::now() - start >= std::chrono::milliseconds(600));
  CHECK(c.outcomes.size() == 4);
}

TEST_CASE("Fetcher: a robots.txt Crawl-delay spaces requests like the per-host delay") {
  auto options = crawl_options();
  options.fetch.user_agent = "SlowBot/1.0";  // robots.txt: Crawl-delay: 0.3
  const auto start = Clock::now();
  const Collected c = run_fetcher(options, {url("/page/9"), url("/page/10"), url("/page/11")});
  // robots.txt, then three pages, each start 0.3 s after the one before.
  CHECK(Clock::now() - start >= std::chrono::milliseconds(900));
  CHECK(c.outcomes.at(2).result.has_value());
}

TEST_CASE("Fetcher: the guard applies in batch too") {
  auto options = crawl_options();
  options.fetch.block_private_addresses = true;
  const Collected c = run_fetcher(options, {url("/article")});
  CHECK(c.outcomes.at(0).error->kind() == pith::FetchErrorKind::blocked_private);
}

TEST_CASE("Fetcher: a stop request ends the run without reporting the rest") {
  std::atomic<bool> stop{true};
  const Collected c = run_fetcher(crawl_options(), {url("/page/8"), url("/slow")}, &stop);
  CHECK(c.outcomes.empty());
}
