#!/usr/bin/env bash
# bench/identity.sh [--train] [--base DIR] [--out DIR] [--pith BINARY] [--jobs N]
#
# The output-identity check: runs pith on every page of the dev set (and, with
# --train, the training set) in every output mode and writes one file per page
# and mode under OUT (default: $BUILD_DIR/identity). With --base DIR, compares
# OUT byte for byte with DIR, a folder an earlier run wrote, and prints the
# pages and modes that differ. A change meant to leave the output alone is
# shown so with:
#
#   git stash; bench/identity.sh --train --out /tmp/base; git stash pop
#   bench/identity.sh --train --base /tmp/base        # or: make identity BASE=/tmp/base TRAIN=1
#
# Modes (one folder each under OUT/<mode>/<set>/, the set's tree mirrored):
#   json            -f json --links --images --comments, every field of the document
#   json-precision  -f json --precision
#   json-recall     -f json --recall
#   markdown        -f markdown --with-metadata --links --images
#   xml, html, text -f xml / -f html / -f text
#   plain           --plain (the text accuracy is scored on)
#   explain         --explain, one process per page
#   batch           --batch over the set's pages, -f json: each JSON line as a file
#   dom             build/bench/pith_dom_digest (beside the binary checked): per page
#                   the node count and a digest of the whole DOM (tags, tree, text,
#                   attributes), one file per set; left out when the tool is not built
#
# Text, Markdown, HTML and XML files exist only for pages with main content,
# as with --output-dir; a page that gains or loses its content shows up as a
# file only in one folder.
#
# Environment: BUILD_DIR (default: build), EVAL_DIR (default: ../shared/eval
# relative to the project root). Exit status: 0 identical (or no --base),
# 1 different, 2 usage error.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

BUILD_DIR="${BUILD_DIR:-build}"
EVAL_DIR="${EVAL_DIR:-$ROOT/../shared/eval}"
OUT=""
BASE=""
PITH=""
TRAIN=0
JOBS="$(nproc 2>/dev/null || echo 2)"

usage() {
  sed -n '2,3p' "${BASH_SOURCE[0]}" | sed 's/^# //' >&2
  exit 2
}
while [[ $# -gt 0 ]]; do
  case "$1" in
    --train) TRAIN=1 ;;
    --base) BASE="${2:?--base needs a folder}"; shift ;;
    --out) OUT="${2:?--out needs a folder}"; shift ;;
    --pith) PITH="${2:?--pith needs a binary}"; shift ;;
    --jobs) JOBS="${2:?--jobs needs a number}"; shift ;;
    -h|--help) usage ;;
    *) echo "bench/identity.sh: unknown argument '$1'" >&2; usage ;;
  esac
  shift
done
OUT="${OUT:-$BUILD_DIR/identity}"

if [[ -z "$PITH" ]]; then
  if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >&2
  fi
  cmake --build "$BUILD_DIR" -j2 --target pith_cli >&2
  # The DOM digest is a bench target (PITH_BUILD_BENCH): without it, no dom mode.
  cmake --build "$BUILD_DIR" -j2 --target pith_dom_digest >&2 2>/dev/null || true
  PITH="$BUILD_DIR/pith"
fi
PITH="$(cd "$(dirname "$PITH")" && pwd)/$(basename "$PITH")"
DIGEST="$(dirname "$PITH")/bench/pith_dom_digest"
[[ -x "$DIGEST" ]] || DIGEST=""

sets=(dev)
[[ "$TRAIN" == 1 ]] && sets+=(train)
for set in "${sets[@]}"; do
  if [[ ! -d "$EVAL_DIR/$set" ]]; then
    echo "bench/identity.sh: '$EVAL_DIR/$set' not found (set EVAL_DIR)" >&2
    exit 2
  fi
done
if [[ -n "$BASE" && ! -d "$BASE" ]]; then
  echo "bench/identity.sh: baseline folder '$BASE' not found" >&2
  exit 2
fi

if [[ -n "$BASE" ]]; then
  BASE="$(cd "$BASE" && pwd)"
  if [[ "$(mkdir -p "$OUT" && cd "$OUT" && pwd)" == "$BASE" ]]; then
    echo "bench/identity.sh: --out and --base are the same folder ($BASE); pick another --out" >&2
    exit 2
  fi
