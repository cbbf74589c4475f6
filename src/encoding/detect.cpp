#include "encoding/detect.hpp"

#include <uchardet/uchardet.h>

#include <algorithm>
#include <memory>

#include "encoding/convert.hpp"
#include "encoding/decode.hpp"

namespace pith::encoding {
namespace {

// Enough text for a confident verdict on any page; uchardet's cost is linear
// in what it is fed, and the head of a page is representative of the rest.
constexpr std::size_t kDetectionWindow = 64 * 1024;

struct UchardetDeleter {
  void operator()(uchardet* detector) const noexcept { uchardet_delete(detector); }
};

}  // namespace

std::string detect_charset_name(std::string_view bytes) {
  // One detector per call: a uchardet handle accumulates state.
  const std::unique_ptr<uchardet, UchardetDeleter> detector(uchardet_new());
  if (!detector) return {};
  const std::string_view sample = bytes.substr(0, std::min(bytes.size(), kDetectionWindow));
  if (uchardet_handle_data(detector.get(), sample.data(), sample.size()) != 0) return {};
  uchardet_data_end(detector.get());
  const char* name = uchardet_get_charset(detector.get());
  return name != nullptr ? std::string(name) : std::string();
}

std::string charset_for_detected_name(std::string_view detected) {
  // uchardet 0.0.7 says "ASCII" for pure ASCII; the WHATWG table would turn
  // that into windows-1252, which is the caller's decision, not a detection.
  if (detected.empty() || detected == "ASCII") return {};
  if (std::string canonical = canonical_charset(detected); !canonical.empty()) return canonical;
  // Names outside the WHATWG table (IBM852, VISCII, EUC-TW, ISO-2022-KR,
  // MAC-CENTRALEUROPE, UTF-32...) are iconv names already.
  std::string name(detected);
  return charset_supported(name) ? name : std::string();
}

}  // namespace pith::encoding
