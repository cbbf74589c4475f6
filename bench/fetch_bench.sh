#!/usr/bin/env bash
# bench/fetch_bench.sh [PITH] [PAGES]
#
# Batch throughput of `pith --batch` against the local test server
# (tests/http/server.py): pages/s and peak RSS with --jobs 1 and --jobs 8, for
# a ~40 KB page served at once and with 50 ms of simulated network latency.
# robots.txt is on (fetched once), the per-host delay off (--delay 0),
# --per-host equal to --jobs. The server is Python: at 0 ms latency it, not
# pith, is the bottleneck (both share this machine's cores).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PITH="${1:-$ROOT/build/pith}"
PAGES="${2:-1000}"
work=$(mktemp -d)
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost
python3 "$ROOT/tests/http/server.py" >"$work/port" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base=http://127.0.0.1:$(head -1 "$work/port")

printf '%-10s %5s %6s %9s %9s %8s %10s\n' latency jobs pages seconds pages/s "peak MB" "pith CPU s"
for latency in 0 50; do
  for i in $(seq "$PAGES"); do echo "$base/long/$i?sleep=$latency"; done >"$work/urls.txt"
  for jobs in 1 8; do
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$PITH" --batch "$work/urls.txt" --allow-private \
      --jobs "$jobs" --per-host "$jobs" --delay 0 >"$work/out.jsonl"
    read -r seconds kb user sys <"$work/time"
    records=$(wc -l <"$work/out.jsonl")
    ok=$(grep -c '"has_main_content":true' "$work/out.jsonl" || true)
    [ "$records" -eq "$PAGES" ] && [ "$ok" -eq "$PAGES" ] || echo "warning: $records records, $ok with content" >&2
    awk -v l="${latency} ms" -v j="$jobs" -v n="$PAGES" -v s="$seconds" -v kb="$kb" -v cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
      'BEGIN { printf "%-10s %5d %6d %9.2f %9.1f %8.1f %10.2f\n", l, j, n, s, n / s, kb / 1024, cpu }'
  done
done
