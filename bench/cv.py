#!/usr/bin/env python3
"""Cross-validated accuracy on the WCXB pages of train + dev, and the dev table.

    bench/cv.py --pred PRED [--base BASE] [--eval ../shared/eval] [--folds 5]
                [--n-bootstrap 1000] [--json] [--worst N]

PRED (and BASE) hold one folder per evaluation set, as bench/cv.sh writes them:
PRED/train/<source>/<id>.txt and PRED/dev/<source>/<id>.txt.

What it prints:
  * the CV table: WCXB pages of train/ and dev/ (those with a page_type), word F1
    (WCXB's metric: lowercased \\w+ words as a bag, per-page F1, mean over pages;
    an empty gold with an empty prediction scores 1) and shingle F1 (score.py's
    4-token shingles, per-page F1, mean), overall, per fold and per page type,
    each with a 95 % interval from a bootstrap over *domains* (a site's pages
    move together, so the interval reflects how much the figure depends on
    which sites were drawn);
  * with --base: the paired difference PRED - BASE with its interval (the same
    domain bootstrap, both systems on the same draw); a change is beyond noise
    when the interval excludes 0;
  * the dev table: every dev source with score.py's own aggregate (shingle F1 of
    mean precision and mean recall) and, for snippet-only pages, the share of
    `with` snippets found and `without` snippets absent.

Folds group pages by domain (no site in two folds). They are fixed by the
domains alone (see assign_folds), so every tool that trains on k-1 folds
(train/) uses the same split as this report.
"""
import argparse
import collections
import hashlib
import importlib.util
import json
import math
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EVAL = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "eval"))
EVAL_SETS = ("train", "dev")
WORD_RE = re.compile(r"\w+")


