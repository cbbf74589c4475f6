// `pith --explain`: the extraction's decision for every block, as text.
#pragma once

#include <string>

#include "pith/pith.hpp"

namespace pith::cli {

// One line per block: KEEP/DROP, element, length, link density, commas,
// sentence ends, the rule, and the start of the block's text.
std::string explain_report(const Document& doc);

}  // namespace pith::cli
