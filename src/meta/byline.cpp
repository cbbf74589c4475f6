// Bylines and dates printed on the page itself, for pages without (or with
// incomplete) structured metadata: rel=author links, author/byline classes,
// labelled bylines in the text, <time datetime>, and dates near the headline.
#include <re2/re2.h>

#include "meta/dates.hpp"
#include "meta/sources.hpp"
#include "text/ascii.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::meta {
namespace {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

// How far after the headline (in bytes of page text) a byline or date still
// belongs to the article rather than to a sidebar or the comments.
constexpr std::size_t kBylineWindow = 2000;
// CJK bylines are labelled ("作者：", "责任编辑：") and often close the
// article, so the labelled search reaches further.
constexpr std::size_t kCjkBylineWindow = 30000;
// A byline element's text is short; a longer "author" block is a biography.
constexpr std::size_t kMaxBylineElementBytes = 120;
// Ranks of CJK byline labels: 0 author, 1 reporter, ... 4 source ("来源",
// the weakest); kNoCjkLabel when none was found.
constexpr int kReporterRank = 1;
constexpr int kSourceRank = 4;
constexpr int kNoCjkLabel = 99;
// "2024-05-03": a date without a clock time.
constexpr std::size_t kIsoDayLength = 10;
// Names in closing brackets rank below a "记者" label and above an editor.
constexpr int kClosingNamesRank = 2;

// An element's class and id, read once and searched for several words
// (this runs for every element the readers pass).
class ElementNames {
 public:
  ElementNames(const dom::Dom& dom, NodeId node) {
    const dom::Node& n = dom.nodes[node];
    for (std::uint32_t i = n.attr_begin; i < n.attr_begin + n.attr_count; ++i) {
      const dom::AttrValue& a = dom.attrs[i];
      if (a.name == Attr::class_) class_ = std::string_view(dom.pool).substr(a.offset, a.length);
      else if (a.name == Attr::id) id_ = std::string_view(dom.pool).substr(a.offset, a.length);
    }
  }
  bool empty() const { return class_.empty() && id_.empty(); }
  bool has(std::string_view word) const {
    return text::contains_ascii_ci(class_, word) || text::contains_ascii_ci(id_, word);
  }

 private:
  std::string_view class_, id_;
};

// Comment threads have authors and dates of their own.
bool is_comment_container(const dom::Dom& dom, NodeId id) {
  // Page-level elements named for the page ("comments-page") hold the article too.
  switch (dom.nodes[id].tag) {
    case Tag::html: case Tag::body: case Tag::main: case Tag::article: return false;
    default: break;
  }
  ElementNames names(dom, id);
  return !names.empty() && (names.has("comment") || names.has("reply") || names.has("respond"));
}

// The page's text as lines (one per block start), each with the node that
// starts it, comment threads and <head> left out. Built as far as the
// readers ask: they look only near the headline, and a page's tail (often
// most of its text) is never turned into strings.
struct Line {
  std::string text;
  NodeId node;
};

class PageLines {
 public:
  explicit PageLines(const dom::Dom& dom) : dom_(dom) {
    next_ = dom.find_first(Tag::body);
    if (next_ == kNoNode) next_ = 0;
  }

  // Is there a k-th line? Builds the lines up to it (and one more, which
  // finishes it).
  bool has(std::size_t k) {
    while (lines_.size() <= k + 1 && next_ < dom_.size()) step();
    return k < lines_.size();
  }
  const Line& operator[](std::size_t k) const { return lines_[k]; }

 private:
  void step() {
    NodeId i = next_;
    const dom::Node& n = dom_.nodes[i];
    if (n.tag == Tag::script || n.tag == Tag::title || n.tag == Tag::head ||
        (n.tag != Tag::text && is_comment_container(dom_, i))) {
      next_ = n.subtree_end;
      return;
    }
    if (n.tag == Tag::text) {
      if (lines_.empty()) lines_.push_back({{}, i});
      text::append_collapsed(lines_.back().text, dom_.text(i), pending_);
    } else if (dom::is_block(n.tag) || n.tag == Tag::br) {
      if (lines_.empty() || !lines_.back().text.empty()) lines_.push_back({{}, i});
      else lines_.back().node = i;  // an empty line starts at the innermost block
      pending_ = false;
    }
    next_ = i + 1;
  }

