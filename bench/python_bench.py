#!/usr/bin/env python3
"""Throughput of the Python binding against the CLI and the C++ loop, and of
the Dask example with 1 and 2 workers, on an evaluation set
(<source>/<id>.html.gz + <id>.json, as ../shared/eval/dev).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py --build build

Rows (pages/s, best and median of --repeat runs, since the machine's load makes
single runs noisy; and pages per CPU second, this process and its children):
  C++ loop           build/bench/pith_bench (extract() only, pages in memory), when built
  binding            pith.extract(html, url=...) in a Python loop, pages in memory
  binding, N threads the same from a ThreadPoolExecutor (the GIL is released)
  CLI, --warc        `pith --warc SET.warc.gz --jobs 1` (JSON records; one extraction thread)
  binding, WARC      pith.extract_warc() over the same file, dicts as the CLI's records
  CLI, per page      one `pith FILE` process per page (first --per-page pages)
  Dask, N workers    examples/dask_extract.py --workers N on --shards WARC files holding
                     the set --dask-copies times (its summary: pages/s without the cluster
                     start, and task CPU seconds, which show how much of a core the
                     workers actually got on a loaded machine)
The WARC files are written to a temporary folder and deleted.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "warc"))
sys.path.insert(0, HERE)
from make_warc import load as load_pages  # noqa: E402  (url, page bytes) per page of the set
from warc_writer import WarcWriter  # noqa: E402

import pith  # noqa: E402


def cpu_now():
    """CPU seconds of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best_of(repeat, run):
    """Wall seconds of the fastest of `repeat` runs, the median, and the
    median CPU seconds (which the machine's load hardly changes)."""
    times, cpu = [], []
    for _ in range(repeat):
        started, cpu_started = time.perf_counter(), cpu_now()
        run()
        times.append(time.perf_counter() - started)
        cpu.append(cpu_now() - cpu_started)
    return min(times), statistics.median(times), statistics.median(cpu)


def extract_all(pages):
    for url, html in pages:
        try:
            pith.extract(html, url=url)
        except pith.PithError:
            pass


def extract_threads(pages, threads):
    def one(page):
        try:
            pith.extract(page[1], url=page[0])
        except pith.PithError:
            pass

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(one, pages))


def write_warcs(pages, folder, shards):
    paths = []
    for shard in range(shards):
        path = os.path.join(folder, "set-%02d.warc.gz" % shard)
        with WarcWriter(path, gzip_records=True) as w:
            w.warcinfo()
            for url, body in pages[shard::shards]:
                w.request(url)
                w.response(url, body, content_type="text/html")
        paths.append(path)
    return paths


def cpp_loop(build, data, repeat):
    binary = os.path.join(build, "bench", "pith_bench")
    if not os.path.exists(binary):
        return None
    pred = tempfile.mkdtemp(prefix="pith-bench-pred-")
    try:
        rates = []
        for _ in range(repeat):
            run = subprocess.run([binary, "--data", data, "--pred", pred, "--json"], capture_output=True,
                                 text=True, check=True)
            result = json.loads(run.stdout)
            rates.append(result["pages_per_s"])
        return max(rates), statistics.median(rates)
    finally:
        shutil.rmtree(pred, ignore_errors=True)


def dask_runs(warc_dir, workers, repeat):
    """The summary.json of each run of the example."""
    summaries = []
    for _ in range(repeat):
        out = tempfile.mkdtemp(prefix="pith-bench-dask-")
        try:
            subprocess.run([sys.executable, os.path.join(ROOT, "examples", "dask_extract.py"), "--workers",
                            str(workers), "--no-progress", "--out", out, warc_dir], check=True,
                           capture_output=True, text=True)
            with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
                summaries.append(json.load(fh))
        finally:
            shutil.rmtree(out, ignore_errors=True)
    return summaries


