"""The `pith` console script of a pip install: runs the CLI binary that
setup.py bundles in the package (pith/_bin/pith), with the same arguments."""
import os
import sys

BUNDLED_CLI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "pith")


def main() -> None:
    """Replaces this process with the bundled CLI (its exit code is the CLI's)."""
    if not os.access(BUNDLED_CLI, os.X_OK):
        sys.exit("pith: the CLI is not part of this install (%s is missing); `make build` builds it as "
                 "build/pith" % BUNDLED_CLI)
    os.execv(BUNDLED_CLI, ["pith"] + sys.argv[1:])
