// Tests for the hostile-input limits of pith::extract (docs/limits.md):
// each one cuts or refuses the page as documented, never crashes.
#include <doctest/doctest.h>

#include <string>

#include "budget/deadline.hpp"
#include "pith/pith.hpp"

namespace {

std::string repeat(std::string_view piece, int times) {
  std::string out;
  for (int k = 0; k < times; ++k) out += piece;
  return out;
}

const std::string kParagraph =
    "<p>The council approved the new library budget after a long debate about opening hours, "
    "staff and the renovation of the reading room on the second floor.</p>";

bool mentions(const std::vector<std::string>& notes, std::string_view word) {
  for (const std::string& n : notes)
    if (n.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("time_budget: a page over budget fails with over_time_budget; zero disables it") {
  std::string page = "<html><body><article>" + repeat(kParagraph, 50) + "</article></body></html>";
  pith::Options options;
  options.time_budget = std::chrono::milliseconds(0);
  CHECK(pith::extract(page, options).has_main_content());
  // A budget already spent when the first stage ends: nanoseconds are not
  // representable in milliseconds, so the smallest positive budget is used.
  options.time_budget = std::chrono::milliseconds(1);
  std::string big = "<html><body><article>" + repeat(kParagraph, 20000) + "</article></body></html>";
  try {
    (void)pith::extract(big, options);
    FAIL("no error for a 3 MB page in 1 ms");
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::over_time_budget);
    CHECK(std::string(e.what()).find("budget of 1 ms") != std::string::npos);
  }
}

TEST_CASE("max_depth: deep nesting is truncated, the text kept and the truncation reported") {
  std::string page = "<html><body>" + repeat("<div>", 5000) + "<article>" + repeat(kParagraph, 5) +
                     "</article>" + repeat("</div>", 5000) + "</body></html>";
  pith::Options options;
  options.max_depth = 64;
  pith::Document doc = pith::extract(page, options);
  CHECK(doc.text.find("reading room on the second floor") != std::string::npos);
  CHECK(mentions(doc.truncations, "deeper than the depth limit"));

  pith::Document shallow = pith::extract(
      "<html><body><article>" + repeat(kParagraph, 5) + "</article></body></html>", options);
  CHECK(shallow.truncations.empty());
}

TEST_CASE("max_nodes: the page is cut at the element budget and says so") {
  // Numbered paragraphs: the same paragraph said again is left out.
  std::string page = "<html><body><article>";
  for (int k = 0; k < 3000; ++k) page += "<p>Paragraph " + std::to_string(k) + ". " + kParagraph.substr(3);
  page += "</article></body></html>";
  pith::Options options;
  options.max_nodes = 1000;
  pith::Document doc = pith::extract(page, options);
  CHECK(mentions(doc.truncations, "node limit"));
  std::size_t paragraphs = 0;
  for (const pith::Block& b : doc.blocks) paragraphs += b.kind == pith::BlockKind::paragraph;
  CHECK(paragraphs > 900);
  CHECK(paragraphs < 1000);
}

TEST_CASE("JSON-LD nested a hundred thousand arrays deep does not overflow the stack") {
  std::string deep = std::string(100000, '[') + "\"x\"" + std::string(100000, ']');
  std::string page = "<html><head><script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
                     "\"headline\": \"Deep\", \"author\": " + deep + ", \"image\": " + deep +
                     "}</script></head><body><article>" + repeat(kParagraph, 5) +
                     "</article></body></html>";
  pith::Document doc = pith::extract(page);
  CHECK(doc.has_main_content());
}

TEST_CASE("a page over kLargestPageBytes is refused whatever max_input_bytes allows") {
  pith::Options options;
  options.max_input_bytes = std::size_t{1} << 40;
  // Letters alone: nothing before the parse refuses it (not empty, not binary).
  std::string page(pith::kLargestPageBytes + 1, 'a');
  bool thrown = false;
  try {
    pith::extract(page, options);
  } catch (const pith::Error& e) {
    thrown = true;
    CHECK(e.code() == pith::ErrorCode::input_too_large);
    CHECK(std::string(e.what()).find("32-bit") != std::string::npos);
  }
  CHECK(thrown);
}

TEST_CASE("deadline: checked inside a stage, once per few thousand ticks; none without a budget") {
  using pith::budget::Deadline;
  auto past = Deadline::Clock::now() - std::chrono::milliseconds(50);
  Deadline spent(past, std::chrono::milliseconds(10));
  CHECK_THROWS_AS(spent.check("the test"), pith::Error);
  int ticks = 0;
  try {
    for (; ticks < 100000; ++ticks) spent.tick("the test");
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::over_time_budget);
    CHECK(std::string(e.what()).find("by the test") != std::string::npos);
  }
  CHECK(ticks < 5000);
  Deadline unlimited(past, std::chrono::milliseconds(0));
  for (int k = 0; k < 10000; ++k) unlimited.tick("the test");
  CHECK_NOTHROW(unlimited.check("the test"));
  Deadline none;
  CHECK_NOTHROW(none.check("the test"));
}

TEST_CASE("time_budget: a long stage stops at the deadline, not at its end") {
  // 100,000 paragraphs (16 MB): the filter, the guard, Gumbo and the DOM
  // build each take longer than the budget; the page fails inside one of them
  // (or, on a slow machine, at the end of decoding), not at the end of parsing.
  std::string big = "<html><body><article>" + repeat(kParagraph, 100000) + "</article></body></html>";
  pith::Options options;
  options.time_budget = std::chrono::milliseconds(20);
  auto start = std::chrono::steady_clock::now();
  try {
    (void)pith::extract(big, options);
    FAIL("no error for a 16 MB page in 20 ms");
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::over_time_budget);
    INFO(e.what());
    CHECK(std::string(e.what()).find("the end of parsing") == std::string::npos);
  }
  auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  // Decoding is checked only at its end; the rest stops within a few thousand
  // tags of the deadline. Generous for sanitizer builds and a loaded machine.
  CHECK(spent.count() < 2000);
}

TEST_CASE("time_budget: Gumbo's parse stops at the deadline too") {
  // Gumbo's parse is a long stretch of the pipeline on this page, and
  // longer than twice its start: of budgets growing by the fourth root of 2,
  // some end in it. (By √2 a loaded machine, under the sanitizers, made each
  // run's timings move enough for every budget to miss it now and then.)
  std::string page = "<html><body><article>" + repeat(kParagraph, 20000) + "</article></body></html>";
  pith::Options options;
  int stopped_in_parse = 0, over = 0;
  for (double budget = 1; budget < 4000; budget *= 1.18920712) {
    options.time_budget = std::chrono::milliseconds(static_cast<long>(budget));
    try {
      (void)pith::extract(page, options);
      break;  // the page fits: larger budgets would too
    } catch (const pith::Error& e) {
      CHECK(e.code() == pith::ErrorCode::over_time_budget);
      ++over;
      if (std::string(e.what()).find("by the HTML parse") != std::string::npos) ++stopped_in_parse;
    }
  }
  CHECK(over > 0);
  CHECK(stopped_in_parse > 0);
}
