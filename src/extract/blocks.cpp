#include "extract/blocks.hpp"

#include <string>

#include "extract/heuristics.hpp"
#include "extract/inline_marks.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::extraction {

using dom::Attr;
using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {


// Whether a text node holds anything but white space.
bool has_visible_text(std::string_view text) {
  return text.find_first_not_of(" \t\n\r\f\v") != std::string_view::npos;
}

// A data table's cells hold text; a layout table's cells hold the page: a
// nested table, or a block element (div, p, a heading...) with text inside. A
// block that holds no text (an empty <div> for an icon, a spacer) says
// nothing about the table, as an empty <span> would not.
bool is_data_table(const dom::Dom& dom, NodeId table) {
  std::string_view role = dom.attr(table, Attr::role);
  if (role == "presentation" || role == "none") return false;
  // The end of the block elements met so far, when the node being read lies
  // inside one (their subtrees nest, so one bound covers them all).
  NodeId inside_block_until = 0;
  for (NodeId i = table + 1; i < dom.nodes[table].subtree_end; ++i) {
    switch (dom.nodes[i].tag) {
      case Tag::table:
        return false;
      case Tag::text:
        if (i < inside_block_until && has_visible_text(dom.text(i))) return false;
        break;
      case Tag::div: case Tag::p: case Tag::ul: case Tag::ol: case Tag::h1:
      case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6: case Tag::blockquote:
      case Tag::pre: case Tag::section: case Tag::article: case Tag::form:
        inside_block_until = std::max(inside_block_until, dom.nodes[i].subtree_end);
        break;
      default:
        break;
    }
  }
  return true;
}

std::string code_language(const dom::Dom& dom, NodeId pre) {
  auto from_class = [&](NodeId id) -> std::string {
    std::string_view cls = dom.attr(id, Attr::class_);
    for (std::string_view prefix : {"language-", "lang-", "highlight-source-", "brush: "}) {
      std::size_t at = cls.find(prefix);
      if (at == std::string_view::npos) continue;
      std::size_t begin = at + prefix.size();
      std::size_t end = begin;
      while (end < cls.size() && cls[end] != ' ' && cls[end] != ';' && cls[end] != '"') ++end;
      return std::string(cls.substr(begin, end - begin));
    }
    return {};
  };
  std::string lang = from_class(pre);
  if (lang.empty())
    for (NodeId c = dom.nodes[pre].first_child; c != kNoNode && lang.empty();
         c = dom.nodes[c].next_sibling)
      if (dom.nodes[c].tag == Tag::code) lang = from_class(c);
  return lang;
}

// Whether `text` ends a sentence: a sentence end (not an ellipsis, which
// "Read more..." teasers end with), maybe followed by closing quotes or
// brackets.
bool ends_with_sentence(std::string_view text) {
  std::size_t end = text.size();
  for (int closers = 0; end > 0 && closers < 4; ++closers) {
    const std::size_t start = text::code_point_start(text, end - 1);
    std::size_t at = start;
    char32_t c = text::decode_utf8(text, at);
    if (c == U'"' || c == U'\'' || c == U')' || c == U']' || c == U'\u201D' || c == U'\u2019' ||
        c == U'\u00BB' || c == U'\u300D' || c == U'\u300F') {
      end = start;
      continue;
    }
    if (c == U'\u2026' || !text::is_sentence_end(c)) return false;
    return !(c == U'.' && start > 0 && text[start - 1] == '.');
  }
  return false;
}

// The last code point of `s` (0 when empty) and the first of `s` that is
// not ASCII white space (0 when none).
char32_t last_code_point(std::string_view s) {
  if (s.empty()) return 0;
  std::size_t start = text::code_point_start(s, s.size() - 1);
  return text::decode_utf8(s, start);
}
char32_t first_visible_code_point(std::string_view s) {
  std::size_t at = s.find_first_not_of(" \t\n\r\f");
  return at == std::string_view::npos ? 0 : text::decode_utf8(s, at);
}
// Whether a word ending in `before` and one starting with `after` would run
// together: both word characters of a script written with spaces.
bool would_run_together(char32_t before, char32_t after) {
  return before != 0 && after != 0 && text::is_word_char(before) && text::is_word_char(after) &&
         !text::is_cjk(before) && !text::is_cjk(after);
}

void trim(std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\n' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\n' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  s.erase(e);  // in place: no copy of the block's text
  s.erase(0, b);
}

class Renderer {
 public:
  Renderer(const Pass& pass, bool keep_link_paragraphs, RenderMode mode)
      : pass_(pass), dom_(pass.dom), keep_link_paragraphs_(keep_link_paragraphs), mode_(mode) {}

  Rendering run(const std::vector<NodeId>& roots) {
    for (NodeId root : roots) walk(root);
    flush();
    return Rendering{std::move(blocks_), length_, counts_};
  }

 private:
  struct Open {
    NodeId id;
    NodeId end;
  };

  void walk(NodeId root) {
    std::vector<Open> open;
    NodeId end = dom_.nodes[root].subtree_end;
    for (NodeId i = root; i < end;) {
      while (!open.empty() && open.back().end <= i) {
        leave(open.back().id);
        open.pop_back();
      }
      if (pass_.dead[i]) {
        i = dom_.nodes[i].subtree_end;
        continue;
      }
      const dom::Node& n = dom_.nodes[i];
      if (n.tag == Tag::text) {
        add_text(i);
        if (current_chars_ == 0 && pass_.features[i].text.chars > 0)
          opens_with_link_ = pass_.features[i].in_link;
        current_chars_ += pass_.features[i].text.chars;
        current_link_chars_ += pass_.features[i].link_chars;
        ++i;
        continue;
      }
      if (n.tag == Tag::pre) {
        // Verbatim: take the whole subtree's text at once.
        flush();
        std::string code;
        for (NodeId k = i; k < n.subtree_end; ++k) {
          if (pass_.dead[k]) { k = dom_.nodes[k].subtree_end - 1; continue; }
          if (dom_.nodes[k].tag == Tag::text) code.append(dom_.text(k));
          else if (dom_.nodes[k].tag == Tag::br) code.push_back('\n');
        }
        while (!code.empty() && (code.back() == '\n' || code.back() == ' ')) code.pop_back();
        while (!code.empty() && code.front() == '\n') code.erase(0, 1);
        if (!code.empty()) {
          Block b;
          b.kind = BlockKind::code;
          b.text = std::move(code);
          b.language = code_language(dom_, i);
          length_ += text::weighted_length(b.text);  // verbatim: counted as it is
          emit(std::move(b), 0, 0);
        }
        i = n.subtree_end;
        continue;
      }
      enter(i);
      open.push_back({i, n.subtree_end});
      ++i;
    }
    while (!open.empty()) {
      leave(open.back().id);
      open.pop_back();
    }
  }

  void enter(NodeId id) {
    Tag tag = dom_.nodes[id].tag;
    if (cell_depth_ == 0 && mode_ == RenderMode::blocks) marks_.open(dom_, id, current_.size());
    if (!dom::is_block(tag) && mode_ == RenderMode::blocks) note_sibling_after_item(id);
    if (tag == Tag::code) ++code_depth_;
    if (tag == Tag::br) {
      if (cell_depth_ > 0) { pending_space_ = true; return; }
      if (ends_in_break()) flush();
      else if (holds_text()) add_break();
      pending_space_ = false;
      return;
    }
    if (tag == Tag::img || tag == Tag::hr) {
      if (tag == Tag::hr) flush();
      return;
    }
    if (tag == Tag::table) {
      flush();
      data_tables_.push_back(is_data_table(dom_, id));
      table_start_ = true;
      return;
    }
    if (tag == Tag::tr && in_data_table()) {
      flush();
      clear_row();
      row_header_ = true;
      return;
    }
    if ((tag == Tag::td || tag == Tag::th) && in_data_table()) {
      ++cell_depth_;
      clear_current();
      pending_space_ = false;
      if (tag == Tag::td) row_header_ = false;
      return;
    }
    if (cell_depth_ > 0) {
      if (dom::is_block(tag)) pending_space_ = true;
      return;
    }
    if (!dom::is_block(tag)) return;
    flush();
    if (tag == Tag::ul || tag == Tag::ol) list_stack_.push_back(tag == Tag::ol);
    if (tag == Tag::blockquote) ++quote_depth_;
    if (dom::is_heading(tag)) heading_level_ = dom::heading_level(tag);
    if (tag == Tag::li) ++li_depth_;
  }

  void leave(NodeId id) {
    Tag tag = dom_.nodes[id].tag;
    if (mode_ == RenderMode::blocks) marks_.close(id, current_);
    if (tag == Tag::code) --code_depth_;
    if (mode_ == RenderMode::blocks && !dom::is_block(tag) && pass_.features[id].text.chars >= kGluedItemMinChars)
      last_inline_item_ = id;
    if (tag == Tag::table) {
      flush();
      data_tables_.pop_back();
      return;
    }
    if ((tag == Tag::td || tag == Tag::th) && in_data_table() && cell_depth_ > 0) {
      --cell_depth_;
      trim(current_);
      row_holds_text_ = row_holds_text_ || holds_text();
      row_.push_back(std::move(current_));
      row_length_ += current_length_;
      clear_current();
      return;
    }
    if (tag == Tag::tr && in_data_table()) {
      if (row_holds_text_) {
        Block b;
        b.kind = BlockKind::table_row;
        b.header = row_header_;
        b.table_start = table_start_;
        table_start_ = false;
        b.cells = std::move(row_);
        for (std::size_t k = 0; k < b.cells.size(); ++k) {
          if (k) b.text += " | ";
          b.text += b.cells[k];
        }
        // The cells' text, and a '|' between each two.
        length_ += row_length_ + static_cast<std::uint32_t>(b.cells.size() - 1);
        emit(std::move(b), 0, 0);
      }
      clear_row();
      return;
    }
    if (cell_depth_ > 0 || !dom::is_block(tag)) return;
    flush();
    if (tag == Tag::ul || tag == Tag::ol) list_stack_.pop_back();
    if (tag == Tag::blockquote) --quote_depth_;
    if (dom::is_heading(tag)) heading_level_ = 0;
    if (tag == Tag::li) --li_depth_;
  }

  // Two inline elements side by side with nothing between them
  // (`<span class="name">Publisher</span><span class="value">Houghton</span>`,
  // `<a>Support</a><a>Audit</a>`) are two items a style sheet sets apart: a
  // label and its value, a row of buttons, a category and its count. Their
  // words are read apart. Not inside code (highlighted tokens), nor letters
  // split into elements of one or two characters each (see
  // kGluedItemMinChars).
  void note_sibling_after_item(NodeId id) {
    const NodeId item = last_inline_item_;
    if (item == kNoNode || dom_.nodes[item].subtree_end != id || dom_.nodes[item].parent != dom_.nodes[id].parent ||
        code_depth_ > 0 || pass_.features[id].text.chars < kGluedItemMinChars)
      return;
    const Tag before = dom_.nodes[item].tag, tag = dom_.nodes[id].tag;
    if (before == Tag::sup || before == Tag::sub || tag == Tag::sup || tag == Tag::sub) return;  // 3<sup>rd</sup>
    // Two links go to two places, two code elements hold two values; other
    // elements of one tag and class are the runs a rich-text editor cuts a
    // word into ("3</span><span>rd").
    const bool items = before == tag && (tag == Tag::a || tag == Tag::code);
    if (items || before != tag || dom_.attr(item, Attr::class_) != dom_.attr(id, Attr::class_)) separate_if_glued_ = true;
  }

  bool in_data_table() const { return !data_tables_.empty() && data_tables_.back(); }

  // A text node's text, white space collapsed. Its features hold count_text
  // of it, and collapsing keeps every character that is not white space (an
  // ill-formed sequence becomes one U+FFFD, as count_text counts it), so the
  // weighted length of the text grows by the node's.
  void add_text(NodeId id) {
    current_length_ += pass_.features[id].length();
    if (mode_ == RenderMode::blocks) {
      if (separate_if_glued_ && pass_.features[id].text.chars > 0) {
        separate_if_glued_ = false;
        if (would_run_together(last_code_point(current_), first_visible_code_point(dom_.text(id))))
          pending_space_ = true;
      }
      text::append_collapsed(current_, dom_.text(id), pending_space_);
      return;
    }
    // Counted: only what the decisions read of the text is kept (see
    // counted_pieces_). Whether a text shows anything is told by the first
    // byte collapsing gives (0: none; the DOM's text holds no NUL), asked of
    // the block's first text and of the first after a line break only.
    if (!counted_text_ || counted_break_) {
      if (const unsigned char first = text::first_collapsed_byte(dom_.text(id)); first != 0) {
        if (!counted_text_) counted_first_byte_ = static_cast<char>(first);
        counted_text_ = true;
        counted_break_ = false;
      }
    }
    counted_pieces_.push_back(id);
  }
  // A <br>'s line break, after text.
  void add_break() {
    if (mode_ == RenderMode::blocks) {
      current_.push_back('\n');
      return;
    }
    counted_break_ = true;
    counted_pieces_.push_back(kNoNode);
  }
  // Whether current_ holds text (once trimmed too: what append_collapsed
  // and add_break put there is never white space alone), and whether it
  // ends in a line break; in RenderMode::count, whether it would.
  bool holds_text() const { return mode_ == RenderMode::blocks ? !current_.empty() : counted_text_; }
  bool ends_in_break() const {
    return mode_ == RenderMode::blocks ? !current_.empty() && current_.back() == '\n'
                                       : counted_text_ && counted_break_;
  }
  // The block's text, trimmed (flush() trims current_ first); in
  // RenderMode::count built here from its pieces, as add_text and add_break
  // would have built it, for the few blocks whose decision reads it.
  const std::string& block_text() {
    if (mode_ == RenderMode::count && !counted_built_) {
      bool pending_space = false;  // (no space goes before the first text)
      for (NodeId piece : counted_pieces_) {
        if (piece == kNoNode) {
          current_.push_back('\n');
          pending_space = false;
        } else {
          text::append_collapsed(current_, dom_.text(piece), pending_space);
        }
      }
      trim(current_);
      counted_built_ = true;
    }
    return current_;
  }
  // A block given up (RenderMode::count opens no inline marks).
  void drop_block() {
    clear_text();
    if (mode_ == RenderMode::blocks) marks_.drop_block();
  }
  void clear_text() {
    current_.clear();
    counted_pieces_.clear();
    counted_text_ = counted_break_ = counted_built_ = false;
  }
  void clear_current() {
    clear_text();
    current_length_ = 0;
  }
  void clear_row() {
    row_.clear();
    row_length_ = 0;
    row_holds_text_ = false;
  }

  void flush() {
    if (cell_depth_ > 0) return;
    // (Nothing to trim when only counted: current_ stays empty.)
    std::size_t leading = 0;
    if (!current_.empty()) {
      leading = std::min(current_.find_first_not_of(" \n\t\r"), current_.size());
      trim(current_);
    }
    pending_space_ = false;
    std::uint32_t chars = current_chars_, link_chars = current_link_chars_;
    current_chars_ = current_link_chars_ = 0;
    std::uint32_t length = current_length_;  // trimming took white space only
    current_length_ = 0;
    if (!holds_text()) {
      drop_block();
      return;
    }
    // "Read more", "See original", a line of tags: a paragraph that is mostly
    // link text says nothing of its own.
    // A sentence of its own whose last words link somewhere is still prose
    // (a teaser opens with its link: "<a>Headline</a>, 2 May."). Asked last:
    // when only counting, the text is built for it.
    const auto linked_sentence = [&] {
      return !opens_with_link_ && chars >= kLinkSentenceMinLength && ends_with_sentence(block_text());
    };
    if (!keep_link_paragraphs_ && heading_level_ == 0 && li_depth_ == 0 && chars > 0 &&
        link_chars > kLinkParagraphDensity * chars && chars < kLinkParagraphMaxLength &&
        !linked_sentence()) {
      drop_block();
      return;
    }
    // A forum signature: the line of underscores forum software puts between
    // a post and its author's signature, and what follows it in the block.
    const bool may_open_with_rule = mode_ == RenderMode::blocks || counted_first_byte_ == kSignatureRule[0];
    if (may_open_with_rule && block_text().compare(0, kSignatureRule.size(), kSignatureRule) == 0) {
      drop_block();
      return;
    }
    Block b;
    if (heading_level_ > 0) {
      b.kind = BlockKind::heading;
      b.level = heading_level_;
      // Headings are one line.
      for (char& c : current_)
        if (c == '\n') c = ' ';
    } else if (li_depth_ > 0) {
      b.kind = BlockKind::list_item;
      b.level = list_stack_.empty() ? 1 : static_cast<int>(list_stack_.size());
      b.ordered = !list_stack_.empty() && list_stack_.back();
    } else if (quote_depth_ > 0) {
      b.kind = BlockKind::quote;
    } else {
      b.kind = BlockKind::paragraph;
    }
    length_ += length;
    if (mode_ == RenderMode::count) {
      clear_text();
      emit(std::move(b), chars, link_chars);
      return;
    }
    b.inlines = marks_.finish_block(leading, current_);
    // Copied, not moved: current_ keeps its capacity for the next block
    // (moved out, it would grow again from empty, a reallocation per doubling
    // for every block), and the block's text gets an allocation of its size.
    b.text.assign(current_);
    current_.clear();
    emit(std::move(b), chars, link_chars);
  }

  void emit(Block&& b, std::uint32_t chars, std::uint32_t link_chars) {
    counts_.add(b.kind, chars, link_chars);
    if (mode_ == RenderMode::blocks) blocks_.push_back(std::move(b));
  }

  const Pass& pass_;
  const dom::Dom& dom_;
  bool keep_link_paragraphs_;
  RenderMode mode_;
  BlockCounts counts_;  // of what emit() was given
  std::vector<Block> blocks_;
  std::uint32_t length_ = 0;  // of blocks_, as text::weighted_length counts it
  std::string current_;  // empty in RenderMode::count but where block_text() builds it
  // In RenderMode::count, what current_ would be: whether it would hold
  // text and end in a line break, its first byte, and its pieces in order
  // (text nodes, kNoNode for a line break), from which block_text() builds
  // it when a decision reads it; counted_built_: it has.
  bool counted_text_ = false;
  bool counted_break_ = false;
  bool counted_built_ = false;
  char counted_first_byte_ = 0;
  std::vector<NodeId> counted_pieces_;
  std::uint32_t current_length_ = 0;  // of current_
  InlineMarks marks_;  // links, images, emphasis of current_
  std::uint32_t current_chars_ = 0;       // code points of current_, for link density
  std::uint32_t current_link_chars_ = 0;  // of which inside links
  bool opens_with_link_ = false;          // current_'s first text is link text
  bool pending_space_ = false;
  int code_depth_ = 0;                  // <code> elements open
  NodeId last_inline_item_ = kNoNode;   // the last inline element left (see note_sibling_after_item)
  bool separate_if_glued_ = false;      // the next text follows such an element's sibling
  std::vector<bool> list_stack_;   // ordered?
  std::vector<bool> data_tables_;  // data table?
  std::vector<std::string> row_;
  std::uint32_t row_length_ = 0;  // of row_'s cells
  bool row_holds_text_ = false;   // one of row_'s cells holds text
  bool row_header_ = true;
  bool table_start_ = false;  // the next row emitted is its table's first
  int cell_depth_ = 0;
  int quote_depth_ = 0;
  int heading_level_ = 0;
  int li_depth_ = 0;
};

}  // namespace

