// `pith check DIR... [--update [--all]] [--junit FILE] [--json] [--jobs N]`:
// fixture regression testing. The work is in src/check/; this file parses the
// command line, picks the fixtures and prints.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "check/fixture.hpp"
#include "check/report.hpp"
#include "check/run.hpp"
#include "check/update.hpp"
#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/parse_arguments.hpp"

namespace fs = std::filesystem;

namespace pith::cli {
namespace {

constexpr int kAllPassed = kContentFound;
constexpr int kSomeFailed = kNoMainContent;

struct Selection {
  std::vector<check::FixtureLocation> fixtures;
  // Fixtures named on the command line (a fixture folder, or --name): the
  // ones --update may rewrite without --all.
  std::set<std::string> named_dirs;
};

// The fixtures under the folders given, once each, narrowed to --name when
// given. Throws std::runtime_error with a message for the user.
Selection select_fixtures(const std::vector<std::string>& roots, const std::vector<std::string>& names) {
  Selection selection;
  std::set<fs::path> seen;
  for (const std::string& root : roots) {
    std::vector<check::FixtureLocation> found = check::find_fixtures(root);
    bool root_is_fixture = found.size() == 1 && !check::page_file(root).empty();
    for (auto& location : found) {
      std::error_code ec;
      fs::path key = fs::weakly_canonical(location.dir, ec);
      if (!seen.insert(key).second) continue;
      if (root_is_fixture) selection.named_dirs.insert(key.string());
      selection.fixtures.push_back(std::move(location));
    }
    if (found.empty()) throw std::runtime_error(fmt::format("no fixtures under {} (a fixture is a folder with page.html)", root));
  }
  if (names.empty()) return selection;
  std::vector<check::FixtureLocation> kept;
  for (const std::string& name : names) {
    auto matches = [&](const check::FixtureLocation& f) {
      return f.name == name || f.dir.filename() == name;
    };
    auto before = kept.size();
    for (const auto& f : selection.fixtures)
      if (matches(f)) {
        kept.push_back(f);
        std::error_code ec;
        selection.named_dirs.insert(fs::weakly_canonical(f.dir, ec).string());
      }
    if (kept.size() == before) throw std::runtime_error(fmt::format("no fixture named {}", name));
  }
  selection.fixtures = std::move(kept);
  return selection;
}

bool all_named(const Selection& selection) {
  return std::all_of(selection.fixtures.begin(), selection.fixtures.end(), [&](const check::FixtureLocation& f) {
    std::error_code ec;
    return selection.named_dirs.contains(fs::weakly_canonical(f.dir, ec).string());
  });
}

// Rewrites the expected files from `results`; prints each file written on
// stderr (stdout is the report). Returns false when one could not be.
bool update_all(const std::vector<check::FixtureResult>& results) {
  bool ok = true;
  std::size_t written = 0;
  for (const auto& result : results) {
    try {
      for (const fs::path& file : check::update_expected(result)) {
        std::cerr << "updated " << file.string() << "\n";
        ++written;
      }
    } catch (const check::FixtureError& e) {
      std::cerr << "pith: cannot update " << result.name << ": " << e.what() << "\n";
      ok = false;
    }
  }
  std::cerr << fmt::format("{} file{} updated\n", written, written == 1 ? "" : "s");
  return ok;
}

// After a failure, how to accept it when the change was intended.
void print_accept_hint(const std::vector<check::FixtureResult>& results, const std::vector<std::string>& roots) {
  auto failed = std::find_if(results.begin(), results.end(), [](const auto& r) { return !r.passed() && r.error.empty(); });
  if (failed == results.end()) return;
  std::string dirs;
  for (const auto& root : roots) dirs += " " + root;
  std::cerr << fmt::format(
      "If the change is intended: pith check{} --update --name {} (or --all), then review the diff of its "
      "expected files.\n",
      dirs, failed->name);
}

}  // namespace

int run_check(int argc, char** argv) {
  CLI::App app{"pith check: extract every page fixture under the folders given and compare with its expected output"};
  app.name("pith check");
  app.formatter(usage_formatter(std::string(kCheckSynopsis)));
  std::vector<std::string> roots;
  std::vector<std::string> names;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  std::string junit_path;
  bool json = false, update = false, all = false;

  app.add_option("dirs", roots, "Fixture folders (each holding fixture folders, or a fixture itself)")
      ->required()
      ->type_name("DIR");
  app.add_option("-n,--name", names, "Only the fixture with this name (repeatable)")->type_name("NAME");
  app.add_option("-j,--jobs", jobs, "Fixtures checked at once")->capture_default_str()->check(CLI::Range(1u, 1024u));
  app.add_option("--junit", junit_path, "Also write a JUnit XML report to FILE")->type_name("FILE");
  app.add_flag("--json", json, "Print the results as JSON instead of the table");
  app.add_flag("--update", update,
               "Rewrite expected.txt (and drifted expected.json fields) from the current output, for the "
               "fixtures named (a fixture folder, or --name)");
  app.add_flag("--all", all, "With --update: rewrite every fixture found");
  app.footer(
      "Exit codes: 0 every fixture passed, 1 a fixture failed (or could not be read),\n"
      "            2 usage error (bad option, no such folder, no fixtures), 3 the report could not be written.");

  if (auto exit_code = parse_arguments(app, argc, argv)) return *exit_code;
  if (all && !update) {
    std::cerr << "pith check: --all goes with --update\n";
    return kUsageError;
  }

  Selection selection;
  try {
    selection = select_fixtures(roots, names);
  } catch (const std::exception& e) {
    std::cerr << "pith check: " << e.what() << "\n";
    return kUsageError;
  }
  if (update && !all && !all_named(selection)) {
    std::cerr << fmt::format(
        "pith check: --update rewrites expected files: name the fixtures (a fixture folder, or --name NAME), "
        "or add --all to update all {} found\n",
        selection.fixtures.size());
    return kUsageError;
  }

  std::vector<check::FixtureResult> results = check::run_fixtures(selection.fixtures, jobs);
  bool updated_ok = true;
  if (update) {
    updated_ok = update_all(results);
    results = check::run_fixtures(selection.fixtures, jobs);  // the report shows the fixtures as they now are
  }

  if (json)
    std::cout << check::results_json(results).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
              << "\n";
  else
    std::cout << check::format_table(results);
  std::cout.flush();
  if (!update && !json) print_accept_hint(results, roots);

  if (!junit_path.empty()) {
    try {
      check::write_file(junit_path, check::junit_xml(results));
    } catch (const check::FixtureError& e) {
      std::cerr << "pith check: " << e.what() << "\n";
      return kInputError;
    }
  }
  return check::tally(results).failed == 0 && updated_ok ? kAllPassed : kSomeFailed;
}

}  // namespace pith::cli
