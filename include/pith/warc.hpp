// SPDX-License-Identifier: Apache-2.0
// pith::WarcReader — streams the records of a WARC file (ISO 28500), plain,
// gzip-compressed (one gzip member per record, as Common Crawl writes them, or
// one member for the whole file) or zstd-compressed (.warc.zst, with or
// without a dictionary), with bounded memory.
//
//   pith::WarcReader reader("CC-MAIN-...warc.gz");
//   pith::WarcRecord record;
//   while (reader.next(record)) {
//     if (record.type() != "response" || record.status != pith::WarcRecord::Status::ok) continue;
//     pith::HttpResponse http = pith::parse_http_response(record.block);
//     if (!http.error.empty() || !pith::is_html(http)) continue;
//     pith::Options options;
//     options.url = std::string(record.header("WARC-Target-URI"));
//     options.content_type = http.header("Content-Type");
//     pith::Document doc = pith::extract(http.body, options);
//   }
//
// A reader is used from one thread at a time; records and responses are plain
// values that may be handed to other threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pith {

struct WarcRecord {
  enum class Status {
    ok,         // headers and the whole content block were read
    too_large,  // Content-Length above the reader's max_record_bytes: the block was skipped unread
    truncated,  // the input ended inside this record (block holds what was there, up to the cap)
    malformed,  // bytes that are not a WARC record were skipped up to the next record (or the end)
  };

  std::string version;  // "WARC/1.0", "WARC/1.1"
  std::vector<std::pair<std::string, std::string>> headers;  // in file order, values trimmed
  std::string block;                // the content block (for `response`: HTTP headers + payload)
  std::uint64_t content_length = 0; // as declared
  std::uint64_t offset = 0;         // where the record starts in the uncompressed stream
  // Where the record lies in the file as stored, for a range read: the bytes
  // [file_offset, file_offset + file_length) hold it (for compressed input,
  // the gzip members or zstd frames that hold it, which decompress to it and
  // nothing else). has_file_range is false when the record shares a member
  // with others (a file compressed as one stream), so no range holds it alone.
  bool has_file_range = false;
  std::uint64_t file_offset = 0;
  std::uint64_t file_length = 0;
  Status status = Status::ok;
  std::string error;                // what went wrong, when status != ok

  // The first header with this name (ASCII case-insensitive), "" when absent.
  std::string_view header(std::string_view name) const;
  std::string_view type() const { return header("WARC-Type"); }
  std::string_view record_id() const { return header("WARC-Record-ID"); }
  std::string_view target_uri() const { return header("WARC-Target-URI"); }
  std::string_view date() const { return header("WARC-Date"); }
};

struct WarcReaderOptions {
  // A record whose content block is larger is skipped (streamed past, never
  // buffered) and returned with Status::too_large.
  std::size_t max_record_bytes = (64u << 20) + (1u << 20);
};

class WarcReader {
 public:
  // Returns up to `size` bytes of the raw (possibly gzip-compressed) input in
  // `buffer`, 0 at the end. May throw (any exception propagates from next()).
  using ReadFunction = std::function<std::size_t(char* buffer, std::size_t size)>;

  // Reads a file; "-" is standard input. Throws pith::Error(io_failed) when
  // the file cannot be opened.
  explicit WarcReader(const std::string& path, WarcReaderOptions options = {});
  // Reads from a callback (a socket, a Python file object...).
  explicit WarcReader(ReadFunction read, WarcReaderOptions options = {});
  ~WarcReader();
  WarcReader(WarcReader&&) noexcept;
  WarcReader& operator=(WarcReader&&) noexcept;

  // Reads the next record into `record` (reusing its buffers); false at the
  // end of the input. Problems confined to one record come back as its
  // status; a broken stream (corrupt gzip data, a read error) throws
  // pith::Error(io_failed) naming the offset.
  bool next(WarcRecord& record);

  // Whether the input is gzip- or zstd-compressed (known after the first next()).
  bool compressed() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// An HTTP response as a crawler stored it in a `response` record's block.
struct HttpResponse {
  int status = 0;                                            // 200, 404...
  std::vector<std::pair<std::string, std::string>> headers;  // in order, values trimmed
  std::string body;  // the payload: chunked transfer coding removed, content coding decoded
  std::string error; // "" when parsed; else why the payload cannot be used

  // The first header with this name (ASCII case-insensitive), "" when absent.
  std::string header(std::string_view name) const;
};

// Parses the status line and headers, removes a chunked transfer coding and
// decodes a gzip / x-gzip / deflate / br / zstd Content-Encoding, or a list
// of them (crawlers that already removed them but kept the headers are
// recognised and left alone). A body that would decode to more than
// `max_body_bytes` is cut there and sets `error`: a decompression bomb costs
// no more memory than the limit.
HttpResponse parse_http_response(std::string_view block, std::size_t max_body_bytes = 64u << 20);

// Whether the response carries an HTML page: its Content-Type is text/html or
// application/xhtml+xml, or, without a Content-Type, the body starts like HTML.
bool is_html(const HttpResponse& response);

}  // namespace pith
