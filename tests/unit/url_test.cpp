// resolve_url on absolute URLs: what libcurl makes of them, fast path or not
// (src/meta/url.cpp skips curl for URLs it would give back unchanged).
#include <doctest/doctest.h>

#include <string>

#include "meta/url.hpp"

using pith::meta::resolve_url;

TEST_CASE("urls: absolute URLs come back as curl normalises them") {
  const std::string base = "https://base.example/d/p.html";
  // Unchanged.
  for (const char* same : {"https://a.example/x#y#z", "https://a.example/x[1]", "https://a.example//x",
                           "http://a.example/x;y", "https://a.example/x'y", "https://a.example/x(1)",
                           "https://123.45.67.89/x", "https://a.example/x?y=1&z=2#frag/../x",
                           "https://a.example/x?y=/../z", "https://a.example/x.", "https://a.example/x/...",
                           "https://a.example/", "https://a.example/x!$&*+,;=", "https://a.example/x?a[]=1"})
    CHECK(resolve_url(base, same) == same);
  // Rewritten: empty query or fragment, dot segments, no path, upper-case
  // scheme, spaces.
  CHECK(resolve_url(base, "https://a.example/x?a=1#") == "https://a.example/x?a=1");
  CHECK(resolve_url(base, "https://a.example/#") == "https://a.example/");
  CHECK(resolve_url(base, "https://a.example/x?") == "https://a.example/x");
  CHECK(resolve_url(base, "https://a.example/x/.") == "https://a.example/x/");
  CHECK(resolve_url(base, "https://a.example/x/..") == "https://a.example/");
  CHECK(resolve_url(base, "https://a.example/./x") == "https://a.example/x");
  CHECK(resolve_url(base, "https://a.example") == "https://a.example/");
  CHECK(resolve_url(base, "HTTPS://a.example/x") == "https://a.example/x");
  CHECK(resolve_url(base, "https://a.example/a b") == "https://a.example/a%20b");
  // Relative references still resolve against the base.
  CHECK(resolve_url(base, "x/y.html") == "https://base.example/d/x/y.html");
}
