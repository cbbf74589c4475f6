#include "pages.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>

#include "check/gzip.hpp"

namespace fs = std::filesystem;

namespace bench {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + p.string());
  std::ostringstream ss;
  ss << in.rdbuf();
  return std::move(ss).str();
}

std::string gunzip(const std::string& gz, const fs::path& p) {
  // A dataset's page is whole: truncated or corrupt data is an error.
  constexpr std::size_t kMaxPageBytes = std::size_t{1} << 30;
  try {
    return pith::check::gunzip(gz, kMaxPageBytes);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(p.string() + ": " + e.what());
  }
}

namespace {

bool page_file(const fs::path& p, std::string& id) {
  std::string name = p.filename().string();
  for (std::string_view ext : {".html.gz", ".html"}) {
    if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0) {
      id = name.substr(0, name.size() - ext.size());
      return true;
    }
  }
  return false;
}

void load_folder(const fs::path& dir, const std::string& source, std::vector<Page>& pages) {
  std::vector<std::pair<std::string, fs::path>> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string id;
    if (e.is_regular_file() && page_file(e.path(), id)) files.emplace_back(id, e.path());
  }
  std::sort(files.begin(), files.end());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& [id, path] = files[i];
    if (i > 0 && files[i - 1].first == id) {
      std::fprintf(stderr, "pith_bench: %s/%s: both .html and .html.gz, using %s\n", source.c_str(),
                   id.c_str(), files[i - 1].second.filename().c_str());
      continue;
    }
    Page pg;
    pg.source = source;
    pg.id = id;
    std::string raw = read_file(path);
    pg.bytes = path.extension() == ".gz" ? gunzip(raw, path) : std::move(raw);
    fs::path meta = dir / (id + ".json");
    if (fs::is_regular_file(meta)) {
      try {
        nlohmann::json j = nlohmann::json::parse(read_file(meta));
        if (j.contains("url") && j["url"].is_string()) pg.url = j["url"].get<std::string>();
        if (j.contains("page_type") && j["page_type"].is_string())
          pg.page_type = j["page_type"].get<std::string>();
        if (j.contains("lang") && j["lang"].is_string()) pg.lang = j["lang"].get<std::string>();
      } catch (const nlohmann::json::exception& ex) {
        std::fprintf(stderr, "pith_bench: %s: bad JSON (%s), no url\n", meta.c_str(), ex.what());
      }
    }
    pages.push_back(std::move(pg));
  }
}

}  // namespace

std::vector<Page> load_pages(const fs::path& root) {
  std::vector<Page> pages;
  // A single source folder holds the pages directly.
  bool direct = false;
  for (const auto& e : fs::directory_iterator(root)) {
    std::string id;
    if (e.is_regular_file() && page_file(e.path(), id)) { direct = true; break; }
  }
  if (direct) {
    fs::path abs = fs::absolute(root).lexically_normal();
    std::string name = (abs.has_filename() ? abs : abs.parent_path()).filename().string();
    load_folder(root, name, pages);
  }
  std::vector<fs::path> subs;
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory()) subs.push_back(e.path());
  std::sort(subs.begin(), subs.end());
  for (const auto& d : subs) load_folder(d, d.filename().string(), pages);
  return pages;
}


}  // namespace bench
