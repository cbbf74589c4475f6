#!/usr/bin/env bash
# bench/cv.sh [--oof] [--base DIR] [cv.py options...]
#
# Runs pith_bench over ../shared/eval/train and ../shared/eval/dev, writing
# BUILD_DIR/cv-pred/{train,dev}/<source>/<id>.txt, then prints bench/cv.py's
# cross-validation table (WCXB pages by domain fold, word F1 and shingle F1,
# per page type, 95 % domain-bootstrap intervals) and the dev table.
# `--base DIR` (an earlier cv-pred folder, e.g. kept with `cp -r`) adds the
# paired differences. pith's attempt chooser is a model fitted on these very
# pages, so the table of pith as built is in-sample for it; `--oof` scores
# instead what train/train_models.py wrote to BUILD_DIR/model-data/oof-pred:
# each page's content with the chooser's out-of-fold choice (a model that never
# saw the page's domain), the figure to expect on unseen pages. Environment: BUILD_DIR (default build), BENCH_ARGS (more
# pith_bench options, e.g. "--focus recall"), EVAL (default
# ../shared/eval beside the project root), PYTHON (default python3).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
EVAL="${EVAL:-$ROOT/../shared/eval}"
BUILD_DIR="${BUILD_DIR:-build}"
PYTHON="${PYTHON:-python3}"
PRED="$BUILD_DIR/cv-pred"
if [[ "${1:-}" == "--oof" ]]; then
  shift
  OOF="$BUILD_DIR/model-data/oof-pred"
  if [[ ! -d "$OOF" ]]; then
    echo "bench/cv.sh: no $OOF; train/train_models.py writes it (with --check too)." >&2
    exit 2
  fi
  exec "$PYTHON" bench/cv.py --eval "$EVAL" --pred "$OOF" "$@"
fi
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