def load_scorer(eval_root):
    path = os.path.join(eval_root, "score.py")
    spec = importlib.util.spec_from_file_location("score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def word_f1(gold, pred):
    """WCXB's per-page word F1: lowercased \\w+ runs counted as a bag."""
    g = collections.Counter(WORD_RE.findall((gold or "").lower()))
    p = collections.Counter(WORD_RE.findall((pred or "").lower()))
    if not g and not p:
        return 1.0
    if not g or not p:
        return 0.0
    tp = sum((g & p).values())
    if tp == 0:
        return 0.0
    precision, recall = tp / sum(p.values()), tp / sum(g.values())
    return 2 * precision * recall / (precision + recall)


def assign_folds(domains, k):
    """Domain -> fold. Domains are taken largest first (ties by a hash of the
    name, so the order does not depend on the file system) and each goes to the
    fold with the fewest pages so far: folds of near-equal size, no site in two."""
    counts = collections.Counter(domains)
    order = sorted(counts, key=lambda d: (-counts[d], hashlib.sha1(d.encode()).hexdigest()))
    sizes = [0] * k
    fold = {}
    for d in order:
        f = min(range(k), key=lambda i: (sizes[i], i))
        fold[d] = f
        sizes[f] += counts[d]
    return fold


def domain_of(gold):
    domain = gold.get("domain")
    if domain:
        return domain
    url = gold.get("url") or ""
    m = re.match(r"[a-z]+://([^/:]+)", url)
    return m.group(1) if m else "(unknown)"


def wcxb_pages(eval_root, scorer):
    """Every WCXB page with a page_type and gold text, in train/ and dev/:
    dicts with set, folder, id, domain, page_type, gold text."""
    pages = []
    for eval_set in EVAL_SETS:
        root = os.path.join(eval_root, eval_set)
        if not os.path.isdir(root):
            continue
        for source, folder, pid, g in scorer.load_gold(root):
            if not g.get("page_type") or g.get("text") is None:
                continue
            pages.append({"set": eval_set, "folder": folder, "id": pid,
                          "domain": domain_of(g), "page_type": g["page_type"],
                          "gold": g["text"]})
    return pages


def page_key(page):
    return "%s/%s/%s" % (page["set"], page["folder"], page["id"])


def score_pages(pages, pred_root, scorer):
    """Per-page word F1 and shingle F1 (dict key -> (word, shingle))."""
    out = {}
    for page in pages:
        pred = scorer.load_pred(os.path.join(pred_root, page["set"]), page["folder"], page["id"]) or ""
        gt, pt = scorer.tokens(page["gold"]), scorer.tokens(pred)
        shingle = scorer.page_f1(*scorer.page_counts(gt, pt)) if (gt or pt) else 1.0
        out[page_key(page)] = (word_f1(page["gold"], pred), shingle)
    return out


def domain_bootstrap(pages, value, n_boot, rng):
    """95 % interval of the mean of value(page) over pages, resampling domains."""
    by_domain = collections.defaultdict(list)
    for p in pages:
        by_domain[p["domain"]].append(value(p))
    groups = [(sum(v), len(v)) for v in by_domain.values()]
    if len(groups) < 2:
        return (float("nan"), float("nan"))
    means = []
    for _ in range(n_boot):
        total = count = 0
        for _ in range(len(groups)):
            s, n = groups[rng.randrange(len(groups))]
            total += s
            count += n
        means.append(total / count)
    means.sort()
    return (means[int(0.025 * n_boot)], means[min(n_boot - 1, int(0.975 * n_boot))])


def summarise(pages, scores, base, n_boot, seed):
    """Rows of the CV table: (label, pages, {metric: (mean, lo, hi)}, delta rows)."""
    rng = random.Random(seed)
    rows = []

    def row(label, subset):
        if not subset:
            return
        cells = {}
        for m, name in ((0, "word_f1"), (1, "shingle_f1")):
            mean = sum(scores[page_key(p)][m] for p in subset) / len(subset)
            lo, hi = domain_bootstrap(subset, lambda p, m=m: scores[page_key(p)][m], n_boot, rng)
            cells[name] = (mean, lo, hi)
            if base is not None:
                d = sum(scores[page_key(p)][m] - base[page_key(p)][m] for p in subset) / len(subset)
                lo, hi = domain_bootstrap(
                    subset, lambda p, m=m: scores[page_key(p)][m] - base[page_key(p)][m], n_boot, rng)
                cells[name + "_delta"] = (d, lo, hi)
        rows.append((label, len(subset), cells))

    row("all", pages)
    for t in sorted({p["page_type"] for p in pages}):
        row(t, [p for p in pages if p["page_type"] == t])
    for f in sorted({p["fold"] for p in pages}):
        row("fold %d" % f, [p for p in pages if p["fold"] == f])
    return rows


def dev_table(eval_root, pred_root, scorer):
    """score.py's aggregate per dev source, and its snippet checks."""
    root = os.path.join(eval_root, "dev")
    if not os.path.isdir(root):
        return {}
    table = collections.OrderedDict()
    for source, folder, pid, g in scorer.load_gold(root):
        pred = scorer.load_pred(os.path.join(pred_root, "dev"), folder, pid) or ""
        entry = table.setdefault(source, {"rows": [], "with": [0, 0], "without": [0, 0]})
        if g.get("with") or g.get("without"):
            p_norm = scorer.norm_ws(pred)
            for s in g.get("with") or []:
                if scorer.norm_ws(s):
                    entry["with"][0] += scorer.norm_ws(s) in p_norm
                    entry["with"][1] += 1
            for s in g.get("without") or []:
                if scorer.norm_ws(s):
                    entry["without"][0] += scorer.norm_ws(s) not in p_norm
                    entry["without"][1] += 1
        if g.get("text") is not None:
            gt, pt = scorer.tokens(g["text"]), scorer.tokens(pred)
            entry["rows"].append(scorer.page_counts(gt, pt) + (float(gt == pt),))
    out = collections.OrderedDict()
    for source, e in table.items():
        m = scorer.aggregate(e["rows"]) if e["rows"] else None
        out[source] = {
            "pages": len(e["rows"]),
            "shingle_f1": m["f1"] if m else None,
            "with_found": e["with"][0] / e["with"][1] if e["with"][1] else None,
            "without_absent": e["without"][0] / e["without"][1] if e["without"][1] else None,
        }
    return out


def fmt_cell(c):
    mean, lo, hi = c
    if math.isnan(lo):
        return "%.3f               " % mean
    return "%.3f [%.3f, %.3f]" % (mean, lo, hi)


def fmt_delta(c):
    d, lo, hi = c
    mark = "  *" if lo > 0 or hi < 0 else ""
    return "%+.4f [%+.4f, %+.4f]%s" % (d, lo, hi, mark)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pred", required=True, help="predictions: PRED/train/..., PRED/dev/...")
    ap.add_argument("--base", help="a baseline's predictions, same layout: paired deltas")
    ap.add_argument("--eval", default=DEFAULT_EVAL, help="the shared/eval folder (train/, dev/, score.py)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--n-bootstrap", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--worst", type=int, default=0, help="list the N pages with the lowest word F1")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    scorer = load_scorer(args.eval)
    pages = wcxb_pages(args.eval, scorer)
    if not pages:
        print("bench/cv.py: no WCXB pages under %s; nothing to score" % args.eval)
        return 0
    fold = assign_folds([p["domain"] for p in pages], args.folds)
    for p in pages:
        p["fold"] = fold[p["domain"]]
    scores = score_pages(pages, args.pred, scorer)
    base = score_pages(pages, args.base, scorer) if args.base else None
    rows = summarise(pages, scores, base, args.n_bootstrap, args.seed)
    dev = dev_table(args.eval, args.pred, scorer)
    dev_base = dev_table(args.eval, args.base, scorer) if args.base else None

    if args.json:
        print(json.dumps({"cv": [{"label": l, "pages": n, **c} for l, n, c in rows], "dev": dev,
                          "dev_base": dev_base}, indent=1))
        return 0

    print("CV table: %d WCXB pages of %s, %d domains, %d folds by domain; 95 %% intervals "
          "from %d domain bootstraps" % (len(pages), "+".join(EVAL_SETS), len(fold), args.folds,
                                         args.n_bootstrap))
    header = "%-14s %5s  %-24s %-24s" % ("", "pages", "word F1", "shingle F1")
    if base is not None:
        header += "  %-28s %-28s" % ("word F1 delta", "shingle F1 delta")
    print(header)
    for label, n, c in rows:
        line = "%-14s %5d  %-24s %-24s" % (label, n, fmt_cell(c["word_f1"]), fmt_cell(c["shingle_f1"]))
        if base is not None:
            line += "  %-28s %-28s" % (fmt_delta(c["word_f1_delta"]), fmt_delta(c["shingle_f1_delta"]))
        print(line)
    if base is not None:
        print("(* the interval of the difference excludes 0)")

    print("\ndev table (score.py's shingle F1; snippet checks for pages without full text)")
    print("%-18s %5s  %-10s %-10s %-10s%s" % ("source", "pages", "F1", "with", "without",
                                              "  base F1" if dev_base else ""))
    for source, r in dev.items():
        def f(v):
            return "-" if v is None else "%.3f" % v
        line = "%-18s %5d  %-10s %-10s %-10s" % (source, r["pages"], f(r["shingle_f1"]),
                                                  f(r["with_found"]), f(r["without_absent"]))
        if dev_base:
            b = dev_base.get(source, {})
            line += "  %s / %s / %s" % (f(b.get("shingle_f1")), f(b.get("with_found")),
                                        f(b.get("without_absent")))
        print(line)

    if args.worst:
        print("\n%d lowest word F1:" % args.worst)
        worst = sorted(pages, key=lambda p: (scores[page_key(p)][0], page_key(p)))[:args.worst]
        for p in worst:
            w, s = scores[page_key(p)]
            extra = " (base %.3f)" % base[page_key(p)][0] if base else ""
            print("  %.3f  %-13s %-28s %s%s" % (w, p["page_type"], p["domain"][:28], page_key(p), extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
