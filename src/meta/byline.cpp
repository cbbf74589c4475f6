// Bylines and dates printed on the page itself, for pages without (or with
// incomplete) structured metadata: rel=author links, author/byline classes,
// labelled bylines in the text, <time datetime>, and dates near the headline.
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>

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

// Words the readers look for in class and id names, one bit each.
enum NameWord : std::uint16_t {
  kComment = 1 << 0, kReply = 1 << 1, kRespond = 1 << 2,  // comment threads
  kAuthor = 1 << 3, kByline = 1 << 4,                     // bylines
  kBio = 1 << 5, kAvatar = 1 << 6, kAbout = 1 << 7, kDescription = 1 << 8,  // author cards, not bylines
};
constexpr std::uint16_t kCommentWords = kComment | kReply | kRespond;
constexpr std::uint16_t kBylineWords = kAuthor | kByline;
constexpr std::uint16_t kAuthorCardWords = kBio | kAvatar | kAbout | kDescription;

// Sixteen bytes at a time (GCC and Clang vector extension: SSE2 or NEON).
typedef unsigned char Bytes16 __attribute__((vector_size(16)));

// Which of the words `name` contains, ignoring ASCII case (as
// text::contains_ascii_ci would find them). Class names are long and many;
// each thread or byline word holds a pair of letters they seldom have
// ("co mm ent", "r ep ly", "re sp ond", "au thor", "by line"), so sixteen
// places at a time are tested for the pairs, and the words only where one
// is. The author-card words matter only beside a byline word. `readable`
// bytes from name.data() on may be read (the rest of the DOM's pool): the
// last block is loaded whole and its lanes past the name are masked off.
std::uint16_t name_words(std::string_view name, std::size_t readable) {
  struct Word {
    std::string_view text;
    NameWord bit;
    std::size_t pair;  // where its rare pair of letters starts
  };
  static constexpr Word kWords[] = {{"comment", kComment, 2}, {"reply", kReply, 1}, {"respond", kRespond, 2},
                                    {"author", kAuthor, 0},   {"byline", kByline, 0}};
  static constexpr Bytes16 kLane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  constexpr std::size_t kShortestWord = 5;  // "reply"
  std::uint16_t found = 0;
  const std::size_t n = name.size();
  if (n < kShortestWord) return found;
  for (std::size_t block = 0; block + 1 < n; block += 16) {
    Bytes16 here, next;
    if (block + 17 <= readable) {
      std::memcpy(&here, name.data() + block, 16);
      std::memcpy(&next, name.data() + block + 1, 16);
    } else {
      unsigned char bytes[17] = {};
      name.copy(reinterpret_cast<char*>(bytes), 17, block);
      std::memcpy(&here, bytes, 16);
      std::memcpy(&next, bytes + 1, 16);
    }
    here |= 0x20;  // ASCII letters to lower case; a letter's pair matches nothing else
    next |= 0x20;
    Bytes16 hit = ((here == 'm') & (next == 'm')) | ((here == 'e') & (next == 'p')) |
                  ((here == 's') & (next == 'p')) | ((here == 'a') & (next == 'u')) |
                  ((here == 'b') & (next == 'y'));
    // Only pairs inside the name count.
    if (block + 17 > n) hit &= kLane < static_cast<unsigned char>(n - 1 - block);
    std::uint64_t halves[2];
    std::memcpy(halves, &hit, sizeof halves);
    if ((halves[0] | halves[1]) == 0) continue;
    for (std::size_t lane = 0; lane < 16; ++lane) {
      if (!hit[lane]) continue;
      std::size_t at = block + lane;
      for (const Word& w : kWords)
        if (at >= w.pair && n - (at - w.pair) >= w.text.size() &&
            text::iequals_ascii(name.substr(at - w.pair, w.text.size()), w.text))
          found |= w.bit;
    }
  }
  return found;
}

// The author-card words of a name.
std::uint16_t card_words(std::string_view name) {
  std::uint16_t found = 0;
  if (text::contains_ascii_ci(name, "bio")) found |= kBio;
  if (text::contains_ascii_ci(name, "avatar")) found |= kAvatar;
  if (text::contains_ascii_ci(name, "about")) found |= kAbout;
  if (text::contains_ascii_ci(name, "description")) found |= kDescription;
  return found;
}

// The words of every element's class and id, found in one pass over the
// page's attributes (a dense array; a pass over the elements tests every
// node for attributes): the line builder, the comment test and the
// author-element reader ask about nearly every element that has a class or
// an id. The few elements named as bylines are listed too.
class ElementWords {
 public:
  explicit ElementWords(const dom::Dom& dom) : dom_(dom), attr_words_(dom.attrs.size(), 0) {
    const std::string_view pool(dom.pool);
    for (std::size_t a = 0; a < dom.attrs.size(); ++a) {
      const dom::AttrValue& v = dom.attrs[a];
      if (v.name != Attr::class_ && v.name != Attr::id) continue;
      attr_words_[a] = name_words(pool.substr(v.offset, v.length), pool.size() - v.offset);
      all_ |= attr_words_[a];
    }
    if (!(all_ & kBylineWords)) return;
    // The elements with a byline word, and their author-card words (or'ed
    // into their first attribute's entry, which operator[] reads too).
    for (NodeId id = 0; id < dom.size(); ++id) {
      const dom::Node& n = dom.nodes[id];
      if (n.attr_count == 0 || !((*this)[id] & kBylineWords)) continue;
      std::uint16_t cards = 0;
      for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) {
        const dom::AttrValue& v = dom.attrs[a];
        if (v.name == Attr::class_ || v.name == Attr::id) cards |= card_words(pool.substr(v.offset, v.length));
      }
      attr_words_[n.attr_begin] |= cards;
      if (!(cards & kAuthorCardWords)) bylines_.push_back(id);
    }
  }
  std::uint16_t operator[](NodeId id) const {
    const dom::Node& n = dom_.nodes[id];
    std::uint16_t found = 0;
    for (std::uint32_t a = n.attr_begin; a < n.attr_begin + n.attr_count; ++a) found |= attr_words_[a];
    return found;
  }
  // Does some element's class or id hold one of `words`?
  bool any(std::uint16_t words) const { return (all_ & words) != 0; }
  // The elements with a byline word and no author-card word, in document order.
  const std::vector<NodeId>& bylines() const { return bylines_; }

 private:
  const dom::Dom& dom_;
  std::vector<std::uint16_t> attr_words_;  // per attribute: the words of a class or id, else 0
  std::uint16_t all_ = 0;                  // the words of all the page's classes and ids
  std::vector<NodeId> bylines_;
};

