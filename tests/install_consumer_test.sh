#!/usr/bin/env bash
# Installs the built project into a scratch prefix, checks the installed
# files, then builds and runs a consumer with find_package(pith) and with
# pkg-config.
set -euo pipefail
build_dir=$1 consumer_src=$2 fixtures=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build_dir" --prefix "$prefix" >/dev/null
for f in include/pith/pith.hpp include/pith/render.hpp include/pith/fetch.hpp include/pith/version.hpp \
         bin/pith; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
libdir=$(dirname "$(find "$prefix" -name 'libpith.*' | head -1)")
[ -f "$libdir/cmake/pith/pithConfig.cmake" ] || { echo "no pithConfig.cmake"; exit 1; }
[ -f "$libdir/pkgconfig/pith.pc" ] || { echo "no pith.pc"; exit 1; }

# The licence, in every package's metadata.
grep -q "Apache License" "$prefix/share/doc/pith/LICENSE" || { echo "no LICENSE in share/doc/pith"; exit 1; }
[ -f "$prefix/share/doc/pith/NOTICE" ] || { echo "no NOTICE in share/doc/pith"; exit 1; }
grep -qx "License: Apache-2.0" "$libdir/pkgconfig/pith.pc" || { echo "pith.pc names no licence"; exit 1; }
grep -q 'set(pith_LICENSE "Apache-2.0")' "$libdir/cmake/pith/pithConfig.cmake" || { echo "pithConfig.cmake names no licence"; exit 1; }

# The man page renders, is this version's, and documents every option --help lists.
man_page=$prefix/share/man/man1/pith.1
LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$man_page" >"$work/man.txt" 2>"$work/man.err" || { cat "$work/man.err"; exit 1; }
! grep -qi "warning\|error" "$work/man.err" || { echo "man -l warns:"; cat "$work/man.err"; exit 1; }
grep -q "^NAME" "$work/man.txt" && grep -q "EXIT STATUS" "$work/man.txt" || { echo "man page lacks sections"; exit 1; }
version=$("$prefix/bin/pith" --version | sed 's/^pith //')
grep -q "^\.TH PITH 1 .*\"pith $version\"" "$man_page" || { echo "man page is not for pith $version"; exit 1; }
"$prefix/bin/pith" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$work/help-options"
missing=$(while read -r option; do grep -qF -- "${option//-/\\-}" "$man_page" || echo "$option"; done <"$work/help-options")
[ -z "$missing" ] || { echo "options of pith --help missing from docs/pith.1:" $missing; exit 1; }

cmake -S "$consumer_src" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
"$work/consumer/consumer" "$fixtures/gate-news-pt/page.html" > "$work/out.txt"
grep -q "ByteDance" "$work/out.txt" || { echo "consumer output lacks the article:"; cat "$work/out.txt"; exit 1; }

# pkg-config: compile the same program by hand.
PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --exists pith
c++ -std=c++20 "$consumer_src/main.cpp" -o "$work/consumer-pc" \
  $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs pith)
"$work/consumer-pc" "$fixtures/gate-news-pt/page.html" >/dev/null
echo "install + find_package + pkg-config consumer: ok"
