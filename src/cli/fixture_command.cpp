// `pith fixture new URL|FILE --name NAME`: snapshot a page as a fixture (issue 9; not yet built).
#include <iostream>

#include "cli/commands.hpp"

namespace pith::cli {

int run_fixture(int, char**) {
  std::cerr << "pith: `pith fixture` is not implemented yet\n";
  return kUsageError;
}

}  // namespace pith::cli
