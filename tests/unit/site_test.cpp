// Politeness groups hosts by registrable domain (fetch/site.hpp, libpsl).
#include <doctest/doctest.h>

#include "fetch/site.hpp"

using pith::fetching::site_of;

TEST_CASE("hosts of one registrable domain are one site, across multi-label public suffixes") {
  CHECK(site_of("a.example.co.uk") == "example.co.uk");
  CHECK(site_of("b.example.co.uk") == "example.co.uk");
  CHECK(site_of("news.example.com") == "example.com");
  CHECK(site_of("example.com") == "example.com");
  CHECK(site_of("www.bbc.co.uk") != site_of("www.example.co.uk"));
}

TEST_CASE("addresses, single labels and public suffixes are their own site") {
  CHECK(site_of("127.0.0.1") == "127.0.0.1");
  CHECK(site_of("10.0.0.2") != site_of("10.0.0.1"));
  CHECK(site_of("[::1]") == "[::1]");
  CHECK(site_of("localhost") == "localhost");
  CHECK(site_of("co.uk") == "co.uk");
}
