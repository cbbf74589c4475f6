#include "dom/markup_guard.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "dom/prescan.hpp"
#include "dom/tag_traits.hpp"
#include "text/ascii.hpp"
#include "text/byte_filters.hpp"

namespace pith::dom {
namespace {

// The model tells names apart by their first this many bytes (a longer name
// is an invented one, which the model treats as any other unknown name).
constexpr std::size_t kMaxNameBytes = 64;

// Tag names interned to small integers, with their traits.
class Names {
 public:
  // The names with traits are interned once for all pages (the same ids on
  // each); any other name is interned, per page, when seen.
  Names() : traits_(known().traits) {}
  std::uint32_t id(std::string_view lower_name) { return id(lower_name, short_key(lower_name)); }
  // Asked once per tag: a name of up to 7 bytes (nearly all) is looked up
  // first in a small cache, keyed by its bytes and length in one word: its
  // short_key, 0 for any other name.
  static std::uint64_t short_key(std::string_view lower_name) {
    return short_key(text::word_at(lower_name, 0), lower_name.size());
  }
  // The same of a name of `size` bytes whose first eight, lower-cased, are
  // `lower_first_eight` (text::word_at): keyed from one load.
  static std::uint64_t short_key(std::uint64_t lower_first_eight, std::size_t size) {
    if (size == 0 || size >= 8) return 0;
    return text::first_bytes(lower_first_eight, size) | std::uint64_t{size} << 56;
  }
  // `name` in any case; `key`: the short_key of it lower-cased.
  std::uint32_t id(std::string_view name, std::uint64_t key) {
    if (key != 0) {
      const CacheEntry& hit = cache_[cache_slot(key)];
      if (hit.key == key) return hit.id;
    }
    return id_by_map(name, key);
  }
  std::uint16_t traits(std::uint32_t id) const { return traits_[id]; }
  bool has(std::uint32_t id, std::uint16_t trait) const { return (traits_[id] & trait) != 0; }
  std::size_t size() const { return traits_.size(); }

