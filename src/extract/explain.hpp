// --explain: every block of the page with own text, kept or dropped, by which
// rule, with the numbers the rules read. Built from the attempt that won, so
// it describes the decision actually taken.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dom/dom.hpp"
#include "extract/pass.hpp"
#include "pith/pith.hpp"

namespace pith::extraction {

// What the content lost after its pass rendered it.
struct LeftOutAfterRendering {
  // The text of each block left out as a copy of an earlier one (a text
  // twice when two copies went): leave_out_repeated_blocks.
  std::vector<std::string> repeated;
  // The heading that closed the content, introducing nothing
  // (leave_out_closing_heading), or empty.
  std::string closing_heading;
};

// `dead` and `why` are the winning pass's; `roots` its selection. With
// `rejected`, the page was judged to have no main content at all.
Explanation explain(const dom::Dom& dom, const std::vector<dom::NodeId>& roots,
                    const std::vector<std::uint8_t>& dead, const std::vector<Rule>& why,
                    const LeftOutAfterRendering& after_rendering, bool rejected, std::string strategy);

}  // namespace pith::extraction
