#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "budget/deadline.hpp"
#include "dom/attributes.hpp"
#include "dom/dom.hpp"
#include "dom/markup_guard.hpp"

namespace pith::dom {

struct BuildTimings {
  std::chrono::nanoseconds parse{0};  // Gumbo
  std::chrono::nanoseconds build{0};  // Gumbo tree -> Dom
};

// Parses UTF-8 HTML with Gumbo and converts the tree into a Dom, within
// `limits` (markup_guard.hpp: what the guard leaves out is reported in
// `guard`, whose html is left empty). Scripts,
// styles, comments, <template>, <svg>, <math> and hidden subtrees (the
// `hidden` attribute, aria-hidden="true", inline display:none) are left out;
// JSON-LD scripts are kept with their text. Never recurses, so any nesting
// depth is safe. Throws over_time_budget once `deadline` has passed (checked
// in the filter, the guard, Gumbo's parse and the build).
Dom build_dom(std::string_view utf8_html, BuildTimings* timings = nullptr,
              const MarkupLimits& limits = {}, GuardedMarkup* guard = nullptr,
              budget::Deadline deadline = {});
// Which hidden subtrees the build keeps: those of a page whose text they
// hold most of (a page hidden whole until its scripts run), or all of them
// (asked for when the page read without them had no main content).
enum class HiddenSubtrees { kept_when_most_text, kept };

// The capacity build_dom_in_place wants its input to have, for a page of
// `bytes`: the page lives on at the start of the Dom's pool, and the build
// appends to it. An input with less room is copied once to get it.
constexpr std::size_t input_capacity(std::size_t bytes) { return bytes + bytes / 4; }

// build_dom, on the caller's buffer: the page is not copied when it has
// input_capacity (on a large page, one copy fewer of it held through the
// parse).
Dom build_dom_in_place(std::string&& utf8_html, BuildTimings* timings = nullptr,
                       const MarkupLimits& limits = {}, GuardedMarkup* guard = nullptr,
                       budget::Deadline deadline = {},
                       HiddenSubtrees hidden = HiddenSubtrees::kept_when_most_text);

}  // namespace pith::dom
