// pith._pith: the C++ core of the Python package `pith` (python/pith/).
//
// Extraction runs with the GIL released, so threads calling extract() run in
// parallel. pith::Error becomes the Python exception of its code, defined in
// pith/_errors.py (that module is imported once, when this one loads).
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "encoding/decode.hpp"
#include "pith/fetch.hpp"
#include "pith/pith.hpp"
#include "pith/render.hpp"
#include "pith/version.hpp"
#include "pith/warc.hpp"

namespace py = pybind11;

namespace {

// pith's strings are UTF-8; "replace" keeps one bad byte from a hand-made
// WARC header or a broken page from failing the whole conversion.
py::str to_str(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

py::list to_str_list(const std::vector<std::string>& items) {
  py::list list;
  for (const std::string& s : items) list.append(to_str(s));
  return list;
}

py::list to_header_list(const std::vector<std::pair<std::string, std::string>>& headers) {
  py::list list;
  for (const auto& [name, value] : headers) list.append(py::make_tuple(to_str(name), to_str(value)));
  return list;
}

py::bytes to_bytes(std::string_view s) { return py::bytes(s.data(), s.size()); }

// The page's bytes, taken without copying from `bytes` (immutable, and kept
// alive by the caller's reference) and copied from mutable buffers, which
// another thread could change while the GIL is released.
struct PageInput {
  std::string owned;
  std::string_view view;
  bool is_text = false;  // a str: already decoded, so its charset is known
};

PageInput page_input(const py::handle& html) {
  PageInput in;
  if (PyBytes_Check(html.ptr())) {
    in.view = std::string_view(PyBytes_AS_STRING(html.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(html.ptr())));
  } else if (PyUnicode_Check(html.ptr())) {
    in.is_text = true;
    Py_ssize_t size = 0;
    if (const char* utf8 = PyUnicode_AsUTF8AndSize(html.ptr(), &size)) {
      in.view = std::string_view(utf8, static_cast<std::size_t>(size));  // cached in the str object
    } else {
      // Lone surrogates (from surrogateescape decoding, say) have no strict
      // UTF-8 form; passed through, pith's decoder makes them U+FFFD.
      PyErr_Clear();
      PyObject* encoded = PyUnicode_AsEncodedString(html.ptr(), "utf-8", "surrogatepass");
      if (!encoded) throw py::error_already_set();
      py::bytes holder = py::reinterpret_steal<py::bytes>(encoded);
      in.owned.assign(PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded)));
      in.view = in.owned;
    }
  } else if (PyObject_CheckBuffer(html.ptr())) {
    py::buffer_info info = py::reinterpret_borrow<py::buffer>(html).request();
    if (info.ndim != 1 || info.itemsize != 1 || (info.ndim == 1 && info.strides[0] != 1))
      throw py::type_error("html: a buffer must be contiguous bytes");
    in.owned.assign(static_cast<const char*>(info.ptr), static_cast<std::size_t>(info.size));
    in.view = in.owned;
  } else {
    throw py::type_error(std::string("html must be str or bytes, not ") + Py_TYPE(html.ptr())->tp_name);
  }
  return in;
}

// "text" (or trafilatura's "txt"), "markdown" ("md"), "html", "json", "xml".
pith::Format format_named(const std::string& name) {
  if (name == "txt") return pith::Format::text;
  if (auto format = pith::parse_format(name)) return *format;
  throw py::value_error("unknown format '" + name + "': use \"text\", \"markdown\", \"html\", \"json\" or \"xml\"");
}

const char* format_name(pith::Format format) {
  switch (format) {
    case pith::Format::text: return "text";
    case pith::Format::markdown: return "markdown";
    case pith::Format::html: return "html";
    case pith::Format::json: return "json";
    case pith::Format::xml: return "xml";
  }
  return "text";
}

const char* block_kind_name(pith::BlockKind kind) {
  switch (kind) {
    case pith::BlockKind::heading: return "heading";
    case pith::BlockKind::paragraph: return "paragraph";
    case pith::BlockKind::list_item: return "list_item";
    case pith::BlockKind::quote: return "quote";
    case pith::BlockKind::code: return "code";
    case pith::BlockKind::table_row: return "table_row";
  }
  return "paragraph";
}

const char* inline_kind_name(pith::InlineKind kind) {
  switch (kind) {
    case pith::InlineKind::link: return "link";
    case pith::InlineKind::image: return "image";
    case pith::InlineKind::emphasis: return "emphasis";
    case pith::InlineKind::strong: return "strong";
    case pith::InlineKind::code: return "code";
  }
  return "emphasis";
}

// The same names as the CLI's JSON error records (docs/cli.md, "Exit codes").
const char* error_code_name(pith::ErrorCode code) {
  switch (code) {
    case pith::ErrorCode::empty_input: return "empty_input";
    case pith::ErrorCode::input_too_large: return "input_too_large";
    case pith::ErrorCode::not_html: return "not_html";
    case pith::ErrorCode::fetch_failed: return "network";
    case pith::ErrorCode::io_failed: return "io_failed";
    case pith::ErrorCode::over_time_budget: return "over_time_budget";
    case pith::ErrorCode::bad_source: return "bad_source";
  }
  return "internal_error";
}

