#include "cli/explain_report.hpp"

#include <fmt/format.h>

#include "text/utf8.hpp"

namespace pith::cli {

// The element column's width in bytes (the header below is laid out for it):
// a longer name is cut to one byte less and marked "~".
constexpr std::size_t kElementColumn = 28;

std::string explain_report(const Document& doc) {
  const Explanation& e = doc.explanation;
  std::size_t kept = 0;
  for (const BlockDecision& d : e.blocks) kept += d.kept;
  std::string out = fmt::format("strategy: {}\nblocks: {} kept, {} dropped\n", e.strategy, kept,
                                e.blocks.size() - kept);
  out += "      element                      len  links commas ends  rule | text\n";
  for (const BlockDecision& d : e.blocks) {
    // Cut at a character boundary: an id or class may be non-ASCII, and the
    // report is UTF-8 like every other output.
    std::string element = d.element.size() > kElementColumn
                              ? d.element.substr(0, text::code_point_start(d.element, kElementColumn - 1)) + "~"
                              : d.element;
    std::string rule = d.removed_with.empty() ? d.rule : fmt::format("{} (with {})", d.rule, d.removed_with);
    out += fmt::format("{} {:<{}} {:>5}  {:>4.2f} {:>6} {:>4}  {} | {}\n", d.kept ? "KEEP" : "drop",
                       element, kElementColumn, d.length, d.link_density, d.commas, d.sentence_ends, rule, d.text);
  }
  return out;
}

}  // namespace pith::cli
