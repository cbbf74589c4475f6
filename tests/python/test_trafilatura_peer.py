"""pith.trafilatura against trafilatura 2.2 itself, on every fixture: each call
of trafilatura_calls.CALLS must give the same return types, JSON keys, XML
attributes, CSV columns, front-matter keys and Document fields
(trafilatura_calls.differences), and trafilatura_kinds.json, which the `python`
test compares the shim with, must still be what trafilatura gives.

trafilatura is not a dependency of pith: it runs in the peers' venv
(../shared/peers/setup.sh, under $PITH_PEERS, default ~/.cache/pith-peers).
Without it the test is skipped (ctest: python_trafilatura_peer, SKIP).
"""
import json
import os
import subprocess

import pytest

import pith.trafilatura
import trafilatura_calls

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP_MESSAGE = "trafilatura 2.2 not installed (../shared/peers/setup.sh installs it)"


def _peer_python():
    prefix = os.environ.get("PITH_PEERS", os.path.expanduser("~/.cache/pith-peers"))
    python = os.path.join(prefix, "venv", "bin", "python3")
    if not os.access(python, os.X_OK):
        return None
    probe = subprocess.run([python, "-c", "import trafilatura; print(trafilatura.__version__)"],
                           capture_output=True, text=True)
    return python if probe.returncode == 0 and probe.stdout.startswith("2.") else None


@pytest.fixture(scope="module")
def fixtures_dir(pages):
    return os.path.dirname(os.path.dirname(pages[0][1]))


@pytest.fixture(scope="module")
def peer(fixtures_dir, tmp_path_factory):
    python = _peer_python()
    if python is None:
        pytest.skip(SKIP_MESSAGE)
    out = tmp_path_factory.mktemp("peer") / "kinds.json"
    run = subprocess.run([python, os.path.join(HERE, "trafilatura_calls.py"), "--record", fixtures_dir, str(out)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def shim(fixtures_dir):
    return trafilatura_calls.recording(pith.trafilatura, trafilatura_calls.fixture_pages(fixtures_dir))


@pytest.mark.parametrize("call", [c[0] for c in trafilatura_calls.CALLS])
def test_call_matches_trafilatura(call, peer, shim):
    assert trafilatura_calls.differences(peer["kinds"][call], shim["kinds"][call]) == []


def test_recording_is_current(peer):
    with open(trafilatura_calls.RECORDING, encoding="utf-8") as fh:
        recorded = json.load(fh)
    assert recorded == peer, ("trafilatura_kinds.json is stale: re-record it with `%s %s --record fixtures "
                              "%s`" % ("<peers venv>/bin/python3", "tests/python/trafilatura_calls.py",
                                       "tests/python/trafilatura_kinds.json"))
