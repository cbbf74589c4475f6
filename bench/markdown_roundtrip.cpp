// pith_markdown_roundtrip — does pith's Markdown read back as its text?
//
//   pith_markdown_roundtrip [--links] [--images] [--require] [--list] [--show SOURCE/ID] DIR...
//
// For every page under each DIR (an evaluation set, as bench/pages.hpp loads
// it, or fixtures/), extracts the page, renders its Markdown, parses that with
// cmark-gfm (GFM tables, strikethrough and autolinks on) and collects the text
// a reader of the rendered page sees (image alt text left out). Compared with
// pith's plain text (Document::text) it counts, over the pages with content:
//   stray     pages whose rendered text has more '*' or '_' than the text:
//             emphasis delimiters that did not open or close;
//   merged    pages where cmark-gfm finds fewer tables than pith extracted;
//   agreement the tokens (white-space separated, the text's " | " cell
//             separators left out) both have, 2 * shared / (sum of both).
// --require exits 1 unless some page had content, stray = merged = 0 and
// every page's agreement is at least 0.99 (the bar of the fixtures' ctest); --list names the pages
// that miss it; --show prints one page's Markdown and the tokens only one
// side has.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iterator>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "pages.hpp"
#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace {

constexpr double kAgreementBar = 0.99;

struct Rendered {
  std::string text;
  int tables = 0;
};

// What a reader of cmark-gfm's HTML sees, as text: literals, breaks as spaces.
Rendered read_back(const std::string& markdown) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  for (const char* name : {"table", "strikethrough", "autolink"})
    if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name)) cmark_parser_attach_syntax_extension(parser, ext);
  cmark_parser_feed(parser, markdown.data(), markdown.size());
  cmark_node* root = cmark_parser_finish(parser);
  Rendered out;
  cmark_iter* iter = cmark_iter_new(root);
  int in_image = 0;
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter);
    const cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_IMAGE) {
      in_image += ev == CMARK_EVENT_ENTER ? 1 : -1;
      continue;
    }
    if (ev == CMARK_EVENT_ENTER && std::string_view(cmark_node_get_type_string(node)) == "table") ++out.tables;
    if (in_image) continue;
    switch (type) {
      case CMARK_NODE_TEXT: case CMARK_NODE_CODE: case CMARK_NODE_CODE_BLOCK: case CMARK_NODE_HTML_INLINE:
      case CMARK_NODE_HTML_BLOCK:
        if (const char* literal = cmark_node_get_literal(node)) out.text += literal;
        break;
      case CMARK_NODE_SOFTBREAK: case CMARK_NODE_LINEBREAK:
        out.text += ' ';
        break;
      default: {
        // Block and cell edges separate words; inline markup (emphasis,
        // links, strikethrough) does not. (The table extension's table, row
        // and cell nodes are block nodes.)
        if ((type & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) out.text += ' ';
        break;
      }
    }
  }
  cmark_iter_free(iter);
  cmark_node_free(root);
  cmark_parser_free(parser);
  return out;
}

std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::string_view(" \t\r\n\f\v").find(s[i]) != std::string_view::npos) ++i;
    std::size_t j = i;
    while (j < s.size() && std::string_view(" \t\r\n\f\v").find(s[j]) == std::string_view::npos) ++j;
    if (j > i && s.substr(i, j - i) != "|") out.push_back(s.substr(i, j - i));
    i = j;
  }
  std::sort(out.begin(), out.end());
  return out;
}

double agreement(std::string_view a, std::string_view b) {
  const auto x = tokens(a), y = tokens(b);
  if (x.empty() && y.empty()) return 1.0;
  std::size_t shared = 0;
  for (std::size_t i = 0, j = 0; i < x.size() && j < y.size();) {
    if (x[i] == y[j]) {
      ++shared, ++i, ++j;
    } else if (x[i] < y[j]) {
      ++i;
    } else {
      ++j;
    }
  }
  return 2.0 * static_cast<double>(shared) / static_cast<double>(x.size() + y.size());
}

