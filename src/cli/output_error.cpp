// Failed writes to standard output: a reader that went away (EPIPE) is not
// an error worth a message; anything else (disk full...) is.
#include <cerrno>
#include <cstring>
#include <iostream>

#include "cli/commands.hpp"

namespace pith::cli {

int output_failure(int err) {
  if (err == EPIPE) return kOutputClosed;
  std::cerr << "pith: cannot write the output: " << std::strerror(err) << "\n";
  return kInputError;
}

}  // namespace pith::cli