  const dom::Dom& dom_;
  std::vector<Line> lines_;
  NodeId next_;
  bool pending_ = false;
};

// Labelled bylines. Latin-script names: up to four capitalised words after
// the label; CJK names: two to four Han characters (several names allowed).
bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Latin-script byline labels, case-insensitive.
const std::string& latin_labels() {
  static const std::string labels =
      "(?i:by|von|par|por|di|door|autor|autora|autorin|author|auteur|written by|posted by|texto|text|"
      "reporter|redacción|redaccion|redaktion|автор|συντάκτης|ρεπορτάζ|κείμενο)";
  return labels;
}

const RE2& latin_byline() {
  // A label without a colon ("By Jane Doe") must open its line or follow a
  // date ("Published March 2, 2021 by Jane Doe"); one with a colon
  // ("Автор: Ольга Смирнова") may follow a date on the same line.
  static const RE2 re("(?:(?:^|[(|•·]\\s*|\\d\\s+)" + latin_labels() + "\\s*[:：]?\\s+|(?:^|[\\s(|•·])" +
                      latin_labels() +
                      "\\s*[:：]\\s*)"
                      "((?:\\p{Lu}[\\p{L}'’.-]*)(?:\\s+(?:(?:de|da|del|van|von|der|di|le|la|y|e)\\s+)?"
                      "\\p{Lu}[\\p{L}'’.-]*){0,3})");
  return re;
}

// A line that is only a label ("Autor", "作者："): the name is on the next
// line. A word list, not a regex: this runs on every short line and a
// case-insensitive Unicode regex costs much to compile.
bool is_label_only_line(std::string_view line) {
  static constexpr std::string_view kLabels[] = {
      "by", "von", "par", "por", "door", "autor", "autora", "autorin", "author", "auteur", "written by",
      "posted by", "texto", "text", "reporter", "redacción", "redaccion", "redaktion",
      "автор", "Автор", "АВТОР", "συντάκτης", "Συντάκτης", "ρεπορτάζ", "Ρεπορτάζ", "κείμενο", "Κείμενο",
      "作者", "撰文", "执笔人", "执笔", "记者", "記者", "编辑", "责任编辑", "責任編輯", "发表人", "發表人",
      "楼主", "樓主"};
  for (std::string_view colon : {":", "\xEF\xBC\x9A"})  // ':' or '：'
    if (ends_with(line, colon)) line.remove_suffix(colon.size());
  while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  for (std::string_view label : kLabels)
    if (text::iequals_ascii(line, label)) return true;
  return false;
}

const RE2& cjk_byline() {
  // A label opens its line or follows a separator; "记者" (reporter) may also
  // follow the paper's name ("东海日报记者 林晓"). A translated author's
  // original name may follow in brackets ("周思远 (Joan Smith)").
  static const RE2 re(
      R"((?:(?:^|[\s(（【\[|｜·:：])(作者|撰文|执笔人|执笔|记者|記者|编辑|責任編輯|责任编辑|编者|发表人|發表人|发布人|发布者|发帖人|楼主|樓主|来源|來源|文(?:[/／:：]))|(记者|記者))\s*[:：/／]?\s*)"
      R"(((?:\p{Han}{2,4}?|[A-Za-z][A-Za-z0-9_.-]{2,20})(?:[ 　、,，]+\p{Han}{2,6}){0,4}(?:\s*[(（][A-Za-z][A-Za-z .'-]{1,40}[)）])?))"
      // The name ends where the Han text does, or at "发自" (filed from), "报道" (reports), "摄" (photo).
      R"((?:发自|报道|摄|[^\p{Han}]|$))");
  return re;
}

// "……恢复运营。（何静 周明）", "（记者 唐雨）", "（何静 宁波报道）": Chinese
// news closes with the reporters' names in brackets, after the last
// sentence or on a line of their own.
const RE2& cjk_closing_names() {
  // After the last sentence's full stop, or alone with "记者".
  static const RE2 re(
      R"((?:[。！？”」]\s*[（(]\s*(?:\p{Han}{0,6}记者\s*)?|^[（(]\s*(?:\p{Han}{0,6}记者\s*)?))"
      R"((\p{Han}{2,4}(?:[ 　、]+\p{Han}{2,6}){0,4})\s*[）)]\s*$)");
  return re;
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

// Can the text hold a CJK label? They are all three-byte UTF-8 characters;
// Latin, Greek and Cyrillic text has none (a cheap test before the regexes).
bool has_cjk_bytes(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0xE0) return true;
  return false;
}

// "何静 宁波报道", "郑伟 舟山港区报道": after the names comes where the report
// was filed from; a Chinese name has at most four characters.
void drop_dateline(std::vector<std::string>& names) {
  constexpr std::size_t kMaxHanNameBytes = 4 * 3;
  while (names.size() > 1 && (ends_with(names.back(), "报道") ||
                              (names.back().size() > kMaxHanNameBytes && names.back().front() != '(')))
    names.pop_back();
}

class BylineReader {
 public:
  BylineReader(const dom::Dom& dom, std::string_view headline, bool require_headline)
      : dom_(dom), lines_(dom), require_headline_(require_headline) {
    find_headline(headline);
  }

