#include "discover/source_bytes.hpp"

#include <algorithm>
#include <string>

#include "pith/discover.hpp"

namespace pith::discover {

SourceBytes::SourceBytes(std::string_view bytes) : input_(bytes) {
  gzip_ = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
          static_cast<unsigned char>(bytes[1]) == 0x8b;
  if (!gzip_) return;
  // 16 + MAX_WBITS: a gzip header and trailer, CRC checked.
  if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK)
    throw Error(ErrorCode::bad_source, "zlib: cannot start inflating");
  stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream_.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size(), 0xFFFFFFFFu));
}

SourceBytes::~SourceBytes() {
  if (gzip_) inflateEnd(&stream_);
}

std::size_t SourceBytes::read(char* out, std::size_t size) {
  std::size_t n = 0;
  if (!gzip_) {
    n = std::min(size, input_.size() - offset_);
    std::copy_n(input_.data() + offset_, n, out);
    offset_ += n;
  } else if (!ended_) {
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, 1u << 20));
    const uInt asked = stream_.avail_out;
    const int status = inflate(&stream_, Z_NO_FLUSH);
    if (status == Z_STREAM_END) {
      ended_ = true;
    } else if (status != Z_OK) {
      const char* why = status == Z_BUF_ERROR ? "truncated data" : stream_.msg ? stream_.msg : "corrupt data";
      throw Error(ErrorCode::bad_source, std::string("gzip: ") + why);
    }
    n = asked - stream_.avail_out;
  }
  produced_ += n;
  if (produced_ > kMaxSourceBytes)
    throw Error(ErrorCode::input_too_large,
                "the document is larger than " + std::to_string(kMaxSourceBytes) + " bytes (inflated)");
  return n;
}

}  // namespace pith::discover
