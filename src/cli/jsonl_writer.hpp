// JSON Lines records for multi-input modes (--batch; reusable by --warc), and
// a writer that puts them out in input order although they complete in any
// order.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace pith::cli {

// Where a record came from: the input line and what was fetched for it.
struct RecordOrigin {
  std::size_t line = 0;         // 1-based line number in the input
  std::string input;            // the line as given (trimmed)
  std::optional<std::string> url;        // the URL requested; none for a file
  std::optional<std::string> final_url;  // after redirects; none for a file or a failed fetch
  std::optional<long> status;            // HTTP status, when there was a response
};

// What a record holds of its document (--format, --fields, --links, --images).
struct RecordContent {
  RenderOptions render;          // links and images, in the markdown field too
  std::optional<Format> format;  // html or xml: that rendering as a field beside "text"
  std::vector<std::string> fields;  // when given: only these of the document's fields
};

// The document's fields of a record: pith::document_json, with the format's
// field, cut to content.fields.
nlohmann::ordered_json document_fields(const Document& doc, const RecordContent& content);

// The names --fields accepts: the document's fields and "html", "xml".
std::vector<std::string> record_field_names();

// {"line","input","url","final_url","status", then the document's fields
// (document_fields, its "url" being final_url)}.
nlohmann::ordered_json document_record(const RecordOrigin& origin, const Document& doc,
                                       const RecordContent& content = {});
// {"line","input","url","final_url","status","error":{"code","message"}}.
nlohmann::ordered_json error_record(const RecordOrigin& origin, std::string_view code, std::string_view message);

// The JSON name of an extraction error: "empty_input", "not_html", ...
std::string_view error_code_name(ErrorCode code) noexcept;

// Record codes of the CLI's own: an exception that is no pith::Error (a bug,
// or std::bad_alloc), and a batch line that cannot be an input.
inline constexpr std::string_view kInternalErrorCode = "internal_error";
inline constexpr std::string_view kBadLineCode = "bad_line";

// Collects records numbered 0..n-1 from any thread and writes each to `out`
// (one line, valid UTF-8) as soon as all records before it are written.
class OrderedJsonlWriter {
 public:
  explicit OrderedJsonlWriter(std::FILE* out) : out_(out) {}

  // Thread-safe. `sequence` numbers must be distinct.
  void put(std::size_t sequence, const nlohmann::ordered_json& record);
  // Like put(), but the record is made by `make` when its turn comes, on the
  // writing thread and in sequence order (--deduplicate depends on the order).
  void put_deferred(std::size_t sequence, std::function<nlohmann::ordered_json()> make);
  // Writes every record still held, in order, leaving gaps where records never
  // came (an interrupted run). Then flushes.
  void flush_held();

  std::size_t written() const;
  std::size_t held() const;
  bool write_failed() const;
  // The errno of the first failed write (EPIPE: the reader went away); 0 if none.
  int write_error() const;

 private:
  // A record waiting for its turn: its line, or what makes it.
  struct Held {
    std::string line;
    std::function<nlohmann::ordered_json()> make;
  };
  void put_held(std::size_t sequence, Held held);

  // These four with the mutex held.
  void write_held(Held& held);
  void write_line(const std::string& line);
  void flush();
  void note_failure();

  std::FILE* out_;
  mutable std::mutex mutex_;
  std::size_t next_ = 0;  // the sequence number the output waits for
  std::map<std::size_t, Held> held_;
  std::size_t written_ = 0;
  int error_ = 0;  // errno of the first failed write
};

}  // namespace pith::cli