  Metadata read() {
    Metadata m;
    // A listing or home page without a headline: its bylines and dates
    // belong to the teasers, not to the page.
    if (require_headline_ && !headline_found_) return m;
    read_author_elements(m);
    // An explicit CJK author or reporter label ("作者：", "记者") beats an
    // element named "author", which on these pages often holds a profile
    // card or a source line.
    Metadata labelled;
    int rank = read_labelled_bylines(labelled, /*cjk_only=*/!m.authors.empty());
    if (m.authors.empty() || (rank <= kReporterRank && !labelled.authors.empty())) m.authors = labelled.authors;
    read_dates(m);
    return m;
  }

  // A date with a clock time further down the page than the byline window
  // ("发布时间 2009/11/03 08:40:12" under a long forum post); "" if none.
  std::string distant_date() const {
    if (require_headline_ && !headline_found_) return {};
    std::size_t seen = 0;
    for (std::size_t k = headline_line_; lines_.has(k) && seen < kCjkBylineWindow; ++k) {
      seen += lines_[k].text.size();
      std::string iso = find_date_in_text(lines_[k].text);
      if (iso.size() > kIsoDayLength) return iso;
    }
    return {};
  }

 private:
  void find_headline(std::string_view headline) {
    std::string want = text::collapse_whitespace(headline);
    headline_line_ = 0;
    bool found = false;
    NodeId h1 = dom_.find_first(Tag::h1);
    if (!want.empty()) {
      // Not further than the window past the first <h1>: a headline that far
      // down is a teaser's, and the <h1> below is the better anchor (this
      // also spares turning the rest of a long page into lines).
      std::size_t past_h1 = 0;
      for (std::size_t k = 0; lines_.has(k) && !found && past_h1 < kCjkBylineWindow; ++k) {
        const std::string& line = lines_[k].text;
        if (h1 != kNoNode && lines_[k].node >= h1) past_h1 += line.size();
        // The headline's own line, or one that starts with it ("Headline
        // 2005-04-05 06:40"), or most of it.
        if (line.rfind(want, 0) == 0 ||
            (line.size() >= 8 && want.find(line) == 0 && line.size() * 2 >= want.size())) {
          headline_line_ = k;
          found = true;
        }
      }
    }
    if (!found) {
      for (std::size_t k = 0; h1 != kNoNode && lines_.has(k); ++k)
        if (lines_[k].node >= h1) {
          headline_line_ = k;
          found = true;
          break;
        }
    }
    headline_found_ = found && lines_.has(headline_line_);
    headline_node_ = headline_found_ ? lines_[headline_line_].node : 0;
  }

