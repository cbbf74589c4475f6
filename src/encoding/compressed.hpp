// Compressed bytes, before anything reads them as text: the content codings of
// HTTP (gzip, deflate, br, zstd) as WARC records carry them, and pages a
// crawler stored as they came off the wire (the Content-Encoding gone with
// the headers). zlib, libbrotlidec and libzstd do the decoding; this says
// which one applies and holds each to a limit on what it may produce.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pith::encoding {

// What the bytes start with: gzip's and zstd's magic numbers, and a zlib
// stream's header (whose 16-bit value is a multiple of 31). Brotli has no
// magic number.
bool is_gzip(std::string_view bytes) noexcept;
bool is_zlib(std::string_view bytes) noexcept;
bool is_zstd(std::string_view bytes) noexcept;

// Each decoder writes `in` decoded into `out` and returns false with
// `error` set when the data is corrupt, or would decode to more than
// `max_out` bytes (`out` then holds what came before the limit, and
// over_limit(error) is true). Data cut short keeps what arrived, without an
// error (a body cut in transfer is still read); `cut_short`, when given, says
// whether it was.

// gzip (every member of a multi-member file), zlib or raw deflate.
enum class Deflate { gzip, zlib, raw };
bool inflate_all(std::string_view in, Deflate format, std::size_t max_out, std::string& out, std::string& error,
                 bool* cut_short = nullptr);
bool unbrotli_all(std::string_view in, std::size_t max_out, std::string& out, std::string& error);
bool unzstd_all(std::string_view in, std::size_t max_out, std::string& out, std::string& error);

// A page given as its compressed bytes: gzip or zstd (by magic number), zlib
// (by header), or brotli (tried on `looks_binary` input, which no page's
// text is). Returns the coding's name ("gzip", "zlib", "zstd", "brotli")
// with the page in `out`, or nullptr when the input is not compressed data
// any decoder takes (`error` says why a decoder its magic number named
// refused it, or that it decoded to more than `max_out`).
const char* unpack_page(std::string_view in, bool looks_binary, std::size_t max_out, std::string& out,
                        std::string& error);

// Whether `error` (from the functions above) says the data decoded to more
// than its limit: an input too large, not a corrupt one.
bool over_limit(std::string_view error) noexcept;

}  // namespace pith::encoding
