#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "encoding/convert.hpp"
#include "encoding/mojibake.hpp"
#include "pith/pith.hpp"
#include "text/utf8.hpp"

namespace {

using pith::encoding::MojibakeRepair;

std::string repaired(std::string_view text) {
  std::vector<MojibakeRepair> repairs;
  return pith::encoding::repair_mojibake(text, repairs).value_or(std::string(text));
}

// `utf8` as a page that stored it through a windows-1252 decoder shows it;
// empty when a byte of it is one windows-1252 leaves undefined.
std::string double_encoded(const std::string& utf8) {
  std::optional<std::string> read = pith::encoding::convert_to_utf8(utf8, "WINDOWS-1252");
  if (!read || read->find("\xEF\xBF\xBD") != std::string::npos) return {};
  return *read;
}

}  // namespace

TEST_CASE("mojibake: every Latin-1 and BMP character read twice comes back") {
  int checked = 0;
  for (char32_t cp = 0xA0; cp <= 0xFFFF; ++cp) {
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFD) continue;
    if (cp > 0xFF && cp < 0x800) continue;  // two bytes outside Latin-1: not repaired (see below)
    std::string original = "ab";
    pith::text::append_utf8(original, cp);
    original += "cd";
    const std::string broken = double_encoded(original);
    if (broken.empty()) continue;
    INFO("U+" << std::hex << static_cast<unsigned>(cp));
    CHECK(repaired(broken) == original);
    ++checked;
  }
  CHECK(checked > 50000);
}

TEST_CASE("mojibake: the usual victims") {
  CHECK(repaired("isn\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2t") == "isn\xE2\x80\x99t");  // isnâ€™t -> isn’t
  CHECK(repaired("caf\xC3\x83\xC2\xA9 au lait") == "caf\xC3\xA9 au lait");          // cafÃ© -> café
  CHECK(repaired("D\xC3\x83\xC2\xA9" "cor") == "D\xC3\xA9" "cor");                  // DÃ©cor -> Décor
  CHECK(repaired("\xC3\x83\xE2\x80\xB0" "COLE") == "\xC3\x89" "COLE");              // Ã‰COLE -> ÉCOLE
  // A no-break space the DOM build collapsed: "covered.Â Your" -> "covered. Your".
  CHECK(repaired("covered.\xC3\x82 Your") == "covered. Your");
  CHECK(repaired("1%\xC3\x82 just") == "1% just");
}

TEST_CASE("mojibake: real text stays as it is") {
  for (const char* text : {
           "\xC2\xAB" "CAF\xC3\x89\xC2\xBB",                 // «CAFÉ»
           "\xE2\x80\x9CIRM\xC3\x83\xE2\x80\x9D",            // “IRMÃ”
           "\xC3\x82N and GI\xC3\x82 bar",                     // ÂN, GIÂ (capitals)
           "Gr\xC3\xBC\xC3\x9F" "e, na\xC3\xAFve, \xC2\xBFQu\xC3\xA9?",  // Grüße, naïve, ¿Qué?
           "\xC3\x8EN\xC4\x82\xC8\x9A\xC4\x82M\xC3\x82NT",   // ÎNVĂȚĂMÂNT
           "\xC2\xA3" "5, 25\xC2\xB0" "C, \xC2\xA9 2024",       // £5, 25°C, © 2024
           "Nguy\xE1\xBB\x85n", "\xE4\xB8\xAD\xE6\x96\x87",     // Nguyễn, 中文
           "\xC3\x83 alone", "plain ASCII"}) {
    INFO(text);
    CHECK(repaired(text) == text);
  }
}

TEST_CASE("mojibake: offsets follow the repairs, and an inline edge inside a sequence keeps it") {
  std::vector<MojibakeRepair> repairs;
  const std::string text = "a\xC3\x83\xC2\xA9 b\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2 c";  // aÃ© bâ€™ c
  const std::optional<std::string> out = pith::encoding::repair_mojibake(text, repairs);
  REQUIRE(out);
  CHECK(*out == "a\xC3\xA9 b\xE2\x80\x99 c");
  REQUIRE(repairs.size() == 2);
  CHECK(pith::encoding::repaired_offset(repairs, 0) == 0);
  CHECK(pith::encoding::repaired_offset(repairs, 5) == 3);    // " b"
  CHECK(pith::encoding::repaired_offset(repairs, 15) == 8);   // " c"
  const std::optional<std::string> kept = pith::encoding::repair_mojibake(text, repairs, {3});
  REQUIRE(kept);
  CHECK(*kept == "a\xC3\x83\xC2\xA9 b\xE2\x80\x99 c");
}

