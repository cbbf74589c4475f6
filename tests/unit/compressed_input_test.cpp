// A page given as the compressed bytes it came in (gzip, zlib, zstd, brotli):
// extracted as if given decoded, held to the same input limit, and refused
// with a clear error when its compression is broken.
#include <doctest/doctest.h>

#include <string>

#include "compressors.hpp"
#include "encoding/compressed.hpp"
#include "pith/pith.hpp"

namespace {

std::string story_page() {
  std::string html = "<html><head><title>Harbour reopens</title></head><body><nav><a href='/'>Home</a></nav><article>"
                     "<h1>Harbour reopens</h1>";
  for (int i = 0; i < 6; ++i)
    html += "<p>The harbour reopened on Friday after three weeks of repairs to the sea wall, and the first "
            "fishing boats were back at their moorings by the evening tide, the port authority said.</p>";
  return html + "</article></body></html>";
}

pith::ErrorCode error_of(const std::string& input, const pith::Options& options = {}) {
  try {
    pith::extract(input, options);
  } catch (const pith::Error& e) {
    return e.code();
  }
  FAIL("no error thrown");
  return pith::ErrorCode::empty_input;
}

}  // namespace

TEST_CASE("a page given compressed is extracted as the page itself") {
  const std::string page = story_page();
  const std::string expected = pith::extract(page).text;
  REQUIRE(expected.find("first fishing boats") != std::string::npos);
  for (const std::string& packed :
       {pith::test::gzip(page), pith::test::zlib(page), pith::test::zstd(page), pith::test::brotli(page)}) {
    CHECK(packed != page);
    CHECK(pith::extract(packed).text == expected);
  }
}

TEST_CASE("a compressed page cut short keeps what arrived") {
  const std::string page = story_page();
  const std::string packed = pith::test::gzip(page);
  pith::Document doc = pith::extract(packed.substr(0, packed.size() - 8));  // its trailer gone
  CHECK(doc.text == pith::extract(page).text);
}

TEST_CASE("compressed input that decodes past the input limit is too large") {
  pith::Options options;
  options.max_input_bytes = 100'000;
  const std::string big = "<p>" + std::string(200'000, ' ') + "</p>";
  CHECK(pith::test::gzip(big).size() < options.max_input_bytes);
  CHECK(error_of(pith::test::gzip(big), options) == pith::ErrorCode::input_too_large);
  CHECK(error_of(pith::test::zstd(big), options) == pith::ErrorCode::input_too_large);
  CHECK(error_of(pith::test::brotli(big), options) == pith::ErrorCode::input_too_large);
}

TEST_CASE("broken compressed data is not HTML, and says why") {
  std::string packed = pith::test::gzip(story_page());
  for (std::size_t i = 12; i < 40; ++i) packed[i] = static_cast<char>(packed[i] ^ 0x5A);
  try {
    pith::extract(packed);
    FAIL("no error thrown");
  } catch (const pith::Error& e) {
    CHECK(e.code() == pith::ErrorCode::not_html);
    CHECK(std::string(e.what()).find("gzip-compressed data") != std::string::npos);
  }
  // Binary data no decoder takes stays binary data.
  CHECK(error_of(std::string(300, '\x01')) == pith::ErrorCode::not_html);
}

TEST_CASE("text that starts like a zlib header is read as text") {
  std::string error, out;
  const std::string text = "x^ marks the spot: <p>a page whose first two bytes make a zlib header</p>";
  REQUIRE(pith::encoding::is_zlib(text));
  CHECK(pith::encoding::unpack_page(text, /*looks_binary=*/false, 1 << 20, out, error) == nullptr);
  CHECK(error.empty());
  CHECK_NOTHROW(pith::extract(text));
}
