#include "meta/cjk_byline.hpp"


#include <array>
#include <cstdint>

#include "meta/cjk_closing_names.hpp"
#include "meta/cjk_labelled_byline.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/utf8.hpp"

namespace pith::meta {
namespace {

// The weakest label: "来源" (source).
constexpr int kSourceRank = 4;
// Names in closing brackets rank below a "记者" label and above an editor.
constexpr int kClosingNamesRank = 2;

// Where the first label match_cjk_byline() looks for starts, at or after `from`;
// line.size() when there is none.
std::size_t find_cjk_label(std::string_view line, std::size_t from) {
  static constexpr std::string_view kLabels[] = {
      "作者", "撰文", "执笔", "记者", "記者", "编辑", "責任編輯", "责任编辑", "编者", "发表人", "發表人",
      "发布人", "发布者", "发帖人", "楼主", "樓主", "来源", "來源", "文/", "文／", "文:", "文："};
  auto opens_label = [](char32_t c) {
    switch (c) {
      case U'作': case U'撰': case U'执': case U'记': case U'記': case U'编': case U'責': case U'责':
      case U'发': case U'發': case U'楼': case U'樓': case U'来': case U'來': case U'文':
        return true;
      default:
        return false;
    }
  };
  // The characters labels open with, by their code point's top ten bits
  // (what a lead byte and the byte after give): one table look per byte
  // passes over the other characters, which a test of the lead byte (most
  // Han characters pass it) and then of the character mispredicted.
  static constexpr auto kOpenerTops = [] {
    std::array<std::uint64_t, 16> tops{};
    for (char32_t c : {U'作', U'撰', U'执', U'记', U'記', U'编', U'責', U'责', U'发', U'發', U'楼', U'樓', U'来', U'來',
                       U'文'})
      tops[(c >> 12) & 0xF] |= std::uint64_t{1} << ((c >> 6) & 0x3F);
    return tops;
  }();
  for (std::size_t at = from; at + 3 < line.size(); ++at) {
    // Every label starts with a character of U+4000..U+9FFF (lead byte E4..E9).
    auto b = static_cast<unsigned char>(line[at]);
    auto b1 = static_cast<unsigned char>(line[at + 1]);
    const bool may_open = (static_cast<unsigned>(b - 0xE4) <= 0xE9 - 0xE4) & ((kOpenerTops[b & 0x0F] >> (b1 & 0x3F)) & 1);
    if (!may_open) continue;
    // Decoded without checks: a wrong guess only costs the comparisons below.
    auto b2 = static_cast<unsigned char>(line[at + 2]);
    if (!opens_label(static_cast<char32_t>((b & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)))) continue;
    std::string_view rest = line.substr(at);
    for (std::string_view label : kLabels)
      if (rest.size() >= label.size() && rest.substr(0, label.size()) == label) return at;
  }
  return line.size();
}

// The leftmost match of match_cjk_byline()'s regex starting at or after
// `from`, as an unanchored search finds it. A match starts at a label or at
// the one character before it, so it is tried at those places, in order.
bool next_cjk_byline(std::string_view line, std::size_t from, CjkByline& found) {
  std::size_t tried = std::string::npos;
  for (std::size_t label = find_cjk_label(line, from); label < line.size(); label = find_cjk_label(line, label + 1)) {
    const std::size_t before = label == 0 ? 0 : text::code_point_start(line, label - 1);
    for (std::size_t start : {before, label}) {
      if (start < from || start == tried) continue;
      tried = start;
      if (match_cjk_byline(line, start, found)) return true;
    }
  }
  return false;
}

// Closing names (find_cjk_closing_names) end with a closing bracket and white space.
bool ends_with_closing_bracket(std::string_view line) {
  while (!line.empty() && text::is_ascii_whitespace(line.back())) line.remove_suffix(1);
  return line.ends_with(")") || line.ends_with("\xEF\xBC\x89");  // ')' or '）'
}

// Labels in order of trust: who wrote it beats who edited or where it came from.
int cjk_label_rank(std::string_view label) {
  if (label == "作者" || label == "撰文" || label == "执笔人" || label == "执笔" || label == "发表人" ||
      label == "發表人" || label == "楼主" || label == "樓主" || label == "发帖人" || label.rfind("文", 0) == 0)
    return 0;
  if (label == "记者" || label == "記者") return kReporterRank;
  if (label == "发布人" || label == "发布者") return 2;
  if (label == "编辑" || label == "责任编辑" || label == "責任編輯" || label == "编者") return 3;
  return kSourceRank;  // 来源: a source, often an agency, sometimes the writer
}

// Words that follow a CJK label but are not names.
bool is_cjk_non_name(std::string_view name) {
  for (std::string_view word : {"本报", "本站", "网友", "转载", "原创", "不详", "未知", "admin", "时间", "日期",
                                "阅读", "点击", "评论", "出自", "来源", "发表", "浏览", "人气", "简介", "文章"})
    if (name.rfind(word, 0) == 0) return true;
  return false;
}

// The most common Chinese family names (they cover well over 80 % of people,
// by the 2007 and 2020 census counts), simplified and traditional, and the
// common two-character ones. Names found without a label that says "author"
// (after 记者 or 来源, in closing brackets) must start with one: the words
// there are otherwise often a place, a paper or a verb ("记者在码头看到").
constexpr std::string_view kCommonFamilyNames =
    "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何林罗羅高郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖萧蕭田董袁潘"
    "于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閻段雷"
    "侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯常温溫康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊"
    "聂聶章鲁魯岳翟殷詹申欧歐耿关關兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱"
    "蓝藍路游辛靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解牟艾尤阳陽时時穆农農司卓古吉缪繆简簡车車项項连連芦蘆麦麥褚娄婁"
    "窦竇戚岑景党黨宫宮费費卜冷晏席卫衛米柏宗瞿桂全佟应應臧闵閔苟邬鄔边邊卞姬师師和仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢"
    "仲虞敖巩鞏明佘池查麻苑迟遲邝鄺";
constexpr std::string_view kCompoundFamilyNames[] = {"欧阳", "歐陽", "司马", "司馬", "诸葛", "諸葛", "上官",
                                                     "东方", "東方", "令狐", "皇甫", "慕容", "公孙", "公孫"};

bool starts_with_family_name(std::string_view name) {
  for (std::string_view compound : kCompoundFamilyNames)
    if (name.rfind(compound, 0) == 0) return true;
  std::size_t i = 0;
  char32_t first = text::decode_utf8(name, i);
  if (first < 0x80) return true;  // a romanised or Latin name: no check here
  std::string_view head = name.substr(0, i);
  for (std::size_t at = kCommonFamilyNames.find(head); at != std::string_view::npos;
       at = kCommonFamilyNames.find(head, at + 1))
    if (at % 3 == 0) return true;  // every listed character is three UTF-8 bytes
  return false;
}

std::vector<std::string> split_cjk_names(std::string_view names) {
  std::vector<std::string> out;
  std::string current;
  std::size_t i = 0;
  int brackets = 0;  // "(Joan Smith)" is one name
  while (i < names.size()) {
    std::size_t before = i;
    char32_t c = text::decode_utf8(names, i);
    brackets += (c == U'(' || c == U'（') - (c == U')' || c == U'）');
    bool separator = brackets <= 0 && (c == U' ' || c == U'\u3000' || c == U'、' || c == U',' || c == U'，');
    if (separator) {
      if (is_cjk_non_name(current)) break;  // "张三 阅读(12)": the name list has ended
      add_unique(out, current);
      current.clear();
    } else {
      current.append(names.substr(before, i - before));
    }
  }
  if (!is_cjk_non_name(current)) add_unique(out, current);
  // "周思远 (Joan Smith)": the bracketed original name belongs to the one before.
  for (std::size_t k = 1; k < out.size(); ++k)
    if (out[k].front() == '(' || out[k].rfind("（", 0) == 0) {
      out[k - 1] += ' ' + out[k];
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(k--));
    }
  return out;
}

// "何静 宁波报道", "郑伟 舟山港区报道": after the names comes where the report
// was filed from; a Chinese name has at most four characters.
void drop_dateline(std::vector<std::string>& names) {
  constexpr std::size_t kMaxHanNameBytes = 4 * 3;
  while (names.size() > 1 && (names.back().ends_with("报道") ||
                              (names.back().size() > kMaxHanNameBytes && names.back().front() != '(')))
    names.pop_back();
}

}  // namespace

