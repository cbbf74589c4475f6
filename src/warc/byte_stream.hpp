// A buffered, forward-only byte stream over a raw input that may be gzip or
// zstd compressed: the WARC reader's only view of the file. Memory stays at
// two fixed buffers (and a zstd dictionary, when the file carries one)
// whatever the file size.
#pragma once

#include <zlib.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
  // Discards CR and LF bytes, at most `n`, stopping at any other byte.
  void skip_newlines(std::size_t n);
  // Discards bytes through the next occurrence of `marker`, which may span
  // buffers; returns the position where it started, nullopt (all consumed)
  // when the stream ends first. `marker`'s first byte must occur nowhere else
  // in it (a failed partial match then never hides a match). Linear.
  std::optional<std::uint64_t> skip_past(std::string_view marker);
  // Consumes and returns the bytes that follow while they are among
  // `allowed`, at most `max`.
  std::string read_while(std::string_view allowed, std::size_t max);
  // Consumes the next byte if it is `c`.
  bool skip_if(char c);

  // Uncompressed bytes consumed so far.
  std::uint64_t position() const { return position_; }
  // Where, in the raw (compressed) input, the gzip member or zstd frame that
  // starts at uncompressed `position` begins; nullopt when no member starts
  // there. For plain input, `position` itself. Looks ahead in the input when
  // `position` is the current position, so that a member ending there is seen.
  std::optional<std::uint64_t> raw_offset_at(std::uint64_t position);
  // Member starts before `position` are no longer asked for.
  void forget_before(std::uint64_t position);

  enum class Codec { plain, gzip, zstd };
  Codec codec() const { return codec_; }
  bool compressed() const { return codec_ != Codec::plain; }
  // The compressed input ended inside a gzip member or zstd frame.
  bool cut_short() const { return cut_short_; }

 private:
  // Makes buffered bytes available; false at the end of the stream.
  bool fill();
  bool read_raw();  // refills raw_ from the read function; false at its end
  void sniff();
  void load_zstd_dictionary();
  bool inflate_some();  // gzip: true when output was produced
  bool unzstd_some();   // zstd: true when output was produced
  void member_ends(std::uint64_t uncompressed_end);

  WarcReader::ReadFunction read_;
  std::vector<char> raw_;  // compressed input (or the plain input itself)
  std::size_t raw_begin_ = 0, raw_end_ = 0;
  std::vector<char> out_;  // decompressed bytes
  std::size_t out_begin_ = 0, out_end_ = 0;
  z_stream zs_{};
  ZSTD_DCtx* zstd_ = nullptr;
  Codec codec_ = Codec::plain;
  bool sniffed_ = false, zs_ready_ = false;
  bool in_member_ = false, raw_done_ = false, cut_short_ = false;
  std::uint64_t position_ = 0;      // uncompressed bytes consumed by the caller
  std::uint64_t produced_ = 0;      // uncompressed bytes decoded so far
  std::uint64_t raw_position_ = 0;  // raw bytes decoded so far
  // (uncompressed position, raw offset) of each member start not yet forgotten.
  std::deque<std::pair<std::uint64_t, std::uint64_t>> member_starts_;
};

}  // namespace pith::warc
