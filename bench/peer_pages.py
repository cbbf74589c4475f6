#!/usr/bin/env python3
"""peer_pages.py DATASET OUT -- a dataset's pages decoded to UTF-8, for the peers.

Writes OUT/<source>/<id>.html for every DATASET/<source>/<id>.html[.gz]. The peers' runners
(../shared/peers/run.sh) read UTF-8 HTML; the pages are stored in their own charsets. They are
decoded as Resiliparse decodes them (its detect_encoding + bytes_to_str), the decoder
bench/resiliparse_bench.py gives Resiliparse too. Run it with the peers' interpreter
($PITH_PEERS/venv/bin/python3); bench/peers_dev.sh does.
"""
import gzip
import os
import sys

from resiliparse.parse.encoding import bytes_to_str, detect_encoding


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__.splitlines()[0] + "\n")
        sys.exit(2)
    data, out = sys.argv[1:]
    for source in sorted(os.listdir(data)):
        folder = os.path.join(data, source)
        if not os.path.isdir(folder):
            continue
        os.makedirs(os.path.join(out, source), exist_ok=True)
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".html", ".html.gz")):
                continue
            with open(os.path.join(folder, name), "rb") as fh:
                raw = fh.read()
            if name.endswith(".gz"):
                raw = gzip.decompress(raw)
            page_id = name[: -len(".html.gz")] if name.endswith(".gz") else name[: -len(".html")]
            with open(os.path.join(out, source, page_id + ".html"), "w", encoding="utf-8") as fh:
                fh.write(bytes_to_str(raw, detect_encoding(raw)))


if __name__ == "__main__":
    main()
