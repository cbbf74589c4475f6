#include "dom/build.hpp"

#include <fmt/format.h>
#include <gumbo.h>

#include <algorithm>
#include <csetjmp>
#include <cctype>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "assert.hpp"
#include "dom/attributes.hpp"
#include "dom/gumbo_tags.hpp"
#include "dom/unseen_markup.hpp"
#include "pith/pith.hpp"
#include "text/ascii.hpp"

namespace pith::dom {
namespace {

using Clock = std::chrono::steady_clock;

// Gumbo allocates many small objects and frees them one by one; a bump arena
// released at once is faster and lets us skip gumbo_destroy_output, which
// recurses over the tree and could overflow the stack on deep nesting. (A
// pool that recycles freed blocks was tried: it peaks higher, since Gumbo's
// live tree dwarfs its short-lived buffers.) Hand-rolled rather than
// std::pmr::monotonic_buffer_resource: Gumbo makes millions of calls per
// second and the pmr one costs a virtual call and more per allocation.
class Arena {
 public:
  explicit Arena(std::size_t first_block) : next_block_(std::max<std::size_t>(first_block, 4096)) {}

  // Gumbo's structs hold pointers, sizes and ints: 8-byte alignment suffices.
  static constexpr std::size_t kAlign = alignof(void*);
  static std::size_t aligned(std::size_t size) { return (size + kAlign - 1) & ~(kAlign - 1); }

