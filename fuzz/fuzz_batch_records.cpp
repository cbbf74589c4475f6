// Fuzz target: the batch mode's record path. The input is read as a batch
// list (one entry per line); every line becomes a page of its own, goes
// through extract(), and comes out as a document or error record through the
// ordered JSON Lines writer, submitted in reverse order. The output must hold
// exactly one valid UTF-8 JSON object per line, in input order: "the count of
// output records always equals the count of inputs", whatever the bytes.
// (The batch list's line parser itself sits inside src/cli/batch_command.cpp
// and cannot be called on its own yet; this target covers what follows it.)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/jsonl_writer.hpp"
#include "pith/pith.hpp"
#include "text/utf8.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= input.size() && lines.size() < 64;) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    lines.push_back(input.substr(start, end - start));
    start = end + 1;
  }

  char* buffer = nullptr;
  std::size_t buffer_size = 0;
  std::FILE* out = open_memstream(&buffer, &buffer_size);
  if (!out) return 0;
  {
    pith::cli::OrderedJsonlWriter writer(out);
    for (std::size_t k = lines.size(); k-- > 0;) {
      pith::cli::RecordOrigin origin;
      origin.line = k + 1;
      origin.input = std::string(lines[k]);
      try {
        pith::Document doc = pith::extract(lines[k]);
        writer.put(k, pith::cli::document_record(origin, doc));
      } catch (const pith::Error& e) {
        writer.put(k, pith::cli::error_record(origin, pith::cli::error_code_name(e.code()), e.what()));
      }
    }
    writer.flush_held();
    if (writer.written() != lines.size()) std::abort();
  }
  std::fclose(out);
  std::string_view written(buffer, buffer_size);
  std::size_t records = 0;
  for (std::size_t start = 0; start < written.size();) {
    std::size_t end = written.find('\n', start);
    if (end == std::string_view::npos) std::abort();  // every record ends its line
    std::string_view line = written.substr(start, end - start);
    if (!pith::text::is_valid_utf8(line)) std::abort();
    nlohmann::json record = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!record.is_object() || record["line"] != records + 1) std::abort();
    ++records;
    start = end + 1;
  }
  std::free(buffer);
  if (records != lines.size()) std::abort();
  return 0;
}
