#!/usr/bin/env bash
# Runs the CLI (a sanitizer build) over every page of the dev set and fails on
# any sanitizer report, crash or undocumented exit code.
#   devset_test.sh PITH DEV_DIR
# Exit 77 (ctest: skipped) when the dev set is not there.
set -uo pipefail
pith=$1 dev=$2
shopt -s nullglob
pages=("$dev"/*/*.html.gz)
if [ ${#pages[@]} -eq 0 ]; then
  echo "devset: no pages under $dev (the dev set is not present): skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One page: exit 0/1/3 are documented outcomes; anything else, or a
# sanitizer's words on stderr, is a failure (reported on stdout).
run_page() {
  local page=$1 err
  err=$(gzip -dc "$page" | "$PITH" -f json - 2>&1 >/dev/null)
  local status=$?
  if [ "$status" -gt 1 ] && [ "$status" -ne 3 ] || grep -qE "Sanitizer|runtime error|internal error" <<<"$err"; then
    echo "FAIL $page: exit $status"
    grep -m5 -E "ERROR|runtime error|SUMMARY|internal" <<<"$err"
  else
    echo "ok"
  fi
}
export -f run_page
export PITH=$pith
printf '%s\0' "${pages[@]}" | xargs -0 -n 1 -P "${JOBS:-2}" bash -c 'run_page "$0"' >"$work/log"
failed=$(grep -c '^FAIL' "$work/log")
passed=$(grep -c '^ok$' "$work/log")
grep -A5 '^FAIL' "$work/log" | head -60
echo "devset: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -eq ${#pages[@]} ]