  bool in_comments(NodeId id) const {
    for (NodeId p = id; p != kNoNode; p = dom_.nodes[p].parent)
      if (dom_.nodes[p].tag != Tag::text && is_comment_container(dom_, p)) return true;
    return false;
  }

  // The name in a byline element: "By Jane Doe | May 3, 2024" -> "Jane Doe".
  static std::string name_in(std::string_view raw) {
    std::string text = text::collapse_whitespace(raw);
    std::size_t date = date_position(text);
    if (date != std::string::npos) text.erase(date);
    return clean_author(text);
  }

  // A byline usually links the author's name; the link's text is the name
  // without the job title, "Updated ..." and the like around it.
  std::string linked_name(NodeId byline) const {
    for (NodeId k = byline + 1; k < dom_.nodes[byline].subtree_end; ++k) {
      if (dom_.nodes[k].tag != Tag::a) continue;
      std::string name = clean_author(element_text(dom_, k));
      if (looks_like_name(name)) return name;
    }
    return {};
  }

  // Two to five words, or a CJK name; not a sentence, not a date.
  static bool looks_like_name(const std::string& name) {
    if (name.empty() || name.size() > 60 || find_date_in_text(name).size()) return false;
    int words = 1;
    for (char c : name) words += c == ' ';
    return words <= 5;
  }

  // rel=author links, then elements named "author"/"byline" (itemprop is
  // microdata's, read elsewhere). Near the headline first.
  void read_author_elements(Metadata& m) {
    std::vector<std::string> before, after;
    for (NodeId i = 0; i < dom_.size(); ++i) {
      const dom::Node& n = dom_.nodes[i];
      if (n.tag == Tag::text || n.tag == Tag::link || n.tag == Tag::meta) continue;
      bool rel_author = n.tag == Tag::a && text::contains_ascii_ci(dom_.attr(i, Attr::rel), "author");
      ElementNames names(dom_, i);
      bool class_author = !rel_author && !names.empty() && (names.has("author") || names.has("byline")) &&
                          !names.has("bio") && !names.has("avatar") && !names.has("about") &&
                          !names.has("description");
      if (!rel_author && !class_author) continue;
      std::string raw = element_text(dom_, i);
      if (raw.empty() || raw.size() > kMaxBylineElementBytes || in_comments(i)) continue;
      std::string name = rel_author ? name_in(raw) : linked_name(i);
      if (name.empty()) name = name_in(raw);
      if (name.empty()) continue;
      auto& list = i >= headline_node_ ? after : before;
      if (list.size() < 4) list.push_back(std::move(name));
      i = n.subtree_end - 1;  // its descendants are the same byline
    }
    const auto& chosen = !after.empty() ? after : before;
    if (!chosen.empty()) add_unique(m.authors, chosen.front());
  }

  // Returns the rank of the CJK label used (kNoCjkLabel for a Latin byline or
  // none). With cjk_only, Latin bylines are not looked for.
  int read_labelled_bylines(Metadata& m, bool cjk_only) {
    // Lines from the headline on, within the window.
    std::size_t budget = 0;
    int best_rank = 99;
    std::vector<std::string> best_cjk;
    for (std::size_t k = headline_line_; lines_.has(k) && budget < kCjkBylineWindow; ++k) {
      bool next_line = lines_.has(k + 1);  // before any reference: building may reallocate
      const std::string* line = &lines_[k].text;
      budget += line->size();
      std::string joined;
      if (line->size() <= 24 && next_line && is_label_only_line(*line)) {
        bool has_colon = line->back() == ':' || ends_with(*line, "\xEF\xBC\x9A");  // ':' or '：'
        joined = *line + (has_colon ? " " : ": ") + lines_[k + 1].text;
        line = &joined;
      }
      if (!cjk_only && budget < kBylineWindow && line->size() <= 160) {
        std::string name = latin_byline_name(*line);
        if (!name.empty()) {
          add_unique(m.authors, name);
          return kNoCjkLabel;
        }
      }
      if (best_rank > 0 && has_cjk_bytes(*line)) read_cjk_byline(*line, best_rank, best_cjk);
    }
    for (const std::string& name : best_cjk) add_unique(m.authors, name);
    return best_cjk.empty() ? kNoCjkLabel : best_rank;
  }

