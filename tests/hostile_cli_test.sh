#!/usr/bin/env bash
# The CLI on hostile ground: unreadable inputs, closed stdout, bad
# options, hostile pages in batch mode. Each case checks the documented exit
# code and a clear one-line message; batch mode must write one record per input.
set -uo pipefail
pith=$1 fixtures=$2
# --no-resource-checks (sanitizer builds): outcomes only; ASan's shadow memory
# and quarantine make peak RSS meaningless.
resource_checks=1
[ "${3:-}" = --no-resource-checks ] && resource_checks=0
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
# Numbered paragraphs: a paragraph said again word for word is left out.
p = "".join("<p>Part %d. " % k + "A sentence of the article that goes on for a while. " * 20 + "</p>\n"
            for k in range(3000))
open(sys.argv[1], "w").write("<html><body><article><h1>Big</h1>" + p + "</article></body></html>")
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
  # Records far larger than a pipe buffer: the reader is gone before the end.
  printf '%s\n' "$work/big.html" "$work/big.html" "$work/big.html" "$work/big.html" >"$work/big-list.txt"
  "$pith" --batch "$work/big-list.txt" 2>"$work/err" | head -c 100 >/dev/null
  status=${PIPESTATUS[0]}
  check "batch into a closed pipe exits 141 like one page (exit $status)" test "$status" -eq 141
  check "batch into a closed pipe is quiet" test ! -s "$work/err"

  # Lines that cannot name an input: a bad_line record each, the count kept.
  python3 - "$work/bad-lines.txt" "$sample" <<'PY'
import sys
open(sys.argv[1], "wb").write(b"\xef\xbb\xbf" + sys.argv[2].encode() + b"\r\n"
    + sys.argv[2].encode() + b"\0/etc/passwd\n# comment\n" + b"x" * 70000 + b"\n\n"
    + sys.argv[2].encode() + b"\n")
PY
  "$pith" --batch "$work/bad-lines.txt" >"$work/out" 2>"$work/err"
  status=$?
  check "batch: bad lines, exit 0 (exit $status)" test "$status" -eq 0
  check "batch: bad lines, one record per input" test "$(wc -l <"$work/out")" -eq 4
  check "batch: a BOM, NUL and a 70 KB line give ok, bad_line, bad_line, ok at lines 1, 2, 4, 6" python3 -c "
import json
r = [json.loads(l) for l in open('$work/out')]
assert [x['line'] for x in r] == [1, 2, 4, 6], r
assert 'error' not in r[0] and 'error' not in r[3], r[0]
assert r[1]['error']['code'] == 'bad_line' and 'NUL' in r[1]['error']['message']
assert r[2]['error']['code'] == 'bad_line' and '65536' in r[2]['error']['message']"

  # --max-bytes is the limit for batch inputs too, above the 64 MiB default
  # as well as below it (a sparse file: read fast, refused as binary).
  printf '%s\n' "$sample" >"$work/one.txt"
  "$pith" --batch "$work/one.txt" --max-bytes 1000 >"$work/out" 2>"$work/err"
  check "batch: --max-bytes 1000 refuses the page" grep -q '"code":"input_too_large"' "$work/out"
  truncate -s 65M "$work/sparse.bin" && printf '%s\n' "$work/sparse.bin" >"$work/sparse.txt"
  "$pith" --batch "$work/sparse.txt" >"$work/out" 2>"$work/err"
  check "batch: 65 MiB over the default limit" grep -q '"code":"input_too_large"' "$work/out"
  "$pith" --batch "$work/sparse.txt" --max-bytes 100000000 >"$work/out" 2>"$work/err"
  check "batch: 65 MiB read under --max-bytes 100000000" grep -q '"code":"not_html"' "$work/out"
  rm -f "$work/sparse.bin"

  # A list written slowly (a queue piped in): each line's record comes out
  # while the list is still open, not when a chunk of 1,024 lines is full;
  # SIGINT while waiting for the next line stops the run with 130.
  rm -f "$work/list.fifo" && mkfifo "$work/list.fifo"
  "$pith" --batch - <"$work/list.fifo" >"$work/out" 2>"$work/err" &
  batch_pid=$!
  exec 5>"$work/list.fifo"
  echo "$sample" >&5
  for _ in $(seq 100); do [ -s "$work/out" ] && break; sleep 0.1; done
  check "batch: a record for the first line while the list is open" test "$(wc -l <"$work/out")" -eq 1
  echo "$sample" >&5
  for _ in $(seq 100); do [ "$(wc -l <"$work/out")" -ge 2 ] && break; sleep 0.1; done
  check "batch: a record for the second line while the list is open" test "$(wc -l <"$work/out")" -eq 2
  kill -INT $batch_pid
  wait $batch_pid
  status=$?
  exec 5>&-
  check "batch: SIGINT while waiting for a line exits 130 (exit $status)" test "$status" -eq 130
  check "batch: SIGINT while waiting says what was written" grep -q "wrote 2 of 2 records" "$work/err"

  expect "batch: a directory as the list" 3 "$pith" --batch "$work"
  check "batch: a directory as the list says so" grep -q 'is a directory' "$work/err"

  # The list is streamed: records come out while the writer of the list is
  # still at work (a mapper's stdin), and a list of any length runs in
  # bounded memory (`yes | pith --batch -` used to be read whole first).
  rm -f "$work/list.fifo" && mkfifo "$work/list.fifo"
  (for i in $(seq 1100); do echo "$work/missing-$i.html"; done; sleep 20) >"$work/list.fifo" &
  writer=$!
  "$pith" --batch - <"$work/list.fifo" >"$work/stream.out" 2>/dev/null &
  reader=$!
  for _ in $(seq 100); do
    [ "$(wc -l <"$work/stream.out")" -ge 1024 ] && break
    sleep 0.1
  done
  check "batch: records of a list still being written come out (got $(wc -l <"$work/stream.out"))" \
    test "$(wc -l <"$work/stream.out")" -ge 1024
  kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null; wait "$reader"
  check "batch: the streamed list ends with one record per line" test "$(wc -l <"$work/stream.out")" -eq 1100
  if [ -x /usr/bin/time ] && [ "$resource_checks" = 1 ]; then
    yes "$work/missing.html" | head -n 300000 | /usr/bin/time -f "%M" -o "$work/rss" "$pith" --batch - \
      | wc -l >"$work/count"
    check "batch: 300,000 inputs on stdin, 300,000 records" test "$(cat "$work/count")" -eq 300000
    check "batch: 300,000 inputs in under 40 MB (peak RSS $(tail -1 "$work/rss") KB)" \
      test "$(tail -1 "$work/rss")" -lt 40000
  fi
fi

# WARC mode into a closed pipe: 141 as well, and the reading stops.
if "$pith" --help 2>/dev/null | grep -q -- "--warc"; then
  python3 - "$work/big.warc" "$work/big.html" <<'PY'
import sys
page = open(sys.argv[2], "rb").read()
http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + page
with open(sys.argv[1], "wb") as out:
    for k in range(6):
        out.write(b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%d>\r\n"
                  b"WARC-Target-URI: https://x.example/%d\r\nWARC-Date: 2024-05-01T10:00:00Z\r\n"
                  b"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
                  % (k, k, len(http)) + http + b"\r\n\r\n")
PY
  "$pith" --warc "$work/big.warc" 2>"$work/err" | head -c 100 >/dev/null
  status=${PIPESTATUS[0]}
  check "warc into a closed pipe exits 141 (exit $status)" test "$status" -eq 141
  check "warc into a closed pipe is quiet" test ! -s "$work/err"
fi

echo "hostile_cli: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
