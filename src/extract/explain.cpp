#include "extract/explain.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "extract/features.hpp"
#include "text/chars.hpp"
#include "text/utf8.hpp"

namespace pith::extraction {

using dom::kNoNode;
using dom::NodeId;
using dom::Tag;

namespace {

// How much of a block's text the report quotes.
constexpr std::size_t kQuoteBytes = 100;

// "p", "div.article-body", "section#comments": enough to find it in the page.
std::string describe(const dom::Dom& dom, NodeId id) {
  std::string out(dom::tag_name(dom.nodes[id].tag));
  std::string_view cls = dom.attr(id, dom::Attr::class_);
  std::string_view name = dom.attr(id, dom::Attr::id);
  if (!name.empty()) {
    out += '#';
    out += name.substr(0, name.find(' '));
  } else if (!cls.empty()) {
    std::size_t begin = cls.find_first_not_of(" \t\n");
    if (begin != std::string_view::npos) {
      std::size_t end = cls.find_first_of(" \t\n", begin);
      out += '.';
      out += cls.substr(begin, end == std::string_view::npos ? end : end - begin);
    }
  }
  return out;
}

// `text` cut to kQuoteBytes, back to a character boundary, with an ellipsis
// when it was longer.
void cut_to_quote(std::string& text) {
  if (text.size() <= kQuoteBytes) return;
  text.resize(text::code_point_start(text, kQuoteBytes));
  text += "\xE2\x80\xA6";  // an ellipsis
}

// "div#main.fusion-tabs.community-tab": the id and every class, so that the
// name a rule read is among them; cut to kQuoteBytes.
std::string describe_fully(const dom::Dom& dom, NodeId id) {
  std::string out(dom::tag_name(dom.nodes[id].tag));
  std::string_view name = dom.attr(id, dom::Attr::id);
  if (!name.empty()) {
    out += '#';
    out += name.substr(0, name.find(' '));
  }
  std::string_view cls = dom.attr(id, dom::Attr::class_);
  for (std::size_t begin = cls.find_first_not_of(" \t\n\f\r"); begin != std::string_view::npos;) {
    std::size_t end = std::min(cls.find_first_of(" \t\n\f\r", begin), cls.size());
    out += '.';
    out += cls.substr(begin, end - begin);
    begin = cls.find_first_not_of(" \t\n\f\r", end);
  }
  cut_to_quote(out);
  return out;
}

// Where `id` was removed: the node a rule removed, `id` itself or the
// nearest ancestor removed with it; kNoNode when it was not removed.
NodeId removal_root(const dom::Dom& dom, NodeId id, const std::vector<std::uint8_t>& dead,
                    const std::vector<Rule>& why) {
  if (dead.empty() || !dead[id]) return kNoNode;
  for (NodeId a = id; a != kNoNode; a = dom.nodes[a].parent)
    if (why[a] != Rule::none) return a;
  return kNoNode;
}

}  // namespace

Explanation explain(const dom::Dom& dom, const std::vector<NodeId>& roots,
                    const std::vector<std::uint8_t>& dead, const std::vector<Rule>& why,
                    const LeftOutAfterRendering& after_rendering, bool rejected, std::string strategy) {
  const std::vector<std::string>& repeated = after_rendering.repeated;
  Explanation e;
  e.strategy = std::move(strategy);
  // Numbers as the page has them, before anything was left out.
  std::vector<NodeFeatures> raw = measure(dom);
  std::vector<std::uint8_t> selected(dom.size(), 0);
  for (NodeId r : roots)
    for (NodeId i = r; i < dom.nodes[r].subtree_end; ++i) selected[i] = 1;

  std::unordered_map<NodeId, std::size_t> index;
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag == Tag::text || raw[i].block != i || raw[i].own.chars == 0) continue;
    BlockDecision d;
    d.element = describe(dom, i);
    d.length = raw[i].own_length();
    d.link_density = raw[i].own_link_density();
    d.commas = raw[i].own.commas;
    d.sentence_ends = raw[i].own.sentence_ends;
    NodeId removed = removal_root(dom, i, dead, why);
    if (removed != kNoNode) {
      d.rule = rule_name(why[removed]);
      if (removed != i && why[removed] != Rule::document_head) d.removed_with = describe_fully(dom, removed);
    } else if (!selected[i]) {
      d.rule = "outside the selected content";
    } else if (rejected) {
      d.rule = "selected, but too short to be main content";
    } else {
      d.kept = true;
      d.rule = "in the selected content";
    }
    index.emplace(i, e.blocks.size());
    e.blocks.push_back(std::move(d));
  }
  // Quote each block's own text: all of it while copies left out are to be
  // found among the kept blocks, a quote's worth otherwise.
  const std::size_t quote_bytes = repeated.empty() ? kQuoteBytes : std::string::npos;
  std::vector<std::uint8_t> pending_space(e.blocks.size(), 0);
  for (NodeId i = 0; i < dom.size(); ++i) {
    if (dom.nodes[i].tag != Tag::text) continue;
    auto it = index.find(raw[i].block);
    if (it == index.end()) continue;
    std::string& quote = e.blocks[it->second].text;
    if (quote.size() >= quote_bytes) continue;
    bool space = pending_space[it->second];
    text::append_collapsed(quote, dom.text(i), space);
    pending_space[it->second] = space;
  }
  // The later copies of a repeated block, kept by the pass, left out after
  // it (the first copy stays).
  if (!repeated.empty()) {
    std::unordered_map<std::string_view, std::size_t> left_out;
    for (const std::string& text : repeated) ++left_out[text];
    std::unordered_set<std::string_view> seen;
    for (BlockDecision& d : e.blocks) {
      if (!d.kept) continue;
      auto copies = left_out.find(d.text);
      if (copies == left_out.end() || copies->second == 0 || seen.insert(d.text).second) continue;
      --copies->second;
      d.kept = false;
      d.rule = "a copy of a block above (left out as repeated)";
    }
  }
  if (!after_rendering.closing_heading.empty()) {
    for (auto d = e.blocks.rbegin(); d != e.blocks.rend(); ++d) {
      if (!d->kept || d->text != after_rendering.closing_heading) continue;
      d->kept = false;
      d->rule = "a heading that closes the content, introducing nothing";
      break;
    }
  }
  for (BlockDecision& d : e.blocks) cut_to_quote(d.text);
  return e;
}

}  // namespace pith::extraction
