// Runs every fixture under a folder: extracts fixtures/<name>/page.html,
// compares the text with expected.txt (token F1, the benchmark metric), checks
// the must_contain / must_not_contain snippets, and fails on any drift below
// the fixture's floor. Prints one line per fixture.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "check/metric.hpp"
#include "pith/pith.hpp"
#include "text/chars.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Snippets match after white space is collapsed, as score.py does.
bool contains(const std::string& haystack, const std::string& needle) {
  return pith::text::collapse_whitespace(haystack).find(pith::text::collapse_whitespace(needle)) !=
         std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: pith_fixtures FIXTURES_DIR\n");
    return 2;
  }
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(argv[1]))
    if (entry.is_directory() && fs::exists(entry.path() / "page.html")) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  if (dirs.empty()) {
    fmt::print(stderr, "no fixtures found in {}\n", argv[1]);
    return 1;
  }
  int failed = 0;
  fmt::print("{:<24} {:>6} {:>6} {:>6} {:>6}  {}\n", "fixture", "P", "R", "F1", "floor", "result");
  for (const fs::path& dir : dirs) {
    nlohmann::json spec = nlohmann::json::object();
    if (fs::exists(dir / "fixture.json")) spec = nlohmann::json::parse(slurp(dir / "fixture.json"));
    pith::Options options;
    options.url = spec.value("url", "");
    options.charset = spec.value("charset", "");
    std::string expected = fs::exists(dir / "expected.txt") ? slurp(dir / "expected.txt") : "";
    double floor = spec.value("f1_floor", 0.85);
    bool expect_none = spec.value("expect_no_content", false);

    std::vector<std::string> problems;
    std::string actual;
    try {
      pith::Document doc = pith::extract(slurp(dir / "page.html"), options);
      actual = doc.text;
    } catch (const std::exception& e) {
      problems.push_back(fmt::format("error: {}", e.what()));
    }
    pith::check::Score score = pith::check::compare(expected, actual);
    if (expect_none) {
      // "Little or nothing": allowed a few words (a stray headline), no more.
      std::size_t limit = spec.value("max_tokens", 60);
      if (pith::check::tokens(actual).size() > limit)
        problems.push_back(fmt::format("expected no main content, got {} tokens",
                                       pith::check::tokens(actual).size()));
    } else if (score.f1 < floor) {
      problems.push_back(fmt::format("F1 {:.3f} below floor {:.2f}", score.f1, floor));
    }
    for (const auto& s : spec.value("must_contain", std::vector<std::string>{}))
      if (!contains(actual, s)) problems.push_back(fmt::format("missing: \"{}\"", s));
    for (const auto& s : spec.value("must_not_contain", std::vector<std::string>{}))
      if (contains(actual, s)) problems.push_back(fmt::format("leaked: \"{}\"", s));
    // Known failure classes, tracked rather than hidden: reported, not failing,
    // and flagged when they stop happening so the entry can move to the lists above.
    std::vector<std::string> notes;
    for (const auto& s : spec.value("known_leaks", std::vector<std::string>{}))
      notes.push_back(contains(actual, s) ? fmt::format("known leak: \"{}\"", s)
                                          : fmt::format("known leak now fixed, move it to must_not_contain: \"{}\"", s));
    for (const auto& s : spec.value("known_misses", std::vector<std::string>{}))
      notes.push_back(!contains(actual, s) ? fmt::format("known miss: \"{}\"", s)
                                           : fmt::format("known miss now fixed, move it to must_contain: \"{}\"", s));

    fmt::print("{:<24} {:>6.3f} {:>6.3f} {:>6.3f} {:>6.2f}  {}\n", dir.filename().string(),
               score.precision, score.recall, score.f1, floor, problems.empty() ? "ok" : "FAIL");
    for (const auto& p : problems) fmt::print("    {}\n", p);
    for (const auto& n : notes) fmt::print("    ({})\n", n);
    if (!problems.empty()) ++failed;
  }
  fmt::print("{} passed, {} failed\n", dirs.size() - failed, failed);
  return failed ? 1 : 0;
}
