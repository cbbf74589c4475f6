"""What the `pith --warc` test scripts share: pass/fail counting, fixture pages
and running the CLI."""
import json
import os
import subprocess
import sys


class Harness:
    def __init__(self, pith, fixtures):
        self.pith, self.fixtures = pith, fixtures
        self.passes = self.failures = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passes += 1
        else:
            self.failures += 1
            print("FAIL %s %s" % (name, detail))

    def page(self, name):
        with open(os.path.join(self.fixtures, name, "page.html"), "rb") as fh:
            return fh.read()

    def run(self, *args):
        """(exit code, the JSON lines of stdout, stderr)."""
        proc = subprocess.run([self.pith, *args], capture_output=True)
        lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
        return proc.returncode, lines, proc.stderr.decode()

    def finish(self):
        print("%d passed, %d failed" % (self.passes, self.failures))
        sys.exit(1 if self.failures else 0)
