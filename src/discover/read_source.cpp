// read_source: sniffs the document, then streams it through libxml2's
// xmlTextReader (XML) or splits its lines (a text sitemap). The reader runs
// without entity substitution, DTD loading or network access, and a document
// that declares any entity is refused before its content is read: billion
// laughs and external entities (XXE) never expand.
#include <libxml/xmlreader.h>

#include <exception>
#include <mutex>
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

// Whether the prologue (what comes before the root element) holds a DOCTYPE
// with an internal subset: `<!DOCTYPE x [ ... ]>`, the only place XML
// entities are declared. Sitemaps and feeds never need one, so it is refused
// before libxml2 sees the document; the reader, which parses ahead of what
// it reports, would otherwise meet the entities' references first. A
// prologue longer than `head` counts as one (it is refused too).
bool has_internal_subset(std::string_view head) {
  std::size_t i = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (i < head.size()) {
    if (static_cast<unsigned char>(head[i]) <= ' ') {
      ++i;
    } else if (head.compare(i, 2, "<?") == 0) {
      const std::size_t end = head.find("?>", i + 2);
      if (end == std::string_view::npos) return true;
      i = end + 2;
    } else if (head.compare(i, 4, "<!--") == 0) {
      const std::size_t end = head.find("-->", i + 4);
      if (end == std::string_view::npos) return true;
      i = end + 3;
    } else if (head.compare(i, 9, "<!DOCTYPE") == 0) {
      // To its closing '>', quoted system and public ids skipped.
      char quote = 0;
      for (i += 9; i < head.size(); ++i) {
        const char c = head[i];
        if (quote != 0) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '[') {
          return true;
        } else if (c == '>') {
          break;
        }
      }
      if (i >= head.size()) return true;
      ++i;
    } else {
      return false;  // the root element (or text that is no XML, which the reader refuses)
    }
  }
  return false;
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

void init_libxml_once() {
  static std::once_flag once;
  std::call_once(once, [] { xmlInitParser(); });
}

// The state the reader's C callbacks share with the loop below. An exception
// must not unwind through libxml2's frames: it waits here and is rethrown.
struct ReaderContext {
  Input& input;
  std::exception_ptr failure;
  std::string error;  // the first parse error libxml2 reported
};

int read_callback(void* context, char* buffer, int length) {
  auto* c = static_cast<ReaderContext*>(context);
  try {
    return static_cast<int>(c->input.read(buffer, static_cast<std::size_t>(length)));
  } catch (...) {
    c->failure = std::current_exception();
    return -1;
  }
}

int close_callback(void*) { return 0; }

void error_callback(void* context, xmlErrorPtr error) {
  auto* c = static_cast<ReaderContext*>(context);
  if (!c->error.empty() || error == nullptr || error->message == nullptr) return;
  c->error = error->message;
  while (!c->error.empty() && (c->error.back() == '\n' || c->error.back() == ' ')) c->error.pop_back();
  if (error->line > 0) c->error += " (line " + std::to_string(error->line) + ")";
}

struct ReaderDeleter {
  void operator()(xmlTextReader* r) const { xmlFreeTextReader(r); }
};

std::string_view view(const xmlChar* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

SourceKind read_xml(Input& input, std::string_view base, const std::function<void(FoundUrl)>& on_url) {
  init_libxml_once();
  ReaderContext context{input, nullptr, {}};
  // No XML_PARSE_NOENT (entities would be substituted), no DTDLOAD/DTDATTR
  // (the external subset would be read), no HUGE (libxml2's own depth and
  // amplification limits stay on); NONET in case anything would still load.
  const int flags = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
  const std::string url(base);
  std::unique_ptr<xmlTextReader, ReaderDeleter> reader(
      xmlReaderForIO(read_callback, close_callback, &context, url.empty() ? nullptr : url.c_str(), nullptr, flags));
  if (!reader) throw Error(ErrorCode::bad_source, "libxml2: cannot create an XML reader");
  xmlTextReaderSetStructuredErrorHandler(reader.get(), error_callback, &context);

  std::optional<SourceKind> kind;
  std::optional<EntryCollector> collector;
  const auto fail = [&](const std::string& why) -> SourceKind { throw Error(ErrorCode::bad_source, why); };
  int status = 0;
  while ((status = xmlTextReaderRead(reader.get())) == 1) {
    const int type = xmlTextReaderNodeType(reader.get());
    if (type == XML_READER_TYPE_DOCUMENT_TYPE) {
      const xmlNode* node = xmlTextReaderCurrentNode(reader.get());
      const auto* dtd = reinterpret_cast<const xmlDtd*>(node);
      if (node != nullptr && node->type == XML_DTD_NODE && (dtd->entities != nullptr || dtd->pentities != nullptr))
        return fail(kEntitiesRefused);
      continue;
    }
    if (type == XML_READER_TYPE_ENTITY_REFERENCE) return fail("the document refers to an XML entity (refused)");
    const int depth = xmlTextReaderDepth(reader.get());
    if (type == XML_READER_TYPE_ELEMENT) {
      const std::string_view name = view(xmlTextReaderConstLocalName(reader.get()));
      if (!kind) {
        SourceKind root{};
        if (!kind_of_root(name, root))
          return fail("not a sitemap or feed (root element <" + std::string(name) + ">)");
        kind = root;
        collector.emplace(root, base, on_url);
      }
      xmlTextReader* r = reader.get();
      collector->start(name, depth, [r](const char* local) {
        // Attributes by local name, whatever their prefix (rdf:about).
        std::string value;
        if (xmlTextReaderMoveToFirstAttribute(r) == 1) {
          do {
            if (view(xmlTextReaderConstLocalName(r)) == local) {
              value = view(xmlTextReaderConstValue(r));
              break;
            }
          } while (xmlTextReaderMoveToNextAttribute(r) == 1);
          xmlTextReaderMoveToElement(r);
        }
        return value;
      });
      if (xmlTextReaderIsEmptyElement(reader.get()) == 1) collector->end(depth);
    } else if (type == XML_READER_TYPE_END_ELEMENT) {
      if (collector) collector->end(depth);
    } else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA) {
      if (collector) collector->text(view(xmlTextReaderConstValue(reader.get())));
    }
  }
  if (context.failure) std::rethrow_exception(context.failure);
  if (status < 0 || !kind)
    return fail(context.error.empty() ? "not well-formed XML" : "not well-formed XML: " + context.error);
  return *kind;
}

}  // namespace
}  // namespace pith::discover

namespace pith {

SourceKind read_source(std::string_view bytes, std::string_view base, const std::function<void(FoundUrl)>& on_url) {
  discover::Input input(bytes);
  if (input.head.empty()) throw Error(ErrorCode::empty_input, "the document is empty");
  if (discover::looks_like_xml(input.head)) {
    if (discover::has_internal_subset(input.head))
      throw Error(ErrorCode::bad_source, discover::kEntitiesRefused);
    return discover::read_xml(input, base, on_url);
  }
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
