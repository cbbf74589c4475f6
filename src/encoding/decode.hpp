// Turns the raw bytes of a page into UTF-8, deciding the charset the way a
// browser would (WHATWG Encoding + HTML "determining the character encoding"),
// with a few overrides for pages that declare one charset and use another.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pith::encoding {

struct Hints {
  std::string_view caller_charset;  // a charset the caller knows; trusted as is
  std::string_view content_type;    // the HTTP Content-Type header value
  // The capacity to give `utf8` for a page of n bytes, when the caller grows
  // it in place (dom::input_capacity); null: what the text needs. Kept on the
  // common path (UTF-8 in, copied as it is), where it saves the caller's copy.
  std::size_t (*capacity)(std::size_t) = nullptr;
};

struct Decoded {
  std::string utf8;     // always valid UTF-8, without NUL bytes and without a BOM
  std::string charset;  // the iconv name used, e.g. "UTF-8", "GB18030", "WINDOWS-1252"
  std::string source;   // "bom", "caller", "http", "meta", "detected" or "default"
};

// Never throws on bad input: undecodable bytes become U+FFFD.
Decoded to_utf8(std::string_view bytes, const Hints& hints);

// The charset parameter of a Content-Type value ("text/html; charset=\"GBK\""
// gives "GBK"), as written; "" if there is none.
std::string charset_from_content_type(std::string_view content_type);

// The label of the first <meta charset> or <meta http-equiv="Content-Type"
// content="...; charset=..."> in the first 64 KiB whose label is a known
// encoding, lower-cased as the HTML prescan does; "" if none. Skips comments
// and the attributes of other tags, so a "<meta" inside either is not taken.
std::string prescan_meta_charset(std::string_view bytes);

// The iconv name for a WHATWG encoding label (case and surrounding white space
// ignored), following the browsers' choices: latin1/ascii are windows-1252,
// gb2312/gbk are GB18030, shift_jis is CP932, euc-kr is CP949, big5 is
// BIG5-HKSCS. "" for an unknown label or one WHATWG maps to "replacement".
std::string canonical_charset(std::string_view label);

// The iconv name for a label pith can decode (canonical_charset, and iconv
// supports it): how a caller's charset is read. nullopt for any other label.
std::optional<std::string> usable_charset(std::string_view label);

}  // namespace pith::encoding
