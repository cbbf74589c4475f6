#!/usr/bin/env bash
# The CLI's contract: output formats, documented exit codes, one-line errors.
set -uo pipefail
pith=$1 fixtures=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passes=0

# expect NAME EXPECTED_EXIT COMMAND... : runs COMMAND, checks its exit code.
expect() {
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then passes=$((passes + 1)); else
    failures=$((failures + 1)); echo "FAIL $name: exit $got, want $want"; head -3 "$work/err"; fi
}
# check NAME CONDITION... : a shell test on the last output.
check() {
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else failures=$((failures + 1)); echo "FAIL $name"; fi
}

sample=$fixtures/gate-news-pt/page.html
expect "text from file" 0 "$pith" "$sample"
check "text has the article" grep -q "Lin Haibin" "$work/out"
check "text has no comments" bash -c "! grep -q 'Ver originalResponder' '$work/out'"

expect "text from stdin" 0 bash -c "'$pith' - < '$sample'"
check "stdin has the article" grep -q "Lin Haibin" "$work/out"

# A page saved as it came off the wire, still gzip- or zstd-encoded, whatever its name.
gzip -c "$sample" > "$work/wire.html"
expect "gzip-encoded page" 0 bash -c "'$pith' - < '$work/wire.html'"
check "gzip-encoded page has the article" grep -q "Lin Haibin" "$work/out"
if command -v zstd > /dev/null; then
  zstd -q -c "$sample" > "$work/wire-zstd.html"
  expect "zstd-encoded page" 0 "$pith" "$work/wire-zstd.html"
  check "zstd-encoded page has the article" grep -q "Lin Haibin" "$work/out"
fi

expect "json" 0 "$pith" --format json --url https://example.org/a "$sample"
check "json is one object" python3 -c "import json,sys; d=json.load(open('$work/out')); assert d['has_main_content'] and d['url']=='https://example.org/a' and d['blocks']"

expect "markdown" 0 "$pith" -f markdown --title "$sample"
check "markdown heading" grep -q "^# " "$work/out"

expect "html" 0 "$pith" -f html "$sample"
check "html has no script" bash -c "grep -q '<p>' '$work/out' && ! grep -qi '<script' '$work/out'"

