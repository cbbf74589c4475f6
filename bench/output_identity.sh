#!/usr/bin/env bash
# bench/output_identity.sh OUT_DIR [REF_DIR]
#
# Records what this build makes of every page of the dev and train sets
# (../shared/eval/dev and ../shared/eval/train, or DATASETS="DIR ..."):
#   OUT_DIR/dom.txt          build/bench/pith_dom_digest: per page the node count and a
#                            digest of the whole DOM (tags, tree, text, attributes)
#   OUT_DIR/json.jsonl       pith --input-dir DIR -f json
#   OUT_DIR/full.jsonl       pith --input-dir DIR -f json --links --images --comments
# and, given REF_DIR (the same, recorded by an earlier build), compares them byte for byte:
# prints IDENTICAL and exits 0, or names the pages that differ and exits 1. A change that
# must not alter the output is checked by recording before it and comparing after it.
# Environment: BUILD_DIR (default build), DATASETS.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?usage: bench/output_identity.sh OUT_DIR [REF_DIR]}"
REF="${2:-}"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
DATASETS="${DATASETS:-$ROOT/../shared/eval/dev $ROOT/../shared/eval/train}"
for d in $DATASETS; do
  [[ -d "$d" ]] || { echo "bench/output_identity.sh: dataset '$d' not found; skipped." >&2; exit 0; }
done
cmake --build "$BUILD_DIR" -j2 --target pith_cli pith_dom_digest >&2

mkdir -p "$OUT"
# shellcheck disable=SC2086  # DATASETS is a list of folders
"$BUILD_DIR/bench/pith_dom_digest" $DATASETS > "$OUT/dom.txt"
: > "$OUT/json.jsonl"
: > "$OUT/full.jsonl"
for d in $DATASETS; do
  "$BUILD_DIR/pith" --input-dir "$d" -f json >> "$OUT/json.jsonl"
  "$BUILD_DIR/pith" --input-dir "$d" -f json --links --images --comments >> "$OUT/full.jsonl"
done
echo "recorded $(wc -l < "$OUT/dom.txt") pages in $OUT" >&2

[[ -n "$REF" ]] || exit 0
status=0
for f in dom.txt json.jsonl full.jsonl; do
  if ! cmp -s "$OUT/$f" "$REF/$f"; then
    status=1
    echo "$f differs:"
    diff <(cut -c1-300 "$REF/$f") <(cut -c1-300 "$OUT/$f") | grep '^[<>]' | head -20
  fi
done
if [[ $status == 0 ]]; then echo "IDENTICAL (DOM digests and JSON of $(wc -l < "$OUT/dom.txt") pages)"; fi
exit $status
