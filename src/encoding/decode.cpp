// Which charset a page is in, by order of authority:
//   1. a byte order mark (it cannot lie, and is stripped);
//   2. the caller's charset (trusted as given: the caller may know better);
//   3. the HTTP Content-Type charset;
//   4. <meta charset> / <meta http-equiv> in the first 64 KiB;
//   5. detection: valid UTF-8 is UTF-8; otherwise uchardet on the first 64 KiB;
//   6. windows-1252, which decodes any byte.
// A declared label iconv does not know falls through to the next source.
// Declarations from HTTP and <meta> are checked against the bytes, since old
// pages and misconfigured servers often declare one charset and send another
// (see reconsider_declaration).
#include "encoding/decode.hpp"
#include "encoding/mojibake.hpp"
#include "encoding/normalize.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "encoding/convert.hpp"
#include "encoding/detect.hpp"
#include "encoding/sniff.hpp"
#include "text/utf8.hpp"

namespace pith::encoding {
namespace {

// How much of a page declared UTF-8 is checked for ill-formed sequences.
constexpr std::size_t kEvidenceWindow = 64 * 1024;
// A UTF-16 page always has NULs in its first KiB: its markup is ASCII.
constexpr std::size_t kUtf16EvidenceWindow = 1024;
// Below this many ill-formed sequences a UTF-8 page is taken to have a few
// stray bytes (pasted Latin-1, a truncated character) rather than be legacy.
constexpr std::size_t kMinInvalidSequencesToDoubtUtf8 = 4;

constexpr std::string_view kUtf8 = "UTF-8";
constexpr std::string_view kFallbackCharset = "WINDOWS-1252";

struct Choice {
  std::string charset;
  std::string source;
  bool valid_utf8 = false;  // the bytes were found well-formed UTF-8 on the way
};

bool is_utf16(std::string_view charset) { return charset.starts_with("UTF-16"); }

std::string_view head(std::string_view bytes, std::size_t size) {
  return bytes.substr(0, std::min(bytes.size(), size));
}

bool contains_nul(std::string_view bytes) {
  return std::memchr(bytes.data(), '\0', bytes.size()) != nullptr;
}

bool has_non_ascii(std::string_view bytes) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, sizeof word);
    if (word & 0x8080808080808080ULL) return true;
  }
  for (; i < bytes.size(); ++i) {
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) return true;
  }
  return false;
}

// Second-guesses a charset declared by HTTP or <meta> when the bytes say
// otherwise. Each rule fires only on strong evidence:
//  - Declared UTF-8, but within the first 64 KiB at least four ill-formed
//    sequences, outnumbering the well-formed multi-byte ones: the page is
//    legacy-encoded (typically a CMS template switched to UTF-8 around old
//    content). uchardet is then asked, and its answer is taken only if it names
//    a decodable charset other than UTF-8/ASCII; otherwise UTF-8 stands and the
//    bad bytes become U+FFFD, as in a browser.
//  - Declared a legacy charset, but the whole page is well-formed UTF-8 with at
//    least one multi-byte sequence: text in a legacy charset essentially never
//    forms valid UTF-8 by accident (every high byte would have to pair up into
//    exact lead/continuation patterns), whereas UTF-8 pages behind a stale
//    "iso-8859-1" header are common. 7-bit charsets (ISO-2022-JP) are covered
//    too: any multi-byte sequence proves they are not what was sent.
//  - Declared UTF-16 by HTTP without a BOM, but no NUL in the first KiB: the
//    bytes are ASCII-compatible; decode as UTF-8 (what HTML requires of a
//    <meta> that declares UTF-16).
std::optional<Choice> reconsider_declaration(std::string_view bytes, const std::string& declared) {
  if (declared == kUtf8) {
    const Utf8Evidence evidence = utf8_evidence(head(bytes, kEvidenceWindow));
    if (evidence.invalid_sequences < kMinInvalidSequencesToDoubtUtf8 ||
        evidence.invalid_sequences <= evidence.multibyte_sequences) {
      return std::nullopt;
    }
    const std::string detected = charset_for_detected_name(detect_charset_name(bytes));
    if (detected.empty() || detected == kUtf8) return std::nullopt;
    return Choice{detected, "detected"};
  }
  if (is_utf16(declared)) {
    if (contains_nul(head(bytes, kUtf16EvidenceWindow))) return std::nullopt;
    return Choice{std::string(kUtf8), "detected"};
  }
  if (has_non_ascii(bytes) && text::is_valid_utf8(bytes)) {
    return Choice{std::string(kUtf8), "detected", true};
  }
  return std::nullopt;
}

