#!/usr/bin/env python3
"""How far any choice among the titles a page states can take the title rate.

    bench/title_candidates.py [DATASET_DIR] [--show]

For every page whose ground truth (<id>.json) carries a title, this collects
the titles the page itself states, with Python's own HTML parser (not pith's):

  <title>, og:title, twitter:title, JSON-LD "headline", every <h1>, the first
  two <h2>; and, for <title>, og:title, twitter:title and the <h1>s, every run
  of the parts they split into at " | ", " - ", " – ", " — ", " » ", " · ", " :: " or ": ".

It prints the share of pages whose ground truth equals (after white space is
collapsed, as bench/metadata_rates.py compares) one of the whole titles, or
one of the whole titles or parts. That is the rate of a chooser that always
picks the right candidate: no rule that only chooses among what the page
states can score higher. It also counts, among pages with exactly one
non-empty <h1> that differs from the <title> without its site part, how
often the ground truth is that <h1> and how often it is the <title>: the
coin a chooser has to call.

Standard library only; pages are read from the .html.gz files directly and
decoded as UTF-8 (Latin-1 when that fails).
"""
import argparse
import gzip
import json
import pathlib
import re
import sys
from html.parser import HTMLParser

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEPARATOR = re.compile(r"\s+(?:\||-|–|—|»|·|::)\s+|:\s+")


def collapse(s):
    return " ".join((s or "").split())


class StatedTitles(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.title = None
        self.meta = {}
        self.headings = []  # (tag, text)
        self.json_ld = []
        self._open = None  # [tag, pieces] of the title/heading being read
        self._raw_depth = 0
        self._in_json_ld = False
        self._json_pieces = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "style"):
            self._raw_depth += 1
            if tag == "script" and (a.get("type") or "").strip().lower() == "application/ld+json":
                self._in_json_ld, self._json_pieces = True, []
        elif tag == "meta":
            key = (a.get("property") or a.get("name") or "").strip().lower()
            if key in ("og:title", "twitter:title") and key not in self.meta:
                self.meta[key] = collapse(a.get("content"))
        elif tag in ("title", "h1", "h2") and self._open is None and not self._raw_depth:
            if tag != "title" or self.title is None:
                self._open = [tag, []]

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._raw_depth = max(0, self._raw_depth - 1)
            if tag == "script" and self._in_json_ld:
                self._in_json_ld = False
                self.json_ld.append("".join(self._json_pieces))
        elif self._open and tag == self._open[0]:
            text = collapse("".join(self._open[1]))
            if tag == "title":
                self.title = text
            else:
                self.headings.append((tag, text))
            self._open = None

    def handle_data(self, data):
        if self._in_json_ld:
            self._json_pieces.append(data)
        if self._open:
            self._open[1].append(data)


def headlines(value, out):
    if isinstance(value, dict):
        if isinstance(value.get("headline"), str):
            out.append(collapse(value["headline"]))
        for v in value.values():
            headlines(v, out)
    elif isinstance(value, list):
        for v in value:
            headlines(v, out)


def part_runs(title):
    """Every run of consecutive parts of a title split at its separators."""
    if not title:
        return set()
    parts = SEPARATOR.split(title)
    seps = SEPARATOR.findall(title)
    runs = set()
    for i in range(len(parts)):
        run = parts[i]
        runs.add(collapse(run))
        for j in range(i + 1, len(parts)):
            run += seps[j - 1] + parts[j]
            runs.add(collapse(run))
    return runs


def stated_titles(html):
    parser = StatedTitles()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # a broken page states what was read before the break
        pass
    lds = []
    for text in parser.json_ld:
        try:
            headlines(json.loads(text), lds)
        except ValueError:
            pass
    h1 = [t for tag, t in parser.headings if tag == "h1"]
    h2 = [t for tag, t in parser.headings if tag == "h2"][:2]
    metas = [parser.meta.get("og:title"), parser.meta.get("twitter:title")]
    whole = {t for t in [parser.title, *metas, *lds, *h1, *h2] if t}
    parts = set().union(*(part_runs(t) for t in [parser.title, *metas, *h1]))
    return whole, parts, parser.title or "", [t for t in h1 if t]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset", nargs="?", default=str(ROOT.parent / "shared" / "eval" / "dev"))
    ap.add_argument("--show", action="store_true", help="list the pages no stated title matches")
    args = ap.parse_args()

    pages = whole_hits = part_hits = 0
    coin = {"h1": 0, "title": 0, "neither": 0}
    unmatched = []
    for truth_file in sorted(pathlib.Path(args.dataset).glob("*/*.json")):
        if truth_file.name == "stats.json":
            continue
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        if not truth.get("title"):
            continue
        raw = gzip.open(truth_file.with_name(truth_file.name[: -len(".json")] + ".html.gz")).read()
        try:
            html = raw.decode("utf-8")
        except UnicodeDecodeError:
            html = raw.decode("latin-1")
        want = collapse(truth["title"])
        whole, parts, title, h1 = stated_titles(html)
        pages += 1
        whole_hits += want in whole
        part_hits += want in whole or want in parts
        if want not in whole and want not in parts:
            unmatched.append(f"{truth_file.parent.name}/{truth_file.stem}  want {want!r}  <title> {title!r}")
        distinct_h1 = list(dict.fromkeys(h1))
        title_parts = part_runs(title) | {title}
        if len(distinct_h1) == 1 and distinct_h1[0] not in title_parts:
            coin["h1" if want == distinct_h1[0] else "title" if want in title_parts else "neither"] += 1

    print(f"pages with a ground-truth title      {pages}")
    print(f"equal to a whole stated title        {whole_hits} ({100 * whole_hits / pages:.1f} %)")
    print(f"equal to a stated title or its parts {part_hits} ({100 * part_hits / pages:.1f} %)")
    print(f"one <h1>, not part of <title>: ground truth is the h1 on {coin['h1']}, "
          f"the <title> or a part of it on {coin['title']}, neither on {coin['neither']}")
    if args.show:
        for line in unmatched:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
