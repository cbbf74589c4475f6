#include "reference_passes.hpp"

#include "extract/features.hpp"

namespace pith::extraction::reference {

using dom::NodeId;
using dom::Tag;

namespace {

// Whether `id` or a node of its subtree is declared as content.
bool holds_declared_content(const Pass& pass, NodeId id) {
  for (NodeId i = id; i < pass.dom.nodes[id].subtree_end; ++i)
    if (pass.hints[i].content) return true;
  return false;
}

std::vector<NodeId> every_node(const dom::Dom& dom) {
  std::vector<NodeId> all(dom.size());
  for (NodeId i = 0; i < dom.size(); ++i) all[i] = i;
  return all;
}

std::vector<NodeId> every_container(const dom::Dom& dom) {
  std::vector<NodeId> containers;
  for (NodeId i = 0; i < dom.size(); ++i)
    if (judged_by_pruning(dom.nodes[i].tag)) containers.push_back(i);
  return containers;
}

}  // namespace

void remove_boilerplate(Pass& pass) {
  const dom::Dom& dom = pass.dom;
  const auto& nodes = dom.nodes;
  // A header-named element is judged on the features of the page without
  // the boilerplate: those of the same pass without strip_unlikely.
  Pass boilerplate_only(dom, pass.hints, Flags{.strip_unlikely = false});
  const std::vector<NodeFeatures>& unstripped = boilerplate_only.features;
  if (pass.flags.strip_unlikely) {
    remove_boilerplate(boilerplate_only);
    boilerplate_only.measured = measure(dom, boilerplate_only.dead);
  }
  pass.dead.assign(nodes.size(), 0);
  pass.why.assign(nodes.size(), Rule::none);
  for (NodeId i = 0; i < nodes.size();) {
    const Hints& h = pass.hints[i];
    Tag tag = nodes[i].tag;
    Rule remove = Rule::none;
    bool clutter_named = pass.flags.strip_unlikely &&
                         (h.unlikely || (h.header_name && !header_reads_as_content(unstripped[i])));
    if (tag == Tag::head) {
      remove = Rule::document_head;
    } else if ((h.boilerplate_tag || clutter_named) && tag != Tag::text && !holds_declared_content(pass, i)) {
      if (h.boilerplate_tag) remove = Rule::boilerplate_tag;
      else if (removable_by_name(dom, i) && !wraps_page_layout(boilerplate_only, i)) remove = Rule::unlikely_name;
    }
    if (remove != Rule::none) {
      pass.kill(i, remove);
      i = nodes[i].subtree_end;
    } else {
      ++i;
    }
  }
}

WalkedPass::WalkedPass(const dom::Dom& dom, const std::vector<Hints>& hints, Flags flags)
    : every_node_(every_node(dom)), every_container_(every_container(dom)), pass(dom, hints, flags) {
  remove_boilerplate(pass);
  pass.measured = measure(dom, pass.dead);
  pass.long_own_text = &every_node_;
  pass.containers = &every_container_;
}

}  // namespace pith::extraction::reference
