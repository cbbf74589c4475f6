"""pith.trafilatura against trafilatura 2.2 itself, on every fixture: each call
of trafilatura_calls.CALLS must give the same return types, JSON keys, XML
attributes, CSV columns, front-matter keys and Document fields.

trafilatura is not a dependency of pith: it runs in the peers' venv
(../shared/peers/setup.sh, under $PITH_PEERS, default ~/.cache/pith-peers).
Without it the test is skipped (ctest: python_trafilatura_peer, SKIP).

A field is compared by kind over all the fixtures: where trafilatura always
sets a field the shim must too, where it never does the shim must not, and a
set value must have trafilatura's type. For the metadata each extractor
detects its own way (trafilatura_calls.DETECTED: an author, a date...) the
first rule does not apply: which pages have one is a matter of accuracy, not
of the API.
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
def peer_shapes(pages, tmp_path_factory):
    python = _peer_python()
    if python is None:
        pytest.skip(SKIP_MESSAGE)
    listing = tmp_path_factory.mktemp("peer") / "pages.json"
    listing.write_text(json.dumps([[path, url] for _, path, url in pages]))
    run = subprocess.run([python, os.path.join(HERE, "trafilatura_calls.py"), str(listing)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)["shapes"]


@pytest.fixture(scope="module")
def shim_shapes(pages):
    loaded = []
    for _, path, url in pages:
        with open(path, "rb") as fh:
            loaded.append((fh.read(), url))
    return trafilatura_calls.run(pith.trafilatura, loaded)


def _kinds(shapes):
    """{field path: set of kinds over the pages}, for one call."""
    kinds = {}

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(prefix + (key,), item)
        else:
            kinds.setdefault(prefix, set()).add(value)

    for shape in shapes:
        # Fields of a result trafilatura discarded are not compared: only its type.
        walk((), shape if shape["type"] != "None" else {"type": "None"})
    return kinds


def _differences(peer, shim):
    problems = []
    peer_kinds, shim_kinds = _kinds(peer), _kinds(shim)
    for path in sorted(set(peer_kinds) | set(shim_kinds)):
        want, got = peer_kinds.get(path, set()), shim_kinds.get(path, set())
        name = "/".join(path)
        if path == ("type",):
            if got - want - {"None"}:
                problems.append("%s: returns %s, trafilatura %s" % (name, sorted(got), sorted(want)))
            continue
        if not want or not got:
            problems.append("%s: %s" % (name, "only in the shim" if not want else "missing in the shim"))
        elif want == {"None"} and got != {"None"}:
            problems.append("%s: set by the shim (%s), never by trafilatura" % (name, sorted(got)))
        elif "None" not in want and "None" in got and path[-1] not in trafilatura_calls.DETECTED:
            problems.append("%s: always set by trafilatura, not always by the shim" % name)
        elif got - want - {"None"}:
            problems.append("%s: kind %s, trafilatura %s" % (name, sorted(got), sorted(want)))
    return problems


@pytest.mark.parametrize("call", [c[0] for c in trafilatura_calls.CALLS])
def test_call_matches_trafilatura(call, peer_shapes, shim_shapes):
    assert _differences(peer_shapes[call], shim_shapes[call]) == []
