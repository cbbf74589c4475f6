// Tests for the WARC reader and the HTTP payload parser, on WARC files built
// here byte by byte (plain, and gzip member per record as Common Crawl writes).
#include <doctest/doctest.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "compressors.hpp"
#include "pith/pith.hpp"
#include "pith/warc.hpp"

namespace {

using pith::test::brotli;
using pith::test::gzip;
using pith::test::zstd;
using pith::HttpResponse;
using pith::WarcReader;
using pith::WarcRecord;
using Status = pith::WarcRecord::Status;

// The zstd WARC format's dictionary frame: a skippable frame (magic
// 0x184D2A5D, little-endian) holding the dictionary.
std::string dictionary_frame(std::string_view dictionary) {
  std::string frame = "\x5D\x2A\x4D\x18";
  for (int i = 0; i < 4; ++i) frame += static_cast<char>((dictionary.size() >> (8 * i)) & 0xFF);
  return frame + std::string(dictionary);
}

std::string record(std::string_view type, std::string_view id, std::string_view uri,
                   std::string_view block, std::string_view content_type = "application/http; msgtype=response") {
  std::string r = "WARC/1.0\r\nWARC-Type: ";
  r += type;
  r += "\r\nWARC-Record-ID: <urn:uuid:";
  r += id;
  r += ">\r\nWARC-Date: 2024-05-01T10:00:00Z\r\n";
  if (!uri.empty()) r += "WARC-Target-URI: " + std::string(uri) + "\r\n";
  if (!content_type.empty()) r += "Content-Type: " + std::string(content_type) + "\r\n";
  r += "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n";
  r += block;
  r += "\r\n\r\n";
  return r;
}

std::string http(std::string_view headers, std::string_view body) {
  return "HTTP/1.1 200 OK\r\n" + std::string(headers) + "\r\n" + std::string(body);
}

// Serves `data` in pieces of `piece` bytes, to cross every buffer boundary.
WarcReader::ReadFunction serve(std::string data, std::size_t piece) {
  auto at = std::make_shared<std::size_t>(0);
  auto bytes = std::make_shared<std::string>(std::move(data));
  return [=](char* buffer, std::size_t size) {
    std::size_t n = std::min({size, piece, bytes->size() - *at});
    std::memcpy(buffer, bytes->data() + *at, n);
    *at += n;
    return n;
  };
}

std::vector<WarcRecord> read_all(std::string data, std::size_t piece = 1 << 20,
                                 pith::WarcReaderOptions options = {}) {
  WarcReader reader(serve(std::move(data), piece), options);
  std::vector<WarcRecord> out;
  WarcRecord r;
  while (reader.next(r)) out.push_back(r);
  return out;
}

const std::string kPage =
    "<html><head><title>T</title></head><body><p>Hello, world.</p></body></html>";

}  // namespace

TEST_CASE("plain and gzip-per-record WARC files give the same records") {
  std::vector<std::string> records = {
      record("warcinfo", "1", "", "software: test\r\n", "application/warc-fields"),
      record("request", "2", "https://a.example/", "GET / HTTP/1.1\r\n\r\n",
             "application/http; msgtype=request"),
      record("response", "3", "https://a.example/", http("Content-Type: text/html\r\n", kPage)),
      record("metadata", "4", "https://a.example/", "fetchTimeMs: 12\r\n", "application/warc-fields"),
  };
  std::string plain, gz;
  for (const std::string& r : records) {
    plain += r;
    gz += gzip(r);
  }
  for (std::size_t piece : {std::size_t(1) << 20, std::size_t(7), std::size_t(1)}) {
    for (const std::string* data : {&plain, &gz}) {
      std::vector<WarcRecord> got = read_all(*data, piece);
      REQUIRE(got.size() == 4);
      CHECK(got[0].type() == "warcinfo");
      CHECK(got[1].type() == "request");
      CHECK(got[2].type() == "response");
      CHECK(got[3].type() == "metadata");
      CHECK(got[2].record_id() == "<urn:uuid:3>");
      CHECK(got[2].target_uri() == "https://a.example/");
      CHECK(got[2].date() == "2024-05-01T10:00:00Z");
      CHECK(got[2].version == "WARC/1.0");
      CHECK(got[2].block == http("Content-Type: text/html\r\n", kPage));
      CHECK(got[2].offset == records[0].size() + records[1].size());
      for (const WarcRecord& r : got) CHECK(r.status == Status::ok);
    }
  }
  WarcReader reader(serve(gz, 100));
  WarcRecord r;
  REQUIRE(reader.next(r));
  CHECK(reader.compressed());
}

