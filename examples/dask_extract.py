#!/usr/bin/env python3
"""Extracts WARC files or HTML files into sharded JSON Lines on a Dask cluster.

    # a local cluster of 4 worker processes on this machine
    python3 examples/dask_extract.py --workers 4 --out out/ crawl/*.warc.gz
    # the same code on a real cluster: give the scheduler's address
    python3 examples/dask_extract.py --scheduler tcp://10.0.0.5:8786 --out /shared/out/ /shared/crawl/

INPUT is a WARC file (.warc, .warc.gz), an HTML file (.html, .htm, .html.gz),
a directory (searched recursively for both), or @LIST, a file naming one input
per line. Each WARC file is one task, HTML files go by --files-per-task.
Task i writes OUT/part-<i>.jsonl: one JSON line per HTML response record
(the records `pith --warc` writes) or per HTML file ({"input": path, ...}).
A record that failed still gets its line, with "error": {"code", "message"};
a WARC stream that breaks gets a line {"warc_file", "error"} after the
records read before the break; a task that fails as a whole (its worker died
twice) gets one error line per input in its shard. Nothing is dropped.
OUT/summary.json holds the totals the last lines print.

Every worker needs `import pith` (docs/python.md); on a real cluster OUT
must be a directory all workers and this client can reach (NFS, a bucket
mount), since workers write their shards themselves.
"""
import argparse
import gzip
import json
import logging
import os
import sys
import time

WARC_SUFFIXES = (".warc", ".warc.gz")
HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")


def find_inputs(args_inputs):
    """(warc_files, html_files) named by the command line, in a stable order."""
    warcs, htmls = [], []

    def add(path):
        lower = path.lower()
        if lower.endswith(WARC_SUFFIXES):
            warcs.append(path)
        elif lower.endswith(HTML_SUFFIXES):
            htmls.append(path)
        else:
            raise SystemExit("dask_extract: %s is neither a WARC nor an HTML file" % path)

    for item in args_inputs:
        if item.startswith("@"):
            with open(item[1:], encoding="utf-8") as listing:
                for line in listing:
                    if line.strip():
                        add(line.strip())
        elif os.path.isdir(item):
            for root, dirs, files in os.walk(item):
                dirs.sort()
                for name in sorted(files):
                    if name.lower().endswith(WARC_SUFFIXES + HTML_SUFFIXES):
                        add(os.path.join(root, name))
        elif os.path.exists(item):
            add(item)
        else:
            raise SystemExit("dask_extract: %s: no such file or directory" % item)
    return warcs, htmls


def error_record(fields, code, message):
    return {**fields, "error": {"code": code, "message": message}}


def extract_shard(shard, out_dir, kind, paths, options):
    """One task, run on a worker: writes part-<shard>.jsonl, returns its counts.

    The shard is written to a temporary name and renamed when complete, so a
    task that is retried on another worker never leaves half a shard behind.
    """
    import pith  # on the worker

    counts = {"shard": shard, "records": 0, "failures": 0, "with_content": 0, "skipped": 0}
    final = os.path.join(out_dir, "part-%05d.jsonl" % shard)
    partial = final + ".partial"
    started, cpu_started = time.monotonic(), time.thread_time()
    with open(partial, "w", encoding="utf-8") as out:
        def write(record):
            counts["records"] += 1
            if "error" in record:
                counts["failures"] += 1
            elif record.get("has_main_content"):
                counts["with_content"] += 1
            out.write(json.dumps(record, ensure_ascii=False) + "\n")

        if kind == "warc":
            for path in paths:
                warc_counts = {}
                try:
                    for record in pith.extract_warc(path, counts=warc_counts, **options):
                        write(record)
                except Exception as e:  # noqa: BLE001 - the file's own line, never a lost task
                    write(error_record({"warc_file": path}, getattr(e, "code", "internal_error"), str(e)))
                counts["skipped"] += (warc_counts.get("not_responses", 0) + warc_counts.get("not_html", 0)
                                      + warc_counts.get("not_2xx", 0))
        else:
            for path in paths:
                try:
                    opener = gzip.open if path.lower().endswith(".gz") else open
                    with opener(path, "rb") as fh:
                        html = fh.read()
                    doc = pith.extract(html, format="json", **options)
                    write({"input": path, **doc.to_dict()})
                except Exception as e:  # noqa: BLE001 - recorded, never dropped
                    write(error_record({"input": path}, getattr(e, "code", "io_failed" if isinstance(e, OSError)
                                                                 else "internal_error"), str(e)))
    os.replace(partial, final)
    counts["seconds"] = time.monotonic() - started
    # CPU time of this task's thread: on a shared machine, wall time alone
    # cannot tell a slow extraction from a worker that got no core.
    counts["cpu_seconds"] = time.thread_time() - cpu_started
    return counts


def task_failure_shard(shard, out_dir, kind, paths, error):
    """The shard of a task that failed as a whole: one error line per input."""
    key = "warc_file" if kind == "warc" else "input"
    message = "the task failed: %s: %s" % (type(error).__name__, error)
    with open(os.path.join(out_dir, "part-%05d.jsonl" % shard), "w", encoding="utf-8") as out:
        for path in paths:
            out.write(json.dumps(error_record({key: path}, "task_failed", message), ensure_ascii=False) + "\n")
    return {"shard": shard, "records": len(paths), "failures": len(paths), "with_content": 0, "skipped": 0,
            "seconds": 0.0, "cpu_seconds": 0.0}


