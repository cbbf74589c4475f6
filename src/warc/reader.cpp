// WARC record framing: version line, "Name: value" headers, a blank line, a
// content block of exactly Content-Length bytes, then a blank line or two.
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "pith/pith.hpp"
#include "pith/warc.hpp"
#include "text/ascii.hpp"
#include "warc/byte_stream.hpp"

namespace pith {
namespace {

// Longer header lines are cut (a record's header is a few hundred bytes).
constexpr std::size_t kMaxLine = 64u << 10;
// A header block this large is garbage, not a record.
constexpr std::size_t kMaxHeaderBytes = 1u << 20;

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool parse_length(std::string_view s, std::uint64_t& out) {
  if (s.empty()) return false;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f && f != stdin) std::fclose(f);
  }
};

}  // namespace

std::string_view WarcRecord::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (text::iequals_ascii(key, name)) return value;
  return {};
}

struct WarcReader::Impl {
  Impl(ReadFunction read, WarcReaderOptions opts) : options(opts), stream(std::move(read)) {}

  WarcReaderOptions options;
  std::unique_ptr<std::FILE, FileCloser> file;  // set by the path constructor
  warc::ByteStream stream;
  std::string line;
  bool has_pending = false;  // a version line met while skipping garbage
  std::string pending_version;
  std::uint64_t pending_offset = 0;
  bool ended = false;

  // Skips lines up to the next one that starts a record; the record that
  // called this reports the skipped bytes as malformed.
  void resync(WarcRecord& record, std::string why) {
    while (true) {
      std::uint64_t at = stream.position();
      if (!stream.read_line(line, kMaxLine)) {
        ended = true;
        break;
      }
      if (starts_with(line, "WARC/1.")) {
        has_pending = true;
        pending_version = line;
        pending_offset = at;
        break;
      }
    }
    std::uint64_t stop = has_pending ? pending_offset : stream.position();
    record.status = WarcRecord::Status::malformed;
    record.error = fmt::format("{}; skipped {} bytes at offset {}", why, stop - record.offset,
                               record.offset);
  }

  bool next(WarcRecord& record) {
    bool more = read_record(record);
    if (more) locate(record);
    return more;
  }

  // The record's bytes in the file as stored (WarcRecord::file_offset); the
  // blank lines that end a record belong to it, as they do to its gzip member.
  void locate(WarcRecord& record) {
    record.has_file_range = false;
    record.file_offset = record.file_length = 0;
    // After skipping garbage, the next record's version line is read already.
    if (!has_pending) stream.skip_newlines(4);
    std::uint64_t stop = has_pending ? pending_offset : stream.position();
    std::optional<std::uint64_t> begin = stream.raw_offset_at(record.offset);
    std::optional<std::uint64_t> end = stream.raw_offset_at(stop);
    stream.forget_before(stop);
    if (!begin || !end || *end < *begin) return;
    record.has_file_range = true;
    record.file_offset = *begin;
    record.file_length = *end - *begin;
  }

  bool read_record(WarcRecord& record) {
    record.version.clear();
    record.headers.clear();
    record.block.clear();
    record.content_length = 0;
    record.status = WarcRecord::Status::ok;
    record.error.clear();
    if (ended && !has_pending) return false;

    if (has_pending) {
      has_pending = false;
      record.version = std::move(pending_version);
      record.offset = pending_offset;
    } else {
      do {  // records are separated by blank lines
        record.offset = stream.position();
        if (!stream.read_line(line, kMaxLine)) {
          ended = true;
          return false;
        }
      } while (line.empty());
      if (!starts_with(line, "WARC/")) {
        resync(record, "not a WARC record (no WARC/ version line)");
        return true;
      }
      record.version = line;
    }

    std::size_t header_bytes = 0;
    while (true) {
      if (!stream.read_line(line, kMaxLine)) {
        ended = true;
        record.status = WarcRecord::Status::truncated;
        record.error = fmt::format("the input ends inside the header of the record at offset {}",
                                   record.offset);
        return true;
      }
      if (line.empty()) break;
      header_bytes += line.size();
      if (header_bytes > kMaxHeaderBytes) {
        resync(record, "record header larger than 1 MiB");
        return true;
      }
      if ((line[0] == ' ' || line[0] == '\t') && !record.headers.empty()) {
        record.headers.back().second += ' ';  // folded continuation line
        record.headers.back().second += trim(line);
        continue;
      }
      std::size_t colon = line.find(':');
      if (colon == std::string::npos) continue;  // not a header; tolerated
      std::string_view view = line;
      record.headers.emplace_back(std::string(trim(view.substr(0, colon))),
                                  std::string(trim(view.substr(colon + 1))));
    }

    if (!parse_length(record.header("Content-Length"), record.content_length)) {
      resync(record, "record without a valid Content-Length");
      return true;
    }
    std::uint64_t length = record.content_length;
    if (length > options.max_record_bytes) {
      std::uint64_t skipped = stream.skip(length);
      if (skipped < length) {
        ended = true;
        record.status = WarcRecord::Status::truncated;
        record.error = fmt::format("the input ends inside the record at offset {} ({} of {} bytes)",
                                   record.offset, skipped, length);
      } else {
        record.status = WarcRecord::Status::too_large;
        record.error = fmt::format("record of {} bytes is larger than the limit of {} bytes",
                                   length, options.max_record_bytes);
      }
      return true;
    }
    std::uint64_t got = stream.read(record.block, length);
    if (got < length) {
      ended = true;
      record.status = WarcRecord::Status::truncated;
      record.error = fmt::format("the input ends inside the record at offset {} ({} of {} bytes)",
                                 record.offset, got, length);
    }
    return true;
  }
};

WarcReader::WarcReader(const std::string& path, WarcReaderOptions options) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f)
    throw Error(ErrorCode::io_failed, fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  std::unique_ptr<std::FILE, FileCloser> owned(f);
  auto read = [f, path](char* buffer, std::size_t size) -> std::size_t {
    std::size_t got = std::fread(buffer, 1, size, f);
    if (got == 0 && std::ferror(f))
      throw Error(ErrorCode::io_failed, fmt::format("error while reading {}", path));
    return got;
  };
  impl_ = std::make_unique<Impl>(std::move(read), options);
  impl_->file = std::move(owned);
}

WarcReader::WarcReader(ReadFunction read, WarcReaderOptions options)
    : impl_(std::make_unique<Impl>(std::move(read), options)) {}

WarcReader::~WarcReader() = default;
WarcReader::WarcReader(WarcReader&&) noexcept = default;
WarcReader& WarcReader::operator=(WarcReader&&) noexcept = default;

bool WarcReader::next(WarcRecord& record) { return impl_->next(record); }

bool WarcReader::compressed() const { return impl_->stream.compressed(); }

}  // namespace pith
