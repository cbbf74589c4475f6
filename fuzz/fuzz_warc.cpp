// Fuzz target: the WARC reader (version lines, headers, content blocks, gzip
// members and zstd frames, garbage between records) and the HTTP payload
// parser on each record's block (status line, headers, chunked transfer
// coding, content codings). The first byte picks the size of each read (so
// that every buffer boundary is crossed) and the record cap; the rest is the
// file. Besides "no crash": records come in rising offsets, a file range lies
// inside the input, an ok record holds exactly its Content-Length, every
// other status says why, and a payload never exceeds its cap.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "pith/pith.hpp"
#include "pith/warc.hpp"

namespace {

constexpr std::size_t kReadSizes[] = {1, 2, 7, 64, 4096, 1u << 20};
constexpr std::size_t kRecordCaps[] = {1u << 20, 300, 16, 0};
constexpr std::size_t kBodyCap = 64u << 10;

void check(bool promise) {
  if (!promise) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view file(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t piece = kReadSizes[(selector & 0x0F) % std::size(kReadSizes)];
  pith::WarcReaderOptions options;
  options.max_record_bytes = kRecordCaps[(selector >> 4) % std::size(kRecordCaps)];

  std::size_t at = 0;
  pith::WarcReader reader(
      [&](char* buffer, std::size_t wanted) {
        const std::size_t n = std::min({wanted, piece, file.size() - at});
        std::memcpy(buffer, file.data() + at, n);
        at += n;
        return n;
      },
      options);
  pith::WarcRecord record;
  bool first = true;
  std::uint64_t previous = 0;
  try {
    while (reader.next(record)) {
      check(first || record.offset > previous);
      first = false;
      previous = record.offset;
      if (record.has_file_range) check(record.file_offset + record.file_length <= file.size());
      using Status = pith::WarcRecord::Status;
      if (record.status == Status::ok) {
        check(record.block.size() == record.content_length);
        check(record.version.starts_with("WARC/"));
        if (!reader.compressed()) check(record.has_file_range && file.substr(record.file_offset, 5) == "WARC/");
      } else {
        check(!record.error.empty());
      }
      if (record.status == Status::too_large) check(record.block.empty());
      (void)record.type();
      (void)record.target_uri();
      const pith::HttpResponse http = pith::parse_http_response(record.block, kBodyCap);
      check(http.body.size() <= kBodyCap);
      (void)pith::is_html(http);
      (void)http.header("Content-Type");
    }
  } catch (const pith::Error&) {
    // A broken stream (corrupt gzip or zstd data) is the documented outcome.
  }
  return 0;
}
