#!/usr/bin/env python3
"""Runs the examples of README.md and docs/*.md that are marked runnable: a
fenced ```sh or ```python block right after a line `<!-- runnable -->`.

    run_examples.py PITH SOURCE_DIR BUILD_DIR

Each block runs in a scratch folder that looks like the source tree (its
top-level entries linked, so `fixtures/...` and `bench/...` resolve), with
`pith` on PATH and `build/pith` being PITH; Python blocks run with the
interpreter the module was built for and PYTHONPATH=BUILD_DIR/python. A block
passes when it exits 0 within its time limit; a sh block runs under
`set -euo pipefail`, so every command in it must succeed.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARK = "<!-- runnable -->"
FENCE = re.compile(r"^```(sh|python)\s*$")
SECONDS = 120


def blocks(path):
    """(line number, language, code) of every runnable block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for i, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
        if not fence:
            sys.exit("%s:%d: %s is not followed by a ```sh or ```python fence" % (path, i + 1, MARK))
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            sys.exit("%s:%d: unterminated block" % (path, i + 2))
        found.append((i + 2, fence.group(1), "\n".join(lines[i + 2:end]) + "\n"))
    return found


def scratch_tree(source, build, pith):
    """A folder whose entries link to the source tree's, with build/pith and build/python."""
    root = tempfile.mkdtemp(prefix="pith-docs-")
    for name in os.listdir(source):
        if name in ("build", ".git"):
            continue
        os.symlink(os.path.join(source, name), os.path.join(root, name))
    os.mkdir(os.path.join(root, "build"))
    os.symlink(pith, os.path.join(root, "build", "pith"))
    if os.path.isdir(os.path.join(build, "python")):
        os.symlink(os.path.join(build, "python"), os.path.join(root, "build", "python"))
    bin_dir = os.path.join(root, ".bin")
    os.mkdir(bin_dir)
    os.symlink(pith, os.path.join(bin_dir, "pith"))
    return root, bin_dir


def module_python(build):
    cache = os.path.join(build, "CMakeCache.txt")
    for line in open(cache, encoding="utf-8"):
        if line.startswith("Python_EXECUTABLE:FILEPATH="):
            return line.split("=", 1)[1].strip()
    return sys.executable


def main():
    pith, source, build = (os.path.abspath(a) for a in sys.argv[1:4])
    pages = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    python = module_python(build)
    has_module = os.path.isdir(os.path.join(build, "python", "pith"))
    ran = failed = skipped = 0
    for page in pages:
        for line, language, code in blocks(page):
            if language == "python" and not has_module:
                skipped += 1  # sanitizer builds have no Python module
                continue
            root, bin_dir = scratch_tree(source, build, pith)
            env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
                       PYTHONPATH=os.path.join(build, "python"), PYTHONDONTWRITEBYTECODE="1")
            command = (["bash", "-c", "set -euo pipefail\n" + code] if language == "sh"
                       else [python, "-c", code])
            where = "%s:%d" % (os.path.relpath(page, source), line)
            try:
                run = subprocess.run(command, cwd=root, env=env, capture_output=True, timeout=SECONDS)
                ok = run.returncode == 0
                detail = "exit %d\n%s%s" % (run.returncode, run.stdout.decode(errors="replace")[-2000:],
                                             run.stderr.decode(errors="replace")[-2000:])
            except subprocess.TimeoutExpired:
                ok, detail = False, "still running after %d s" % SECONDS
            shutil.rmtree(root)
            ran += 1
            if not ok:
                failed += 1
                print("FAIL %s (%s block):\n%s\n%s" % (where, language, code, detail))
    print("docs examples: %d run, %d failed%s" % (ran, failed, ", %d Python blocks skipped (no module in this build)"
                                                   % skipped if skipped else ""))
    if ran == 0:
        sys.exit("docs examples: no block is marked %s" % MARK)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
