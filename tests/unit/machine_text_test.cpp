// Machine text: the object literals and UUIDs pages print as if they were
// text for a reader (extract/machine_text.hpp), and their removal from every
// pass but inside code.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "extract/machine_text.hpp"
#include "pith/pith.hpp"

using pith::extraction::is_machine_text;
using pith::extraction::is_object_literal;
using pith::extraction::is_uuid_text;

TEST_CASE("object literals of four keys or more are machine text") {
  CHECK(is_object_literal(R"({"a": 1, "b": 2, "c": [3], "d": {"e": null}})"));
  CHECK(is_object_literal("  {'en-in': '/en-in/', 'en-jp': '/en-jp/', 'ja-jp': '/ja-jp/', 'de': '/de/'}\n"));
  CHECK(is_object_literal(R"([{"id": 1, "name": "x"}, {"id": 2, "name": "y"}])"));
  CHECK(is_machine_text(R"({"painterId":"Grid","hostPageType":"BROWSE","storeId":"1","asins":["B0"]})"));
  // Fewer keys, or not a literal from end to end: a reader's text.
  CHECK_FALSE(is_object_literal(R"({"a": 1, "b": 2})"));
  CHECK_FALSE(is_object_literal(R"(The config {"a": 1, "b": 2, "c": 3, "d": 4} goes in settings.json.)"));
  CHECK_FALSE(is_object_literal("[1] Smith, J. \"On parsing\": a survey, \"Grammars\": a book, \"Trees\": x, \"Y\": z]"
                                " and more"));
  CHECK_FALSE(is_machine_text("{Sic} \"the\": a note in braces }"));
}

TEST_CASE("UUIDs and little else are machine text; a UUID in a sentence is not") {
  CHECK(is_uuid_text("f2f260c3-bf1f-466a-b856-6f031758a086"));
  // An obfuscated label: letters between UUIDs.
  CHECK(is_uuid_text("Sf2f260c3-bf1f-466a-b856-6f031758a086p16207f0d-5442-4472-ad51-162a45a841c3o"));
  CHECK(is_machine_text("  58304ab9-e401-4091-b773-e7e337a260ad "));
  CHECK_FALSE(is_uuid_text("Your order 58304ab9-e401-4091-b773-e7e337a260ad has shipped and will arrive on Monday."));
  CHECK_FALSE(is_uuid_text("deadbeef-cafe"));
  CHECK_FALSE(is_machine_text("2024-01-02 12:00"));
  CHECK_FALSE(is_machine_text(""));
}

namespace {

std::string service_page(std::string_view machine_block) {
  return std::string("<html><body><ul class='menu'><li><a href='/'>Home</a></li><li><a href='/a'>About</a></li></ul>") +
         std::string(machine_block) +
         "<section><h1>Load testing</h1><p>We simulate your busiest day before it comes.</p>"
         "<h2>Reports</h2><p>Every month a short report of risks and fixes.</p>"
         "<h2>Team</h2><p>A dedicated team works beside yours from the first week.</p></section>"
         "<footer><p>Example Ltd</p></footer></body></html>";
}

}  // namespace

TEST_CASE("machine text is left out of every pass, not out of code") {
  const std::string map =
      "<div class='bodyWrapper'>{'en-gb': 'https://x.example/en-gb/', 'de-de': 'https://x.example/de-de/', "
      "'fr-fr': 'https://x.example/fr-fr/', 'es-es': 'https://x.example/es-es/', 'x-default': "
      "'https://x.example/'}</div>";
  pith::Document doc = pith::extract(service_page(map));
  CHECK(doc.text.find("We simulate your busiest day") != std::string::npos);
  CHECK(doc.text.find("A dedicated team works beside yours") != std::string::npos);
  CHECK(doc.text.find("en-gb") == std::string::npos);

  // The same literal as a code sample on a documentation page is its content.
  const std::string docs =
      "<html><body><article><h1>Locale map</h1><p>The site reads its locales from a map, one entry for each "
      "language, like this one, which the build writes for you.</p><pre><code>{'en-gb': '/en-gb/', 'de-de': "
      "'/de-de/', 'fr-fr': '/fr-fr/', 'es-es': '/es-es/'}</code></pre><p>Keys are language tags, and values "
      "are the paths of the pages in that language, relative to the root.</p></article></body></html>";
  pith::Document code = pith::extract(docs);
  CHECK(code.text.find("'de-de': '/de-de/'") != std::string::npos);
}