void read_cjk_byline(std::string_view line, int& best_rank, std::vector<std::string>& best) {
  auto offer = [&](int rank, std::string_view raw, bool needs_family_name) {
    if (rank >= best_rank || is_cjk_non_name(raw)) return;
    std::vector<std::string> found = split_cjk_names(raw);
    drop_dateline(found);
    // "作者：周文澜 字号：大": a word followed by a colon is the next label.
    std::size_t after = static_cast<std::size_t>(raw.data() + raw.size() - line.data());
    if (found.size() > 1 && (line.compare(after, 1, ":") == 0 || line.compare(after, 3, "\xEF\xBC\x9A") == 0))
      found.pop_back();
    if (found.empty() || (needs_family_name && !starts_with_family_name(found.front()))) return;
    best_rank = rank;
    best = std::move(found);
  };
  CjkByline found;
  for (std::size_t at = 0; next_cjk_byline(line, at, found);) {
    int rank = cjk_label_rank(found.label);
    // A source's words, and those after "记者" run into the paper's name
    // ("日报记者王五"), are a name only if they start like one.
    offer(rank, found.names, found.reporter || rank >= kSourceRank);
    // Go on from the names, not past them: what looked like a second name
    // may be the next label ("来源：舟山晚报 编辑：范小青").
    at = static_cast<std::size_t>(found.names.data() - line.data());
  }
  std::string_view names;
  if (best_rank > kClosingNamesRank && ends_with_closing_bracket(line) && find_cjk_closing_names(line, names))
    offer(kClosingNamesRank, names, true);
}

}  // namespace pith::meta
