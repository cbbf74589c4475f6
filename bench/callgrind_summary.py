#!/usr/bin/env python3
"""Summarises a callgrind profile of pith_bench --gumbo-baseline.

    callgrind_summary.py callgrind.out [TOP]

Prints the instructions (Ir) of pith::extract against the plain-Gumbo
baseline (gumbo_parse_with_options called from main, plus
gumbo_destroy_output), pith's stages by inclusive cost, and the TOP (default
20) functions by their own cost. Instruction counts do not depend on the
machine's load, unlike wall times.
"""
import re
import subprocess
import sys

out_file = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 20


def annotate(*args):
    return subprocess.run(["callgrind_annotate", *args, out_file], capture_output=True,
                          text=True, check=True).stdout


LINE = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(\*|<|>)?\s*(.*)$")


def num(s):
    return int(s.replace(",", ""))


def drop_parameters(name):
    """Replaces the trailing parameter list (which may nest parentheses) with ()."""
    name = re.sub(r"\s*const$", "", name)
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        if name[i] == ")":
            depth += 1
        elif name[i] == "(":
            depth -= 1
            if depth == 0:
                return name[:i] + "()"
    return name


def short(name):
    name = re.sub(r"\s*\[[^\]]*\]$", "", name)      # the object file
    name = re.sub(r"^[^:]*:(?=[^:])", "", name, 1)   # the source file
    name = name.replace("(anonymous namespace)", "{anon}")
    name = name.replace("[abi:cxx11]", "")
    return drop_parameters(name)[:90]


# Inclusive costs, and callers of the Gumbo entry points.
tree = annotate("--tree=caller", "--inclusive=yes", "--threshold=100")  # every function, not the top 99 %
inclusive, callers, pending = {}, {}, []
for line in tree.splitlines():
    m = LINE.match(line)
    if not m:
        pending = []
        continue
    cost, mark, name = num(m.group(1)), m.group(2), m.group(3)
    if mark == "<":
        pending.append((cost, short(name)))
    elif mark == "*":
        fn = short(name)
        inclusive[fn] = max(inclusive.get(fn, 0), cost)
        callers.setdefault(fn, []).extend(pending)
        pending = []


def incl(part):
    return sum(v for k, v in inclusive.items() if k.endswith(part))


def from_caller(fn, caller_part):
    return sum(c for c, who in callers.get(fn, []) if caller_part in who)


pith = incl("pith::extract()")
baseline = from_caller("gumbo_parse_with_options", "main") + incl("gumbo_destroy_output")
print("instructions (Ir), callgrind: %s" % out_file)
print("  pith::extract, all calls      %15s" % format(pith, ","))
print("  plain Gumbo parse + destroy   %15s" % format(baseline, ","))
if baseline:
    print("  pith / plain Gumbo            %15.2f" % (pith / baseline))
print("\npith stages (inclusive Ir, share of pith::extract):")
classify = sum(incl(f) for f in (
    "pith::classify::read_page_features()", "pith::classify::classify_page_type()",
    "pith::classify::read_attempt_features()", "pith::classify::choose_attempt()",
    "pith::classify::read_confidence_features()", "pith::classify::predict_confidence()"))
# Gumbo is called from parse_until_deadline (dom/build.cpp), inlined into
# build_dom_in_place by some compilers; the arena it allocates from is inside.
gumbo = (from_caller("gumbo_parse_with_options", "parse_until_deadline") or
         from_caller("gumbo_parse_with_options", "build_dom"))
stages = [
    ("decode (to_utf8)", incl("pith::encoding::to_utf8()")),
    ("prescan: script/style bodies", incl("pith::dom::strip_raw_text_bodies()")),  # before 17415a6
    ("prescan: markup guard", incl("pith::dom::guard_markup()")),
    ("prescan: unseen markup", incl("pith::dom::drop_unseen_markup()")),
    ("Gumbo parse (pith's, arena in)", gumbo),
    ("DOM build (Builder)", incl("Builder::build()")),
    ("DOM build: text counts", from_caller("pith::text::count_text()", "Builder::build")),
    ("metadata", incl("pith::meta::read_metadata()")),
    ("content (features..blocks)", incl("pith::extraction::extract_content()")),
    ("classify (features, models)", classify),
    ("fingerprints", incl("pith::fingerprint::fingerprints()")),
    ("language (CLD2)", incl("pith::lang::identify()")),
    ("render_text", incl("pith::render_text()")),
]
for name, cost in stages:
    if cost:
        print("  %-30s %15s  %5.1f %%" % (name, format(cost, ","), 100.0 * cost / pith if pith else 0))

# The whole run: the bench's reading of the data set (its JSON parsing
# among the top) and the plain-Gumbo baseline are in it, not only pith.
print("\ntop %d functions by own cost (whole run: the bench's loading of the pages and the plain-Gumbo "
      "baseline included):" % top)
flat = annotate()
rows = 0
started = False
for line in flat.splitlines():
    if "file:function" in line:
        started = True
        continue
    m = LINE.match(line) if started else None
    if not m:
        continue
    print("  %15s  %s" % (m.group(1), short(m.group(3))))
    rows += 1
    if rows >= top:
        break
