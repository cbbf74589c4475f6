#include "check/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

#include "output/renderers.hpp"
#include "text/chars.hpp"

namespace pith::check {
namespace {

// Lets F1 = 1.0 meet a floor of 1.0 despite floating-point rounding.
constexpr double kFloorTolerance = 1e-9;

void check_text(const Fixture& fixture, FixtureResult& r) {
  const FixtureSpec& spec = fixture.spec;
  r.tokens = tokens(r.actual_text).size();
  if (spec.expect_no_content) {
    // "Little or nothing": a stray headline is allowed, a page's worth is not.
    if (r.tokens > spec.max_tokens)
      r.text_failures.push_back(
          fmt::format("expected no main content, got {} tokens (max_tokens {})", r.tokens, spec.max_tokens));
    else
      r.notes.push_back(fmt::format("no main content expected: {} tokens out, at most {}", r.tokens, spec.max_tokens));
  }
  if (!fixture.expected_text) {
    // A no-content page needs no expected text; any other fixture does.
    if (!spec.expect_no_content)
      r.text_failures.push_back("no expected.txt (pith check --update records the current output)");
    return;
  }
  r.score = compare(*fixture.expected_text, r.actual_text);
  if (r.score.f1 + kFloorTolerance < spec.f1_floor)
    r.text_failures.push_back(fmt::format("F1 {:.3f} below floor {}", r.score.f1, floor_text(spec.f1_floor)));
}

void check_snippets(const FixtureSpec& spec, FixtureResult& r) {
  for (const auto& s : spec.must_contain)
    if (!contains_snippet(r.actual_text, s)) r.snippet_failures.push_back(fmt::format("missing: \"{}\"", s));
  for (const auto& s : spec.must_not_contain)
    if (contains_snippet(r.actual_text, s)) r.snippet_failures.push_back(fmt::format("leaked: \"{}\"", s));
  r.snippets_checked = spec.must_contain.size() + spec.must_not_contain.size();
  // Known failure classes, tracked rather than hidden: reported, not failing,
  // and flagged when they stop happening so the entry can move to the lists above.
  for (const auto& s : spec.known_leaks)
    r.notes.push_back(contains_snippet(r.actual_text, s)
                          ? fmt::format("known leak: \"{}\"", s)
                          : fmt::format("known leak now fixed, move it to must_not_contain: \"{}\"", s));
  for (const auto& s : spec.known_misses)
    r.notes.push_back(!contains_snippet(r.actual_text, s)
                          ? fmt::format("known miss: \"{}\"", s)
                          : fmt::format("known miss now fixed, move it to must_contain: \"{}\"", s));
  for (const auto& key : spec.unknown_keys) r.notes.push_back(fmt::format("fixture.json: unknown key \"{}\" ignored", key));
}

void check_fields(const Fixture& fixture, FixtureResult& r) {
  if (!fixture.expected_fields) return;
  r.has_expected_fields = true;
  r.fields_checked = fixture.expected_fields->size();
  r.field_mismatches = compare_fields(*fixture.expected_fields, r.document);
}

}  // namespace

bool contains_snippet(std::string_view text, std::string_view snippet) {
  return text::collapse_whitespace(text).find(text::collapse_whitespace(snippet)) != std::string::npos;
}

FixtureResult run_fixture(const FixtureLocation& location) {
  auto start = std::chrono::steady_clock::now();
  FixtureResult r;
  r.name = location.name;
  r.dir = location.dir;
  try {
    Fixture fixture = load_fixture(location);
    r.spec = fixture.spec;
    pith::Options options = extract_options(fixture.spec);
    pith::Document doc = pith::extract(read_page(fixture.page, options.max_input_bytes), options);
    r.actual_text = doc.text;
    r.document = pith::document_json(doc);
    check_text(fixture, r);
    check_snippets(fixture.spec, r);
    check_fields(fixture, r);
    // The text diff explains text and snippet failures; for a metadata
    // mismatch alone it would be noise.
    if (!r.text_failures.empty() || !r.snippet_failures.empty())
      r.diff = diff_lines(fixture.expected_text.value_or(""), r.actual_text);
  } catch (const std::exception& e) {
    // FixtureError, pith::Error (a page that is empty or not HTML), or worse:
    // this fixture fails, the others still run.
    r.error = e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::vector<FixtureResult> run_fixtures(const std::vector<FixtureLocation>& fixtures, unsigned jobs) {
  std::vector<FixtureResult> results(fixtures.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < fixtures.size(); i = next++) results[i] = run_fixture(fixtures[i]);
  };
  std::size_t threads = std::clamp<std::size_t>(jobs, 1, std::max<std::size_t>(fixtures.size(), 1));
  std::vector<std::jthread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();  // the calling thread works too
  for (std::jthread& thread : pool) thread.join();
  return results;
}

}  // namespace pith::check
