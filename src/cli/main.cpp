// pith — the command-line tool. Dispatches to one command per file
// (see commands.hpp); the default command extracts pages.
#include <csignal>

#include "cli/commands.hpp"
#include "cli/help.hpp"

int main(int argc, char** argv) {
  // A closed stdout (`pith page | head`) must end the run with a documented
  // exit code, not kill it: writes then fail with EPIPE (output_failure).
  std::signal(SIGPIPE, SIG_IGN);
  if (argc > 1)
    if (pith::cli::RunCommand run = pith::cli::find_command(argv[1])) return run(argc - 1, argv + 1);
  return pith::cli::run_extract(argc, argv);
}
