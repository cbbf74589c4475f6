// Statistical charset detection (uchardet) for pages that declare nothing, or
// whose declaration the bytes contradict.
#pragma once

#include <string>
#include <string_view>

namespace pith::encoding {

// uchardet's verdict on the first 64 KiB, as uchardet names it ("GB18030",
// "WINDOWS-1251", "ASCII", "UTF-8"...); "" when it cannot tell.
std::string detect_charset_name(std::string_view bytes);

// The iconv name to decode with for a detector verdict: WHATWG-canonical where
// the name is also a WHATWG label (ISO-8859-1 -> WINDOWS-1252, EUC-KR -> CP949),
// otherwise the detector's own name when iconv accepts it (IBM852, VISCII...).
// "" for "ASCII", "" and names iconv cannot open.
std::string charset_for_detected_name(std::string_view detected);

}  // namespace pith::encoding