def make_tasks(warcs, htmls, files_per_task):
    tasks = [("warc", [path]) for path in warcs]
    for i in range(0, len(htmls), files_per_task):
        tasks.append(("html", htmls[i:i + files_per_task]))
    return tasks


class Progress:
    """tqdm when installed (python3-tqdm), else a line per tenth of the tasks."""

    def __init__(self, total, enabled):
        self.total, self.done, self.pages = total, 0, 0
        self.bar = None
        if enabled:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, unit="shard", file=sys.stderr, dynamic_ncols=True)
            except ImportError:
                pass
        self.enabled = enabled

    def update(self, counts):
        self.done += 1
        self.pages += counts["records"]
        if self.bar is not None:
            self.bar.set_postfix(pages=self.pages, refresh=False)
            self.bar.update(1)
        elif self.enabled and (self.done == self.total or self.done % max(1, self.total // 10) == 0):
            print("dask_extract: %d/%d shards, %d pages" % (self.done, self.total, self.pages), file=sys.stderr)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", metavar="INPUT", help="WARC or HTML files, directories, @LIST files")
    ap.add_argument("--out", required=True, help="output directory (created; must be empty of part files)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    where.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster (default 2)")
    ap.add_argument("--threads-per-worker", type=int, default=1,
                    help="threads per local worker (pith releases the GIL, so threads work too)")
    ap.add_argument("--files-per-task", type=int, default=200, help="HTML files per task (default 200)")
    focus = ap.add_mutually_exclusive_group()
    focus.add_argument("--precision", action="store_true", help="favour precision (pith --precision)")
    focus.add_argument("--recall", action="store_true", help="favour recall (pith --recall)")
    ap.add_argument("--comments", action="store_true", help="find comment threads (JSON \"comments\")")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.workers < 1 or args.threads_per_worker < 1 or args.files_per_task < 1:
        ap.error("--workers, --threads-per-worker and --files-per-task must be at least 1")
    return args


def main(argv=None):
    args = parse_args(argv)
    warcs, htmls = find_inputs(args.inputs)
    if not warcs and not htmls:
        raise SystemExit("dask_extract: no WARC or HTML files in the inputs")
    os.makedirs(args.out, exist_ok=True)
    if any(name.startswith("part-") for name in os.listdir(args.out)):
        raise SystemExit("dask_extract: %s already holds part files; give an empty directory" % args.out)
    out_dir = os.path.abspath(args.out)
    options = {"precision": args.precision, "recall": args.recall, "include_comments": args.comments}
    tasks = make_tasks(warcs, htmls, args.files_per_task)

    from dask.distributed import Client, LocalCluster, as_completed

    started = time.monotonic()
    if args.scheduler:
        cluster, client = None, Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=args.threads_per_worker,
                               processes=True, dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    workers = len(client.scheduler_info()["workers"])
    ready = time.monotonic()
    totals = {"records": 0, "failures": 0, "with_content": 0, "skipped": 0, "cpu_seconds": 0.0}
    progress = Progress(len(tasks), not args.no_progress)
    try:
        futures = {}
        for shard, (kind, paths) in enumerate(tasks):
            future = client.submit(extract_shard, shard, out_dir, kind, paths, options, pure=False, retries=1,
                                   key="pith-shard-%05d-%s" % (shard, os.urandom(4).hex()))
            futures[future] = (shard, kind, paths)
        for future in as_completed(futures):
            shard, kind, paths = futures[future]
            try:
                counts = future.result()
            except Exception as e:  # noqa: BLE001 - a lost task still gets its lines
                counts = task_failure_shard(shard, out_dir, kind, paths, e)
            for key in totals:
                totals[key] += counts[key]
            progress.update(counts)
    finally:
        progress.close()
        client.close()
        if cluster is not None:
            cluster.close()
    finished = time.monotonic()
    seconds = finished - ready
    summary = {
        "inputs": {"warc_files": len(warcs), "html_files": len(htmls)},
        "shards": len(tasks),
        "workers": workers,
        "threads_per_worker": None if args.scheduler else args.threads_per_worker,
        "pages": totals["records"],
        "with_main_content": totals["with_content"],
        "failures": totals["failures"],
        "skipped_records": totals["skipped"],
        "seconds": round(seconds, 3),
        "startup_seconds": round(ready - started, 3),
        "pages_per_second": round(totals["records"] / seconds, 1) if seconds > 0 else None,
        "task_cpu_seconds": round(totals["cpu_seconds"], 3),
        "pages_per_task_cpu_second": (round(totals["records"] / totals["cpu_seconds"], 1)
                                      if totals["cpu_seconds"] > 0 else None),
    }
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2)
        fh.write("\n")
    print("dask_extract: %d pages (%d with main content), %d failures, %d WARC records skipped (not HTML responses); "
          "%d shards in %s on %d workers: %.2f s, %.1f pages/s, %.1f task CPU s (cluster start %.1f s)"
          % (summary["pages"], summary["with_main_content"], summary["failures"], summary["skipped_records"],
             summary["shards"], out_dir, workers, seconds, summary["pages_per_second"] or 0.0,
             summary["task_cpu_seconds"], summary["startup_seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