// Comment threads have authors and dates of their own.
bool is_comment_container(const dom::Dom& dom, const ElementWords& words, NodeId id) {
  // Page-level elements named for the page ("comments-page") hold the article too.
  switch (dom.nodes[id].tag) {
    case Tag::html: case Tag::body: case Tag::main: case Tag::article: case Tag::text: return false;
    default: return (words[id] & kCommentWords) != 0;
  }
}

// Could the text hold a CJK character (text::is_cjk)? Every code point
// from U+2E80 up starts with a byte >= 0xE3 or with 0xE2 0xBA..;
// the test runs eight bytes at a time over bytes below 0xE0 (ASCII and the
// two-byte sequences of alphabetic scripts).
bool text_may_hold_han(std::string_view s) {
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  auto han_starts_at = [&s](std::size_t i) {
    auto b = static_cast<unsigned char>(s[i]);
    return b >= 0xE3 || (b == 0xE2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xBA);
  };
  // A lane's high bit ends up set when its own top three bits are.
  auto e0_up = [](std::uint64_t word) { return word & (word << 1) & (word << 2) & kHighBits; };
  // Most texts have no byte from 0xE0 up: one pass that tests nothing per
  // block (the last block overlapping the one before; a short text a byte
  // at a time) says so; only the others are searched.
  std::uint64_t any = 0;
  if (s.size() >= 8) {
    auto word_at = [&s](std::size_t i) {
      std::uint64_t word;
      std::memcpy(&word, s.data() + i, sizeof word);
      return word;
    };
    for (std::size_t i = 0; i + 8 <= s.size(); i += 8) any |= e0_up(word_at(i));
    any |= e0_up(word_at(s.size() - 8));
  } else {
    for (char c : s) any |= static_cast<unsigned char>(c) >= 0xE0;
  }
  if (any == 0) return false;
  return text::any_position(s, [&](std::uint64_t word) { return e0_up(word) != 0; }, han_starts_at);
}

// The page's text as lines (one per block start), each with the node that
// starts it, comment threads and <head> left out. Lines are built as far as
// the readers ask (they look only near the headline). Building a line
// records only its text nodes that hold characters (the DOM counted them),
// its digits and its first byte; its text is copied out (collapsed) when a
// reader asks for its size or its text: the headline search asks only about
// lines that open like the headline until the first <h1>.
class PageLines {
 public:
  // `body`: the page's first <body>, kNoNode when it has none.
  PageLines(const dom::Dom& dom, const ElementWords& words, NodeId body)
      : dom_(dom), words_(words), comments_named_(words.any(kCommentWords)), next_(body == kNoNode ? 0 : body) {}

  // Is there a k-th line? Builds the lines up to it (and one more, which
  // finishes it).
  bool has(std::size_t k) {
    while (lines_.size() <= k + 1 && next_ < dom_.size()) build_to_next_line();
    return k < lines_.size();
  }
  NodeId node(std::size_t k) const { return lines_[k].node; }
  // Bytes of the line's text (white space collapsed).
  std::size_t size(std::size_t k) { return text(k).size(); }
  // The first byte of its text (0 when empty).
  unsigned char first_byte(std::size_t k) const { return lines_[k].first; }
  // At least the number of ASCII digits in its text.
  std::uint32_t digits(std::size_t k) const { return lines_[k].digits; }
  // Does its text hold a CJK character (TextCounts::cjk: Han, kana,
  // hangul)? A CJK byline needs one: its labels are Han, and the names it
  // takes without a label start with a Han family name.
  bool holds_cjk(std::size_t k) const { return lines_[k].cjk != 0; }
  // Could any line from the k-th on hold a CJK character? The DOM counted
  // them in the text lines are built from; the text it left uncounted
  // (<head>, <script>: no line's) is only looked at for bytes that may
  // start one.
  bool cjk_ahead(std::size_t k) {
    const NodeId from = lines_[k].begin;
    if (cjk_at_ != kNoNode && cjk_at_ >= from) return true;
    const NodeId count = static_cast<NodeId>(dom_.size());
    const std::size_t counted = dom_.counts.size();
    for (NodeId i = std::max(from, cjk_scanned_); i < count; ++i) {
      const bool cjk = i < counted && dom_.counts[i].chars != dom::Dom::kNotCounted.chars
                           ? dom_.counts[i].cjk != 0
                           : dom_.nodes[i].tag == Tag::text && text_may_hold_han(dom_.text(i));
      if (cjk) {
        cjk_at_ = i;
        cjk_scanned_ = i + 1;
        return true;
      }
    }
    cjk_scanned_ = count;
    cjk_at_ = kNoNode;
    return false;
  }
  // At least the size of line k (requires has(k)), without collapsing its
  // text: its size once built, else its pieces' bytes, each with a space it
  // may open with. Collapsing never lengthens valid UTF-8 otherwise; an
  // invalid sequence becomes U+FFFD, three bytes for as few as one.
  std::size_t size_bound(std::size_t k) const {
    const Line& line = lines_[k];
    if (line.built) return line.text.size();
    std::size_t bound = 0;
    for (std::size_t p = line.first_piece, end = pieces_end(k); p < end; ++p) {
      const std::string_view piece = dom_.text(pieces_[p].node);
      bound += (text::is_valid_utf8(piece) ? piece.size() : 3 * piece.size()) + 1;
    }
    return bound;
  }
  // The line's text; requires has(k). It stays valid while the lines do.
  std::string_view text(std::size_t k) {
    Line& line = lines_[k];
    if (!line.built) {
      const std::size_t end = pieces_end(k);
      scratch_.clear();
      bool pending = false;
      for (std::size_t p = line.first_piece; p < end; ++p) {
        pending = pending || pieces_[p].after_space;
        text::append_collapsed(scratch_, dom_.text(pieces_[p].node), pending);
      }
      line.text = keep(scratch_);
      line.built = true;
    }
    return line.text;
  }

