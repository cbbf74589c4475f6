#include "warc/byte_stream.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "pith/pith.hpp"

namespace pith::warc {
namespace {

constexpr std::size_t kRawBuffer = 1u << 16;
constexpr std::size_t kOutBuffer = 1u << 18;
// The zstd WARC format (IIPC, "warc.zst") may start with a dictionary in a
// skippable frame of this magic; Common Crawl's dictionaries are ~100 KB.
constexpr std::uint32_t kZstdDictionaryMagic = 0x184D2A5D;
constexpr std::size_t kMaxDictionaryBytes = 64u << 20;

std::uint32_t read_le32(const char* p) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

}  // namespace

ByteStream::ByteStream(WarcReader::ReadFunction read)
    : read_(std::move(read)), raw_(kRawBuffer), out_(kOutBuffer) {}

ByteStream::~ByteStream() {
  if (zs_ready_) inflateEnd(&zs_);
  if (zstd_) ZSTD_freeDCtx(zstd_);
}

bool ByteStream::read_raw() {
  if (raw_done_) return false;
  if (raw_begin_ > 0) {  // keep unread bytes at the front
    std::memmove(raw_.data(), raw_.data() + raw_begin_, raw_end_ - raw_begin_);
    raw_end_ -= raw_begin_;
    raw_begin_ = 0;
  }
  if (raw_end_ == raw_.size()) raw_.resize(raw_.size() * 2);  // only while reading a dictionary
  std::size_t got = read_(raw_.data() + raw_end_, raw_.size() - raw_end_);
  if (got == 0) {
    raw_done_ = true;
    return false;
  }
  raw_end_ += got;
  return true;
}

void ByteStream::sniff() {
  sniffed_ = true;
  while (raw_end_ - raw_begin_ < 4 && read_raw()) {}
  std::size_t have = raw_end_ - raw_begin_;
  const char* head = raw_.data() + raw_begin_;
  std::uint32_t magic = have >= 4 ? read_le32(head) : 0;
  if (have >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b) {
    codec_ = Codec::gzip;
    if (inflateInit2(&zs_, 16 + MAX_WBITS) != Z_OK) throw Error(ErrorCode::io_failed, "cannot initialise zlib");
    zs_ready_ = true;
  } else if (magic == ZSTD_MAGICNUMBER || (magic & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START) {
    codec_ = Codec::zstd;
    zstd_ = ZSTD_createDCtx();
    if (!zstd_) throw Error(ErrorCode::io_failed, "cannot initialise zstd");
    if (magic == kZstdDictionaryMagic) load_zstd_dictionary();
  }
  member_starts_.emplace_back(0, raw_position_);
}

// The dictionary frame: magic, 32-bit size, then the dictionary, itself
// zstd-compressed or not.
void ByteStream::load_zstd_dictionary() {
  while (raw_end_ - raw_begin_ < 8 && read_raw()) {}
  if (raw_end_ - raw_begin_ < 8) throw Error(ErrorCode::io_failed, "zstd dictionary frame cut short");
  std::uint32_t size = read_le32(raw_.data() + raw_begin_ + 4);
  if (size > kMaxDictionaryBytes)
    throw Error(ErrorCode::io_failed, fmt::format("zstd dictionary of {} bytes is too large", size));
  while (raw_end_ - raw_begin_ < 8 + std::size_t{size} && read_raw()) {}
  if (raw_end_ - raw_begin_ < 8 + std::size_t{size})
    throw Error(ErrorCode::io_failed, "zstd dictionary frame cut short");
  const char* dict = raw_.data() + raw_begin_ + 8;
  std::string expanded;
  if (size >= 4 && read_le32(dict) == ZSTD_MAGICNUMBER) {
    unsigned long long content = ZSTD_getFrameContentSize(dict, size);
    if (content == ZSTD_CONTENTSIZE_UNKNOWN || content == ZSTD_CONTENTSIZE_ERROR || content > kMaxDictionaryBytes)
      throw Error(ErrorCode::io_failed, "zstd dictionary frame without a usable size");
    expanded.resize(content);
    std::size_t got = ZSTD_decompress(expanded.data(), expanded.size(), dict, size);
    if (ZSTD_isError(got)) throw Error(ErrorCode::io_failed, "corrupt zstd dictionary");
    expanded.resize(got);
  } else {
    expanded.assign(dict, size);
  }
  if (ZSTD_isError(ZSTD_DCtx_loadDictionary(zstd_, expanded.data(), expanded.size())))
    throw Error(ErrorCode::io_failed, "unusable zstd dictionary");
  raw_begin_ += 8 + std::size_t{size};
  raw_position_ += 8 + std::uint64_t{size};
  raw_.resize(std::max(kRawBuffer, raw_end_ - raw_begin_));
}

void ByteStream::member_ends(std::uint64_t uncompressed_end) {
  in_member_ = false;
  member_starts_.emplace_back(uncompressed_end, raw_position_);
}

bool ByteStream::inflate_some() {
  zs_.next_in = reinterpret_cast<Bytef*>(raw_.data() + raw_begin_);
  zs_.avail_in = static_cast<uInt>(raw_end_ - raw_begin_);
  zs_.next_out = reinterpret_cast<Bytef*>(out_.data());
  zs_.avail_out = static_cast<uInt>(out_.size());
  int rc = inflate(&zs_, Z_NO_FLUSH);
  std::size_t consumed = (raw_end_ - raw_begin_) - zs_.avail_in;
  raw_begin_ += consumed;
  raw_position_ += consumed;
  out_end_ = out_.size() - zs_.avail_out;
  produced_ += out_end_;
  if (rc == Z_STREAM_END) {
    // One member (usually one record) done; the next member starts afresh.
    inflateReset(&zs_);
    member_ends(produced_);
  } else if (rc == Z_OK || rc == Z_BUF_ERROR) {
    if (consumed > 0) in_member_ = true;
  } else {
    throw Error(ErrorCode::io_failed, fmt::format("corrupt gzip data near compressed byte {}: {}", raw_position_,
                                                  zs_.msg ? zs_.msg : "inflate failed"));
  }
  return out_end_ > 0;
}

bool ByteStream::unzstd_some() {
  ZSTD_inBuffer in{raw_.data() + raw_begin_, raw_end_ - raw_begin_, 0};
  ZSTD_outBuffer out{out_.data(), out_.size(), 0};
  std::size_t rc = ZSTD_decompressStream(zstd_, &out, &in);
  if (ZSTD_isError(rc))
    throw Error(ErrorCode::io_failed,
                fmt::format("corrupt zstd data near compressed byte {}: {}", raw_position_, ZSTD_getErrorName(rc)));
  raw_begin_ += in.pos;
  raw_position_ += in.pos;
  out_end_ = out.pos;
  produced_ += out_end_;
  if (rc == 0) {
    member_ends(produced_);  // a frame fully decoded and flushed
  } else if (in.pos > 0) {
    in_member_ = true;
  }
  return out_end_ > 0;
}

bool ByteStream::fill() {
  if (out_begin_ < out_end_) return true;
  out_begin_ = out_end_ = 0;
  if (!sniffed_) sniff();
  if (codec_ == Codec::plain) {
    if (raw_begin_ == raw_end_ && !read_raw()) return false;
    // Plain input: hand the raw buffer over as it is.
    std::swap(raw_, out_);
    out_begin_ = raw_begin_;
    out_end_ = raw_end_;
    produced_ += out_end_ - out_begin_;
    raw_.resize(kRawBuffer);
    raw_begin_ = raw_end_ = 0;
    return true;
  }
  while (true) {
    // A member can end without its last call producing output; give the
    // decoder one more turn before asking for input.
    if (raw_begin_ == raw_end_ && !in_member_ && !read_raw()) return false;
    if (raw_begin_ == raw_end_ && !read_raw()) {
      if (in_member_ && (codec_ == Codec::gzip ? inflate_some() : unzstd_some())) return true;
      cut_short_ = in_member_;
      return false;
    }
    if (codec_ == Codec::gzip ? inflate_some() : unzstd_some()) return true;
  }
}

std::optional<std::uint64_t> ByteStream::raw_offset_at(std::uint64_t position) {
  if (codec_ == Codec::plain) return position;
  // A member that ends exactly here may not have reported its end yet.
  if (position == position_ && out_begin_ == out_end_) fill();
  for (const auto& [start, raw] : member_starts_)
    if (start == position) return raw;
  return std::nullopt;
}

void ByteStream::forget_before(std::uint64_t position) {
  while (!member_starts_.empty() && member_starts_.front().first < position) member_starts_.pop_front();
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

std::optional<std::uint64_t> ByteStream::skip_past(std::string_view marker) {
  std::size_t matched = 0;
  while (fill()) {
    const char* p = out_.data() + out_begin_;
    const std::size_t avail = out_end_ - out_begin_;
    std::size_t i = 0;
    while (i < avail) {
      if (matched == 0) {
        const void* first = std::memchr(p + i, marker[0], avail - i);
        if (first == nullptr) {
          i = avail;
          break;
        }
        i = static_cast<std::size_t>(static_cast<const char*>(first) - p);
      }
      if (p[i] == marker[matched]) {
        ++i;
        if (++matched == marker.size()) {
          out_begin_ += i;
          position_ += i;
          return position_ - marker.size();
        }
      } else {
        matched = 0;  // p[i] is looked at again as a first byte
      }
    }
    out_begin_ += i;
    position_ += i;
  }
  return std::nullopt;
}

std::string ByteStream::read_while(std::string_view allowed, std::size_t max) {
  std::string out;
  while (out.size() < max && fill() && allowed.find(out_[out_begin_]) != std::string_view::npos) {
    out += out_[out_begin_++];
    ++position_;
  }
  return out;
}

bool ByteStream::skip_if(char c) {
  if (!fill() || out_[out_begin_] != c) return false;
  ++out_begin_;
  ++position_;
  return true;
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

void ByteStream::skip_newlines(std::size_t n) {
  while (n > 0 && fill()) {
    char c = out_[out_begin_];
    if (c != '\r' && c != '\n') return;
    ++out_begin_;
    ++position_;
    --n;
  }
}

}  // namespace pith::warc