TEST_CASE("a record larger than the cap is skipped unread, and the next one is read") {
  std::string big(10000, 'x');
  std::string data = record("response", "1", "https://a.example/big", http("", big)) +
                     record("response", "2", "https://a.example/small", http("", kPage));
  pith::WarcReaderOptions options;
  options.max_record_bytes = 5000;
  for (const std::string& input : {data, gzip(data)}) {
    std::vector<WarcRecord> got = read_all(input, 333, options);
    REQUIRE(got.size() == 2);
    CHECK(got[0].status == Status::too_large);
    CHECK(got[0].block.empty());
    CHECK(got[0].content_length > 10000);
    CHECK(got[0].record_id() == "<urn:uuid:1>");
    CHECK(got[1].status == Status::ok);
    CHECK(got[1].record_id() == "<urn:uuid:2>");
  }
}

TEST_CASE("a truncated last record is reported, plain or inside a cut gzip member") {
  std::string first = record("response", "1", "https://a.example/1", http("", kPage));
  std::string second = record("response", "2", "https://a.example/2", http("", kPage));
  std::string cut = first + second.substr(0, second.size() - 40);
  std::vector<WarcRecord> got = read_all(cut);
  REQUIRE(got.size() == 2);
  CHECK(got[0].status == Status::ok);
  CHECK(got[1].status == Status::truncated);
  CHECK(got[1].record_id() == "<urn:uuid:2>");
  CHECK(got[1].error.find("ends inside the record") != std::string::npos);

  std::string gz2 = gzip(second);
  std::string gz_cut = gzip(first) + gz2.substr(0, gz2.size() - 30);
  got = read_all(gz_cut, 50);
  REQUIRE(got.size() == 2);
  CHECK(got[0].status == Status::ok);
  CHECK(got[1].status == Status::truncated);

  // Cut inside the header block.
  got = read_all(first + "WARC/1.0\r\nWARC-Type: response\r\nContent-Le");
  REQUIRE(got.size() == 2);
  CHECK(got[1].status == Status::truncated);
}

TEST_CASE("garbage between records is skipped up to the next record") {
  std::string data = record("response", "1", "https://a.example/1", http("", kPage)) +
                     "this is not\r\na warc record\r\n" +
                     record("response", "2", "https://a.example/2", http("", kPage));
  std::vector<WarcRecord> got = read_all(data, 5);
  REQUIRE(got.size() == 3);
  CHECK(got[0].status == Status::ok);
  CHECK(got[1].status == Status::malformed);
  CHECK_MESSAGE(got[1].error.find("skipped 28 bytes") != std::string::npos, got[1].error);
  CHECK(got[2].status == Status::ok);
  CHECK(got[2].record_id() == "<urn:uuid:2>");
}

TEST_CASE("garbage without a newline before the next record does not swallow it") {
  const std::string second = record("response", "2", "https://a.example/2", http("", kPage));
  const std::string third = record("response", "3", "https://a.example/3", http("", kPage));
  // Plain, across every buffer boundary; after a record with a bad header; and
  // as a gzip member of its own between members, as a broken writer leaves it.
  const std::string junk = "junk without a newline, WARC/ and WARC/1.x named";
  const std::string bad_header = "WARC/1.0\r\nWARC-Type: response\r\n\r\n" + junk;
  const std::string first = record("response", "1", "https://a.example/1", http("", kPage));
  for (const auto& [name, data] :
       {std::pair{"plain", first + junk + second + third}, std::pair{"after a bad header", bad_header + second + third},
        std::pair{"gzip", gzip(first) + gzip(junk) + gzip(second) + gzip(third)}}) {
    CAPTURE(name);
    for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 20}) {
      CAPTURE(piece);
      std::vector<WarcRecord> got = read_all(data, piece);
      REQUIRE(got.size() == (std::string_view(name) == "after a bad header" ? 3u : 4u));
      const WarcRecord& garbage = got[got.size() - 3];
      CHECK(garbage.status == Status::malformed);
      const std::size_t skipped = std::string_view(name) == "after a bad header" ? bad_header.size() : junk.size();
      CHECK_MESSAGE(garbage.error.find("skipped " + std::to_string(skipped) + " bytes") != std::string::npos,
                    garbage.error);
      CHECK(got[got.size() - 2].status == Status::ok);
      CHECK(got[got.size() - 2].record_id() == "<urn:uuid:2>");
      CHECK(got.back().record_id() == "<urn:uuid:3>");
    }
  }
}