 private:
  // A text node with characters other than white space, and whether a text
  // node of white space alone came between it and the line's text before.
  struct Piece {
    NodeId node;
    bool after_space;
  };
  struct Line {
    NodeId node;   // the block (or text) that starts the line
    NodeId begin;  // the first node the line was built from
    std::uint32_t first_piece;
    unsigned char first = 0;  // the first byte of its text
    std::uint32_t digits = 0;
    std::uint32_t cjk = 0;
    bool built = false;
    std::string_view text;  // in blocks_, once built
  };

  // Line texts are copied into shared blocks (an allocation per line cost
  // more than collapsing most lines); a block is never moved, so texts
  // handed out stay valid.
  static constexpr std::size_t kTextBlockBytes = 16 * 1024;
  std::string_view keep(const std::string& s) {
    if (s.empty()) return {};
    if (s.size() > block_left_) {
      const std::size_t bytes = std::max(kTextBlockBytes, s.size());
      blocks_.emplace_back(new char[bytes]);
      block_free_ = blocks_.back().get();
      block_left_ = bytes;
    }
    std::memcpy(block_free_, s.data(), s.size());
    std::string_view kept(block_free_, s.size());
    block_free_ += s.size();
    block_left_ -= s.size();
    return kept;
  }


  // The pieces of line k are pieces_[first_piece, pieces_end(k)).
  std::size_t pieces_end(std::size_t k) const {
    return k + 1 < lines_.size() ? lines_[k + 1].first_piece : pieces_.size();
  }
  bool empty_so_far(const Line& line) const { return line.first_piece == pieces_.size(); }

  void start_line(NodeId i) {
    lines_.push_back({i, i, static_cast<std::uint32_t>(pieces_.size())});
  }

  bool skipped(NodeId i) const {
    Tag tag = dom_.nodes[i].tag;
    return tag == Tag::script || tag == Tag::title || tag == Tag::head ||
           (dom_.nodes[i].attr_count != 0 && comments_named_ && is_comment_container(dom_, words_, i));
  }

  // Reads nodes until a line starts (so the one before is complete) or the
  // page ends.
  void build_to_next_line() {
    const dom::Node* nodes = dom_.nodes.data();
    const NodeId count = static_cast<NodeId>(dom_.size());
    const std::size_t counted = dom_.counts.size();
    const std::size_t lines_before = lines_.size();
    NodeId i = next_;
    while (i < count && lines_.size() == lines_before) {
      const dom::Node& n = nodes[i];
      if (n.tag == Tag::text) {
        if (lines_.empty()) start_line(i);
        // The two counts read, not the whole copy text_counts returns.
        std::uint32_t chars, digits, cjk;
        if (i < counted && dom_.counts[i].chars != dom::Dom::kNotCounted.chars) {
          chars = dom_.counts[i].chars;
          digits = dom_.counts[i].digits;
          cjk = dom_.counts[i].cjk;
        } else {
          const text::TextCounts counts = dom_.text_counts(i);
          chars = counts.chars;
          digits = counts.digits;
          cjk = counts.cjk;
        }
        if (chars == 0) {  // white space alone (or nothing)
          space_before_ = space_before_ || n.text_length != 0;
        } else {
          Line& line = lines_.back();
          if (empty_so_far(line)) line.first = first_collapsed_byte(dom_.text(i));
          pieces_.push_back({i, space_before_});
          space_before_ = false;
          line.digits += digits;
          line.cjk += cjk;
        }
      } else {
        const bool starts_line = dom::is_block(n.tag) || n.tag == Tag::br;
        // An element without children that starts no line changes nothing,
        // skipped or not: its class and id need not be read.
        if ((starts_line || n.subtree_end != i + 1) && skipped(i)) {
          i = n.subtree_end;
          continue;
        }
        if (starts_line) {
          if (lines_.empty() || !empty_so_far(lines_.back())) start_line(i);
          else lines_.back().node = i;  // an empty line starts at the innermost block
          space_before_ = false;
        }
      }
      ++i;
    }
    next_ = i;
  }

