// The page's text as lines, built lazily as far as the byline readers ask.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dom/dom.hpp"
#include "meta/element_words.hpp"

namespace pith::meta {

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
  PageLines(const dom::Dom& dom, const ElementWords& words, dom::NodeId body)
      : dom_(dom), words_(words), comments_named_(words.any(kCommentWords)), next_(body == dom::kNoNode ? 0 : body) {
    // What the readers ask for on most pages, allocated once.
    lines_.reserve(kLinesReserved);
    pieces_.reserve(kLinesReserved);
  }

  // Is there a k-th line? Builds the lines up to it (and one more, which
  // finishes it).
  bool has(std::size_t k) {
    while (lines_.size() <= k + 1 && next_ < dom_.size()) build_to_next_line();
    return k < lines_.size();
  }
  dom::NodeId node(std::size_t k) const { return lines_[k].node; }
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
  bool cjk_ahead(std::size_t k);
  // At least the size of line k (requires has(k)), without collapsing its
  // text: its size once built, else its pieces' bytes, each with a space it
  // may open with. Collapsing never lengthens valid UTF-8 otherwise; an
  // invalid sequence becomes U+FFFD, three bytes for as few as one.
  std::size_t size_bound(std::size_t k) const;
  // Could line k's text start with `want`, or `want` with it? Judged before
  // the text is built, from the bytes it surely opens with: its first piece
  // after its leading white space, up to the first white space collapsing
  // would change (a single space between two characters stays) or an
  // ill-formed sequence. False when those part from `want`.
  bool may_open_like(std::size_t k, std::string_view want) const;
  // The line's text; requires has(k). It stays valid while the lines do.
  std::string_view text(std::size_t k) {
    Line& line = lines_[k];
    if (!line.built) build_text(k);
    return line.text;
  }

 private:
  // A text node with characters other than white space, and whether a text
  // node of white space alone came between it and the line's text before.
  struct Piece {
    dom::NodeId node;
    bool after_space;
  };
  struct Line {
    dom::NodeId node;   // the block (or text) that starts the line
    dom::NodeId begin;  // the first node the line was built from
    std::uint32_t first_piece;
    unsigned char first = 0;  // the first byte of its text
    std::uint32_t digits = 0;
    std::uint32_t cjk = 0;
    bool built = false;
    std::string_view text = {};  // in blocks_, once built
  };

  // Line texts are copied into shared blocks (an allocation per line cost
  // more than collapsing most lines); a block is never moved, so texts
  // handed out stay valid.
  static constexpr std::size_t kTextBlockBytes = 16 * 1024;
  static constexpr std::size_t kLinesReserved = 128;
  std::string_view keep(const std::string& s);
  // Collapses line k's pieces into its text.
  void build_text(std::size_t k);

  // The pieces of line k are pieces_[first_piece, pieces_end(k)).
  std::size_t pieces_end(std::size_t k) const {
    return k + 1 < lines_.size() ? lines_[k + 1].first_piece : pieces_.size();
  }
  bool empty_so_far(const Line& line) const { return line.first_piece == pieces_.size(); }

  void start_line(dom::NodeId i) {
    lines_.push_back({.node = i, .begin = i, .first_piece = static_cast<std::uint32_t>(pieces_.size())});
  }

  bool skipped(dom::NodeId i) const {
    dom::Tag tag = dom_.nodes[i].tag;
    return tag == dom::Tag::script || tag == dom::Tag::title || tag == dom::Tag::head ||
           (dom_.nodes[i].attr_count != 0 && comments_named_ && is_comment_container(dom_, words_, i));
  }

  // Reads nodes until a line starts (so the one before is complete) or the
  // page ends.
  void build_to_next_line();

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
  dom::NodeId next_;
  dom::NodeId cjk_at_ = dom::kNoNode;  // the first text node from cjk_scanned_'s start that may hold CJK
  dom::NodeId cjk_scanned_ = 0;        // text nodes before this one were scanned
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

}  // namespace pith::meta
