// What the CLI makes of mistyped inputs (src/cli/input_checks.cpp): a host
// name given as a file gets "did you mean https://...", a charset name is one
// the decoder reads.
#include <doctest/doctest.h>

#include <string>

#include "cli/input_checks.hpp"

using pith::cli::bare_host_hint;
using pith::cli::known_charset_or_report;

TEST_CASE("a host name or a URL without its scheme gets https:// suggested") {
  CHECK(bare_host_hint("example.org") == " (did you mean https://example.org?)");
  CHECK(bare_host_hint("www.x.com/a") == " (did you mean https://www.x.com/a?)");
  CHECK(bare_host_hint("news.example.co.uk/2024/05/story?id=3") ==
        " (did you mean https://news.example.co.uk/2024/05/story?id=3?)");
  CHECK(bare_host_hint("example.org:8080/page") == " (did you mean https://example.org:8080/page?)");
  CHECK(bare_host_hint("EXAMPLE.ORG") == " (did you mean https://EXAMPLE.ORG?)");
}

TEST_CASE("a file name is no host") {
  for (const char* name : {"page.html", "saved/page.htm", "crawl.warc.gz", "list.txt", "out.jsonl", "index.php",
                           "PAGE.HTML", "localhost", "page", "./example.org", "../a.b.com", "a.b", "x.c0m",
                           "my page.com", ".example.org", "example.", ""}) {
    CAPTURE(name);
    CHECK(bare_host_hint(name).empty());
  }
}

TEST_CASE("charset names are the decoder's labels") {
  for (const char* name : {"utf-8", "UTF8", " windows-1252 ", "latin1", "gbk", "GB2312", "shift_jis", "euc-kr",
                           "big5", "iso-8859-2", "koi8-r"}) {
    CAPTURE(name);
    CHECK(known_charset_or_report(name, "test"));
  }
  for (const char* name : {"klingon", "utf-9", "x-unknown", "replacement"}) {
    CAPTURE(name);
    CHECK_FALSE(known_charset_or_report(name, "test"));
  }
}
