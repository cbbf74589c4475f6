// `pith [OPTIONS] [URL|FILE|-]`: extract one page.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/explain_report.hpp"
#include "cli/help.hpp"
#include "cli/input_checks.hpp"
#include "cli/parse_arguments.hpp"
#include "pith/fetch.hpp"
#include "pith/pith.hpp"
#include "pith/render.hpp"

namespace pith::cli {
namespace {

int exit_code_for(pith::ErrorCode code) {
  return code == pith::ErrorCode::fetch_failed ? kFetchError : kInputError;
}

bool is_url(std::string_view s) {
  auto starts = [&](std::string_view p) {
    if (s.size() < p.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(s[i])) != p[i]) return false;
    return true;
  };
  return starts("http://") || starts("https://");
}

// Reads all of `in`, but never more than max_bytes + 1: /dev/zero or an
// endless pipe must end in input_too_large, not in exhausted memory.
std::string read_capped(std::istream& in, std::size_t max_bytes, const std::string& what) {
  std::string data;
  std::vector<char> chunk(1 << 16);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    data.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (data.size() > max_bytes)
      throw pith::Error(pith::ErrorCode::input_too_large,
                        fmt::format("{} is larger than the limit of {} bytes", what, max_bytes));
  }
  if (in.bad())
    throw pith::Error(pith::ErrorCode::io_failed, fmt::format("error while reading {}", what));
  return data;
}

std::string read_stdin(std::size_t max_bytes) {
  return read_capped(std::cin, max_bytes, "standard input");
}

std::string read_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw pith::Error(pith::ErrorCode::io_failed, fmt::format("{} is a directory, not a file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int err = errno;
    throw pith::Error(pith::ErrorCode::io_failed,
                      fmt::format("cannot read {}: {}{}", path, std::strerror(err),
                                  err == ENOENT ? bare_host_hint(path) : ""));
  }
  return read_capped(in, max_bytes, path);
}

// --fields: comma-separated names of the document's fields. False, with a
// message on stderr, for a name that is none.
bool parse_fields(const std::string& list, std::vector<std::string>& fields) {
  const std::vector<std::string> known = record_field_names();
  for (std::size_t start = 0; start < list.size();) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    std::string name = list.substr(start, comma - start);
    start = comma + 1;
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (name.empty()) continue;
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string names;
      for (const std::string& k : known) names += (names.empty() ? "" : ", ") + k;
      std::cerr << "pith: --fields: unknown field " << name << " (fields: " << names << ")\n";
      return false;
    }
    fields.push_back(std::move(name));
  }
  return true;
}

}  // namespace

std::string read_input_file(const std::string& path, std::size_t max_bytes) {
  return read_file(path, max_bytes);
}

