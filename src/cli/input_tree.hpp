// `--input-dir DIR`: the pages of a directory tree, and where `--output-dir`
// puts the output of each (directory_command.cpp).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "pith/render.hpp"

namespace pith::cli {

// A page's file name ends so (compared case-insensitively): the pages a
// saved site or a crawler's dump holds.
inline constexpr std::string_view kPageSuffixes[] = {".html", ".htm", ".html.gz", ".htm.gz"};

// The page files under `root`, recursively, sorted by path (the run's
// order); symbolic links to directories are not followed (no cycles), and
// the subtree at `skip` (the output directory, when it lies inside) is left
// out. Throws std::filesystem::filesystem_error when `root` cannot be read.
std::vector<std::filesystem::path> list_pages(const std::filesystem::path& root,
                                              const std::filesystem::path& skip);

// The file name ending of an output in `format`: ".txt", ".md", ".json", ".html", ".xml".
std::string_view output_suffix(Format format);

// Where the output of `page` (a path relative to the input directory) goes:
// `page` with its page suffix replaced by the format's, under `out`;
// `keep_dirs` false: directly in `out`, the relative folders joined into the
// name with '_' ("a/b/c.html" -> "a_b_c.txt").
std::filesystem::path output_path(const std::filesystem::path& out, const std::filesystem::path& page,
                                  Format format, bool keep_dirs);

}  // namespace pith::cli
