// pith — the command-line tool. Dispatches to one command per file
// (see commands.hpp); the default command extracts pages.
#include <cstring>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "check") == 0) return pith::cli::run_check(argc - 1, argv + 1);
  if (argc > 1 && std::strcmp(argv[1], "fixture") == 0)
    return pith::cli::run_fixture(argc - 1, argv + 1);
  return pith::cli::run_extract(argc, argv);
}
