// `pith [OPTIONS] [URL|FILE|-]`: extract one page.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>
#include <cmath>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "check/gzip.hpp"
#include "cli/commands.hpp"
#include "cli/explain_report.hpp"
#include "cli/help.hpp"
#include "cli/input_checks.hpp"
#include "cli/input_tree.hpp"
#include "cli/parse_arguments.hpp"
#include "pith/discover.hpp"
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

// Reads all of `fd`, but never more than max_bytes + 1 bytes, not even into
// a buffer: /dev/zero or an endless pipe must end in input_too_large, not in
// exhausted memory, and `--max-bytes 10` reads 11 bytes.
std::string read_capped(int fd, std::size_t max_bytes, const std::string& what) {
  const std::size_t cap = max_bytes == std::numeric_limits<std::size_t>::max() ? max_bytes : max_bytes + 1;
  std::string data;
  std::vector<char> chunk(std::min<std::size_t>(cap, 1 << 16));
  while (true) {
    const ssize_t n = ::read(fd, chunk.data(), std::min(chunk.size(), cap - data.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      throw pith::Error(pith::ErrorCode::io_failed,
                        fmt::format("error while reading {}: {}", what, std::strerror(errno)));
    if (n == 0) return data;
    data.append(chunk.data(), static_cast<std::size_t>(n));
    if (data.size() > max_bytes)
      throw pith::Error(pith::ErrorCode::input_too_large,
                        fmt::format("{} is larger than the limit of {} bytes", what, max_bytes));
  }
}

std::string read_stdin(std::size_t max_bytes) {
  return read_capped(STDIN_FILENO, max_bytes, "standard input");
}

std::string read_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw pith::Error(pith::ErrorCode::io_failed, fmt::format("{} is a directory, not a file", path));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    throw pith::Error(pith::ErrorCode::io_failed,
                      fmt::format("cannot read {}: {}{}", path, std::strerror(err),
                                  err == ENOENT ? bare_host_hint(path) : ""));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  return read_capped(fd, max_bytes, path);
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

// The largest --delay accepted: an hour (--timeout: pith::kLongestFetchTimeoutSeconds).
// Larger values are typing mistakes (1e10), and would overflow the clock
// durations the fetcher keeps them in.
constexpr double kLongestDelaySeconds = 3600;

// A number of seconds: finite (CLI11's number checks let "nan" and "inf"
// through, and a NaN timeout disabled it) and at most `max`, so that it
// converts to the milliseconds and clock durations it is used as.
CLI::Validator seconds_at_most(double max, bool zero_allowed) {
  return CLI::Validator(
      [max, zero_allowed](std::string& text) -> std::string {
        double v = 0;
        try {
          std::size_t used = 0;
          v = std::stod(text, &used);
          if (used != text.size()) return "not a number of seconds: " + text;
        } catch (const std::exception&) {
          return "not a number of seconds: " + text;
        }
        if (!std::isfinite(v) || v < 0 || (!zero_allowed && v == 0) || v > max)
          return fmt::format("{} seconds is out of range ({} {} to {})", text,
                             zero_allowed ? "from" : "more than", 0, max);
        return "";
      },
      "SECONDS");
}

}  // namespace

std::string read_input_file(const std::string& path, std::size_t max_bytes) {
  std::string bytes = read_file(path, max_bytes);
  if (!path.ends_with(".gz") || !check::is_gzip(bytes)) return bytes;
  try {
    return check::gunzip(bytes, max_bytes);
  } catch (const std::runtime_error& e) {
    // A gzip bomb is an input over the limit, as an uncompressed page would be.
    const bool too_large = std::string_view(e.what()).find("more than") != std::string_view::npos;
    throw pith::Error(too_large ? pith::ErrorCode::input_too_large : pith::ErrorCode::io_failed,
                      fmt::format("{}: {}", path, e.what()));
  }
}

int run_extract(int argc, char** argv) {
  CLI::App app{"pith: extract the main content of a web page (article, post, documentation body)", "pith"};
  app.formatter(usage_formatter(extract_synopsis()));
  app.set_version_flag("-V,--version", std::string("pith ") + pith::version);

  std::vector<std::string> inputs;
  std::string format_name = "text";
  pith::Options options;
  pith::FetchOptions fetch_options;
  bool title = false;
  bool no_title = false;
  pith::RenderOptions render_options;

  app.add_option("input", inputs,
                 "URL (http/https), file path, or - for standard input (the default); several: one JSON "
                 "line each, as --batch writes");
  app.add_option("-f,--format", format_name, "Output format: text, markdown, json, html or xml")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown", "md", "json", "html", "xml"}));
  app.add_option("-u,--url", options.url,
                 "The page's address, when the input is a file or standard input");
  app.add_option("-c,--charset", options.charset,
                 "The page's character encoding, overriding what the page declares");
  app.add_flag("--title", title,
               "Put the page's headline at the top of the content when it stands outside the content");
  app.add_flag("--no-title", no_title, "The headline is not put before the content (the default)")
      ->excludes("--title");
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
      ->check(seconds_at_most(pith::kLongestFetchTimeoutSeconds, /*zero_allowed=*/false));
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
  app.add_flag("--ignore-robots", ignore_robots,
               "--batch, --sitemap, --feed, --crawl: do not fetch or obey robots.txt");
  app.add_flag("--allow-private", allow_private,
               "--batch, --sitemap, --feed, --crawl: allow loopback, private, link-local and the other "
               "non-public addresses (refused by default)");
  app.add_option("--per-host", batch.crawl.max_per_host,
                 "--batch, --sitemap, --feed, --crawl: connections at once to one site (registrable domain: "
                 "a.example.co.uk and b.example.co.uk are one)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--delay", batch.crawl.min_host_delay_seconds,
                 "--batch, --sitemap, --feed, --crawl: seconds between two requests to one site")
      ->capture_default_str()
      ->check(seconds_at_most(kLongestDelaySeconds, /*zero_allowed=*/true));
  DirectoryRun directory;
  app.add_option("--input-dir", directory.input_dir,
                 "Extract every page under DIR (.html, .htm, .html.gz, recursively): JSON Lines out, or one "
                 "file per page with --output-dir")
      ->type_name("DIR");
  app.add_option(
      "--output-dir", directory.output_dir,
      "--input-dir: write each page's output (in --format) to a file under DIR, mirroring the tree")
      ->type_name("DIR");
  app.add_flag("--keep-dirs,!--no-keep-dirs", directory.keep_dirs,
               "--output-dir: mirror the input tree (the default); --no-keep-dirs: every file in DIR, "
               "named after its path (a/b.html -> a_b.txt)");
  // Finding the pages (docs/discovery.md).
  std::string sitemap_url, feed_url, crawl_url, explore_url, since;
  bool list_only = false;
  pith::FrontierOptions frontier;
  std::size_t max_pages = 0;
  app.add_option("--sitemap", sitemap_url,
                 "Extract the pages a sitemap lists (XML, index, .gz, text; a site's root URL: the "
                 "Sitemap: lines of its robots.txt, else /sitemap.xml): JSON Lines out")
      ->type_name("URL");
  app.add_option("--feed", feed_url,
                 "Extract the entries of a feed (RSS, Atom, RDF; a page's URL: the feeds it announces): "
                 "JSON Lines out")
      ->type_name("URL");
  app.add_option("--crawl", crawl_url,
                 "Crawl the site breadth-first from URL (its host only; see --same-domain), one JSON line "
                 "per page fetched, up to --max-pages")
      ->type_name("URL");
  app.add_option("--explore", explore_url,
                 "Like --crawl, starting from the site's sitemaps and feeds as well as URL")
      ->type_name("URL");
  app.add_flag("--list", list_only, "--sitemap, --feed: print the URLs found (tab, then the date when "
                                    "one is given), fetch no page");
  app.add_option("--since", since,
                 "--sitemap, --feed, --explore: only entries dated DATE (YYYY-MM-DD) or later; undated "
                 "entries are kept")
      ->type_name("DATE");
  app.add_option("--max-pages", max_pages,
                 "--crawl, --explore: pages fetched at most (default 100); --sitemap, --feed: the first N "
                 "pages found (default all)")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-depth", frontier.max_depth,
                 "--crawl, --explore: links followed from the start page at most")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--same-domain", frontier.same_domain,
               "--crawl, --explore: follow links to the whole registrable domain (news.example.com from "
               "www.example.com), not the start URL's host only");
  app.add_flag("--sort-query", frontier.sort_query,
               "--crawl, --explore: treat URLs whose query parameters differ only in order as one");
  app.footer(
      "Exit codes: 0 main content found, 1 no main content, 2 usage error,\n"
      "            3 input error (unreadable, empty, binary, too large),\n"
      "            fetch errors: 4 network (reset, other), 5 bad URL/scheme, 6 DNS, 7 connection refused,\n"
      "            8 timeout, 9 TLS, 10 HTTP status >= 400, 11 too large, 12 redirect loop,\n"
      "            13 truncated body, 14 not HTML, 15 robots.txt, 16 private address;\n"
      "            --batch: 0 when every input has its record, 130 interrupted (SIGINT).");
  app.footer(extract_help_footer());

  if (auto exit_code = parse_arguments(app, argc, argv)) return *exit_code;
  if (!options.charset.empty() && !known_charset_or_report(options.charset, "pith")) return kUsageError;
  options.include_title = title;
  options.links = render_options.links;
  options.images = render_options.images;
  options.focus = precision ? pith::Focus::precision : recall ? pith::Focus::recall
                                                               : pith::Focus::balanced;
  RecordContent content;
  content.render = render_options;
  if (app.count("--format") > 0) content.format = pith::parse_format(format_name);
  if (!parse_fields(fields_list, content.fields)) return kUsageError;
  const int modes = !sitemap_url.empty() + !feed_url.empty() + !crawl_url.empty() + !explore_url.empty() +
                    !batch_input.empty() + !warc_files.empty() + !directory.input_dir.empty();
  if (modes > 1) {
    std::cerr << "pith: give one of --batch, --warc, --input-dir, --sitemap, --feed, --crawl, --explore\n";
    return kUsageError;
  }
  if (list_only && sitemap_url.empty() && feed_url.empty()) {
    std::cerr << "pith: --list goes with --sitemap or --feed\n";
    return kUsageError;
  }
  if (!since.empty() && pith::date_day(since) != since) {
    std::cerr << "pith: --since wants a date as YYYY-MM-DD, not " << since << "\n";
    return kUsageError;
  }
  // The fetching options every multi-page mode shares.
  const auto prepare_batch = [&] {
    batch.content = content;
    batch.input = batch_input;
    batch.options = options;
    batch.deduplicate = deduplicate;
    fetch_options.max_bytes = options.max_input_bytes;
    fetch_options.block_private_addresses = !allow_private;
    batch.crawl.fetch = fetch_options;
    batch.crawl.respect_robots = !ignore_robots;
    batch.crawl.max_connections = jobs > 0 ? static_cast<int>(jobs) : 8;
  };
  if (modes == 1 && !inputs.empty() && batch_input.empty()) {
    std::cerr << "pith: that mode finds its own inputs; give no other input\n";
    return kUsageError;
  }
  if (!sitemap_url.empty() || !feed_url.empty()) {
    prepare_batch();
    DiscoverRun run;
    run.source = sitemap_url.empty() ? DiscoverRun::Source::feed : DiscoverRun::Source::sitemap;
    run.url = sitemap_url.empty() ? feed_url : sitemap_url;
    run.list = list_only;
    run.max_pages = max_pages;
    run.since = since;
    run.batch = batch;
    return run_discover(std::move(run));
  }
  if (!crawl_url.empty() || !explore_url.empty()) {
    prepare_batch();
    CrawlRun run;
    run.url = crawl_url.empty() ? explore_url : crawl_url;
    run.explore = !explore_url.empty();
    run.frontier = frontier;
    run.frontier.max_pages = max_pages > 0 ? max_pages : 100;
    run.since = since;
    run.batch = batch;
    return run_crawl(run);
  }
  if (!directory.output_dir.empty() && directory.input_dir.empty()) {
    std::cerr << "pith: --output-dir needs --input-dir\n";
    return kUsageError;
  }
  if (!directory.output_dir.empty()) {
    directory.format = pith::parse_format(format_name).value_or(pith::Format::text);
    directory.options = options;
    directory.content = content;
    directory.jobs = jobs;
    return run_directory(directory);
  }
  if (!warc_files.empty())
    return run_warc({std::move(warc_files), options, jobs, all_statuses, deduplicate, content});
  if (!directory.input_dir.empty()) {
    // Without --output-dir the pages are a batch of files: JSON Lines out.
    std::error_code ec;
    if (!std::filesystem::is_directory(directory.input_dir, ec)) {
      std::cerr << "pith: --input-dir " << directory.input_dir << " is not a directory\n";
      return kInputError;
    }
    try {
      for (const auto& page : list_pages(directory.input_dir, {})) batch.inputs.push_back(page.string());
    } catch (const std::filesystem::filesystem_error& e) {
      std::cerr << "pith: cannot read " << directory.input_dir << ": " << e.code().message() << "\n";
      return kInputError;
    }
    if (batch.inputs.empty()) {
      std::cerr << "pith: no pages (.html, .htm, .html.gz) under " << directory.input_dir << "\n";
      return kInputError;
    }
  } else if (inputs.size() > 1) {
    batch.inputs = inputs;
  }
  if (!batch_input.empty() || !batch.inputs.empty()) {
    if (!batch_input.empty() && !inputs.empty()) {
      std::cerr << "pith: --batch reads its inputs from the file and writes JSON Lines; give no other input\n";
      return kUsageError;
    }
    prepare_batch();
    return run_batch(batch);
  }
  auto format = pith::parse_format(format_name);
  if (!format) {
    std::cerr << "pith: unknown format " << format_name << "\n";
    return kUsageError;
  }

  const std::string input = inputs.empty() ? "-" : inputs.front();
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
      bytes = read_input_file(input, options.max_input_bytes);
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
