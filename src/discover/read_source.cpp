// read_source: sniffs the document, then streams it through expat (XML) or
// splits its lines (a text sitemap). Expat is fed a chunk at a time and calls
// back per element, so memory stays flat. A DOCTYPE with an internal subset
// (where entities are declared) stops the parse before the subset is read,
// any entity declaration stops it too, and no external entity is ever loaded
// (no handler is set): billion laughs and XXE never expand.
//
// Expat, not libxml2: libxml2 as Debian builds it pulls in ICU, 2.8 MB of
// resident memory on every run of pith, which broke the hostile corpus's
// memory bound for the largest page; expat costs about 0.2 MB.
#include <expat.h>
#include <iconv.h>

#include <cerrno>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>

#include "discover/entries.hpp"
#include "discover/limits.hpp"
#include "discover/source_bytes.hpp"
#include "meta/url.hpp"
#include "pith/discover.hpp"

namespace pith::discover {
namespace {

constexpr const char* kEntitiesRefused =
    "the document may declare XML entities (a DOCTYPE with an internal subset): refused, as entity "
    "expansion (billion laughs) and external entities (XXE) would be";

// The document with its first bytes already read, for sniffing.
struct Input {
  explicit Input(std::string_view bytes) : stream(bytes) {
    head.resize(kSniffBytes);
    head.resize(stream.read(head.data(), head.size()));
  }
  std::size_t read(char* out, std::size_t size) {
    if (head_used < head.size()) {
      const std::size_t n = std::min(size, head.size() - head_used);
      head.copy(out, n, head_used);
      head_used += n;
      return n;
    }
    return stream.read(out, size);
  }
  SourceBytes stream;
  std::string head;
  std::size_t head_used = 0;
};

bool looks_like_xml(std::string_view head) {
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  while (!head.empty() && static_cast<unsigned char>(head.front()) <= ' ') head.remove_prefix(1);
  return !head.empty() && head.front() == '<';
}

void read_text(Input& input, std::string_view base, const std::function<void(FoundUrl)>& on_url) {
  std::string line;
  bool cut = false;
  const auto flush = [&] {
    std::string_view s = line;
    if (s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);
    while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
    while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
    // The protocol wants absolute URLs; relative ones are resolved all the same.
    if (!cut && !s.empty()) {
      std::string url = normalize_url(meta::resolve_url(base, s));
      if (!url.empty()) on_url(FoundUrl{std::move(url), ""});
    }
    line.clear();
    cut = false;
  };
  char chunk[16 << 10];
  for (std::size_t n; (n = input.read(chunk, sizeof chunk)) > 0;) {
    for (std::size_t i = 0; i < n; ++i) {
      if (chunk[i] == '\n') {
        flush();
      } else if (line.size() < kMaxTextLineBytes) {
        line.push_back(chunk[i]);
      } else {
        cut = true;
      }
    }
  }
  flush();
}

// The parse's state, shared with expat's C callbacks. An exception must not
// unwind through expat's frames: it waits here, the parser is stopped, and
// the loop below rethrows it.
struct ExpatContext {
  XML_Parser parser = nullptr;
  std::string_view base;
  const std::function<void(FoundUrl)>& on_url;
  std::optional<SourceKind> kind;
  std::optional<EntryCollector> collector;
  int depth = -1;  // of the element open last; the root is 0
  std::exception_ptr failure;

