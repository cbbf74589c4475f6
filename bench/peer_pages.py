#!/usr/bin/env python3
"""peer_pages.py DATASET OUT -- a dataset's pages decoded to UTF-8, for the peers.

Writes OUT/<source>/<id>.html for every DATASET/<source>/<id>.html[.gz] (or OUT/<name>/<id>.html,
<name> the folder's, for a folder of pages). The peers' runners (../shared/peers/run.sh) read UTF-8
HTML; the pages are stored in their own charsets. They are read and decoded as
bench/resiliparse_bench.py reads them for Resiliparse (its detect_encoding + bytes_to_str). Run it
with the peers' interpreter ($PITH_PEERS/venv/bin/python3); bench/peers_dev.sh does.
"""
import os
import sys

from resiliparse_bench import load_text, page_files


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__.splitlines()[0] + "\n")
        sys.exit(2)
    data, out = sys.argv[1:]
    for path in page_files(data):
        source = os.path.basename(os.path.dirname(path))
        name = os.path.basename(path)
        page_id = name[: -len(".html.gz")] if name.endswith(".gz") else name[: -len(".html")]
        os.makedirs(os.path.join(out, source), exist_ok=True)
        with open(os.path.join(out, source, page_id + ".html"), "w", encoding="utf-8") as fh:
            fh.write(load_text(path))


if __name__ == "__main__":
    main()
