#!/usr/bin/python3
"""Trains pith's models and writes them as C++ data: one command, deterministic.

    train/train_models.py [--build BUILD_DIR] [--eval ../shared/eval] [--check]

  1. builds pith_features (BUILD_DIR, default build) and runs it over the
     evaluation sets train/ and dev/: the models' inputs for every page and the
     text pith extracts (train/dump_features.cpp);
  2. page types: the mean of four gradient-boosted classifiers (seeds 0 to 3)
     on the page features of the WCXB pages (the ones with a page_type),
     cross-validated with bench/cv.py's
     folds (grouped by domain), then fitted on all of them ->
     src/classify/page_type_model.cpp;
  3. attempt choice: two regressions (each the mean of ten gradient-boosted
     ones fitted on subsamples) of how much word F1 the
     page's main region (pruned, and whole) gains over the rules' selection,
     from the page features, the out-of-fold page-type probabilities and the
     attempts' sizes; the choice they make is cross-validated the same way
     (mean word F1 before and after, per page type), then fitted on all ->
     src/classify/attempt_choice_model.cpp;
  4. confidence: a gradient-boosted regression of each page's word F1 (bench/cv.py's
     word_f1 of the extracted text against the gold), from the page features,
     the page-type probabilities (out of fold, as on a page the model never saw)
     and the content features; cross-validated the same way (Spearman's rho of
     prediction and real F1), then fitted on all -> src/classify/confidence_model.cpp.

When the page-type or attempt-choice model changes, pith is rebuilt and the
pages run again before the next model is fitted (the attempts' sizes and the
content features come from the extraction the library does with the models it
is built with).

--check regenerates both files in memory and fails (exit 1) when they differ
from the checked-in ones (beyond the last-bit noise of MODEL_TOLERANCE), and checks that the library's page-type
probabilities equal scikit-learn's on every page (the export is exact).
Needs Debian's python3-sklearn (/usr/bin/python3). Without the evaluation data
it says so and exits 0 (77 with --check: ctest's "skipped").
"""
import argparse
import collections
import csv
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import cv  # noqa: E402  (bench/cv.py: folds, word F1, gold loading)

MODEL_FILES = {
    "page_type": os.path.join(ROOT, "src", "classify", "page_type_model.cpp"),
    "confidence": os.path.join(ROOT, "src", "classify", "confidence_model.cpp"),
    "attempt_choice": os.path.join(ROOT, "src", "classify", "attempt_choice_model.cpp"),
}
FOLDS = 5
# Shallow trees for both, chosen by the cross-validated figures the script
# prints; the models are read whole for every page, so fewer trees also cost
# less time. Page types (accuracy): 300 trees of depth 3 at rate 0.05 with 80 %
# subsamples and sqrt(features) per split, 0.838; 120 at 0.1, the same
# otherwise, 0.847 (and 2.5 times smaller); 80 of depth 4 at 0.1, 0.822.
PAGE_TYPE_PARAMS = dict(n_estimators=60, max_depth=3, learning_rate=0.2, subsample=0.8,
                        max_features="sqrt", random_state=0)
# The page-type model is the mean (of the raw scores) of PAGE_TYPE_BAGS such
# classifiers, random_state 0, 1, ...: one classifier (120 trees at 0.1) moved
# with its seed (accuracy 0.855, 0.841, 0.852 over three seeds), which left
# the 0.85 asked of it to the luck of a refit. Four of 60 trees at 0.2: 0.853,
# 0.859, 0.854; five of 120 at 0.1 the same (0.856, 0.852, 0.856) for two and
# a half times the trees, each tree read for every page (+25 M instructions
# on the 150 news pages against +5 M).
PAGE_TYPE_BAGS = 4
# Each page weighs (pages of the largest type / pages of its type) ** this:
# articles are half the labelled pages, and unweighted the model called a
# service, documentation or forum page an article when unsure. Mean accuracy
# over four to eight seeds: power 0, 0.839; 0.5, 0.848; 0.75, 0.852; 1, 0.846.
PAGE_TYPE_WEIGHT_POWER = 0.75
CONFIDENCE_PARAMS = dict(n_estimators=150, max_depth=3, learning_rate=0.05, random_state=0)
# Attempt choice (the cross-validated mean word F1 after the choice, at the
# library's margin): 100 trees of depth 3 at 0.05, every tree fitted on all
# the pages, +0.0094 [+0.0052, +0.0140] over the rules' selection. With 80 %
# subsamples the figure moved with the sampling (+0.0078 to +0.0096 over four
# seeds, 61 to 70 pages switched), and any change to the rules' output
# re-drew the samples: a refit moved the out-of-fold choice on some 60 pages
# whose own output had not changed. Leaves of at least 25 pages: a gain
# learnt from a handful of pages of a few sites does not carry to others;
# +0.0113 with leaves of any size (86 pages switched, 18 of them worse by more
# than 0.05), +0.0121 at 15, +0.0139 at 20, +0.0141 at 25 (76 switched, 9
# worse), +0.0139 at 30, +0.0119 at 50.
ATTEMPT_PARAMS = dict(n_estimators=100, max_depth=3, learning_rate=0.05, subsample=1.0, min_samples_leaf=25,
                      random_state=0)
