// Text whose UTF-8 bytes were read a second time as windows-1252 before the
// page was written ("isnâ€™t" for "isn’t", "cafÃ©" for "café", "Â " for a
// no-break space): a CMS that stored UTF-8 in a Latin-1 column, a template
// that escaped it as entities. Browsers show such pages as they are; readers
// and the text's users want the characters meant. Each sequence that reads
// back as one well-formed UTF-8 character is decoded again, under the guards
// in mojibake.cpp that keep real Latin text ("CAFÉ»") as it is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pith::encoding {

// One repaired sequence: `length` bytes at `at` of the text became
// `repaired_length` bytes.
struct MojibakeRepair {
  std::uint32_t at = 0;
  std::uint32_t length = 0;
  std::uint32_t repaired_length = 0;
};

// `text` with every double-encoded character decoded, or nothing when it has
// none (most text: no copy is made); the repairs made, in order, in `repairs`
// (cleared first). A sequence that a position of `keep_whole` falls strictly
// inside is left alone (an inline element's edge).
std::optional<std::string> repair_mojibake(std::string_view text, std::vector<MojibakeRepair>& repairs,
                                           const std::vector<std::uint32_t>& keep_whole = {});

// Replaces each C1 control character (U+0080..U+009F) of `utf8` with the
// windows-1252 character of the same byte ("\u0092" becomes "’", "\u0080"
// "€"): text decoded as Latin-1 where windows-1252 was meant, or written so
// by a CMS. No page means a C1 control in its text (browsers show nothing for
// one); Gumbo would turn each into U+FFFD. The five bytes windows-1252 leaves
// undefined stay as they are. Left untouched, without a copy, when there are none.
void replace_c1_controls(std::string& utf8);

// Where byte `offset` of the original text is in the repaired one.
std::uint32_t repaired_offset(const std::vector<MojibakeRepair>& repairs, std::uint32_t offset);

}  // namespace pith::encoding