const char* warc_status_name(pith::WarcRecord::Status status) {
  switch (status) {
    case pith::WarcRecord::Status::ok: return "ok";
    case pith::WarcRecord::Status::too_large: return "too_large";
    case pith::WarcRecord::Status::truncated: return "truncated";
    case pith::WarcRecord::Status::malformed: return "malformed";
  }
  return "malformed";
}

// Python str indexes count code points; Inline's begin/end are UTF-8 byte
// offsets. Counting lead bytes converts one to the other.
std::size_t code_points_before(std::string_view text, std::size_t byte_offset) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < byte_offset && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// What pith.extract() returns: the C++ Document and its rendering in the
// requested format, made while the GIL was released.
struct Extraction {
  pith::Document doc;
  pith::Format format = pith::Format::text;
  std::string content;
};

struct ExtractArgs {
  pith::Options options;
  pith::Format format = pith::Format::text;
  pith::RenderOptions render;
};

std::shared_ptr<Extraction> run_extract(const py::handle& html, ExtractArgs args) {
  PageInput in = page_input(html);
  if (in.is_text && args.options.charset.empty()) args.options.charset = "UTF-8";
  auto result = std::make_shared<Extraction>();
  {
    py::gil_scoped_release release;
    result->doc = pith::extract(in.view, args.options);
    result->format = args.format;
    result->content = pith::render(result->doc, args.format, args.render);
  }
  return result;
}

pith::Focus focus_from(bool precision, bool recall) {
  if (precision && recall)
    throw py::value_error("precision and recall exclude each other: set at most one of them");
  return precision ? pith::Focus::precision : recall ? pith::Focus::recall : pith::Focus::balanced;
}

std::chrono::milliseconds time_budget_from(const py::object& seconds) {
  if (seconds.is_none()) return std::chrono::milliseconds(0);
  double s = seconds.cast<double>();
  if (!(s >= 0) || !std::isfinite(s))
    throw py::value_error("time_budget must be a number of seconds >= 0, or None for no limit");
  // A positive budget under half a millisecond must not round to 0, "no limit".
  long long ms = std::llround(s * 1000);
  return std::chrono::milliseconds(s > 0 && ms == 0 ? 1 : ms);
}

// A charset the caller names must be one pith can decode; a typo would
// otherwise be ignored silently and the page decoded by its own declaration.
std::string charset_named(const std::string& label) {
  if (pith::encoding::canonical_charset(label).empty())
    throw py::value_error("unknown charset '" + label.substr(0, 80) +
                          "': use a WHATWG encoding label such as \"utf-8\", \"windows-1252\", \"gbk\" "
                          "or \"shift_jis\"");
  return label;
}

// pith::FetchError -> pith.FetchError, its `code` the kind's name as in the
// CLI's JSON records ("dns", "http_status"...) and `status` the HTTP status.
py::object fetch_error_object(const pith::FetchError& e) {
  py::object cls = py::module_::import("pith._errors").attr("FetchError");
  return cls(to_str(e.what()), py::arg("code") = std::string(pith::fetch_error_name(e.kind())),
             py::arg("status") = e.status());
}

// pith.FetchOptions (python/pith/_fetch.py) <-> pith::FetchOptions. The
// defaults are C++'s, handed to the dataclass by fetch_option_defaults().
py::dict fetch_option_defaults() {
  pith::FetchOptions o;
  py::dict d;
  d["timeout"] = o.timeout_seconds;
  d["connect_timeout"] = o.connect_timeout_seconds;
  d["max_redirects"] = o.max_redirects;
  d["max_bytes"] = o.max_bytes;
  d["user_agent"] = o.user_agent;
  d["accept_any_type"] = o.accept_any_type;
  d["block_private_addresses"] = o.block_private_addresses;
  d["retries"] = o.retries;
  d["retry_backoff"] = o.retry_backoff_seconds;
  d["max_retry_wait"] = o.max_retry_wait_seconds;
  return d;
}

pith::FetchOptions fetch_options_from(const py::handle& o) {
  pith::FetchOptions options;
  options.timeout_seconds = o.attr("timeout").cast<double>();
  options.connect_timeout_seconds = o.attr("connect_timeout").cast<double>();
  options.max_redirects = o.attr("max_redirects").cast<long>();
  options.max_bytes = o.attr("max_bytes").cast<std::size_t>();
  options.user_agent = o.attr("user_agent").cast<std::string>();
  options.accept_any_type = o.attr("accept_any_type").cast<bool>();
  options.block_private_addresses = o.attr("block_private_addresses").cast<bool>();
  options.retries = o.attr("retries").cast<int>();
  options.retry_backoff_seconds = o.attr("retry_backoff").cast<double>();
  options.max_retry_wait_seconds = o.attr("max_retry_wait").cast<double>();
  return options;
}