  const dom::Dom& dom_;
  const ElementWords& words_;
  const bool comments_named_;  // no element is a comment thread otherwise
  std::vector<Line> lines_;
  std::vector<Piece> pieces_;
  std::string scratch_;  // the line being collapsed
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* block_free_ = nullptr;
  std::size_t block_left_ = 0;
  bool space_before_ = false;  // white space since the current line's last piece
  NodeId next_;
  NodeId cjk_at_ = kNoNode;  // the first text node from cjk_scanned_'s start that may hold CJK
  NodeId cjk_scanned_ = 0;   // text nodes before this one were scanned
};

// Consecutive lines summed until they hold a window's bytes, for loops
// that go on while fewer were summed: a line is collapsed to be measured
// only once the lines' bounds could reach the window's end. Most pages end
// before the window does, and then most of their lines need no text.
class LineWindow {
 public:
  LineWindow(PageLines& lines, std::size_t window) : lines_(lines), window_(window) {}
  // Adds line k, the line after the last one added.
  void add(std::size_t k) {
    if (end_ == 0) unmeasured_ = k;
    bound_ += lines_.size_bound(k);
    end_ = k + 1;
  }
  // Did the lines added hold fewer bytes than the window?
  bool open() {
    if (measured_ + bound_ < window_) return true;
    for (; unmeasured_ < end_; ++unmeasured_) measured_ += lines_.size(unmeasured_);
    bound_ = 0;
    return measured_ < window_;
  }

 private:
  PageLines& lines_;
  const std::size_t window_;
  std::size_t measured_ = 0;    // the sizes of the lines added before unmeasured_
  std::size_t bound_ = 0;       // at least the sizes of the lines from unmeasured_ on
  std::size_t unmeasured_ = 0;  // the first line added and not measured
  std::size_t end_ = 0;         // one past the last line added
};

// Labelled bylines. Latin-script names: up to four capitalised words after
// the label; CJK names: two to four Han characters (several names allowed).
bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Latin-script byline labels (Cyrillic and Greek ones too), lower case, in
// the order latin_byline() tries them; the line labels below hold them too.
constexpr std::string_view kLatinLabels[] = {
    "by", "von", "par", "por", "di", "door", "autor", "autora", "autorin", "author", "auteur", "written by",
    "posted by", "texto", "text", "reporter", "redacción", "redaccion", "redaktion",
    "автор", "συντάκτης", "ρεπορτάζ", "κείμενο"};

// kLatinLabels as one case-insensitive alternation.
const std::string& latin_labels() {
  static const std::string labels = [] {
    std::string out = "(?i:";
    for (std::string_view label : kLatinLabels) {
      if (out.size() > 4) out += '|';
      out += label;
    }
    return out + ")";
  }();
  return labels;
}

// A name in a byline: up to four capitalised words, each after the first
// perhaps after a particle ("Juan de Vega"). The byline regex once held
// the whole name, "(" + kNameWord + "(?:\\s+" + kNameParticles + kNameWord +
// "){0,3})", and compiled three more copies of the large letter classes
// (10 M instructions, 1 ms per process); the words after the first are read
// with latin_next_name_word() instead (find_latin_byline).
constexpr std::string_view kNameWord = "\\p{Lu}[\\p{L}'’.-]*";
constexpr std::string_view kNameParticles = "(?:(?:de|da|del|van|von|der|di|le|la|y|e)\\s+)?";

// A label and the first word of the name after it (group 1).
const RE2& latin_byline() {
  // A label without a colon ("By Jane Doe") must open its line or follow a
  // date ("Published March 2, 2021 by Jane Doe"); one with a colon
  // ("Автор: Ольга Смирнова") may follow a date on the same line.
  static const RE2 re("(?:(?:^|[(|•·]\\s*|\\d\\s+)" + latin_labels() + "\\s*[:：]?\\s+|(?:^|[\\s(|•·])" +
                      latin_labels() + "\\s*[:：]\\s*)(" + std::string(kNameWord) + ")");
  return re;
}

// One more word of the name, with the white space (and particle) before it.
const RE2& latin_next_name_word() {
  static const RE2 re("\\s+" + std::string(kNameParticles) + std::string(kNameWord));
  return re;
}

// A line that is only a label ("Autor", "作者："): the name is on the next
// line. A word list, not a regex: this runs on every short line and a
// case-insensitive Unicode regex costs much to compile. kLatinLabels but
// "di", and what iequals_ascii does not fold: capitalised Cyrillic and Greek
// labels, and the CJK ones.
constexpr std::string_view kMoreLineLabels[] = {
    "Автор", "АВТОР", "Συντάκτης", "Ρεπορτάζ", "Κείμενο",
    "作者", "撰文", "执笔人", "执笔", "记者", "記者", "编辑", "责任编辑", "責任編輯", "发表人", "發表人",
    "楼主", "樓主"};

template <typename Visit>
bool any_line_label(Visit visit) {
  for (std::string_view label : kLatinLabels)
    if (label != "di" && visit(label)) return true;
  for (std::string_view label : kMoreLineLabels)
    if (visit(label)) return true;
  return false;
}

bool is_label_only_line(std::string_view line) {
  for (std::string_view colon : {":", "\xEF\xBC\x9A"})  // ':' or '：'
    if (ends_with(line, colon)) line.remove_suffix(colon.size());
  while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  return any_line_label([&](std::string_view label) { return text::iequals_ascii(line, label); });
}

