#!/usr/bin/env bash
# `pith check` and `pith fixture new` as a user runs them, end to end.
# A copied fixture with one expected line broken fails with exit 1 and a
# readable diff; --update makes it pass again with a one-file change; the
# JUnit report parses as XML; snapshots of a file pass at once.
set -uo pipefail
pith=$1 fixtures=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passes=0

# run NAME WANT_EXIT COMMAND... : runs COMMAND (stdout in $work/out, stderr in $work/err).
run() {
  local name=$1 want=$2; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then passes=$((passes + 1)); else
    failures=$((failures + 1)); echo "FAIL $name: exit $got, want $want"; head -5 "$work/out" "$work/err"; fi
}
# assert NAME CONDITION... : a shell test on what the last command printed.
assert() {
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else
    failures=$((failures + 1)); echo "FAIL $name"; sed 's/^/  | /' "$work/out" | head -30; fi
}
has() { grep -qF -- "$1" "$work/${2:-out}"; }

# Copies of three project fixtures pass, in parallel, with a JUnit report.
# (ctest's `fixtures` test runs all of them.)
mkdir -p "$work/suite"
for name in one-paragraph-it gate-news-pt zh-news-gbk; do cp -r "$fixtures/$name" "$work/suite/"; done
run "fixtures pass" 0 "$pith" check "$work/suite" --jobs 2 --junit "$work/all.xml"
assert "summary line" grep -qE '^3 passed, 0 failed$' "$work/out"
assert "table header" grep -qE '^fixture +P +R +F1 +floor +snippets +fields +result$' "$work/out"
assert "junit parses, one testcase per fixture, no failure" python3 - "$work/all.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.findall("./testsuite/testcase")
assert root.tag == "testsuites" and len(cases) == 3, (root.tag, len(cases))
assert [c.get("name") for c in cases] == ["gate-news-pt", "one-paragraph-it", "zh-news-gbk"]
assert not root.findall(".//failure") and not root.findall(".//error")
EOF
rm -rf "$work/suite/gate-news-pt" "$work/suite/zh-news-gbk"

# A copy of one fixture, one expected line broken: exit 1 and a diff naming the line.
fx=$work/suite/one-paragraph-it
python3 - "$fx/expected.txt" <<'EOF'
import sys
path = sys.argv[1]
lines = open(path, encoding="utf-8").read().split("\n")
longest = max(range(len(lines)), key=lambda i: len(lines[i]))
lines[longest] = "Una frase che la pagina non contiene affatto, scritta per rompere il confronto con il testo atteso."
open(path, "w", encoding="utf-8").write("\n".join(lines))
EOF
cp -r "$work/suite" "$work/before"
run "broken line fails" 1 "$pith" check "$work/suite" --junit "$work/broken.xml"
assert "FAIL row" grep -qE '^one-paragraph-it .* FAIL$' "$work/out"
assert "reason given" has "below floor"
assert "diff: the broken line as missing" has "- Una frase che la pagina non contiene affatto"
assert "diff: the real line as extra" has "+ La cartoleria Zanetti di via Castiglione"
assert "summary counts the failure" has "0 passed, 1 failed"
assert "junit failure parses" python3 - "$work/broken.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
failure = root.find("./testsuite/testcase[@name='one-paragraph-it']/failure")
assert failure is not None and "below floor" in failure.get("message"), failure
assert "- Una frase che la pagina" in failure.text
assert root.get("failures") == "1"
EOF

assert "hint to accept" has "--update --name one-paragraph-it" err

# A long article with a floor of 1.00: any broken line fails.
cp -r "$fixtures/gate-news-pt" "$work/suite/"
sed -i '5s/.*/This line was edited by hand./' "$work/suite/gate-news-pt/expected.txt"
run "gate: broken line fails" 1 "$pith" check "$work/suite/gate-news-pt"
assert "gate: diff" has "- This line was edited by hand."
rm -rf "$work/suite/gate-news-pt"