expect "xml" 0 "$pith" -f xml --comments --links --images --url https://example.org/a "$sample"
check "xml is well-formed, trafilatura's shape" python3 -c "
import xml.etree.ElementTree as E
d = E.parse('$work/out').getroot()
assert d.tag == 'doc' and d.get('url') == 'https://example.org/a' and d.find('main/p') is not None"
for page in "$fixtures"/*/page.html; do
  "$pith" -f xml --comments --links --images "$page" >"$work/fx.xml" 2>/dev/null
  check "xml well-formed: $page" python3 -c "
import sys, xml.etree.ElementTree as E
data = open('$work/fx.xml', 'rb').read()
data and E.fromstring(data)"
done

# Links and images as data, with absolute addresses, in every format that shows them.
cat >"$work/media.html" <<'PAGE'
<html dir="rtl"><head><title>Media</title></head><body><nav><a href="/home">Home</a></nav>
<article><h1>Lazy images</h1><p>The first paragraph has enough words to count as the content of this page,
and a <a href="guide">guide</a> in it.</p>
<figure><img src="data:image/gif;base64,R0lGOD" data-src="/img/cat.jpg" alt="A cat" width="640">
<figcaption>The cat, asleep.</figcaption></figure>
<ul><li>The first point of the list<ol><li>A detail of the first point</li></ol></li><li>The second point</li></ul>
<p>The last paragraph also has enough words to count as the content of this page, to be sure.</p></article></body></html>
PAGE
expect "json links images" 0 "$pith" -f json --links --images -u https://x.example/a/ "$work/media.html"
check "json lists links and lazy images, absolute" python3 -c "
import json; d = json.load(open('$work/out'))
assert {'text': 'guide', 'url': 'https://x.example/a/guide', 'in_content': True} in d['links'], d['links']
assert {'text': 'Home', 'url': 'https://x.example/home', 'in_content': False} in d['links']
assert d['images'][0] == {'url': 'https://x.example/img/cat.jpg', 'alt': 'A cat', 'caption': 'The cat, asleep.', 'width': 640, 'height': None}, d['images']
assert d['direction'] == 'rtl' and '[guide](https://x.example/a/guide)' in d['markdown']"
expect "text structure" 0 "$pith" "$work/media.html"
check "text keeps bullets and nesting" grep -qx "  1. A detail of the first point" "$work/out"
expect "text plain" 0 "$pith" --plain "$work/media.html"
check "plain text has no bullets" bash -c "grep -qx 'A detail of the first point' '$work/out' && ! grep -q '^- ' '$work/out'"
expect "text alt and links" 0 "$pith" --links --images -u https://x.example/a/ "$work/media.html"
check "text shows the alt text and the address" bash -c "grep -q '\[A cat\]' '$work/out' && grep -q 'guide <https://x.example/a/guide>' '$work/out'"
expect "markdown front matter" 0 "$pith" -f md --with-metadata "$work/media.html"
check "front matter first" bash -c "head -1 '$work/out' | grep -qx -- '---' && grep -qx 'title: \"Media\"' '$work/out'"
expect "html document" 0 "$pith" -f html --html-document "$work/media.html"
check "html document head" bash -c "grep -q '<html[^>]* dir=\"rtl\">' '$work/out' && grep -q '<title>Media</title>' '$work/out'"
printf '%s\n' "$work/media.html" >"$work/list.txt"
expect "batch format fields" 0 "$pith" --batch "$work/list.txt" --format html --fields title,html,images --images
check "batch record has the chosen fields" python3 -c "
import json; d = json.loads(open('$work/out').readline())
assert set(d) == {'line', 'input', 'url', 'final_url', 'status', 'title', 'html', 'images'}, set(d)
assert '<article dir=\"rtl\">' in d['html'] and d['images'][0]['alt'] == 'A cat'"
expect "unknown field" 2 "$pith" --batch "$work/list.txt" --fields nope
check "unknown field message" grep -q "unknown field nope" "$work/err"

expect "charset override" 0 "$pith" --charset gbk "$fixtures/zh-news-gbk/page.html"

printf '<html><body><nav><a href="/">Home</a></nav></body></html>' >"$work/empty-page.html"
expect "no main content" 1 "$pith" "$work/empty-page.html"
check "no-content message" grep -q "no main content" "$work/err"

expect "unknown option" 2 "$pith" --no-such-option "$sample"
expect "bad format" 2 "$pith" --format pdf "$sample"
expect "missing file" 3 "$pith" "$work/does-not-exist.html"
check "missing file message is one line" test "$(wc -l <"$work/err")" -eq 1
expect "directory" 3 "$pith" "$work"
: >"$work/empty.html"
expect "empty input" 3 "$pith" "$work/empty.html"
printf '%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n1 0 obj\n' >"$work/doc.pdf"
expect "pdf input" 3 "$pith" "$work/doc.pdf"
check "pdf message" grep -q "PDF" "$work/err"
head -c 5000 /dev/urandom >"$work/random.bin"
expect "binary input" 3 "$pith" "$work/random.bin"
expect "too large" 3 "$pith" --max-bytes 100 "$sample"
# At most the limit + 1 bytes are read, from a file or standard input: the
# offset of a descriptor pith shares with this shell says how many.
exec 3<"$sample"
expect "too large on stdin" 3 bash -c "'$pith' --max-bytes 10 - <&3"
check "--max-bytes 10 reads 11 bytes (read $(awk '/^pos:/{print $2}' /proc/$$/fdinfo/3))" \
  test "$(awk '/^pos:/{print $2}' /proc/$$/fdinfo/3)" -eq 11
exec 3<&-
expect "fetch refused" 7 "$pith" "http://127.0.0.1:1/"
expect "explain" 0 "$pith" --explain "$sample"
check "explain names the strategy" grep -q "^strategy: " "$work/out"
check "explain keeps the article" grep -q "^KEEP .*Lin Haibin" "$work/out"
check "explain says why the comments went" grep -q "^drop .*Ver original" "$work/out"
expect "precision" 0 "$pith" --precision "$sample"
check "precision keeps the article" grep -q "Lin Haibin" "$work/out"
expect "recall" 0 "$pith" --recall "$sample"
check "recall keeps the article" grep -q "Lin Haibin" "$work/out"
expect "precision and recall exclude each other" 2 "$pith" --precision --recall "$sample"
expect "help" 0 "$pith" --help
check "help's usage line names pith, not its path" grep -q "^Usage: pith \[OPTIONS\] \[URL|FILE|-\]" "$work/out"
check "help lists the commands" bash -c "grep -q '^  pith check DIR' '$work/out' && grep -q '^  pith fixture new' '$work/out' && grep -q '^  pith help' '$work/out'"
check "help has five examples or more" test "$(sed -n '/^Examples:/,/^$/p' "$work/out" | grep -c '^  pith\|^  curl')" -ge 5
cp "$work/out" "$work/help.txt"
expect "pith help" 0 "$pith" help
check "pith help is pith --help" cmp -s "$work/out" "$work/help.txt"
expect "pith help check" 0 "$pith" help check
check "pith help check shows check's usage" bash -c "grep -q '^Usage: pith check' '$work/out' && grep -q -- '--junit' '$work/out'"
expect "pith help fixture new" 0 "$pith" help fixture new
check "pith help fixture new shows its options" grep -q -- "--name" "$work/out"
expect "pith help of an unknown command" 2 "$pith" help nope
check "unknown command named" grep -q "unknown command nope" "$work/err"
# Started on a terminal with no input, pith prints a short usage instead of waiting for a page.
expect "no input on a terminal" 0 python3 -c "
import os, pty, subprocess, sys
leader, follower = pty.openpty()
run = subprocess.run([sys.argv[1]], stdin=follower, capture_output=True, timeout=20)
assert run.returncode == 2, run.returncode
assert run.stderr.startswith(b'Usage: pith [OPTIONS]'), run.stderr
assert b'pith --help' in run.stderr and not run.stdout" "$pith"
expect "bare host" 3 "$pith" example.org
check "bare host: did you mean https://" grep -q "(did you mean https://example.org?)" "$work/err"
expect "bare host and path" 3 "$pith" www.x.com/a
check "bare host and path: did you mean https://" grep -q "(did you mean https://www.x.com/a?)" "$work/err"
expect "missing page file" 3 "$pith" "$work/missing.html"
check "a missing .html file is no host" bash -c "! grep -q 'did you mean' '$work/err'"
expect "unknown option alone" 2 "$pith" --no-such-option "$sample"
check "unknown option named alone" bash -c "grep -q '^pith: unknown option --no-such-option$' '$work/err' && ! grep -q 'gate-news' '$work/err'"
expect "unknown option with a value" 2 "$pith" "$sample" --no-such=1
check "unknown option with a value named alone" grep -q '^pith: unknown option --no-such$' "$work/err"
expect "unknown option of check" 2 "$pith" check --nope "$fixtures"
check "check names the unknown option" grep -q '^pith check: unknown option --nope$' "$work/err"
expect "unknown charset" 2 "$pith" -c klingon "$sample"
check "unknown charset named" grep -q "^pith: unknown charset klingon" "$work/err"
expect "known charset label" 0 "$pith" -c Windows-1252 "$sample"
expect "unknown charset of a fixture" 2 "$pith" fixture new "$sample" --name x --dir "$work/fx" -c klingon
check "fixture names the unknown charset" grep -q "^pith fixture: unknown charset klingon" "$work/err"
# Seconds must be finite and sensible: a NaN timeout used to disable it, a delay of 1e10 to overflow to none.
expect "NaN timeout" 2 "$pith" --timeout nan "$sample"
check "NaN timeout named" grep -q "^pith: --timeout: nan seconds is out of range" "$work/err"
expect "infinite timeout" 2 "$pith" --timeout inf "$sample"
expect "zero timeout" 2 "$pith" --timeout 0 "$sample"
expect "huge delay" 2 "$pith" --delay 1e10 "$sample"
check "huge delay named" grep -q "^pith: --delay: 1e10 seconds is out of range (from 0 to 3600)" "$work/err"
expect "negative delay" 2 "$pith" --delay -1 "$sample"
expect "delay that is not a number" 2 "$pith" --delay soon "$sample"
expect "fractional timeout" 0 "$pith" --timeout 2.5 --delay 0 "$sample"
expect "version" 0 "$pith" --version
check "version text" grep -q "pith 0" "$work/out"

echo "cli: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
