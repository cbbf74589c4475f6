// Bylines and dates printed on the page itself, for pages without (or with
// incomplete) structured metadata: rel=author links, author/byline classes,
// labelled bylines in the text, <time datetime>, and dates near the headline.
// The patterns are in latin_byline.cpp and cjk_byline.cpp, the lines the
// reader walks in page_lines.cpp.
#include <algorithm>
#include <iterator>
#include <optional>

#include "meta/cjk_byline.hpp"
#include "meta/dates.hpp"
#include "meta/element_words.hpp"
#include "meta/latin_byline.hpp"
#include "meta/page_lines.hpp"
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
// "2024-05-03": a date without a clock time.
constexpr std::size_t kIsoDayLength = 10;

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
        // Then the bytes it surely opens with, still without building its
        // text: a line that parts from the headline there is neither its
        // start nor starts with it.
        if (!lines_.may_open_like(k, want)) return false;
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
      const std::size_t end = text::code_point_start_at_or_after(text, std::min(text.size(), at + kPiece));
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
        bool has_colon = label.back() == ':' || label.ends_with("\xEF\xBC\x9A");  // ':' or '：'
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