# Each region's gain is the mean of ATTEMPT_BAGS such regressions, each fitted
# on its own ATTEMPT_BAG_SUBSAMPLE of the pages (random_state 0, 1, ...): one
# model's choices moved with any change to its training data (trained twice,
# each time on another 95 % of the pages, its out-of-fold choices differed on
# 26 pages, their word F1 by 6.2 in all); the mean of ten on 60 % samples
# differed on 13 pages (2.7), and gained +0.0144 out of fold against +0.0133.
ATTEMPT_BAGS = 10
ATTEMPT_BAG_SUBSAMPLE = 0.6


class Bagged:
    """Gradient-boosted models that differ by their seed (and subsample), as
    one ensemble (export reads it as it reads one model): all their trees at
    learning_rate / K, so that it predicts the mean of their raw scores. They
    share the initial value, which scikit-learn fits on all the pages before
    it draws a tree's subsample."""

    def __init__(self, models):
        import numpy as np
        self.models = models
        self.estimators_ = np.concatenate([m.estimators_ for m in models])
        self.learning_rate = models[0].learning_rate / len(models)

    def _raw_predict_init(self, X):
        return self.models[0]._raw_predict_init(X)


class BaggedRegressor(Bagged):
    """Regressions fitted on subsamples of the pages."""

    def __init__(self, X, y, params, bags, subsample):
        from sklearn.ensemble import GradientBoostingRegressor
        super().__init__([GradientBoostingRegressor(**dict(params, subsample=subsample, random_state=k)).fit(X, y)
                          for k in range(bags)])

    def predict(self, X):
        import numpy as np
        return np.mean([m.predict(X) for m in self.models], axis=0)


class BaggedClassifier(Bagged):
    """Classifiers; the probabilities are the softmax of their mean raw scores."""

    def __init__(self, X, y, params, bags, sample_weight):
        from sklearn.ensemble import GradientBoostingClassifier
        super().__init__([GradientBoostingClassifier(**dict(params, random_state=k)).fit(
            X, y, sample_weight=sample_weight) for k in range(bags)])

    def predict_proba(self, X):
        import numpy as np
        from scipy.special import softmax
        return softmax(np.mean([m.decision_function(X) for m in self.models], axis=0), axis=1)


def fit_page_types(X, y, sample_weight):
    return BaggedClassifier(X, y, PAGE_TYPE_PARAMS, PAGE_TYPE_BAGS, sample_weight)


def fit_attempt_gain(X, y):
    return BaggedRegressor(X, y, ATTEMPT_PARAMS, ATTEMPT_BAGS, ATTEMPT_BAG_SUBSAMPLE)
# The regions, in the order of the models' outputs (classify::AttemptKind 1, 2)
# and of the attempts pith_features records after the selection.
ATTEMPT_REGIONS = (("region_pruned", "kRegionPrunedGainModel"), ("region", "kRegionGainModel"))