fi
rm -rf "$OUT"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

# --output-dir prints a summary line with the wall time on stderr; only the
# files are compared, so it goes to a log.
directory_mode() {  # mode set pith-options...
  local mode="$1" set="$2"
  shift 2
  "$PITH" --input-dir "$EVAL_DIR/$set" --output-dir "$OUT/$mode/$set" --jobs "$JOBS" "$@" \
    2>>"$OUT/log.txt" || true
}

for set in "${sets[@]}"; do
  start=$SECONDS
  directory_mode json "$set" -f json --links --images --comments
  directory_mode json-precision "$set" -f json --precision
  directory_mode json-recall "$set" -f json --recall
  directory_mode markdown "$set" -f markdown --with-metadata --links --images
  directory_mode xml "$set" -f xml
  directory_mode html "$set" -f html
  directory_mode text "$set" -f text
  directory_mode plain "$set" --plain
  if [[ -n "$DIGEST" ]]; then
    mkdir -p "$OUT/dom/$set"
    (cd "$EVAL_DIR" && "$DIGEST" "$set") >"$OUT/dom/$set/digests.txt"
  fi

  # Relative paths, so that the records' "input" is the same from any clone.
  (cd "$EVAL_DIR/$set" && find . -name '*.html.gz' | LC_ALL=C sort) >"$OUT/$set.pages"

  # --explain: one process per page (exit 1, no content, still prints the report).
  (cd "$EVAL_DIR/$set" &&
    xargs -d "\n" -P "$JOBS" -I{} sh -c 'mkdir -p "$(dirname "$2/$1")" && "$0" --explain "$1" >"$2/$1.txt" 2>/dev/null || true' \
      "$PITH" {} "$OUT/explain/$set" <"$OUT/$set.pages")

  # --batch: every record split into a file of its own, named after its input.
  (cd "$EVAL_DIR/$set" && "$PITH" --batch "$OUT/$set.pages" -f json --jobs "$JOBS" 2>>"$OUT/log.txt") |
    python3 -c '
import json, os, sys
root = sys.argv[1]
for line in sys.stdin:
    path = os.path.join(root, json.loads(line)["input"] + ".json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(line)
' "$OUT/batch/$set"
  echo "identity: $set: $(wc -l <"$OUT/$set.pages") pages, $((SECONDS - start)) s" >&2
done
rm -f "$OUT"/*.pages

files=$(find "$OUT" -type f ! -name log.txt | wc -l)
echo "identity: $files files in $OUT" >&2
[[ -z "$BASE" ]] && exit 0

# Byte-for-byte comparison; only the sets this run produced are compared.
report="$OUT/differences.txt"
: >"$report"
for mode_dir in "$OUT"/*/; do
  mode="$(basename "$mode_dir")"
  for set in "${sets[@]}"; do
    [[ -d "$BASE/$mode/$set" || -d "$OUT/$mode/$set" ]] || continue
    diff -rq "$BASE/$mode/$set" "$OUT/$mode/$set" 2>&1 |
      sed -E "s|^Files $BASE/([^ ]*) and .* differ$|differs: \1|; s|^Only in $BASE/([^:]*): (.*)$|only in base: \1/\2|; s|^Only in $OUT/([^:]*): (.*)$|only in new: \1/\2|" \
        >>"$report" || true
  done
done
for mode_dir in "$BASE"/*/; do
  mode="$(basename "$mode_dir")"
  [[ -d "$OUT/$mode" ]] || echo "only in base: mode $mode" >>"$report"
done
if [[ -s "$report" ]]; then
  cat "$report"
  pages=$(sed -E 's#^[^:]*: [^/]*/##; s#(\.html\.gz)?\.(json|txt|md|xml|html)$##' "$report" | sort -u | wc -l)
  echo "identity: DIFFERENT from $BASE: $(wc -l <"$report") files, $pages pages (list: $report)"
  exit 1
fi
echo "identity: IDENTICAL to $BASE ($files files)"