Choice checked_declaration(std::string_view bytes, std::string charset, const char* source) {
  // A declared UTF-8 page without an ill-formed sequence has nothing to
  // reconsider (and the check spares the conversion a second one).
  if (charset == kUtf8 && text::is_valid_utf8(bytes)) return Choice{std::move(charset), source, true};
  if (auto better = reconsider_declaration(bytes, charset)) return *better;
  return Choice{std::move(charset), source};
}

Choice detect(std::string_view bytes) {
  const bool valid_utf8 = text::is_valid_utf8(bytes);
  if (valid_utf8) {
    if (has_non_ascii(bytes)) return {std::string(kUtf8), "detected", true};
    // Pure ASCII is UTF-8, unless it carries the escape sequences of a 7-bit
    // charset (ISO-2022-JP) or NULs (UTF-16 without a BOM): let uchardet look.
    if (std::memchr(bytes.data(), '\x1B', bytes.size()) == nullptr && !contains_nul(bytes)) {
      return {std::string(kUtf8), "default", true};
    }
  }
  const std::string detected_name = detect_charset_name(bytes);
  if (detected_name == kUtf8) return {std::string(kUtf8), "detected", valid_utf8};
  if (std::string detected = charset_for_detected_name(detected_name); !detected.empty()) {
    return {std::move(detected), "detected"};
  }
  // uchardet said ASCII or nothing.
  if (valid_utf8) return {std::string(kUtf8), "default", true};
  return {std::string(kFallbackCharset), "default"};
}

Choice choose_charset(std::string_view bytes, const Hints& hints) {
  if (auto charset = usable_charset(hints.caller_charset)) return {std::move(*charset), "caller"};
  if (auto charset = usable_charset(charset_from_content_type(hints.content_type))) {
    return checked_declaration(bytes, std::move(*charset), "http");
  }
  if (auto charset = usable_charset(prescan_meta_charset(bytes))) {
    // HTML: a <meta> found by an ASCII prescan cannot truly mean UTF-16.
    if (is_utf16(*charset)) *charset = kUtf8;
    return checked_declaration(bytes, std::move(*charset), "meta");
  }
  return detect(bytes);
}

}  // namespace

std::optional<std::string> usable_charset(std::string_view label) {
  std::string charset = canonical_charset(label);
  if (charset.empty() || !charset_supported(charset)) return std::nullopt;
  return charset;
}

Decoded to_utf8(std::string_view bytes, const Hints& hints) {
  Decoded decoded;
  bool valid_utf8 = false;
  if (const auto bom = sniff_bom(bytes)) {
    decoded.charset = std::string(bom->charset);
    decoded.source = "bom";
    bytes.remove_prefix(bom->length);
  } else {
    Choice choice = choose_charset(bytes, hints);
    decoded.charset = std::move(choice.charset);
    decoded.source = std::move(choice.source);
    valid_utf8 = choice.valid_utf8;
  }
  if (valid_utf8 && decoded.charset == kUtf8 && !contains_nul(bytes)) {
    if (hints.capacity) decoded.utf8.reserve(hints.capacity(bytes.size()));
    decoded.utf8.assign(bytes);  // what clean_utf8 gives, without validating twice
  } else if (auto utf8 = convert_to_utf8(bytes, decoded.charset)) {
    decoded.utf8 = std::move(*utf8);
  } else {
    // Unreachable in practice: every chosen charset was checked with iconv.
    decoded.charset = std::string(kFallbackCharset);
    decoded.source = "default";
    decoded.utf8 = convert_to_utf8(bytes, decoded.charset).value_or(clean_utf8(bytes));
  }
  compose_nfc(decoded.utf8);
  replace_c1_controls(decoded.utf8);
  return decoded;
}

}  // namespace pith::encoding
