// fetch() against nothing but loopback: refused schemes, a closed port, and a
// tiny HTTP/1.1 server on 127.0.0.1 run by the test itself.
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "pith/fetch.hpp"

namespace {

// The body of /page: "<p>你好</p>" with 你好 in GBK, to show bytes arrive untouched.
const std::string kGbkBody = "<html><p>\xC4\xE3\xBA\xC3</p></html>";

// Serves canned responses on 127.0.0.1 at an ephemeral port until destroyed.
// One connection at a time is plenty: fetch() is synchronous.
class LoopbackServer {
 public:
  LoopbackServer() {
    listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(listener_ >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(listener_, 8) == 0);
    socklen_t len = sizeof addr;
    REQUIRE(::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { run(); });
  }

  ~LoopbackServer() {
    stop_ = true;
    thread_.join();
    ::close(listener_);
  }

  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;

  std::string url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }

  std::string last_request() const {
    std::lock_guard lock(mutex_);
    return last_request_;
  }

 private:
  void run() {
    while (!stop_) {
      pollfd p{listener_, POLLIN, 0};
      // A short poll so the destructor's stop request is seen promptly.
      if (::poll(&p, 1, 50) <= 0) continue;
      const int client = ::accept(listener_, nullptr, nullptr);
      if (client < 0) continue;
      serve(client);
      ::close(client);
    }
  }

  void serve(int client) {
    std::string request;
    char buffer[4096];
    while (request.find("\r\n\r\n") == std::string::npos && request.size() < 65536) {
      pollfd p{client, POLLIN, 0};
      if (::poll(&p, 1, 2000) <= 0) return;
      const ssize_t n = ::recv(client, buffer, sizeof buffer, 0);
      if (n <= 0) return;
      request.append(buffer, static_cast<std::size_t>(n));
    }
    {
      std::lock_guard lock(mutex_);
      last_request_ = request;
    }
    const std::size_t path_start = request.find(' ') + 1;
    const std::string path = request.substr(path_start, request.find(' ', path_start) - path_start);
    send_all(client, response_for(path));
  }

  static std::string response_for(const std::string& path) {
    const auto with_length = [](const std::string& head, const std::string& body) {
      return head + "Content-Length: " + std::to_string(body.size()) +
             "\r\nConnection: close\r\n\r\n" + body;
    };
    if (path == "/page") {
      return with_length("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=gbk\r\n", kGbkBody);
    }
    if (path == "/old") {
      return with_length("HTTP/1.1 301 Moved Permanently\r\nLocation: /page\r\n", "moved");
    }
    if (path == "/loop") {
      return with_length("HTTP/1.1 302 Found\r\nLocation: /loop\r\n", "");
    }
    if (path == "/to-ftp") {
      return with_length("HTTP/1.1 302 Found\r\nLocation: ftp://127.0.0.1/x\r\n", "");
    }
    if (path == "/to-file") {
      return with_length("HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\n", "");
    }
    if (path == "/big") {
      return with_length("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", std::string(10000, 'x'));
    }
    if (path == "/big-unannounced") {
      // No Content-Length: only the write callback can enforce the limit.
      return "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n" +
             std::string(10000, 'x');
    }
    if (path == "/no-type") {
      return with_length("HTTP/1.1 200 OK\r\n", "hi");
    }
    return with_length("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n", "not found");
  }

  static void send_all(int client, const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
      // MSG_NOSIGNAL: the client may hang up early (max_bytes tests), and
      // SIGPIPE would kill the whole test binary.
      const ssize_t n = ::send(client, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return;
      sent += static_cast<std::size_t>(n);
    }
  }

  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  mutable std::mutex mutex_;
  std::string last_request_;
};

pith::FetchOptions test_options() {
  // A proxy from the environment would receive our loopback requests (or
  // refuse them); loopback must always be reached directly.
  ::setenv("no_proxy", "127.0.0.1,localhost", 1);
  ::setenv("NO_PROXY", "127.0.0.1,localhost", 1);
  pith::FetchOptions options;
  options.connect_timeout_seconds = 5;
  options.timeout_seconds = 20;
  return options;
}

