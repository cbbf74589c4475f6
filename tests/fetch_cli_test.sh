#!/usr/bin/env bash
# The fetching CLI against a local server (tests/http/server.py): one exit code
# per fault for a single URL, and --batch's contract: one JSON record per input
# line, in order, on 1,000 URLs with faults mixed in; SIGINT flushes.
set -uo pipefail
pith=$1 server=$2
work=$(mktemp -d)
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost
python3 "$server" >"$work/port" &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
[ -n "$port" ] || { echo "FAIL the test server did not start"; exit 1; }
base=http://127.0.0.1:$port
failures=0 passes=0

# expect NAME EXPECTED_EXIT COMMAND... : runs COMMAND, checks its exit code.
expect() {
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then passes=$((passes + 1)); else
    failures=$((failures + 1)); echo "FAIL $name: exit $got, want $want"; head -3 "$work/err"; fi
}
check() {
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else failures=$((failures + 1)); echo "FAIL $name"; fi
}
one_line_error() { [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "^pith: " "$work/err"; }

# One URL per fault.
expect "article" 0 "$pith" "$base/article"
check "article text" grep -q "The harbour committee met on Tuesday" "$work/out"
expect "redirect chain" 0 "$pith" -f json "$base/redirect/chain/3"
check "final url reported" grep -q "\"url\":\"$base/article\"" "$work/out"
expect "gzip" 0 "$pith" "$base/gzip"
expect "brotli" 0 "$pith" "$base/brotli"
expect "windows-1251 from the header" 0 "$pith" "$base/cp1251"
check "cp1251 decoded" grep -q "Портовый комитет" "$work/out"
expect "gbk from the header" 0 "$pith" "$base/gbk"
check "gbk decoded" grep -q "港口委员会" "$work/out"
expect "shift_jis from the header" 0 "$pith" "$base/sjis"
check "sjis decoded" grep -q "港湾委員会" "$work/out"
expect "429 then success" 0 "$pith" "$base/retry/429?key=cli-1"
expect "network error" 4 "$pith" --retries 0 "$base/reset?key=cli-2"
check "network message" one_line_error
expect "bad scheme" 5 "$pith" "ftp://127.0.0.1/x"
check "bad scheme message" grep -q "only http:// and https://" "$work/err"
expect "dns" 6 "$pith" "http://no-such-host.invalid/"
expect "refused" 7 "$pith" "http://127.0.0.1:1/"
check "refused message" one_line_error
expect "timeout" 8 "$pith" --timeout 1 "$base/slow"
check "timeout message" grep -q "timed out" "$work/err"
expect "tls" 9 "$pith" "https://127.0.0.1:$port/article"
expect "404" 10 "$pith" "$base/status/404"
check "404 message" grep -qx "pith: HTTP 404 from $base/status/404" "$work/err"
expect "500" 10 "$pith" "$base/status/500"
expect "429 beyond the retry cap" 10 "$pith" "$base/retry/429-long"
expect "endless body" 11 "$pith" --max-bytes 100000 "$base/endless"
check "too large message" grep -qx "pith: $base/endless: body larger than 100000 bytes" "$work/err"
expect "huge headers" 11 "$pith" "$base/huge-headers"
expect "a header line over 100 KiB" 11 "$pith" "$base/long-header-line"
expect "an HTTP/0.9 reply" 4 "$pith" "$base/http09"
expect "status 2000" 4 "$pith" "$base/status-2000"
expect "redirect loop" 12 "$pith" "$base/redirect/loop"
expect "truncated" 13 "$pith" "$base/truncated"
check "truncated message" one_line_error
expect "pdf" 14 "$pith" "$base/pdf"
check "pdf message" grep -q "not an HTML page (Content-Type: application/pdf)" "$work/err"
expect "user agent" 0 "$pith" --user-agent "probe/9" "$base/echo"
check "user agent sent" grep -q "User-Agent: probe/9" "$work/out"

# Batch: 1,100 inputs with faults mixed in, blank lines and comments between them. The
# list is run in chunks of 1,024 inputs: robots.txt must still be fetched once.
python3 - "$base" "$work" >"$work/batch.txt" <<'PY'
import sys
base, work = sys.argv[1], sys.argv[2]
faults = [
    ("/status/404", "http_status"), ("/pdf", "not_html"), ("/truncated", "truncated"),
    ("/private/page", "blocked_robots"), ("/redirect/loop", "redirect_loop"),
    ("/status/500", "http_status"), ("/json", "not_html"),
]
print("# 1,100 inputs for pith --batch")
for i in range(1100):
    if i % 50 == 7:
        print("")  # blank lines are not inputs
        print("   # an indented comment")
    if i % 10 == 3:
        path, code = faults[(i // 10) % len(faults)]
        print(f"{base}{path}")
    elif i % 100 == 11:
        print(f"{base}/retry/503?key=batch-{i}")
    elif i % 100 == 21:
        print(f"ftp://127.0.0.1/{i}")
    elif i % 100 == 31:
        print(f"{work}/no-such-file-{i}.html")
    elif i % 250 == 41:
        print(f"{base}/slow")
    else:
        print(f"{base}/page/{i}")
PY
expect "batch of 1100" 0 "$pith" --batch "$work/batch.txt" --allow-private --jobs 8 --per-host 8 --delay 0 \
  --timeout 2
cp "$work/out" "$work/batch.jsonl"
check "batch: exactly one record per input line, in order, each with the right outcome" \
  python3 - "$work/batch.txt" "$work/batch.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
inputs = [(n + 1, l.strip()) for n, l in enumerate(lines) if l.strip() and not l.strip().startswith("#")]
records = [json.loads(l) for l in open(sys.argv[2])]
assert len(inputs) == 1100, len(inputs)
assert len(records) == 1100, len(records)
expected = {"/status/404": "http_status", "/pdf": "not_html", "/truncated": "truncated",
            "/private/page": "blocked_robots", "/redirect/loop": "redirect_loop",
            "/status/500": "http_status", "/json": "not_html", "/slow": "timeout"}
for (line, text), r in zip(inputs, records):
    assert r["line"] == line and r["input"] == text, (line, text, r["line"], r["input"])
    path = text.split("://", 1)[-1].partition("/")[2]
    path = "/" + path.split("?")[0]
    if text.startswith("ftp://"):
        assert r["error"]["code"] == "bad_url", r
    elif "no-such-file" in text:
        assert r["error"]["code"] == "io_failed" and r["url"] is None, r
    elif path in expected:
        assert r["error"]["code"] == expected[path], (text, r.get("error"))
        assert "\n" not in r["error"]["message"]
    else:  # pages and retried 503s
        assert "error" not in r, r
        assert r["status"] == 200 and r["final_url"] == text and r["has_main_content"], r
        if "/page/" in text:
            assert r["title"] == "Ferry timetable review " + path.rsplit("/", 1)[1], r["title"]
print(len(records), "records")
PY
check "batch: robots.txt fetched once, across chunks" \
  bash -c "[ \"\$(curl -s '$base/stats?path=/robots.txt')\" = 1 ]"

# Standard input, the private-address guard on by default, --ignore-robots.
printf '%s\n' "$base/article" | "$pith" --batch - >"$work/guarded.jsonl"
check "batch: the guard is on by default" grep -q '"code":"blocked_private"' "$work/guarded.jsonl"
# A literal address in each refused special-purpose range (src/fetch/address_guard.cpp)
# and in each IPv4-in-IPv6 form: refused with blocked_private, the guard's
# verdict on the address before any socket exists (a connect attempt would end
# as refused or timeout instead).
cat >"$work/special.txt" <<'URLS'
http://0.0.0.1/
http://10.1.2.3/
http://100.64.0.1/
http://127.0.0.2/
http://169.254.169.254/latest/meta-data/
http://172.16.0.1/
http://192.0.0.9/
http://192.0.2.1/
http://192.88.99.1/
http://192.168.1.1/
http://198.18.0.1/
http://198.51.100.1/
http://203.0.113.1/
http://224.0.0.1/
http://240.0.0.1/
http://255.255.255.255/
http://[::1]/
http://[::]/
http://[::ffff:10.0.0.1]/
http://[::10.0.0.1]/
http://[64:ff9b::a00:1]/
http://[64:ff9b:1::808:808]/
http://[100::1]/
http://[2001::1]/
http://[2001:2::1]/
http://[2001:10::1]/
http://[2001:20::1]/
http://[2001:db8::1]/
http://[2002:a00:1::1]/
http://[3fff::1]/
http://[5f00::1]/
http://[fc00::1]/
http://[fe80::1]/
http://[ff02::1]/
URLS
"$pith" --batch "$work/special.txt" --timeout 5 --delay 0 >"$work/special.jsonl"
check "batch: every special-purpose range refused before connecting" \
  python3 - "$work/special.txt" "$work/special.jsonl" <<'PY'
import json, sys
urls = open(sys.argv[1]).read().split()
records = [json.loads(l) for l in open(sys.argv[2])]
assert [r["input"] for r in records] == urls, [r["input"] for r in records]
for r in records:
    assert r.get("error", {}).get("code") == "blocked_private", r
    assert "refusing to connect to" in r["error"]["message"], r
PY
printf '%s\n' "$base/private/page" | "$pith" --batch - --allow-private --ignore-robots >"$work/ignored.jsonl"
check "batch: --ignore-robots" grep -q '"has_main_content":true' "$work/ignored.jsonl"
expect "batch and a positional input" 2 "$pith" --batch - "$base/article"
expect "batch input missing" 3 "$pith" --batch "$work/none.txt"

# A reader that goes away: pith stops fetching quietly with exit 141, as for
# one page (docs/cli.md, "Exit codes"); no SIGPIPE death, no hang.
for i in $(seq 300); do echo "$base/page/$i"; done >"$work/many.txt"
timeout 60 "$pith" --batch "$work/many.txt" --allow-private --delay 0 2>"$work/pipe.err" | head -1 >/dev/null
code=${PIPESTATUS[0]}
check "closed stdout: exit 141 (got $code)" test "$code" -eq 141
check "closed stdout: no message" test ! -s "$work/pipe.err"

# SIGINT: what is done is written, in order; the exit code says interrupted.
# Line 3 finishes while line 2 is still dripping, so it can only be written by
# the interrupt's flush. The wait is on evidence (line 1 written, line 3 served
# by the server), bounded by the clock rather than a count of polls (each poll
# runs curl, slow on a loaded machine), then a margin for line 3's extraction
# under ASan. /slow drips forever and the fetch timeout (600 s) is far beyond
# both waits, so the interrupt always arrives while line 2 is still pending.
printf '%s\n' "$base/article" "$base/slow" "$base/page/9001" >"$work/interrupt.txt"
"$pith" --batch "$work/interrupt.txt" --allow-private --delay 0 --timeout 600 >"$work/int.jsonl" 2>"$work/int.err" &
pid=$!
deadline=$((SECONDS + 120))
while [ "$SECONDS" -lt "$deadline" ]; do
  [ "$(wc -l <"$work/int.jsonl")" -ge 1 ] &&
    [ "$(curl -s "$base/stats?path=/page/9001")" -ge 1 ] 2>/dev/null && break
  sleep 0.1
done
sleep 20
kill -INT $pid
wait $pid
code=$?
check "interrupt exit code 130 (got $code)" test "$code" -eq 130
check "interrupt: done records written in order" python3 -c "
import json
r = [json.loads(l) for l in open('$work/int.jsonl')]
assert [x['line'] for x in r] == [1, 3], r
"
check "interrupt message" grep -q "interrupted: wrote 2 of 3 records" "$work/int.err"

echo "fetch_cli_test: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