TEST_CASE("corrupt gzip data is a stream error, and an unreadable file an io_failed error") {
  std::string gz = gzip(record("response", "1", "https://a.example/1", http("", kPage)));
  gz[gz.size() / 2] ^= 0x55;
  gz[gz.size() / 2 + 1] ^= 0x55;
  WarcReader reader(serve(gz, 1 << 20));
  WarcRecord r;
  CHECK_THROWS_AS(while (reader.next(r)) {}, pith::Error);
  CHECK_THROWS_AS(WarcReader("/nonexistent/file.warc.gz"), pith::Error);
}

TEST_CASE("HTTP payload: status, headers, chunked transfer coding, gzip content coding") {
  HttpResponse r = pith::parse_http_response(
      "HTTP/1.1 404 Not Found\r\nContent-Type: text/html; charset=windows-1251\r\n"
      "X-Folded: a\r\n  b\r\n\r\n<p>gone</p>");
  CHECK(r.error.empty());
  CHECK(r.status == 404);
  CHECK(r.header("content-type") == "text/html; charset=windows-1251");
  CHECK(r.header("X-Folded") == "a b");
  CHECK(r.body == "<p>gone</p>");
  CHECK(pith::is_html(r));

  r = pith::parse_http_response(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/html\r\n\r\n"
      "5\r\n<p>He\r\n9;ext=1\r\nllo.</p>\n\r\n0\r\n\r\n");
  CHECK(r.error.empty());
  CHECK(r.body == "<p>Hello.</p>\n");

  // Stored de-chunked with the header kept: left as it is.
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n<html>x</html>");
  CHECK(r.body == "<html>x</html>");

  std::string gz = gzip(kPage);
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz);
  CHECK(r.error.empty());
  CHECK(r.body == kPage);

  // gzip inside chunks.
  std::string chunked;
  char size[16];
  std::snprintf(size, sizeof size, "%zx", gz.size() - 10);
  chunked += std::string(size) + "\r\n" + gz.substr(0, gz.size() - 10) + "\r\n";
  chunked += "a\r\n" + gz.substr(gz.size() - 10) + "\r\n0\r\n\r\n";
  r = pith::parse_http_response(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" + chunked);
  CHECK(r.error.empty());
  CHECK(r.body == kPage);

  // Stored decoded with Content-Encoding kept.
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + kPage);
  CHECK(r.body == kPage);

  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: compress\r\n\r\n\x1f\x9d");
  CHECK(r.error == "unsupported Content-Encoding: compress");

  // A decompression bomb stops at the cap.
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" +
                                    gzip(std::string(1 << 20, 'a')),
                                100000);
  CHECK(r.error.find("larger than 100000 bytes once decompressed") != std::string::npos);

  r = pith::parse_http_response("GET / HTTP/1.1\r\n\r\n");
  CHECK(r.error.find("not an HTTP response") != std::string::npos);
}

TEST_CASE("HTML detection: Content-Type first, else the start of the body") {
  auto html = [](std::string_view block) { return pith::is_html(pith::parse_http_response(block)); };
  CHECK(html("HTTP/1.1 200 OK\r\nContent-Type: TEXT/HTML;charset=utf-8\r\n\r\nx"));
  CHECK(html("HTTP/1.1 200 OK\r\nContent-Type: application/xhtml+xml\r\n\r\nx"));
  CHECK_FALSE(html("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n<html>"));
  CHECK_FALSE(html("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}"));
  CHECK(html("HTTP/1.1 200 OK\r\n\r\n\n  <!DOCTYPE html><html>"));
  CHECK_FALSE(html("HTTP/1.1 200 OK\r\n\r\n%PDF-1.4"));
}

