// find_cjk_closing_names reads by hand what a regex once found: held to that
// regex on random lines of brackets, Han names, 记者, separators and the rest.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "meta/cjk_closing_names.hpp"

TEST_CASE("cjk closing names: what the closing-names regex's group 1 finds, on random lines") {
  const RE2 regex(R"((?:[。！？”」]\s*[（(]\s*(?:\p{Han}{0,6}记者\s*)?|^[（(]\s*(?:\p{Han}{0,6}记者\s*)?))"
                  R"((\p{Han}{2,4}(?:[ 　、]+\p{Han}{2,6}){0,4})\s*[）)]\s*$)");
  REQUIRE(regex.ok());
  const std::vector<std::string> tokens = {
      // Han characters (a name is a run of them; 々 and 〇 are Han too, 〆 and kana are not)
      "何", "静", "周", "明", "唐", "雨", "宁", "波", "报", "道", "记", "者", "记者", "記者", "々", "〇", "𠀀",
      "〆", "カ", "한",
      // what opens and closes the brackets, and separators
      "。", "！", "？", "”", "」", "（", "(", "）", ")", " ", "　", "、", ",", "，",
      // white space RE2's \s reads, and the vertical tab it does not
      "\t", "\n", "\v", "  ",
      // the rest, and a byte that is no UTF-8
      "a", "Li", "1", ".", "\xE8\xAE", "\xFF"};
  const std::vector<std::string> han = {"何", "静", "周", "明", "唐", "雨", "记", "者", "記", "々", "〇", "𠀀"};
  const std::vector<std::string> openers = {"。", "！", "？", "”", "」", "", "a"};
  const std::vector<std::string> brackets = {"（", "(", "["}, closers = {"）", ")", "]"};
  const std::vector<std::string> separators = {" ", "　", "、", "  ", " 、", ",", ""};
  const std::vector<std::string> spaces = {"", "", " ", "\t", "\v", "  "};
  std::mt19937 random(20261205);
  auto pick = [&](const std::vector<std::string>& of) { return of[random() % of.size()]; };
  auto han_run = [&](int least, int most) {
    std::string run;
    for (int k = least + static_cast<int>(random() % static_cast<unsigned>(most - least + 1)); k > 0; --k)
      run += pick(han);
    return run;
  };
  int matched = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string line;
    if (n % 2 == 0) {
      // Shaped like closing names, each part at times a little off.
      if (random() % 2 == 0) line += pick(tokens) + pick(tokens);
      line += pick(openers) + pick(spaces) + pick(brackets) + pick(spaces);
      if (random() % 3 == 0) line += han_run(0, 7) + (random() % 4 == 0 ? "記者" : "记者") + pick(spaces);
      line += han_run(1, 5);
      for (int k = static_cast<int>(random() % 6); k > 0; --k) line += pick(separators) + han_run(1, 7);
      line += pick(spaces) + pick(closers) + pick(spaces);
      if (random() % 8 == 0) line.insert(random() % (line.size() + 1), pick(tokens));
    } else {
      for (int k = 1 + static_cast<int>(random() % 16); k > 0; --k) line += pick(tokens);
      if (random() % 2 == 0) line += random() % 2 == 0 ? "）" : ") ";
    }
    re2::StringPiece want;
    const bool expected = RE2::PartialMatch(line, regex, &want);
    std::string_view got;
    const bool found = pith::meta::find_cjk_closing_names(line, got);
    matched += expected ? 1 : 0;
    CHECK_MESSAGE(found == expected, line);
    if (found && expected) CHECK_MESSAGE(got == std::string_view(want.data(), want.size()), line);
  }
  CHECK(matched > 200);  // the lines exercise the regex, not only its absence
  // Where 记者 may be read twice, the regex takes as many Han characters
  // before it as it can.
  for (std::string line : {"（记者记者王五）", "。（记者 记者王五 李四）", "（王记者记者）", "(記者记者何静)"}) {
    re2::StringPiece want;
    std::string_view got;
    REQUIRE(RE2::PartialMatch(line, regex, &want));
    REQUIRE(pith::meta::find_cjk_closing_names(line, got));
    CHECK_MESSAGE(got == std::string_view(want.data(), want.size()), line);
  }
}
