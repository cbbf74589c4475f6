#!/usr/bin/env python3
"""resiliparse_bench.py DATA [--repeat K] -- Resiliparse's in-process speed on the pages
pith_bench reads (DATA/<source>/<id>.html[.gz], or the pages directly in DATA).

Times `extract_plain_text(HTMLTree.parse(html), main_content=True)` (the call
../shared/peers/runners/run_resiliparse.py makes), K times per page, and prints one JSON
object: pages, calls, wall_s (the sum of the timed calls), pages_per_s, and cpu_s /
pages_per_cpu_s (the thread CPU time of the loop of calls, as pith_bench's). As for the
peer runners, the pages are read, gunzipped and decoded to str beforehand (Resiliparse's
own detect_encoding + bytes_to_str), untimed: Resiliparse is timed on UTF-8 text while
pith_bench's figure includes pith's charset detection and decoding (3 % of its time).
Run it with the peers' interpreter ($PITH_PEERS/venv/bin/python3); bench/vs_resiliparse.sh does.
"""
import argparse
import gzip
import json
import os
import sys
import time

from resiliparse.extract.html2text import extract_plain_text
from resiliparse.parse.encoding import bytes_to_str, detect_encoding
from resiliparse.parse.html import HTMLTree


def page_files(root):
    """The page files under root, in pith_bench's order (source folder, then id)."""
    def pages_in(folder):
        names = [n for n in os.listdir(folder) if n.endswith((".html.gz", ".html"))]
        return [os.path.join(folder, n) for n in sorted(names)]

    direct = pages_in(root)
    if direct:
        return direct
    files = []
    for source in sorted(os.listdir(root)):
        folder = os.path.join(root, source)
        if os.path.isdir(folder):
            files += pages_in(folder)
    return files


def load_text(path):
    with open(path, "rb") as fh:
        raw = fh.read()
    if path.endswith(".gz"):
        raw = gzip.decompress(raw)
    return bytes_to_str(raw, detect_encoding(raw))


def extract(html):
    return extract_plain_text(HTMLTree.parse(html), main_content=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    pages = [load_text(p) for p in page_files(args.data)]
    if not pages:
        sys.exit("resiliparse_bench: no pages under %s" % args.data)
    extract(pages[0])  # first-call set-up, untimed
    wall = 0.0
    cpu_start = time.thread_time()
    for _ in range(args.repeat):
        for html in pages:
            t0 = time.perf_counter()
            extract(html)
            wall += time.perf_counter() - t0
    cpu = time.thread_time() - cpu_start
    calls = len(pages) * args.repeat
    print(json.dumps({"pages": len(pages), "calls": calls, "wall_s": wall,
                      "pages_per_s": calls / wall if wall > 0 else 0.0,
                      "cpu_s": cpu, "pages_per_cpu_s": calls / cpu if cpu > 0 else 0.0}))


if __name__ == "__main__":
    main()
