// `pith fixture new URL|FILE|- --name NAME [--dir fixtures]`: snapshot a page
// as a fixture (src/check/snapshot.cpp does the work).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>

#include "check/fixture.hpp"
#include "check/report.hpp"
#include "check/snapshot.hpp"
#include "cli/commands.hpp"
#include "cli/help.hpp"
#include "cli/input_checks.hpp"
#include "cli/parse_arguments.hpp"
#include "pith/fetch.hpp"
#include "text/ascii.hpp"

namespace fs = std::filesystem;

namespace pith::cli {
namespace {

bool is_url(std::string_view s) {
  auto starts = [&](std::string_view scheme) {
    return s.size() > scheme.size() && text::iequals_ascii(s.substr(0, scheme.size()), scheme);
  };
  return starts("http://") || starts("https://");
}

check::PageSnapshot snapshot_input(const std::string& input, double timeout_seconds) {
  check::PageSnapshot page;
  if (is_url(input)) {
    pith::FetchOptions options;
    options.timeout_seconds = timeout_seconds;
    pith::FetchResult fetched = pith::fetch(input, options);
    page.bytes = std::move(fetched.body);
    page.url = fetched.final_url.empty() ? input : fetched.final_url;
    page.content_type = fetched.content_type;
  } else if (input == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    page.bytes = std::move(buffer).str();
  } else {
    std::error_code ec;
    if (fs::is_directory(input, ec))
      throw pith::Error(pith::ErrorCode::io_failed, input + " is a directory, not a file");
    page.bytes = check::read_file(input);
  }
  return page;
}

void print_created(const check::CreatedFixture& created) {
  std::cout << "created " << created.dir.string() << "/\n";
  for (const fs::path& file : created.files) {
    std::error_code ec;
    std::cout << fmt::format("  {:<14} {:>9} bytes\n", file.filename().string(), fs::file_size(file, ec));
  }
  std::cout << "\n" << check::format_table({created.result}) << "\n";
  std::cout << fmt::format(
      "expected.txt holds what pith extracts today: review it, and edit it to the ideal main text\n"
      "(then lower f1_floor in fixture.json to the F1 pith reaches). Add must_contain /\n"
      "must_not_contain snippets to fixture.json; expected.json pins the metadata fields it lists.\n"
      "Run: pith check {}\n",
      created.dir.string());
}

}  // namespace

int run_fixture(int argc, char** argv) {
  CLI::App app{"pith fixture: manage page fixtures for `pith check`"};
  app.name("pith fixture");
  app.formatter(usage_formatter(std::string(kFixtureSynopsis)));
  app.require_subcommand(1);
  CLI::App* create = app.add_subcommand("new", "Snapshot a page (URL, file or -) into a new fixture folder");
  std::string input, name, parent = "fixtures";
  check::PageSnapshot given;
  double timeout_seconds = 30;
  create->add_option("input", input, "http(s) URL to fetch, a file, or - for standard input")->required();
  create->add_option("--name", name, "The fixture's folder name (letters, digits, . _ -)")->required();
  create->add_option("--dir", parent, "Where the fixture folder is created")->capture_default_str();
  create->add_option("-u,--url", given.url, "The page's address, for a file (recorded in fixture.json)");
  create->add_option("-c,--charset", given.charset, "The page's charset, when it declares none (recorded)");
  create->add_option("--timeout", timeout_seconds, "Fetch timeout in seconds")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.footer(
      "Exit codes: 0 fixture created, 2 usage error (bad option or name), 3 input error (unreadable file,\n"
      "            not a page, fixture folder exists), 4-16 fetch errors as for `pith URL`.");

  if (auto exit_code = parse_arguments(app, argc, argv)) return *exit_code;
  if (!given.charset.empty() && !known_charset_or_report(given.charset, "pith fixture")) return kUsageError;
  if (!check::valid_fixture_name(name)) {
    std::cerr << fmt::format("pith fixture: invalid name \"{}\": use letters, digits, '.', '_' and '-'\n", name);
    return kUsageError;
  }

  try {
    check::PageSnapshot page = snapshot_input(input, timeout_seconds);
    if (!given.url.empty()) page.url = given.url;
    page.charset = given.charset;
    print_created(check::create_fixture(page, parent, name));
    return kContentFound;
  } catch (const pith::FetchError& e) {
    std::cerr << "pith fixture: " << e.what() << "\n";
    return fetch_exit_code(e.kind());  // the codes `pith URL` uses
  } catch (const pith::Error& e) {
    std::cerr << "pith fixture: " << e.what() << "\n";
    return e.code() == pith::ErrorCode::fetch_failed ? kFetchError : kInputError;
  } catch (const check::FixtureError& e) {
    std::cerr << "pith fixture: " << e.what() << "\n";
    return kInputError;
  }
}

}  // namespace pith::cli
