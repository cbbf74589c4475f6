#!/usr/bin/env python3
"""Builds a WARC file from an evaluation set (shared/eval layout:
<source>/<id>.html.gz + <id>.json), as a crawler writes one: per page a
request, a response (HTTP headers + the page) and a metadata record, one gzip
member per record. Every 10th response is sent chunked and gzip-encoded.

    bench/make_warc.py --data ../shared/eval/dev --out /tmp/dev.warc.gz
    bench/make_warc.py --data ../shared/eval/dev --out /tmp/big.warc.gz --min-bytes 1e9
    bench/make_warc.py --data fixtures --out /tmp/fixtures.warc.gz

--data is an evaluation set or a folder of page fixtures (NAME/page.html or
page.html.gz, the URL from NAME/fixture.json), such as the project's fixtures/.

--min-bytes repeats the set (new record ids each time) until the file is at
least that large. Write the file outside the project (/tmp); it is never
committed.
"""
import argparse
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "warc"))
from warc_writer import WarcWriter  # noqa: E402


def load_fixture(folder, name):
    """A page fixture (fixtures/NAME/page.html[.gz]) as (url, body), or None."""
    for page in ("page.html", "page.html.gz"):
        path = os.path.join(folder, page)
        if os.path.exists(path):
            with open(path, "rb") as fh:
                body = fh.read()
            if body[:2] == b"\x1f\x8b":
                body = gzip.decompress(body)
            url = "https://fixtures.example/%s" % name
            meta = os.path.join(folder, "fixture.json")
            if os.path.exists(meta):
                with open(meta, encoding="utf-8") as fh:
                    url = json.load(fh).get("url") or url
            return url, body
    return None


def load(data_dir):
    pages = []
    for source in sorted(os.listdir(data_dir)):
        folder = os.path.join(data_dir, source)
        if not os.path.isdir(folder):
            continue
        fixture = load_fixture(folder, source)
        if fixture:
            pages.append(fixture)
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".html.gz"):
                continue
            pid = name[:-len(".html.gz")]
            with gzip.open(os.path.join(folder, name), "rb") as fh:
                body = fh.read()
            url = "https://%s.example/%s" % (source, pid)
            meta = os.path.join(folder, pid + ".json")
            if os.path.exists(meta):
                with open(meta, encoding="utf-8") as fh:
                    url = json.load(fh).get("url") or url
            pages.append((url, body))
    return pages


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "eval", "dev"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--min-bytes", type=float, default=0)
    ap.add_argument("--plain", action="store_true", help="no gzip")
    ap.add_argument("--level", type=int, default=6, help="gzip level (default 6)")
    args = ap.parse_args()
    if not os.path.isdir(args.data):
        sys.exit("make_warc.py: no folder %s (--data: an evaluation set, or fixtures/)" % args.data)
    pages = load(args.data)
    if not pages:
        sys.exit("make_warc.py: no pages (SOURCE/ID.html.gz or NAME/page.html) under %s" % args.data)
    responses = 0
    with WarcWriter(args.out, gzip_records=not args.plain, level=args.level) as w:
        w.warcinfo()
        while True:
            for i, (url, body) in enumerate(pages):
                w.request(url)
                special = i % 10 == 9
                w.response(url, body, content_type="text/html", chunked=special, gzip_body=special)
                w.metadata(url)
                responses += 1
            w.out.flush()
            if os.path.getsize(args.out) >= args.min_bytes:
                break
    print("%s: %d records (%d HTML responses), %.1f MB" %
          (args.out, w.count, responses, os.path.getsize(args.out) / 1e6))


if __name__ == "__main__":
    main()
