#!/usr/bin/env bash
# bench/discover_bench.sh [PITH]
#
# Discovery against the local test server's small site (tests/http/small_site.py):
# wall time and peak RSS of reading a 50,000-URL sitemap (--list: no page
# fetched), of a 150-page crawl, and of --input-dir --output-dir on a 3-level
# tree of 500 pages. The per-host delay is off (--delay 0).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PITH="${1:-$ROOT/build/pith}"
work=$(mktemp -d)
export no_proxy=127.0.0.1,localhost NO_PROXY=127.0.0.1,localhost
python3 "$ROOT/tests/http/server.py" >"$work/port" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
site=http://127.0.0.1:$(head -1 "$work/port")/site
net=(--allow-private --delay 0 --per-host 4)

python3 - "$work/in" <<'PY'
import os, sys
for k in range(500):
    d = os.path.join(sys.argv[1], f"a{k // 100}", f"b{k // 10 % 10}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"p{k % 10}.html"), "w") as f:
        f.write(f"<html><body><article><h1>Page {k}</h1><p>{'The harbour committee met, and more. ' * 20}</p>"
                "</article></body></html>")
PY

measure() {  # NAME COMMAND...: one table row
  local name=$1; shift
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>/dev/null
  read -r seconds kb <"$work/time"
  printf '%-34s %8s %9.2f %8.1f\n' "$name" "$(wc -l <"$work/out")" "$seconds" "$(awk -v kb="$kb" 'BEGIN { print kb / 1024 }')"
}
printf '%-34s %8s %9s %8s\n' case lines seconds "peak MB"
measure "--sitemap (50,000 URLs) --list" "$PITH" --sitemap "$site/big.xml" --list "${net[@]}"
measure "--crawl --max-pages 150" "$PITH" --crawl "$site/" --max-pages 150 "${net[@]}"
measure "--input-dir (500) --output-dir" "$PITH" --input-dir "$work/in" --output-dir "$work/out-dir"
