// Loading an evaluation set for the benchmarks: DIR/<source>/<id>.html.gz or
// .html (or the pages directly in DIR), with DIR/<source>/<id>.json for the
// url, page_type and lang.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bench {

struct Page {
  std::string source;     // folder name, e.g. "wcxb"
  std::string id;         // file name without .html.gz / .html
  std::string bytes;      // raw (decompressed) page bytes
  std::string url;        // from <id>.json, "" when absent or null
  std::optional<std::string> page_type;  // from <id>.json (wcxb), else none
  std::string lang;       // the page's known language from <id>.json ("lang"), "" when absent
};

std::string read_file(const std::filesystem::path& p);
// Decompresses gzip data (all members, in case of concatenated streams).
std::string gunzip(const std::string& gz, const std::filesystem::path& p);
// Every page under `root`, sorted by source and id.
std::vector<Page> load_pages(const std::filesystem::path& root);

}  // namespace bench
