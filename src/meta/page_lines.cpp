#include "meta/page_lines.hpp"

#include <algorithm>
#include <cstring>

#include "meta/sources.hpp"
#include "text/byte_filters.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::meta {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

bool PageLines::cjk_ahead(std::size_t k) {
  const NodeId from = lines_[k].begin;
  if (cjk_at_ != kNoNode && cjk_at_ >= from) return true;
  const NodeId count = static_cast<NodeId>(dom_.size());
  const std::size_t counted = dom_.counts.size();
  for (NodeId i = std::max(from, cjk_scanned_); i < count; ++i) {
    const bool cjk = i < counted && dom_.counts[i].chars != dom::Dom::kNotCounted.chars
                         ? dom_.counts[i].cjk != 0
                         : dom_.nodes[i].tag == Tag::text && text::may_hold_han(dom_.text(i));
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

std::size_t PageLines::size_bound(std::size_t k) const {
  const Line& line = lines_[k];
  if (line.built) return line.text.size();
  std::size_t bound = 0;
  for (std::size_t p = line.first_piece, end = pieces_end(k); p < end; ++p) {
    const std::string_view piece = dom_.text(pieces_[p].node);
    bound += (text::is_valid_utf8(piece) ? piece.size() : 3 * piece.size()) + 1;
  }
  return bound;
}

bool PageLines::may_open_like(std::size_t k, std::string_view want) const {
  const Line& line = lines_[k];
  if (line.first_piece == pieces_end(k)) return true;
  // The first piece opens the text: its leading ASCII white space goes, and
  // collapsing copies characters other than white space as they are, and a
  // single space between two of them (text::append_collapsed).
  const std::string_view piece = dom_.text(pieces_[line.first_piece].node);
  std::size_t begin = 0;
  while (begin < piece.size() && (piece[begin] == ' ' || (piece[begin] >= '\t' && piece[begin] <= '\r'))) ++begin;
  // Where the character at `at` ends when it is copied as it is; `at` when not.
  auto kept_to = [&](std::size_t at) {
    const auto b = static_cast<unsigned char>(piece[at]);
    if (b > ' ' && b < 0x7F) return at + 1;
    if (b < 0x80) return at;
    std::size_t next = at;
    const char32_t c = text::decode_utf8(piece, next);
    return c == text::kReplacementCharacter || text::is_space(c) ? at : next;
  };
  // The bytes copied as they are, compared with `want` until one differs.
  for (std::size_t end = begin; end < piece.size();) {
    std::size_t next = kept_to(end);
    if (next == end && end > begin && piece[end] == ' ' && end + 1 < piece.size()) {
      next = kept_to(end + 1);
      if (next == end + 1) next = end;
    }
    if (next == end) return true;
    for (; end < next; ++end) {
      if (end - begin == want.size()) return true;
      if (piece[end] != want[end - begin]) return false;
    }
  }
  return true;
}

void PageLines::build_text(std::size_t k) {
  Line& line = lines_[k];
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

std::string_view PageLines::keep(const std::string& s) {
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

void PageLines::build_to_next_line() {
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
        if (empty_so_far(line)) line.first = text::first_collapsed_byte(dom_.text(i));
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

}  // namespace pith::meta
