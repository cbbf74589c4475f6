// `pith --input-dir DIR --output-dir OUT`: every page of a tree (input_tree.hpp)
// extracted on a WorkerPool, one output file per page in the chosen format,
// the tree mirrored; a summary line at the end (docs/discovery.md, "Many files").
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/input_tree.hpp"
#include "cli/worker_pool.hpp"
#include "pith/render.hpp"

namespace pith::cli {
namespace {

namespace fs = std::filesystem;

// One page and where its output goes; `problem` when it must not be written.
struct Planned {
  fs::path input;
  fs::path output;
  std::optional<std::string> problem;
};

// Output paths are fixed before anything runs, so that no output can land on
// an input (an --output-dir that is the input directory, `-f html`) or on
// another page's output (--no-keep-dirs).
std::vector<Planned> plan(const std::vector<fs::path>& pages, const DirectoryRun& run) {
  std::error_code ec;
  std::set<fs::path> inputs;
  for (const fs::path& page : pages) inputs.insert(fs::weakly_canonical(page, ec));
  std::set<fs::path> outputs;
  std::vector<Planned> planned;
  planned.reserve(pages.size());
  for (const fs::path& page : pages) {
    Planned& p = planned.emplace_back();
    p.input = page;
    p.output = output_path(run.output_dir, page.lexically_relative(run.input_dir), run.format, run.keep_dirs);
    const fs::path target = fs::weakly_canonical(p.output, ec);
    if (inputs.count(target) > 0) {
      p.problem = fmt::format("its output {} would overwrite an input page", p.output.string());
    } else if (!outputs.insert(target).second) {
      p.problem = fmt::format("its output {} is another page's output", p.output.string());
    }
  }
  return planned;
}

std::string render_output(const Document& doc, const DirectoryRun& run) {
  std::string out = run.format == Format::json && !run.content.fields.empty()
                        ? document_fields(doc, run.content)
                              .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                        : render(doc, run.format, run.content.render);
  out.push_back('\n');
  return out;
}

void write_file(const fs::path& path, const std::string& data) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);  // a race with another worker leaves it existing
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  out.close();
  if (!out) throw Error(ErrorCode::io_failed, fmt::format("cannot write {}", path.string()));
}

}  // namespace

int run_directory(const DirectoryRun& run) {
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  if (!fs::is_directory(run.input_dir, ec)) {
    std::cerr << "pith: --input-dir " << run.input_dir << " is not a directory\n";
    return kInputError;
  }
  std::vector<fs::path> pages;
  try {
    pages = list_pages(run.input_dir, run.output_dir);
  } catch (const fs::filesystem_error& e) {
    std::cerr << "pith: cannot read " << run.input_dir << ": " << e.code().message() << "\n";
    return kInputError;
  }
  const std::vector<Planned> planned = plan(pages, run);

  std::atomic<std::size_t> with_content{0}, errors{0};
  std::mutex stderr_mutex;
  const auto report_error = [&](const fs::path& page, std::string_view message) {
    ++errors;
    std::lock_guard<std::mutex> lock(stderr_mutex);
    std::cerr << "pith: " << page.string() << ": " << message << "\n";
  };
  {
    const unsigned threads = run.jobs > 0 ? run.jobs : std::max(1u, std::thread::hardware_concurrency());
    WorkerPool pool(threads);
    for (const Planned& p : planned) {
      if (p.problem) {
        report_error(p.input, *p.problem);
        continue;
      }
      pool.submit([&run, &p, &with_content, &report_error] {
        try {
          const std::string bytes = read_input_file(p.input.string(), run.options.max_input_bytes);
          const Document doc = extract(bytes, run.options);
          // As for one page: text, Markdown, HTML and XML outputs exist only
          // for pages with main content; JSON says it has none.
          if (doc.has_main_content()) ++with_content;
          if (doc.has_main_content() || run.format == Format::json) write_file(p.output, render_output(doc, run));
        } catch (const std::exception& e) {
          report_error(p.input, e.what());
        }
      });
    }
    pool.wait_idle();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << fmt::format("pith: {} pages, {} with main content, {} errors, {:.1f} s\n", planned.size(),
                           with_content.load(), errors.load(), seconds);
  return kContentFound;
}

}  // namespace pith::cli
