// The plain walks the extraction's fast paths are held to. The library
// derives a pass's removal from the lists read_page_hints() finds, and
// bounds selection and pruning by lists of the nodes they may visit; these
// are what those lists stand for, written the direct way, for tests only.
#pragma once

#include <vector>

#include "extract/hints.hpp"
#include "extract/pass.hpp"

namespace pith::extraction::reference {

// The removal every prepared pass starts from (pass.hpp), by a walk over the
// page: <head>, boilerplate elements and, with flags.strip_unlikely,
// clutter-named ones removable_by_name allows, each unless its subtree holds
// declared content. Marks what it removes, and why.
void remove_boilerplate(Pass& pass);

// A pass prepared by the walks: remove_boilerplate, the features measured
// afresh, and selection and pruning bound by lists of every node and every
// container of the page (the walks the library's lists stand for). Passes
// started from it (Pass's `prepared` constructor) share those lists, so it
// must outlive them.
class WalkedPass {
 public:
  WalkedPass(const dom::Dom& dom, const std::vector<Hints>& hints, Flags flags);
  WalkedPass(const WalkedPass&) = delete;
  WalkedPass& operator=(const WalkedPass&) = delete;

 private:
  std::vector<dom::NodeId> every_node_;
  std::vector<dom::NodeId> every_container_;

 public:
  Pass pass;  // after the lists it points to, which are built first
};

}  // namespace pith::extraction::reference
