// pith_bench — speed benchmark and prediction writer for pith::extract.
//
//   pith_bench [--data DIR] [--pred OUT_DIR] [--repeat N] [--gumbo-baseline] [--threads N] [--json]
//   pith_bench --synthetic PAGE [--repeat N]
//
// Loads every page of an evaluation set (DIR/<source>/<id>.html.gz or .html,
// with DIR/<source>/<id>.json for the url and page_type) into memory, then runs
// pith::extract on each page, single-threaded, N times, summing the per-stage
// Document::timings and the wall time. Writes the extracted text of each page
// to OUT_DIR/<source>/<id>.txt (the layout shared/eval/score.py reads) and a
// manifest OUT_DIR/manifest.json {"<source>/<id>": page_type or null}.
// See bench/README.md for what each printed number means.
#include <gumbo.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "pages.hpp"
#include "pith/pith.hpp"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using ns = std::chrono::nanoseconds;

namespace {

using bench::Page;
using bench::load_pages;
using bench::gunzip;
using bench::read_file;

struct Args {
  std::string data;
  std::string pred = "build/bench-pred";
  int repeat = 1;
  bool gumbo_baseline = false;
  bool json = false;
  int threads = 0;         // > 0: also time 1 and N threads over all pages
  std::string synthetic;   // a page to grow 1x, 10x, 100x (linearity check)
  pith::Focus focus = pith::Focus::balanced;  // Options::focus of every call
  bool include_title = false;                  // Options::include_title of every call
};

[[noreturn]] void usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: pith_bench [--data DIR] [--pred OUT_DIR] [--repeat N] [--gumbo-baseline] "
               "[--threads N] [--focus F] [--title] [--json]\n"
               "       pith_bench --synthetic PAGE [--repeat N]\n"
               "  --data DIR        dataset root with source folders, or one source folder\n"
               "                    (default: ../shared/eval/dev, relative to the current\n"
               "                    directory, else to the project root)\n"
               "  --pred OUT_DIR    where to write <source>/<id>.txt and manifest.json\n"
               "                    (default: build/bench-pred)\n"
               "  --repeat N        run every page N times (default 1)\n"
               "  --gumbo-baseline  also time plain gumbo_parse + gumbo_destroy_output\n"
               "  --threads N       also run all pages on 1 and on N threads (wall clock,\n"
               "                    pages/s and speed-up)\n"
               "  --synthetic PAGE  only: time PAGE with its body repeated 1x, 10x, 100x\n"
               "  --focus F         Options::focus: balanced (default), precision or recall\n"
               "  --title           Options::include_title: the headline is put before\n"
               "                    content that does not hold it\n"
               "  --json            print the results as one JSON object\n");
  std::exit(code);
}

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string_view s = argv[i];
    auto value = [&](std::string_view name) -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "pith_bench: %.*s needs a value\n", int(name.size()), name.data());
        usage(2);
      }
      return argv[++i];
    };
    if (s == "--data") a.data = value(s);
    else if (s == "--pred") a.pred = value(s);
    else if (s == "--repeat") {
      std::string v = value(s);
      char* end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (*end != '\0' || n < 1 || n > 1000000) {
        std::fprintf(stderr, "pith_bench: --repeat wants a positive integer, got '%s'\n", v.c_str());
        usage(2);
      }
      a.repeat = int(n);
    } else if (s == "--threads") {
      std::string v = value(s);
      a.threads = std::atoi(v.c_str());
      if (a.threads < 1 || a.threads > 256) {
        std::fprintf(stderr, "pith_bench: --threads wants 1..256, got '%s'\n", v.c_str());
        usage(2);
      }
    } else if (s == "--synthetic") a.synthetic = value(s);
    else if (s == "--gumbo-baseline") a.gumbo_baseline = true;
    else if (s == "--focus") {
      std::string v = value(s);
      if (v == "balanced") a.focus = pith::Focus::balanced;
      else if (v == "precision") a.focus = pith::Focus::precision;
      else if (v == "recall") a.focus = pith::Focus::recall;
      else {
        std::fprintf(stderr, "pith_bench: --focus wants balanced, precision or recall, got '%s'\n", v.c_str());
        usage(2);
      }
    }
    else if (s == "--title") a.include_title = true;
    else if (s == "--no-title") a.include_title = false;
    else if (s == "--json") a.json = true;
    else if (s == "-h" || s == "--help") usage(0);
    else {
      std::fprintf(stderr, "pith_bench: unknown argument '%s'\n", argv[i]);
      usage(2);
    }
  }
  if (a.data.empty()) {
    // ../shared/eval/dev relative to the current directory, else relative to
    // the project root (the folder holding bench/, known from this file's path).
    fs::path cwd_rel = "../shared/eval/dev";
    fs::path root_rel = fs::path(__FILE__).parent_path().parent_path() / "../shared/eval/dev";
    a.data = fs::is_directory(cwd_rel) || !fs::is_directory(root_rel)
                 ? cwd_rel.string()
                 : root_rel.lexically_normal().string();
  }
  return a;
}

