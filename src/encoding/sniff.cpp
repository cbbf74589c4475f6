// Everything decided from the bytes and headers before any decoding: byte
// order marks, the Content-Type charset parameter, the HTML <meta> prescan and
// the WHATWG label table.
#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <optional>
#include <utility>
#include <vector>

#include "encoding/decode.hpp"
#include "encoding/sniff.hpp"
#include "text/ascii.hpp"

namespace pith::encoding {
namespace {

// The HTML prescan looks at 1024 bytes; real pages often put <meta charset>
// after large inline scripts or styles, so look further, as the brief for
// decoding (and the detector window) does.
constexpr std::size_t kPrescanWindow = 64 * 1024;

using text::ascii_lower;
using text::is_ascii_whitespace;

constexpr bool is_ascii_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool starts_with_ignoring_ascii_case(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() &&
         text::iequals_ascii(s.substr(0, prefix.size()), prefix);
}

std::string_view trim_ascii_whitespace(std::string_view s) noexcept {
  while (!s.empty() && is_ascii_whitespace(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_whitespace(s.back())) s.remove_suffix(1);
  return s;
}

// ---------------------------------------------------------------------------
// WHATWG Encoding Standard, "Encodings" table, label -> iconv (glibc) name.
// Where glibc offers several decoders for one WHATWG encoding, the one whose
// repertoire matches the browsers' index is chosen:
//  - Shift_JIS -> CP932: glibc SHIFT_JIS decodes 0x5C as YEN SIGN and lacks the
//    NEC/IBM rows (circled digits...) that Japanese pages use.
//  - EUC-JP -> EUC-JP-MS: same NEC/IBM rows, same choices as CP932.
//  - EUC-KR -> CP949: WHATWG euc-kr is Microsoft's UHC superset.
//  - Big5 -> BIG5-HKSCS: WHATWG big5 is Big5-HKSCS; glibc's BIG5-HKSCS decodes
//    ~4600 more pairs than CP950 (CP950 knows ~60 ETEN pairs it lacks).
//  - GBK/gb2312 -> GB18030: WHATWG decodes all of them with the gb18030 decoder.
//  - KOI8-U -> KOI8-RU: WHATWG koi8-u includes the Belarusian letters.
// "replacement" labels (ISO-2022-KR, ISO-2022-CN, HZ) are left out: browsers
// refuse to decode them; here they fall through to the next source.
// x-user-defined is mapped to windows-1252 instead of the browsers' private-use
// mapping, which would turn every non-ASCII byte into unreadable PUA characters.
constexpr auto kLabels = std::to_array<std::pair<std::string_view, std::string_view>>({
    // UTF-8
    {"unicode-1-1-utf-8", "UTF-8"}, {"unicode11utf8", "UTF-8"}, {"unicode20utf8", "UTF-8"},
    {"utf-8", "UTF-8"}, {"utf8", "UTF-8"}, {"x-unicode20utf8", "UTF-8"},
    // IBM866
    {"866", "IBM866"}, {"cp866", "IBM866"}, {"csibm866", "IBM866"}, {"ibm866", "IBM866"},
    // ISO-8859-2
    {"csisolatin2", "ISO-8859-2"}, {"iso-8859-2", "ISO-8859-2"}, {"iso-ir-101", "ISO-8859-2"},
    {"iso8859-2", "ISO-8859-2"}, {"iso88592", "ISO-8859-2"}, {"iso_8859-2", "ISO-8859-2"},
    {"iso_8859-2:1987", "ISO-8859-2"}, {"l2", "ISO-8859-2"}, {"latin2", "ISO-8859-2"},
    // ISO-8859-3
    {"csisolatin3", "ISO-8859-3"}, {"iso-8859-3", "ISO-8859-3"}, {"iso-ir-109", "ISO-8859-3"},
    {"iso8859-3", "ISO-8859-3"}, {"iso88593", "ISO-8859-3"}, {"iso_8859-3", "ISO-8859-3"},
    {"iso_8859-3:1988", "ISO-8859-3"}, {"l3", "ISO-8859-3"}, {"latin3", "ISO-8859-3"},
    // ISO-8859-4
    {"csisolatin4", "ISO-8859-4"}, {"iso-8859-4", "ISO-8859-4"}, {"iso-ir-110", "ISO-8859-4"},
    {"iso8859-4", "ISO-8859-4"}, {"iso88594", "ISO-8859-4"}, {"iso_8859-4", "ISO-8859-4"},
    {"iso_8859-4:1988", "ISO-8859-4"}, {"l4", "ISO-8859-4"}, {"latin4", "ISO-8859-4"},
    // ISO-8859-5
    {"csisolatincyrillic", "ISO-8859-5"}, {"cyrillic", "ISO-8859-5"}, {"iso-8859-5", "ISO-8859-5"},
    {"iso-ir-144", "ISO-8859-5"}, {"iso8859-5", "ISO-8859-5"}, {"iso88595", "ISO-8859-5"},
    {"iso_8859-5", "ISO-8859-5"}, {"iso_8859-5:1988", "ISO-8859-5"},
    // ISO-8859-6
    {"arabic", "ISO-8859-6"}, {"asmo-708", "ISO-8859-6"}, {"csiso88596e", "ISO-8859-6"},
    {"csiso88596i", "ISO-8859-6"}, {"csisolatinarabic", "ISO-8859-6"}, {"ecma-114", "ISO-8859-6"},
    {"iso-8859-6", "ISO-8859-6"}, {"iso-8859-6-e", "ISO-8859-6"}, {"iso-8859-6-i", "ISO-8859-6"},
    {"iso-ir-127", "ISO-8859-6"}, {"iso8859-6", "ISO-8859-6"}, {"iso88596", "ISO-8859-6"},
    {"iso_8859-6", "ISO-8859-6"}, {"iso_8859-6:1987", "ISO-8859-6"},
    // ISO-8859-7
    {"csisolatingreek", "ISO-8859-7"}, {"ecma-118", "ISO-8859-7"}, {"elot_928", "ISO-8859-7"},
    {"greek", "ISO-8859-7"}, {"greek8", "ISO-8859-7"}, {"iso-8859-7", "ISO-8859-7"},
    {"iso-ir-126", "ISO-8859-7"}, {"iso8859-7", "ISO-8859-7"}, {"iso88597", "ISO-8859-7"},
    {"iso_8859-7", "ISO-8859-7"}, {"iso_8859-7:1987", "ISO-8859-7"}, {"sun_eu_greek", "ISO-8859-7"},
    // ISO-8859-8 and ISO-8859-8-I (logical order only matters for display)
    {"csiso88598e", "ISO-8859-8"}, {"csisolatinhebrew", "ISO-8859-8"}, {"hebrew", "ISO-8859-8"},
    {"iso-8859-8", "ISO-8859-8"}, {"iso-8859-8-e", "ISO-8859-8"}, {"iso-ir-138", "ISO-8859-8"},
    {"iso8859-8", "ISO-8859-8"}, {"iso88598", "ISO-8859-8"}, {"iso_8859-8", "ISO-8859-8"},
    {"iso_8859-8:1988", "ISO-8859-8"}, {"visual", "ISO-8859-8"}, {"csiso88598i", "ISO-8859-8"},
    {"iso-8859-8-i", "ISO-8859-8"}, {"logical", "ISO-8859-8"},
    // ISO-8859-10, -13, -14, -15, -16
    {"csisolatin6", "ISO-8859-10"}, {"iso-8859-10", "ISO-8859-10"}, {"iso-ir-157", "ISO-8859-10"},
    {"iso8859-10", "ISO-8859-10"}, {"iso885910", "ISO-8859-10"}, {"l6", "ISO-8859-10"},
    {"latin6", "ISO-8859-10"},
    {"iso-8859-13", "ISO-8859-13"}, {"iso8859-13", "ISO-8859-13"}, {"iso885913", "ISO-8859-13"},
    {"iso-8859-14", "ISO-8859-14"}, {"iso8859-14", "ISO-8859-14"}, {"iso885914", "ISO-8859-14"},
    {"csisolatin9", "ISO-8859-15"}, {"iso-8859-15", "ISO-8859-15"}, {"iso8859-15", "ISO-8859-15"},
    {"iso885915", "ISO-8859-15"}, {"iso_8859-15", "ISO-8859-15"}, {"l9", "ISO-8859-15"},
    {"iso-8859-16", "ISO-8859-16"},
    // KOI8
    {"cskoi8r", "KOI8-R"}, {"koi", "KOI8-R"}, {"koi8", "KOI8-R"}, {"koi8-r", "KOI8-R"},
    {"koi8_r", "KOI8-R"}, {"koi8-ru", "KOI8-RU"}, {"koi8-u", "KOI8-RU"},
    // Mac
    {"csmacintosh", "MACINTOSH"}, {"mac", "MACINTOSH"}, {"macintosh", "MACINTOSH"},
    {"x-mac-roman", "MACINTOSH"}, {"x-mac-cyrillic", "MAC-CYRILLIC"},
    {"x-mac-ukrainian", "MAC-CYRILLIC"},
    // windows-874
    {"dos-874", "WINDOWS-874"}, {"iso-8859-11", "WINDOWS-874"}, {"iso8859-11", "WINDOWS-874"},
    {"iso885911", "WINDOWS-874"}, {"tis-620", "WINDOWS-874"}, {"windows-874", "WINDOWS-874"},
    // windows-1250, -1251
    {"cp1250", "WINDOWS-1250"}, {"windows-1250", "WINDOWS-1250"}, {"x-cp1250", "WINDOWS-1250"},
    {"cp1251", "WINDOWS-1251"}, {"windows-1251", "WINDOWS-1251"}, {"x-cp1251", "WINDOWS-1251"},
    // windows-1252: browsers decode latin1 and ascii labels as windows-1252
    {"ansi_x3.4-1968", "WINDOWS-1252"}, {"ascii", "WINDOWS-1252"}, {"cp1252", "WINDOWS-1252"},
    {"cp819", "WINDOWS-1252"}, {"csisolatin1", "WINDOWS-1252"}, {"ibm819", "WINDOWS-1252"},
    {"iso-8859-1", "WINDOWS-1252"}, {"iso-ir-100", "WINDOWS-1252"}, {"iso8859-1", "WINDOWS-1252"},
    {"iso88591", "WINDOWS-1252"}, {"iso_8859-1", "WINDOWS-1252"},
    {"iso_8859-1:1987", "WINDOWS-1252"}, {"l1", "WINDOWS-1252"}, {"latin1", "WINDOWS-1252"},
    {"us-ascii", "WINDOWS-1252"}, {"windows-1252", "WINDOWS-1252"}, {"x-cp1252", "WINDOWS-1252"},
    {"x-user-defined", "WINDOWS-1252"},
    // windows-1253
    {"cp1253", "WINDOWS-1253"}, {"windows-1253", "WINDOWS-1253"}, {"x-cp1253", "WINDOWS-1253"},
    // windows-1254: browsers decode latin5 labels as windows-1254
    {"cp1254", "WINDOWS-1254"}, {"csisolatin5", "WINDOWS-1254"}, {"iso-8859-9", "WINDOWS-1254"},
    {"iso-ir-148", "WINDOWS-1254"}, {"iso8859-9", "WINDOWS-1254"}, {"iso88599", "WINDOWS-1254"},
    {"iso_8859-9", "WINDOWS-1254"}, {"iso_8859-9:1989", "WINDOWS-1254"}, {"l5", "WINDOWS-1254"},
    {"latin5", "WINDOWS-1254"}, {"windows-1254", "WINDOWS-1254"}, {"x-cp1254", "WINDOWS-1254"},
    // windows-1255 .. 1258
    {"cp1255", "WINDOWS-1255"}, {"windows-1255", "WINDOWS-1255"}, {"x-cp1255", "WINDOWS-1255"},
    {"cp1256", "WINDOWS-1256"}, {"windows-1256", "WINDOWS-1256"}, {"x-cp1256", "WINDOWS-1256"},
    {"cp1257", "WINDOWS-1257"}, {"windows-1257", "WINDOWS-1257"}, {"x-cp1257", "WINDOWS-1257"},
    {"cp1258", "WINDOWS-1258"}, {"windows-1258", "WINDOWS-1258"}, {"x-cp1258", "WINDOWS-1258"},
    // GBK and gb18030
    {"chinese", "GB18030"}, {"csgb2312", "GB18030"}, {"csiso58gb231280", "GB18030"},
    {"gb2312", "GB18030"}, {"gb_2312", "GB18030"}, {"gb_2312-80", "GB18030"}, {"gbk", "GB18030"},
    {"iso-ir-58", "GB18030"}, {"x-gbk", "GB18030"}, {"gb18030", "GB18030"},
    // Big5
    {"big5", "BIG5-HKSCS"}, {"big5-hkscs", "BIG5-HKSCS"}, {"cn-big5", "BIG5-HKSCS"},
    {"csbig5", "BIG5-HKSCS"}, {"x-x-big5", "BIG5-HKSCS"},
    // EUC-JP, ISO-2022-JP, Shift_JIS
    {"cseucpkdfmtjapanese", "EUC-JP-MS"}, {"euc-jp", "EUC-JP-MS"}, {"x-euc-jp", "EUC-JP-MS"},
    {"csiso2022jp", "ISO-2022-JP"}, {"iso-2022-jp", "ISO-2022-JP"},
    {"csshiftjis", "CP932"}, {"ms932", "CP932"}, {"ms_kanji", "CP932"}, {"shift-jis", "CP932"},
    {"shift_jis", "CP932"}, {"sjis", "CP932"}, {"windows-31j", "CP932"}, {"x-sjis", "CP932"},
    // EUC-KR
    {"cseuckr", "CP949"}, {"csksc56011987", "CP949"}, {"euc-kr", "CP949"}, {"iso-ir-149", "CP949"},
    {"korean", "CP949"}, {"ks_c_5601-1987", "CP949"}, {"ks_c_5601-1989", "CP949"},
    {"ksc5601", "CP949"}, {"ksc_5601", "CP949"}, {"windows-949", "CP949"},
    // UTF-16
    {"unicodefffe", "UTF-16BE"}, {"utf-16be", "UTF-16BE"},
    {"csunicode", "UTF-16LE"}, {"iso-10646-ucs-2", "UTF-16LE"}, {"ucs-2", "UTF-16LE"},
    {"unicode", "UTF-16LE"}, {"unicodefeff", "UTF-16LE"}, {"utf-16", "UTF-16LE"},
    {"utf-16le", "UTF-16LE"},
    // Not WHATWG labels, but Windows code page names that pages and servers do
    // send, for encodings browsers decode anyway under their WHATWG names.
    {"cp936", "GB18030"}, {"windows-936", "GB18030"}, {"ms936", "GB18030"},
    {"euc-cn", "GB18030"}, {"cp950", "BIG5-HKSCS"}, {"cp932", "CP932"}, {"cp949", "CP949"},
    {"uhc", "CP949"}, {"utf_8", "UTF-8"},
});

// ---------------------------------------------------------------------------
// HTML "prescan a byte stream to determine its encoding", over a window.
class MetaPrescanner {
 public:
  explicit MetaPrescanner(std::string_view bytes) : bytes_(bytes) {}

  std::string run() {
    while (pos_ < bytes_.size()) {
      // Only '<' starts anything the prescan acts on.
      pos_ = bytes_.find('<', pos_);
      if (pos_ == std::string_view::npos) return {};
      const std::string_view rest = bytes_.substr(pos_);
      if (rest.starts_with("<!--")) {
        // The comment's "--" may overlap the opening, so "<!-->" is a whole comment.
        const std::size_t end = bytes_.find("-->", pos_ + 2);
        if (end == std::string_view::npos) return {};
        pos_ = end + 3;
      } else if (starts_with_ignoring_ascii_case(rest, "<meta") && rest.size() > 5 &&
                 (is_ascii_whitespace(rest[5]) || rest[5] == '/')) {
        pos_ += 5;
        if (std::string label = read_meta_attributes(); !label.empty()) return label;
      } else if (rest.size() >= 2 && rest[0] == '<' &&
                 (is_ascii_alpha(rest[1]) ||
                  (rest[1] == '/' && rest.size() >= 3 && is_ascii_alpha(rest[2])))) {
        // Walk over the tag's attributes so a "<meta" inside a quoted value is
        // not mistaken for a tag.
        pos_ += rest[1] == '/' ? 2 : 1;
        while (pos_ < bytes_.size() && !is_ascii_whitespace(bytes_[pos_]) && bytes_[pos_] != '>') {
          ++pos_;
        }
        while (read_attribute(/*keep=*/false)) {
        }
      } else if (rest.starts_with("<!") || rest.starts_with("</") || rest.starts_with("<?")) {
        const std::size_t end = bytes_.find('>', pos_ + 2);
        if (end == std::string_view::npos) return {};
        pos_ = end + 1;
      } else {
        ++pos_;
      }
    }
    return {};
  }

 private:
  struct Attribute {
    std::string name;
    std::string value;
  };

  bool at_end() const noexcept { return pos_ >= bytes_.size(); }
  char current() const noexcept { return bytes_[pos_]; }
  void skip_whitespace() noexcept {
    while (!at_end() && is_ascii_whitespace(current())) ++pos_;
  }

  // The spec's "get an attribute". Returns false at '>' or the end of input;
  // names and values come back lower-cased in attribute_ when `keep`. Only a
  // <meta>'s are read: the other tags' attributes are only walked over (a
  // page's head holds many, and copying each value cost most of the prescan).
  bool read_attribute(bool keep = true) {
    attribute_ = {};
    while (!at_end() && (is_ascii_whitespace(current()) || current() == '/')) ++pos_;
    if (at_end()) return false;
    if (current() == '>') {
      ++pos_;
      return false;
    }
    // Name. A leading '=' is part of the name, as in the spec.
    for (bool named = false;; named = true) {
      if (at_end()) return false;
      const char c = current();
      if (c == '=' && named) {
        ++pos_;
        break;
      }
      if (is_ascii_whitespace(c)) {
        skip_whitespace();
        if (at_end()) return false;
        if (current() != '=') return true;  // attribute without a value
        ++pos_;
        break;
      }
      if (c == '/' || c == '>') return true;
      if (keep) attribute_.name.push_back(ascii_lower(c));
      ++pos_;
    }
    // Value.
    skip_whitespace();
    if (at_end()) return false;
    if (const char quote = current(); quote == '"' || quote == '\'') {
      // Up to the closing quote at once (a description's content runs to
      // hundreds of bytes), lower-cased in place.
      const std::size_t close = bytes_.find(quote, pos_ + 1);
      if (close == std::string_view::npos) {
        pos_ = bytes_.size();
        return false;
      }
      if (keep) {
        attribute_.value.assign(bytes_.substr(pos_ + 1, close - pos_ - 1));
        for (char& c : attribute_.value) c = ascii_lower(c);
      }
      pos_ = close + 1;
      return true;
    }
    if (current() == '>') return true;
    while (!at_end() && !is_ascii_whitespace(current()) && current() != '>') {
      if (keep) attribute_.value.push_back(ascii_lower(current()));
      ++pos_;
    }
    return true;
  }

  // Reads the attributes of one <meta> and returns its label when it declares
  // a known encoding.
  std::string read_meta_attributes() {
    std::vector<std::string> seen_names;
    bool got_pragma = false;
    enum class NeedPragma { unset, yes, no } need_pragma = NeedPragma::unset;
    std::string label;
    while (read_attribute()) {
      if (std::find(seen_names.begin(), seen_names.end(), attribute_.name) != seen_names.end()) {
        continue;
      }
      seen_names.push_back(attribute_.name);
      if (attribute_.name == "http-equiv") {
        if (attribute_.value == "content-type") got_pragma = true;
      } else if (attribute_.name == "content") {
        std::string from_content = charset_from_meta_content(attribute_.value);
        if (!from_content.empty() && label.empty()) {
          label = std::move(from_content);
          need_pragma = NeedPragma::yes;
        }
      } else if (attribute_.name == "charset") {
        label = std::string(trim_ascii_whitespace(attribute_.value));
        need_pragma = NeedPragma::no;
      }
    }
    if (need_pragma == NeedPragma::unset) return {};
    if (need_pragma == NeedPragma::yes && !got_pragma) return {};
    if (canonical_charset(label).empty()) return {};
    return label;
  }

  // The spec's "extracting a character encoding from a meta element".
  static std::string charset_from_meta_content(std::string_view content) {
    std::size_t pos = 0;
    while (true) {
      const std::size_t found = content.find("charset", pos);  // content is lower-cased
      if (found == std::string_view::npos) return {};
      pos = found + 7;
      while (pos < content.size() && is_ascii_whitespace(content[pos])) ++pos;
      if (pos >= content.size() || content[pos] != '=') continue;
      ++pos;
      while (pos < content.size() && is_ascii_whitespace(content[pos])) ++pos;
      if (pos >= content.size()) return {};
      if (const char quote = content[pos]; quote == '"' || quote == '\'') {
        const std::size_t close = content.find(quote, pos + 1);
        if (close == std::string_view::npos) return {};
        return std::string(content.substr(pos + 1, close - pos - 1));
      }
      std::size_t end = pos;
      while (end < content.size() && !is_ascii_whitespace(content[end]) && content[end] != ';') {
        ++end;
      }
      return std::string(content.substr(pos, end - pos));
    }
  }

  std::string_view bytes_;
  std::size_t pos_ = 0;
  Attribute attribute_;
};

}  // namespace

std::optional<ByteOrderMark> sniff_bom(std::string_view bytes) noexcept {
  if (bytes.starts_with("\xEF\xBB\xBF")) return ByteOrderMark{"UTF-8", 3};
  if (bytes.starts_with("\xFF\xFE")) return ByteOrderMark{"UTF-16LE", 2};
  if (bytes.starts_with("\xFE\xFF")) return ByteOrderMark{"UTF-16BE", 2};
  return std::nullopt;
}

std::string canonical_charset(std::string_view label) {
  label = trim_ascii_whitespace(label);
  // Longest WHATWG label is 19 bytes ("cseucpkdfmtjapanese"); longer is garbage.
  if (label.empty() || label.size() > 32) return {};
  std::string lowered(label);
  std::transform(lowered.begin(), lowered.end(), lowered.begin(), ascii_lower);
  for (const auto& [known_label, iconv_name] : kLabels) {
    if (known_label == lowered) return std::string(iconv_name);
  }
  return {};
}

std::string charset_from_content_type(std::string_view content_type) {
  // Parameters are split on ';' (the media type itself is just a segment
  // without '='). Lenient like browsers' header parsers: white space around
  // '=' and single quotes are tolerated; the first charset wins.
  std::size_t pos = 0;
  while (pos < content_type.size()) {
    std::size_t name_end = pos;
    while (name_end < content_type.size() && content_type[name_end] != '=' &&
           content_type[name_end] != ';') {
      ++name_end;
    }
    const std::string_view name = trim_ascii_whitespace(content_type.substr(pos, name_end - pos));
    if (name_end >= content_type.size() || content_type[name_end] == ';') {
      pos = name_end + 1;
      continue;
    }
    std::size_t value_pos = name_end + 1;
    while (value_pos < content_type.size() && is_ascii_whitespace(content_type[value_pos])) {
      ++value_pos;
    }
    std::string value;
    std::size_t next = value_pos;
    if (value_pos < content_type.size() && content_type[value_pos] == '"') {
      // HTTP quoted-string: backslash escapes the next character.
      next = value_pos + 1;
      while (next < content_type.size() && content_type[next] != '"') {
        if (content_type[next] == '\\' && next + 1 < content_type.size()) ++next;
        value.push_back(content_type[next]);
        ++next;
      }
      next = content_type.find(';', next);
      if (next == std::string_view::npos) next = content_type.size();
    } else {
      next = content_type.find(';', value_pos);
      if (next == std::string_view::npos) next = content_type.size();
      std::string_view raw =
          trim_ascii_whitespace(content_type.substr(value_pos, next - value_pos));
      if (raw.size() >= 2 && raw.front() == '\'' && raw.back() == '\'') {
        raw = raw.substr(1, raw.size() - 2);
      }
      value = std::string(raw);
    }
    if (text::iequals_ascii(name, "charset")) {
      const std::string_view trimmed = trim_ascii_whitespace(value);
      if (!trimmed.empty()) return std::string(trimmed);
    }
    pos = next + 1;
  }
  return {};
}

std::string prescan_meta_charset(std::string_view bytes) {
  return MetaPrescanner(bytes.substr(0, std::min(bytes.size(), kPrescanWindow))).run();
}

}  // namespace pith::encoding
