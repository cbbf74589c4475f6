#!/usr/bin/env python3
"""Metadata accuracy on a dataset in the shared/eval format.

    bench/metadata_rates.py [--pith build/pith] [DATASET_DIR] [--show title|date|author]

Runs `pith -f json` on every page whose ground truth (<id>.json) carries a
title, an author or a publish date, and prints the share of those pages where
pith's metadata is right:

  title   metadata.title equals the ground truth after white space is
          collapsed (the "strict" rate, the issue's "right after whitespace
          normalisation"; str.split() collapses all Unicode white space, NBSP
          and ideographic spaces included); the "folded" rate also ignores
          case and typographic quotes/dashes, for information only.
  date    metadata.date_published has the ground truth's date, compared at
          the ground truth's precision (year, month or day; "2005-5-7 21:23"
          is 2005-05-07). Ground-truth dates that hold no date are left out.
  author  the credited names match: the names of the ground truth (split on
          , ; & "and" 、 and, for CJK, spaces) equal pith's authors, ignoring
          case, white space and trailing punctuation; or the whole strings are
          equal.

Standard library only; pages are read from the .html.gz files directly.
"""
import argparse
import collections
import gzip
import json
import pathlib
import re
import subprocess
import sys
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parent.parent


def collapse(s):
    return " ".join((s or "").split())


def fold(s):
    s = collapse(s).casefold()
    for a, b in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'),
                 ("\u2013", "-"), ("\u2014", "-")):
        s = s.replace(a, b)
    return s


DATE_RE = re.compile(r"((?:19|20)\d\d)(?:\s*[-/.年]\s*(\d{1,2}))?(?:\s*[-/.月]\s*(\d{1,2}))?")


def date_parts(s):
    """('2005', '05', '07') at the precision given; None when s has no date."""
    m = DATE_RE.match(collapse(s))
    if not m:
        return None
    return tuple(f"{int(p):02d}" if i else p for i, p in enumerate(m.groups()) if p)


def date_right(truth, predicted):
    want = date_parts(truth)
    got = date_parts(predicted or "")
    return got is not None and got[: len(want)] == want


def has_cjk(s):
    return any(unicodedata.name(c, "").startswith(("CJK", "HANGUL", "HIRAGANA", "KATAKANA")) for c in s)


def name_key(s):
    return collapse(s).casefold().strip(" .,;:-")


def split_names(s):
    parts = re.split(r"\s*(?:;|,|&|、|\band\b|\bund\b|\by\b|\be\b)\s*", collapse(s))
    if has_cjk(s):
        parts = [q for p in parts for q in p.split()]
    return {name_key(p) for p in parts if name_key(p)}


def author_right(truth, predicted):
    if not predicted:
        return False
    if name_key(", ".join(predicted)) == name_key(truth) or name_key(" ".join(predicted)) == name_key(truth):
        return True
    got = set()
    for name in predicted:
        got |= split_names(name)
    return got == split_names(truth)


def run_pith(pith, page, url):
    raw = gzip.open(page, "rb").read()
    cmd = [pith, "-f", "json", "-"]
    if url:
        cmd += ["--url", url]
    out = subprocess.run(cmd, input=raw, capture_output=True)
    try:
        return json.loads(out.stdout.decode("utf-8"))["metadata"]
    except (ValueError, KeyError):
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset", nargs="?", default=str(ROOT.parent / "shared" / "eval" / "dev"))
    ap.add_argument("--pith", default=str(ROOT / "build" / "pith"))
    ap.add_argument("--show", choices=["title", "date", "author"], help="list the misses of one field")
    args = ap.parse_args()

    tally = collections.defaultdict(lambda: [0, 0])  # (field, source) -> [right, pages]
    misses = []
    skipped_dates = 0
    for truth_file in sorted(pathlib.Path(args.dataset).glob("*/*.json")):
        if truth_file.name == "stats.json":
            continue
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        title, author, date = truth.get("title"), truth.get("author"), truth.get("publish_date")
        if date and date_parts(date) is None:
            skipped_dates += 1
            date = None
        if not (title or author or date):
            continue
        page = truth_file.with_name(truth_file.name[: -len(".json")] + ".html.gz")
        meta = run_pith(args.pith, page, truth.get("url")) or {}
        source = truth_file.parent.name
        checks = []
        if title:
            checks.append(("title", collapse(meta.get("title")) == collapse(title), title, meta.get("title")))
            checks.append(("title (folded)", fold(meta.get("title")) == fold(title), title, meta.get("title")))
        if date:
            checks.append(("date", date_right(date, meta.get("date_published")), date, meta.get("date_published")))
        if author:
            checks.append(("author", author_right(author, meta.get("authors") or []), author, meta.get("authors")))
        for field, right, want, got in checks:
            for key in ((field, source), (field, "all")):
                tally[key][0] += right
                tally[key][1] += 1
            if not right and args.show and field == args.show:
                misses.append(f"{truth_file.parent.name}/{truth_file.name[:40]}  want {want!r}  got {got!r}")

    sources = sorted({s for _, s in tally if s != "all"}) + ["all"]
    bars = {"title": 0.90, "date": 0.85, "author": 0.75}
    print(f"{'field':<16}" + "".join(f"{s:>20}" for s in sources) + "   bar")
    for field in ("title", "title (folded)", "date", "author"):
        row = f"{field:<16}"
        for s in sources:
            right, n = tally.get((field, s), (0, 0))
            row += f"{(f'{100 * right / n:.1f}% ({right}/{n})' if n else '-'):>20}"
        bar = bars.get(field)
        if bar is not None:
            right, n = tally.get((field, "all"), (0, 0))
            row += f"   {'ok' if n and right / n >= bar else 'BELOW'} (>= {bar:.0%})"
        print(row)
    if skipped_dates:
        print(f"({skipped_dates} ground-truth dates hold no date and are left out)")
    for line in misses:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