double secs(ns d) { return std::chrono::duration<double>(d).count(); }

struct PageResult {
  bool failed = false;
  std::string error;         // "[code] message" when failed
  std::string text;          // from the first repeat
  std::string language;      // detected, from the first repeat
  ns total{0};               // summed over repeats
};

// The primary subtag, lower case: "en-US" -> "en".
std::string primary_language(std::string_view tag) {
  std::string out(tag.substr(0, std::min(tag.find('-'), tag.find('_'))));
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Detected language against the dataset's `lang`, over the pages that have one.
struct LanguageScore {
  std::size_t known = 0, right = 0, unknown = 0;
  std::map<std::string, std::size_t> wrong;  // "want->got"
};

LanguageScore score_languages(const std::vector<Page>& pages, const std::vector<PageResult>& results) {
  LanguageScore score;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    if (pages[i].lang.empty()) continue;
    ++score.known;
    std::string want = primary_language(pages[i].lang), got = primary_language(results[i].language);
    if (got == want) ++score.right;
    else if (got == "unknown" || got.empty()) ++score.unknown;
    else ++score.wrong[want + "->" + got];
  }
  return score;
}

const char* code_name(pith::ErrorCode c) {
  switch (c) {
    case pith::ErrorCode::empty_input: return "empty_input";
    case pith::ErrorCode::input_too_large: return "input_too_large";
    case pith::ErrorCode::not_html: return "not_html";
    case pith::ErrorCode::fetch_failed: return "fetch_failed";
    case pith::ErrorCode::io_failed: return "io_failed";
    default: return "other";
  }
}

double thread_cpu_seconds();

struct ParallelRun {
  double wall = 0;  // seconds, the whole run
  double cpu = 0;   // seconds of CPU time, summed over the threads
};

// Runs pith::extract over all pages `repeat` times on `threads` threads that
// take the next page from a shared counter. The summed CPU time does not
// depend on how busy the machine is: if the threads got in each other's way
// (locks, cache lines bouncing between cores), N threads would need more CPU
// time than one for the same pages.
ParallelRun parallel_run(const std::vector<Page>& pages, int threads, int repeat) {
  std::atomic<std::size_t> next{0};
  const std::size_t total = pages.size() * std::size_t(repeat);
  std::vector<double> cpu(static_cast<std::size_t>(threads), 0.0);
  auto worker = [&](std::size_t slot) {
    double t0 = thread_cpu_seconds();
    for (std::size_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < total;) {
      const Page& pg = pages[k % pages.size()];
      pith::Options opt;
      opt.url = pg.url;
      try {
        pith::Document doc = pith::extract(pg.bytes, opt);
      } catch (const std::exception&) {
        // counted by the single-thread run
      }
    }
    cpu[slot] = thread_cpu_seconds() - t0;
  };
  auto t0 = Clock::now();
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) pool.emplace_back(worker, static_cast<std::size_t>(i));
  for (std::thread& t : pool) t.join();
  ParallelRun run;
  run.wall = secs(Clock::now() - t0);
  for (double c : cpu) run.cpu += c;
  return run;
}

