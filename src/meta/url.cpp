#include "meta/url.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <memory>

#include "text/ascii.hpp"

namespace pith::meta {
namespace {

struct UrlDeleter {
  void operator()(CURLU* u) const { curl_url_cleanup(u); }
};
struct CurlStringDeleter {
  void operator()(char* s) const { curl_free(s); }
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

bool unsafe_scheme(std::string_view ref) {
  // Browsers ignore tabs and line breaks inside a scheme; so do we.
  std::string squeezed;
  for (char c : ref.substr(0, 16))
    if (c != '\t' && c != '\n' && c != '\r' && c != ' ') squeezed += text::ascii_lower(c);
  for (std::string_view scheme : {"javascript:", "data:", "vbscript:"})
    if (squeezed.rfind(scheme, 0) == 0) return true;
  return false;
}

// The last base parsed on this thread: a page's links all resolve against
// the same base, and parsing it once spares most of the work per link.
struct ParsedBase {
  std::string text;
  std::unique_ptr<CURLU, UrlDeleter> url;  // null when `text` did not parse
};

// A fresh handle holding `base` parsed, or null when it does not parse.
std::unique_ptr<CURLU, UrlDeleter> handle_for(const std::string& base) {
  thread_local ParsedBase last;
  if (last.text != base || !last.url) {
    std::unique_ptr<CURLU, UrlDeleter> url(curl_url());
    if (!url || curl_url_set(url.get(), CURLUPART_URL, base.c_str(), CURLU_NON_SUPPORT_SCHEME) != CURLUE_OK)
      return nullptr;
    last.text = base;
    last.url = std::move(url);
  }
  return std::unique_ptr<CURLU, UrlDeleter>(curl_url_dup(last.url.get()));
}

// An absolute http(s) URL that curl would give back unchanged: lower-case
// host without port or user, a path, nothing curl encodes or rewrites (no
// space, quote, backslash, non-ASCII, % but in an escape; no dot segment; no
// empty query or fragment). Most links are such; they skip curl's parse
// (~25,000 instructions each). Checked against curl on the dev pages' 101,569
// href/src values, each against its page's address and two other bases
// (304,707 pairs, bench notes in the commit): identical.
bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Bytes curl keeps as they are in a URL's path, query and fragment ('%' only
// in an escape, tested apart).
constexpr std::array<bool, 256> kKeptAsIs = [] {
  std::array<bool, 256> kept{};
  for (int c = 0x21; c < 0x7F; ++c) kept[c] = true;
  for (char c : std::string_view("\"<>\\^`{|}%")) kept[static_cast<unsigned char>(c)] = false;
  return kept;
}();

bool already_resolved(std::string_view u) {
  std::size_t p;
  if (u.rfind("https://", 0) == 0) p = 8;
  else if (u.rfind("http://", 0) == 0) p = 7;
  else return false;
  const std::size_t host = p;
  while (p < u.size() && ((u[p] >= 'a' && u[p] <= 'z') || (u[p] >= '0' && u[p] <= '9') || u[p] == '.' || u[p] == '-'))
    ++p;
  if (p == host || p >= u.size() || u[p] != '/') return false;
  // A dot segment ("/./", "/../") may start at the slash before the host
  // ("https://./x") or at a slash of the path; an empty fragment at a '?'
  // ("?#"). They are looked for in the one pass over the bytes, as is where
  // the path ends (the first '?' or '#').
  if ((p - host == 1 && u[host] == '.') || (p - host == 2 && u[host] == '.' && u[host + 1] == '.')) return false;
  std::size_t path_end = u.size();
  while (p < u.size()) {
    const char c = u[p];
    if (kKeptAsIs[static_cast<unsigned char>(c)]) {
      if (c == '/') {
        if (u.compare(p, 3, "/./") == 0 || u.compare(p, 4, "/../") == 0) return false;
      } else if (c == '?' || c == '#') {
        if (c == '?' && p + 1 < u.size() && u[p + 1] == '#') return false;
        path_end = std::min(path_end, p);
      }
      ++p;
    } else if (c == '%' && p + 2 < u.size() && is_hex_digit(u[p + 1]) && is_hex_digit(u[p + 2])) {
      p += 3;
    } else {
      return false;
    }
  }
  if (u.back() == '?' || u.back() == '#') return false;
  const std::string_view path = u.substr(0, path_end);
  auto ends_with = [&](std::string_view tail) {
    return path.size() >= tail.size() && path.substr(path.size() - tail.size()) == tail;
  };
  return !ends_with("/.") && !ends_with("/..");
}

// already_resolved(base), remembered for the last base seen on this thread:
// a page's links all resolve against the same one.
bool canonical_base(std::string_view base) {
  thread_local std::string last_base;
  thread_local bool last_canonical = false;
  if (base != last_base) {
    last_base.assign(base);
    last_canonical = already_resolved(base);
  }
  return last_canonical;
}

// `u` with the root path curl adds to an absolute http(s) URL that has none
// ("https://host" or "https://host?q"); "" when it has one or is no such URL.
std::string with_root_path(std::string_view u) {
  const std::size_t scheme_end = u.find("://");
  if (scheme_end == std::string_view::npos || scheme_end > 5) return {};
  const std::size_t host_end = u.find_first_of("/?#", scheme_end + 3);
  if (host_end != std::string_view::npos && u[host_end] == '/') return {};
  std::string rooted(u.substr(0, host_end));
  rooted += '/';
  if (host_end != std::string_view::npos) rooted.append(u.substr(host_end));
  return rooted;
}

// `u` if curl would give it back unchanged, or with the root path it lacks;
// "" otherwise.
std::string as_curl_gives_it(std::string u) {
  if (already_resolved(u)) return u;
  std::string rooted = with_root_path(u);
  if (!rooted.empty() && already_resolved(rooted)) return rooted;
  return {};
}

// `ref` joined to `base` as RFC 3986 joins the common shapes of relative
// reference: "//host/path" (the base's scheme), "/path" (from the base's
// host), "?query" (the base's path) and "path", "./path" or "../path" (from
// the base's directory). "" for every other shape (a scheme, "#frag", a dot
// segment not followed by a name), which is left to curl. `base` must be
// already_resolved.
std::string join_common_relative(std::string_view base, std::string_view ref) {
  if (ref[0] == '#') return {};
  const std::size_t origin_end = base.find('/', base.find("://") + 3);  // where the path starts
  std::string_view prefix;
  if (ref.rfind("//", 0) == 0) {
    prefix = base.substr(0, base.find(':') + 1);  // the base's scheme
  } else if (ref.substr(0, ref.find_first_of("/?#")).find(':') != std::string_view::npos) {
    return {};
  } else if (ref[0] == '/') {
    prefix = base.substr(0, origin_end);
  } else if (ref[0] == '?') {
    prefix = base.substr(0, base.find_first_of("?#"));
  } else {
    const std::string_view path = base.substr(0, base.find_first_of("?#"));
    prefix = path.substr(0, path.rfind('/') + 1);
    // "./" stays in the directory, "../" goes up one, never above the root
    // (RFC 3986 5.2.4).
    for (;;) {
      if (ref.rfind("./", 0) == 0) {
        ref.remove_prefix(2);
      } else if (ref.rfind("../", 0) == 0) {
        ref.remove_prefix(3);
        if (prefix.size() > origin_end + 1) prefix = prefix.substr(0, prefix.rfind('/', prefix.size() - 2) + 1);
      } else {
        break;
      }
    }
    // What is left must be a name, not another dot segment or nothing.
    if (ref.empty() || ref[0] == '.' || ref[0] == '/' || ref[0] == '?' || ref[0] == '#') return {};
  }
  std::string joined;
  joined.reserve(prefix.size() + ref.size());
  joined.append(prefix).append(ref);
  return joined;
}

}  // namespace

std::string resolve_url(std::string_view base, std::string_view ref) {
  ref = trim(ref);
  if (ref.empty() || unsafe_scheme(ref)) return {};
  if (already_resolved(ref)) return std::string(ref);
  base = trim(base);
  // On a canonical base: an absolute link that lacks only its root path, or a
  // simple relative link whose join curl would give back unchanged. (On a
  // base curl cannot parse, curl's answer is the link as it is.)
  if (canonical_base(base)) {
    std::string joined = with_root_path(ref);
    if (joined.empty()) joined = join_common_relative(base, ref);
    if (!joined.empty() && !(joined = as_curl_gives_it(std::move(joined))).empty()) return joined;
  }
  // A fragment alone names a place in the base document itself (RFC 3986
  // 5.2.2). curl 7.88 drops the base's file name and query here.
  if (ref[0] == '#' && !base.empty()) {
    const std::string_view document = base.substr(0, base.find('#'));
    // An empty fragment is dropped, as curl drops it from absolute URLs.
    if (document.find("://") != std::string_view::npos) return std::string(document).append(ref.size() > 1 ? ref : "");
  }
  std::string base_string(base);
  std::string ref_string(ref);
  // Setting an absolute base first makes curl resolve the second, relative URL
  // against it; without one only absolute references parse.
  std::unique_ptr<CURLU, UrlDeleter> url = base_string.empty() ? std::unique_ptr<CURLU, UrlDeleter>(curl_url())
                                                                : handle_for(base_string);
  if (!url) return ref_string;
  if (curl_url_set(url.get(), CURLUPART_URL, ref_string.c_str(),
                   CURLU_NON_SUPPORT_SCHEME | CURLU_URLENCODE) != CURLUE_OK)
    return ref_string;
  char* raw = nullptr;
  if (curl_url_get(url.get(), CURLUPART_URL, &raw, 0) != CURLUE_OK || raw == nullptr) return ref_string;
  std::unique_ptr<char, CurlStringDeleter> owned(raw);
  return std::string(raw);
}

}  // namespace pith::meta
