#!/usr/bin/env bash
# Installs what pith needs, from Debian 12's packages:
#   scripts/install-deps.sh          building and running the CLI, the library and the Python module
#   scripts/install-deps.sh --test   also what the tests, the fuzzers and the benchmarks need
# Idempotent: does nothing (and needs no network) when everything is present.
set -euo pipefail

packages=(
  build-essential cmake pkg-config g++
  libgumbo-dev libcurl4-openssl-dev libre2-dev libfmt-dev
  libuchardet-dev libutf8proc-dev nlohmann-json3-dev libcli11-dev zlib1g-dev
  libcld2-dev libxxhash-dev libbrotli-dev libzstd-dev libpsl-dev  # language ID, fingerprints, WARC codings, PSL
  libexpat1-dev                   # sitemaps and feeds (src/discover): a streaming XML parser
  ca-certificates                 # TLS certificates for fetching
  python3 pybind11-dev python3-pybind11 python3-dev python3-wheel  # the Python module (python/; wheel: an offline `pip install`)
)
test_packages=(
  doctest-dev                     # the unit tests
  time                            # GNU time: peak memory in tests/hostile/run.py
  clang libclang-rt-14-dev        # libFuzzer and sanitizer runtimes for fuzz/ (make fuzz)
  python3-brotli brotli  # the fetch tests serve brotli bodies (tests/http/server.py)
  python3-sklearn        # train/train_models.py: the page-type and confidence models (and their check)
  zstd                   # tests/warc writes .warc.zst files and zstd payloads
  libcmark-gfm-dev libcmark-gfm-extensions-dev  # the Markdown round trip (bench/markdown_roundtrip.cpp)
  # The Python module's tests and the Dask example (examples/); mypy checks the
  # package's types and stub (tests/python/test_typing.py).
  python3-pytest python3-dask python3-distributed python3-tqdm mypy
  man-db                 # the install test renders the man page (man -l)
)

case "${1:-}" in
  "") ;;
  --test) packages+=("${test_packages[@]}") ;;
  *) echo "usage: $0 [--test]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root (or install sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
