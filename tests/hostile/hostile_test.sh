#!/usr/bin/env bash
# ctest entry for the adversarial corpus: generates it in a scratch folder and
# runs tests/hostile/run.py over it.
#   hostile_test.sh PITH [run.py options...]
# PITH_HOSTILE_FULL=1 uses the full-size corpus (a 100 MB page, a million
# nested divs...: minutes, several GB of disk); the default is the small one.
set -euo pipefail
pith=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scale=small
[ "${PITH_HOSTILE_FULL:-0}" = 1 ] && scale=full
python3 "$here/make_corpus.py" "$work" --scale "$scale"
python3 "$here/run.py" "$pith" "$work" "$@"
