// The batch list parser (src/cli/batch_input.cpp) and the JSON Lines records
// of the multi-input modes (src/cli/jsonl_writer.cpp): docs/cli.md, "Batch mode".
#include <doctest/doctest.h>

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/batch_input.hpp"
#include "cli/jsonl_writer.hpp"
#include "pith/pith.hpp"

using pith::cli::BatchEntry;
using pith::cli::parse_batch_line;
using pith::cli::read_batch_entries;

namespace {

std::vector<BatchEntry> entries_of(const std::string& list, std::size_t max_line_bytes = pith::cli::kMaxBatchLineBytes) {
  std::istringstream in(list);
  return read_batch_entries(in, max_line_bytes);
}

}  // namespace

TEST_CASE("batch line: URLs, paths, blanks and comments") {
  auto url = parse_batch_line("  https://x.example/a?q=1 \r", 7);
  REQUIRE(url);
  CHECK(url->origin.line == 7);
  CHECK(url->origin.input == "https://x.example/a?q=1");
  CHECK(url->is_url);
  CHECK(url->origin.url == "https://x.example/a?q=1");
  CHECK_FALSE(url->problem);

  auto path = parse_batch_line("pages/a b.html", 2);
  REQUIRE(path);
  CHECK_FALSE(path->is_url);
  CHECK_FALSE(path->origin.url);
  CHECK(path->origin.input == "pages/a b.html");

  // Any scheme makes a URL: the fetcher answers ftp:// with a bad_url record.
  auto ftp = parse_batch_line("ftp://x.example/f", 1);
  REQUIRE(ftp);
  CHECK(ftp->is_url);

  CHECK_FALSE(parse_batch_line("", 1));
  CHECK_FALSE(parse_batch_line(" \t\r\v\f", 1));
  CHECK_FALSE(parse_batch_line("# https://x.example/skipped", 1));
  CHECK_FALSE(parse_batch_line("   #indented comment", 1));
}

TEST_CASE("batch line: a NUL byte or an overlong line is an input with a problem, not a different file") {
  using namespace std::string_literals;
  auto nul = parse_batch_line("a.html\0../../etc/passwd"s, 3);
  REQUIRE(nul);
  REQUIRE(nul->problem);
  CHECK(nul->problem->message.find("NUL") != std::string::npos);
  CHECK_FALSE(nul->is_url);

  auto cut = parse_batch_line("https://x.example/aaaa", 4, /*cut=*/true, 22);
  REQUIRE(cut);
  REQUIRE(cut->problem);
  CHECK(cut->problem->message == "line 4 is longer than 22 bytes; a URL or path never is");
  CHECK_FALSE(cut->origin.url);
  // A long comment stays a comment.
  CHECK_FALSE(parse_batch_line("# long", 5, /*cut=*/true, 6));
}

TEST_CASE("batch list: one entry per input line, physical line numbers, BOM and CRLF") {
  const auto entries = entries_of("\xEF\xBB\xBFhttps://x.example/a\r\n# comment\r\n\r\n  b.html  \r\nlast-without-newline");
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].origin.input == "https://x.example/a");
  CHECK(entries[0].origin.line == 1);
  CHECK(entries[0].is_url);
  CHECK(entries[1].origin.input == "b.html");
  CHECK(entries[1].origin.line == 4);
  CHECK(entries[2].origin.input == "last-without-newline");
  CHECK(entries[2].origin.line == 5);
  CHECK(entries_of("").empty());
  CHECK(entries_of("\n\n\n").empty());
  // A BOM is only one at the very start; a broken one stays in the line.
  const auto broken = entries_of("\xEF\xBB\n\xEF\xBB\xBFx");
  REQUIRE(broken.size() == 2);
  CHECK(broken[0].origin.input == "\xEF\xBB");
  CHECK(broken[1].origin.input == "\xEF\xBB\xBFx");
}

TEST_CASE("batch list: a line past the limit is held only up to it and reported; the lines after it still count") {
  const std::string endless(1u << 20, 'a');  // 1 MiB without a newline
  const auto entries = entries_of("https://x.example/" + endless + "\n" + std::string(100, ' ') + "#" + endless +
                                      "\nnext.html\n" + endless,
                                  1000);
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].problem);
  CHECK(entries[0].origin.line == 1);
  CHECK(entries[0].origin.input.size() == 1000);
  CHECK(entries[1].origin.input == "next.html");
  CHECK(entries[1].origin.line == 3);
  CHECK_FALSE(entries[1].problem);
  CHECK(entries[2].problem);
  CHECK(entries[2].origin.line == 4);
  // Leading whitespace does not count against the limit.
  const auto indented = entries_of(std::string(5000, ' ') + "x.html", 1000);
  REQUIRE(indented.size() == 1);
  CHECK(indented[0].origin.input == "x.html");
  CHECK_FALSE(indented[0].problem);
}