// How often a long call with the GIL released looks for Ctrl-C.
constexpr std::chrono::milliseconds kSignalCheckInterval{100};

// Runs work(stop) on a thread of its own with the GIL released, while this
// thread runs Python's signal handlers every kSignalCheckInterval: Ctrl-C
// sets *stop (work must then return soon) and makes this return false, the
// KeyboardInterrupt set. An exception of work is rethrown here.
bool run_interruptibly(const std::function<void(const std::atomic<bool>*)>& work) {
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool interrupted = false;
  std::exception_ptr failure;
  py::gil_scoped_release release;
  std::thread worker([&] {
    try {
      work(&stop);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex);
    done = true;
    finished.notify_one();
  });
  std::unique_lock lock(mutex);
  while (!finished.wait_for(lock, kSignalCheckInterval, [&] { return done; })) {
    if (interrupted) continue;
    lock.unlock();
    {
      py::gil_scoped_acquire acquire;
      interrupted = PyErr_CheckSignals() != 0;
    }
    if (interrupted) stop = true;
    lock.lock();
  }
  lock.unlock();
  worker.join();
  if (interrupted) return false;
  if (failure) std::rethrow_exception(failure);
  return true;
}

// A WarcReader is not thread-safe; the lock makes a reader shared between
// Python threads safe. It is only ever taken with the GIL released: next()
// on a file object calls read() under it, which needs the GIL, so a thread
// holding the GIL while it waits for the lock would deadlock with it.
struct PyWarcReader {
  std::unique_ptr<pith::WarcReader> reader;
  std::mutex mutex;
  // A binary file object being read (instead of a path), and the error its
  // read() raised: the reader sees the end of its input then, and next()
  // raises this as OSError once the GIL is held again.
  py::object file;
  std::string read_error;
};

// Reads from a Python binary file object for the C++ reader, which calls this
// with the GIL released.
pith::WarcReader::ReadFunction python_file_reader(PyWarcReader& owner) {
  return [&owner](char* buffer, std::size_t size) -> std::size_t {
    py::gil_scoped_acquire acquire;
    try {
      // bytes, bytearray, memoryview: anything with a contiguous buffer.
      py::object chunk = owner.file.attr("read")(size);
      if (!PyObject_CheckBuffer(chunk.ptr()) || PyUnicode_Check(chunk.ptr()))
        throw py::type_error(std::string("read() must return bytes, not ") + Py_TYPE(chunk.ptr())->tp_name);
      Py_buffer view;
      if (PyObject_GetBuffer(chunk.ptr(), &view, PyBUF_SIMPLE) != 0) throw py::error_already_set();
      const auto n = static_cast<std::size_t>(view.len);
      if (n <= size) std::memcpy(buffer, view.buf, n);
      PyBuffer_Release(&view);
      if (n > size) throw py::value_error("read() returned more bytes than asked for");
      return n;
    } catch (const py::error_already_set& e) {  // it has taken (cleared) the Python error
      owner.read_error = e.what();
    } catch (const std::exception& e) {
      owner.read_error = e.what();
    }
    return 0;
  };
}

py::dict timings_dict(const pith::Timings& t) {
  auto seconds = [](std::chrono::nanoseconds ns) { return std::chrono::duration<double>(ns).count(); };
  py::dict d;
  d["decode"] = seconds(t.decode);
  d["parse"] = seconds(t.parse);
  d["build"] = seconds(t.build);
  d["extract"] = seconds(t.extract);
  d["metadata"] = seconds(t.metadata);
  d["features"] = seconds(t.features);
  d["selection"] = seconds(t.selection);
  d["render"] = seconds(t.render);
  d["classify"] = seconds(t.classify);
  d["language"] = seconds(t.language);
  d["fingerprint"] = seconds(t.fingerprint);
  return d;
}

}  // namespace

