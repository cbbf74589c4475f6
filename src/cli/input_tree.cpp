#include "cli/input_tree.hpp"

#include <algorithm>
#include <system_error>

#include "text/ascii.hpp"

namespace pith::cli {
namespace {

namespace fs = std::filesystem;

// The length of the page suffix `name` ends with, 0 when none.
std::size_t page_suffix_length(std::string_view name) {
  for (std::string_view suffix : kPageSuffixes) {
    if (name.size() <= suffix.size()) continue;
    if (text::iequals_ascii(name.substr(name.size() - suffix.size()), suffix)) return suffix.size();
  }
  return 0;
}

}  // namespace

std::vector<fs::path> list_pages(const fs::path& root, const fs::path& skip) {
  std::error_code ec;
  const fs::path skipped = skip.empty() ? fs::path() : fs::weakly_canonical(skip, ec);
  std::vector<fs::path> pages;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied);
       it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory(ec)) {
      if (!skipped.empty() && fs::weakly_canonical(it->path(), ec) == skipped) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    if (page_suffix_length(it->path().filename().string()) > 0) pages.push_back(it->path());
  }
  std::sort(pages.begin(), pages.end());
  return pages;
}

std::string_view output_suffix(Format format) {
  switch (format) {
    case Format::text: return ".txt";
    case Format::markdown: return ".md";
    case Format::html: return ".html";
    case Format::json: return ".json";
    case Format::xml: return ".xml";
  }
  return ".txt";
}

fs::path output_path(const fs::path& out, const fs::path& page, Format format, bool keep_dirs) {
  std::string name;
  if (keep_dirs) {
    name = page.filename().string();
  } else {
    for (const fs::path& part : page) name += (name.empty() ? "" : "_") + part.string();
  }
  name.resize(name.size() - page_suffix_length(name));
  name += output_suffix(format);
  return keep_dirs ? out / page.parent_path() / name : out / name;
}

}  // namespace pith::cli
