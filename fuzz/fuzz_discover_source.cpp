// Fuzz target: the sitemap and feed reader (src/discover) on any bytes, as
// a fetched sitemap or feed would come (gzip or not): a result or a
// pith::Error, and every URL it gives is normalised (normalize_url gives it
// back unchanged). Also the robots.txt Sitemap: lines and feed autodiscovery.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pith/discover.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    pith::read_source(bytes, "https://example.org/dir/sitemap.xml", [](pith::FoundUrl found) {
      if (found.url.empty() || pith::normalize_url(found.url) != found.url) std::abort();
    });
  } catch (const pith::Error&) {
  }
  for (const std::string& url : pith::robots_sitemaps(bytes))
    if (pith::normalize_url(url) != url) std::abort();
  (void)pith::feed_links(bytes.substr(0, 1 << 16), "https://example.org/");
  return 0;
}
