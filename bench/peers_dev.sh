#!/usr/bin/env bash
# bench/peers_dev.sh [DATASET_DIR] [--peers "trafilatura defuddle ..."]
#
# The dev set by source, pith beside the peers, scored alike: score.py's shingle F1 for
# each source with whole gold texts (daniel, zh-cwced, wcxb), and for trafilatura-eval,
# whose pages hold snippets only, the share of its `with` snippets found and of its
# `without` snippets left out. pith runs on the raw bytes (build/bench/pith_bench --pred);
# each peer on the pages decoded to UTF-8 (bench/peer_pages.py), through
# ../shared/peers/run.sh. Prints one table.
#
# DATASET_DIR: default ../shared/eval/dev. Peers: default trafilatura, resiliparse,
# readability_linkedom, defuddle. Skipped (exit 0, with a message) when the dataset or the
# peers (../shared/peers/setup.sh installs them into $PITH_PEERS, default
# ~/.cache/pith-peers) are not there. Environment: BUILD_DIR (default build), PITH_PEERS.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/dataset_arg.sh"
PEERS="trafilatura resiliparse readability_linkedom defuddle"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --peers) PEERS="${2:?--peers \"PEER ...\"}"; shift 2 ;;
    *) echo "bench/peers_dev.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
PITH_PEERS="${PITH_PEERS:-$HOME/.cache/pith-peers}"
PEERS_RUN="$ROOT/../shared/peers/run.sh"
SCORE="$DATASET_DIR/../score.py"
BUILD_DIR="${BUILD_DIR:-build}"
if [[ ! -d "$DATASET_DIR" || ! -f "$SCORE" ]]; then
  echo "bench/peers_dev.sh: no dataset at '$DATASET_DIR' (with score.py beside it); nothing to compare." >&2
  exit 0
fi
if [[ ! -x "$PITH_PEERS/venv/bin/python3" || ! -x "$PEERS_RUN" ]]; then
  echo "bench/peers_dev.sh: the peers are not installed ($PITH_PEERS; run ../shared/peers/setup.sh); skipped." >&2
  exit 0
fi
if [[ ! -x "$BUILD_DIR/bench/pith_bench" ]]; then
  cmake --build "$BUILD_DIR" --target pith_bench >&2
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$PITH_PEERS/venv/bin/python3" bench/peer_pages.py "$DATASET_DIR" "$WORK/in"
"$BUILD_DIR/bench/pith_bench" --data "$DATASET_DIR" --pred "$WORK/out/pith" >/dev/null
SYSTEMS="pith"
for peer in $PEERS; do
  for source_dir in "$WORK/in"/*/; do
    source="$(basename "$source_dir")"
    "$PEERS_RUN" "$peer" "$source_dir" "$WORK/out/$peer/$source" 2>"$WORK/$peer.$source.log" ||
      { echo "bench/peers_dev.sh: $peer failed on $source (see its log below)" >&2; cat "$WORK/$peer.$source.log" >&2; exit 1; }
  done
  SYSTEMS+=" $peer"
done

for system in $SYSTEMS; do
  python3 "$SCORE" --gold "$DATASET_DIR" --pred "$WORK/out/$system" --json --n-bootstrap 200 \
    >"$WORK/$system.json" 2>/dev/null
done
python3 - "$WORK" $SYSTEMS <<'PY'
import json, os, sys
work, systems = sys.argv[1], sys.argv[2:]
scores = {s: json.load(open(os.path.join(work, s + ".json"))) for s in systems}
whole = sorted({src for s in scores.values() for src in s["sources"]})
snippet = sorted({src for s in scores.values() for src in s.get("snippets", {})} - set(whole))
head = ["system"] + [f"{src} F1" for src in whole] + [f"{src} with / without" for src in snippet]
print("| " + " | ".join(head) + " |")
print("| --- |" + " ---: |" * (len(head) - 1))
for system in systems:
    s = scores[system]
    cells = [system]
    for src in whole:
        r = s["sources"].get(src)
        cells.append(f"{r['f1']:.3f} ± {r['f1_std']:.3f}" if r else "–")
    for src in snippet:
        r = s["snippets"].get(src)
        cells.append(f"{r['with_found'] / r['with_total']:.3f} / {r['without_absent'] / r['without_total']:.3f}"
                     if r and r["with_total"] and r["without_total"] else "–")
    print("| " + " | ".join(cells) + " |")
PY