PYBIND11_MODULE(_pith, m) {
  m.doc() = "C++ core of the pith package (see `import pith; help(pith)`)";
  m.attr("__version__") = pith::version;
  m.attr("DEFAULT_MAX_INPUT_BYTES") = pith::Options{}.max_input_bytes;
  m.attr("DEFAULT_MAX_RECORD_BYTES") = pith::WarcReaderOptions{}.max_record_bytes;
  m.attr("LONGEST_FETCH_TIMEOUT") = pith::kLongestFetchTimeoutSeconds;

  // pith::Error -> pith.<Kind>Error; the classes live in Python so that they
  // can also derive from ValueError / OSError / TimeoutError.
  // pith._errors is imported here, at load time, so that a broken package
  // fails the import rather than the first error.
  py::module_::import("pith._errors");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const pith::FetchError& e) {
      py::object error = fetch_error_object(e);
      PyErr_SetObject(error.get_type().ptr(), error.ptr());
    } catch (const pith::Error& e) {
      py::object cls = py::module_::import("pith._errors").attr("error_for_code")(error_code_name(e.code()));
      PyErr_SetObject(cls.ptr(), cls(to_str(e.what())).ptr());
    }
  });

  py::class_<pith::Metadata>(m, "Metadata", "What the page says about itself; '' or [] where no source has it.")
      .def_property_readonly("title", [](const pith::Metadata& x) { return to_str(x.title); },
                             "the headline, '' when none")
      .def_property_readonly("authors", [](const pith::Metadata& x) { return to_str_list(x.authors); },
                             "the bylines' names, in page order")
      .def_property_readonly("date_published", [](const pith::Metadata& x) { return to_str(x.date_published); },
                             "ISO 8601 date or timestamp, as the page gives it")
      .def_property_readonly("date_modified", [](const pith::Metadata& x) { return to_str(x.date_modified); },
                             "ISO 8601, '' when none")
      .def_property_readonly("site_name", [](const pith::Metadata& x) { return to_str(x.site_name); },
                             "the publication or site")
      .def_property_readonly("description", [](const pith::Metadata& x) { return to_str(x.description); },
                             "the page's summary (meta description, og:description)")
      .def_property_readonly("language", [](const pith::Metadata& x) { return to_str(x.language); },
                             "the language the page declares (html lang, og:locale)")
      .def_property_readonly("canonical_url", [](const pith::Metadata& x) { return to_str(x.canonical_url); },
                             "the page's canonical address (link rel=canonical, og:url)")
      .def_property_readonly("image", [](const pith::Metadata& x) { return to_str(x.image); },
                             "the page's lead image (og:image)")
      .def_property_readonly("tags", [](const pith::Metadata& x) { return to_str_list(x.tags); },
                             "the page's keywords and tags")
      .def_property_readonly("categories", [](const pith::Metadata& x) { return to_str_list(x.categories); },
                             "the page's sections and categories")
      .def_property_readonly("page_type", [](const pith::Metadata& x) { return to_str(x.page_type); },
                             "What kind of page this is, by pith's page-type model: article, collection, "
                             "documentation, forum, listing, product or service")
      .def_property_readonly("page_type_confidence", [](const pith::Metadata& x) { return x.page_type_confidence; },
                             "The model's probability of page_type")
      .def_property_readonly("declared_page_type", [](const pith::Metadata& x) { return to_str(x.declared_page_type); },
                             "What the page declares itself to be (JSON-LD, microdata, og:type), '' if nothing")
      .def_property_readonly("license", [](const pith::Metadata& x) { return to_str(x.license); },
                             "the content's licence (JSON-LD, rel=license, dc.rights): a URL or a name")
      .def("__repr__", [](const pith::Metadata& x) {
        return py::str("Metadata(title={!r}, authors={!r}, date_published={!r}, site_name={!r}, page_type={!r})")
            .format(to_str(x.title), to_str_list(x.authors), to_str(x.date_published), to_str(x.site_name),
                    to_str(x.page_type));
      });

  py::class_<pith::Comment>(m, "Comment", "One comment of the page's thread (include_comments=True).")
      .def_property_readonly("author", [](const pith::Comment& c) { return to_str(c.author); },
                             "who wrote it, '' when unknown")
      .def_property_readonly("date", [](const pith::Comment& c) { return to_str(c.date); },
                             "when, as the page gives it")
      .def_property_readonly("text", [](const pith::Comment& c) { return to_str(c.text); }, "the comment's text")
      .def("__repr__", [](const pith::Comment& c) {
        return py::str("Comment(author={!r}, date={!r}, text={!r})").format(to_str(c.author), to_str(c.date),
                                                                          to_str(c.text));
      });

  py::class_<pith::Block>(m, "Block", "One block of the main content, in document order.")
      .def_property_readonly("kind", [](const pith::Block& b) { return block_kind_name(b.kind); },
                             "heading, paragraph, list_item, quote, code or table_row")
      .def_readonly("level", &pith::Block::level, "heading: 1..6; list_item: nesting depth")
      .def_readonly("ordered", &pith::Block::ordered, "list_item: of an ordered list")
      .def_readonly("header", &pith::Block::header, "table_row: every cell is a header cell")
      .def_property_readonly("text", [](const pith::Block& b) { return to_str(b.text); },
                             "the block's text (table_row: the cells joined by \" | \")")
      .def_property_readonly("cells", [](const pith::Block& b) { return to_str_list(b.cells); },
                             "table_row: the cells' texts")
      .def_property_readonly("language", [](const pith::Block& b) { return to_str(b.language); },
                             "code: the declared language, e.g. \"python\"")
      .def_property_readonly(
          "inlines",
          [](const pith::Block& b) {
            py::list list;
            for (const pith::Inline& span : b.inlines) {
              py::dict d;
              d["kind"] = inline_kind_name(span.kind);
              d["start"] = code_points_before(b.text, span.begin);
              d["end"] = code_points_before(b.text, span.end);
              if (span.kind == pith::InlineKind::link || span.kind == pith::InlineKind::image)
                d["url"] = to_str(span.url);
              if (span.kind == pith::InlineKind::image) d["alt"] = to_str(span.alt);
              list.append(d);
            }
            return list;
          },
          "links, images and emphasis as dicts; start/end index `text` (code points)")
      .def("__repr__", [](const pith::Block& b) {
        return py::str("Block(kind={!r}, text={!r})").format(block_kind_name(b.kind), to_str(b.text));
      });

  py::class_<Extraction, std::shared_ptr<Extraction>>(m, "Document",
                                                      "The result of pith.extract(): main content and metadata.")
      .def_property_readonly("content", [](const Extraction& x) { return to_str(x.content); },
                             "the main content in the requested format (str(doc) gives the same)")
      .def_property_readonly("format", [](const Extraction& x) { return format_name(x.format); },
                             "the format of `content`")
      .def_property_readonly("text", [](const Extraction& x) { return to_str(x.doc.text); },
                             "the main content as plain text, whatever the format")
      .def_property_readonly("url", [](const Extraction& x) { return to_str(x.doc.url); },
                             "the page's address (the url argument)")
      .def_property_readonly("title", [](const Extraction& x) { return to_str(x.doc.title); },
                             "the headline at the top of the content")
      .def_property_readonly("language", [](const Extraction& x) { return to_str(x.doc.language); },
                             "the content's language, detected (BCP-47, 'unknown' under 100 characters)")
      .def_property_readonly("language_confidence", [](const Extraction& x) { return x.doc.language_confidence; },
                             "share of the text in `language`, 0..1")
      .def_property_readonly("declared_language", [](const Extraction& x) { return to_str(x.doc.declared_language()); },
                             "the language the page declares (metadata.language)")
      .def_property_readonly("simhash", [](const Extraction& x) { return x.doc.simhash; },
                             "64-bit SimHash of the text: near-duplicates are a few bits apart")
      .def_property_readonly("text_hash", [](const Extraction& x) { return x.doc.text_hash; },
                             "64-bit hash of the normalised text: equal for exact duplicates")
      .def_property_readonly("no_content_reason", [](const Extraction& x) { return to_str(x.doc.no_content_reason); },
                             "why a page with text has no main content (target_language), '' otherwise")
      .def_property_readonly("charset", [](const Extraction& x) { return to_str(x.doc.charset); },
                             "the charset the bytes were decoded from, e.g. \"GB18030\"")
      .def_property_readonly("charset_source", [](const Extraction& x) { return to_str(x.doc.charset_source); },
                             "bom, caller, http, meta, detected or default")
      .def_property_readonly("metadata", [](const Extraction& x) { return x.doc.metadata; },
                             "what the page says about itself (pith.Metadata)")
      .def_property_readonly("comments", [](const Extraction& x) {
        py::list list;
        for (const pith::Comment& c : x.doc.comments) list.append(py::cast(c));
        return list;
      }, "the comment thread (include_comments=True), as pith.Comment objects")
      .def_property_readonly("blocks", [](const Extraction& x) {
        py::list list;
        for (const pith::Block& b : x.doc.blocks) list.append(py::cast(b));
        return list;
      }, "the content's blocks in document order (pith.Block)")
      .def_property_readonly("truncations", [](const Extraction& x) { return to_str_list(x.doc.truncations); },
                             "what the hostile-input limits cut off; empty when nothing was cut")
      .def_property_readonly("has_main_content", [](const Extraction& x) { return x.doc.has_main_content(); },
                             "False when no block was kept")
      .def_property_readonly("confidence", [](const Extraction& x) { return x.doc.confidence; },
                             "A prediction of the content's word F1 against the page's real main content, in [0, 1]")
      .def_property_readonly("timings", [](const Extraction& x) { return timings_dict(x.doc.timings); },
                             "seconds per stage")
      .def(
          "render",
          [](const Extraction& x, const std::string& format, bool links, bool images, bool plain) {
            pith::Format f = format_named(format);
            std::string out;
            {
              py::gil_scoped_release release;
              pith::RenderOptions options;
              options.links = links;
              options.images = images;
              options.plain = plain;
              out = pith::render(x.doc, f, options);
            }
            return to_str(out);
          },
          py::arg("format") = "text", py::kw_only(), py::arg("links") = false, py::arg("images") = false,
          py::arg("plain") = false,
          "Renders the content again in another format.")
      .def("__str__", [](const Extraction& x) { return to_str(x.content); })
      .def("__repr__", [](const Extraction& x) {
        return py::str("<pith.Document title={!r} format={!r} content: {} chars, {} blocks>")
            .format(to_str(x.doc.title), format_name(x.format), py::len(to_str(x.content)), x.doc.blocks.size());
      });

  m.def(
      "extract",
      [](const py::object& html, const py::object& url, const std::string& format, bool precision, bool recall,
         bool include_comments, bool include_title, bool links, bool images, bool plain, const py::object& charset,
         const py::object& content_type, std::size_t max_input_bytes, const py::object& time_budget,
         const py::object& target_language) {
        ExtractArgs args;
        args.format = format_named(format);
        if (!url.is_none()) args.options.url = url.cast<std::string>();
        if (!charset.is_none()) args.options.charset = charset_named(charset.cast<std::string>());
        if (!content_type.is_none()) args.options.content_type = content_type.cast<std::string>();
        args.options.focus = focus_from(precision, recall);
        args.options.include_comments = include_comments;
        args.options.include_title = include_title;
        args.options.max_input_bytes = max_input_bytes;
        args.options.time_budget = time_budget_from(time_budget);
        if (!target_language.is_none()) args.options.target_language = target_language.cast<std::string>();
        args.options.links = links;
        args.options.images = images;
        args.render.links = links;
        args.render.images = images;
        args.render.plain = plain;
        return run_extract(html, std::move(args));
      },
      py::arg("html"), py::kw_only(), py::arg("url") = py::none(), py::arg("format") = "text",
      py::arg("precision") = false, py::arg("recall") = false, py::arg("include_comments") = false,
      py::arg("include_title") = false, py::arg("links") = false, py::arg("images") = false,
      py::arg("plain") = false, py::arg("charset") = py::none(), py::arg("content_type") = py::none(),
      py::arg("max_input_bytes") = pith::Options{}.max_input_bytes, py::arg("time_budget") = 60.0,
      py::arg("target_language") = py::none(),
      R"(Extracts the main content and metadata of one page.

html: the page as bytes (any encoding: BOM, content_type, <meta charset> or
  detection decide, as in the CLI) or str (already decoded; taken as UTF-8).
url: the page's address; links and images are made absolute against it.
format: "text" (or "txt"), "markdown" (or "md"), "html", "json" or "xml"; the
  rendering is Document.content (and str(doc)). Text keeps list bullets and
  numbers, nesting and one line per table row (see plain).
precision / recall: favour leaving out / keeping blocks in doubt.
include_comments: find the comment thread (Document.comments, JSON "comments").
include_title: put the headline at the top of the content when it stands
  outside it, and keep a story's headline its content holds (off: the
  headline is Document.title).
