#!/usr/bin/env bash
# bench/run.sh [DATASET_DIR] [pith_bench options...]
#
# Builds pith_bench, runs it on DATASET_DIR (default: ../shared/eval/dev
# relative to the project root) writing predictions to build/bench-pred,
# scores them with score.py (default: DATASET_DIR/../score.py; override with
# SCORE=/path/to/score.py), and prints F1 per WCXB page_type.
#
# Environment: SCORE (scorer path), BUILD_DIR (default: build),
#              PYTHON (default: python3).
# Extra arguments after DATASET_DIR go to pith_bench (e.g. --repeat 3);
# --gumbo-baseline is always passed.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/dataset_arg.sh"
if [[ ! -d "$DATASET_DIR" ]]; then
  echo "bench/run.sh: dataset folder '$DATASET_DIR' not found; nothing to benchmark." >&2
  exit 0
fi
DATASET_DIR="$(cd "$DATASET_DIR" && pwd)"
SCORE="${SCORE:-$DATASET_DIR/../score.py}"
BUILD_DIR="${BUILD_DIR:-build}"
PYTHON="${PYTHON:-python3}"
PRED="$BUILD_DIR/bench-pred"

run() {
  echo "+ $*" >&2
  "$@"
}

echo "# project root: $ROOT" >&2
if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
  run cmake -S . -B "$BUILD_DIR"
fi
run cmake --build "$BUILD_DIR" -j2 --target pith_bench

# Start from an empty prediction folder so no stale file is scored.
run rm -rf "$PRED"
echo
run "$BUILD_DIR/bench/pith_bench" --data "$DATASET_DIR" --pred "$PRED" --gumbo-baseline "$@"

if [[ ! -f "$SCORE" ]]; then
  echo "bench/run.sh: scorer '$SCORE' not found (set SCORE=...); skipping scoring." >&2
  exit 0
fi
SCORE="$(cd "$(dirname "$SCORE")" && pwd)/$(basename "$SCORE")"

echo
run "$PYTHON" "$SCORE" --gold "$DATASET_DIR" --pred "$PRED"

# F1 per page_type (WCXB), using score.py's own tokenizer and metric.
echo
run "$PYTHON" - "$SCORE" "$DATASET_DIR" "$PRED" <<'EOF'
import collections, importlib.util, json, os, random, sys
score_path, gold_dir, pred_dir = sys.argv[1:4]
sys.path.insert(0, os.path.dirname(score_path))
spec = importlib.util.spec_from_file_location("score", score_path)
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)

manifest_path = os.path.join(pred_dir, "manifest.json")
with open(manifest_path, encoding="utf-8") as fh:
    manifest = json.load(fh)

groups = collections.OrderedDict()
for source, folder, pid, g in score.load_gold(gold_dir):
    page_type = manifest.get("%s/%s" % (folder, pid)) or g.get("page_type")
    if not page_type or g.get("text") is None:
        continue
    pred = score.load_pred(pred_dir, folder, pid) or ""
    gt, pt = score.tokens(g["text"]), score.tokens(pred)
    tp, fp, fn = score.page_counts(gt, pt)
    groups.setdefault(page_type, []).append((tp, fp, fn, float(gt == pt)))

if not groups:
    print("(no pages with a page_type: per-type table skipped)")
    sys.exit(0)
rng = random.Random(0)
print("%-22s %5s  %-15s%-15s%-15s%-15s" % ("page_type", "pages", "F1", "precision", "recall", "accuracy"))
all_rows = []
for page_type in sorted(groups):
    rows = groups[page_type]
    all_rows += rows
    m = score.aggregate(rows)
    print("%-22s %5d  %s" % (page_type, len(rows), score.fmt(m, score.bootstrap_std(rows, 1000, rng))))
m = score.aggregate(all_rows)
print("%-22s %5d  %s" % ("ALL TYPED", len(all_rows), score.fmt(m, score.bootstrap_std(all_rows, 1000, rng))))
EOF