// The page with the inside of its <body> repeated `times` times: the same
// markup mix, `times` as large. Without a <body> the whole page repeats.
std::string grow_page(const std::string& page, int times) {
  std::string lower(page.size(), ' ');
  std::transform(page.begin(), page.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  std::size_t open = lower.find("<body");
  std::size_t inner = open == std::string::npos ? 0 : lower.find('>', open);
  std::size_t close = lower.rfind("</body");
  if (open == std::string::npos || inner == std::string::npos || close == std::string::npos ||
      close < inner) {
    std::string out;
    for (int i = 0; i < times; ++i) out += page;
    return out;
  }
  ++inner;
  std::string out = page.substr(0, inner);
  for (int i = 0; i < times; ++i) out.append(page, inner, close - inner);
  out.append(page, close, std::string::npos);
  return out;
}

// CPU time of the calling thread: unlike wall time, it does not count the
// time other processes on a busy machine take.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// --synthetic: one page grown 1x, 10x, 100x. Linear code keeps the time per
// MB flat across the three sizes; a quadratic path shows as growth.
int run_synthetic(const Args& args) {
  std::string page;
  try {
    page = read_file(args.synthetic);
    if (fs::path(args.synthetic).extension() == ".gz") page = gunzip(page, args.synthetic);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "pith_bench: %s\n", ex.what());
    return 2;
  }
  fmt::print("pith_bench --synthetic {}  (best of {} run{} per size)\n", args.synthetic,
             args.repeat, args.repeat == 1 ? "" : "s");
  fmt::print("{:>6} {:>9} {:>10} {:>9} {:>7}   {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}   {:>9}\n",
             "size", "MB", "pith ms", "ms/MB", "vs 1x", "decode", "parse", "build", "features",
             "select", "render", "other", "gumbo ms");
  double base_per_mb = 0;
  for (int times : {1, 10, 100}) {
    std::string grown = grow_page(page, times);
    pith::Options opt;
    opt.max_input_bytes = grown.size() + 1;
    double best = 1e300;
    pith::Timings best_t;
    for (int r = 0; r < args.repeat; ++r) {
      double t0 = thread_cpu_seconds();
      pith::Document doc = pith::extract(grown, opt);
      double w = thread_cpu_seconds() - t0;
      if (w < best) {
        best = w;
        best_t = doc.timings;
      }
    }
    double gumbo_best = 1e300;
    for (int r = 0; r < args.repeat; ++r) {
      double t0 = thread_cpu_seconds();
      GumboOutput* out = gumbo_parse_with_options(&kGumboDefaultOptions, grown.data(), grown.size());
      gumbo_destroy_output(&kGumboDefaultOptions, out);
      gumbo_best = std::min(gumbo_best, thread_cpu_seconds() - t0);
    }
    double mb = double(grown.size()) / 1e6;
    double per_mb = best * 1e3 / mb;
    if (times == 1) base_per_mb = per_mb;
    double other = secs(best_t.extract - best_t.features - best_t.selection - best_t.render);
    fmt::print("{:>5}x {:>9.2f} {:>10.1f} {:>9.1f} {:>6.2f}x   {:>8.1f} {:>8.1f} {:>8.1f} {:>8.1f} {:>8.1f} "
               "{:>8.1f} {:>8.1f}   {:>9.1f}\n",
               times, mb, best * 1e3, per_mb, base_per_mb > 0 ? per_mb / base_per_mb : 0.0,
               secs(best_t.decode) * 1e3, secs(best_t.parse) * 1e3, secs(best_t.build) * 1e3, secs(best_t.features) * 1e3,
               secs(best_t.selection) * 1e3, secs(best_t.render) * 1e3, other * 1e3,
               gumbo_best * 1e3);
  }
  fmt::print("(pith ms and gumbo ms: thread CPU time, immune to other processes; stage columns:\n"
             " the Document's wall-clock timings of that run; other = metadata, classify and the rest;\n"
             " vs 1x = ms/MB relative to the 1x page: ~1 means linear)\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args args = parse_args(argc, argv);
  if (!args.synthetic.empty()) return run_synthetic(args);

  if (!fs::is_directory(args.data)) {
    std::fprintf(stderr, "pith_bench: dataset folder '%s' not found\n", args.data.c_str());
    return 2;
  }

  // ---- load everything first (not timed) ----
  std::vector<Page> pages;
  try {
    pages = load_pages(args.data);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "pith_bench: loading failed: %s\n", ex.what());
    return 2;
  }
  if (pages.empty()) {
    std::fprintf(stderr, "pith_bench: no *.html.gz / *.html pages under '%s'\n", args.data.c_str());
    return 2;
  }
  std::size_t input_bytes = 0;
  for (const Page& p : pages) input_bytes += p.bytes.size();

  // ---- timed: pith::extract, single thread ----
  std::vector<PageResult> results(pages.size());
  pith::Timings stages;
  ns wall{0};
  std::size_t failed_calls = 0;
  // Thread CPU time of the whole loop too: on a busy machine the wall time
  // also counts the time the thread waited for a core.
  const double pith_cpu_start = thread_cpu_seconds();
  for (int r = 0; r < args.repeat; ++r) {
    for (std::size_t i = 0; i < pages.size(); ++i) {
      const Page& pg = pages[i];
      PageResult& res = results[i];
      pith::Options opt;
      opt.url = pg.url;
      opt.focus = args.focus;
      opt.include_title = args.include_title;
      auto t0 = Clock::now();
      try {
        pith::Document doc = pith::extract(pg.bytes, opt);
        auto t1 = Clock::now();
        ns d = t1 - t0;
        wall += d;
        res.total += d;
        stages += doc.timings;
        if (r == 0) {
          res.text = std::move(doc.text);
          res.language = std::move(doc.language);
        }
      } catch (const pith::Error& ex) {
        ns d = Clock::now() - t0;
        wall += d;
        res.total += d;
        ++failed_calls;
        if (r == 0) {
          res.failed = true;
          res.error = fmt::format("[{}] {}", code_name(ex.code()), ex.what());
        }
      } catch (const std::exception& ex) {  // not part of the API contract: a bug
        ns d = Clock::now() - t0;
        wall += d;
        res.total += d;
        ++failed_calls;
        if (r == 0) {
          res.failed = true;
          res.error = fmt::format("[unexpected std::exception, not pith::Error] {}", ex.what());
        }
      }
    }
  }

  const double pith_cpu = thread_cpu_seconds() - pith_cpu_start;

  // ---- optional baseline: plain Gumbo on the raw bytes ----
  ns gumbo_wall{0};
  double gumbo_cpu = 0;
  if (args.gumbo_baseline) {
    const double gumbo_cpu_start = thread_cpu_seconds();
    for (int r = 0; r < args.repeat; ++r) {
      for (const Page& pg : pages) {
        auto t0 = Clock::now();
        GumboOutput* out = gumbo_parse_with_options(&kGumboDefaultOptions, pg.bytes.data(),
                                                    pg.bytes.size());
        gumbo_destroy_output(&kGumboDefaultOptions, out);
        gumbo_wall += Clock::now() - t0;
      }
    }
    gumbo_cpu = thread_cpu_seconds() - gumbo_cpu_start;
  }

  // ---- optional: the same pages on 1 and on N threads, wall clock ----
  double wall_1thread = 0, wall_nthreads = 0, cpu_1thread = 0, cpu_nthreads = 0;
  double load_average = 0;
  if (args.threads > 0) {
    ParallelRun one = parallel_run(pages, 1, args.repeat);
    ParallelRun many = parallel_run(pages, args.threads, args.repeat);
    wall_1thread = one.wall;
    wall_nthreads = many.wall;
    cpu_1thread = one.cpu;
    cpu_nthreads = many.cpu;
    double loads[1];
    if (getloadavg(loads, 1) == 1) load_average = loads[0];
  }

  // ---- write predictions and the manifest (not timed) ----
  nlohmann::ordered_json manifest = nlohmann::ordered_json::object();
  std::size_t write_errors = 0;
  try {
    fs::create_directories(args.pred);
    for (std::size_t i = 0; i < pages.size(); ++i) {
      const Page& pg = pages[i];
      fs::path dir = fs::path(args.pred) / pg.source;
      fs::create_directories(dir);
      std::ofstream out(dir / (pg.id + ".txt"), std::ios::binary | std::ios::trunc);
      out << results[i].text;  // failed pages get an empty file (= empty prediction)
      if (!out) ++write_errors;
      std::string key = pg.source + "/" + pg.id;
      if (pg.page_type) manifest[key] = *pg.page_type;
      else manifest[key] = nullptr;
    }
    std::ofstream mf(fs::path(args.pred) / "manifest.json", std::ios::trunc);
    mf << manifest.dump(1) << "\n";
    if (!mf) ++write_errors;
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "pith_bench: writing predictions failed: %s\n", ex.what());
    return 2;
  }
  if (write_errors) std::fprintf(stderr, "pith_bench: %zu files could not be written\n", write_errors);

  // ---- numbers ----
  std::size_t failures = 0;
  for (const PageResult& r : results) failures += r.failed;
  const double calls = double(pages.size()) * args.repeat;
  const double mb = double(input_bytes) / 1e6;
  const double wall_s = secs(wall);
  const double st_decode = secs(stages.decode), st_parse = secs(stages.parse),
               st_build = secs(stages.build), st_extract = secs(stages.extract);
  const double st_metadata = secs(stages.metadata), st_features = secs(stages.features),
               st_selection = secs(stages.selection), st_render = secs(stages.render),
               st_classify = secs(stages.classify);
  // What no part of the extraction's timings covers: the choice between
  // attempts (word sets, summaries, the lead, repeated blocks), URL
  // resolution, double-encoding repair, the page's direction, assembly.
  const double st_extract_other =
      st_extract - st_metadata - st_features - st_selection - st_render - st_classify;
  const double st_language = secs(stages.language), st_fingerprint = secs(stages.fingerprint);
  const double st_sum = st_decode + st_parse + st_build + st_extract + st_language + st_fingerprint;
  const double st_before_annotate = st_sum - st_language - st_fingerprint;
  const LanguageScore languages = score_languages(pages, results);
  std::size_t languages_wrong = 0;
  for (const auto& [pair, n] : languages.wrong) languages_wrong += n;
  const double st_other = wall_s - st_sum;  // checks, Document assembly/teardown, timer gaps
  const double extraction_over_parse =
      st_parse > 0 ? (st_build + st_extract) / st_parse : 0.0;
  const double gumbo_s = secs(gumbo_wall);

  // Per-page latency (mean over repeats), all pages including failed ones.
  std::vector<std::pair<double, std::size_t>> lat;
  for (std::size_t i = 0; i < pages.size(); ++i)
    lat.emplace_back(secs(results[i].total) / args.repeat * 1e3, i);
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double q) {
    std::size_t k = std::min(lat.size() - 1, std::size_t(q * double(lat.size() - 1) + 0.5));
    return lat[k].first;
  };

  // Per-source split.
  struct SourceStat { std::size_t pages = 0, failures = 0, bytes = 0; double seconds = 0; };
  std::map<std::string, SourceStat> by_source;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    SourceStat& s = by_source[pages[i].source];
    ++s.pages;
    s.failures += results[i].failed;
    s.bytes += pages[i].bytes.size();
    s.seconds += secs(results[i].total);
  }

  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const long maxrss_kb = ru.ru_maxrss;  // kilobytes on Linux

  for (std::size_t i = 0; i < pages.size(); ++i)
    if (results[i].failed)
      std::fprintf(stderr, "FAILED %s/%s: %s\n", pages[i].source.c_str(), pages[i].id.c_str(),
                   results[i].error.c_str());

  auto pct_of = [&](double x) { return st_sum > 0 ? 100.0 * x / st_sum : 0.0; };

  if (args.json) {
    nlohmann::ordered_json j;
    j["data"] = args.data;
    j["pred"] = args.pred;
    j["pages"] = pages.size();
    j["repeat"] = args.repeat;
    j["failures"] = failures;
    j["failed_calls"] = failed_calls;
    nlohmann::ordered_json fl = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < pages.size(); ++i)
      if (results[i].failed)
        fl.push_back({{"page", pages[i].source + "/" + pages[i].id}, {"error", results[i].error}});
    j["failed_pages"] = fl;
    j["input_mb"] = mb;
    j["wall_s"] = wall_s;
    j["pages_per_s"] = wall_s > 0 ? calls / wall_s : 0.0;
    j["cpu_s"] = pith_cpu;  // thread CPU time of the loop of calls
    j["pages_per_cpu_s"] = pith_cpu > 0 ? calls / pith_cpu : 0.0;
    j["mb_per_s"] = wall_s > 0 ? mb * args.repeat / wall_s : 0.0;
    j["stages_s"] = {{"decode", st_decode}, {"parse", st_parse}, {"build", st_build},
                     {"extract", st_extract}, {"metadata", st_metadata}, {"features", st_features},
                     {"selection", st_selection}, {"render", st_render},
                     {"classify", st_classify}, {"language", st_language}, {"fingerprint", st_fingerprint},
                     {"extract_other", st_extract_other}, {"sum", st_sum}, {"other", st_other}};
    j["stages_pct"] = {{"decode", pct_of(st_decode)}, {"parse", pct_of(st_parse)},
                       {"build", pct_of(st_build)}, {"extract", pct_of(st_extract)}};
    j["extraction_over_parse"] = extraction_over_parse;
    j["language_and_fingerprint_over_rest"] =
        st_before_annotate > 0 ? (st_language + st_fingerprint) / st_before_annotate : 0.0;
    j["language_accuracy"] = {{"pages_with_known_language", languages.known},
                              {"right", languages.right},
                              {"unknown", languages.unknown},
                              {"wrong", languages_wrong},
                              {"accuracy", languages.known ? double(languages.right) / double(languages.known) : 0.0},
                              {"mistakes", languages.wrong}};
    j["latency_ms"] = {{"p50", pct(0.5)}, {"p90", pct(0.9)}, {"p99", pct(0.99)},
                       {"max", lat.back().first},
                       {"max_page", pages[lat.back().second].source + "/" + pages[lat.back().second].id}};
    nlohmann::ordered_json src = nlohmann::ordered_json::object();
    for (const auto& [name, s] : by_source)
      src[name] = {{"pages", s.pages}, {"failures", s.failures}, {"input_mb", double(s.bytes) / 1e6},
                   {"wall_s", s.seconds}};
    j["sources"] = src;
    if (args.gumbo_baseline) {
      j["gumbo_baseline"] = {{"wall_s", gumbo_s},
                             {"input", "raw page bytes (not the UTF-8 pith parses)"},
                             {"pith_over_gumbo", gumbo_s > 0 ? wall_s / gumbo_s : 0.0},
                             {"pith_cpu_s", pith_cpu},
                             {"gumbo_cpu_s", gumbo_cpu},
                             {"pith_over_gumbo_cpu", gumbo_cpu > 0 ? pith_cpu / gumbo_cpu : 0.0}};
    }
    if (args.threads > 0) {
      j["threads"] = {{"n", args.threads},
                      {"wall_1_s", wall_1thread},
                      {"wall_n_s", wall_nthreads},
                      {"pages_per_s_1", calls / wall_1thread},
                      {"pages_per_s_n", calls / wall_nthreads},
                      {"speedup", wall_1thread / wall_nthreads},
                      {"cpu_1_s", cpu_1thread},
                      {"cpu_n_s", cpu_nthreads},
                      {"cpu_efficiency", cpu_nthreads > 0 ? cpu_1thread / cpu_nthreads : 0.0},
                      {"load_average", load_average}};
    }
    j["max_rss_mb"] = double(maxrss_kb) / 1024.0;
    std::cout << j.dump(1) << "\n";
    return 0;
  }

  fmt::print("pith_bench  data: {}  pred: {}\n", args.data, args.pred);
  fmt::print("pages          {:>10}   (x {} repeat{}, single thread)\n", pages.size(), args.repeat,
             args.repeat == 1 ? "" : "s");
  fmt::print("failures       {:>10}   (pith::Error; listed on stderr)\n", failures);
  fmt::print("input          {:>10.2f} MB (uncompressed page bytes, 1 MB = 1e6 B)\n", mb);
  fmt::print("wall           {:>10.3f} s  (sum over pith::extract calls)\n", wall_s);
  fmt::print("throughput     {:>10.1f} pages/s   {:.2f} MB/s\n", wall_s > 0 ? calls / wall_s : 0.0,
             wall_s > 0 ? mb * args.repeat / wall_s : 0.0);
  fmt::print("latency/page   p50 {:.2f} ms  p90 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms ({}/{})\n",
             pct(0.5), pct(0.9), pct(0.99), lat.back().first, pages[lat.back().second].source,
             pages[lat.back().second].id);
  fmt::print("\nstage                 seconds   % of stages\n");
  fmt::print("  decode (->UTF-8)   {:>10.3f}   {:>6.1f} %\n", st_decode, pct_of(st_decode));
  fmt::print("  parse (Gumbo)      {:>10.3f}   {:>6.1f} %\n", st_parse, pct_of(st_parse));
  fmt::print("  DOM build          {:>10.3f}   {:>6.1f} %\n", st_build, pct_of(st_build));
  fmt::print("  extraction         {:>10.3f}   {:>6.1f} %\n", st_extract, pct_of(st_extract));
  fmt::print("    metadata         {:>10.3f}   {:>6.1f} %   (<head>, JSON-LD, microdata, bylines, title)\n",
             st_metadata, pct_of(st_metadata));
  fmt::print("    features         {:>10.3f}   {:>6.1f} %   (class/id hints, feature passes)\n",
             st_features, pct_of(st_features));
  fmt::print("    selection+prune  {:>10.3f}   {:>6.1f} %\n", st_selection, pct_of(st_selection));
  fmt::print("    blocks+render    {:>10.3f}   {:>6.1f} %   (blocks, Document::text)\n", st_render,
             pct_of(st_render));
  fmt::print("    classify         {:>10.3f}   {:>6.1f} %   (page features, page type, attempt chooser,\n"
             "                                             confidence)\n",
             st_classify, pct_of(st_classify));
  fmt::print("    other            {:>10.3f}   {:>6.1f} %   (choice between attempts, URLs, repairs, assembly)\n",
             st_extract_other, pct_of(st_extract_other));
  fmt::print("  language (CLD2)    {:>10.3f}   {:>6.1f} %\n", st_language, pct_of(st_language));
  fmt::print("  fingerprints       {:>10.3f}   {:>6.1f} %   (SimHash, text hash)\n", st_fingerprint,
             pct_of(st_fingerprint));
  fmt::print("  sum of stages      {:>10.3f}   (wall - stages = {:.3f} s untimed overhead)\n", st_sum,
             st_other);
  fmt::print("extraction (build+extract) / parse = {:.3f}   (extract alone / parse = {:.3f})\n",
             extraction_over_parse, st_parse > 0 ? st_extract / st_parse : 0.0);
  fmt::print("language + fingerprints / the other stages = {:.3f}\n",
             st_before_annotate > 0 ? (st_language + st_fingerprint) / st_before_annotate : 0.0);
  fmt::print("\nlanguage: {} of {} pages with a known language detected right = {:.1f} %  ({} unknown: text\n"
             "  under 100 characters or unrecognised; {} wrong{}",
             languages.right, languages.known,
             languages.known ? 100.0 * double(languages.right) / double(languages.known) : 0.0,
             languages.unknown, languages_wrong, languages.wrong.empty() ? "" : ":");
  for (const auto& [pair, n] : languages.wrong) fmt::print(" {} x{}", pair, n);
  fmt::print(")\n");
  if (args.gumbo_baseline) {
    fmt::print("\ngumbo baseline     {:>10.3f} s  (gumbo_parse + gumbo_destroy_output, default options,\n"
               "                                 on the RAW page bytes, not the UTF-8 pith parses)\n",
               gumbo_s);
    fmt::print("pith end-to-end / gumbo baseline = {:.2f}\n", gumbo_s > 0 ? wall_s / gumbo_s : 0.0);
    fmt::print("same in thread CPU time: pith {:.3f} s / gumbo {:.3f} s = {:.2f}  (less moved by the\n"
               "  machine's load than wall time; callgrind_summary.py gives the instruction ratio)\n",
               pith_cpu, gumbo_cpu, gumbo_cpu > 0 ? pith_cpu / gumbo_cpu : 0.0);
  }
  fmt::print("\nsource               pages  fail   input MB    wall s   pages/s\n");
  for (const auto& [name, s] : by_source)
    fmt::print("  {:<18} {:>5} {:>5} {:>10.2f} {:>9.3f} {:>9.1f}\n", name, s.pages, s.failures,
               double(s.bytes) / 1e6, s.seconds,
               s.seconds > 0 ? double(s.pages) * args.repeat / s.seconds : 0.0);
  if (args.threads > 0)
    fmt::print("\nthreads (wall clock of the whole run, all pages x repeats):\n"
               "  1 thread   {:>8.3f} s  {:>8.1f} pages/s\n"
               "  {} threads  {:>8.3f} s  {:>8.1f} pages/s   speed-up {:.2f}x\n",
               wall_1thread, calls / wall_1thread, args.threads, wall_nthreads,
               calls / wall_nthreads, wall_1thread / wall_nthreads);
  if (args.threads > 0)
    fmt::print("  CPU time summed over the threads: 1 thread {:.3f} s, {} threads {:.3f} s\n"
               "  CPU efficiency {:.2f} (1 = the threads cost each other nothing); speed-up with {}\n"
               "  idle cores = {} x efficiency = {:.2f}x  (1-minute load average {:.1f} at the end)\n",
               cpu_1thread, args.threads, cpu_nthreads,
               cpu_nthreads > 0 ? cpu_1thread / cpu_nthreads : 0.0, args.threads, args.threads,
               cpu_nthreads > 0 ? args.threads * cpu_1thread / cpu_nthreads : 0.0, load_average);
  fmt::print("\npeak memory (ru_maxrss) {:.1f} MB  (includes all pages held in memory)\n",
             double(maxrss_kb) / 1024.0);
  return 0;
}
