// `pith --help`, `pith help [COMMAND]` and the short usage.
#include "cli/help.hpp"

#include <iostream>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"

namespace pith::cli {

const std::string_view kCheckSynopsis = "pith check DIR... [OPTIONS]";
const std::string_view kFixtureSynopsis = "pith fixture new URL|FILE|- --name NAME [OPTIONS]";

std::string extract_synopsis() {
  std::string synopsis;
  for (std::string_view line : {std::string_view("pith [OPTIONS] [URL|FILE|-]"),
                                std::string_view("pith --batch FILE|- [OPTIONS]"),
                                std::string_view("pith --warc FILE... [OPTIONS]"), kCheckSynopsis,
                                kFixtureSynopsis, std::string_view("pith help [COMMAND]")})
    synopsis.append(synopsis.empty() ? "" : "\n       ").append(line);
  return synopsis;
}

namespace {

class FixedUsage : public CLI::Formatter {
 public:
  explicit FixedUsage(std::string synopsis) : usage_("Usage: " + synopsis + "\n") {}
  std::string make_usage(const CLI::App*, std::string) const override { return usage_; }

 private:
  std::string usage_;
};

struct Command {
  std::string_view name;
  RunCommand run;
};

// The commands that have a help of their own (`pith help NAME`).
const Command kCommands[] = {{"check", run_check}, {"fixture", run_fixture}};

std::string command_names() {
  std::string names;
  for (const Command& command : kCommands) names += (names.empty() ? "" : ", ") + std::string(command.name);
  return names;
}

}  // namespace

std::shared_ptr<CLI::Formatter> usage_formatter(std::string synopsis) {
  return std::make_shared<FixedUsage>(std::move(synopsis));
}

std::string extract_help_footer() {
  return "Commands:\n"
         "  pith check DIR...          check extraction against page fixtures (pith help check)\n"
         "  pith fixture new INPUT     snapshot a page as a fixture (pith help fixture)\n"
         "  pith help [COMMAND]        this help, or a command's\n"
         "\n"
         "Examples:\n"
         "  pith page.html                              the main text of a saved page\n"
         "  pith https://example.org/news/1 -f markdown fetch a page, Markdown out\n"
         "  curl -s https://example.org/a | pith - -u https://example.org/a -f json\n"
         "  pith --batch urls.txt > out.jsonl           URLs or files, one per line: JSON Lines\n"
         "  pith --warc crawl.warc.gz > out.jsonl       every HTML response of a WARC file\n"
         "  pith check fixtures/                        run the page fixtures under fixtures/\n"
         "\n"
         "Exit codes: 0 main content found, 1 no main content, 2 usage error,\n"
         "            3 input error (unreadable, empty, binary, too large),\n"
         "            fetch errors: 4 network (reset, other), 5 bad URL/scheme, 6 DNS, 7 connection refused,\n"
         "            8 timeout, 9 TLS, 10 HTTP status >= 400, 11 too large, 12 redirect loop,\n"
         "            13 truncated body, 14 not HTML, 15 robots.txt, 16 private address;\n"
         "            --batch: 0 when every input has its record, 130 interrupted (SIGINT).\n"
         "Manual: man pith; docs/cli.md.";
}

void print_short_usage() {
  std::cerr << "Usage: " << extract_synopsis() << "\n"
            << "pith reads a page from a URL, a file or standard input (-) and prints its main content.\n"
               "Try: pith page.html, pith https://example.org/, or pith --help for every option.\n";
}

int run_help(int argc, char** argv) {
  if (argc < 2) {
    char help_flag[] = "--help";
    char program[] = "pith";
    char* args[] = {program, help_flag, nullptr};
    return run_extract(2, args);
  }
  const std::string_view wanted = argv[1];
  for (const Command& command : kCommands) {
    if (wanted != command.name) continue;
    // `pith help fixture new` is `pith fixture new --help`.
    std::vector<char*> args(argv + 1, argv + argc);
    static char help_flag[] = "--help";
    args.push_back(help_flag);
    args.push_back(nullptr);
    return command.run(static_cast<int>(args.size()) - 1, args.data());
  }
  std::cerr << "pith help: unknown command " << wanted << " (commands: " << command_names()
            << "; pith --help for the rest)\n";
  return kUsageError;
}

RunCommand find_command(std::string_view name) {
  if (name == "help") return run_help;
  for (const Command& command : kCommands)
    if (name == command.name) return command.run;
  return nullptr;
}

}  // namespace pith::cli
