// The HTTP response inside a WARC `response` record: status line, headers,
// and the payload with its transfer and content codings removed.
#include <fmt/format.h>

#include <charconv>
#include <string>
#include <vector>

#include "encoding/compressed.hpp"
#include "pith/warc.hpp"
#include "text/ascii.hpp"

namespace pith {
namespace {

using encoding::Deflate;
using encoding::inflate_all;
using encoding::is_gzip;
using encoding::is_zlib;
using encoding::is_zstd;
using encoding::unbrotli_all;
using encoding::unzstd_all;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Where the header block ends and the body starts: after the first empty
// line, ended by CRLF or (from sloppy servers) a bare LF.
std::size_t body_start(std::string_view block) {
  for (std::size_t i = block.find('\n'); i != std::string_view::npos; i = block.find('\n', i + 1)) {
    std::size_t next = i + 1;
    if (next < block.size() && block[next] == '\n') return next + 1;
    if (next + 1 < block.size() && block[next] == '\r' && block[next + 1] == '\n') return next + 2;
  }
  return block.size();
}

// Removes the chunked transfer coding. False when `body` does not start like
// chunked data (crawlers often store the payload de-chunked but keep the
// header); a body cut inside a chunk keeps what arrived.
bool dechunk(std::string_view body, std::size_t max_out, std::string& out, std::string& error) {
  out.clear();
  std::size_t pos = 0;
  bool first = true;
  while (pos < body.size()) {
    std::size_t eol = body.find('\n', pos);
    if (eol == std::string_view::npos) break;
    std::string_view size_line = trim(body.substr(pos, eol - pos));
    size_line = size_line.substr(0, size_line.find(';'));  // chunk extensions
    std::uint64_t size = 0;
    auto [end, ec] = std::from_chars(size_line.data(), size_line.data() + size_line.size(), size, 16);
    if (ec != std::errc() || end != size_line.data() + size_line.size() || size_line.empty()) {
      if (first) return false;
      break;  // trailing garbage after the last good chunk
    }
    first = false;
    pos = eol + 1;
    if (size == 0) break;  // last chunk (trailers ignored)
    if (out.size() + size > max_out) {
      error = fmt::format("chunked body larger than {} bytes", max_out);
      return true;
    }
    std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(size, body.size() - pos));
    out.append(body.substr(pos, take));
    pos += take;
    if (pos < body.size() && body[pos] == '\r') ++pos;
    if (pos < body.size() && body[pos] == '\n') ++pos;
  }
  return !first;
}

// Decodes one content coding; false leaves the body as it is (stored decoded,
// or an error set).
bool decode_one(std::string_view coding, HttpResponse& r, std::size_t max_body, std::string& decoded) {
  if (coding == "gzip" || coding == "x-gzip") {
    if (!is_gzip(r.body)) return false;  // stored already decoded
    return inflate_all(r.body, Deflate::gzip, max_body, decoded, r.error) || !r.error.empty();
  }
  if (coding == "deflate") {
    // "deflate" is meant to be zlib-wrapped; some servers send raw deflate.
    // A body stored already decoded is plain text and fails both.
    std::string ignored;
    if (inflate_all(r.body, is_zlib(r.body) ? Deflate::zlib : Deflate::raw, max_body, decoded, ignored)) return true;
    if (encoding::over_limit(ignored)) r.error = ignored;
    return !r.error.empty();
  }
  if (coding == "br") {
    std::string ignored;
    if (unbrotli_all(r.body, max_body, decoded, ignored) && ignored.empty()) return true;
    if (encoding::over_limit(ignored)) {
      r.error = ignored;
      return true;
    }
    return false;
  }
  if (coding == "zstd") {
    if (!is_zstd(r.body)) return false;
    return unzstd_all(r.body, max_body, decoded, r.error) || !r.error.empty();
  }
  r.error = fmt::format("unsupported Content-Encoding: {}", coding);
  return false;
}

// Codings apply in the order listed ("gzip, br": gzip first), so they come
// off from the last. A body cut at the limit keeps its first max_body bytes
// with the error.
void decode_content(HttpResponse& r, std::size_t max_body) {
  // The header's string must outlive the views into it.
  std::string encoding = r.header("Content-Encoding");
  std::vector<std::string> codings;
  for (std::string_view rest = encoding; !rest.empty();) {
    std::size_t comma = rest.find(',');
    std::string coding;
    for (char c : trim(rest.substr(0, comma))) coding += text::ascii_lower(c);
    if (!coding.empty() && coding != "identity") codings.push_back(std::move(coding));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  for (auto it = codings.rbegin(); it != codings.rend(); ++it) {
    std::string decoded;
    bool changed = decode_one(*it, r, max_body, decoded);
    if (changed) r.body = std::move(decoded);
    if (!r.error.empty()) return;
  }
}

}  // namespace

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers)
    if (text::iequals_ascii(key, name)) return value;
  return {};
}