links / images: keep links / images in every format (text: the address after
  the link's text, [alt] for an image; JSON: "links" of the whole page and
  "images" of the content, with caption and size).
plain: text without bullets, numbers or indentation (Document.text).
charset: a charset the caller knows, overriding the page's declaration.
content_type: the HTTP Content-Type header ("text/html; charset=gbk").
max_input_bytes: larger inputs raise InputTooLargeError.
time_budget: seconds per page (None: no limit); over it raises TimeBudgetError.
target_language: "fr", "zh"...: content detected in another language (or too
  short to tell) gives no main content, Document.no_content_reason says why.

Raises pith.EmptyInputError, NotHtmlError, InputTooLargeError,
TimeBudgetError (all pith.PithError); TypeError for other html types.
The GIL is released while the page is processed.)");

  py::class_<pith::HttpResponse>(m, "HttpResponse", "An HTTP response from a WARC `response` record.")
      .def_readonly("status", &pith::HttpResponse::status, "the HTTP status code (0 when the status line is missing)")
      .def_property_readonly("headers", [](const pith::HttpResponse& r) { return to_header_list(r.headers); },
                             "(name, value) pairs in order")
      .def_property_readonly("body", [](const pith::HttpResponse& r) { return to_bytes(r.body); },
                             "the payload, chunking and gzip/deflate removed")
      .def_property_readonly("error", [](const pith::HttpResponse& r) { return to_str(r.error); },
                             "'' when parsed, else why the payload cannot be used")
      .def_property_readonly("is_html", [](const pith::HttpResponse& r) { return pith::is_html(r); },
                             "Content-Type (or sniffing) says HTML")
      .def("header", [](const pith::HttpResponse& r, const std::string& name) { return to_str(r.header(name)); },
           py::arg("name"), "the first header with this name (case-insensitive), '' when absent");

  m.def(
      "parse_http_response",
      [](const py::bytes& block, std::size_t max_body_bytes) {
        std::string_view view(PyBytes_AS_STRING(block.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(block.ptr())));
        py::gil_scoped_release release;
        return pith::parse_http_response(view, max_body_bytes);
      },
      py::arg("block"), py::arg("max_body_bytes") = pith::Options{}.max_input_bytes,
      "Parses the block of a WARC response record (HTTP status line, headers, payload).");

  py::class_<pith::WarcRecord>(m, "WarcRecord", "One record of a WARC file.")
      .def_property_readonly("version", [](const pith::WarcRecord& r) { return to_str(r.version); },
                             "\"WARC/1.0\" or \"WARC/1.1\"")
      .def_property_readonly("headers", [](const pith::WarcRecord& r) { return to_header_list(r.headers); },
                             "the WARC headers, (name, value) pairs in order")
      .def("header", [](const pith::WarcRecord& r, const std::string& name) { return to_str(r.header(name)); },
           py::arg("name"), "the first WARC header with this name (case-insensitive), '' when absent")
      .def_property_readonly("type", [](const pith::WarcRecord& r) { return to_str(r.type()); },
                             "WARC-Type: response, request, metadata...")
      .def_property_readonly("record_id", [](const pith::WarcRecord& r) { return to_str(r.record_id()); },
                             "WARC-Record-ID")
      .def_property_readonly("target_uri", [](const pith::WarcRecord& r) { return to_str(r.target_uri()); },
                             "WARC-Target-URI")
      .def_property_readonly("date", [](const pith::WarcRecord& r) { return to_str(r.date()); }, "WARC-Date")
      .def_readonly("content_length", &pith::WarcRecord::content_length, "Content-Length of the block")
      .def_readonly("offset", &pith::WarcRecord::offset, "where the record starts in the uncompressed stream")
      .def_property_readonly("file_offset", [](const pith::WarcRecord& r) -> py::object {
        return r.has_file_range ? py::int_(r.file_offset) : py::object(py::none());
      }, "where the record's bytes (its gzip member / zstd frame) start in the file; None when it shares one")
      .def_property_readonly("file_length", [](const pith::WarcRecord& r) -> py::object {
        return r.has_file_range ? py::int_(r.file_length) : py::object(py::none());
      }, "how many bytes of the file hold the record; None when it shares its member")
      .def_property_readonly("status", [](const pith::WarcRecord& r) { return warc_status_name(r.status); },
                             "ok, too_large, truncated or malformed")
      .def_property_readonly("error", [](const pith::WarcRecord& r) { return to_str(r.error); },
                             "why the record is not ok, '' when it is")
      .def_property_readonly("block", [](const pith::WarcRecord& r) { return to_bytes(r.block); },
                             "the record's block (for a response: HTTP headers + payload)")
      .def(
          "http_response",
          [](const pith::WarcRecord& r, std::size_t max_body_bytes) {
            py::gil_scoped_release release;
            return pith::parse_http_response(r.block, max_body_bytes);
          },
          py::arg("max_body_bytes") = pith::Options{}.max_input_bytes,
          "parse_http_response(record.block) without copying the block into Python")
      .def("__repr__", [](const pith::WarcRecord& r) {
        return py::str("<pith.WarcRecord {} {} {} ({})>")
            .format(to_str(r.type()), to_str(r.record_id()), to_str(r.target_uri()), warc_status_name(r.status));
      });

  py::class_<PyWarcReader>(m, "WarcReader",
                           "Streams the records of a WARC file (.warc or .warc.gz): a path, or a binary file\n"
                           "object (its read(n) is called); iterate over it.")
      .def(py::init([](const py::object& path, std::size_t max_record_bytes) {
             auto r = std::make_unique<PyWarcReader>();
             pith::WarcReaderOptions options;
             options.max_record_bytes = max_record_bytes;
             if (py::hasattr(path, "read")) {  // a binary file object: a pipe, a socket, io.BytesIO
               r->file = path;
               r->reader = std::make_unique<pith::WarcReader>(python_file_reader(*r), options);
               return r;
             }
             // str, bytes or os.PathLike, as open() takes them; bytes are the
             // file system's own, str is encoded as os.fsencode does.
             std::string p = py::module_::import("os").attr("fsencode")(path).cast<std::string>();
             r->reader = std::make_unique<pith::WarcReader>(p, options);
             return r;
           }),
           py::arg("path"), py::kw_only(), py::arg("max_record_bytes") = pith::WarcReaderOptions{}.max_record_bytes)
      .def("__iter__", [](PyWarcReader& r) -> PyWarcReader& { return r; })
      .def("__next__", [](PyWarcReader& r) {
        auto record = std::make_unique<pith::WarcRecord>();
        bool more = false;
        std::string read_error;
        {
          py::gil_scoped_release release;
          std::lock_guard lock(r.mutex);
          more = r.reader->next(*record);
          read_error = std::exchange(r.read_error, {});
        }
        if (!read_error.empty())
          throw pith::Error(pith::ErrorCode::io_failed, "reading the WARC file object failed: " + read_error);
        if (!more) throw py::stop_iteration();
        return record;
      })
      .def_property_readonly(
          "compressed",
          [](PyWarcReader& r) {
            py::gil_scoped_release release;
            std::lock_guard lock(r.mutex);
            return r.reader->compressed();
          },
          "the file is gzip or zstd compressed");

  py::class_<pith::FetchResult>(m, "FetchResult", "A page fetched over HTTP(S) (pith.fetch, pith.fetch_many).")
      .def_property_readonly("body", [](const pith::FetchResult& r) { return to_bytes(r.body); },
                             "the raw bytes, content-encoding (gzip, brotli...) undone")
      .def_property_readonly("url", [](const pith::FetchResult& r) { return to_str(r.final_url); },
                             "the final URL, after redirects")
      .def_readonly("status", &pith::FetchResult::status, "the HTTP status code")
      .def_property_readonly("content_type", [](const pith::FetchResult& r) { return to_str(r.content_type); },
                             "the Content-Type header, '' when absent")
      .def_property_readonly("charset", [](const pith::FetchResult& r) { return to_str(r.charset); },
                             "the charset parameter of content_type, '' when none")
      .def_readonly("attempts", &pith::FetchResult::attempts, "1 + the retries made")
      .def("__repr__", [](const pith::FetchResult& r) {
        return py::str("<pith.FetchResult {} {} {} bytes>").format(r.status, to_str(r.final_url), r.body.size());
      });

  m.def("fetch_option_defaults", &fetch_option_defaults, "pith::FetchOptions' defaults, by pith.FetchOptions' names");

  m.def(
      "fetch",
      [](const std::string& url, const py::object& options) {
        // On the crawler's Fetcher (one URL, no robots.txt, no delay) rather
        // than pith::fetch(), which cannot be stopped: Ctrl-C must not wait
        // for a 30-second timeout.
        pith::CrawlOptions crawl;
        crawl.fetch = fetch_options_from(options);
        crawl.max_connections = 1;
        crawl.min_host_delay_seconds = 0;
        crawl.respect_robots = false;
        pith::Fetcher fetcher(crawl);
        std::optional<pith::FetchOutcome> outcome;
        pith::Fetcher::Hooks hooks;
        hooks.on_done = [&outcome](std::size_t, pith::FetchOutcome done) { outcome = std::move(done); };
        if (!run_interruptibly([&](const std::atomic<bool>* stop) {
              hooks.stop = stop;
              fetcher.run({url}, hooks);
            }))
          throw py::error_already_set();
        if (!outcome || !(outcome->result || outcome->error))
          throw pith::FetchError(pith::FetchErrorKind::network, url + ": the fetcher reported no outcome");
        if (outcome->error) throw *outcome->error;
        return std::move(*outcome->result);
      },
      py::arg("url"), py::arg("options"), "GETs one URL (pith.fetch); raises pith.FetchError.");

  m.def(
      "fetch_many",
      [](const py::list& url_list, const py::object& options, int max_connections, int max_per_host,
         double min_host_delay, bool respect_robots) {
        std::vector<std::string> urls;
        urls.reserve(url_list.size());
        for (const py::handle& url : url_list) urls.push_back(url.cast<std::string>());
        if (max_connections < 1 || max_per_host < 1)
          throw py::value_error("max_connections and max_per_host must be at least 1");
        if (!(min_host_delay >= 0)) throw py::value_error("min_host_delay must be a number of seconds >= 0");
        pith::CrawlOptions crawl;
        crawl.fetch = fetch_options_from(options);
        crawl.max_connections = max_connections;
        crawl.max_per_host = max_per_host;
        crawl.min_host_delay_seconds = min_host_delay;
        crawl.respect_robots = respect_robots;
        std::vector<pith::FetchOutcome> outcomes(urls.size());
        pith::Fetcher fetcher(crawl);
        pith::Fetcher::Hooks hooks;
        hooks.on_done = [&outcomes](std::size_t index, pith::FetchOutcome outcome) {
          outcomes[index] = std::move(outcome);
        };
        if (!run_interruptibly([&](const std::atomic<bool>* stop) {
              hooks.stop = stop;
              fetcher.run(urls, hooks);
            }))
          throw py::error_already_set();  // KeyboardInterrupt (or another signal handler's exception)
        py::list list;
        for (std::size_t i = 0; i < urls.size(); ++i) {
          pith::FetchOutcome& o = outcomes[i];
          py::object result = o.result ? py::cast(std::move(*o.result)) : py::object(py::none());
          py::object error = o.error ? fetch_error_object(*o.error) : py::object(py::none());
          list.append(py::make_tuple(url_list[i], result, error));
        }
        return list;
      },
      py::arg("urls"), py::arg("options"), py::arg("max_connections"), py::arg("max_per_host"),
      py::arg("min_host_delay"), py::arg("respect_robots"),
      "Fetches many URLs concurrently (pith.fetch_many): (url, FetchResult or None, FetchError or None) "
      "per URL, in input order.");

  m.def(
      "decode",
      [](const py::bytes& data, const std::string& content_type, const std::string& charset) {
        std::string_view view(PyBytes_AS_STRING(data.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(data.ptr())));
        pith::encoding::Decoded decoded;
        {
          py::gil_scoped_release release;
          decoded = pith::encoding::to_utf8(view, {.caller_charset = charset, .content_type = content_type});
        }
        return py::make_tuple(to_str(decoded.utf8), to_str(decoded.charset));
      },
      py::arg("data"), py::arg("content_type") = "", py::arg("charset") = "",
      "The page's bytes as str, decoded as pith.extract() decodes them: (text, charset used).");
}