TEST_CASE("batch list: read a chunk at a time, by count or by bytes, line numbers running on") {
  std::istringstream in("\xEF\xBB\xBF" "a.html\n# comment\nb.html\n\nc.html\nd.html\neeeeeeeeee.html\nf.html\n");
  pith::cli::BatchListReader list(in);
  std::vector<BatchEntry> chunk;
  REQUIRE(list.read(chunk, 2, 1000));
  REQUIRE(chunk.size() == 2);
  CHECK(chunk[0].origin.input == "a.html");  // the BOM is gone
  CHECK(chunk[1].origin.input == "b.html");
  CHECK(chunk[1].origin.line == 3);
  CHECK_FALSE(list.ended());

  chunk.clear();
  // 12 bytes: c.html (6) leaves room, d.html (6) reaches the cap, and the chunk ends there.
  REQUIRE(list.read(chunk, 100, 12));
  REQUIRE(chunk.size() == 2);
  CHECK(chunk[0].origin.line == 5);
  CHECK(chunk[1].origin.input == "d.html");

  chunk.clear();
  REQUIRE(list.read(chunk, 100, 1000));
  REQUIRE(chunk.size() == 2);
  CHECK(chunk[0].origin.input == "eeeeeeeeee.html");
  CHECK(chunk[1].origin.line == 8);
  CHECK(list.ended());
  chunk.clear();
  CHECK_FALSE(list.read(chunk, 100, 1000));
  CHECK(chunk.empty());
}

TEST_CASE("records: every extraction error code has its own name") {
  using pith::ErrorCode;
  using pith::cli::error_code_name;
  CHECK(error_code_name(ErrorCode::empty_input) == "empty_input");
  CHECK(error_code_name(ErrorCode::input_too_large) == "input_too_large");
  CHECK(error_code_name(ErrorCode::not_html) == "not_html");
  CHECK(error_code_name(ErrorCode::fetch_failed) == "network");
  CHECK(error_code_name(ErrorCode::io_failed) == "io_failed");
  CHECK(error_code_name(ErrorCode::over_time_budget) == "over_time_budget");
  // A page over its time budget, through extract(): the record names it.
  pith::Options options;
  options.time_budget = std::chrono::milliseconds(1);
  std::string page = "<html><body><article>";
  for (int k = 0; k < 20000; ++k) page += "<p>The harbour ferry is back in service after three months in dry dock.</p>";
  try {
    (void)pith::extract(page, options);
    FAIL("no error for a 1.5 MB page in 1 ms");
  } catch (const pith::Error& e) {
    const auto record = pith::cli::error_record({}, error_code_name(e.code()), e.what());
    CHECK(record["error"]["code"] == "over_time_budget");
  }
}

TEST_CASE("records: a truncated page says so in its record") {
  std::string page = "<html><body>";
  for (int k = 0; k < 300; ++k) page += "<div>";
  page += "<article><p>The council approved the new library budget after a long debate about opening hours, staff "
          "and the renovation of the reading room.</p></article></body></html>";
  pith::Options options;
  options.max_depth = 64;
  pith::cli::RecordOrigin origin;
  origin.line = 2;
  origin.input = "deep.html";
  const auto record = pith::cli::document_record(origin, pith::extract(page, options));
  REQUIRE(record["truncations"].is_array());
  REQUIRE(record["truncations"].size() == 1);
  CHECK(record["truncations"][0].get<std::string>().find("depth limit") != std::string::npos);
  CHECK(record["line"] == 2);
  options.max_depth = 512;
  CHECK(pith::cli::document_record(origin, pith::extract(page, options))["truncations"].empty());
}

TEST_CASE("ordered writer: a failed write keeps its errno (EPIPE is a reader gone away)") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  ::close(fds[0]);
  std::FILE* out = ::fdopen(fds[1], "w");
  REQUIRE(out);
  // SIGPIPE is ignored by the CLI (main.cpp); here too, for the test's sake.
  auto previous = std::signal(SIGPIPE, SIG_IGN);
  {
    pith::cli::OrderedJsonlWriter writer(out);
    CHECK_FALSE(writer.write_failed());
    writer.put(0, pith::cli::error_record({}, "io_failed", "x"));
    CHECK(writer.write_failed());
    CHECK(writer.write_error() == EPIPE);
    CHECK(writer.written() == 1);
  }
  std::signal(SIGPIPE, previous);
  std::fclose(out);
}
