#include "check/gzip.hpp"

#include <zlib.h>

#include <stdexcept>
#include <string>

namespace pith::check {

std::string gunzip(std::string_view compressed, std::size_t max_bytes) {
  if (compressed.size() > 0xFFFFFFFFu) throw std::runtime_error("gzip: input larger than 4 GiB");
  z_stream stream{};
  // 16 + MAX_WBITS: expect a gzip header and trailer (and check its CRC).
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw std::runtime_error("zlib: cannot start inflating");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());

  std::string out;
  char chunk[64 * 1024];
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      std::string reason = status == Z_BUF_ERROR ? "truncated data" : (stream.msg ? stream.msg : "corrupt data");
      inflateEnd(&stream);
      throw std::runtime_error("gzip: " + reason);
    }
    out.append(chunk, sizeof chunk - stream.avail_out);
    if (out.size() > max_bytes) {
      inflateEnd(&stream);
      throw std::runtime_error("gzip: the page inflates to more than " + std::to_string(max_bytes) + " bytes");
    }
  }
  inflateEnd(&stream);
  return out;
}

}  // namespace pith::check
