// The CLI's commands. main.cpp dispatches on the first argument:
//
//   pith [OPTIONS] [URL|FILE|-]      extract one page (extract_command.cpp)
//   pith --batch FILE|- [OPTIONS]    many inputs, JSON Lines out (batch_command.cpp)
//   pith check DIR... [OPTIONS]      fixture regression (check_command.cpp)
//   pith fixture new URL|FILE ...    snapshot a page as a fixture (fixture_command.cpp)
//
// Each command parses its own arguments and returns the process exit code.
#pragma once

namespace pith::cli {

// Exit codes shared by every command (README, "Exit codes").
enum Exit : int {
  kContentFound = 0,
  kNoMainContent = 1,  // also: `pith check` found a failing fixture
  kUsageError = 2,
  kInputError = 3,
  kFetchError = 4,
};

int run_extract(int argc, char** argv);
int run_check(int argc, char** argv);    // argv[0] is "check"
int run_fixture(int argc, char** argv);  // argv[0] is "fixture"

}  // namespace pith::cli