run "json results" 1 "$pith" check "$work/suite" --json
assert "json is machine-readable" python3 -c "
import json; d = json.load(open('$work/out'))
f = d['fixtures'][0]
assert d['failed'] == 1 and f['name'] == 'one-paragraph-it' and not f['passed'] and f['f1'] < f['f1_floor']
assert any(l.startswith('Una frase') for l in f['missing_lines'])"

# --update: refuses a whole folder without --all, rewrites a named one.
run "update needs a name or --all" 2 "$pith" check "$work/suite" --update
assert "says why" has "--all" err
run "update by name" 0 "$pith" check "$work/suite" --update --name one-paragraph-it
assert "update reports the file" has "updated $fx/expected.txt" err
assert "one-file change" bash -c "[ \"\$(diff -rq '$work/before' '$work/suite' | wc -l)\" = 1 ] &&
  diff -rq '$work/before' '$work/suite' | grep -q 'expected.txt'"
run "passes after update" 0 "$pith" check "$work/suite"
run "update again: nothing to write" 0 "$pith" check "$fx" --update
assert "no file written" has "0 files updated" err
run "update --all" 0 "$pith" check "$work/suite" --update --all

# A user's fixture from a file: snapshot, check, drift, update.
run "fixture new from a file" 0 "$pith" fixture new "$fixtures/gate-news-pt/page.html" --name gate \
  --dir "$work/mine" --url https://news.example/gate
assert "prints where to look" has "$work/mine/gate"
assert "exact bytes" cmp -s "$fixtures/gate-news-pt/page.html" "$work/mine/gate/page.html"
assert "url and floor recorded" python3 -c "
import json; s = json.load(open('$work/mine/gate/fixture.json'))
assert s['url'] == 'https://news.example/gate' and s['f1_floor'] == 1.0"
assert "expected text recorded" grep -q "Lin Haibin" "$work/mine/gate/expected.txt"
run "new fixture passes" 0 "$pith" check "$work/mine"
sed -i '3s/.*/A paragraph nobody wrote./' "$work/mine/gate/expected.txt"
run "drift fails at floor 1.0" 1 "$pith" check "$work/mine"
assert "drift diff" has "- A paragraph nobody wrote."
run "update by folder" 0 "$pith" check "$work/mine/gate" --update
run "passes again" 0 "$pith" check "$work/mine"

gzip -c "$fixtures/gate-news-pt/page.html" >"$work/page.html.gz"
run "fixture new from gzip" 0 "$pith" fixture new "$work/page.html.gz" --name zipped --dir "$work/mine"
assert "kept gzipped" cmp -s "$work/page.html.gz" "$work/mine/zipped/page.html.gz"
run "gzip fixture passes" 0 "$pith" check "$work/mine/zipped"

# Errors: documented exit codes, one clear line.
run "no folder" 2 "$pith" check
run "missing folder" 2 "$pith" check "$work/absent"
assert "names it" has "absent" err
mkdir -p "$work/empty"
run "no fixtures" 2 "$pith" check "$work/empty"
run "no such name" 2 "$pith" check "$work/suite" --name nothing
run "--all alone" 2 "$pith" check "$work/suite" --all
run "bad jobs" 2 "$pith" check "$work/suite" --jobs 0
run "bad fixture.json" 1 bash -c "echo '{\"f1_floor\": ' > '$work/suite/one-paragraph-it/fixture.json' && '$pith' check '$work/suite'"
assert "error row" grep -qE '^one-paragraph-it .* ERROR$' "$work/out"
assert "error reason" has "fixture.json is not valid JSON"
run "fixture name invalid" 2 "$pith" fixture new "$fixtures/gate-news-pt/page.html" --name ../x --dir "$work/mine"
run "fixture exists" 3 "$pith" fixture new "$fixtures/gate-news-pt/page.html" --name gate --dir "$work/mine"
run "fixture file missing" 3 "$pith" fixture new "$work/absent.html" --name y --dir "$work/mine"
run "fixture fetch refused (exit 7, as pith URL)" 7 "$pith" fixture new http://127.0.0.1:9/ --name z --dir "$work/mine" --timeout 5
assert "failed fetch leaves nothing" test ! -e "$work/mine/z"
run "fixture without subcommand" 2 "$pith" fixture

echo "check: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
