#include <doctest/doctest.h>
#include <iconv.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encoding/decode.hpp"
#include "text/utf8.hpp"

namespace {

using pith::encoding::canonical_charset;
using pith::encoding::charset_from_content_type;
using pith::encoding::Decoded;
using pith::encoding::Hints;
using pith::encoding::prescan_meta_charset;
using pith::encoding::to_utf8;

// Encodes UTF-8 text into `charset` with the system iconv, so the legacy test
// pages are produced by an independent encoder rather than typed as bytes.
std::string encode(std::string_view utf8, const char* charset) {
  iconv_t cd = iconv_open(charset, "UTF-8");
  REQUIRE(cd != reinterpret_cast<iconv_t>(-1));
  std::string out(utf8.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(utf8.data());
  std::size_t in_left = utf8.size();
  char* out_ptr = out.data();
  std::size_t out_left = out.size();
  const std::size_t result = iconv(cd, &in, &in_left, &out_ptr, &out_left);
  iconv(cd, nullptr, nullptr, &out_ptr, &out_left);
  iconv_close(cd);
  REQUIRE(result != static_cast<std::size_t>(-1));
  out.resize(out.size() - out_left);
  return out;
}

std::string html_page(std::string_view head_extra, std::string_view body) {
  return "<!DOCTYPE html><html><head>" + std::string(head_extra) +
         "<title>Test</title></head><body><p>" + std::string(body) + "</p></body></html>";
}

Decoded decode(std::string_view bytes, std::string_view caller = {},
               std::string_view content_type = {}) {
  return to_utf8(bytes, Hints{caller, content_type});
}

constexpr std::string_view kChineseSimplified =
    "北京是中华人民共和国的首都，也是全国的政治中心和文化中心。这座城市有着三千多年的建城史和"
    "八百多年的建都史。每年都有大量的游客来到这里参观故宫、长城和天坛等名胜古迹。随着经济的快速"
    "发展，北京已经成为一个现代化的国际大都市，吸引了来自世界各地的人们在这里学习和工作。";
constexpr std::string_view kChineseTraditional =
    "台北是台灣最大的都市之一，也是政治與經濟的中心。這座城市有許多著名的景點，例如台北一零一大樓、"
    "故宮博物院和中正紀念堂。每年都有大量的觀光客來到這裡旅遊，品嚐各種美味的小吃。夜市文化是台灣"
    "生活中非常重要的一部分，許多人晚上都會和朋友一起去逛夜市。";
constexpr std::string_view kJapanese =
    "東京は日本の首都であり、世界でも有数の大都市です。この街には多くの歴史的な建物や近代的な高層"
    "ビルが立ち並んでいます。毎年たくさんの観光客が訪れ、浅草寺や東京タワーなどの名所を見物します。"
    "また、おいしい日本料理のレストランもたくさんあり、食べ歩きを楽しむ人も少なくありません。";
constexpr std::string_view kKorean =
    "서울은 대한민국의 수도이며 한반도에서 가장 큰 도시입니다. 이 도시에는 오랜 역사를 가진 궁궐과 "
    "현대적인 건물이 함께 있습니다. 매년 많은 관광객들이 경복궁과 남산타워를 방문합니다. 한국 음식은 "
    "세계적으로 인기가 많으며, 많은 사람들이 김치와 불고기를 즐겨 먹습니다.";
constexpr std::string_view kRussian =
    "Москва является столицей Российской Федерации и крупнейшим городом страны. В этом городе "
    "находится множество исторических памятников, музеев и театров. Каждый год миллионы туристов "
    "приезжают сюда, чтобы увидеть Красную площадь и Кремль. Московское метро считается одним из "
    "самых красивых в мире.";
constexpr std::string_view kGreek =
    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου.";

}  // namespace

TEST_SUITE("encoding") {

TEST_CASE("utf8: decode_utf8 replaces maximal ill-formed subparts") {
  using pith::text::decode_utf8;
  std::size_t i = 0;
  CHECK(decode_utf8("\xE2\x82\xAC", i) == U'€');
  CHECK(i == 3);
  i = 0;
  CHECK(decode_utf8("\xF0\x9F\x98\x80", i) == U'\U0001F600');
  CHECK(i == 4);
  i = 0;  // truncated 3-byte sequence followed by ASCII: one U+FFFD for both bytes
  CHECK(decode_utf8("\xE2\x82" "A", i) == U'\uFFFD');
  CHECK(i == 2);
  i = 0;  // overlong
  CHECK(decode_utf8("\xC0\xAF", i) == U'\uFFFD');
  CHECK(i == 1);
  i = 0;  // surrogate
  CHECK(decode_utf8("\xED\xA0\x80", i) == U'\uFFFD');
  CHECK(i == 1);
  i = 0;  // above U+10FFFF
  CHECK(decode_utf8("\xF4\x90\x80\x80", i) == U'\uFFFD');
  CHECK(i == 1);
}

TEST_CASE("utf8: validation, repair and append") {
  using namespace pith::text;
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("plain ASCII text that is longer than eight bytes"));
  CHECK(is_valid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 and more ASCII after"));
  CHECK_FALSE(is_valid_utf8("0123456789abcdef\xFF"));
  CHECK_FALSE(is_valid_utf8("\xC3"));
  CHECK(valid_utf8_prefix_length("abcdefghij\xC3\xA9\x80xyz") == 12);
  CHECK(repair_utf8("a\xFF" "b\xE2\x82" "c") == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c");
  CHECK(repair_utf8("ok \xE2\x82\xAC") == "ok \xE2\x82\xAC");
  std::string out;
  append_utf8(out, U'A');
  append_utf8(out, U'é');
  append_utf8(out, U'€');
  append_utf8(out, U'\U0001F600');
  append_utf8(out, 0xD800);
  append_utf8(out, 0x110000);
  CHECK(out == "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xEF\xBF\xBD\xEF\xBF\xBD");
}

namespace {

// The well-formed prefix as Table 3-7 of the Unicode standard has it, a
// character at a time: what valid_utf8_prefix_length gives with or without
// its block check (text/utf8_blocks.cpp).
std::size_t well_formed_prefix(std::string_view s) {
  const auto* d = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = d[i];
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char lower = 0x80, upper = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) length = 2;
    else if (b >= 0xE0 && b <= 0xEF) length = 3;
    else if (b >= 0xF0 && b <= 0xF4) length = 4;
    else return i;
    if (b == 0xE0) lower = 0xA0;
    if (b == 0xED) upper = 0x9F;
    if (b == 0xF0) lower = 0x90;
    if (b == 0xF4) upper = 0x8F;
    if (length > s.size() - i || d[i + 1] < lower || d[i + 1] > upper) return i;
    for (std::size_t k = 2; k < length; ++k)
      if ((d[i + k] & 0xC0) != 0x80) return i;
    i += length;
  }
  return s.size();
}

}  // namespace

TEST_CASE("utf8: the prefix checked in blocks ends where the one checked a character at a time does") {
  using pith::text::valid_utf8_prefix_length;
  // Three bytes (every first byte; seconds and thirds from each class of the
  // tables) on both sides of the 32-byte blocks and at the text's end, in
  // ASCII and in text of two-, three- and four-byte characters; each text in
  // a heap block of its size, so that the ASan build sees a read past it.
  const unsigned char classes[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC1, 0xC2,
                                   0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
  auto filled = [](std::string_view character) {
    std::string text;
    while (text.size() < 100) text += character;
    return text;
  };
  const std::string fills[] = {filled("a"), filled("\xC3\xA9"), filled("\xE4\xB8\xAD"), filled("\xF0\x9F\x98\x80")};
  std::size_t mismatches = 0;
  for (const std::string& fill : fills)
    for (std::size_t at : {0, 30, 31, 32, 33, 62, 63, 64, 65, 97}) {
      for (int first = 0; first < 256; ++first)
        for (unsigned char second : classes)
          for (unsigned char third : classes) {
            std::string text = fill.substr(0, 100);
            text[at] = static_cast<char>(first);
            text[at + 1] = static_cast<char>(second);
            text[at + 2] = static_cast<char>(third);
            for (std::size_t size : {std::size_t{100}, at + 3}) {
              std::vector<char> exact(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(size));
              const std::string_view s(exact.data(), exact.size());
              mismatches += valid_utf8_prefix_length(s) != well_formed_prefix(s);
            }
          }
    }
  CHECK(mismatches == 0);
}

TEST_CASE("utf8: lead_bytes counts the bytes that are not continuation bytes, at every length and offset") {
  // Every byte value, so each lane of the eight-byte steps meets lead,
  // continuation and ASCII bytes; every length and start, so the tail is too.
  std::string bytes;
  for (int round = 0; round < 3; ++round)
    for (int b = 0; b < 256; ++b) bytes.push_back(static_cast<char>((b * 37 + round * 11) & 0xFF));
  for (std::size_t start = 0; start < 9; ++start)
    for (std::size_t length = 0; start + length <= bytes.size(); length += 1 + length / 8) {
      const std::string_view s = std::string_view(bytes).substr(start, length);
      std::size_t expected = 0;
      for (char c : s) expected += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      CAPTURE(start);
      CAPTURE(length);
      CHECK(pith::text::lead_bytes(s) == expected);
    }
}

TEST_CASE("utf8: fewer_lead_bytes_than agrees with lead_bytes") {
  using namespace pith::text;
  const std::string_view texts[] = {"", "abc", "caf\xC3\xA9", "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC",
                                    "a longer line of plain text, forty characters and more", "\x80\x80" "abc"};
  for (std::string_view s : texts)
    for (std::size_t limit : {0, 1, 3, 4, 5, 40, 60}) {
      CAPTURE(s);
      CAPTURE(limit);
      CHECK(fewer_lead_bytes_than(s, limit) == (lead_bytes(s) < limit));
    }
}

TEST_CASE("utf8: code_point_start and code_point_start_at_or_after find the boundary at or before / after a byte") {
  using namespace pith::text;
  // "a", "é" (2 bytes), "中" (3), "😀" (4), "b": code points start at 0, 1, 3, 6, 10; size 11.
  const std::string_view s = "a\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80" "b";
  REQUIRE(s.size() == 11);
  const std::size_t before[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 11};
  const std::size_t after[] = {0, 1, 3, 3, 6, 6, 6, 10, 10, 10, 10, 11};
  for (std::size_t i = 0; i <= s.size(); ++i) {
    CAPTURE(i);
    CHECK(code_point_start(s, i) == before[i]);
    CHECK(code_point_start_at_or_after(s, i) == after[i]);
  }
  // ASCII: every byte is a boundary.
  const std::string_view ascii = "plain";
  for (std::size_t i = 0; i <= ascii.size(); ++i) {
    CHECK(code_point_start(ascii, i) == i);
    CHECK(code_point_start_at_or_after(ascii, i) == i);
  }
  // A floor stops the step back: inside "😀" (6..9), not below 8.
  CHECK(code_point_start(s, 9, 8) == 8);
  CHECK(code_point_start(s, 9, 6) == 6);
  CHECK(code_point_start(s, 9, 4) == 6);
  CHECK(code_point_start(s, 2, 2) == 2);
  // Continuation bytes with no lead before them: back to the floor, on to the end.
  const std::string_view stray = "\x80\x80";
  CHECK(code_point_start(stray, 1) == 0);
  CHECK(code_point_start_at_or_after(stray, 0) == 2);
  CHECK(code_point_start(std::string_view{}, 0) == 0);
  CHECK(code_point_start_at_or_after(std::string_view{}, 0) == 0);
  CHECK(is_continuation('\x80'));
  CHECK(is_continuation('\xBF'));
  CHECK_FALSE(is_continuation('a'));
  CHECK_FALSE(is_continuation('\xC3'));
}

TEST_CASE("to_utf8 gives a UTF-8 page the capacity its hints ask for, the text unchanged") {
  const std::string page = html_page("", "a page read as it is, with room after it for its caller");
  Hints hints;
  hints.capacity = [](std::size_t bytes) { return 3 * bytes; };
  const Decoded roomy = to_utf8(page, hints);
  CHECK(roomy.utf8 == decode(page).utf8);
  CHECK(roomy.utf8.capacity() >= 3 * page.size());
}

TEST_CASE("content-type charset parameter") {
  CHECK(charset_from_content_type("text/html; charset=utf-8") == "utf-8");
  CHECK(charset_from_content_type("text/html;charset=GBK") == "GBK");
  CHECK(charset_from_content_type("text/html; charset=\"GBK\"") == "GBK");
  CHECK(charset_from_content_type("text/html; CHARSET='Shift_JIS'") == "Shift_JIS");
  CHECK(charset_from_content_type("text/html; format=flowed; Charset = windows-1251 ; x=y") ==
        "windows-1251");
  CHECK(charset_from_content_type("text/html; title=\"a;charset=koi8-r\"; charset=big5") == "big5");
  CHECK(charset_from_content_type("text/html; charset=\"ut\\f-8\"") == "utf-8");
  CHECK(charset_from_content_type("text/html") == "");
  CHECK(charset_from_content_type("text/html; charset=") == "");
  CHECK(charset_from_content_type("") == "");
}

TEST_CASE("label canonicalisation follows WHATWG and the browsers") {
  CHECK(canonical_charset("gb2312") == "GB18030");
  CHECK(canonical_charset("GBK") == "GB18030");
  CHECK(canonical_charset("x-gbk") == "GB18030");
  CHECK(canonical_charset("iso-8859-1") == "WINDOWS-1252");
  CHECK(canonical_charset("Latin1") == "WINDOWS-1252");
  CHECK(canonical_charset("US-ASCII") == "WINDOWS-1252");
  CHECK(canonical_charset("ascii") == "WINDOWS-1252");
  CHECK(canonical_charset("shift_jis") == "CP932");
  CHECK(canonical_charset("sjis") == "CP932");
  CHECK(canonical_charset("x-sjis") == "CP932");
  CHECK(canonical_charset("euc-kr") == "CP949");
  CHECK(canonical_charset("big5") == "BIG5-HKSCS");
  CHECK(canonical_charset(" utf8 ") == "UTF-8");
  CHECK(canonical_charset("unicode") == "UTF-16LE");
  CHECK(canonical_charset("utf-16") == "UTF-16LE");
  CHECK(canonical_charset("utf-16be") == "UTF-16BE");
  CHECK(canonical_charset("iso-8859-9") == "WINDOWS-1254");
  CHECK(canonical_charset("iso-2022-kr") == "");  // WHATWG "replacement"
  CHECK(canonical_charset("klingon") == "");
  CHECK(canonical_charset("") == "");
  // uchardet's names go through the same table.
  CHECK(canonical_charset("ISO-8859-1") == "WINDOWS-1252");
  CHECK(canonical_charset("EUC-KR") == "CP949");
  CHECK(canonical_charset("GB2312") == "GB18030");
  CHECK(canonical_charset("WINDOWS-1251") == "WINDOWS-1251");
}

TEST_CASE("every canonical charset is one glibc iconv can open") {
  for (const char* label :
       {"utf-8", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
        "iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14",
        "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "x-mac-cyrillic",
        "windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
        "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258", "gbk",
        "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "utf-16be",
        "utf-16le", "x-user-defined"}) {
    CAPTURE(label);
    const std::string charset = canonical_charset(label);
    REQUIRE(!charset.empty());
    iconv_t cd = iconv_open("UTF-8", charset.c_str());
    CHECK(cd != reinterpret_cast<iconv_t>(-1));
    if (cd != reinterpret_cast<iconv_t>(-1)) iconv_close(cd);
  }
}

TEST_CASE("meta prescan") {
  SUBCASE("charset attribute, quoted or not, any case") {
    CHECK(prescan_meta_charset("<head><meta charset=\"windows-1251\">") == "windows-1251");
    CHECK(prescan_meta_charset("<HEAD><META CHARSET=Shift_JIS>") == "shift_jis");
    CHECK(prescan_meta_charset("<meta charset='gbk'/>") == "gbk");
    CHECK(prescan_meta_charset("<meta\ncharset = euc-kr >") == "euc-kr");
  }
  SUBCASE("http-equiv form, in either attribute order") {
    CHECK(prescan_meta_charset(
              "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=big5\">") == "big5");
    CHECK(prescan_meta_charset(
              "<meta content='text/html;charset=\"koi8-r\"' HTTP-EQUIV='content-type'>") ==
          "koi8-r");
  }
  SUBCASE("content without http-equiv Content-Type is not a declaration") {
    CHECK(prescan_meta_charset("<meta name=\"x\" content=\"text/html; charset=big5\">") == "");
    CHECK(prescan_meta_charset(
              "<meta http-equiv=\"refresh\" content=\"0; charset=big5\"><meta charset=utf-8>") ==
          "utf-8");
  }
  SUBCASE("a fake meta inside a comment or an attribute value is skipped") {
    CHECK(prescan_meta_charset("<!-- <meta charset=\"koi8-r\"> --><meta charset=\"gbk\">") ==
          "gbk");
    CHECK(prescan_meta_charset("<!--><meta charset=\"gbk\">") == "gbk");
    CHECK(prescan_meta_charset(
              "<div title=\"<meta charset=koi8-r>\"></div><meta charset=\"euc-jp\">") == "euc-jp");
  }
  SUBCASE("an unknown label is passed over for a later meta") {
    CHECK(prescan_meta_charset("<meta charset=\"klingon\"><meta charset=\"latin1\">") == "latin1");
  }
  SUBCASE("no declaration") {
    CHECK(prescan_meta_charset("") == "");
    CHECK(prescan_meta_charset("<html><head><title>x</title></head>") == "");
    CHECK(prescan_meta_charset("<metadata charset=gbk>") == "");
    CHECK(prescan_meta_charset("<meta charset=\"gbk") == "");
  }
  SUBCASE("only the first 64 KiB is scanned") {
    const std::string padding(70 * 1024, ' ');
    CHECK(prescan_meta_charset(padding + "<meta charset=gbk>") == "");
    CHECK(prescan_meta_charset(std::string(60 * 1024, ' ') + "<meta charset=gbk>") == "gbk");
  }
}

TEST_CASE("empty input") {
  const Decoded d = decode("");
  CHECK(d.utf8.empty());
  CHECK(d.charset == "UTF-8");
  CHECK(d.source == "default");
}

TEST_CASE("byte order marks win and are stripped") {
  SUBCASE("UTF-8") {
    const Decoded d =
        decode("\xEF\xBB\xBF<p>caf\xC3\xA9</p>", "windows-1252", "text/html; charset=gbk");
    CHECK(d.utf8 == "<p>café</p>");
    CHECK(d.charset == "UTF-8");
    CHECK(d.source == "bom");
  }
  SUBCASE("UTF-16LE") {
    const std::string bytes = "\xFF\xFE" + encode("<p>héllo €</p>", "UTF-16LE");
    const Decoded d = decode(bytes, "windows-1252");
    CHECK(d.utf8 == "<p>héllo €</p>");
    CHECK(d.charset == "UTF-16LE");
    CHECK(d.source == "bom");
  }
  SUBCASE("UTF-16BE") {
    const std::string bytes = "\xFE\xFF" + encode("<p>日本語</p>", "UTF-16BE");
    const Decoded d = decode(bytes);
    CHECK(d.utf8 == "<p>日本語</p>");
    CHECK(d.charset == "UTF-16BE");
    CHECK(d.source == "bom");
  }
}

TEST_CASE("precedence: caller > http > meta > detection") {
  // A windows-1251 page that says so in a meta; the other sources name other charsets.
  const std::string body = encode(kRussian, "WINDOWS-1251");
  const std::string page = html_page("<meta charset=\"windows-1251\">", body);

  SUBCASE("meta alone") {
    const Decoded d = decode(page);
    CHECK(d.source == "meta");
    CHECK(d.charset == "WINDOWS-1251");
    CHECK(d.utf8 == html_page("<meta charset=\"windows-1251\">", kRussian));
  }
  SUBCASE("http beats meta") {
    const Decoded d = decode(page, {}, "text/html; charset=KOI8-R");
    CHECK(d.source == "http");
    CHECK(d.charset == "KOI8-R");
  }
  SUBCASE("caller beats http") {
    const Decoded d = decode(page, "iso-8859-5", "text/html; charset=KOI8-R");
    CHECK(d.source == "caller");
    CHECK(d.charset == "ISO-8859-5");
  }
  SUBCASE("an unknown caller charset falls through to http") {
    const Decoded d = decode(page, "no-such-charset", "text/html; charset=KOI8-R");
    CHECK(d.source == "http");
  }
  SUBCASE("an unknown http charset falls through to meta") {
    const Decoded d = decode(page, {}, "text/html; charset=no-such-charset");
    CHECK(d.source == "meta");
    CHECK(d.charset == "WINDOWS-1251");
  }
  SUBCASE("nothing declared: detection") {
    const Decoded d = decode(html_page("", body));
    CHECK(d.source == "detected");
    CHECK(d.charset == "WINDOWS-1251");
    CHECK(d.utf8 == html_page("", kRussian));
  }
}

TEST_CASE("windows-1252 declared") {
  const Decoded d = decode("caf\xE9 co\xFBte 5 \x80, \x84quoted\x93 \x96 na\xEFve", {},
                           "text/html; charset=iso-8859-1");
  CHECK(d.charset == "WINDOWS-1252");
  CHECK(d.source == "http");
  CHECK(d.utf8 == "café coûte 5 €, „quoted“ – naïve");
}

TEST_CASE("hard-coded GBK bytes declared in meta") {
  const Decoded d = decode("<meta charset=gb2312><p>\xC4\xE3\xBA\xC3</p>");
  CHECK(d.charset == "GB18030");
  CHECK(d.source == "meta");
  CHECK(d.utf8 == "<meta charset=gb2312><p>你好</p>");
}

TEST_CASE("undeclared legacy CJK and Cyrillic pages are detected") {
  struct Case {
    std::string_view text;
    const char* encode_as;
    std::string_view expected_charset;
  };
  const Case cases[] = {
      {kChineseSimplified, "GBK", "GB18030"},
      {kChineseTraditional, "BIG5", "BIG5-HKSCS"},
      {kJapanese, "SHIFT_JIS", "CP932"},
      {kJapanese, "EUC-JP", "EUC-JP-MS"},
      {kKorean, "EUC-KR", "CP949"},
      {kRussian, "WINDOWS-1251", "WINDOWS-1251"},
      {kRussian, "KOI8-R", "KOI8-R"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.encode_as);
    const Decoded d = decode(html_page("", encode(c.text, c.encode_as)));
    CHECK(d.source == "detected");
    CHECK(d.charset == c.expected_charset);
    CHECK(d.utf8 == html_page("", c.text));
  }
}

TEST_CASE("declared legacy CJK pages") {
  CHECK(decode(encode(kChineseTraditional, "BIG5"), "big5").utf8 == kChineseTraditional);
  CHECK(decode(encode(kJapanese, "SHIFT_JIS"), {}, "text/html; charset=Shift_JIS").utf8 ==
        kJapanese);
  CHECK(decode(encode(kKorean, "EUC-KR"), {}, "text/html; charset=euc-kr").utf8 == kKorean);
  // Backslash stays a backslash in Shift_JIS pages, as in browsers.
  CHECK(decode("C:\\path", "shift_jis").utf8 == "C:\\path");
}

TEST_CASE("ISO-8859-7 Greek declared") {
  const std::string page =
      html_page("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-7\">",
                encode(kGreek, "ISO-8859-7"));
  const Decoded d = decode(page);
  CHECK(d.source == "meta");
  CHECK(d.charset == "ISO-8859-7");
  CHECK(d.utf8.find(kGreek) != std::string::npos);
}

TEST_CASE("a page declaring UTF-8 that is really windows-1251") {
  const std::string page = html_page("<meta charset=\"utf-8\">", encode(kRussian, "WINDOWS-1251"));
  const Decoded d = decode(page);
  CHECK(d.source == "detected");
  CHECK(d.charset == "WINDOWS-1251");
  CHECK(d.utf8 == html_page("<meta charset=\"utf-8\">", kRussian));
}

TEST_CASE("a UTF-8 page with a few stray bytes stays UTF-8") {
  const std::string page =
      html_page("<meta charset=\"utf-8\">", std::string(kRussian) + " caf\xE9 \xFF");
  const Decoded d = decode(page);
  CHECK(d.source == "meta");
  CHECK(d.charset == "UTF-8");
  CHECK(d.utf8.find(std::string(kRussian) + " caf\xEF\xBF\xBD \xEF\xBF\xBD") != std::string::npos);
}

TEST_CASE("a page declaring latin1 whose bytes are UTF-8") {
  const std::string page = html_page("<meta charset=\"iso-8859-1\">", "caf\xC3\xA9 \xE2\x82\xAC");
  SUBCASE("declared in the page or by HTTP: the bytes win") {
    const Decoded d = decode(page);
    CHECK(d.source == "detected");
    CHECK(d.charset == "UTF-8");
    CHECK(d.utf8.find("café €") != std::string::npos);
    CHECK(decode(page, {}, "text/html; charset=latin1").charset == "UTF-8");
  }
  SUBCASE("declared by the caller: trusted") {
    const Decoded d = decode(page, "iso-8859-1");
    CHECK(d.source == "caller");
    CHECK(d.charset == "WINDOWS-1252");
    CHECK(d.utf8.find("cafÃ©") != std::string::npos);
  }
  SUBCASE("pure ASCII keeps its declaration") {
    CHECK(decode("<meta charset=latin1><p>hello</p>").charset == "WINDOWS-1252");
  }
}

TEST_CASE("UTF-16 declared without a BOM") {
  SUBCASE("in a meta: the page is ASCII-compatible, so UTF-8") {
    const Decoded d = decode("<meta charset=\"utf-16\"><p>caf\xC3\xA9</p>");
    CHECK(d.source == "meta");
    CHECK(d.charset == "UTF-8");
    CHECK(d.utf8 == "<meta charset=\"utf-16\"><p>café</p>");
  }
  SUBCASE("by HTTP, over bytes that are clearly not UTF-16") {
    const Decoded d = decode("<p>plain</p>", {}, "text/html; charset=utf-16");
    CHECK(d.charset == "UTF-8");
    CHECK(d.utf8 == "<p>plain</p>");
  }
  SUBCASE("by HTTP, over real UTF-16LE") {
    const Decoded d = decode(encode("<p>héllo</p>", "UTF-16LE"), {}, "text/html; charset=utf-16");
    CHECK(d.source == "http");
    CHECK(d.charset == "UTF-16LE");
    CHECK(d.utf8 == "<p>héllo</p>");
  }
}

TEST_CASE("undeclared pages without legacy evidence") {
  SUBCASE("valid UTF-8 with multi-byte text is detected as UTF-8") {
    const Decoded d = decode(html_page("", kChineseSimplified));
    CHECK(d.charset == "UTF-8");
    CHECK(d.source == "detected");
    CHECK(d.utf8 == html_page("", kChineseSimplified));
  }
  SUBCASE("pure ASCII is UTF-8 by default") {
    const Decoded d = decode("<p>hello</p>");
    CHECK(d.charset == "UTF-8");
    CHECK(d.source == "default");
  }
  SUBCASE("ISO-2022-JP is 7-bit, recognised by its escapes") {
    const std::string bytes = encode(html_page("", kJapanese), "ISO-2022-JP");
    const Decoded d = decode(bytes);
    CHECK(d.charset == "ISO-2022-JP");
    CHECK(d.utf8 == html_page("", kJapanese));
  }
}

TEST_CASE("invalid bytes become U+FFFD and the output is valid UTF-8") {
  SUBCASE("UTF-8") {
    const Decoded d = decode("<p>a\xFF" "b\xC3</p>", "utf-8");
    CHECK(d.utf8 == "<p>a\xEF\xBF\xBD" "b\xEF\xBF\xBD</p>");
    CHECK(pith::text::is_valid_utf8(d.utf8));
  }
  SUBCASE("GBK: a bad trail byte, then a lead byte cut off at the end") {
    const Decoded d = decode("\xC4\xE3\xBA\xC3\x81\x20ok\xC4", "gbk");
    CHECK(pith::text::is_valid_utf8(d.utf8));
    CHECK(d.utf8 == "你好\xEF\xBF\xBD ok\xEF\xBF\xBD");
  }
  SUBCASE("Shift_JIS") {
    const Decoded d = decode("\x82\xA0\xFD\x82\xA2", "shift_jis");  // あ <undefined> い
    CHECK(pith::text::is_valid_utf8(d.utf8));
    CHECK(d.utf8 == "あ\xEF\xBF\xBDい");
  }
  SUBCASE("windows-1252 undefined bytes") {
    const Decoded d = decode("a\x81" "b", "windows-1252");
    CHECK(d.utf8 == "a\xEF\xBF\xBD" "b");
  }
  SUBCASE("undeclared random high bytes") {
    std::string bytes;
    for (int i = 0; i < 4096; ++i) bytes.push_back(static_cast<char>((i * 131 + 7) % 256));
    const Decoded d = decode(bytes);
    CHECK(pith::text::is_valid_utf8(d.utf8));
    CHECK(d.utf8.find('\0') == std::string::npos);
  }
}

// A byte-at-a-time reading of Table 3-7 ("Well-Formed UTF-8 Byte Sequences"),
// to check the fast validator against.
static std::size_t reference_valid_prefix(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (length == 0 || i + length > s.size()) return i;
    for (std::size_t k = 1; k < length; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      unsigned char lower = 0x80, upper = 0xBF;
      if (k == 1 && b == 0xE0) lower = 0xA0;
      if (k == 1 && b == 0xED) upper = 0x9F;
      if (k == 1 && b == 0xF0) lower = 0x90;
      if (k == 1 && b == 0xF4) upper = 0x8F;
      if (c < lower || c > upper) return i;
    }
    i += length;
  }
  return s.size();
}

TEST_CASE("valid_utf8_prefix_length agrees with a byte-at-a-time validator") {
  // Pieces that make runs of ASCII (shorter and longer than a sixteen-byte
  // block), well-formed sequences of every length, and each kind of
  // ill-formed one (bad lead, bad or missing continuation, overlong,
  // surrogate, above U+10FFFF), joined at random.
  const std::vector<std::string> pieces = {
      "a", "plain ASCII words ", "0123456789abcdefghij", "\xC3\xA9", "\xC2\x80", "\xDF\xBF", "\xE4\xBD\xA0",
      "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEF\xBF\xBD", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF",
      "\xF0\x9F\x98\x80", "\x80", "\xBF", "\xC0\xAF", "\xC1\xBF", "\xC3", "\xE4\xBD", "\xE0\x80\x80",
      "\xED\xA0\x80", "\xF0\x80\x80\x80", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF", "\xF0\x9F\x98"};
  std::uint32_t state = 2463534242u;  // xorshift
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  };
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const std::uint32_t count = next() % 12;
    for (std::uint32_t k = 0; k < count; ++k) {
      // Mostly well-formed pieces, so that ill-formed bytes land at every offset.
      const std::uint32_t pick = next() % 100;
      s += pieces[pick < 85 ? pick % 13 : 13 + pick % (pieces.size() - 13)];
    }
    if (pith::text::valid_utf8_prefix_length(s) != reference_valid_prefix(s))
      FAIL("disagree on round " << round << ", " << s.size() << " bytes");
  }
  // Every lead byte, followed by every second byte.
  for (int b0 = 0x80; b0 < 0x100; ++b0)
    for (int b1 = 0; b1 < 0x100; ++b1) {
      const std::string s = {static_cast<char>(b0), static_cast<char>(b1), '\x80', '\x80', 'x'};
      CHECK(pith::text::valid_utf8_prefix_length(s) == reference_valid_prefix(s));
    }
}

