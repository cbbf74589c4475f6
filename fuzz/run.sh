#!/usr/bin/env bash
# Runs one libFuzzer target for a while, seeded from the fixtures and from the
# kept regression inputs; the growing corpus lives in the build directory.
#   fuzz/run.sh TARGET SECONDS [BUILD_DIR]     (make fuzz TARGET=... SECONDS=...)
# Exit status: 0 when no finding; libFuzzer's non-zero status otherwise, with
# the crashing input written to BUILD_DIR/fuzz-findings/TARGET/.
set -euo pipefail
target=${1:?usage: fuzz/run.sh TARGET SECONDS [BUILD_DIR]}
seconds=${2:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${3:-$root/build-fuzz}
binary=$build/fuzz/$target
[ -x "$binary" ] || { echo "fuzz: $binary not built (make fuzz-build)" >&2; exit 2; }

corpus=$build/fuzz-corpus/$target
findings=$build/fuzz-findings/$target
mkdir -p "$corpus" "$findings"
seeds=("$root"/fuzz/regressions/"$target")
# Fixture pages seed every target that reads pages; the batch line parser and
# the WARC reader have their own seeds.
case $target in fuzz_batch_line | fuzz_warc) ;; *) seeds+=("$root"/fixtures/*/page.html) ;; esac
[ -d "$root/fuzz/seeds/$target" ] && seeds+=("$root/fuzz/seeds/$target")
existing=()
for s in "${seeds[@]}"; do [ -e "$s" ] && existing+=("$s"); done
# Seeds are copied in (libFuzzer reads directories, and files named on the
# command line would be run once instead of fuzzed).
for s in "${existing[@]}"; do
  if [ -d "$s" ]; then cp -n "$s"/* "$corpus"/ 2>/dev/null || true
  else cp -n "$s" "$corpus/$(basename "$(dirname "$s")")-$(basename "$s")"; fi
done

dict=()
[ -f "$root/fuzz/$target.dict" ] && dict=(-dict="$root/fuzz/$target.dict")
[ -f "$root/fuzz/html.dict" ] && [ ${#dict[@]} -eq 0 ] && [ "$target" != fuzz_batch_line ] &&
  dict=(-dict="$root/fuzz/html.dict")

# -max_len: 16 KiB inputs reach every code path at many more runs a second
# than page-sized ones (FUZZ_MAX_LEN to change); the size-driven cases are
# the adversarial corpus's (tests/hostile).
# -timeout: one input taking 10 s is a finding (a quadratic path or a hang);
# -rss_limit_mb: so is more than 2 GiB; leaks are reported by ASan at exit.
exec "$binary" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-16384}" \
  -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1