TEST_CASE("mojibake: extracted text is repaired, links still on their words") {
  std::string body;
  for (int i = 0; i < 4; ++i)
    body += "<p>The caf&Atilde;&copy; isn&acirc;&euro;&trade;t open on Sundays, so we walked to "
            "<a href=\"https://example.org/park\">the park</a> and sat there for an hour or two.</p>";
  pith::Document doc = pith::extract("<html><body><article>" + body + "</article></body></html>");
  REQUIRE(doc.has_main_content());
  const pith::Block& b = doc.blocks.back();
  CHECK(b.text.find("caf\xC3\xA9 isn\xE2\x80\x99t") != std::string::npos);
  bool link_found = false;
  for (const pith::Inline& span : b.inlines)
    if (span.kind == pith::InlineKind::link) {
      CHECK(b.text.substr(span.begin, span.end - span.begin) == "the park");
      link_found = true;
    }
  CHECK(link_found);
}

TEST_CASE("mojibake: the metadata's text is repaired too, the headline still found") {
  std::string body = "<h1>The caf&Atilde;&copy; opens</h1>";
  for (int i = 0; i < 4; ++i)
    body += "<p>The new caf&Atilde;&copy; on the square opens on Monday, with tables outside and a terrace "
            "over the river for the summer evenings.</p>";
  pith::Document doc = pith::extract(
      "<html><head><title>The caf&Atilde;&copy; opens</title><meta name=\"description\" content=\"A "
      "caf&Atilde;&copy; opens\"></head><body><article>" + body + "</article></body></html>");
  REQUIRE(doc.has_main_content());
  CHECK(doc.title == "The caf\xC3\xA9 opens");
  CHECK(doc.metadata.title == "The caf\xC3\xA9 opens");
  CHECK(doc.metadata.description == "A caf\xC3\xA9 opens");
  REQUIRE_FALSE(doc.blocks.empty());
  CHECK(doc.blocks.front().kind == pith::BlockKind::heading);
  CHECK(doc.blocks.front().text == "The caf\xC3\xA9 opens");
}

TEST_CASE("C1 controls: each becomes the windows-1252 character of its byte") {
  auto replaced = [](std::string text) {
    pith::encoding::replace_c1_controls(text);
    return text;
  };
  // U+0092 U+0080 U+0085 U+0096: what a Latin-1 decoder makes of windows-1252's ’ € … –.
  CHECK(replaced("it\xC2\x92s \xC2\x80" "5\xC2\x85 \xC2\x96 done") == "it\xE2\x80\x99s \xE2\x82\xAC" "5\xE2\x80\xA6 \xE2\x80\x93 done");
  // Every byte windows-1252 defines comes back as its character; the five it leaves undefined stay.
  for (int b = 0x80; b <= 0x9F; ++b) {
    std::string c1;
    pith::text::append_utf8(c1, static_cast<char32_t>(b));
    const bool undefined = b == 0x81 || b == 0x8D || b == 0x8F || b == 0x90 || b == 0x9D;
    CHECK((replaced(c1) == c1) == undefined);
  }
  // Text without C1 controls, and a no-break space (C2 A0), are left as they are.
  CHECK(replaced("caf\xC3\xA9\xC2\xA0" "bar") == "caf\xC3\xA9\xC2\xA0" "bar");
}

TEST_CASE("C1 controls: a page double-encoded through Latin-1 reads as meant") {
  // "isn’t" and "café" stored as UTF-8 read as Latin-1 and written as UTF-8 again.
  std::string body;
  for (int i = 0; i < 4; ++i)
    body += "<p>The caf\xC3\x83\xC2\xA9 isn\xC3\xA2\xC2\x80\xC2\x99t open on Sundays, so we walked to the park "
            "and sat there for an hour or two before the rain came.</p>";
  pith::Document doc = pith::extract("<html><head><meta charset=\"utf-8\"></head><body><article>" + body +
                                     "</article></body></html>");
  REQUIRE(doc.has_main_content());
  CHECK(doc.blocks.back().text.find("caf\xC3\xA9 isn\xE2\x80\x99t open") != std::string::npos);
  CHECK(doc.text.find("\xEF\xBF\xBD") == std::string::npos);
}