int run_extract(int argc, char** argv) {
  CLI::App app{"pith: extract the main content of a web page (article, post, documentation body)", "pith"};
  app.formatter(usage_formatter(extract_synopsis()));
  app.set_version_flag("-V,--version", std::string("pith ") + pith::version);

  std::string input = "-";
  std::string format_name = "text";
  pith::Options options;
  pith::FetchOptions fetch_options;
  bool no_title = false;
  pith::RenderOptions render_options;

  app.add_option("input", input, "URL (http/https), file path, or - for standard input")
      ->capture_default_str();
  app.add_option("-f,--format", format_name, "Output format: text, markdown, json, html or xml")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown", "md", "json", "html", "xml"}));
  app.add_option("-u,--url", options.url,
                 "The page's address, when the input is a file or standard input");
  app.add_option("-c,--charset", options.charset,
                 "The page's character encoding, overriding what the page declares");
  app.add_flag("--no-title", no_title, "Do not put the page's headline at the top of the content");
  app.add_flag("--links", render_options.links,
               "Keep links, made absolute (text: the address after the link's text; JSON: \"links\", "
               "every link of the page)");
  app.add_flag("--images", render_options.images,
               "Keep images, made absolute (text: their alt text; JSON: \"images\" with caption and size)");
  app.add_flag("--plain", render_options.plain,
               "Text: the bare text, blocks separated by blank lines (no bullets, numbers or indentation)");
  app.add_flag("--with-metadata", render_options.with_metadata,
               "Markdown: put the metadata first, as YAML front matter");
  app.add_flag("--html-document", render_options.html_document,
               "HTML: a whole page (<head> with title, charset, lang, dir, canonical address), not a fragment");
  std::string fields_list;
  app.add_option("--fields", fields_list,
                 "JSON, --batch, --warc: only these of the document's fields, comma-separated "
                 "(e.g. title,text,links; the record's own fields stay)");
  app.add_flag("--comments", options.include_comments,
               "Find the page's comment thread (JSON: \"comments\", author/date/text)");
  bool precision = false, recall = false;
  auto* precision_flag = app.add_flag(
      "--precision", precision, "Favour precision: leave out blocks in doubt (less clutter)");
  app.add_flag("--recall", recall, "Favour recall: keep blocks in doubt (less content lost)")
      ->excludes(precision_flag);
  app.add_flag("--explain", options.explain,
               "Print every block of the page, kept or dropped, the rule that decided and "
               "its numbers, instead of the content");
  app.add_option("--timeout", fetch_options.timeout_seconds, "Fetch timeout in seconds")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--max-bytes", options.max_input_bytes, "Largest input accepted, in bytes")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  std::vector<std::string> warc_files;
  unsigned jobs = 0;
  app.add_option("--warc", warc_files,
                 "Read WARC files (.warc, .warc.gz or .warc.zst, - for standard input) and write one "
                 "JSON line per HTML 2xx response record")
      ->expected(1, -1);
  bool all_statuses = false, deduplicate = false;
  app.add_flag("--all-statuses", all_statuses, "--warc: also extract responses whose HTTP status is not 2xx");
  app.add_flag("--deduplicate", deduplicate,
               "--batch/--warc: drop paragraphs repeated across the run and mark near-duplicate pages "
               "(\"duplicate_of\")");
  app.add_option("--target-language", options.target_language,
                 "Only content detected in this language (BCP-47, e.g. fr): other pages have no main "
                 "content (JSON \"no_content_reason\")");
  app.add_option("-j,--jobs", jobs,
                 "Worker threads for --warc (default: one per core); transfers at once for --batch "
                 "(default 8)");
  // Batch mode and the fetch options it shares with single URLs.
  std::string batch_input;
  BatchRun batch;
  bool ignore_robots = false, allow_private = false;
  app.add_option("--batch", batch_input,
                 "Read URLs or file paths, one per line, from FILE (- for standard input) and "
                 "write one JSON line per input");
  app.add_option("--user-agent", fetch_options.user_agent, "User-Agent for fetches (default pith/<version>)");
  app.add_option("--retries", fetch_options.retries, "Retries after 429, 503 or a dropped connection")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--ignore-robots", ignore_robots, "--batch: do not fetch or obey robots.txt");
  app.add_flag("--allow-private", allow_private,
               "--batch: allow loopback, private and link-local addresses (refused by default)");
  app.add_option("--per-host", batch.crawl.max_per_host,
                 "--batch: connections at once to one site (registrable domain: a.example.co.uk and "
                 "b.example.co.uk are one)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--delay", batch.crawl.min_host_delay_seconds,
                 "--batch: seconds between two requests to one site")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.footer(extract_help_footer());

  if (auto exit_code = parse_arguments(app, argc, argv)) return *exit_code;
  if (!options.charset.empty() && !known_charset_or_report(options.charset, "pith")) return kUsageError;
  options.include_title = !no_title;
  options.links = render_options.links;
  options.images = render_options.images;
  options.focus = precision ? pith::Focus::precision : recall ? pith::Focus::recall
                                                               : pith::Focus::balanced;
  RecordContent content;
  content.render = render_options;
  if (app.count("--format") > 0) content.format = pith::parse_format(format_name);
  if (!parse_fields(fields_list, content.fields)) return kUsageError;
  if (!warc_files.empty())
    return run_warc({std::move(warc_files), options, jobs, all_statuses, deduplicate, content});
  if (!batch_input.empty()) {
    if (input != "-") {
      std::cerr << "pith: --batch reads its inputs from the file and writes JSON Lines; give no other input\n";
      return kUsageError;
    }
    batch.content = content;
    batch.input = batch_input;
    batch.options = options;
    batch.deduplicate = deduplicate;
    fetch_options.max_bytes = options.max_input_bytes;
    fetch_options.block_private_addresses = !allow_private;
    batch.crawl.fetch = fetch_options;
    batch.crawl.respect_robots = !ignore_robots;
    batch.crawl.max_connections = jobs > 0 ? static_cast<int>(jobs) : 8;
    return run_batch(batch);
  }
  auto format = pith::parse_format(format_name);
  if (!format) {
    std::cerr << "pith: unknown format " << format_name << "\n";
    return kUsageError;
  }

  try {
    std::string bytes;
    if (input == "-") {
      if (app.count("input") == 0 && isatty(STDIN_FILENO)) {
        print_short_usage();  // rather than wait for a page typed on the terminal
        return kUsageError;
      }
      bytes = read_stdin(options.max_input_bytes);
    } else if (is_url(input) || input.find("://") != std::string::npos) {
      // Other schemes go to fetch() too, which refuses them with exit code 5.
      // libcurl with CURLOPT_NOSIGNAL can raise SIGPIPE on a TLS connection the
      // server closed; a closed stdout is caught by the fflush check below.
      std::signal(SIGPIPE, SIG_IGN);
      fetch_options.max_bytes = options.max_input_bytes;
      pith::FetchResult fetched = pith::fetch(input, fetch_options);
      bytes = std::move(fetched.body);
      if (options.url.empty()) options.url = fetched.final_url;
      options.content_type = fetched.content_type;
    } else {
      bytes = read_file(input, options.max_input_bytes);
    }
    pith::Document doc = pith::extract(bytes, options);
    for (const std::string& note : doc.truncations) std::cerr << "pith: warning: " << note << "\n";
    bool found = doc.has_main_content();
    if (options.explain) {
      std::string report = explain_report(doc);
      std::fwrite(report.data(), 1, report.size(), stdout);
    } else if (found || *format == pith::Format::json) {
      std::string out = *format == pith::Format::json && !content.fields.empty()
                            ? document_fields(doc, content).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                            : pith::render(doc, *format, render_options);
      out.push_back('\n');
      std::fwrite(out.data(), 1, out.size(), stdout);
    }
    if (std::ferror(stdout) || std::fflush(stdout) != 0) return output_failure(errno);
    if (!found) {
      std::cerr << "pith: no main content found in " << (input == "-" ? "standard input" : input)
                << (doc.no_content_reason.empty() ? "" : ": ") << doc.no_content_reason << "\n";
      return kNoMainContent;
    }
    return kContentFound;
  } catch (const pith::FetchError& e) {
    std::cerr << "pith: " << e.what() << "\n";
    return fetch_exit_code(e.kind());
  } catch (const pith::Error& e) {
    std::cerr << "pith: " << e.what() << "\n";
    return exit_code_for(e.code());
  } catch (const std::exception& e) {
    std::cerr << "pith: internal error: " << e.what() << "\n";
    return kInputError;
  }
}

}  // namespace pith::cli
