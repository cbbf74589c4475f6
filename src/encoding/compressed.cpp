#include "encoding/compressed.hpp"

#include <brotli/decode.h>
#include <fmt/format.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>

namespace pith::encoding {

bool inflate_all(std::string_view in, Deflate format, std::size_t max_out, std::string& out, std::string& error,
                 bool* cut_short) {
  if (cut_short) *cut_short = false;
  const int window_bits = format == Deflate::gzip ? 16 + MAX_WBITS : format == Deflate::zlib ? MAX_WBITS : -MAX_WBITS;
  out.clear();
  z_stream zs{};
  if (inflateInit2(&zs, window_bits) != Z_OK) {
    error = "cannot initialise zlib";
    return false;
  }
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  char buffer[1 << 16];
  bool ok = true;
  while (true) {
    zs.next_out = reinterpret_cast<Bytef*>(buffer);
    zs.avail_out = sizeof buffer;
    int rc = inflate(&zs, Z_NO_FLUSH);
    std::size_t produced = sizeof buffer - zs.avail_out;
    if (out.size() + produced > max_out) {
      error = fmt::format("body larger than {} bytes once decompressed", max_out);
      ok = false;
      break;
    }
    out.append(buffer, produced);
    if (rc == Z_STREAM_END) {
      if (zs.avail_in == 0) break;
      inflateReset(&zs);
      continue;
    }
    if (rc == Z_BUF_ERROR || (rc == Z_OK && zs.avail_in == 0 && produced == 0)) {  // cut short: keep what arrived
      if (cut_short) *cut_short = true;
      break;
    }
    if (rc != Z_OK) {
      error = fmt::format("corrupt compressed body: {}", zs.msg ? zs.msg : "inflate failed");
      ok = false;
      break;
    }
  }
  inflateEnd(&zs);
  return ok;
}

bool is_gzip(std::string_view s) noexcept {
  return s.size() >= 2 && static_cast<unsigned char>(s[0]) == 0x1f &&
         static_cast<unsigned char>(s[1]) == 0x8b;
}

bool is_zlib(std::string_view s) noexcept {
  if (s.size() < 2) return false;
  unsigned cmf = static_cast<unsigned char>(s[0]), flg = static_cast<unsigned char>(s[1]);
  return (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
}

bool unbrotli_all(std::string_view in, std::size_t max_out, std::string& out, std::string& error) {
  out.clear();
  BrotliDecoderState* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
  if (!state) {
    error = "cannot initialise brotli";
    return false;
  }
  const auto* next_in = reinterpret_cast<const std::uint8_t*>(in.data());
  std::size_t avail_in = in.size();
  char buffer[1 << 16];
  bool ok = true;
  while (true) {
    auto* next_out = reinterpret_cast<std::uint8_t*>(buffer);
    std::size_t avail_out = sizeof buffer;
    BrotliDecoderResult rc = BrotliDecoderDecompressStream(state, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    std::size_t produced = sizeof buffer - avail_out;
    if (out.size() + produced > max_out) {
      out.append(buffer, max_out - out.size());
      error = fmt::format("body larger than {} bytes once decompressed", max_out);
      ok = false;
      break;
    }
    out.append(buffer, produced);
    if (rc == BROTLI_DECODER_RESULT_SUCCESS || rc == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) break;  // cut short: keep what arrived
    if (rc == BROTLI_DECODER_RESULT_ERROR) {
      error = fmt::format("corrupt brotli body: {}",
                          BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state)));
      ok = false;
      break;
    }
  }
  BrotliDecoderDestroyInstance(state);
  return ok;
}

bool is_zstd(std::string_view s) noexcept {
  return s.size() >= 4 && static_cast<unsigned char>(s[0]) == 0x28 && static_cast<unsigned char>(s[1]) == 0xb5 &&
         static_cast<unsigned char>(s[2]) == 0x2f && static_cast<unsigned char>(s[3]) == 0xfd;
}

bool unzstd_all(std::string_view in, std::size_t max_out, std::string& out, std::string& error) {
  out.clear();
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  if (!dctx) {
    error = "cannot initialise zstd";
    return false;
  }
  ZSTD_inBuffer input{in.data(), in.size(), 0};
  char buffer[1 << 16];
  bool ok = true;
  while (true) {
    ZSTD_outBuffer output{buffer, sizeof buffer, 0};
    std::size_t rc = ZSTD_decompressStream(dctx, &output, &input);
    if (ZSTD_isError(rc)) {
      error = fmt::format("corrupt zstd body: {}", ZSTD_getErrorName(rc));
      ok = false;
      break;
    }
    if (out.size() + output.pos > max_out) {
      out.append(buffer, max_out - out.size());
      error = fmt::format("body larger than {} bytes once decompressed", max_out);
      ok = false;
      break;
    }
    out.append(buffer, output.pos);
    // Done, or the input is used up and nothing more comes out (cut short: keep what arrived).
    if ((rc == 0 && input.pos == input.size) || (input.pos == input.size && output.pos < sizeof buffer)) break;
  }
  ZSTD_freeDCtx(dctx);
  return ok;
}

bool over_limit(std::string_view error) noexcept { return error.find("larger than") != std::string_view::npos; }

const char* unpack_page(std::string_view in, bool looks_binary, std::size_t max_out, std::string& out,
                        std::string& error) {
  // A decoder the magic number names: its error is the input's.
  auto named = [&](const char* name, bool decoded) -> const char* {
    if (decoded && error.empty() && !out.empty()) return name;
    if (error.empty()) error = "it decodes to nothing";
    return nullptr;
  };
  if (is_gzip(in)) return named("gzip", inflate_all(in, Deflate::gzip, max_out, out, error));
  if (is_zstd(in)) return named("zstd", unzstd_all(in, max_out, out, error));
  if (!looks_binary) return nullptr;  // text: a page as it is
  // No magic number, or a weak one: a decoder that fails says only that the
  // bytes were not its format; one that would exceed the limit, that they were.
  std::string ignored;
  auto tried = [&](const char* name, bool decoded) -> const char* {
    if (decoded && ignored.empty() && !out.empty()) return name;
    if (over_limit(ignored)) error = ignored;
    out.clear();
    return nullptr;
  };
  if (is_zlib(in)) {
    if (const char* name = tried("zlib", inflate_all(in, Deflate::zlib, max_out, out, ignored))) return name;
    if (!error.empty()) return nullptr;
    ignored.clear();
  }
  return tried("brotli", unbrotli_all(in, max_out, out, ignored));
}

}  // namespace pith::encoding
