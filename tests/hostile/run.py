#!/usr/bin/env python3
"""Runs pith over the adversarial corpus (make_corpus.py) and checks, for every
case: no crash, the documented outcome, bounded memory
(peak RSS <= 13 x input + 64 MB, docs/limits.md) and time no worse than linear
in input size.

    run.py PITH CORPUS_DIR [--markdown FILE] [--no-resource-checks]

Each case runs as `pith --format json FILE` under GNU time (/usr/bin/time),
which reports the child's peak RSS and CPU time. The linear-time check uses
CPU time (user + system), which a busy machine does not inflate as it does
wall time. (wait4() from this script would not do:
a forked child inherits the Python process's RSS high-water mark.) Exit status 0 when every check passes. Resource checks
are skipped in sanitizer builds (ASan's shadow memory and slowdown are not
the product's). The last line is "hostile: N passed, N failed".
"""
import argparse
import json
import os
import subprocess
import sys
import time

HANG_SECONDS = 120
# The memory promise (docs/limits.md, "Limits"): peak RSS <= 13 x input + 64 MB.
RSS_PER_INPUT_BYTE = 13
RSS_FLOOR = 64 << 20
TIME = "/usr/bin/time"
MB = 1 << 20


def run_case(pith, case):
    start = time.monotonic()
    with open(os.devnull, "wb") as devnull:
        out_path = case["file"] + ".out"
        with open(out_path, "wb") as out, open(case["file"] + ".err", "wb") as err:
            rss_path = case["file"] + ".rss"
            proc = subprocess.Popen([TIME, "-f", "%M %U %S", "-o", rss_path, "--", pith, "--format", "json",
                                     case["file"]], stdout=out, stderr=err, stdin=subprocess.DEVNULL)
            deadline = start + HANG_SECONDS
            status = None
            while status is None:
                pid, raw, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    status = raw
                    break
                if time.monotonic() > deadline:
                    proc.kill()
                    pid, raw, usage = os.wait4(proc.pid, 0)
                    status = None
                    break
                time.sleep(0.005)
    wall = time.monotonic() - start
    with open(case["file"] + ".err", "rb") as f:
        message = f.read().decode("utf-8", "replace").strip().splitlines()
    # GNU time reports a killed child as "Command terminated by signal N".
    message = [line for line in message if not line.startswith("Command exited with non-zero status")]
    killed_by = next((int(line.rsplit(" ", 1)[1]) for line in message
                      if line.startswith("Command terminated by signal")), None)
    message = [line for line in message if not line.startswith("Command terminated by signal")]
    try:
        with open(rss_path) as f:
            fields = f.read().split()[-3:]
        rss = int(fields[0]) * 1024
        cpu = float(fields[1]) + float(fields[2])
        os.remove(rss_path)
    except (OSError, ValueError, IndexError):
        rss, cpu = 0, 0.0
    result = dict(case, wall=wall, cpu=cpu, rss=rss, message=message[0] if message else "")
    if status is None:
        result.update(exit="hang", signal=None)
    elif killed_by is not None:
        result.update(exit=f"signal {killed_by}", signal=killed_by)
    else:
        result.update(exit=os.WEXITSTATUS(status), signal=None)
    result["output_ok"] = check_output(out_path, result["exit"])
    os.remove(out_path)
    return result


def check_output(path, code):
    """With --format json, exit 0 and 1 print one valid UTF-8 JSON object."""
    if code not in (0, 1):
        return os.path.getsize(path) == 0
    with open(path, "rb") as f:
        data = f.read()
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(doc, dict) and doc.get("has_main_content") == (code == 0)


def judge(r, resource_checks):
    problems = []
    if r["exit"] == "hang":
        problems.append(f"no answer within {HANG_SECONDS} s")
    elif r["signal"] is not None or r["exit"] not in (0, 1, 3):
        problems.append(f"crashed ({r['exit']})")
    elif r["expect"] == "error" and r["exit"] != 3:
        problems.append("should be refused with exit 3")
    elif r["expect"] == "page" and r["exit"] not in (0, 1):
        problems.append("should be processed (exit 0 or 1)")
    if "internal error" in r["message"] or "Sanitizer" in r["message"] or "runtime error" in r["message"]:
        problems.append("internal error: " + r["message"])
    if not r["output_ok"]:
        problems.append("output is not one valid JSON document")
    r["bound"] = RSS_PER_INPUT_BYTE * r["bytes"] + RSS_FLOOR
    if resource_checks and r["rss"] > r["bound"]:
        problems.append(f"peak RSS {r['rss'] / MB:.0f} MB over {r['bound'] / MB:.0f} MB")
    return problems


