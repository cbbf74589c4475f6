// pith::extract from many threads at once gives, page for page, what one
// thread gives. Built with -DPITH_TSAN=ON (`make tsan`), ThreadSanitizer also
// checks that no two calls touch shared memory without synchronisation; any
// report fails the test (TSan's exit code).
//
//   pith_threads FIXTURES_DIR [THREADS] [ROUNDS]
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace fs = std::filesystem;

namespace {

struct Page {
  std::string name;
  std::string bytes;
  pith::Options options;
  std::string expected;  // the single-threaded result, every field that extract fills
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return std::move(ss).str();
}

// Everything extract() decides, as one string (timings left out).
std::string outcome(const Page& page) {
  try {
    pith::Document doc = pith::extract(page.bytes, page.options);
    return pith::render(doc, pith::Format::json) + "\n" + pith::render(doc, pith::Format::html);
  } catch (const pith::Error& e) {
    return fmt::format("error {}: {}", static_cast<int>(e.code()), e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: pith_threads FIXTURES_DIR [THREADS] [ROUNDS]\n");
    return 2;
  }
  int threads = argc > 2 ? std::max(2, std::atoi(argv[2])) : 4;
  int rounds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 2;

  std::vector<Page> pages;
  for (const auto& entry : fs::directory_iterator(argv[1])) {
    fs::path html = entry.path() / "page.html";
    if (!fs::is_regular_file(html)) continue;
    Page page;
    page.name = entry.path().filename().string();
    page.bytes = read_file(html);
    fs::path meta = entry.path() / "fixture.json";
    if (fs::is_regular_file(meta)) {
      nlohmann::json j = nlohmann::json::parse(read_file(meta));
      page.options.url = j.value("url", "");
      page.options.charset = j.value("charset", "");
    }
    pages.push_back(std::move(page));
  }
  // Inputs that fail, so that the error paths run concurrently too.
  pages.push_back({"(empty)", "   ", {}, {}});
  pages.push_back({"(pdf)", "%PDF-1.4 binary", {}, {}});
  std::sort(pages.begin(), pages.end(), [](const Page& a, const Page& b) { return a.name < b.name; });
  if (pages.size() < 3) {
    std::fprintf(stderr, "pith_threads: no fixtures under %s\n", argv[1]);
    return 2;
  }
  for (Page& page : pages) page.expected = outcome(page);

  // Every thread walks all pages, each from a different starting point, so
  // that different pages (and the same page) are extracted at the same time.
  std::atomic<int> mismatches{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int r = 0; r < rounds; ++r) {
        for (std::size_t k = 0; k < pages.size(); ++k) {
          const Page& page = pages[(k + std::size_t(t) * 3 + std::size_t(r)) % pages.size()];
          if (outcome(page) != page.expected) {
            std::fprintf(stderr, "MISMATCH thread %d: %s\n", t, page.name.c_str());
            ++mismatches;
          }
        }
      }
    });
  }
  for (std::thread& t : pool) t.join();

  std::size_t calls = pages.size() * std::size_t(threads) * std::size_t(rounds);
  std::printf("%zu pages x %d threads x %d rounds: %zu concurrent extract() calls, %d mismatches\n",
              pages.size(), threads, rounds, calls, mismatches.load());
  std::printf("%zu passed, %d failed\n", calls - std::size_t(mismatches.load()), mismatches.load());
  return mismatches.load() == 0 ? 0 : 1;
}
