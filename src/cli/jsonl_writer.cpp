#include "cli/jsonl_writer.hpp"

#include <cerrno>

#include "output/renderers.hpp"

namespace pith::cli {
namespace {

using Json = nlohmann::ordered_json;

template <typename T>
Json or_null(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json head(const RecordOrigin& origin) {
  Json j;
  j["line"] = origin.line;
  j["input"] = origin.input;
  j["url"] = or_null(origin.url);
  j["final_url"] = or_null(origin.final_url);
  j["status"] = or_null(origin.status);
  return j;
}

}  // namespace

Json document_fields(const Document& doc, const RecordContent& content) {
  Json j = document_json(doc, content.render);
  if (content.format == Format::html || content.format == Format::xml) {
    const char* name = content.format == Format::html ? "html" : "xml";
    j[name] = render(doc, *content.format, content.render);
  }
  if (content.fields.empty()) return j;
  Json chosen;
  for (const std::string& name : content.fields)
    if (j.contains(name)) chosen[name] = std::move(j[name]);
  return chosen;
}

std::vector<std::string> record_field_names() {
  std::vector<std::string> names;
  const Json fields = document_json(Document{});  // named: items() only refers to it
  for (const auto& [key, value] : fields.items()) names.push_back(key);
  names.push_back("html");
  names.push_back("xml");
  return names;
}

Json document_record(const RecordOrigin& origin, const Document& doc, const RecordContent& content) {
  Json j = head(origin);
  Json fields = document_fields(doc, content);  // named: items() only refers to it
  // Reserved: the object's vector copies its values (the text) when it grows.
  j.get_ref<Json::object_t&>().reserve(j.size() + fields.size() + 4);
  for (auto& [key, value] : fields.items()) {
    // The document's own "url" is the address it was extracted as: final_url.
    if (key != "url") j[key] = std::move(value);
  }
  return j;
}

Json error_record(const RecordOrigin& origin, std::string_view code, std::string_view message) {
  Json j = head(origin);
  j["error"] = {{"code", code}, {"message", message}};
  return j;
}

std::string_view error_code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::empty_input: return "empty_input";
    case ErrorCode::input_too_large: return "input_too_large";
    case ErrorCode::not_html: return "not_html";
    case ErrorCode::fetch_failed: return "network";
    case ErrorCode::io_failed: return "io_failed";
    case ErrorCode::over_time_budget: return "over_time_budget";
    case ErrorCode::bad_source: return "bad_source";
  }
  // No default above, so that -Wswitch names a code added later; a value
  // outside the enum still gets a name.
  return kInternalErrorCode;
}

namespace {

std::string dump_line(const Json& record) {
  // `replace`: hand-built strings may hold invalid UTF-8; the output never does.
  std::string line = record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line.push_back('\n');
  return line;
}

}  // namespace

void OrderedJsonlWriter::put(std::size_t sequence, const Json& record) {
  // Dumped outside the lock: large documents should not serialise the workers.
  put_held(sequence, Held{dump_line(record), {}});
}

void OrderedJsonlWriter::put_deferred(std::size_t sequence, std::function<Json()> make) {
  put_held(sequence, Held{{}, std::move(make)});
}

void OrderedJsonlWriter::put_held(std::size_t sequence, Held held) {
  std::lock_guard lock(mutex_);
  if (sequence != next_) {
    held_.emplace(sequence, std::move(held));
    return;
  }
  write_held(held);
  ++next_;
  for (auto it = held_.begin(); it != held_.end() && it->first == next_; it = held_.erase(it)) {
    write_held(it->second);
    ++next_;
  }
  // Each record reaches the reader as soon as it is in order: a consumer
  // piping the output sees progress, and an interrupt loses nothing written.
  flush();
}

void OrderedJsonlWriter::flush_held() {
  std::lock_guard lock(mutex_);
  for (auto& [sequence, held] : held_) write_held(held);
  held_.clear();
  flush();
}

void OrderedJsonlWriter::write_held(Held& held) {
  write_line(held.make ? dump_line(held.make()) : held.line);
}

void OrderedJsonlWriter::write_line(const std::string& line) {
  if (std::fwrite(line.data(), 1, line.size(), out_) != line.size()) note_failure();
  ++written_;
}

void OrderedJsonlWriter::flush() {
  if (std::fflush(out_) != 0) note_failure();
}

void OrderedJsonlWriter::note_failure() {
  // errno is read at once: later calls may change it. A stream error that
  // left none (a stream already in error) still counts as a failure.
  if (error_ == 0) error_ = errno != 0 ? errno : EIO;
}

std::size_t OrderedJsonlWriter::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::size_t OrderedJsonlWriter::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

bool OrderedJsonlWriter::write_failed() const {
  std::lock_guard lock(mutex_);
  return error_ != 0;
}

int OrderedJsonlWriter::write_error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

}  // namespace pith::cli