TEST_CASE("arbitrary bytes under any charset decode to valid UTF-8 without NULs") {
  std::uint32_t state = 12345;  // xorshift: deterministic noise, no <random> seeding differences
  const auto next_byte = [&state] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return static_cast<char>(state & 0xFF);
  };
  for (const char* label :
       {"", "utf-8", "windows-1252", "gbk", "big5", "shift_jis", "euc-jp", "iso-2022-jp",
        "euc-kr", "utf-16le", "utf-16be", "koi8-r", "iso-8859-7", "windows-874"}) {
    CAPTURE(label);
    for (const std::size_t size : {1u, 2u, 3u, 7u, 64u, 1000u, 5000u}) {
      std::string bytes;
      for (std::size_t i = 0; i < size; ++i) bytes.push_back(next_byte());
      const Decoded d = decode(bytes, label);
      CHECK(pith::text::is_valid_utf8(d.utf8));
      CHECK(d.utf8.find('\0') == std::string::npos);
    }
  }
}

TEST_CASE("NUL bytes are dropped") {
  using namespace std::string_literals;
  CHECK(decode("a\0b\0\0c"s).utf8 == "abc");
  CHECK(decode("a\0b caf\xC3\xA9"s, "utf-8").utf8 == "ab café");
  CHECK(decode("a\0b caf\xE9"s, "windows-1252").utf8 == "ab café");
  CHECK(decode("\xC4\xE3\0\xBA\xC3"s, "gbk").utf8 == "你好");
}

