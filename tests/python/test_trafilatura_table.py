"""pith.trafilatura against what trafilatura 2.2 gave on the fixtures
(trafilatura_kinds.json, recorded by trafilatura_calls.py and kept current by
test_trafilatura_peer.py): the same return types, keys and fields for every
call of the table, with only Debian's python3 and pytest."""
import json
import os

import pytest

import pith.trafilatura
import trafilatura_calls

# Fewer fixtures of the recording than this, and the comparison says too little.
MIN_FIXTURES = 25


@pytest.fixture(scope="module")
def recorded():
    with open(trafilatura_calls.RECORDING, encoding="utf-8") as fh:
        return json.load(fh)


@pytest.fixture(scope="module")
def shim(recorded, pages):
    # The fixtures of the recording, so that one added since does not count. One
    # removed since does no harm: each rule of differences() holds on a subset.
    fixtures_dir = os.path.dirname(os.path.dirname(pages[0][1]))
    chosen = trafilatura_calls.fixture_pages(fixtures_dir, set(recorded["fixtures"]))
    assert len(chosen) >= MIN_FIXTURES, ("only %d fixtures of trafilatura_kinds.json are left: re-record it "
                                         "(trafilatura_calls.py --record)" % len(chosen))
    return trafilatura_calls.recording(pith.trafilatura, chosen)


def test_the_recording_is_trafilatura_2_2_s(recorded):
    assert recorded["version"].startswith("2.2") and len(recorded["fixtures"]) >= MIN_FIXTURES
    assert set(recorded["kinds"]) == {c[0] for c in trafilatura_calls.CALLS}


@pytest.mark.parametrize("call", [c[0] for c in trafilatura_calls.CALLS])
def test_call_matches_trafilatura(call, recorded, shim):
    assert trafilatura_calls.differences(recorded["kinds"][call], shim["kinds"][call]) == []


def test_the_comparison_catches_what_differs():
    peer = {"type": ["Document"], "fields/title": ["None", "str"], "fields/text": ["str"], "fields/id": ["None"],
            "fields/tags": ["list"]}
    assert trafilatura_calls.differences(peer, peer) == []
    assert trafilatura_calls.differences(peer, dict(peer, **{"fields/title": ["None"]})) == []  # detected
    assert trafilatura_calls.differences(peer, dict(peer, **{"fields/tags": ["None", "list"]})) == []  # detected
    assert trafilatura_calls.differences(peer, dict(peer, **{"fields/text": ["None", "str"]})) == [
        "fields/text: always set by trafilatura, not always by the shim"]
    assert trafilatura_calls.differences(peer, dict(peer, **{"fields/id": ["str"]})) == [
        "fields/id: set by the shim (['str']), never by trafilatura"]
    assert trafilatura_calls.differences(peer, dict(peer, **{"fields/tags": ["str"]})) == [
        "fields/tags: kind ['str'], trafilatura ['list']"]
    assert trafilatura_calls.differences(peer, dict(peer, type=["dict"])) == [
        "type: returns ['dict'], trafilatura ['Document']"]
    assert trafilatura_calls.differences(peer, {k: v for k, v in peer.items() if k != "fields/id"}) == [
        "fields/id: missing in the shim"]
