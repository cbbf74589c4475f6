// What `pith --help`, `pith help [COMMAND]` and a bare `pith` on a terminal
// print: the usage lines, the commands and examples (help.cpp).
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace pith::cli {

// Each command's synopsis: `pith help COMMAND` shows its own, `pith --help`
// and the short usage all of them (extract_synopsis).
extern const std::string_view kCheckSynopsis;
extern const std::string_view kFixtureSynopsis;
std::string extract_synopsis();

// A CLI11 formatter whose usage is "Usage: " and `synopsis` (CLI11 would print
// the program's path and its own names for the positionals).
std::shared_ptr<CLI::Formatter> usage_formatter(std::string synopsis);

// The end of `pith --help`: the other commands, examples, exit codes.
std::string extract_help_footer();

// The short usage on stderr, for `pith` run on a terminal without an input.
void print_short_usage();

// `pith help [COMMAND [SUBCOMMAND]]`: argv[0] is "help".
int run_help(int argc, char** argv);

// The command named by pith's first argument (check, fixture, help), or
// nullptr: the arguments are then the extract command's.
using RunCommand = int (*)(int argc, char** argv);  // argv[0] is the command's name
RunCommand find_command(std::string_view name);

}  // namespace pith::cli
