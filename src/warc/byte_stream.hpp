// A buffered, forward-only byte stream over a raw input that may be gzip
// compressed: the WARC reader's only view of the file. Memory stays at two
// fixed buffers whatever the file size.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pith/warc.hpp"

namespace pith::warc {

class ByteStream {
 public:
  explicit ByteStream(WarcReader::ReadFunction read);
  ~ByteStream();
  ByteStream(const ByteStream&) = delete;
  ByteStream& operator=(const ByteStream&) = delete;

  // Reads one line into `line` without its "\n" / "\r\n". A line longer than
  // `max_length` is consumed to its end but only its first `max_length` bytes
  // are kept. False when the stream is at its end.
  bool read_line(std::string& line, std::size_t max_length);
  // Appends up to `n` bytes to `out`; returns how many (fewer only at the end).
  std::uint64_t read(std::string& out, std::uint64_t n);
  // Discards up to `n` bytes; returns how many (fewer only at the end).
  std::uint64_t skip(std::uint64_t n);

  // Uncompressed bytes consumed so far.
  std::uint64_t position() const { return position_; }
  bool compressed() const { return gzip_; }
  // The compressed input ended inside a gzip member.
  bool cut_short() const { return cut_short_; }

 private:
  // Makes buffered bytes available; false at the end of the stream.
  bool fill();
  bool read_raw();  // refills raw_ from the read function; false at its end

  WarcReader::ReadFunction read_;
  std::vector<char> raw_;  // compressed input (or the plain input itself)
  std::size_t raw_begin_ = 0, raw_end_ = 0;
  std::vector<char> out_;  // inflated bytes
  std::size_t out_begin_ = 0, out_end_ = 0;
  z_stream zs_{};
  bool sniffed_ = false, gzip_ = false, zs_ready_ = false;
  bool in_member_ = false, raw_done_ = false, cut_short_ = false;
  std::uint64_t position_ = 0;
  std::uint64_t raw_position_ = 0;
};

}  // namespace pith::warc