Rendering to_blocks(const Pass& pass, const std::vector<NodeId>& roots,
                    bool keep_link_paragraphs, RenderMode mode) {
  return Renderer(pass, keep_link_paragraphs, mode).run(roots);
}

std::uint32_t rendered_length_bound(const Pass& pass, const std::vector<NodeId>& roots) {
  const auto& nodes = pass.dom.nodes;
  std::uint32_t bound = 0;
  for (NodeId root : roots) {
    for (NodeId i = root; i < nodes[root].subtree_end;) {
      if (pass.dead[i]) {
        i = nodes[i].subtree_end;
        continue;
      }
      Tag tag = nodes[i].tag;
      if (tag == Tag::pre) {
        // Taken verbatim: its text's bytes (no character weighs more than its bytes).
        for (NodeId k = i; k < nodes[i].subtree_end; ++k)
          if (!pass.dead[k] && nodes[k].tag == Tag::text) bound += nodes[k].text_length;
        i = nodes[i].subtree_end;
        continue;
      }
      if (tag == Tag::text) bound += pass.features[i].length();  // as add_text counts it
      else if (tag == Tag::td || tag == Tag::th) ++bound;  // at most one '|' per cell
      ++i;
    }
  }
  return bound;
}

std::string inline_text(const dom::Dom& dom, NodeId id) {
  std::string out;
  bool pending = false;
  for (NodeId i = id; i < dom.nodes[id].subtree_end; ++i)
    if (dom.nodes[i].tag == Tag::text) text::append_collapsed(out, dom.text(i), pending);
    else if (dom::is_block(dom.nodes[i].tag) || dom.nodes[i].tag == Tag::br) pending = true;
  return out;
}

}  // namespace pith::extraction
