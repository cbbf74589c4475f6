// match_cjk_byline reads by hand what a regex once matched: held to that
// regex, anchored at every place of random lines of labels, names,
// separators, brackets and the rest.
#include <doctest/doctest.h>
#include <re2/re2.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "meta/cjk_labelled_byline.hpp"

namespace {

std::string_view view(const re2::StringPiece& piece) { return std::string_view(piece.data(), piece.size()); }

}  // namespace

TEST_CASE("cjk labelled bylines: what the byline regex matches at each place, on random lines") {
  const RE2 regex(
      R"((?:(?:^|[\s(（【\[|｜·:：])(作者|撰文|执笔人|执笔|记者|記者|编辑|責任編輯|责任编辑|编者|发表人|發表人|发布人|发布者|发帖人|楼主|樓主|来源|來源|文(?:[/／:：]))|(记者|記者))\s*[:：/／]?\s*)"
      R"(((?:\p{Han}{2,4}?|[A-Za-z][A-Za-z0-9_.-]{2,20})(?:[ 　、,，]+\p{Han}{2,6}){0,4}(?:\s*[(（][A-Za-z][A-Za-z .'-]{1,40}[)）])?))"
      R"((?:发自|报道|摄|[^\p{Han}]|$))");
  REQUIRE(regex.ok());
  const std::vector<std::string> labels = {"作者", "撰文", "执笔人", "执笔", "记者", "記者", "编辑", "責任編輯", "责任编辑",
                                           "编者", "发表人", "發表人", "发布人", "发布者", "发帖人", "楼主", "樓主", "来源",
                                           "來源", "文/", "文／", "文:", "文：", "文", "执"};
  const std::vector<std::string> han = {"王", "五", "林", "晓", "周", "人", "报", "道", "发", "自", "摄", "记", "者",
                                        "々", "〇", "𠀀"};
  const std::vector<std::string> other = {
      " ", "  ", "\t", "\v", "\n", "(", "（", "【", "[", "|", "｜", "·", ":", "：", "/", "／", "、", ",", "，", "　",
      ")", "）", "]", "a", "Jo", "Joan Smith", "J_1.x-y", "abcdefghijklmnopqrstuvwxyz", "'", ".", "-", "1", "カ",
      "〆", "\xE8\xAE", "\xFF", "\xED\xA0\x80", "\xEF\xBF\xBD", "报道", "发自", "日报"};
  std::mt19937 random(20261205);
  auto pick = [&](const std::vector<std::string>& of) { return of[random() % of.size()]; };
  int matched = 0;
  for (int n = 0; n < 6000; ++n) {
    std::string line;
    for (int k = 1 + static_cast<int>(random() % 14); k > 0; --k) {
      const unsigned kind = random() % 8;
      line += kind < 2 ? pick(labels) : kind < 5 ? pick(han) : pick(other);
    }
    if (n % 2 == 0) {
      // Shaped like a byline: a label and runs of Han characters between separators.
      line += pick(labels) + (random() % 2 == 0 ? "：" : " ");
      for (int names = 1 + static_cast<int>(random() % 7); names > 0; --names) {
        for (int k = 1 + static_cast<int>(random() % 7); k > 0; --k) line += pick(han);
        line += random() % 4 == 0 ? pick(other) : random() % 2 == 0 ? " " : "、";
      }
    }
    if (random() % 3 == 0) line += " (" + std::string(1 + random() % 45, 'x') + ")";
    for (std::size_t start = 0; start <= line.size(); ++start) {
      re2::StringPiece g[4];
      const bool expected = regex.Match(line, start, line.size(), RE2::ANCHOR_START, g, 4);
      pith::meta::CjkByline got;
      const bool found = pith::meta::match_cjk_byline(line, start, got);
      matched += expected ? 1 : 0;
      CHECK_MESSAGE(found == expected, line, " @", start);
      if (!found || !expected) continue;
      const bool reporter = g[2].data() != nullptr;
      CHECK_MESSAGE(got.reporter == reporter, line, " @", start);
      CHECK_MESSAGE(got.label == view(reporter ? g[2] : g[1]), line, " @", start);
      CHECK_MESSAGE(got.names == view(g[3]), line, " @", start);
    }
  }
  CHECK(matched > 1000);  // the lines exercise the regex, not only its absence
}