int tables_of(const pith::Document& doc) {
  int tables = 0;
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const bool row = doc.blocks[i].kind == pith::BlockKind::table_row;
    if (row && (doc.blocks[i].table_start || i == 0 || doc.blocks[i - 1].kind != pith::BlockKind::table_row))
      ++tables;
  }
  return tables;
}

// Tokens of `a` that `b` lacks (each as often as it is missing), in order.
std::vector<std::string_view> missing_from(std::string_view a, std::string_view b) {
  const auto x = tokens(a), y = tokens(b);
  std::vector<std::string_view> out;
  std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
  return out;
}

std::size_t count_of(std::string_view s, char c) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), c)); }

}  // namespace

int main(int argc, char** argv) {
  pith::RenderOptions render;
  bool require = false, list = false;
  std::string show;
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--links") render.links = true;
    else if (arg == "--images") render.images = true;
    else if (arg == "--require") require = true;
    else if (arg == "--list") list = true;
    else if (arg == "--show" && i + 1 < argc) show = argv[++i];
    else if (arg.rfind("--", 0) == 0) {
      std::fprintf(stderr, "pith_markdown_roundtrip: unknown option %s\n", argv[i]);
      return 2;
    } else dirs.emplace_back(arg);
  }
  if (dirs.empty()) {
    std::fprintf(stderr, "usage: pith_markdown_roundtrip [--links] [--images] [--require] [--list] DIR...\n");
    return 2;
  }
  std::size_t pages = 0, with_content = 0, stray = 0, merged = 0, below = 0;
  double sum = 0, lowest = 1.0;
  for (const std::string& dir : dirs) {
    if (!std::filesystem::is_directory(dir)) {
      std::printf("%s: not found, skipped\n", dir.c_str());
      continue;
    }
    for (const bench::Page& page : bench::load_pages(dir)) {
      ++pages;
      pith::Options options;
      options.url = page.url;
      pith::Document doc;
      try {
        doc = pith::extract(page.bytes, options);
      } catch (const std::exception&) {
        continue;  // not a page: nothing to render
      }
      if (!doc.has_main_content()) continue;
      ++with_content;
      const std::string markdown = pith::render(doc, pith::Format::markdown, render);
      const Rendered back = read_back(markdown);
      const std::string name = page.source + "/" + page.id;
      if (name == show) {
        std::printf("%s\n---- only in the rendered Markdown:", markdown.c_str());
        for (std::string_view t : missing_from(back.text, doc.text)) std::printf(" %.*s", int(t.size()), t.data());
        std::printf("\n---- only in the text:");
        for (std::string_view t : missing_from(doc.text, back.text)) std::printf(" %.*s", int(t.size()), t.data());
        std::printf("\n");
      }
      const bool has_stray = count_of(back.text, '*') > count_of(doc.text, '*') ||
                             count_of(back.text, '_') > count_of(doc.text, '_');
      const bool has_merged = back.tables < tables_of(doc);
      const double score = agreement(back.text, doc.text);
      stray += has_stray;
      merged += has_merged;
      below += score < kAgreementBar;
      sum += score;
      lowest = std::min(lowest, score);
      if (list && (has_stray || has_merged || score < kAgreementBar))
        std::printf("  %s: %s%sagreement %.4f\n", name.c_str(), has_stray ? "stray emphasis, " : "",
                    has_merged ? "merged tables, " : "", score);
    }
  }
  const double mean = with_content ? sum / static_cast<double>(with_content) : 1.0;
  std::printf("%s", fmt::format("pages {}  with content {}  stray '*'/'_' {}  merged tables {}  "
                                "agreement mean {:.4f} min {:.4f}  below {} {}\n",
                                pages, with_content, stray, merged, mean, lowest, kAgreementBar, below)
                        .c_str());
  if (require && with_content == 0) {
    std::fprintf(stderr, "pith_markdown_roundtrip: --require, and no page with content was read\n");
    return 1;
  }
  if (require && (stray > 0 || merged > 0 || below > 0)) return 1;
  return 0;
}
