#include "check/gzip.hpp"

#include <stdexcept>
#include <string>

namespace pith::check {

std::string gunzip(std::string_view compressed, std::size_t max_bytes) {
  // zlib counts its input in 32 bits.
  if (compressed.size() > 0xFFFFFFFFu) throw std::runtime_error("gzip: input larger than 4 GiB");
  std::string out, error;
  bool cut_short = false;
  if (!encoding::inflate_all(compressed, encoding::Deflate::gzip, max_bytes, out, error, &cut_short))
    throw std::runtime_error("gzip: " + error);
  // A stored page is whole or broken: what a transfer cut short still reads
  // is a fixture that says less than it should.
  if (cut_short) throw std::runtime_error("gzip: truncated data");
  return out;
}

}  // namespace pith::check
