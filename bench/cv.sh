#!/usr/bin/env bash
# bench/cv.sh [--base DIR] [cv.py options...]
#
# Runs pith_bench over ../shared/eval/train and ../shared/eval/dev, writing
# BUILD_DIR/cv-pred/{train,dev}/<source>/<id>.txt, then prints bench/cv.py's
# cross-validation table (WCXB pages by domain fold, word F1 and shingle F1,
# per page type, 95 % domain-bootstrap intervals) and the dev table.
# `--base DIR` (an earlier cv-pred folder, e.g. kept with `cp -r`) adds the
# paired differences. Environment: BUILD_DIR (default build), BENCH_ARGS (more
# pith_bench options, e.g. "--focus recall"), EVAL (default
# ../shared/eval beside the project root), PYTHON (default python3).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
EVAL="${EVAL:-$ROOT/../shared/eval}"
BUILD_DIR="${BUILD_DIR:-build}"
PYTHON="${PYTHON:-python3}"
PRED="$BUILD_DIR/cv-pred"
if [[ ! -d "$EVAL/dev" && ! -d "$EVAL/train" ]]; then
  echo "bench/cv.sh: no evaluation data under '$EVAL'; nothing to measure." >&2
  exit 0
fi
[[ -f "$BUILD_DIR/CMakeCache.txt" ]] || cmake -S . -B "$BUILD_DIR"
cmake --build "$BUILD_DIR" -j2 --target pith_bench >&2
rm -rf "$PRED"
for set in train dev; do
  [[ -d "$EVAL/$set" ]] || continue
  echo "+ pith_bench --data $EVAL/$set --pred $PRED/$set" >&2
  "$BUILD_DIR/bench/pith_bench" --data "$EVAL/$set" --pred "$PRED/$set" --json ${BENCH_ARGS:-} >"$BUILD_DIR/cv-bench-$set.json"
done
exec "$PYTHON" bench/cv.py --eval "$EVAL" --pred "$PRED" "$@"