// Runs fetch() and returns the pith::Error's message, failing the test if it
// did not throw one with ErrorCode::fetch_failed.
std::string fetch_error(const std::string& url, const pith::FetchOptions& options) {
  try {
    (void)pith::fetch(url, options);
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::fetch_failed);
    return e.what();
  }
  FAIL("fetch(" << url << ") did not throw");
  return {};
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("fetch refuses schemes other than http and https") {
  const auto options = test_options();
  CHECK(contains(fetch_error("ftp://x/", options), "ftp://x/"));
  CHECK(contains(fetch_error("file:///etc/passwd", options), "only http"));
  CHECK(contains(fetch_error("", options), "only http"));
  CHECK(contains(fetch_error("127.0.0.1/", options), "only http"));
}

TEST_CASE("fetch reports a refused connection") {
  const std::string message = fetch_error("http://127.0.0.1:1/", test_options());
  CHECK(contains(message, "http://127.0.0.1:1/"));
}

TEST_CASE("fetch against a loopback server") {
  LoopbackServer server;
  auto options = test_options();

  SUBCASE("200 with body, status and content type") {
    const pith::FetchResult r = pith::fetch(server.url("/page"), options);
    CHECK(r.status == 200);
    CHECK(r.body == kGbkBody);
    CHECK(r.content_type == "text/html; charset=gbk");
    CHECK(r.final_url == server.url("/page"));
    const std::string request = server.last_request();
    CHECK(contains(request, "GET /page HTTP/1.1\r\n"));
    CHECK(contains(request, std::string("User-Agent: pith/") + pith::version + "\r\n"));
    CHECK(contains(request, "Accept-Encoding: "));
  }

  SUBCASE("a custom user agent") {
    options.user_agent = "test-agent/1";
    (void)pith::fetch(server.url("/page"), options);
    CHECK(contains(server.last_request(), "User-Agent: test-agent/1\r\n"));
  }

  SUBCASE("a missing Content-Type is empty") {
    const pith::FetchResult r = pith::fetch(server.url("/no-type"), options);
    CHECK(r.body == "hi");
    CHECK(r.content_type.empty());
  }

  SUBCASE("301 is followed and final_url is the target") {
    const pith::FetchResult r = pith::fetch(server.url("/old"), options);
    CHECK(r.status == 200);
    CHECK(r.body == kGbkBody);
    CHECK(r.content_type == "text/html; charset=gbk");
    CHECK(r.final_url == server.url("/page"));
  }

  SUBCASE("404 is an error naming the status and URL") {
    CHECK(fetch_error(server.url("/missing"), options) ==
          "HTTP 404 from " + server.url("/missing"));
  }

  SUBCASE("redirect loops stop at max_redirects") {
    options.max_redirects = 3;
    const std::string message = fetch_error(server.url("/loop"), options);
    CHECK(contains(message, server.url("/loop")));
    CHECK(contains(message, "redirect"));
  }

  SUBCASE("redirects to other schemes are refused") {
    // libcurl words this "Protocol "ftp" not supported or disabled".
    CHECK(contains(fetch_error(server.url("/to-ftp"), options), "\"ftp\""));
    CHECK(contains(fetch_error(server.url("/to-file"), options), "\"file\""));
  }

  SUBCASE("max_bytes: an announced Content-Length over the limit") {
    options.max_bytes = 1000;
    CHECK(fetch_error(server.url("/big"), options) ==
          server.url("/big") + ": body larger than 1000 bytes");
  }

  SUBCASE("max_bytes: a body without Content-Length over the limit") {
    options.max_bytes = 1000;
    CHECK(fetch_error(server.url("/big-unannounced"), options) ==
          server.url("/big-unannounced") + ": body larger than 1000 bytes");
  }

  SUBCASE("max_bytes: a body exactly at the limit is accepted") {
    options.max_bytes = 10000;
    CHECK(pith::fetch(server.url("/big-unannounced"), options).body.size() == 10000);
  }
}