HttpResponse parse_http_response(std::string_view block, std::size_t max_body_bytes) {
  HttpResponse r;
  std::size_t start = body_start(block);
  std::string_view head = block.substr(0, start);
  std::size_t eol = head.find('\n');
  std::string_view status_line = trim(head.substr(0, eol));
  // "HTTP/1.1 200 OK"
  if (status_line.substr(0, 5) != "HTTP/") {
    r.error = "not an HTTP response (no HTTP/ status line)";
    return r;
  }
  std::size_t space = status_line.find(' ');
  std::string_view code = space == std::string_view::npos ? "" : trim(status_line.substr(space + 1)).substr(0, 3);
  auto [end, ec] = std::from_chars(code.data(), code.data() + code.size(), r.status);
  if (ec != std::errc() || end != code.data() + code.size() || code.size() != 3) {
    r.error = fmt::format("bad HTTP status line: {}", status_line.substr(0, 80));
    r.status = 0;
    return r;
  }
  std::size_t pos = eol == std::string_view::npos ? head.size() : eol + 1;
  while (pos < head.size()) {
    std::size_t next = head.find('\n', pos);
    if (next == std::string_view::npos) next = head.size();
    std::string_view line = head.substr(pos, next - pos);
    pos = next + 1;
    if (trim(line).empty()) break;
    if ((line[0] == ' ' || line[0] == '\t') && !r.headers.empty()) {
      r.headers.back().second += ' ';
      r.headers.back().second += trim(line);
      continue;
    }
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    r.headers.emplace_back(std::string(trim(line.substr(0, colon))),
                           std::string(trim(line.substr(colon + 1))));
  }

  std::string_view body = block.substr(start);
  std::string dechunked;
  if (text::contains_ascii_ci(r.header("Transfer-Encoding"), "chunked") &&
      dechunk(body, max_body_bytes, dechunked, r.error)) {
    if (!r.error.empty()) return r;
    r.body = std::move(dechunked);
  } else {
    if (body.size() > max_body_bytes) {
      r.error = fmt::format("body of {} bytes is larger than the limit of {} bytes", body.size(),
                            max_body_bytes);
      return r;
    }
    r.body.assign(body);
  }
  decode_content(r, max_body_bytes);
  return r;
}

bool is_html(const HttpResponse& response) {
  std::string content_type = response.header("Content-Type");
  std::string_view type = trim(std::string_view(content_type).substr(0, content_type.find(';')));
  if (!type.empty())
    return text::iequals_ascii(type, "text/html") || text::iequals_ascii(type, "application/xhtml+xml");
  // No Content-Type: sniff the start of the body, as browsers do.
  std::string_view body = response.body;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  std::size_t i = 0;
  while (i < body.size() && (body[i] == ' ' || body[i] == '\t' || body[i] == '\r' || body[i] == '\n'))
    ++i;
  std::string_view head = body.substr(i, 512);
  for (std::string_view mark : {"<!doctype html", "<html", "<head", "<body", "<!--"})
    if (head.size() >= mark.size() && text::iequals_ascii(head.substr(0, mark.size()), mark)) return true;
  return false;
}

}  // namespace pith