// Can a line whose text starts with `first` be a label only? (A test before
// the line's text is built.)
bool may_be_label_only_line(unsigned char first) {
  return any_line_label([&](std::string_view label) {
    return text::ascii_lower(static_cast<char>(first)) == text::ascii_lower(label[0]);
  });
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

// RE2::PartialMatch(line, cjk_closing_names(), names) without RE2's reverse
// search: a pattern that ends with '$' is searched backwards from the end,
// which compiles it a second time, reversed, for each process. A match
// opens at the line's start or at one of "。！？”」", so anchored tries at
// those places, leftmost first, find the match the unanchored search finds
// (the leftmost one; every match ends at the line's end).
bool find_cjk_closing_names(std::string_view line, re2::StringPiece& names) {
  const RE2& re = cjk_closing_names();
  const re2::StringPiece input(line.data(), line.size());
  re2::StringPiece groups[2];
  for (std::size_t at = 0; at < line.size(); ++at) {
    const std::string_view rest = line.substr(at);
    const bool may_open = at == 0 || rest.rfind("\xE3\x80\x82", 0) == 0 ||  // 。
                          rest.rfind("\xEF\xBC\x81", 0) == 0 ||                 // ！
                          rest.rfind("\xEF\xBC\x9F", 0) == 0 ||                 // ？
                          rest.rfind("\xE2\x80\x9D", 0) == 0 ||                 // ”
                          rest.rfind("\xE3\x80\x8D", 0) == 0;                   // 」
    if (may_open && re.Match(input, at, line.size(), RE2::ANCHOR_START, groups, 2)) {
      names = groups[1];
      return true;
    }
  }
  return false;
}

// Cheap tests before the byline regexes: most lines near a headline hold no
// label at all, and a regex search costs far more than a look at the bytes.

// Can latin_byline() match the line? Its label opens the line or follows
// white space, '(', '|', '•' or '·', and white space or a colon follows it.
// Lines with Greek or Cyrillic letters, or with the few characters RE2's
// case folding matches to ASCII letters (KELVIN SIGN, LONG S, dotted and
// dotless I), are left to the regex.
bool may_hold_latin_label(std::string_view line) {
  // latin_labels() by first word ("written by" and "posted by" end in "by");
  // 'Ó' is listed because ASCII case folding does not reach it.
  static constexpr std::string_view kLabels[] = {
      "by",    "von",   "par",  "por",    "di",     "door",     "autor",     "autora",    "autorin",   "author",
      "auteur", "texto", "text", "reporter", "redaktion", "redaccion", "redacción", "redacci\xC3\x93n"};
  // Two table looks per byte settle most places at once (a test per
  // letter, and then per byte before it, was mispredicted at every word):
  // what this byte can be (a label's first letter, or a non-ASCII lead byte
  // the tests below look at), and whether the byte before can open a label
  // (white space, '(', '|', or the last byte of '•' or '·').
  enum : std::uint8_t { kLabelLetter = 1, kNonAsciiLead = 2 };
  static constexpr auto kByteKinds = [] {
    std::array<std::uint8_t, 256> kinds{};
    for (unsigned char c : std::string_view("abdprtvABDPRTV")) kinds[c] = kLabelLetter;
    for (unsigned c = 0xCD; c <= 0xD3; ++c) kinds[c] = kNonAsciiLead;
    for (unsigned c : {0xC4u, 0xC5u, 0xE1u, 0xE2u}) kinds[c] = kNonAsciiLead;
    return kinds;
  }();
  static constexpr auto kMayOpen = [] {
    std::array<std::uint8_t, 256> opens{};
    for (unsigned char c : std::string_view(" \t\n\f\r(|\xA2\xB7")) opens[c] = kLabelLetter;
    return opens;
  }();
  for (std::size_t at = 0; at < line.size(); ++at) {
    auto b = static_cast<unsigned char>(line[at]);
    const auto before = at == 0 ? static_cast<unsigned char>(' ') : static_cast<unsigned char>(line[at - 1]);
    if ((kByteKinds[b] & (kMayOpen[before] | kNonAsciiLead)) == 0) continue;
    if (b >= 0x80) {
      auto next = at + 1 < line.size() ? static_cast<unsigned char>(line[at + 1]) : 0;
      if ((b >= 0xCD && b <= 0xD3) || b == 0xE1 || (b == 0xE2 && next == 0x84) ||
          (b == 0xC4 && (next == 0xB0 || next == 0xB1)) || (b == 0xC5 && next == 0xBF))
        return true;
      continue;
    }
    char first = text::ascii_lower(static_cast<char>(b));
    if (first != 'a' && first != 'b' && first != 'd' && first != 'p' && first != 'r' && first != 't' &&
        first != 'v')
      continue;
    bool opens = at == 0 || text::is_ascii_whitespace(line[at - 1]) || line[at - 1] == '(' || line[at - 1] == '|' ||
                 (at >= 3 && line.compare(at - 3, 3, "\xE2\x80\xA2") == 0) ||  // •
                 (at >= 2 && line.compare(at - 2, 2, "\xC2\xB7") == 0);         // ·
    if (!opens) continue;
    for (std::string_view label : kLabels) {
      std::size_t end = at + label.size();
      if (label[0] != first || end >= line.size() || !text::iequals_ascii(line.substr(at, label.size()), label))
        continue;
      if (text::is_ascii_whitespace(line[end]) || line[end] == ':' || line.compare(end, 3, "\xEF\xBC\x9A") == 0)
        return true;
    }
  }
  return false;
}

// Where the first label cjk_byline() looks for starts, at or after `from`;
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

// The leftmost match of cjk_byline() starting at or after `from`, as an
// unanchored search finds it. A match starts at a label or at the one
// character before it, so the regex is tried anchored at those places, in
// order: an unanchored search that captures ends by running the regex
// backwards to find where the match starts, which on long CJK lines costs
// several times more than everything else here.
bool next_cjk_byline(std::string_view line, std::size_t from, re2::StringPiece* groups, int ngroups) {
  std::size_t tried = std::string::npos;
  for (std::size_t label = find_cjk_label(line, from); label < line.size(); label = find_cjk_label(line, label + 1)) {
    std::size_t before = label;
    while (before > 0 && (static_cast<unsigned char>(line[--before]) & 0xC0) == 0x80) {
    }
    for (std::size_t start : {before, label}) {
      if (start < from || start == tried) continue;
      tried = start;
      if (cjk_byline().Match(line, start, line.size(), RE2::ANCHOR_START, groups, ngroups)) return true;
    }
  }
  return false;
}

// cjk_closing_names() ends with a closing bracket and white space.
bool ends_with_closing_bracket(std::string_view line) {
  while (!line.empty() && text::is_ascii_whitespace(line.back())) line.remove_suffix(1);
  return ends_with(line, ")") || ends_with(line, "\xEF\xBC\x89");  // ')' or '）'
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
  while (names.size() > 1 && (ends_with(names.back(), "报道") ||
                              (names.back().size() > kMaxHanNameBytes && names.back().front() != '(')))
    names.pop_back();
}

class BylineReader {
 public:
  BylineReader(const dom::Dom& dom, const PageElements& elements, std::string_view headline, bool require_headline)
      : dom_(dom), elements_(elements), words_(dom), lines_(dom, words_, elements.body),
        require_headline_(require_headline) {
    find_headline(headline);
  }

  Metadata read(BylineFields wanted) {
    Metadata m;
    // A page whose markup left no node at all (headline_node_ would index
    // past the end).
    if (dom_.size() == 0) return m;
    // A listing or home page without a headline: its bylines and dates
    // belong to the teasers, not to the page.
    if (require_headline_ && !headline_found_) return m;
    if (wanted.authors) {
      read_author_elements(m);
      // An explicit CJK author or reporter label ("作者：", "记者") beats an
      // element named "author", which on these pages often holds a profile
      // card or a source line.
      Metadata labelled;
      int rank = read_labelled_bylines(labelled, /*cjk_only=*/!m.authors.empty());
      if (m.authors.empty() || (rank <= kReporterRank && !labelled.authors.empty())) m.authors = labelled.authors;
    }
    if (wanted.date) read_dates(m);
    return m;
  }

  // A date with a clock time further down the page than the byline window
  // ("发布时间 2009/11/03 08:40:12" under a long forum post); "" if none.
  std::string distant_date() {
    if (require_headline_ && !headline_found_) return {};
    LineWindow seen(lines_, kCjkBylineWindow);
    for (std::size_t k = headline_line_; lines_.has(k) && seen.open(); ++k) {
      seen.add(k);
      if (lines_.digits(k) < kYearDigits || !may_hold_clock_time(lines_.text(k))) continue;
      std::string iso = find_date_in_text(lines_.text(k));
      if (iso.size() > kIsoDayLength) return iso;
    }
    return {};
  }

 private:
  // Every date pattern has a four-digit year; a line with fewer digits has no date.
  static constexpr std::uint32_t kYearDigits = 4;

  // Only a date written year first comes with a clock time, whose hours
  // and minutes ':', '時' or '时' part (dates.cpp, year_first()).
  static bool may_hold_clock_time(std::string_view line) {
    return line.find(':') != std::string_view::npos || line.find("\xE6\x97\xB6") != std::string_view::npos ||
           line.find("\xE6\x99\x82") != std::string_view::npos;  // 时, 時
  }

  void find_headline(std::string_view headline) {
    std::string want = text::collapse_whitespace(headline);
    headline_line_ = 0;
    bool found = false;
    const NodeId h1 = elements_.h1s.empty() ? kNoNode : elements_.h1s.front();
    if (!want.empty()) {
      // The headline's own line, or one that starts with it ("Headline
      // 2005-04-05 06:40"), or most of it (at least 8 bytes and half).
      auto is_headline = [&](std::size_t k) {
        // The first byte first: it is known without measuring the line.
        if (lines_.first_byte(k) != static_cast<unsigned char>(want[0])) return false;
        std::size_t size = lines_.size(k);
        bool long_enough = size >= want.size() || (size >= 8 && size * 2 >= want.size());
        if (!long_enough) return false;
        const std::string_view line = lines_.text(k);
        return line.rfind(want, 0) == 0 || want.find(line) == 0;
      };
      // Not further than the window past the first <h1>: a headline that far
      // down is a teaser's, and the <h1> below is the better anchor (this
      // also spares turning the rest of a long page into lines).
      LineWindow past_h1(lines_, kCjkBylineWindow);
      for (std::size_t k = 0; lines_.has(k) && !found && past_h1.open(); ++k) {
        if (h1 != kNoNode && lines_.node(k) >= h1) past_h1.add(k);
        if (is_headline(k)) {
          headline_line_ = k;
          found = true;
        }
      }
    }
    if (!found) {
      for (std::size_t k = 0; h1 != kNoNode && lines_.has(k); ++k)
        if (lines_.node(k) >= h1) {
          headline_line_ = k;
          found = true;
          break;
        }
    }
    headline_found_ = found && lines_.has(headline_line_);
    headline_node_ = headline_found_ ? lines_.node(headline_line_) : 0;
  }

  bool in_comments(NodeId id) const {
    if (!words_.any(kCommentWords)) return false;
    for (NodeId p = id; p != kNoNode; p = dom_.nodes[p].parent)
      if (is_comment_container(dom_, words_, p)) return true;
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

  // A test in author_element_name: an element with attributes whose text
  // is 1 to kMaxBylineElementBytes bytes, so has 1 to that many characters
  // that are not white space. The subtree is counted only until it holds
  // more (the headline's ancestors hold the page).
  bool may_be_author_element(NodeId i) const {
    const dom::Node& n = dom_.nodes[i];
    if (n.attr_count == 0 || n.tag == Tag::link || n.tag == Tag::meta) return false;
    std::uint32_t chars = 0;
    for (NodeId k = i + 1; k < n.subtree_end && chars <= kMaxBylineElementBytes; ++k)
      if (dom_.nodes[k].tag == Tag::text) chars += text_chars_up_to(k, kMaxBylineElementBytes + 1);
    return chars != 0 && chars <= kMaxBylineElementBytes;
  }

  // Author elements by their markup: rel=author links, then elements named
  // "author"/"byline" (itemprop is microdata's, read elsewhere), not cards.
  bool rel_author(NodeId i) const {
    return dom_.nodes[i].tag == Tag::a && text::contains_ascii_ci(dom_.attr(i, Attr::rel), "author");
  }
  bool marked_as_author(NodeId i) const {
    return rel_author(i) || ((words_[i] & kBylineWords) && !(words_[i] & kAuthorCardWords));
  }

  // The name an author element gives; "" for any other element.
  std::string author_element_name(NodeId i) const {
    if (!marked_as_author(i) || !may_be_author_element(i)) return {};
    const bool by_rel = rel_author(i);
    std::string raw = element_text(dom_, i);
    if (raw.empty() || raw.size() > kMaxBylineElementBytes || in_comments(i)) return {};
    std::string name = by_rel ? name_in(raw) : linked_name(i);
    if (name.empty()) name = name_in(raw);
    return name;
  }

  // The characters other than white space in a text node, or some number
  // from `cap` up when there are at least that many: what the DOM left
  // uncounted (<script>, <head>) can be long, and the subtree counts serve
  // only to tell at most kMaxBylineElementBytes from more.
  std::uint32_t text_chars_up_to(NodeId i, std::uint32_t cap) const {
    if (i < dom_.counts.size() && dom_.counts[i].chars != dom::Dom::kNotCounted.chars) return dom_.counts[i].chars;
    // Counted a piece at a time; a piece ends before a byte that is not a
    // UTF-8 continuation byte, where a sequence's decoding never reaches.
    constexpr std::size_t kPiece = 256;
    const std::string_view text = dom_.text(i);
    std::uint32_t chars = 0;
    for (std::size_t at = 0; at < text.size() && chars < cap;) {
      std::size_t end = std::min(text.size(), at + kPiece);
      while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
      chars += text::count_text(text.substr(at, end - at)).chars;
      at = end;
    }
    return chars;
  }

  // The first author element after the headline, else the first before it.
  // In document order an author element's descendants are the same byline
  // and not looked at; only an ancestor of the headline can hide elements
  // after it that way. Only elements marked as bylines are looked at: the
  // ones ElementWords lists and the <a rel> links PageElements lists.
  void read_author_elements(Metadata& m) {
    std::vector<NodeId> marked;
    for (NodeId i : elements_.links)
      if (rel_author(i)) marked.push_back(i);
    const std::vector<NodeId>& named = words_.bylines();
    if (marked.empty()) {
      marked = named;
    } else if (!named.empty()) {
      std::vector<NodeId> both;
      std::set_union(marked.begin(), marked.end(), named.begin(), named.end(), std::back_inserter(both));
      marked = std::move(both);
    }
    NodeId after = headline_node_;
    std::vector<NodeId> ancestors;
    for (NodeId p = dom_.nodes[headline_node_].parent; p != kNoNode; p = dom_.nodes[p].parent) ancestors.push_back(p);
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it)
      if (!author_element_name(*it).empty()) {
        after = dom_.nodes[*it].subtree_end;
        break;
      }
    auto first_name = [&](NodeId begin, NodeId end) {
      for (auto it = std::lower_bound(marked.begin(), marked.end(), begin); it != marked.end() && *it < end; ++it) {
        std::string name = author_element_name(*it);
        if (!name.empty()) return name;
      }
      return std::string();
    };
    std::string name = first_name(after, static_cast<NodeId>(dom_.size()));
    if (name.empty()) name = first_name(0, headline_node_);
    if (!name.empty()) add_unique(m.authors, name);
  }

  // Returns the rank of the CJK label used (kNoCjkLabel for a Latin byline or
  // none). With cjk_only, Latin bylines are not looked for.
  int read_labelled_bylines(Metadata& m, bool cjk_only) {
    // Lines from the headline on, within the window.
    std::size_t budget = 0;
    int best_rank = 99;
    std::vector<std::string> best_cjk;
    for (std::size_t k = headline_line_; lines_.has(k) && budget < kCjkBylineWindow; ++k) {
      bool next_line = lines_.has(k + 1);
      std::size_t size = lines_.size(k);
      budget += size;
      bool latin = !cjk_only && budget < kBylineWindow;
      // Past the Latin window only CJK text can still name someone; most
      // pages have none further down, and their lines need not be built.
      if (!latin && (best_rank == 0 || !lines_.cjk_ahead(k))) break;
      bool cjk = lines_.holds_cjk(k);
      std::optional<std::string_view> line;
      std::string joined;
      if (size <= 24 && next_line && may_be_label_only_line(lines_.first_byte(k)) &&
          is_label_only_line(lines_.text(k))) {
        const std::string_view label = lines_.text(k);
        bool has_colon = label.back() == ':' || ends_with(label, "\xEF\xBC\x9A");  // ':' or '：'
        joined.append(label).append(has_colon ? " " : ": ").append(lines_.text(k + 1));
        line = joined;
        size = joined.size();
        cjk = cjk || lines_.holds_cjk(k + 1);
      }
      if (latin && size <= 160) {
        if (!line) line = lines_.text(k);
        std::string name = latin_byline_name(*line);
        if (!name.empty()) {
          add_unique(m.authors, name);
          return kNoCjkLabel;
        }
      }
      if (best_rank > 0 && cjk) {
        if (!line) line = lines_.text(k);
        read_cjk_byline(*line, best_rank, best_cjk);
      }
    }
    for (const std::string& name : best_cjk) add_unique(m.authors, name);
    return best_cjk.empty() ? kNoCjkLabel : best_rank;
  }

  // The name RE2::PartialMatch would capture with latin_byline()'s label and
  // up to three latin_next_name_word()s after its first word, as one regex
  // (the leftmost match, and at its start the first alternative that
  // matches; each word is taken whole and as many words as follow): the
  // words after the first always match something or nothing, so they
  // change neither where the match starts nor which alternative matches,
  // and each is the one the regex would take.
  //
  // The label's match is found without the reverse search RE2 runs to find
  // where an unanchored match starts (that search compiles the regex a
  // second time, reversed, for each process): once a match is known to
  // exist, the leftmost match is the one anchored at the first place it can
  // start. A match starts at the line's start or at a character of its
  // opening classes: '(', '|', '•' (E2 ..), '·' (C2 ..), a digit or RE2's \s.
  static bool find_latin_byline(std::string_view line, re2::StringPiece& name) {
    const RE2& re = latin_byline();
    const re2::StringPiece input(line);
    if (!re.Match(input, 0, line.size(), RE2::UNANCHORED, nullptr, 0)) return false;
    re2::StringPiece groups[2];
    bool found = false;
    for (std::size_t at = 0; at < line.size() && !found; ++at) {
      const auto b = static_cast<unsigned char>(line[at]);
      const bool may_open = at == 0 || b == '(' || b == '|' || b == 0xE2 || b == 0xC2 || (b >= '0' && b <= '9') ||
                            b == ' ' || (b >= '\t' && b <= '\r');
      found = may_open && re.Match(input, at, line.size(), RE2::ANCHOR_START, groups, 2);
    }
    // Not reached: some place above opens the match.
    if (!found && !RE2::PartialMatch(input, re, &groups[1])) return false;
    constexpr int kMoreWords = 3;
    std::size_t end = static_cast<std::size_t>(groups[1].data() - line.data()) + groups[1].size();
    re2::StringPiece word;
    for (int k = 0; k < kMoreWords && latin_next_name_word().Match(input, end, line.size(), RE2::ANCHOR_START, &word, 1);
         ++k)
      end = static_cast<std::size_t>(word.data() - line.data()) + word.size();
    name = re2::StringPiece(groups[1].data(), static_cast<std::size_t>(line.data() + end - groups[1].data()));
    return true;
  }

  static std::string latin_byline_name(std::string_view line) {
    if (!may_hold_latin_label(line)) return {};
    re2::StringPiece latin_piece;
    if (!find_latin_byline(line, latin_piece)) return {};
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
  static void read_cjk_byline(std::string_view line, int& best_rank, std::vector<std::string>& best) {
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
    for (std::size_t at = 0; next_cjk_byline(line, at, g, 4);) {
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
    if (best_rank > kClosingNamesRank && ends_with_closing_bracket(line) &&
        find_cjk_closing_names(line, names))
      offer(kClosingNamesRank, std::string_view(names.data(), names.size()), true);
  }

  void read_dates(Metadata& m) {
    // <time datetime> after the headline, outside comments.
    const std::vector<NodeId>& times = elements_.times;
    for (auto it = std::lower_bound(times.begin(), times.end(), headline_node_); it != times.end(); ++it) {
      const NodeId i = *it;
      if (in_comments(i)) continue;
      std::string iso = normalize_date(dom_.attr(i, Attr::datetime));
      if (iso.empty()) iso = find_date_in_text(element_text(dom_, i));
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
    // A date written near the headline: after it first, then just before it
    // (some pages print the date above the title).
    auto date_of = [&](std::size_t k) {
      return lines_.digits(k) < kYearDigits ? std::string() : find_date_in_text(lines_.text(k));
    };
    std::size_t seen = 0;
    for (std::size_t k = headline_line_; lines_.has(k) && seen < kBylineWindow; ++k) {
      seen += lines_.size(k);
      std::string iso = date_of(k);
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
    seen = 0;
    for (std::size_t k = headline_line_; k-- > 0 && seen < kBylineWindow / 4;) {
      seen += lines_.size(k);
      std::string iso = date_of(k);
      if (!iso.empty()) {
        m.date_published = iso;
        return;
      }
    }
  }

  const dom::Dom& dom_;
  const PageElements& elements_;
  ElementWords words_;
  PageLines lines_;
  std::size_t headline_line_ = 0;
  NodeId headline_node_ = 0;
  bool headline_found_ = false;
  bool require_headline_;
};

}  // namespace

Metadata read_page_bylines(const dom::Dom& dom, const PageElements& elements, std::string_view headline,
                           bool require_headline, std::string* distant_date, BylineFields wanted) {
  if (!wanted.authors && !wanted.date && !distant_date) return {};
  BylineReader reader(dom, elements, headline, require_headline);
  Metadata m = reader.read(wanted);
  if (distant_date && m.date_published.empty()) *distant_date = reader.distant_date();
  return m;
}

}  // namespace pith::meta
