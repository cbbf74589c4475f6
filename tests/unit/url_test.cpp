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
  // The same before a query or fragment, which ends the path.
  CHECK(resolve_url(base, "https://a.example/x/./y?q") == "https://a.example/x/y?q");
  CHECK(resolve_url(base, "https://a.example/x/../y#f") == "https://a.example/y#f");
  CHECK(resolve_url(base, "https://a.example/x/.?q") == "https://a.example/x/?q");
  CHECK(resolve_url(base, "https://a.example/x/..#f") == "https://a.example/#f");
  CHECK(resolve_url(base, "https://a.example/x?#y") == "https://a.example/x#y");
  CHECK(resolve_url(base, "https://a.example/x?y=/./z") == "https://a.example/x?y=/./z");
  // Relative references still resolve against the base.
  CHECK(resolve_url(base, "x/y.html") == "https://base.example/d/x/y.html");
}

TEST_CASE("urls: relative references on a canonical base, joined without curl or by it") {
  // src/meta/url.cpp joins "/path" and "path" itself when the result is one
  // curl would give back unchanged; every other shape goes to curl. Expected
  // values are curl 7.88's.
  const std::string base = "https://base.example/d/p.html?q=1#f";
  CHECK(resolve_url(base, "x/y.html") == "https://base.example/d/x/y.html");
  CHECK(resolve_url(base, "/x/y?z=1#w") == "https://base.example/x/y?z=1#w");
  CHECK(resolve_url(base, "y.html?a=b") == "https://base.example/d/y.html?a=b");
  CHECK(resolve_url(base, "/a:b") == "https://base.example/a:b");
  CHECK(resolve_url(base, "c/d:e") == "https://base.example/d/c/d:e");
  CHECK(resolve_url(base, "/") == "https://base.example/");
  CHECK(resolve_url("http://base.example/", "x") == "http://base.example/x");
  CHECK(resolve_url(base, "//cdn.example/i.png") == "https://cdn.example/i.png");
  CHECK(resolve_url("http://base.example/", "//cdn.example/i.png") == "http://cdn.example/i.png");
  CHECK(resolve_url(base, "./x?a=1") == "https://base.example/d/x?a=1");
  CHECK(resolve_url(base, "././x") == "https://base.example/d/x");
  CHECK(resolve_url(base, "/wiki/%E9%9F%93") == "https://base.example/wiki/%E9%9F%93");
  CHECK(resolve_url(base, "https://a.example/%e3%81%82?q=%41") == "https://a.example/%e3%81%82?q=%41");
  CHECK(resolve_url(base, "https://a.example/%zz") == "https://a.example/%zz");
  CHECK(resolve_url(base, "https://a.example/%2") == "https://a.example/%2");
  CHECK(resolve_url(base, "./") == "https://base.example/d/");
  const std::string deep = "https://base.example/a/b/c.html?q=1#f";
  CHECK(resolve_url(deep, "../x") == "https://base.example/a/x");
  CHECK(resolve_url(deep, "../../../../x") == "https://base.example/x");
  CHECK(resolve_url(deep, "./../x") == "https://base.example/a/x");
  CHECK(resolve_url(deep, "../x/../y") == "https://base.example/a/y");
  CHECK(resolve_url(deep, "../?q") == "https://base.example/a?q");
  CHECK(resolve_url(deep, "..x") == "https://base.example/a/b/..x");
  CHECK(resolve_url(deep, "?x#y") == "https://base.example/a/b/c.html?x#y");
  CHECK(resolve_url(deep, "?") == "https://base.example/a/b/c.html");
  CHECK(resolve_url(deep, "https://h.example") == "https://h.example/");
  CHECK(resolve_url(deep, "https://h.example?x=1") == "https://h.example/?x=1");
  CHECK(resolve_url(deep, "//h.example?x") == "https://h.example/?x");
  CHECK(resolve_url(deep, "http://h.example:80") == "http://h.example:80/");
  // A base curl cannot parse leaves even an absolute link as it is.
  CHECK(resolve_url("not a url", "https://h.example") == "https://h.example");
  CHECK(resolve_url(base, ".//x") == "https://base.example/d/x");
  // Dot segments, empty query or fragment, characters curl encodes: curl.
  CHECK(resolve_url(base, "./x") == "https://base.example/d/x");
  CHECK(resolve_url(base, "../x") == "https://base.example/x");
  CHECK(resolve_url(base, "x/./y") == "https://base.example/d/x/y");
  CHECK(resolve_url(base, ".") == "https://base.example/d/");
  CHECK(resolve_url(base, "..") == "https://base.example/");
  CHECK(resolve_url(base, "x/..") == "https://base.example/d/");
  CHECK(resolve_url(base, "/x?") == "https://base.example/x");
  CHECK(resolve_url(base, "x?#") == "https://base.example/d/x");
  CHECK(resolve_url(base, "x y") == "https://base.example/d/x%20y");
  CHECK(resolve_url(base, "a%20b") == "https://base.example/d/a%20b");
  CHECK(resolve_url(base, "\xC3\xA9") == "https://base.example/d/%c3%a9");
  // A fragment alone stays in the base document (RFC 3986; curl 7.88 would
  // give "https://base.example/d/#x").
  CHECK(resolve_url(base, "#x") == "https://base.example/d/p.html?q=1#x");
  CHECK(resolve_url("https://base.example/d/p.html", "#") == "https://base.example/d/p.html");
  // Other shapes: a query alone, another host, a scheme.
  CHECK(resolve_url(base, "?x") == "https://base.example/d/p.html?x");
  CHECK(resolve_url(base, "//h.example/x") == "https://h.example/x");
  CHECK(resolve_url(base, "mailto:a@b.example") == "mailto:a@b.example");
  CHECK(resolve_url(base, "a:b/c") == "a:b/c");
}