TEST_CASE("decomposed letters are composed (NFC); other text is left as it is") {
  // "gepru\u0308ft" as some editors write it; the output says "geprüft".
  CHECK(decode("<p>gepru\xCC\x88" "ft, cafe\xCC\x81</p>", "utf-8").utf8 == "<p>geprüft, café</p>");
  // A mark with no base letter to compose with stays.
  CHECK(decode("\xCC\x81x", "utf-8").utf8 == "\xCC\x81x");
  // Greek letters share the 0xCD lead byte with the marks; no change.
  CHECK(decode("\xCD\xB0\xCD\xBB", "utf-8").utf8 == "\xCD\xB0\xCD\xBB");
  // Decomposed Hangul next to a mark is composed too, once composition runs.
  CHECK(decode("\xE1\x84\x80\xE1\x85\xA1 a\xCC\x80", "utf-8").utf8 == "가 à");
  // Composition runs piece by piece between ASCII runs: a mark right after
  // markup, a singleton (U+212B ANGSTROM SIGN -> U+00C5) and a mark after a
  // non-ASCII base are all composed as in the whole page.
  CHECK(decode("<b>e\xCC\x81</b><i>\xE2\x84\xAB</i>x\xC3\xA5\xCC\x81y", "utf-8").utf8 ==
        "<b>é</b><i>\xC3\x85</i>x\xC7\xBBy");
  // ASCII runs longer than the sixteen bytes passed over at a time, a mark
  // at the start of one, in the middle and as the page's last bytes.
  const std::string run(37, 'a');
  CHECK(decode(run + "e\xCC\x81" + run + "o\xCC\x81" + run + "e\xCC\x81", "utf-8").utf8 ==
        run + "é" + run + "ó" + run + "é");
  CHECK(decode("\xCC\x81" + run + run, "utf-8").utf8 == "\xCC\x81" + run + run);
}

}  // TEST_SUITE