def library_constant(name, path=os.path.join(ROOT, "src", "classify", "attempt_choice.cpp"), ctype="double"):
    """A `constexpr CTYPE NAME = value;` of the library's source: the CV table
    judges the chooser as the library applies it, with its own numbers, and
    the trees are written as trees.hpp reads them."""
    with open(path, encoding="utf-8") as fh:
        found = re.search(r"constexpr %s %s = ([0-9.]+);" % (re.escape(ctype), re.escape(name)), fh.read())
    if not found:
        sys.exit("train_models: no `constexpr %s %s` in %s" % (ctype, name, path))
    return float(found.group(1)) if ctype == "double" else int(found.group(1))


ATTEMPT_MARGIN = library_constant("kAttemptChoiceMargin")
ATTEMPT_MAX_ARTICLE = library_constant("kAttemptChoiceMaxArticleProbability")
ATTEMPT_MAX_PRODUCT = library_constant("kAttemptChoiceMaxProductProbability")


def run(cmd):
    print("+ " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=sys.stderr)


def dump(build, eval_root):
    run(["cmake", "--build", build, "-j2", "--target", "pith_features"])
    out = os.path.join(build, "model-data")
    sets = [os.path.join(eval_root, s) for s in cv.EVAL_SETS if os.path.isdir(os.path.join(eval_root, s))]
    run([os.path.join(build, "train", "pith_features"), out] + sets)
    with open(os.path.join(out, "features.tsv"), encoding="utf-8") as fh:
        rows = list(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    return rows[0], rows[1:], os.path.join(out, "pred")


def columns(header, prefix_test):
    return [i for i, name in enumerate(header) if prefix_test(name)]


# The columns of features.tsv that name a page rather than describe it.
LABEL_COLUMNS = ("set", "source", "id", "page_type", "domain")


def input_columns(header, left_out_prefixes):
    """A model's input columns: every feature but those of the other models
    (named by their prefixes)."""
    return columns(header, lambda n: n not in LABEL_COLUMNS and not n.startswith(left_out_prefixes))


def export(model, kind, n_features, outputs):
    """The C++ source of a fitted GradientBoosting model (trees.hpp's TreeEnsemble)."""
    name = {"page_type": "kPageTypeModel", "confidence": "kConfidenceModel"}[kind]
    return model_file([(model, name)], n_features, outputs)


def model_file(ensembles, n_features, outputs):
    """The C++ source of fitted GradientBoosting models, one TreeEnsemble
    named `name` for each (model, name) (each in a namespace of its own when
    there are several)."""
    lines = ["// Generated by train/train_models.py from the evaluation pages: do not edit.",
             "// Regenerate with `train/train_models.py`; `--check` (ctest model_check) compares.",
             '#include "classify/models.hpp"', "", "namespace pith::classify {", "namespace {"]
    definitions = []
    for model, name in ensembles:
        scope = name[1].lower() + name[2:] if len(ensembles) > 1 else ""
        if scope:
            lines.append("namespace %s {" % scope)
        lines += ensemble_tables(model, n_features, outputs)
        if scope:
            lines.append("}  // namespace %s" % scope)
        prefix = scope + "::" if scope else ""
        definitions.append("const TreeEnsemble %s{%skTrees, %skInitial, %r, %d};"
                           % (name, prefix, prefix, float(model.learning_rate), n_features))
    lines.append("}  // namespace")
    lines += definitions
    lines.append("}  // namespace pith::classify")
    return "\n".join(lines) + "\n"


def ensemble_tables(model, n_features, outputs):
    """kTrees and kInitial of one fitted model: each tree complete to
    trees.hpp's kTreeDepth (a leaf above the bottom level repeated on both
    sides of inner nodes that test feature 0), in the order of the rounds."""
    import numpy as np
    trees_hpp = os.path.join(ROOT, "src", "classify", "trees.hpp")
    depth = library_constant("kTreeDepth", trees_hpp, "int")
    max_features = library_constant("kMaxTreeFeatures", trees_hpp, "std::size_t")
    inner = 2 ** depth - 1
    if n_features > max_features:
        sys.exit("train_models: more than %d features" % max_features)

    def float_at_most(t):  # the largest float32 <= t: the same test for every float input
        f = np.float32(t)
        if float(f) > t:
            f = np.nextafter(f, np.float32(-np.inf))
        return float(f)

    trees = []
    for stage in model.estimators_:
        for k in range(outputs):
            tree = stage[k].tree_
            thresholds, features, leaves = [0.0] * inner, [0] * inner, [0.0] * (inner + 1)

            def place(n, i, level):  # node n of scikit-learn's tree at position i of the complete one
                is_leaf = tree.children_left[n] < 0
                if level == depth:
                    if not is_leaf:
                        sys.exit("train_models: a tree deeper than kTreeDepth (%d)" % depth)
                    leaves[i - inner] = float(np.float32(tree.value[n][0][0]))
                    return
                if is_leaf:
                    place(n, 2 * i + 1, level + 1)
                    place(n, 2 * i + 2, level + 1)
                    return
                thresholds[i], features[i] = float_at_most(tree.threshold[n]), int(tree.feature[n])
                place(tree.children_left[n], 2 * i + 1, level + 1)
                place(tree.children_right[n], 2 * i + 2, level + 1)

            place(0, 0, 0)
            trees.append((thresholds, leaves, features))
    initial = model._raw_predict_init(np.zeros((1, n_features)))[0]
    lines = ["constexpr Tree kTrees[] = {"]
    for thresholds, leaves, features in trees:
        lines.append("    {{%s}, {%s}, {%s}}," % (", ".join("%rf" % t for t in thresholds),
                                                 ", ".join("%rf" % v for v in leaves),
                                                 ", ".join("%d" % f for f in features)))
    lines.append("};")
    lines.append("constexpr double kInitial[] = {%s};" % ", ".join(repr(float(x)) for x in initial))
    return lines


def folds_of(domains):
    fold = cv.assign_folds(domains, FOLDS)
    return [fold[d] for d in domains]


# Sources whose every page is of one type, though their ground truth names
# none: the DANIEL corpus is news articles. Without them the model knew
# articles only as WCXB's recent pages (og:type, <article>, slugged
# addresses) and called most of the dev set's older, address-less news pages
# listings or services, which sent them to the attempt chooser.
SOURCE_PAGE_TYPES = {"daniel": "article"}


def page_type_label(row):
    return row[3] or SOURCE_PAGE_TYPES.get(row[1], "")


def train_page_types(header, rows):
    import numpy as np
    type_names = [h[len("type_"):] for h in header if h.startswith("type_")]
    page_cols = input_columns(header, ("type_", "content_", "attempt_"))
    labelled = [r for r in rows if page_type_label(r)]
    unknown = sorted({page_type_label(r) for r in labelled} - set(type_names))
    if unknown:
        sys.exit("train_models: labels %s are not PITH_PAGE_TYPES" % unknown)
    X = np.array([[float(r[i]) for i in page_cols] for r in labelled])
    y = np.array([type_names.index(page_type_label(r)) for r in labelled])
    folds = np.array(folds_of([r[4] for r in labelled]))
    counts = np.bincount(y, minlength=len(type_names))
    weights = (counts.max() / counts[y]) ** PAGE_TYPE_WEIGHT_POWER
    oof = np.zeros((len(labelled), len(type_names)))
    for f in range(FOLDS):
        model = fit_page_types(X[folds != f], y[folds != f], weights[folds != f])
        oof[folds == f] = model.predict_proba(X[folds == f])
    predicted = oof.argmax(axis=1)
    # The figure compared across versions: WCXB's pages, whose types were
    # labelled page by page.
    wcxb = np.array([bool(r[3]) for r in labelled])
    accuracy = float((predicted[wcxb] == y[wcxb]).mean())
    print("page types: %d pages, %d-fold CV by domain: accuracy %.3f on WCXB's %d" %
          (len(y), FOLDS, accuracy, int(wcxb.sum())))
    for source in sorted(SOURCE_PAGE_TYPES):
        mine = np.array([r[1] == source for r in labelled])
        print("  %s: %d pages, %.3f called %s" % (source, int(mine.sum()),
                                                  float((predicted[mine] == y[mine]).mean()),
                                                  SOURCE_PAGE_TYPES[source]))
    print("  %-14s %5s %7s %7s" % ("type", "pages", "recall", "precision"))
    for k, name in enumerate(type_names):
        tp = int(((predicted == k) & (y == k)).sum())
        print("  %-14s %5d %7.3f %7.3f" % (name, int((y == k).sum()), tp / max(1, (y == k).sum()),
                                           tp / max(1, (predicted == k).sum())))
    # The confusion on WCXB's pages: the true type by row, the predicted one by column.
    print("  %-14s %s" % ("true \\ called", " ".join("%5.5s" % n for n in type_names)))
    for k, name in enumerate(type_names):
        print("  %-14s %s" % (name, " ".join("%5d" % int(((y == k) & (predicted == j) & wcxb).sum())
                                            for j in range(len(type_names)))))
    model = fit_page_types(X, y, weights)
    oof_by_key = {tuple(r[:3]): oof[i] for i, r in enumerate(labelled)}
    return model, page_cols, type_names, oof_by_key, accuracy


def spearman(a, b):
    from scipy.stats import spearmanr
    return float(spearmanr(a, b).correlation)


def train_confidence(header, rows, pred_root, eval_root, oof_types):
    import numpy as np
    from sklearn.ensemble import GradientBoostingRegressor
    scorer = cv.load_scorer(eval_root)
    gold = {}
    for page in cv.wcxb_pages(eval_root, scorer):
        gold[(page["set"], page["folder"], page["id"])] = page["gold"]
    type_cols = columns(header, lambda n: n.startswith("type_"))
    feature_cols = input_columns(header, "attempt_")
    data, target, domains = [], [], []
    for r in rows:
        key = tuple(r[:3])
        if key not in gold or key not in oof_types:
            continue
        x = [float(r[i]) for i in feature_cols]
        for j, c in enumerate(type_cols):  # out-of-fold type probabilities
            x[feature_cols.index(c)] = float(oof_types[key][j])
        pred = scorer.load_pred(os.path.join(pred_root, r[0]), r[1], r[2]) or ""
        data.append(x)
        target.append(cv.word_f1(gold[key], pred))
        domains.append(r[4])
    X, y = np.array(data), np.array(target)
    folds = np.array(folds_of(domains))
    oof = np.zeros(len(y))
    for f in range(FOLDS):
        model = GradientBoostingRegressor(**CONFIDENCE_PARAMS).fit(X[folds != f], y[folds != f])
        oof[folds == f] = model.predict(X[folds == f])
    rho = spearman(oof, y)
    print("confidence: %d pages, %d-fold CV by domain: Spearman %.3f between predicted and real word F1"
          % (len(y), FOLDS, rho))
    print("  mean absolute error %.3f (predicting the mean: %.3f)"
          % (float(np.abs(np.clip(oof, 0, 1) - y).mean()), float(np.abs(y.mean() - y).mean())))
    for lo, hi in ((0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 1.01)):
        sel = (oof >= lo) & (oof < hi)
        if sel.any():
            print("  predicted [%.1f, %.1f): %4d pages, real word F1 %.3f" % (lo, min(hi, 1), int(sel.sum()), float(y[sel].mean())))
    model = GradientBoostingRegressor(**CONFIDENCE_PARAMS).fit(X, y)
    return model, len(feature_cols), rho


def gold_pages(eval_root, scorer):
    """Every page of train/ and dev/ with a whole gold text (WCXB's and the
    other sources'), by (set, folder, id): its domain, its group for the
    tables (the page type, else the source folder) and the gold text."""
    pages = {}
    for eval_set in cv.EVAL_SETS:
        root = os.path.join(eval_root, eval_set)
        if not os.path.isdir(root):
            continue
        for _source, folder, pid, g in scorer.load_gold(root):
            if g.get("text") is None:
                continue
            pages[(eval_set, folder, pid)] = {"domain": cv.domain_of(g), "gold": g["text"],
                                              "group": g.get("page_type") or folder}
    return pages


def train_attempt_choice(header, rows, attempts_root, eval_root, oof_types):
    """The attempt chooser, trained on every page with a whole gold text (not
    only WCXB's: news pages of other sources and years are where a chooser
    fitted to WCXB alone went wrong)."""
    import json
    import numpy as np
    scorer = cv.load_scorer(eval_root)
    pages = gold_pages(eval_root, scorer)
    type_cols = columns(header, lambda n: n.startswith("type_"))
    feature_cols = input_columns(header, "content_")
    data, f1s, keys, repeats = [], [], [], []
    for r in rows:
        key = tuple(r[:3])
        if key not in pages:
            continue
        with open(os.path.join(attempts_root, *key) + ".json", encoding="utf-8") as fh:
            records = json.load(fh)
        texts = {a["strategy"]: a["text"] for a in records}
        if "selection" not in texts:
            continue
        repeats.append(any(a.get("repeats_itself", False) for a in records))
        x = [float(r[i]) for i in feature_cols]
        if key in oof_types:  # out-of-fold type probabilities; other pages' are out of sample already
            for j, c in enumerate(type_cols):
                x[feature_cols.index(c)] = float(oof_types[key][j])
        data.append(x)
        gold = pages[key]["gold"]
        f1s.append([cv.word_f1(gold, texts.get(s, "")) for s in ("selection",) + tuple(n for n, _ in ATTEMPT_REGIONS)])
        keys.append(key)
    X, F = np.array(data), np.array(f1s)
    folds = np.array(folds_of([pages[k]["domain"] for k in keys]))
    gains = np.zeros((len(X), len(ATTEMPT_REGIONS)))
    for f in range(FOLDS):
        for j in range(len(ATTEMPT_REGIONS)):
            model = fit_attempt_gain(X[folds != f], F[folds != f, j + 1] - F[folds != f, 0])
            gains[folds == f, j] = model.predict(X[folds == f])
    def type_probability(name):
        return X[:, feature_cols.index(columns(header, lambda n: n == "type_" + name)[0])]
    applies = (type_probability("article") < ATTEMPT_MAX_ARTICLE) & (type_probability("product") < ATTEMPT_MAX_PRODUCT)
    choice = np.where((gains.max(axis=1) > ATTEMPT_MARGIN) & applies, gains.argmax(axis=1) + 1, 0)
    # A selection that repeats itself, where the region does not: the library
    # takes the region without asking the model (kSelfRepeatingSelectionShare).
    choice = np.where(np.array(repeats) & applies, 2, choice)
    after = F[np.arange(len(F)), choice]
    import random
    lo, hi = cv.domain_bootstrap([{"domain": pages[k]["domain"], "gain": float(a - b)}
                                  for k, a, b in zip(keys, after, F[:, 0])],
                                 lambda p: p["gain"], 1000, random.Random(0))
    print("attempt choice: %d pages, %d-fold CV by domain, margin %.2f: word F1 %.4f -> %.4f (%+.4f, "
          "95 %% domain-bootstrap interval [%+.4f, %+.4f]); the region chosen on %d pages, %d of them "
          "worse by more than 0.05; best of the three %.4f"
          % (len(F), FOLDS, ATTEMPT_MARGIN, F[:, 0].mean(), after.mean(), after.mean() - F[:, 0].mean(),
             lo, hi, int((choice > 0).sum()), int((after - F[:, 0] < -0.05).sum()), F.max(axis=1).mean()))
    by_group = collections.defaultdict(list)
    for k, before, now in zip(keys, F[:, 0], after):
        by_group[pages[k]["group"]].append((before, now))
    for g in sorted(by_group):
        v = np.array(by_group[g])
        print("  %-16s %5d pages  %.3f -> %.3f" % (g, len(v), v[:, 0].mean(), v[:, 1].mean()))
    write_oof_pred(os.path.dirname(attempts_root), dict(zip(keys, choice.tolist())))
    models = [(fit_attempt_gain(X, F[:, j + 1] - F[:, 0]), name)
              for j, (_, name) in enumerate(ATTEMPT_REGIONS)]
    return models, len(feature_cols)


def write_oof_pred(data_dir, choices):
    """DATA_DIR/oof-pred: every page's text as pith gives it (pred/), but with
    the out-of-fold choice of attempt where the chooser is asked (forced/):
    the content pith would give a page whose domain the chooser never saw.
    bench/cv.sh --oof scores it."""
    import shutil
    pred, out = os.path.join(data_dir, "pred"), os.path.join(data_dir, "oof-pred")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(pred, out)
    for key, k in choices.items():
        forced = os.path.join(data_dir, "forced", str(k), *key) + ".txt"
        if os.path.exists(forced):
            shutil.copyfile(forced, os.path.join(out, *key) + ".txt")


# How far two regenerations may differ and still be the same model: the
# training's exp/log come from NumPy, whose SIMD code (AVX-512 or not) may
# round a last bit differently from machine to machine, which moves leaf
# values, initial scores and the thresholds on computed inputs by an ulp. The
# trees' shapes, features and everything else must be equal.
MODEL_TOLERANCE = 1e-6


def model_numbers(source):
    """The numbers of a generated model file, in order, and its text with
    each number replaced by a placeholder (its shape)."""
    number = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?f?|-?\d+e[-+]?\d+f?")
    values = [float(m.group(0).rstrip("f")) for m in number.finditer(source)]
    return values, number.sub("#", source)


def same_model(a, b):
    """Whether two generated files are one model, up to MODEL_TOLERANCE."""
    if a == b:
        return True
    va, shape_a = model_numbers(a)
    vb, shape_b = model_numbers(b)
    return shape_a == shape_b and len(va) == len(vb) and all(
        abs(x - y) <= MODEL_TOLERANCE * max(1.0, abs(x), abs(y)) for x, y in zip(va, vb))


def update(path, source, check, failures):
    """Writes `source` to `path` when it differs (with --check, notes the
    difference instead, unless it is only the last-bit noise same_model
    allows). Whether it was written."""
    with open(path, encoding="utf-8") as fh:
        current = fh.read()
    if current == source:
        return False
    if check:
        if same_model(current, source):
            print("%s: equal to what train_models.py generates within %g (floating-point noise)"
                  % (path, MODEL_TOLERANCE))
        else:
            failures.append("%s differs from what train_models.py generates" % path)
        return False
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(source)
    print("wrote %s" % path)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--eval", default=cv.DEFAULT_EVAL)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    if not any(os.path.isdir(os.path.join(args.eval, s)) for s in cv.EVAL_SETS):
        print("train_models: no evaluation data under %s; nothing to train" % args.eval)
        return 77 if args.check else 0
    import numpy as np

    header, rows, pred_root = dump(args.build, args.eval)
    model, page_cols, type_names, oof_types, _ = train_page_types(header, rows)
    page_type_source = export(model, "page_type", len(page_cols), len(type_names))
    failures = []
    if args.check:
        # The library's probabilities (type_* columns, from the checked-in
        # model) against scikit-learn's.
        type_cols = columns(header, lambda n: n.startswith("type_"))
        X = np.array([[float(r[i]) for i in page_cols] for r in rows])
        library = np.array([[float(r[i]) for i in type_cols] for r in rows])
        worst = float(np.abs(model.predict_proba(X) - library).max())
        print("page types: library vs scikit-learn probabilities, largest difference %.2g" % worst)
        # Leaf values are floats in the library: a difference of ~1e-7 at most.
        if worst > 1e-6:
            failures.append("the library's page-type probabilities differ from the model's (%.2g)" % worst)
    if update(MODEL_FILES["page_type"], page_type_source, args.check, failures):
        print("rebuilding to read the pages with the new page-type model")
        header, rows, pred_root = dump(args.build, args.eval)
    attempts_root = os.path.join(os.path.dirname(pred_root), "attempts")
    choosers, n_features = train_attempt_choice(header, rows, attempts_root, args.eval, oof_types)
    if update(MODEL_FILES["attempt_choice"], model_file(choosers, n_features, 1), args.check, failures):
        print("rebuilding to read the pages with the new attempt-choice model")
        header, rows, pred_root = dump(args.build, args.eval)
    confidence, n_features, _ = train_confidence(header, rows, pred_root, args.eval, oof_types)
    update(MODEL_FILES["confidence"], export(confidence, "confidence", n_features, 1), args.check, failures)
    if failures:
        for f in failures:
            print("train_models --check: " + f, file=sys.stderr)
        print("regenerate with train/train_models.py and commit the files", file=sys.stderr)
        return 1
    if args.check:
        print("train_models --check: the checked-in models are what the script generates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