  static std::string latin_byline_name(const std::string& line) {
    re2::StringPiece latin_piece;
    if (!RE2::PartialMatch(line, latin_byline(), &latin_piece)) return {};
    std::string latin(latin_piece.data(), latin_piece.size());
    // "Автор: Ольга Смирнова Просмотров: 8 314": a word followed by a
    // colon is the next label, not part of the name.
    std::size_t after = static_cast<std::size_t>(latin_piece.data() - line.data()) + latin_piece.size();
    if (after < line.size() && line[after] == ':') {
      std::size_t space = latin.rfind(' ');
      latin = space == std::string::npos ? std::string() : latin.substr(0, space);
    }
    return clean_author(latin);
  }

  // Every labelled CJK byline of the line, and a closing bracketed one; the
  // best-ranked label so far wins.
  static void read_cjk_byline(const std::string& line, int& best_rank, std::vector<std::string>& best) {
    re2::StringPiece names;
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
    re2::StringPiece g[4];  // whole match, label, reporter label, names
    for (std::size_t at = 0;
         at < line.size() && cjk_byline().Match(line, at, line.size(), RE2::UNANCHORED, g, 4);) {
      bool is_reporter = g[2].data() != nullptr;
      std::string_view l = is_reporter ? std::string_view(g[2].data(), g[2].size())
                                       : std::string_view(g[1].data(), g[1].size());
      int rank = cjk_label_rank(l);
      // A source's words, and those after "记者" run into the paper's name
      // ("日报记者王五"), are a name only if they start like one.
      offer(rank, std::string_view(g[3].data(), g[3].size()), is_reporter || rank >= kSourceRank);
      // Go on from the names, not past them: what looked like a second name
      // may be the next label ("来源：舟山晚报 编辑：范小青").
      at = static_cast<std::size_t>(g[3].data() - line.data());
    }
    if (best_rank > kClosingNamesRank && RE2::PartialMatch(line, cjk_closing_names(), &names))
      offer(kClosingNamesRank, std::string_view(names.data(), names.size()), true);
  }

  void read_dates(Metadata& m) {
    // <time datetime> after the headline, outside comments.
    for (NodeId i = headline_node_; i < dom_.size(); ++i) {
      if (dom_.nodes[i].tag != Tag::time || in_comments(i)) continue;
      std::string iso = normalize_date(dom_.attr(i, Attr::datetime));
      if (iso.empty()) iso = find_date_in_text(element_text(dom_, i));
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
    // A date written near the headline: after it first, then just before it
    // (some pages print the date above the title).
    std::size_t seen = 0;
    for (std::size_t k = headline_line_; lines_.has(k) && seen < kBylineWindow; ++k) {
      seen += lines_[k].text.size();
      std::string iso = find_date_in_text(lines_[k].text);
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
    seen = 0;
    for (std::size_t k = headline_line_; k-- > 0 && seen < kBylineWindow / 4;) {
      seen += lines_[k].text.size();
      std::string iso = find_date_in_text(lines_[k].text);
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
  }

  const dom::Dom& dom_;
  mutable PageLines lines_;
  std::size_t headline_line_ = 0;
  NodeId headline_node_ = 0;
  bool headline_found_ = false;
  bool require_headline_;
};

}  // namespace

Metadata read_page_bylines(const dom::Dom& dom, std::string_view headline, bool require_headline,
                           std::string* distant_date) {
  BylineReader reader(dom, headline, require_headline);
  Metadata m = reader.read();
  if (distant_date && m.date_published.empty()) *distant_date = reader.distant_date();
  return m;
}

}  // namespace pith::meta