# GNU time reports CPU time in 10 ms steps and a process start costs about
# that much, so a run under this floor says nothing about how time grows.
MEASURABLE_CPU_SECONDS = 0.05
# A suspected superlinear pair is measured again this many times, keeping the
# fastest run of each: under ctest -j a neighbouring test can inflate one run.
REMEASURE_RUNS = 3


def min_cpu(pith, case):
    return min(run_case(pith, case)["cpu"] for _ in range(REMEASURE_RUNS))


def linear_time_problems(results, pith):
    """Within a family, time may grow at most ~linearly with size: judged on
    consecutive sizes where the larger run took long enough to measure."""
    problems = []
    families = {}
    for r in results:
        if r["family"]:
            families.setdefault(r["family"], []).append(r)
    for name, runs in families.items():
        runs.sort(key=lambda r: r["bytes"])
        for small, large in zip(runs, runs[1:]):
            if large["cpu"] < 0.3:
                continue
            size_ratio = large["bytes"] / small["bytes"]

            def time_ratio(small_cpu, large_cpu):
                return large_cpu / max(small_cpu, MEASURABLE_CPU_SECONDS)

            small_cpu, large_cpu = small["cpu"], large["cpu"]
            if time_ratio(small_cpu, large_cpu) > 2.0 * size_ratio:
                small_cpu = min(small_cpu, min_cpu(pith, small))
                large_cpu = min(large_cpu, min_cpu(pith, large))
            ratio = time_ratio(small_cpu, large_cpu)
            small["ratio"] = None
            large["ratio"] = f"{ratio:.1f}x time for {size_ratio:.1f}x size"
            if ratio > 2.0 * size_ratio:
                problems.append(f"{name}: {large['ratio']} (worse than linear)")
    return problems


def outcome(r):
    if r["exit"] == 0:
        return "content"
    if r["exit"] == 1:
        return "no main content"
    if r["exit"] == 3:
        return "refused: " + r["message"].removeprefix("pith: ")[:60]
    return str(r["exit"])


def markdown(results):
    lines = ["| case | input | outcome | exit | CPU | wall | peak RSS | RSS bound | check |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in results:
        size = r["bytes"]
        human = f"{size / MB:.1f} MB" if size >= MB else f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} B"
        check = "ok" if not r["problems"] else "FAIL: " + "; ".join(r["problems"])
        lines.append(f"| {r['name']} | {human} | {outcome(r)} | {r['exit']} | {r['cpu']:.2f} s | {r['wall']:.2f} s | "
                     f"{r['rss'] / MB:.0f} MB | {r['bound'] / MB:.0f} MB | {check} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pith")
    parser.add_argument("corpus")
    parser.add_argument("--markdown")
    parser.add_argument("--no-resource-checks", action="store_true")
    args = parser.parse_args()
    if not os.access(TIME, os.X_OK):
        print(f"hostile: {TIME} (GNU time) is needed to measure peak memory; "
              "scripts/install-deps.sh installs it", file=sys.stderr)
        return 2
    with open(os.path.join(args.corpus, "cases.json")) as f:
        cases = json.load(f)
    results = []
    for case in cases:
        r = run_case(args.pith, case)
        r["problems"] = judge(r, not args.no_resource_checks)
        results.append(r)
        print(f"{r['name']:32} exit {r['exit']!s:9} cpu {r['cpu']:6.2f} s wall {r['wall']:6.2f} s "
              f"{r['rss'] / MB:6.0f} MB  "
              f"{'ok' if not r['problems'] else 'FAIL ' + '; '.join(r['problems'])}", flush=True)
    slow = [] if args.no_resource_checks else linear_time_problems(results, args.pith)
    for p in slow:
        print("FAIL time:", p)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(results))
    failed = sum(1 for r in results if r["problems"]) + len(slow)
    print(f"hostile: {len(results) + len(slow) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
