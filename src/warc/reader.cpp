// WARC record framing: version line, "Name: value" headers, a blank line, a
// content block of exactly Content-Length bytes, then a blank line or two.
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
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
// A record starts with a version line, "WARC/1.0" or "WARC/1.1".
constexpr std::string_view kVersionPrefix = "WARC/";
constexpr std::size_t kMaxVersionChars = 16;

// What follows "WARC/" on a version line found among garbage: "1.0".
bool is_version_number(std::string_view s) {
  const std::size_t dot = s.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == s.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (i != dot && (s[i] < '0' || s[i] > '9')) return false;
  return true;
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

  // Skips to the next version line, which may follow garbage on the same
  // line (bytes without a newline, a gzip member of junk): "WARC/" and a
  // version number ending the line. The record that called this reports the
  // skipped bytes as malformed.
  void resync(WarcRecord& record, std::string_view why) {
    find_version_line();
    report_skipped(record, why);
  }

  void report_skipped(WarcRecord& record, std::string_view why) {
    const std::uint64_t stop = has_pending ? pending_offset : stream.position();
    record.status = WarcRecord::Status::malformed;
    record.error = fmt::format("{}; skipped {} bytes at offset {}", why, stop - record.offset, record.offset);
  }

  // Sets the pending version line, or `ended`.
  void find_version_line() {
    while (const std::optional<std::uint64_t> at = stream.skip_past(kVersionPrefix)) {
      if (take_version_line(*at)) return;
    }
    ended = true;
  }

  // After "WARC/" at `at`: true, with the pending version line set, when a
  // version number and the end of the line follow. What it consumes holds no
  // "W", so a failed try never hides the next version line.
  bool take_version_line(std::uint64_t at) {
    const std::string number = stream.read_while("0123456789.", kMaxVersionChars);
    stream.skip_if('\r');
    if (!stream.skip_if('\n') || !is_version_number(number)) return false;
    has_pending = true;
    pending_version = std::string(kVersionPrefix) + number;
    pending_offset = at;
    return true;
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
      stream.skip_newlines(std::numeric_limits<std::size_t>::max());  // records are separated by blank lines
      record.offset = stream.position();
      const std::optional<std::uint64_t> at = stream.skip_past(kVersionPrefix);
      if (!at && stream.position() == record.offset) {
        ended = true;
        return false;
      }
      if (at != record.offset) {  // garbage before the version line, a newline between them or not
        if (!at) {
          ended = true;
        } else if (!take_version_line(*at)) {
          find_version_line();
        }
        report_skipped(record, "not a WARC record (no WARC/ version line)");
        return true;
      }
      stream.read_line(line, kMaxLine);
      record.version = std::string(kVersionPrefix) + line;
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
