// JUnit XML, the report format CI systems (GitLab, Jenkins, GitHub actions
// reporters) read. Written directly: the format is a handful of elements, and
// only escaping needs care.
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "check/report.hpp"
#include "output/renderers.hpp"

namespace pith::check {
namespace {

// Escapes for attribute values and text alike. Input is made valid UTF-8
// first, and the control characters XML 1.0 cannot carry at all (even as
// references) are dropped.
std::string xml_escape(std::string_view raw) {
  std::string text = output::valid_utf8(raw);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') break;
        out.push_back(c);
    }
  }
  return out;
}

std::string lines(const std::vector<std::string>& rows) {
  std::string out;
  for (const auto& row : rows) out += row + "\n";
  return out;
}

}  // namespace

std::string junit_xml(const std::vector<FixtureResult>& results) {
  Tally t = tally(results);
  std::size_t errors = 0;
  double seconds = 0;
  for (const auto& r : results) {
    if (!r.error.empty()) ++errors;
    seconds += r.seconds;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"pith check\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n",
                     results.size(), t.failed - errors, errors, seconds);
  out += fmt::format("  <testsuite name=\"fixtures\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n",
                     results.size(), t.failed - errors, errors, seconds);
  for (const auto& r : results) {
    out += fmt::format("    <testcase classname=\"pith.check\" name=\"{}\" file=\"{}\" time=\"{:.3f}\"",
                       xml_escape(r.name), xml_escape(r.dir.generic_string()), r.seconds);
    std::string score = fmt::format("P {:.3f}  R {:.3f}  F1 {:.3f}  floor {}\n", r.score.precision,
                                    r.score.recall, r.score.f1, floor_text(r.spec.f1_floor));
    if (r.passed()) {
      out += fmt::format(">\n      <system-out>{}{}</system-out>\n    </testcase>\n", xml_escape(score),
                         xml_escape(lines(r.notes)));
      continue;
    }
    std::vector<std::string> reasons = failure_reasons(r);
    const char* element = r.error.empty() ? "failure" : "error";
    std::string body = lines(reasons) + lines(compact_diff(r.diff, kDiffLines, kDiffWidth));
    out += fmt::format(">\n      <{0} message=\"{1}\" type=\"{2}\">{3}</{0}>\n", element, xml_escape(reasons.front()),
                       r.error.empty() ? "regression" : "fixture_error", xml_escape(body));
    out += fmt::format("      <system-out>{}{}</system-out>\n    </testcase>\n", xml_escape(score),
                       xml_escape(lines(r.notes)));
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace pith::check
