#!/usr/bin/env bash
# bench/vs_resiliparse.sh [DATASET_DIR] [--rounds N] [--repeat K]
#
# pith and Resiliparse, in-process, over the same pages, in alternating rounds
# (pith, Resiliparse, pith, Resiliparse, ...; N rounds, default 3). Each round
# runs every page K times (default 3) on one thread, pages in memory:
#   pith         build/bench/pith_bench --repeat K --json (pith::extract calls)
#   Resiliparse  bench/resiliparse_bench.py --repeat K (extract_plain_text(HTMLTree.parse(html),
#                main_content=True), with the peers' interpreter)
# and prints pages/s of each round, the ratio pith / Resiliparse per round, its median
# and spread (min-max over the rounds), pith's stage split (summed over the rounds) and
# the load average before and after. Two clocks: the wall time of the calls (the figure
# an idle machine gives), and the thread CPU time of the loop of calls, which a busy
# machine inflates much less (time spent waiting for a core is not counted).
#
# DATASET_DIR: a dataset root (<source>/<id>.html.gz) or one folder of pages
# (default ../shared/eval/dev). Skipped (exit 0, with a message) when the dataset or
# Resiliparse (../shared/peers/setup.sh installs it into $PITH_PEERS, default
# ~/.cache/pith-peers) is not there.
# Environment: BUILD_DIR (default build), PITH_PEERS.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/dataset_arg.sh"
ROUNDS=3
REPEAT=3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="${2:?--rounds N}"; shift 2 ;;
    --repeat) REPEAT="${2:?--repeat K}"; shift 2 ;;
    *) echo "bench/vs_resiliparse.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$REPEAT" =~ ^[1-9][0-9]*$ ]] ||
  { echo "bench/vs_resiliparse.sh: --rounds and --repeat want a positive integer" >&2; exit 2; }

if [[ ! -d "$DATASET_DIR" ]]; then
  echo "bench/vs_resiliparse.sh: dataset folder '$DATASET_DIR' not found; skipped." >&2
  exit 0
fi
DATASET_DIR="$(cd "$DATASET_DIR" && pwd)"
PEERS="${PITH_PEERS:-$HOME/.cache/pith-peers}"
PEER_PYTHON="$PEERS/venv/bin/python3"
if [[ ! -x "$PEER_PYTHON" ]] ||
   ! "$PEER_PYTHON" -c 'import resiliparse.extract.html2text' 2>/dev/null; then
  echo "bench/vs_resiliparse.sh: Resiliparse is not installed in $PEERS" \
       "(../shared/peers/setup.sh installs it); skipped." >&2
  exit 0
fi

BUILD_DIR="${BUILD_DIR:-build}"
if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DPITH_BUILD_BENCH=ON
fi
cmake --build "$BUILD_DIR" -j2 --target pith_bench >&2

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
uptime > "$WORK/load_before"
for ((r = 1; r <= ROUNDS; r++)); do
  echo "round $r/$ROUNDS: pith" >&2
  "$BUILD_DIR/bench/pith_bench" --data "$DATASET_DIR" --pred "$WORK/pred" --repeat "$REPEAT" --json \
    > "$WORK/pith_$r.json"
  echo "round $r/$ROUNDS: Resiliparse" >&2
  "$PEER_PYTHON" bench/resiliparse_bench.py "$DATASET_DIR" --repeat "$REPEAT" > "$WORK/resiliparse_$r.json"
done
uptime > "$WORK/load_after"

python3 - "$WORK" "$ROUNDS" "$DATASET_DIR" <<'EOF'
import json, os, statistics, sys

work, rounds, data = sys.argv[1], int(sys.argv[2]), sys.argv[3]
load = lambda name: json.load(open(os.path.join(work, name)))
pith = [load("pith_%d.json" % r) for r in range(1, rounds + 1)]
resi = [load("resiliparse_%d.json" % r) for r in range(1, rounds + 1)]
if pith[0]["pages"] != resi[0]["pages"]:
    sys.exit("pith read %d pages, Resiliparse %d" % (pith[0]["pages"], resi[0]["pages"]))
ratios = [p["pages_per_s"] / q["pages_per_s"] for p, q in zip(pith, resi)]
cpu_ratios = [p["pages_per_cpu_s"] / q["pages_per_cpu_s"] for p, q in zip(pith, resi)]

print("pith vs Resiliparse, in-process, one thread: %s" % data)
print("%d pages (%.2f MB), %d rounds of %d calls a page each" %
      (pith[0]["pages"], pith[0]["input_mb"], rounds, pith[0]["repeat"]))
print()
print("        wall clock                          thread CPU time")
print("round   pith p/s   Resiliparse p/s   ratio   pith p/s   Resiliparse p/s   ratio")
for r, (p, q) in enumerate(zip(pith, resi), 1):
    print("%5d   %8.1f   %15.1f   %5.3f   %8.1f   %15.1f   %5.3f" %
          (r, p["pages_per_s"], q["pages_per_s"], ratios[r - 1],
           p["pages_per_cpu_s"], q["pages_per_cpu_s"], cpu_ratios[r - 1]))
print()
for label, xs, key in (("wall clock", ratios, "pages_per_s"), ("CPU time  ", cpu_ratios, "pages_per_cpu_s")):
    print("%s  pith / Resiliparse: median %.3f  (min %.3f, max %.3f);  pages/s, median: pith %.1f, "
          "Resiliparse %.1f" % (label, statistics.median(xs), min(xs), max(xs),
                               statistics.median(p[key] for p in pith),
                               statistics.median(q[key] for q in resi)))

stages = {k: sum(p["stages_s"][k] for p in pith) for k in pith[0]["stages_s"]}
rows = [("decode (->UTF-8)", "decode"), ("parse (pre-parse filter, guard, Gumbo)", "parse"),
        ("DOM build", "build"), ("extraction", "extract"), ("  metadata", "metadata"),
        ("  features", "features"), ("  selection+prune", "selection"), ("  blocks+render", "render"),
        ("  classify", "classify"), ("  other", "extract_other"),
        ("language (CLD2)", "language"), ("fingerprints", "fingerprint")]
print()
print("pith's stages, summed over the rounds     seconds   share")
for label, key in rows:
    print("  %-38s %8.3f  %5.1f %%" % (label, stages[key], 100 * stages[key] / stages["sum"]))
print("  (DOM build + extraction) / parse        %8.3f" %
      ((stages["build"] + stages["extract"]) / stages["parse"]))
print("peak RSS pith_bench %.1f MB (all pages in memory)" % max(p["max_rss_mb"] for p in pith))
print()
print("load before:", open(os.path.join(work, "load_before")).read().strip())
print("load after: ", open(os.path.join(work, "load_after")).read().strip())
EOF
