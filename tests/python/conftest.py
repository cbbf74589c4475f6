"""Shared set-up of the Python tests (run by ctest, tests/CMakeLists.txt).

Environment: PYTHONPATH holds <build>/python (the built package), PITH_CLI the
CLI of the same build, PITH_FIXTURES the fixtures folder.
"""
import glob
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "warc"))  # warc_writer


def _fixtures_dir():
    return os.environ.get("PITH_FIXTURES", os.path.join(ROOT, "fixtures"))


def fixture_meta(page):
    """The fixture.json beside a fixture's page.html, {} when it has none."""
    meta = os.path.join(os.path.dirname(page), "fixture.json")
    if not os.path.exists(meta):
        return {}
    with open(meta, encoding="utf-8") as fh:
        return json.load(fh)


def fixture_pages():
    """(name, page path, url) of every fixture."""
    return [(os.path.basename(os.path.dirname(path)), path, fixture_meta(path).get("url", ""))
            for path in sorted(glob.glob(os.path.join(_fixtures_dir(), "*", "page.html")))]


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("PITH_CLI")
    if not path or not os.path.exists(path):
        pytest.fail("PITH_CLI must name the pith CLI of the same build (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def pages():
    found = fixture_pages()
    assert len(found) >= 10, "fixtures not found under %s" % _fixtures_dir()
    return found