  // A new block for an allocation of `size` (aligned) that the current one
  // cannot hold; the caller bumps `next` past it.
  char* grow(std::size_t size, char*& end) {
    std::size_t block = std::max(next_block_, size);
    blocks_.push_back(std::make_unique_for_overwrite<char[]>(block));
    char* p = blocks_.back().get();
    end = p + block;
    next_block_ = block * 2;  // few blocks, whatever the page's size
    return p;
  }

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t next_block_;
};

// The arena's first block, as a multiple of the markup Gumbo reads. Gumbo
// uses a median 29 times the filtered markup (dev pages): from 8 times it
// takes two or three doublings. From 4 times, the blocks that malloc later
// reused from its heap raised peak RSS (dev pith_bench 86.9 -> 87.7 MB once
// the filter gave Gumbo less to read); mapping each block from the system
// instead kept RSS low but faulted in fresh pages on every parse (14 % fewer
// pages/s).
constexpr std::size_t kArenaFirstBlockRatio = 8;

// Gumbo's parse, stopped at the deadline. Gumbo calls its allocator all along
// the parse (for every token); once every kBytesPerCheck bytes it hands out
// the allocator reads the clock, and past the deadline it leaves Gumbo with
// longjmp back to parse_until_deadline. No exception may unwind through
// Gumbo's C frames, but longjmp may leave them: neither they nor
// arena_allocate hold an object with a destructor, and every byte Gumbo
// allocated is in the arena, freed with it.
// (Some 2,000 of Gumbo's allocations: on news pages they average 30 bytes.)
constexpr std::size_t kBytesPerCheck = 64 * 1024;
struct GumboParse {
  Arena* arena;
  const budget::Deadline* deadline;
  std::jmp_buf stop;
  // The free part of the arena's current block, here rather than behind
  // `arena`: Gumbo allocates millions of times per page set, and the fast
  // path is a bump and a compare on this struct alone. `end` stops short of
  // the block's end at the next clock reading: the bytes count down to it
  // and no count of calls is kept (a countdown per call cost a tenth of
  // the fast path's instructions).
  char* next = nullptr;
  char* end = nullptr;
  char* block_end = nullptr;
};

// The allocations that read the clock or need a new block, out of line and
// called last: the fast path of arena_allocate then needs no registers saved
// and no stack frame (Gumbo calls it through a pointer).
[[gnu::noinline]] void* allocate_slowly(GumboParse* parse, std::size_t size) {
  if (parse->deadline->passed()) std::longjmp(parse->stop, 1);
  if (size > static_cast<std::size_t>(parse->block_end - parse->next))
    parse->next = parse->arena->grow(size, parse->block_end);
  char* p = parse->next;
  parse->next += size;
  const auto left = static_cast<std::size_t>(parse->block_end - parse->next);
  parse->end = parse->next + std::min(left, kBytesPerCheck);
  return p;
}

void* arena_allocate(void* userdata, size_t size) {
  auto* parse = static_cast<GumboParse*>(userdata);
  size = Arena::aligned(size);
  if (size > static_cast<std::size_t>(parse->end - parse->next)) return allocate_slowly(parse, size);
  char* p = parse->next;
  parse->next += size;
  return p;
}
void arena_deallocate(void*, void*) {}

// Gumbo's output, or null when the deadline passed during the parse.
GumboOutput* parse_until_deadline(const GumboOptions& options, GumboParse& parse, std::string_view html) {
  if (setjmp(parse.stop) != 0) return nullptr;
  return gumbo_parse_with_options(&options, html.data(), html.size());
}

// The attributes read of one element only are kept there alone: an image's
// sources and size (width and height are on table cells everywhere too).
bool kept_on(Attr attr, Tag tag) {
  switch (attr) {
    case Attr::srcset: case Attr::data_srcset:
      // A <picture>'s <source> is Tag::other: the tag table has no use for
      // it but this.
      return tag == Tag::img || tag == Tag::other;
    case Attr::data_src: case Attr::data_lazy_src: case Attr::data_original: case Attr::width:
    case Attr::height:
      return tag == Tag::img;
    default:
      return true;
  }
}

// Does this attribute hide its element (hidden, aria-hidden="true", a style
// that hides)? Not aria-hidden on a link: cards that link their picture and
// their summary as well as their title mark the extra links aria-hidden
// (and tabindex="-1") so that a screen reader hears the link once; the
// reader sees them. On WCXB's pages (train + dev) only a news site's river
// of teasers changed: its summaries, each inside such a link, came back
// (0.41 -> 0.93 word F1).
bool hides(Tag tag, std::string_view name, const char* value) {
  switch (name.size()) {
    case 5: return name == "style" && style_hides(value);
    case 6: return name == "hidden";
    case 11: return name == "aria-hidden" && tag != Tag::a && text::contains_ascii_ci(value, "true");
    default: return false;
  }
}

// React's streaming renderer sends each part of the page that was not ready
// in time later in the document, as <div hidden id="S:n"> at the end of the
// <body>, and a script moves it into its place: a <template id="B:n"> (a
// suspense boundary) or <template id="P:n"> (a placeholder), n in hex, the
// same n for both in every page these renderers make. Hidden only until that
// script runs, the part is what the reader sees, where the template stands:
// for many pages the whole article, or all but the first section of a
// landing page. n of an id "L:n" whose letter L is one of `letters`; nothing
// when the id is not of that form.
std::optional<std::string_view> streamed_number(std::string_view id, std::string_view letters) {
  if (id.size() < 3 || letters.find(id[0]) == std::string_view::npos || id[1] != ':') return std::nullopt;
  std::string_view n = id.substr(2);
  if (!std::all_of(n.begin(), n.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return n;
}
constexpr std::string_view kStreamedPart = "S";
constexpr std::string_view kStreamedPlace = "BP";

// (The pre-parse filter drops every attribute of these elements, by name:
// kLeftOut in unseen_markup.cpp, which must list any element added here. Not
// of <template>: the build reads its id, the place of a streamed part.)
bool skipped_element(Tag tag, const GumboElement& el) {
  switch (tag) {
    case Tag::style: case Tag::svg: case Tag::math: case Tag::canvas:
    case Tag::iframe: case Tag::object: case Tag::embed:
      return true;
    case Tag::script: {
      const GumboAttribute* type = gumbo_get_attribute(&el.attributes, "type");
      return !(type && text::contains_ascii_ci(type->value, "ld+json"));
    }
    default:
      break;
  }
  // <noscript> is kept: server-rendered fallbacks (forum posts, article
  // bodies of script-driven sites) live there, and Gumbo parses it as markup.
  // <noframes> and <noembed> are not: a browser, which has frames and
  // embeds, never shows them, and their markup is raw text to Gumbo (its
  // tags came out as text). A page made of frames has its <noframes> read
  // apart (Dom::frames_fallback).
  // A <template> is inert markup for scripts, but for a declarative shadow
  // root (shadowrootmode, or the older shadowroot): the browser attaches its
  // content to the parent and shows it (web components rendered on the
  // server, the whole article of some pages).
  if (el.tag == GUMBO_TAG_TEMPLATE)
    return gumbo_get_attribute(&el.attributes, "shadowrootmode") == nullptr &&
           gumbo_get_attribute(&el.attributes, "shadowroot") == nullptr;
  if (el.tag == GUMBO_TAG_NOFRAMES || el.tag == GUMBO_TAG_NOEMBED) return true;
  // <input type=hidden> and friends are hidden by the attribute test anyway.
  return false;
}

// The buffers of the last Dom destroyed on this thread, which the next one
// built takes over. A new vector's pages fault in as they are first written:
// about 3 us per 4 KB page here (a VM), a few ms per pass over the dev set,
// more than the writes themselves. Buffers above kMaxSpareBytes (a page of
// some 400,000 nodes; the dev set's largest has far fewer) are freed, so a
// thread keeps no more than that after a huge page.
struct SpareBuffers {
  std::vector<Node> nodes;
  std::vector<AttrValue> attrs;
  std::vector<text::TextCounts> counts;
  std::string pool;  // the Builder's, whose bytes build_dom copies after the source
};
thread_local SpareBuffers spare_buffers;
constexpr std::size_t kMaxSpareBytes = std::size_t{16} << 20;

// Keeps `from` (a vector or string) as the spare when it is larger than the
// spare kept.
template <typename Buffer>
void keep_spare(Buffer& from, Buffer& spare) {
  if (from.capacity() > spare.capacity() &&
      from.capacity() * sizeof(typename Buffer::value_type) <= kMaxSpareBytes)
    spare = std::move(from);
}

// An empty buffer with room for `size` entries, the spare's when there is one.
template <typename Buffer>
Buffer take_spare(Buffer& spare, std::size_t size) {
  Buffer b = std::move(spare);
  spare = Buffer();
  b.clear();
  b.reserve(size);
  return b;
}

// The node after `g` and its subtree in a preorder walk of `top`'s subtree
// (over Gumbo's parent links, without a stack); null at the end of it.
const GumboNode* next_after_subtree(const GumboNode* g, const GumboNode* top) {
  for (; g != top; g = g->parent) {
    const GumboVector& siblings = g->parent->v.element.children;
    std::size_t next = g->index_within_parent + 1;
    if (next < siblings.length) return static_cast<const GumboNode*>(siblings.data[next]);
  }
  return nullptr;
}

class Builder {
 public:
  // `expected_nodes` is the guard's bound, so the node vector never regrows
  // (a regrowth holds the old and the new array at once). `moved` gives back
  // the attribute values and text the pre-parse filter took out of the markup.
  //
  // Pool offsets count from the start of moved.source, which build_dom puts
  // in front of the pool afterwards: a moved value, or a text node that is a
  // moved run with the text around it as it stands in the source, is not
  // copied; the pool itself holds only what Gumbo made.
  Builder(std::size_t expected_nodes, bool keep_hidden, const MovedValues& moved, std::string_view markup)
      : keep_hidden_(keep_hidden), moved_(moved), source_(moved.source), markup_(markup) {
    dom_.pool = take_spare(spare_buffers.pool, source_.size() / 8);
    dom_.pool.append(kSharedWhiteSpace);
    dom_.nodes = take_spare(spare_buffers.nodes, expected_nodes + 16);
    dom_.counts = take_spare(spare_buffers.counts, expected_nodes + 16);
    dom_.attrs = take_spare(spare_buffers.attrs, 0);
  }

  // What the build saw: how many hidden subtrees it left out, how many bytes
  // of text it kept.
  std::size_t hidden_skipped() const { return hidden_skipped_; }
  // Bytes of text (not white space) in the hidden subtrees left out.
  std::size_t hidden_text() const { return hidden_text_; }
  // The raw text of the page's longest <noframes> (see Dom::frames_fallback).
  std::string& frames_fallback() { return frames_fallback_; }
  std::size_t text_bytes() const { return text_bytes_; }

  // Flattened: the vector appends of every node (a call each) then inline.
  [[gnu::flatten]] Dom build(const GumboNode* root, budget::Deadline& deadline) {
    // Preorder over Gumbo's parent links, without a stack: down to the first
    // child, else on to the next sibling, else up. `parent`, `depth` and
    // `in_head` are for the nodes at g's level; in_head: in the document's
    // <head>, whose text, like that of scripts (JSON-LD), is never content:
    // counted only if someone asks (Dom::text_counts).
    auto& nodes = dom_.nodes;
    NodeId parent = kNoNode;
    std::uint16_t depth = 0;
    bool in_head = false;
    bool head_seen = false;
    for (const GumboNode* g = root;;) {
      deadline.tick("the DOM build");
      switch (g->type) {
        case GUMBO_NODE_TEXT: case GUMBO_NODE_WHITESPACE: case GUMBO_NODE_CDATA:
          if (parent != kNoNode)
            add_text(g->v.text.text, g->type == GUMBO_NODE_WHITESPACE, parent, depth, in_head);
          break;
        case GUMBO_NODE_ELEMENT: case GUMBO_NODE_TEMPLATE: {
          const GumboElement& el = g->v.element;
          Tag tag = tag_of(el.tag, el.original_tag);
          if (skipped_element(tag, el)) {
            if (el.tag == GUMBO_TAG_NOFRAMES) {
              keep_frames_fallback(el);
            } else if (el.tag == GUMBO_TAG_TEMPLATE) {
              // The streamed part that belongs here is walked here, in the
              // template's stead; the walk comes back when it leaves it.
              if (const GumboNode* part = part_placed_at(*g)) {
                placed_parts_.push_back({part, g});
                g = part;
                continue;
              }
            }
            break;
          }
          if (!streamed_parts_.empty() && tag == Tag::div && !enter_part(g)) break;  // walked in its place
          bool element_in_head = in_head || (tag == Tag::head && !head_seen);
          NodeId id = add_element(tag, el, parent, depth, element_in_head);
          if (id == kNoNode) {
            ++hidden_skipped_;
            hidden_text_ += text_bytes_under(g);
            break;
          }
          if (tag == Tag::head && !head_seen) {
            head_seen = true;
            head_ = id;
          }
          if (el.children.length == 0) break;
          parent = id;
          depth = depth == 0xFFFF ? depth : static_cast<std::uint16_t>(depth + 1);
          in_head = element_in_head;
          g = static_cast<const GumboNode*>(el.children.data[0]);
          continue;
        }
        default:
          break;
      }
      // Up until a node has a next sibling. Going up leaves the element
      // `parent`, whose subtree ends at the next node made; the level above
      // has its depth, and is in the head unless the element left is the
      // head itself (a flag rather than a read of the parent's counts).
      for (;;) {
        if (g == root) goto walked;
        if (!placed_parts_.empty() && g == placed_parts_.back().part) {
          g = placed_parts_.back().place;  // on after the template
          placed_parts_.pop_back();
          continue;
        }
        const GumboVector& siblings = g->parent->v.element.children;
        std::size_t next = g->index_within_parent + 1;
        if (next < siblings.length) {
          g = static_cast<const GumboNode*>(siblings.data[next]);
          break;
        }
        g = g->parent;
        nodes[parent].subtree_end = node_count_;
        depth = nodes[parent].depth;
        if (parent == head_) in_head = false;
        parent = nodes[parent].parent;
      }
    }
  walked:
    for (NodeId id : merged_) dom_.counts[id] = text::count_text(pooled(nodes[id].text_offset, nodes[id].text_length));
    return std::move(dom_);
  }

 private:
  // `counts`: the node's entry in Dom::counts, appended with it (appended,
  // not a vector sized and zero-filled up front: that wrote every entry twice).
  [[gnu::always_inline]] NodeId link(Tag tag, NodeId parent, std::uint16_t depth,
                                     const text::TextCounts& counts) {
    // Sizes kept in members: a vector's size() divides by the element size.
    NodeId id = node_count_++;
    Node& n = dom_.nodes.emplace_back();
    n.tag = tag;
    n.parent = parent;
    n.depth = depth;
    n.subtree_end = id + 1;  // an element with children: set when the walk leaves it
    if (parent != kNoNode) {
      Node& par = dom_.nodes[parent];
      if (par.last_child == kNoNode) par.first_child = id;
      else dom_.nodes[par.last_child].next_sibling = id;
      par.last_child = id;
    }
    dom_.counts.push_back(counts);
    return id;
  }

  // The offset the next byte appended to the pool gets.
  std::uint32_t pool_end() const { return static_cast<std::uint32_t>(source_.size() + dom_.pool.size()); }

  // Appends Gumbo's text, markers resolved; returns its length.
  std::uint32_t append_text(std::string_view text) {
    std::size_t before = dom_.pool.size();
    moved_.append_text(dom_.pool, text);
    return static_cast<std::uint32_t>(dom_.pool.size() - before);
  }

  // Places a new text node's white space and returns {offset, length}. It
  // has no marker. A single space or line break (all the filter leaves
  // between two tags) shares the copy at the start of the pool.
  std::pair<std::uint32_t, std::uint32_t> place_white_space(std::string_view text) {
    if (text.size() == 1 && (text[0] == '\n' || text[0] == ' ')) {
      // Its place in "\n " by comparison: find() was a memchr call per node.
      static_assert(kSharedWhiteSpace == "\n ");
      auto at = static_cast<std::uint32_t>(source_.size() + (text[0] == '\n' ? 0 : 1));
      return {at, 1};
    }
    std::uint32_t end = pool_end();
    dom_.pool.append(text);
    return {end, static_cast<std::uint32_t>(text.size())};
  }

  // Places a new text node's text, as append_text would make it, and returns
  // {offset, length}. A moved run with no CR in it (Gumbo makes that LF) and
  // the text around its marker as the source has it is found in the source;
  // other text is appended.
  std::pair<std::uint32_t, std::uint32_t> place_text(std::string_view text) {
    std::uint32_t end = pool_end();
    std::size_t at = MovedValues::find_marker(text);
    if (at == std::string_view::npos) {
      dom_.pool.append(text);
      return {end, static_cast<std::uint32_t>(text.size())};
    }
    std::size_t piece = moved_.piece_at(text.substr(at));
    if (piece != std::string_view::npos) {
      auto [first, length] = moved_.ranges[piece];
      PITH_ASSERT(std::size_t{first} + length <= source_.size(), "a moved piece lies in the source it was cut from");
      std::string_view before = text.substr(0, at);
      std::string_view after = text.substr(at + kMovedMarkerSize);
      if (before.size() <= first && source_.compare(first - before.size(), before.size(), before) == 0 &&
          source_.compare(first + length, after.size(), after) == 0 &&
          source_.substr(first, length).find('\r') == std::string_view::npos)
        return {static_cast<std::uint32_t>(first - before.size()),
                static_cast<std::uint32_t>(before.size() + length + after.size())};
    }
    return {end, append_text(text)};
  }

  // `white_space`: Gumbo found only white space in the text, which counts
  // for nothing.
  void add_text(const char* gumbo_text, bool white_space, NodeId parent, std::uint16_t depth,
                bool in_head) {
    // A lone character of white space (most of them) is measured without strlen.
    std::string_view text = white_space && gumbo_text[0] != '\0' && gumbo_text[1] == '\0'
                                ? std::string_view(gumbo_text, 1)
                                : std::string_view(gumbo_text);
    auto& nodes = dom_.nodes;
    NodeId last = nodes[parent].last_child;
    if (last != kNoNode && nodes[last].tag == Tag::text) {
      // Adjacent text pieces (Gumbo splits around skipped nodes) merge into
      // one, at the end of the pool; counted once the build is done.
      Node& prev = nodes[last];
      if (prev.text_offset + prev.text_length != pool_end()) {
        std::uint32_t offset = pool_end();
        // Copied out first when it lies in the pool itself (the shared white
        // space), which the append may move.
        std::string_view prev_text = pooled(prev.text_offset, prev.text_length);
        if (prev.text_offset >= source_.size()) dom_.pool.append(std::string(prev_text));
        else dom_.pool.append(prev_text);
        prev.text_offset = offset;
      }
      std::uint32_t length = append_text(text);
      prev.text_length += length;
      text_bytes_ += length;
      if (dom_.counts[last].chars != Dom::kNotCounted.chars && (merged_.empty() || merged_.back() != last))
        merged_.push_back(last);
      return;
    }
    auto [offset, length] = white_space ? place_white_space(text) : place_text(text);
    text::TextCounts counts;
    if (in_head || nodes[parent].tag == Tag::script) counts = Dom::kNotCounted;
    else if (!white_space) counts = text::count_text(pooled(offset, length));
    NodeId id = link(Tag::text, parent, depth, counts);
    nodes[id].text_offset = offset;
    nodes[id].text_length = length;
    text_bytes_ += length;
  }

  // The bytes of text in Gumbo's subtree `top`, moved runs counted at their
  // length (a walk like build's, over a subtree the build leaves out).
  std::size_t text_bytes_under(const GumboNode* top) const {
    std::size_t bytes = 0;
    for (const GumboNode* g = top; g;) {
      if (g->type == GUMBO_NODE_TEXT || g->type == GUMBO_NODE_CDATA) {
        bytes += resolved_length(g->v.text.text);
      } else if ((g->type == GUMBO_NODE_ELEMENT || g->type == GUMBO_NODE_TEMPLATE) &&
                 g->v.element.children.length > 0) {
        g = static_cast<const GumboNode*>(g->v.element.children.data[0]);
        continue;
      }
      g = next_after_subtree(g, top);
    }
    return bytes;
  }

  // The length of Gumbo's text once its markers are resolved.
  std::size_t resolved_length(std::string_view text) const {
    std::size_t length = text.size();
    for (std::size_t at = MovedValues::find_marker(text); at != std::string_view::npos;
         at = MovedValues::find_marker(text, at + 1)) {
      std::size_t piece = moved_.piece_at(text.substr(at));
      if (piece == std::string_view::npos) continue;
      length += moved_.ranges[piece].second - kMovedMarkerSize;
      at += kMovedMarkerSize - 1;
    }
    return length;
  }

  // The element's id, wherever the filter left it: in the tag, in a run of
  // attributes behind a marker, or in the run found by the tag's place.
  std::string_view element_id(const GumboElement& el) {
    auto id_in_run = [this](std::size_t run) -> std::optional<std::string_view> {
      auto [first, count] = moved_.attribute_runs[run];
      for (std::uint32_t k = first; k < first + count; ++k)
        if (moved_.attributes[k].name == Attr::id)
          return std::string_view(moved_.source).substr(moved_.attributes[k].offset, moved_.attributes[k].length);
      return std::nullopt;
    };
    const GumboVector& attrs = el.attributes;
    if (attrs.length == 0) {
      std::size_t run = tag_run(el);
      if (run == std::string_view::npos) return {};
      return id_in_run(run).value_or(std::string_view());
    }
    for (unsigned i = 0; i < attrs.length; ++i) {
      const auto* a = static_cast<const GumboAttribute*>(attrs.data[i]);
      std::size_t run = moved_.run_at(a->name);
      if (run == std::string_view::npos) {
        if (std::string_view(a->name) == "id") return a->value;
        continue;
      }
      if (auto id = id_in_run(run)) return *id;
    }
    return {};
  }

  // The streamed part whose place is the template `place`, unless it was
  // walked already (where it stands, or in another place: a part is walked
  // once, so the walk never loops); null when there is none.
  const GumboNode* part_placed_at(const GumboNode& place) {
    auto number = streamed_number(element_id(place.v.element), kStreamedPlace);
    if (!number) return nullptr;
    if (!parts_found_) find_streamed_parts(place);
    auto it = std::lower_bound(streamed_parts_.begin(), streamed_parts_.end(), *number,
                               [](const StreamedPart& p, std::string_view n) { return p.number < n; });
    if (it == streamed_parts_.end() || it->number != *number || it->walked) return nullptr;
    return it->node;
  }

  // Marks the <div> `g` walked when it is a streamed part; false when it was
  // walked already, in its place. (Searches sorted tables: a page may hold
  // any number of parts.)
  bool enter_part(const GumboNode* g) {
    auto it = std::lower_bound(parts_by_node_.begin(), parts_by_node_.end(), g,
                               [this](std::size_t k, const GumboNode* n) { return streamed_parts_[k].node < n; });
    if (it == parts_by_node_.end() || streamed_parts_[*it].node != g) return true;
    StreamedPart& part = streamed_parts_[*it];
    if (part.walked) return false;
    part.walked = true;
    return true;
  }

  // The streamed parts: the hidden <div>s with an id "S:n" in the <body>
  // that holds `place` (the renderer puts them at its end, but an element
  // the page left open may hold them), found when the walk meets the page's
  // first place.
  void find_streamed_parts(const GumboNode& place) {
    parts_found_ = true;
    const GumboNode* body = place.parent;
    while (body && !(body->type == GUMBO_NODE_ELEMENT && body->v.element.tag == GUMBO_TAG_BODY)) body = body->parent;
    if (!body) return;  // (parts_by_node_ stays empty, like streamed_parts_)
    for (const GumboNode* g = body; g;) {
      if (g->type == GUMBO_NODE_ELEMENT || g->type == GUMBO_NODE_TEMPLATE) {
        const GumboElement& el = g->v.element;
        std::optional<std::string_view> number;
        if (el.tag == GUMBO_TAG_DIV && gumbo_get_attribute(&el.attributes, "hidden"))
          number = streamed_number(element_id(el), kStreamedPart);
        if (number) {
          streamed_parts_.push_back({g, *number, false});  // (parts hold no parts)
        } else if (el.children.length > 0) {
          g = static_cast<const GumboNode*>(el.children.data[0]);
          continue;
        }
      }
      g = next_after_subtree(g, body);
    }
    // By number, the first of equal numbers first; and by node.
    std::stable_sort(streamed_parts_.begin(), streamed_parts_.end(),
                     [](const StreamedPart& a, const StreamedPart& b) { return a.number < b.number; });
    parts_by_node_.resize(streamed_parts_.size());
    for (std::size_t k = 0; k < parts_by_node_.size(); ++k) parts_by_node_[k] = k;
    std::sort(parts_by_node_.begin(), parts_by_node_.end(),
              [this](std::size_t a, std::size_t b) { return streamed_parts_[a].node < streamed_parts_[b].node; });
  }

  // The pool's bytes at `offset`, while it is being built.
  std::string_view pooled(std::uint32_t offset, std::uint32_t length) const {
    if (offset < source_.size()) return source_.substr(offset, length);
    return std::string_view(dom_.pool).substr(offset - source_.size(), length);
  }

  // Adds an element with the attributes the Dom keeps; kNoNode when one of
  // them hides it (and hidden elements are not kept).
  NodeId add_element(Tag tag, const GumboElement& el, NodeId parent, std::uint16_t depth, bool in_head) {
    const std::size_t attrs_before = attr_count_;
    const std::size_t pool_before = dom_.pool.size();
    std::uint16_t kept_count = 0;
    bool hidden = false, labelled = false, aria_hidden = false, collapsed = false;
    std::string_view controls;
    const GumboVector& attrs = el.attributes;
    if (attrs.length == 0) {
      std::size_t run = tag_run(el);
      if (run != std::string_view::npos) add_run(run, tag, kept_count);
    }
    for (unsigned i = 0; i < attrs.length; ++i) {
      const auto* a = static_cast<const GumboAttribute*>(attrs.data[i]);
      std::string_view name = a->name;
      if (!name.empty() && static_cast<unsigned char>(name[0]) >= 0x80) {
        // A run of attributes the filter moved out of the tag.
        std::size_t run = moved_.run_at(name);
        if (run != std::string_view::npos) add_run(run, tag, kept_count);
        continue;
      }
      // No kept attribute hides: a kept one is not tested again.
      Attr kept;
      if (!dom_attribute(name, kept)) {
        if (!keep_hidden_ && hides(tag, name, a->value) && !streamed_number(element_id(el), kStreamedPart)) {
          hidden = true;
          aria_hidden = aria_hidden || name == "aria-hidden";
        }
        if (name == "aria-labelledby") labelled = true;
        else if (name == "aria-controls") controls = a->value;
        else if (name == "aria-expanded") collapsed = text::iequals_ascii(a->value, "false");
        continue;
      }
      if (kept_count == 0xFFFF || !kept_on(kept, tag)) continue;
      ++kept_count;
      ++attr_count_;
      std::string_view value = a->value;
      std::size_t piece = value.size() == kMovedMarkerSize ? moved_.piece_at(value) : std::string_view::npos;
      if (piece != std::string_view::npos) {
        dom_.attrs.push_back({kept, moved_.ranges[piece].first, moved_.ranges[piece].second});
      } else {
        dom_.attrs.push_back({kept, pool_end(), static_cast<std::uint32_t>(value.size())});
        dom_.pool.append(value);
      }
    }
    if (collapsed) note_collapsed_panels(controls);
    if (hidden && !is_disclosure_panel(attrs_before, labelled) && !wraps_disclosure_panel(attrs_before, el) &&
        !is_collapsed_panel(tag, attrs_before) && (aria_hidden || !is_hidden_tab(tag, attrs_before, parent))) {
      dom_.attrs.resize(attrs_before);
      dom_.pool.resize(pool_before);
      attr_count_ = attrs_before;
      return kNoNode;
    }
    NodeId id = link(tag, parent, depth, in_head ? Dom::kNotCounted : text::TextCounts{});
    dom_.nodes[id].attr_begin = static_cast<std::uint32_t>(attrs_before);
    dom_.nodes[id].attr_count = kept_count;
    return id;
  }

  // Is the hidden element whose kept attributes start at `attrs_begin` the
  // collapsed panel of an accordion or a set of tabs: role "tabpanel" or
  // "region" (WAI-ARIA's disclosure patterns), or no role and labelled by
  // its header (`labelled`: an aria-labelledby)? Its text is the page's,
  // shown on a click (a service page's FAQ, a feature's details), and kept;
  // a hidden dialog or menu, labelled too, is not. WCXB's pages (train +
  // dev, cross-validated by site): service pages +0.012 word F1, a forum
  // thread whose replies were collapsed +0.53, products -0.002 (tabs of
  // shipping and warranty terms).
  bool is_disclosure_panel(std::size_t attrs_begin, bool labelled) const {
    return names_disclosure_panel(kept_role(attrs_begin), labelled);
  }

  // The test itself, on an element's role (when it has one) and whether it
  // has an aria-labelledby.
  static bool names_disclosure_panel(std::optional<std::string_view> role, bool labelled) {
    if (role) return text::iequals_ascii(*role, "tabpanel") || text::iequals_ascii(*role, "region");
    return labelled;
  }

  // Is the hidden element (its kept attributes start at `attrs_begin`) one
  // of a set of panes shown one at a time: an element of the same tag stands
  // visible before it under the same parent, with every class name it has
  // (the shown pane adds its state: "pane active" beside "pane")? Tabs
  // without ARIA roles show the first pane and keep the others display:none
  // until clicked. A look-alike with classes of its own ("row speakers"
  // beside "row agenda") is another section hidden for good. train + dev,
  // models fixed: six pages change, products +0.005 word F1 (a spec table
  // back: 0.61 -> 0.95), services +0.0007, none below -0.013; matching the
  // first class name only cost an article -0.18 (that agenda), and taking
  // aria-hidden copies too a service -0.12 (a marquee's second copy).
  bool is_hidden_tab(Tag tag, std::size_t attrs_begin, NodeId parent) const {
    // A pane is a block: hidden inline elements (tags beside tags) are not.
    if (parent == kNoNode || !is_block(tag)) return false;
    const std::string_view own = kept_value(attrs_begin, dom_.attrs.size(), Attr::class_).value_or("");
    if (text::first_token(own).empty()) return false;
    // Panes are the first children of their container; reading every
    // sibling would make a page of many hidden siblings quadratic.
    std::size_t read = 0;
    for (NodeId k = dom_.nodes[parent].first_child; k != kNoNode && read < kPaneSiblingsRead;
         k = dom_.nodes[k].next_sibling, ++read) {
      const Node& sibling = dom_.nodes[k];
      if (sibling.tag != tag) continue;
      const std::string_view classes =
          kept_value(sibling.attr_begin, sibling.attr_begin + sibling.attr_count, Attr::class_).value_or("");
      if (text::has_every_token(classes, own)) return true;
    }
    return false;
  }

  static constexpr std::size_t kPaneSiblingsRead = 16;

  // The ids a collapsed control (aria-expanded="false") names in its
  // aria-controls: the panels its click shows. Bounded, as a page of many
  // controls would otherwise make each hidden element's lookup long.
  void note_collapsed_panels(std::string_view controls) {
    for (std::size_t at = 0; at < controls.size() && collapsed_panels_.size() < kCollapsedPanelsKept;) {
      const std::string_view id = text::next_token(controls, at);
      if (id.empty()) break;
      collapsed_panels_.emplace_back(id);
    }
  }

  // Is the hidden element (its kept attributes start at `attrs_begin`) the
  // panel a collapsed control before it shows: an accordion's answer, a
  // "read more" section, marked up by WAI-ARIA's disclosure pattern with no
  // role or label on the panel itself? Its text is the page's, shown on a
  // click. A menu or dialog a button opens is not content, and stays out.
  // train + dev, models fixed: all +0.0009 [-0.0000, +0.0020] word F1
  // (shingles +0.0014 [+0.0002, +0.0029]), services +0.0024 [+0.0002,
  // +0.0057]; 14 pages better (a listing 0.21 -> 0.69, an FAQ 0.36 -> 0.51),
  // 6 worse, two of them a shop's category pages (-0.45) whose revealed FAQ
  // now outweighs the product grid.
  bool is_collapsed_panel(Tag tag, std::size_t attrs_begin) const {
    if (collapsed_panels_.empty() || tag == Tag::nav) return false;
    const std::optional<std::string_view> id = kept_value(attrs_begin, dom_.attrs.size(), Attr::id);
    if (!id || id->empty()) return false;
    // (Asked after is_disclosure_panel: a role here is not a panel's.)
    if (kept_role(attrs_begin)) return false;
    return std::find(collapsed_panels_.begin(), collapsed_panels_.end(), *id) != collapsed_panels_.end();
  }

  static constexpr std::size_t kCollapsedPanelsKept = 256;

  // The value of the kept attribute `name` among dom_.attrs[begin, end), if
  // there is one.
  std::optional<std::string_view> kept_value(std::size_t begin, std::size_t end, Attr name) const {
    for (std::size_t k = begin; k < end; ++k)
      if (dom_.attrs[k].name == name) return pooled(dom_.attrs[k].offset, dom_.attrs[k].length);
    return std::nullopt;
  }

  // The role among the kept attributes that start at `attrs_begin`, if any.
  std::optional<std::string_view> kept_role(std::size_t attrs_begin) const {
    return kept_value(attrs_begin, dom_.attrs.size(), Attr::role);
  }

  // Is the hidden element whose kept attributes start at `attrs_begin`, with
  // no role of its own, the collapsing wrapper of one disclosure panel (its
  // one element child, beside styles and scripts)? UI kits animate the panel
  // open by a wrapper they hide (`<div style="display:none;height:0">
  // <div role="region" aria-labelledby=...>`): the panel is the page's all
  // the same. WCXB's pages: two product pages better (+0.29, +0.02), none
  // worse.
  bool wraps_disclosure_panel(std::size_t attrs_begin, const GumboElement& el) const {
    if (kept_role(attrs_begin)) return false;
    const GumboElement* only = nullptr;
    for (unsigned i = 0; i < el.children.length; ++i) {
      const auto* child = static_cast<const GumboNode*>(el.children.data[i]);
      if (child->type == GUMBO_NODE_WHITESPACE || child->type == GUMBO_NODE_COMMENT) continue;
      if (child->type != GUMBO_NODE_ELEMENT) return false;  // text of its own
      GumboTag tag = child->v.element.tag;
      if (tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_TEMPLATE) continue;
      if (only != nullptr) return false;
      only = &child->v.element;
    }
    return only != nullptr && reads_as_disclosure_panel(*only);
  }

  // is_disclosure_panel for an element not added yet, from its attributes
  // in the tag and in the runs the filter moved out of it (an element left
  // with no attribute in its tag is not looked up: its run is found by
  // position, in document order).
  bool reads_as_disclosure_panel(const GumboElement& el) const {
    bool labelled = false;
    std::optional<std::string_view> role;
    for (unsigned i = 0; i < el.attributes.length; ++i) {
      const auto* a = static_cast<const GumboAttribute*>(el.attributes.data[i]);
      std::string_view name = a->name;
      if (!name.empty() && static_cast<unsigned char>(name[0]) >= 0x80) {
        std::size_t run = moved_.run_at(name);
        if (run == std::string_view::npos) continue;
        auto [first, count] = moved_.attribute_runs[run];
        for (std::uint32_t k = first; k < first + count; ++k)
          if (moved_.attributes[k].name == Attr::role)
            role = pooled(moved_.attributes[k].offset, moved_.attributes[k].length);
      } else if (name == "role") {
        role = std::string_view(a->value);
      } else if (name == "aria-labelledby") {
        labelled = true;
      }
    }
    return names_disclosure_panel(role, labelled);
  }

  // Adds the attributes of a run the filter moved out of the tag.
  void add_run(std::size_t run, Tag tag, std::uint16_t& kept_count) {
    auto [first, count] = moved_.attribute_runs[run];
    for (std::uint32_t k = first; k < first + count; ++k) {
      const MovedValues::Attribute& m = moved_.attributes[k];
      if (kept_count == 0xFFFF || !kept_on(m.name, tag)) continue;
      ++kept_count;
      ++attr_count_;
      dom_.attrs.push_back({m.name, m.offset, m.length});
    }
  }

  // The run of an element whose tag the filter left with no attribute, found
  // by where Gumbo read its start tag (a clone has its original's); npos
  // when it has none. Elements come mostly in the order of their tags: the
  // search starts where the last one was found.
  std::size_t tag_run(const GumboElement& el) {
    const auto& runs = moved_.tag_runs;
    auto at = reinterpret_cast<std::uintptr_t>(el.original_tag.data);
    auto begin = reinterpret_cast<std::uintptr_t>(markup_.data());
    if (runs.empty() || at < begin || at >= begin + markup_.size()) return std::string_view::npos;
    auto offset = static_cast<std::uint32_t>(at - begin);
    // Most elements without an attribute have no run either: one whose tag
    // lies between the last run found and the next (the offsets increase)
    // is told so without a search.
    const bool before_next = next_tag_run_ >= runs.size() || offset < runs[next_tag_run_].first;
    if (before_next && (next_tag_run_ == 0 || runs[next_tag_run_ - 1].first < offset))
      return std::string_view::npos;
    if (next_tag_run_ >= runs.size() || runs[next_tag_run_].first != offset) {
      auto it = std::lower_bound(runs.begin(), runs.end(), offset,
                                 [](const auto& r, std::uint32_t o) { return r.first < o; });
      if (it == runs.end() || it->first != offset) return std::string_view::npos;
      next_tag_run_ = static_cast<std::size_t>(it - runs.begin());
    }
    return runs[next_tag_run_++].second;
  }

  static constexpr std::string_view kSharedWhiteSpace = "\n ";

  Dom dom_;
  bool keep_hidden_;
  const MovedValues& moved_;
  std::string_view source_;
  std::string_view markup_;      // what Gumbo parsed, where its original_tag points
  std::size_t next_tag_run_ = 0;  // where tag_run looks first
  std::size_t hidden_skipped_ = 0;
  std::size_t hidden_text_ = 0;
  std::vector<std::string> collapsed_panels_;  // note_collapsed_panels
  std::string frames_fallback_;

  // <noframes>' markup is one raw text child (the pre-parse filter copies
  // raw text bodies untouched).
  void keep_frames_fallback(const GumboElement& el) {
    if (el.children.length != 1) return;
    const auto* child = static_cast<const GumboNode*>(el.children.data[0]);
    if (child->type != GUMBO_NODE_TEXT && child->type != GUMBO_NODE_WHITESPACE) return;
    std::string_view markup(child->v.text.text);
    if (markup.size() > frames_fallback_.size()) frames_fallback_.assign(markup);
  }
  std::size_t text_bytes_ = 0;
  // React's streamed parts (streamed_number), found at the first template
  // that is a place, and those being walked in their place, innermost last.
  struct StreamedPart {
    const GumboNode* node;
    std::string_view number;
    bool walked;
  };
  struct PlacedPart {
    const GumboNode* part;
    const GumboNode* place;
  };
  std::vector<StreamedPart> streamed_parts_;  // by number
  std::vector<std::size_t> parts_by_node_;     // indices of streamed_parts_, by node
  std::vector<PlacedPart> placed_parts_;
  bool parts_found_ = false;
  std::vector<NodeId> merged_;  // text nodes that merged pieces, counted at the end
  NodeId node_count_ = 0;        // dom_.nodes.size()
  std::size_t attr_count_ = 0;   // dom_.attrs.size()
  NodeId head_ = kNoNode;         // the document's <head>, whose subtree is in_head
};

// Pages that hide their whole body until a script has run (an anti-flicker
// visibility:hidden wrapper, a display:none app root) show nothing to a
// reader without scripts, but their text is what a browser shows a moment
// later (a whole product page under a display:none wrapper, beside visible
// menus): hidden subtrees are kept when the page's text with them is at
// least this much and kHiddenTextGain times the visible text.
constexpr std::size_t kMinVisibleTextBytes = 512;
constexpr std::size_t kHiddenTextGain = 4;

// The links every stage walks by: a parent comes before its children, and a
// subtree [id, subtree_end) lies inside its parent's (checked in assertion
// builds only: a pass over every node).
void assert_tree(const Dom& dom) {
#ifdef PITH_ASSERTIONS
  for (NodeId id = 0; id < dom.size(); ++id) {
    const Node& n = dom.nodes[id];
    PITH_ASSERT(n.subtree_end > id && n.subtree_end <= dom.size(), "a subtree ends after its root, in the Dom");
    PITH_ASSERT(n.parent == kNoNode || (n.parent < id && dom.nodes[n.parent].subtree_end >= n.subtree_end),
                "a node lies inside its parent's subtree");
    PITH_ASSERT(std::size_t{n.text_offset} + n.text_length <= dom.pool.size(), "a text lies in the pool");
  }
#else
  static_cast<void>(dom);
#endif
}

void check_page_size(std::size_t utf8_bytes) {
  if (utf8_bytes > kLargestPageBytes)
    throw Error(ErrorCode::input_too_large,
                fmt::format("the page is {} bytes as UTF-8, more than the {} bytes pith can parse "
                            "(the DOM's offsets are 32-bit)",
                            utf8_bytes, kLargestPageBytes));
}

}  // namespace

Dom::~Dom() {
  keep_spare(nodes, spare_buffers.nodes);
  keep_spare(attrs, spare_buffers.attrs);
  keep_spare(counts, spare_buffers.counts);
}

// Removes spaces so "display : none" matches "display:none".
bool style_hides(std::string_view style) {
  // On the stack when it fits, as nearly every style does: the filter asks
  // for each style it would drop.
  constexpr std::size_t kStackBytes = 256;
  char on_stack[kStackBytes];
  std::string on_heap;
  char* squeezed = on_stack;
  if (style.size() > kStackBytes) {
    on_heap.resize(style.size());
    squeezed = on_heap.data();
  }
  std::size_t size = 0;
  for (char c : style)
    if (c != ' ' && c != '\t' && c != '\n') squeezed[size++] = text::ascii_lower(c);
  const std::string_view s(squeezed, size);
  return s.find("display:none") != std::string_view::npos || s.find("visibility:hidden") != std::string_view::npos;
}

Dom build_dom(std::string_view utf8_html, BuildTimings* timings, const MarkupLimits& limits,
              GuardedMarkup* guard, budget::Deadline deadline) {
  check_page_size(utf8_html.size());
  // The input lives on at the start of the Dom's pool (Builder): room for
  // what the build appends.
  std::string input;
  input.reserve(input_capacity(utf8_html.size()));
  input.assign(utf8_html);
  return build_dom_in_place(std::move(input), timings, limits, guard, deadline);
}

Dom build_dom_in_place(std::string&& utf8_html, BuildTimings* timings, const MarkupLimits& limits,
                       GuardedMarkup* guard, budget::Deadline deadline, HiddenSubtrees hidden) {
  check_page_size(utf8_html.size());
  auto t0 = Clock::now();
  // The filter first (script and style bodies, comments, svg bodies,
  // attributes, long text and values moved out): the guard then models only
  // the markup Gumbo will read.
  MovedValues moved;
  // The input lives on at the start of the Dom's pool (Builder): room for
  // what the build appends (a copy, unless the caller gave it the room).
  std::string input = std::move(utf8_html);
  input.reserve(input_capacity(input.size()));
  // The guard's model is fed by the filter as it writes (GuardFeed): on the
  // pages the guard would not change, a second walk over the markup is saved.
  GuardFeed feed(limits);
  std::string stripped = drop_unseen_markup(std::move(input), &moved, deadline, /*runs_by_tag=*/true, &feed);
  GuardedMarkup guarded = feed.complete() ? feed.result() : guard_markup(stripped, limits, deadline);
#ifdef PITH_ASSERTIONS
  if (feed.complete()) {
    GuardedMarkup walked = guard_markup(stripped, limits, deadline);
    PITH_ASSERT(!walked.changed && walked.elements == guarded.elements && walked.text_runs == guarded.text_runs,
                "the filter's feed counts what the guard counts in its output");
  }
#endif
  if (guarded.changed && !moved.tag_runs.empty()) {
    // The guard's cuts move the tags from where the runs were recorded:
    // filtered again, with every run behind a marker (pages the guard
    // changes are rare). The page only: without the values decoded after it.
    moved.source.resize(moved.page_bytes);
    stripped = drop_unseen_markup(std::move(moved.source), &moved, deadline);
    guarded = guard_markup(stripped, limits, deadline);
  }
  deadline.check("the markup guard");
  if (guarded.changed) stripped = std::move(guarded.html);
  guarded.html = std::string();
  Arena arena(stripped.size() * kArenaFirstBlockRatio);
  GumboOptions options = kGumboDefaultOptions;
  GumboParse parse{.arena = &arena, .deadline = &deadline, .stop = {}};
  options.allocator = arena_allocate;
  options.deallocator = arena_deallocate;
  options.userdata = &parse;
  options.max_errors = 0;  // we never read parse errors; don't collect them
  GumboOutput* output = parse_until_deadline(options, parse, stripped);
  if (!output) deadline.fail("the HTML parse");
  auto t1 = Clock::now();
  const bool keep_hidden = hidden == HiddenSubtrees::kept;
  Builder builder(guarded.elements + guarded.text_runs, keep_hidden, moved, stripped);
  deadline.check("the HTML parse");
  Dom dom = builder.build(output->root, deadline);
  dom.hidden_text_left_out = builder.hidden_text();
  dom.frames_fallback = std::move(builder.frames_fallback());
  // Built again with the hidden subtrees only when they hold the page's text.
  const std::size_t with_hidden = builder.text_bytes() + builder.hidden_text();
  if (builder.hidden_skipped() > 0 && with_hidden >= kMinVisibleTextBytes &&
      with_hidden >= builder.text_bytes() * kHiddenTextGain) {
    Builder unhidden(guarded.elements + guarded.text_runs, /*keep_hidden=*/true, moved, stripped);
    Dom all = unhidden.build(output->root, deadline);
    if (unhidden.text_bytes() >= kMinVisibleTextBytes &&
        unhidden.text_bytes() >= builder.text_bytes() * kHiddenTextGain) {
      all.frames_fallback = std::move(dom.frames_fallback);
      dom = std::move(all);
    }
  }
  // The pool's offsets count from the start of the source. kLargestPageBytes
  // keeps them below 4 GiB; should a page still reach that, it fails here
  // rather than read wrapped offsets.
  if (moved.source.size() + dom.pool.size() > std::numeric_limits<std::uint32_t>::max())
    throw Error(ErrorCode::input_too_large,
                fmt::format("the page's text came to {} bytes, more than the DOM's 32-bit offsets reach",
                            moved.source.size() + dom.pool.size()));
  moved.source.append(dom.pool);
  keep_spare(dom.pool, spare_buffers.pool);
  dom.pool = std::move(moved.source);
  assert_tree(dom);
  // No gumbo_destroy_output: the arena owns every byte Gumbo allocated.
  auto t2 = Clock::now();
  if (timings) {
    timings->parse = t1 - t0;
    timings->build = t2 - t1;
  }
  if (guard) *guard = std::move(guarded);
  return dom;
}

bool is_heading(Tag tag) { return heading_level(tag) != 0; }

int heading_level(Tag tag) {
  switch (tag) {
    case Tag::h1: return 1;
    case Tag::h2: return 2;
    case Tag::h3: return 3;
    case Tag::h4: return 4;
    case Tag::h5: return 5;
    case Tag::h6: return 6;
    default: return 0;
  }
}

}  // namespace pith::dom