def main():
    ap = argparse.ArgumentParser(description="pith: binding vs CLI throughput, Dask 1 vs 2 workers")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "eval", "dev"))
    ap.add_argument("--build", default=os.path.join(ROOT, "build"), help="build folder (pith, bench/pith_bench)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--per-page", type=int, default=100, help="pages for the process-per-page row")
    ap.add_argument("--shards", type=int, default=8, help="WARC files for the Dask rows")
    ap.add_argument("--dask-copies", type=int, default=3,
                    help="the set written this many times into the Dask WARC files, so that the run "
                         "outweighs task scheduling (default 3)")
    ap.add_argument("--no-dask", action="store_true")
    args = ap.parse_args()
    if not os.path.isdir(args.data):
        print("python_bench.py: no data set at %s; nothing to measure" % args.data)
        return 0
    cli = os.path.join(args.build, "pith")
    pages = load_pages(args.data)
    n = len(pages)
    rows = []  # (what, pages, best pages/s, median pages/s)
    dask_rows = []  # (workers, [summary.json of each run])

    def add(what, count, timing):
        best, median, cpu = timing
        rows.append((what, count, count / best, count / median, count / cpu))

    cpp = cpp_loop(args.build, args.data, args.repeat)
    if cpp:
        rows.append(("C++ loop (pith_bench)", n, cpp[0], cpp[1], None))
    add("binding: pith.extract() loop", n, best_of(args.repeat, lambda: extract_all(pages)))
    add("binding: ThreadPoolExecutor, %d threads" % args.threads, n,
        best_of(args.repeat, lambda: extract_threads(pages, args.threads)))

    tmp = tempfile.mkdtemp(prefix="pith-bench-warc-")
    try:
        one_warc = write_warcs(pages, os.path.join(tmp), 1)[0]
        add("CLI: pith --warc --jobs 1", n, best_of(args.repeat, lambda: subprocess.run(
            [cli, "--warc", one_warc, "--jobs", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            check=True)))
        add("binding: pith.extract_warc()", n, best_of(args.repeat, lambda: sum(1 for _ in pith.extract_warc(one_warc))))
        page_dir = os.path.join(tmp, "pages")
        os.makedirs(page_dir)
        files = []
        for i, (_, body) in enumerate(pages[:args.per_page]):
            files.append(os.path.join(page_dir, "%04d.html" % i))
            with open(files[-1], "wb") as fh:
                fh.write(body)
        add("CLI: one process per page", len(files), best_of(args.repeat, lambda: [
            subprocess.run([cli, f], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for f in files]))
        if not args.no_dask:
            shard_dir = os.path.join(tmp, "shards")
            os.makedirs(shard_dir)
            write_warcs(pages * args.dask_copies, shard_dir, args.shards)
            for workers in (1, 2):
                dask_rows.append((workers, dask_runs(shard_dir, workers, args.repeat)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    load = os.getloadavg()
    print("%d pages from %s; best and median of %d runs; load average %.1f %.1f %.1f on %d cores" %
          (n, os.path.normpath(args.data), args.repeat, load[0], load[1], load[2], os.cpu_count()))
    print()
    print("| run | pages | pages/s (best) | pages/s (median) | pages per CPU second (median) |")
    print("|---|---|---|---|---|")
    for what, count, best, median, per_cpu in rows:
        print("| %s | %d | %.1f | %.1f | %s |" % (what, count, best, median,
                                                "%.1f" % per_cpu if per_cpu else "-"))
    if dask_rows:
        print()
        print("Dask (examples/dask_extract.py, %d WARC shards, the set x %d; cluster start not counted;"
              " cores obtained = task CPU seconds / wall seconds):" % (args.shards, args.dask_copies))
        print()
        print("| worker processes | pages | pages/s (best) | pages/s (median) | cores obtained (median) "
              "| pages per task CPU second (median) |")
        print("|---|---|---|---|---|---|")
        for workers, runs in dask_rows:
            rates = [r["pages_per_second"] for r in runs]
            cores = [r["task_cpu_seconds"] / r["seconds"] for r in runs]
            per_cpu = [r["pages_per_task_cpu_second"] for r in runs]
            print("| %d | %d | %.1f | %.1f | %.2f | %.1f |" % (workers, runs[0]["pages"], max(rates),
                                                            statistics.median(rates), statistics.median(cores),
                                                            statistics.median(per_cpu)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