 private:
  // Out of line, so that the cache's hit inlines where a tag is read.
  [[gnu::noinline]] std::uint32_t id_by_map(std::string_view any_case_name, std::uint64_t key) {
    bool short_name = key != 0;
    std::uint32_t id;
    std::string name(any_case_name);
    for (char& c : name) c = text::ascii_lower(c);
    if (auto it = known().ids.find(name); it != known().ids.end()) id = it->second;
    else if (auto it = ids_.find(name); it != ids_.end()) id = it->second;
    // Pages can invent any number of names; past a few thousand they all
    // share one id, which only makes their end tags match each other.
    else if (traits_.size() >= kMaxNames) id = other_;
    else id = intern(name, 0);
    if (short_name) cache_[cache_slot(key)] = {key, id};
    return id;
  }
  static constexpr std::size_t kMaxNames = 4096;
  struct Known {
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::uint16_t> traits;
  };
  static const Known& known() {
    static const Known table = [] {
      Known k;
      for (const NameInfo& info : kKnownNames)
        if (info.traits != 0 && k.ids.emplace(std::string(info.name), k.traits.size()).second)
          k.traits.push_back(info.traits);
      return k;
    }();
    return table;
  }
  std::uint32_t intern(std::string_view name, std::uint16_t traits) {
    auto id = static_cast<std::uint32_t>(traits_.size());
    ids_.emplace(std::string(name), id);
    traits_.push_back(traits);
    return id;
  }
  static std::size_t cache_slot(std::uint64_t key) { return (key * 0x9E3779B97F4A7C15ULL) >> 56; }
  struct CacheEntry {
    std::uint64_t key = 0;  // no name has length 0: an empty entry matches none
    std::uint32_t id = 0;
  };
  std::array<CacheEntry, 256> cache_{};
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::uint16_t> traits_;
  std::uint32_t other_ = intern("\x01other", 0);
};

using text::is_ascii_whitespace;
bool is_letter(char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

// The model of the tree builder: the stack of open elements and the list of
// active formatting elements, with per-name counts so that "is X open?" is
// O(1) and searches only run when they will find something.
class TreeModel {
 public:
  TreeModel(Names& names, const MarkupLimits& limits) : names_(names), limits_(limits) {
    fit_names();
  }

  enum class Verdict { keep, drop, drop_deep, drop_formatting, cut };

  Verdict start_tag(std::uint32_t id, bool self_closing) {
    std::uint16_t t = names_.traits(id);
    if (t & kIgnored) return Verdict::keep;
    apply_implied_end_tags(id, t);
    if ((t & kFormatting) && active_.size() >= limits_.max_formatting) {
      ++dropped_[id];
      return Verdict::drop_formatting;
    }
    if (!(t & kSpecial) || (t & kFormatting) || (t & kVoid)) reconstruct_formatting();
    bool opens = !(t & kVoid) && !(self_closing && foreign_open_ > 0);
    if (opens && stack_.size() >= limits_.max_depth) {
      ++dropped_[id];
      return Verdict::drop_deep;
    }
    if (!count_element()) return Verdict::cut;
    if (opens) push(id, t);
    if (t & kFormatting) active_.push_back({id, opens});
    return Verdict::keep;
  }

  // An end tag that belongs to a start tag the guard left out is dropped too,
  // so that it cannot close an element further up instead.
  Verdict end_tag(std::uint32_t id) {
    std::uint16_t t = names_.traits(id);
    if (t & kIgnored) return Verdict::keep;
    if (open_count(id) == 0 && dropped_count(id) > 0) {
      --dropped_[id];
      return Verdict::drop;
    }
    if (t & kFormatting) {
      // Adoption agency, roughly: the element closes, formatting elements
      // opened inside it stay active and are reopened later.
      if (open_count(id) > 0) pop_nearest(id, 0);
      remove_last_active(id);
      return Verdict::keep;
    }
    if (open_count(id) == 0) {
      // A stray </p> or </br> makes an element of its own.
      if (id == p_id() || id == br_id_) return count_element() ? Verdict::keep : Verdict::cut;
      return Verdict::keep;
    }
    // A special element's end tag closes it when no scope boundary is in
    // between; a generic end tag closes the nearest element of its name
    // unless a special element is open above it.
    pop_nearest(id, end_tag_boundary(id, t));
    return Verdict::keep;
  }

  std::size_t foreign_open() const { return foreign_open_; }

  // Non-white-space text reopens formatting elements that a block closed.
  void text() {
    if (!active_.empty()) reconstruct_formatting();
  }

  bool over_element_budget() const { return elements_ > limits_.max_elements; }
  std::size_t elements() const { return elements_; }

 private:
  struct Active {
    std::uint32_t id;
    bool open;  // on the stack of open elements right now
  };

  void apply_implied_end_tags(std::uint32_t id, std::uint16_t t) {
    if ((t & kClosesP) && open_count(p_id()) > 0) pop_nearest(p_id(), kScope);
    if ((t & kHeading) && !stack_.empty() && names_.has(stack_.back(), kHeading))
      pop_to_size(stack_.size() - 1);
    if (t & kListItem) close_nearest(kListItem, kList | kScope);
    if (t & kDefinition) close_nearest(kDefinition, kList | kScope);
    if (t & kCell) close_nearest(kCell, kRow | kScope);
    if (t & kRow) close_nearest(kRow | kCell, kSection | kScope);
    if (t & kSection) close_nearest(kSection | kRow | kCell, kScope);
    if ((t & kFormatting) && is_a_or_nobr(id) && has_active(id)) {
      // A new <a> while one is open closes the old one first.
      if (open_count(id) > 0) pop_nearest(id, 0);
      remove_last_active(id);
    }
  }

  // What stops an end tag's search: a generic end tag stops at any special
  // element; a special one at a scope boundary, except that the table parts
  // (</td>, </tr>, </tbody>...) only stop at their table, and </table> at
  // nothing.
  std::uint16_t end_tag_boundary(std::uint32_t id, std::uint16_t t) const {
    if (!(t & kSpecial)) return kSpecial;
    if (id == table_id_) return 0;
    if (t & (kCell | kRow | kSection)) return kTableOnly;
    return kScope;
  }

  // Searches walk at most this far down the stack; an element further down
  // is taken as not found and stays open in the model, which only makes the
  // model count more depth than the parser will see.
  static constexpr std::size_t kMaxWalk = 128;

  // Pops up to and including the nearest open element with one of the
  // `wanted` traits, unless an element with a `boundary` trait comes first.
  void close_nearest(std::uint16_t wanted, std::uint16_t boundary) {
    if (!any_open_with(wanted)) return;
    std::size_t floor = stack_.size() > kMaxWalk ? stack_.size() - kMaxWalk : 0;
    for (std::size_t k = stack_.size(); k-- > floor;) {
      std::uint16_t t = names_.traits(stack_[k]);
      if (t & wanted) {
        pop_to_size(k);
        return;
      }
      if (t & boundary) return;
    }
  }

  // Pops up to and including the nearest open `id`, unless an element with a
  // `boundary` trait comes first.
  void pop_nearest(std::uint32_t id, std::uint16_t boundary) {
    std::size_t floor = stack_.size() > kMaxWalk ? stack_.size() - kMaxWalk : 0;
    for (std::size_t k = stack_.size(); k-- > floor;) {
      if (stack_[k] == id) {
        pop_to_size(k);
        return;
      }
      if (boundary == kTableOnly ? stack_[k] == table_id_ : names_.has(stack_[k], boundary)) return;
    }
  }
  // A pseudo-trait for pop_nearest: stop at a <table> only.
  static constexpr std::uint16_t kTableOnly = 0xFFFF;

  // (Over the set bits only: most names have none or one, and every push
  // and pop counts them.) `traits`: of kCountedTraits only.
  bool any_open_with(std::uint16_t traits) const {
    for (unsigned t = traits; t != 0; t &= t - 1)
      if (open_by_trait_[std::countr_zero(t)] > 0) return true;
    return false;
  }

  // Only the traits close_nearest asks any_open_with about are counted:
  // most elements (<div>, <p>, <a>, <span>) have none of them, and every
  // push and pop comes here.
  static constexpr std::uint16_t kCountedTraits = kListItem | kDefinition | kRow | kCell | kSection;
  void count_traits(std::uint16_t traits, int delta) {
    for (unsigned t = traits & kCountedTraits; t != 0; t &= t - 1) open_by_trait_[std::countr_zero(t)] += delta;
  }

  void push(std::uint32_t id, std::uint16_t t) {
    stack_.push_back(id);
    ++open_[id];
    count_traits(t, +1);
    if (t & kForeign) ++foreign_open_;
  }

  void pop_to_size(std::size_t size) {
    while (stack_.size() > size) {
      std::uint32_t id = stack_.back();
      stack_.pop_back();
      --open_[id];
      std::uint16_t t = names_.traits(id);
      count_traits(t, -1);
      if (t & kForeign) --foreign_open_;
      if (t & kFormatting) mark_closed(id);
    }
  }

  void mark_closed(std::uint32_t id) {
    for (std::size_t k = active_.size(); k-- > 0;)
      if (active_[k].id == id && active_[k].open) {
        active_[k].open = false;
        ++closed_active_;
        return;
      }
  }

  void remove_last_active(std::uint32_t id) {
    for (std::size_t k = active_.size(); k-- > 0;)
      if (active_[k].id == id) {
        if (!active_[k].open) --closed_active_;
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(k));
        return;
      }
  }

  bool has_active(std::uint32_t id) const {
    for (const Active& a : active_)
      if (a.id == id) return true;
    return false;
  }

  // Every active formatting element that is not open is opened again, as a
  // new element, by the next text or inline tag.
  void reconstruct_formatting() {
    if (closed_active_ == 0) return;
    for (Active& a : active_) {
      if (a.open) continue;
      a.open = true;
      push(a.id, names_.traits(a.id));
      ++elements_;
    }
    closed_active_ = 0;
  }

  bool count_element() {
    ++elements_;
    return elements_ <= limits_.max_elements;
  }

  std::size_t open_count(std::uint32_t id) const { return id < open_.size() ? open_[id] : 0; }
  std::size_t dropped_count(std::uint32_t id) const { return id < dropped_.size() ? dropped_[id] : 0; }
  std::uint32_t p_id() const { return p_id_; }
  bool is_a_or_nobr(std::uint32_t id) const { return id == a_id_ || id == nobr_id_; }

 public:
  std::size_t counted_names() const { return open_.size(); }
  // Per-name counters grow with the interned names.
  void fit_names() {
    if (open_.size() < names_.size()) {
      open_.resize(names_.size(), 0);
      dropped_.resize(names_.size(), 0);
    }
  }

 private:
  Names& names_;
  const MarkupLimits& limits_;
  std::vector<std::uint32_t> stack_;
  std::vector<Active> active_;
  std::size_t closed_active_ = 0;
  std::vector<std::size_t> open_;
  std::vector<std::size_t> dropped_;
  std::size_t foreign_open_ = 0;
  std::size_t elements_ = 0;
  long open_by_trait_[16] = {};
  std::uint32_t p_id_ = names_.id("p"), br_id_ = names_.id("br");
  std::uint32_t a_id_ = names_.id("a"), nobr_id_ = names_.id("nobr");
  std::uint32_t table_id_ = names_.id("table");
};

// Builds the output lazily: nothing is copied until the first cut.
class Editor {
 public:
  explicit Editor(std::string_view in) : in_(in) {}
  void drop(std::size_t begin, std::size_t end) {
    if (!changed_) {
      out_.reserve(in_.size());
      changed_ = true;
    }
    out_.append(in_.substr(copied_, begin - copied_));
    copied_ = end;
  }
  void finish(GuardedMarkup& result, std::size_t end) {
    if (!changed_ && end == in_.size()) return;
    if (!changed_) out_.reserve(end);
    out_.append(in_.substr(copied_, end - copied_));
    result.html = std::move(out_);
    result.changed = true;
  }

