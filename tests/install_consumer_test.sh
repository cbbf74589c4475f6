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
