// The bytes of a sitemap or feed as they are read: gzip inflated on the fly
// (`sitemap.xml.gz` served as application/gzip, not as a Content-Encoding),
// never more than kMaxSourceBytes in all, a chunk at a time.
#pragma once

#include <zlib.h>

#include <cstddef>
#include <string_view>

namespace pith::discover {

class SourceBytes {
 public:
  explicit SourceBytes(std::string_view bytes);
  ~SourceBytes();
  SourceBytes(const SourceBytes&) = delete;
  SourceBytes& operator=(const SourceBytes&) = delete;

  // Copies up to `size` next bytes into `out`; 0 at the end. Throws
  // pith::Error: bad_source for corrupt gzip, input_too_large past the cap.
  std::size_t read(char* out, std::size_t size);

 private:
  std::string_view input_;
  std::size_t offset_ = 0;  // into input_, plain data
  bool gzip_ = false;
  bool ended_ = false;
  z_stream stream_{};
  std::size_t produced_ = 0;
};

}  // namespace pith::discover