  void stop(std::exception_ptr why) {
    if (!failure) failure = std::move(why);
    XML_StopParser(parser, XML_FALSE);
  }
};

// Expat names namespaced elements and attributes "URI\x01local" (the
// separator given to XML_ParserCreateNS); the formats are matched by local name.
constexpr char kNamespaceSeparator = '\x01';
std::string_view local_name(const XML_Char* name) {
  const std::string_view s(name);
  const std::size_t cut = s.rfind(kNamespaceSeparator);
  return cut == std::string_view::npos ? s : s.substr(cut + 1);
}

template <typename F>
void guarded(void* data, F&& f) {
  auto* c = static_cast<ExpatContext*>(data);
  if (c->failure) return;
  try {
    f(*c);
  } catch (...) {
    c->stop(std::current_exception());
  }
}

void on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
  guarded(data, [&](ExpatContext& c) {
    const std::string_view local = local_name(name);
    const int depth = ++c.depth;
    if (!c.kind) {
      SourceKind root{};
      if (!kind_of_root(local, root))
        throw Error(ErrorCode::bad_source, "not a sitemap or feed (root element <" + std::string(local) + ">)");
      c.kind = root;
      c.collector.emplace(root, c.base, c.on_url);
    }
    c.collector->start(local, depth, [attributes](const char* wanted) {
      for (const XML_Char** a = attributes; a[0] != nullptr; a += 2)
        if (local_name(a[0]) == wanted) return std::string(a[1]);
      return std::string();
    });
  });
}

void on_end(void* data, const XML_Char*) {
  guarded(data, [](ExpatContext& c) {
    if (c.collector) c.collector->end(c.depth);
    --c.depth;
  });
}

void on_text(void* data, const XML_Char* text, int length) {
  guarded(data, [&](ExpatContext& c) {
    if (c.collector) c.collector->text(std::string_view(text, static_cast<std::size_t>(length)));
  });
}

void on_doctype(void* data, const XML_Char*, const XML_Char*, const XML_Char*, int has_internal_subset) {
  if (has_internal_subset != 0)
    static_cast<ExpatContext*>(data)->stop(std::make_exception_ptr(Error(ErrorCode::bad_source, kEntitiesRefused)));
}

void on_entity(void* data, const XML_Char*, int, const XML_Char*, int, const XML_Char*, const XML_Char*,
               const XML_Char*, const XML_Char*) {
  static_cast<ExpatContext*>(data)->stop(std::make_exception_ptr(Error(ErrorCode::bad_source, kEntitiesRefused)));
}

// Expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself; a feed declared
// in another single-byte charset (windows-1252, KOI8-R...) is mapped with
// iconv, byte by byte. Multi-byte charsets other than UTF-8/16 are refused.
int on_unknown_encoding(void*, const XML_Char* name, XML_Encoding* info) {
  iconv_t cd = iconv_open("UTF-32LE", name);
  if (cd == reinterpret_cast<iconv_t>(-1)) return XML_STATUS_ERROR;
  bool single_byte = true;
  for (int byte = 0; byte < 256; ++byte) {
    char in = static_cast<char>(byte);
    char out[8];
    char* in_p = &in;
    char* out_p = out;
    std::size_t in_left = 1, out_left = sizeof out;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    if (iconv(cd, &in_p, &in_left, &out_p, &out_left) == static_cast<std::size_t>(-1) || out_left != 4) {
      // Not a character on its own: a lead byte of a multi-byte charset, or unassigned.
      if (byte >= 0x80 && errno == EINVAL) single_byte = false;
      info->map[byte] = -1;
      continue;
    }
    std::uint32_t code = 0;
    for (int i = 3; i >= 0; --i) code = (code << 8) | static_cast<unsigned char>(out[i]);
    info->map[byte] = static_cast<int>(code);
  }
  iconv_close(cd);
  info->data = nullptr;
  info->convert = nullptr;
  info->release = nullptr;
  return single_byte ? XML_STATUS_OK : XML_STATUS_ERROR;
}

struct ParserDeleter {
  void operator()(XML_ParserStruct* p) const { XML_ParserFree(p); }
};

SourceKind read_xml(Input& input, std::string_view base, const std::function<void(FoundUrl)>& on_url) {
  std::unique_ptr<XML_ParserStruct, ParserDeleter> parser(XML_ParserCreateNS(nullptr, kNamespaceSeparator));
  if (!parser) throw Error(ErrorCode::bad_source, "expat: cannot create an XML parser");
  ExpatContext context{parser.get(), base, on_url, {}, {}, -1, nullptr};
  XML_SetUserData(parser.get(), &context);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  XML_SetCharacterDataHandler(parser.get(), on_text);
  XML_SetStartDoctypeDeclHandler(parser.get(), on_doctype);
  XML_SetEntityDeclHandler(parser.get(), on_entity);
  XML_SetUnknownEncodingHandler(parser.get(), on_unknown_encoding, nullptr);
  XML_SetParamEntityParsing(parser.get(), XML_PARAM_ENTITY_PARSING_NEVER);

  char chunk[64 << 10];
  bool last = false;
  while (!last) {
    const std::size_t n = input.read(chunk, sizeof chunk);
    last = n == 0;
    if (XML_Parse(parser.get(), chunk, static_cast<int>(n), last ? XML_TRUE : XML_FALSE) != XML_STATUS_OK) {
      if (context.failure) std::rethrow_exception(context.failure);
      throw Error(ErrorCode::bad_source,
                  std::string("not well-formed XML: ") + XML_ErrorString(XML_GetErrorCode(parser.get())) + " (line " +
                      std::to_string(XML_GetCurrentLineNumber(parser.get())) + ")");
    }
  }
  if (context.failure) std::rethrow_exception(context.failure);
  if (!context.kind) throw Error(ErrorCode::bad_source, "not well-formed XML: no root element");
  return *context.kind;
}

}  // namespace
}  // namespace pith::discover

namespace pith {

SourceKind read_source(std::string_view bytes, std::string_view base, const std::function<void(FoundUrl)>& on_url) {
  discover::Input input(bytes);
  if (input.head.empty()) throw Error(ErrorCode::empty_input, "the document is empty");
  if (discover::looks_like_xml(input.head)) return discover::read_xml(input, base, on_url);
  // A text sitemap must start with a URL; anything else (an HTML page, JSON,
  // binary data) is none.
  if (input.head.find("://") == std::string::npos)
    throw Error(ErrorCode::bad_source, "not a sitemap or feed (neither XML nor a list of URLs)");
  discover::read_text(input, base, on_url);
  return SourceKind::text_sitemap;
}

std::string_view source_kind_name(SourceKind kind) noexcept {
  switch (kind) {
    case SourceKind::sitemap: return "sitemap";
    case SourceKind::sitemap_index: return "sitemap_index";
    case SourceKind::text_sitemap: return "text_sitemap";
    case SourceKind::rss: return "rss";
    case SourceKind::atom: return "atom";
    case SourceKind::rdf: return "rdf";
  }
  return "sitemap";
}

}  // namespace pith
