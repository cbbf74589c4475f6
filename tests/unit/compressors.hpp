// Compressors for tests that need compressed bytes to read: gzip, zlib,
// zstd (with an optional dictionary) and brotli, by the libraries' own
// encoders (libbrotlienc is a test-only dependency).
#pragma once

#include <brotli/encode.h>
#include <doctest/doctest.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace pith::test {

// window_bits: 16 + MAX_WBITS writes gzip, MAX_WBITS zlib.
inline std::string deflated(std::string_view data, int window_bits) {
  z_stream zs{};
  REQUIRE(deflateInit2(&zs, 6, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&zs, data.size()) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&zs, Z_FINISH) == Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

inline std::string gzip(std::string_view data) { return deflated(data, 16 + MAX_WBITS); }
inline std::string zlib(std::string_view data) { return deflated(data, MAX_WBITS); }

inline std::string zstd(std::string_view data, std::string_view dictionary = {}) {
  std::string out(ZSTD_compressBound(data.size()), '\0');
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  std::size_t n = ZSTD_compress_usingDict(cctx, out.data(), out.size(), data.data(), data.size(),
                                          dictionary.data(), dictionary.size(), 3);
  ZSTD_freeCCtx(cctx);
  REQUIRE_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

inline std::string brotli(std::string_view data) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  std::string out(size, '\0');
  REQUIRE(BrotliEncoderCompress(BROTLI_DEFAULT_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                                reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                                reinterpret_cast<std::uint8_t*>(out.data())));
  out.resize(size);
  return out;
}

}  // namespace pith::test
