#!/usr/bin/env bash
# The CLI on hostile ground (issue 6): unreadable inputs, closed stdout, bad
# options, hostile pages in batch mode. Each case checks the documented exit
# code and a clear one-line message; batch mode must write one record per input.
set -uo pipefail
pith=$1 fixtures=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passes=0

expect() {  # expect NAME EXPECTED_EXIT COMMAND...
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then passes=$((passes + 1)); else
    failures=$((failures + 1)); echo "FAIL $name: exit $got, want $want"; head -3 "$work/err"; fi
}
check() {  # check NAME COMMAND... : a shell test on the last output
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else failures=$((failures + 1)); echo "FAIL $name"; fi
}
one_line_message() { [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q '^pith: ' "$work/err"; }

sample=$fixtures/gate-news-pt/page.html

# A big page whose output is larger than a pipe buffer, read by `head`.
python3 - "$work/big.html" <<'PY'
import sys
p = "<p>" + "A sentence of the article that goes on for a while. " * 20 + "</p>\n"
open(sys.argv[1], "w").write("<html><body><article><h1>Big</h1>" + p * 3000 + "</article></body></html>")
PY
for format in text json markdown html; do
  "$pith" -f "$format" "$work/big.html" 2>"$work/err" | head -c 10 >"$work/out"
  status=${PIPESTATUS[0]}
  check "closed stdout ($format) exits 141" test "$status" -eq 141
  check "closed stdout ($format) is quiet" test ! -s "$work/err"
  check "closed stdout ($format) printed the start" test "$(wc -c <"$work/out")" -eq 10
done
if [ -w /dev/full ]; then
  "$pith" -f json "$work/big.html" >/dev/full 2>"$work/err"
  check "full disk exits 3" test $? -eq 3
  check "full disk message" grep -q "cannot write the output" "$work/err"
fi

# Inputs that cannot be read.
expect "missing path" 3 "$pith" "$work/nope/none.html"
check "missing path message" one_line_message
expect "directory" 3 "$pith" "$work"
check "directory message" grep -q "is a directory" "$work/err"
mkfifo "$work/fifo" 2>/dev/null && { (exec 3>"$work/fifo"; sleep 0.2) & }
[ -p "$work/fifo" ] && expect "fifo closed empty" 3 "$pith" "$work/fifo"
if [ -r /proc/self/mem ]; then
  expect "read error (/proc/self/mem)" 3 "$pith" /proc/self/mem
  check "read error message" one_line_message
fi
if [ "$(id -u)" -ne 0 ]; then
  cp "$sample" "$work/locked.html" && chmod 000 "$work/locked.html"
  expect "unreadable file" 3 "$pith" "$work/locked.html"
  check "unreadable message" grep -q "cannot read" "$work/err"
fi
# Endless inputs stop at --max-bytes instead of filling memory.
expect "endless file (/dev/zero)" 3 "$pith" --max-bytes 100000 /dev/zero
check "endless file message" grep -q "larger than the limit" "$work/err"
expect "endless stdin" 3 bash -c "'$pith' --max-bytes 100000 - </dev/zero"
check "endless stdin message" grep -q "larger than the limit" "$work/err"
expect "empty stdin" 3 bash -c "'$pith' - </dev/null"
check "empty stdin message" one_line_message

# Invalid options: exit 2 and a pointer to --help.
expect "unknown option" 2 "$pith" --frobnicate "$sample"
expect "option without value" 2 "$pith" "$sample" --format
expect "bad number" 2 "$pith" --max-bytes lots "$sample"
expect "negative number" 2 "$pith" --max-bytes -5 "$sample"
expect "bad format" 2 "$pith" -f docx "$sample"
check "usage message names --help" grep -q -- "--help" "$work/err"

# Hostile pages through the CLI: documented outcome, valid JSON.
python3 - "$work" <<'PY'
import sys
w = sys.argv[1]
open(f"{w}/deep.html", "w").write("<html><body>" + "<div>" * 200000 +
                                  "<p>" + "The deep text of the page goes on. " * 20 + "</p>")
open(f"{w}/nul.html", "wb").write(b"<html><body><p>a\0b\0c " + b"word " * 100 + b"</p>")
open(f"{w}/binary.bin", "wb").write(bytes(range(256)) * 64)
PY
expect "deep nesting" 0 "$pith" -f json "$work/deep.html"
check "deep nesting keeps the text" grep -q "deep text of the page" "$work/out"
check "deep nesting warns of the truncation" grep -q "warning: .*deeper than the depth limit" "$work/err"
expect "nul bytes" 0 "$pith" -f json "$work/nul.html"
check "nul bytes gone from the output" python3 -c "
import json; d=json.load(open('$work/out')); assert '\0' not in d['text'] and 'word' in d['text']"

# Batch mode: a failing page yields an error record and the run goes on; one
# record per input line.
if "$pith" --help 2>/dev/null | grep -q -- "--batch"; then
  : >"$work/empty.html"
  printf '%s\n' "$sample" "$work/missing.html" "$work" "$work/empty.html" "$work/binary.bin" \
    "$work/deep.html" "$work/nul.html" "$sample" >"$work/list.txt"
  "$pith" --batch "$work/list.txt" >"$work/out" 2>"$work/err"
  status=$?
  check "batch runs to the end (exit $status)" test "$status" -ne 130 -a "$status" -lt 128
  check "batch: one record per input" test "$(wc -l <"$work/out")" -eq 8
  check "batch: every record is JSON" python3 -c "
import json
for line in open('$work/out'): json.loads(line)"
  check "batch: failures are error records" test "$(grep -c '"error"' "$work/out")" -ge 4
  "$pith" --batch "$work/list.txt" 2>"$work/err" | head -c 100 >/dev/null
  status=${PIPESTATUS[0]}
  check "batch into a closed pipe ends without a signal (exit $status)" test "$status" -lt 128 -o "$status" -eq 141
fi

echo "hostile_cli: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