 private:
  std::string_view in_;
  std::string out_;
  std::size_t copied_ = 0;
  bool changed_ = false;
};

bool has_visible_text(std::string_view s) {
  for (char c : s)
    if (!is_ascii_whitespace(c)) return true;
  return false;
}

}  // namespace

GuardedMarkup guard_markup(std::string_view s, const MarkupLimits& limits, budget::Deadline deadline) {
  GuardedMarkup result;
  Names names;
  TreeModel model(names, limits);
  Editor editor(s);
  std::size_t end_of_input = s.size();
  std::size_t text_from = 0;
  std::size_t i = 0;
  std::string name;
  CommentEnds comment_ends(s);
  RawTextEnds raw_text_ends(s);
  NameEnds name_ends(s);
  TagEnds tag_ends(s);
  // The text since text_from is looked at once: a '<' in text leaves
  // text_from where it was, and the next '<' only adds what follows.
  std::size_t text_seen_from = 0, text_seen_to = 0;
  bool text_visible = false;
  while ((i = s.find('<', i)) != std::string_view::npos) {
    deadline.tick("the markup guard");
    if (i > text_from) {
      ++result.text_runs;
      if (text_seen_from != text_from || text_seen_to > i) {
        text_seen_from = text_seen_to = text_from;
        text_visible = false;
      }
      if (!text_visible) text_visible = has_visible_text(s.substr(text_seen_to, i - text_seen_to));
      text_seen_to = i;
      if (text_visible) model.text();
    }
    std::size_t lt = i;
    char next = i + 1 < s.size() ? s[i + 1] : '\0';
    bool closing = next == '/';
    std::size_t name_at = i + (closing ? 2 : 1);
    if (name_at >= s.size() || !is_letter(s[name_at])) {
      if (s.compare(i, 4, "<!--") == 0) {
        std::size_t end = comment_ends.find(i + 4);
        // An unclosed comment would hide the rest of the page; it is read as
        // markup instead, which can only make the model count more.
        i = text_from = end == std::string_view::npos ? i + 4 : end;
      } else if (next == '!' || next == '?' || closing) {
        std::size_t end = s.find('>', i + 1);  // doctype or bogus comment
        if (end == std::string_view::npos) break;
        i = text_from = end + 1;
      } else {
        ++i;  // a '<' in text
      }
      continue;
    }
    std::size_t name_end = name_ends.find(name_at);
    name.assign(s.substr(name_at, std::min<std::size_t>(name_end - name_at, kMaxNameBytes)));
    for (char& c : name) c = text::ascii_lower(c);
    std::size_t gt = tag_ends.find(name_end);
    if (gt == std::string_view::npos) {  // an unclosed quote: go on as if it were text
      ++i;
      continue;
    }
    i = text_from = gt + 1;
    std::uint32_t id = names.id(name);
    model.fit_names();
    bool self_closing = gt > name_end && s[gt - 1] == '/';
    bool in_foreign = model.foreign_open() > 0;
    switch (closing ? model.end_tag(id) : model.start_tag(id, self_closing)) {
      case TreeModel::Verdict::keep: break;
      case TreeModel::Verdict::drop:
        editor.drop(lt, gt + 1);
        continue;
      case TreeModel::Verdict::drop_deep:
        ++result.dropped_deep;
        editor.drop(lt, gt + 1);
        continue;
      case TreeModel::Verdict::drop_formatting:
        ++result.dropped_formatting;
        editor.drop(lt, gt + 1);
        continue;
      case TreeModel::Verdict::cut:
        result.truncated_at = lt;
        end_of_input = lt;
        break;
    }
    if (result.truncated_at != std::string::npos) break;
    if (closing || in_foreign) continue;  // inside <svg>/<math> no element is raw text
    std::uint16_t traits = names.traits(id);
    if (traits & kPlaintext) break;
    if (traits & kRawText) {
      // Unclosed, its text would run to the end of the page; the rest is
      // then read as markup, which can only make the model count more.
      std::size_t end = raw_text_ends.find(i, name);
      if (end != std::string_view::npos) i = text_from = end;
    }
  }
  result.elements = model.elements();
  editor.finish(result, end_of_input);
  return result;
}

struct GuardFeed::Model {
  explicit Model(const MarkupLimits& limits) : tree(names, limits) {}
  Names names;
  TreeModel tree;
};

GuardFeed::GuardFeed(const MarkupLimits& limits) : model_(std::make_unique<Model>(limits)) {}
GuardFeed::~GuardFeed() = default;

// guard_markup's steps at a '<' (markup(), inline) and at a tag, in the same
// order.
void GuardFeed::visible_text() { model_->tree.text(); }

// Flattened: the model's start and end tags inline here, its one caller per tag.
[[gnu::flatten]] bool GuardFeed::tag(std::string_view name, std::uint64_t first_eight, bool closing,
                                     bool self_closing) {
  if (!complete_) return false;
  // Keyed lower-cased (Names::short_key) without a copy: only a name the
  // cache lacks is lower-cased whole.
  const std::size_t size = std::min(name.size(), kMaxNameBytes);
  const std::uint64_t key = Names::short_key(text::ascii_lower_word(first_eight), size);
  std::uint32_t id = model_->names.id(name.substr(0, size), key);
  // (Only a name new to the page has no counters yet: the cache's hits need
  // no test of the tables' sizes.)
  if (id >= model_->tree.counted_names()) model_->tree.fit_names();
  auto verdict = closing ? model_->tree.end_tag(id) : model_->tree.start_tag(id, self_closing);
  complete_ = verdict == TreeModel::Verdict::keep;
  return complete_;
}

bool GuardFeed::in_foreign() const { return model_->tree.foreign_open() > 0; }

GuardedMarkup GuardFeed::result() const {
  GuardedMarkup result;
  result.elements = model_->tree.elements();
  result.text_runs = text_runs_;
  return result;
}

}  // namespace pith::dom