TEST_CASE("zstd files, with or without a dictionary, give the records of the plain file and their exact ranges") {
  std::vector<std::string> records = {
      record("warcinfo", "1", "", "software: test\r\n", "application/warc-fields"),
      record("response", "2", "https://a.example/", http("Content-Type: text/html\r\n", kPage)),
      record("response", "3", "https://b.example/", http("Content-Type: text/html\r\n", kPage + kPage)),
  };
  // A raw-content dictionary: bytes the records share.
  const std::string dictionary = "WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http; msgtype=response";
  struct Kind {
    const char* name;
    std::string head;  // before the first record's frame
    std::string dict;  // what the frames are compressed with
  };
  const Kind kinds[] = {{"plain", "", ""},
                        {"gzip", "", ""},
                        {"zstd", "", ""},
                        {"zstd with a dictionary", dictionary_frame(dictionary), dictionary},
                        {"zstd with a compressed dictionary", dictionary_frame(zstd(dictionary)), dictionary}};
  for (const Kind& kind : kinds) {
    CAPTURE(kind.name);
    std::string file = kind.head;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (const std::string& r : records) {
      std::string stored = std::string_view(kind.name) == "plain" ? r
                           : std::string_view(kind.name) == "gzip" ? gzip(r)
                                                                    : zstd(r, kind.dict);
      ranges.emplace_back(file.size(), stored.size());
      file += stored;
    }
    for (std::size_t piece : {std::size_t(1) << 20, std::size_t(7), std::size_t(1)}) {
      std::vector<WarcRecord> got = read_all(file, piece);
      REQUIRE(got.size() == records.size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        CHECK(got[i].status == Status::ok);
        CHECK(got[i].record_id() == "<urn:uuid:" + std::to_string(i + 1) + ">");
        CHECK(got[i].has_file_range);
        CHECK(got[i].file_offset == ranges[i].first);
        CHECK(got[i].file_length == ranges[i].second);
      }
      CHECK(got[2].block == http("Content-Type: text/html\r\n", kPage + kPage));
    }
  }
}

TEST_CASE("one compressed stream for the whole file: the records are read, no range holds one alone") {
  std::string all = record("warcinfo", "1", "", "software: test\r\n", "application/warc-fields") +
                    record("response", "2", "https://a.example/", http("Content-Type: text/html\r\n", kPage));
  for (const std::string& file : {gzip(all), zstd(all)}) {
    std::vector<WarcRecord> got = read_all(file, 5);
    REQUIRE(got.size() == 2);
    CHECK(got[1].block == http("Content-Type: text/html\r\n", kPage));
    CHECK_FALSE(got[0].has_file_range);
    CHECK_FALSE(got[1].has_file_range);
  }
}

TEST_CASE("HTTP payload: brotli and zstd content codings, a list of codings, bombs cut at the cap") {
  HttpResponse r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n" + brotli(kPage));
  CHECK(r.error.empty());
  CHECK(r.body == kPage);
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\n\r\n" + zstd(kPage));
  CHECK(r.error.empty());
  CHECK(r.body == kPage);
  // "gzip, br": gzip was applied first, so it comes off last.
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip, br\r\n\r\n" + brotli(gzip(kPage)));
  CHECK(r.error.empty());
  CHECK(r.body == kPage);
  // Stored decoded with the header kept.
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n" + kPage);
  CHECK(r.error.empty());
  CHECK(r.body == kPage);
  r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\n\r\n" + kPage);
  CHECK(r.body == kPage);

  const std::string bomb(4 << 20, 'a');
  const std::pair<std::string, std::string> bombs[] = {{"br", brotli(bomb)}, {"zstd", zstd(bomb)}};
  for (const auto& [coding, coded] : bombs) {
    CAPTURE(coding);
    r = pith::parse_http_response("HTTP/1.1 200 OK\r\nContent-Encoding: " + coding + "\r\n\r\n" + coded, 100000);
    CHECK(r.error.find("larger than 100000 bytes once decompressed") != std::string::npos);
    CHECK(r.body.size() <= 100000);
  }
}
