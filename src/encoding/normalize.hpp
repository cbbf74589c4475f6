// Unicode normalisation of the decoded page (NFC), so that "é" written as
// "e" + U+0301 (as some editors and macOS file names produce) reads the same
// as the precomposed "é" in the output, in searches and in comparisons.
#pragma once

#include <string>

namespace pith::encoding {

// Composes `utf8` (valid UTF-8) to NFC in place when it holds combining
// diacritical marks (U+0300..U+036F, the marks that decomposed Latin, Greek
// and Cyrillic text carry); otherwise leaves it untouched without copying.
void compose_nfc(std::string& utf8);

}  // namespace pith::encoding
