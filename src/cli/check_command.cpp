// `pith check DIR...`: fixture regression testing (issue 9; not yet built).
#include <iostream>

#include "cli/commands.hpp"

namespace pith::cli {

int run_check(int, char**) {
  std::cerr << "pith: `pith check` is not implemented yet\n";
  return kUsageError;
}

}  // namespace pith::cli
