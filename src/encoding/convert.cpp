#include "encoding/convert.hpp"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "text/utf8.hpp"

namespace pith::encoding {
namespace {

constexpr std::string_view kReplacementUtf8 = "\xEF\xBF\xBD";

// Owns one conversion descriptor. iconv_t carries conversion state, so each
// conversion opens its own: sharing one between threads would corrupt output.
class IconvHandle {
 public:
  IconvHandle(const char* to, const char* from) : cd_(iconv_open(to, from)) {}
  ~IconvHandle() {
    if (ok()) iconv_close(cd_);
  }
  IconvHandle(const IconvHandle&) = delete;
  IconvHandle& operator=(const IconvHandle&) = delete;

  bool ok() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
  iconv_t get() const noexcept { return cd_; }

 private:
  iconv_t cd_;
};

bool is_utf8_name(const std::string& charset) { return charset == "UTF-8"; }

// After an undecodable sequence, resume at the next code unit: one byte for
// byte-oriented charsets (so an ASCII byte after a bad lead byte survives, as
// in WHATWG decoders), but a whole unit for UTF-16/32, where skipping a single
// byte would misalign and garble the rest of the document.
std::size_t code_unit_size(const std::string& charset) {
  if (charset.starts_with("UTF-16") || charset.starts_with("UCS-2")) return 2;
  if (charset.starts_with("UTF-32") || charset.starts_with("UCS-4")) return 4;
  return 1;
}

// Appends `run` (valid UTF-8) without its NUL bytes.
void append_without_nuls(std::string& out, std::string_view run) {
  while (!run.empty()) {
    const void* nul = std::memchr(run.data(), '\0', run.size());
    if (nul == nullptr) {
      out.append(run);
      return;
    }
    const std::size_t keep = static_cast<std::size_t>(static_cast<const char*>(nul) - run.data());
    out.append(run.substr(0, keep));
    run.remove_prefix(keep + 1);
  }
}

bool is_clean(std::string_view bytes) noexcept {
  return text::is_valid_utf8(bytes) && std::memchr(bytes.data(), '\0', bytes.size()) == nullptr;
}

std::string rebuild_clean(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + 16);
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::size_t run = text::valid_utf8_prefix_length(bytes.substr(i));
    append_without_nuls(out, bytes.substr(i, run));
    i += run;
    if (i >= bytes.size()) break;
    text::decode_utf8(bytes, i);  // only to skip the ill-formed subpart
    out.append(kReplacementUtf8);
  }
  return out;
}

}  // namespace

std::string clean_utf8(std::string_view bytes) {
  if (is_clean(bytes)) return std::string(bytes);
  return rebuild_clean(bytes);
}

bool charset_supported(const std::string& charset) {
  if (is_utf8_name(charset)) return true;
  if (charset.empty()) return false;
  return IconvHandle("UTF-8", charset.c_str()).ok();
}

std::optional<std::string> convert_to_utf8(std::string_view bytes, const std::string& charset) {
  if (is_utf8_name(charset)) return clean_utf8(bytes);
  IconvHandle converter("UTF-8", charset.c_str());
  if (!converter.ok()) return std::nullopt;

  const std::size_t skip = code_unit_size(charset);
  // Most pages grow by well under half (markup is ASCII; CJK goes 2 -> 3
  // bytes); the buffer doubles when a page needs more.
  std::string out(bytes.size() + bytes.size() / 2 + 64, '\0');
  std::size_t written = 0;
  const auto convert_step = [&](char** in, std::size_t* in_left) {
    char* out_ptr = out.data() + written;
    std::size_t out_left = out.size() - written;
    const std::size_t result = iconv(converter.get(), in, in_left, &out_ptr, &out_left);
    const int error = errno;
    written = static_cast<std::size_t>(out_ptr - out.data());
    return result == static_cast<std::size_t>(-1) ? error : 0;
  };

  // glibc's iconv takes char** for the input but never writes through it.
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  while (in_left > 0) {
    const int error = convert_step(&in, &in_left);
    if (error == 0) continue;
    if (error == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    // EILSEQ (undecodable) or EINVAL (truncated at the end of the input):
    // replace it and carry on one code unit later, which also guarantees
    // progress whatever the error.
    if (out.size() - written < kReplacementUtf8.size()) out.resize(out.size() * 2);
    out.replace(written, kReplacementUtf8.size(), kReplacementUtf8);
    written += kReplacementUtf8.size();
    const std::size_t skipped = std::min(skip, in_left);
    in += skipped;
    in_left -= skipped;
  }
  // A null input asks a stateful decoder (ISO-2022-JP) to emit what it holds.
  while (convert_step(nullptr, nullptr) == E2BIG) out.resize(out.size() * 2);

  out.resize(written);
  // iconv's UTF-8 is well-formed; this pass drops decoded NULs and guarantees
  // validity even if a converter misbehaves.
  if (!is_clean(out)) out = rebuild_clean(out);
  return out;
}

Utf8Evidence utf8_evidence(std::string_view bytes) noexcept {
  Utf8Evidence evidence;
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::size_t run = text::valid_utf8_prefix_length(bytes.substr(i));
    // Count the well-formed non-ASCII code points in the run: one lead byte each.
    for (std::size_t k = i; k < i + run; ++k) {
      const auto byte = static_cast<unsigned char>(bytes[k]);
      if (byte >= 0xC0) ++evidence.multibyte_sequences;
    }
    i += run;
    if (i >= bytes.size()) break;
    text::decode_utf8(bytes, i);
    ++evidence.invalid_sequences;
  }
  return evidence;
}

}  // namespace pith::encoding
