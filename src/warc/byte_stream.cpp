#include "warc/byte_stream.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "pith/pith.hpp"

namespace pith::warc {
namespace {

constexpr std::size_t kRawBuffer = 1u << 16;
constexpr std::size_t kOutBuffer = 1u << 18;

}  // namespace

ByteStream::ByteStream(WarcReader::ReadFunction read)
    : read_(std::move(read)), raw_(kRawBuffer), out_(kOutBuffer) {}

ByteStream::~ByteStream() {
  if (zs_ready_) inflateEnd(&zs_);
}

bool ByteStream::read_raw() {
  if (raw_done_) return false;
  if (raw_begin_ > 0) {  // keep unread bytes at the front
    std::memmove(raw_.data(), raw_.data() + raw_begin_, raw_end_ - raw_begin_);
    raw_end_ -= raw_begin_;
    raw_begin_ = 0;
  }
  std::size_t got = read_(raw_.data() + raw_end_, raw_.size() - raw_end_);
  if (got == 0) {
    raw_done_ = true;
    return false;
  }
  raw_end_ += got;
  return true;
}

bool ByteStream::fill() {
  if (out_begin_ < out_end_) return true;
  out_begin_ = out_end_ = 0;
  if (!sniffed_) {
    // The gzip magic decides the mode; a WARC file starts with "WARC/".
    while (raw_end_ - raw_begin_ < 2 && read_raw()) {}
    sniffed_ = true;
    gzip_ = raw_end_ - raw_begin_ >= 2 && static_cast<unsigned char>(raw_[raw_begin_]) == 0x1f &&
            static_cast<unsigned char>(raw_[raw_begin_ + 1]) == 0x8b;
    if (gzip_) {
      if (inflateInit2(&zs_, 16 + MAX_WBITS) != Z_OK)
        throw Error(ErrorCode::io_failed, "cannot initialise zlib");
      zs_ready_ = true;
    }
  }
  if (!gzip_) {
    if (raw_begin_ == raw_end_ && !read_raw()) return false;
    // Plain input: hand the raw buffer over as it is.
    std::swap(raw_, out_);
    out_begin_ = raw_begin_;
    out_end_ = raw_end_;
    raw_.resize(kRawBuffer);
    raw_begin_ = raw_end_ = 0;
    return true;
  }
  while (true) {
    if (raw_begin_ == raw_end_ && !read_raw()) {
      cut_short_ = in_member_;
      return false;
    }
    zs_.next_in = reinterpret_cast<Bytef*>(raw_.data() + raw_begin_);
    zs_.avail_in = static_cast<uInt>(raw_end_ - raw_begin_);
    zs_.next_out = reinterpret_cast<Bytef*>(out_.data());
    zs_.avail_out = static_cast<uInt>(out_.size());
    int rc = inflate(&zs_, Z_NO_FLUSH);
    std::size_t consumed = (raw_end_ - raw_begin_) - zs_.avail_in;
    raw_begin_ += consumed;
    raw_position_ += consumed;
    out_end_ = out_.size() - zs_.avail_out;
    if (rc == Z_STREAM_END) {
      // One member (usually one record) done; the next member starts afresh.
      inflateReset(&zs_);
      in_member_ = false;
    } else if (rc == Z_OK || rc == Z_BUF_ERROR) {
      if (consumed > 0) in_member_ = true;
    } else {
      throw Error(ErrorCode::io_failed,
                  fmt::format("corrupt gzip data near compressed byte {}: {}", raw_position_,
                              zs_.msg ? zs_.msg : "inflate failed"));
    }
    if (out_end_ > 0) return true;
  }
}

bool ByteStream::read_line(std::string& line, std::size_t max_length) {
  line.clear();
  bool any = false;
  while (fill()) {
    any = true;
    const char* begin = out_.data() + out_begin_;
    std::size_t avail = out_end_ - out_begin_;
    const char* nl = static_cast<const char*>(std::memchr(begin, '\n', avail));
    std::size_t take = nl ? static_cast<std::size_t>(nl - begin) + 1 : avail;
    if (line.size() < max_length) line.append(begin, std::min(take, max_length - line.size()));
    out_begin_ += take;
    position_ += take;
    if (nl) break;
  }
  if (!line.empty() && line.back() == '\n') line.pop_back();
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

std::uint64_t ByteStream::read(std::string& out, std::uint64_t n) {
  std::uint64_t done = 0;
  while (done < n && fill()) {
    std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, out_end_ - out_begin_));
    out.append(out_.data() + out_begin_, take);
    out_begin_ += take;
    done += take;
  }
  position_ += done;
  return done;
}

std::uint64_t ByteStream::skip(std::uint64_t n) {
  std::uint64_t done = 0;
  while (done < n && fill()) {
    std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(n - done, out_end_ - out_begin_));
    out_begin_ += take;
    done += take;
  }
  position_ += done;
  return done;
}

}  // namespace pith::warc
