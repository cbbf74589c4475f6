"""pith.WarcReader and pith.extract_warc() against `pith --warc`."""
import io
import json
import os
import subprocess
import sys
import textwrap

import pytest

import pith
from warc_writer import WarcWriter


def build_warc(path, pages, gzip_records):
    """A WARC like a crawler's, with the cases extract_warc must not lose."""
    with WarcWriter(str(path), gzip_records=gzip_records) as w:
        w.warcinfo()
        for i, (_, page, url) in enumerate(pages):
            uri = url or "https://fixture.example/%d" % i
            with open(page, "rb") as fh:
                body = fh.read()
            w.request(uri)
            w.response(uri, body, content_type="text/html", chunked=i % 3 == 1, gzip_body=i % 3 == 2)
            w.metadata(uri)
        w.response("https://fixture.example/logo.png", b"\x89PNG\r\n\x1a\n" + bytes(64), content_type="image/png")
        w.response("https://fixture.example/empty", b"", content_type="text/html")
        w.response("https://fixture.example/gone", b"<html><body><p>gone</p></body></html>", status="404 Not Found")
        w.response("https://fixture.example/cut", b"<html><body><p>cut short</p>" * 50, truncate_to=300)


@pytest.mark.parametrize("gzip_records", [False, True], ids=["plain", "gzip"])
def test_extract_warc_equals_cli(cli, pages, tmp_path, gzip_records):
    warc = tmp_path / ("set.warc.gz" if gzip_records else "set.warc")
    build_warc(warc, pages, gzip_records)
    counts = {}
    records = list(pith.extract_warc(warc, counts=counts))
    run = subprocess.run([cli, "--warc", str(warc), "--jobs", "2"], capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode()
    cli_records = [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert records == cli_records
    # Every fixture page, the empty page (an error record) and the record cut short.
    assert len(records) == len(pages) + 2
    assert [r["error"]["code"] for r in records if "error" in r] == ["empty_input", "truncated_record"]
    assert counts["not_html"] == 1 and counts["not_responses"] == 1 + 2 * len(pages)
    assert counts["not_2xx"] == 1
    assert all(r["warc_file"] == str(warc) for r in records)
    assert all(r["warc_length"] > 0 for r in records if "error" not in r)


def test_reader_records(pages, tmp_path):
    warc = tmp_path / "set.warc.gz"
    build_warc(warc, pages[:2], gzip_records=True)
    reader = pith.WarcReader(str(warc))
    records = list(reader)
    assert reader.compressed
    assert [r.type for r in records[:4]] == ["warcinfo", "request", "response", "metadata"]
    response = records[2]
    assert response.status == "ok" and response.record_id.startswith("<urn:uuid:")
    assert response.header("warc-type") == "response" and ("WARC-Type", "response") in response.headers
    http = response.http_response()
    assert http.status == 200 and http.is_html and http.error == ""
    assert http.header("content-type") == "text/html"
    with open(pages[0][1], "rb") as fh:
        assert http.body == fh.read()
    assert pith.parse_http_response(response.block).body == http.body
    assert records[-1].status == "truncated" and records[-1].error


class _FailingFile:
    """A file object whose read() fails after the first chunk."""

    def __init__(self, data):
        self.data, self.calls = data, 0

    def read(self, size):
        self.calls += 1
        if self.calls > 1:
            raise OSError("the network share went away")
        return self.data[:size]


def test_file_objects_read_like_paths(pages, tmp_path):
    import io
    warc = tmp_path / "set.warc.gz"
    build_warc(warc, pages, gzip_records=True)
    from_path = list(pith.extract_warc(warc))
    with open(warc, "rb") as fh:
        assert list(pith.extract_warc(fh)) == from_path
    # A file object without a name has no warc_file; the rest is the same.
    unnamed = list(pith.extract_warc(io.BytesIO(warc.read_bytes())))
    assert all(r["warc_file"] is None for r in unnamed)
    assert [{**r, "warc_file": str(warc)} for r in unnamed] == from_path
    # A read() that raises ends the stream with pith.ReadError (an OSError), not a crash.
    with pytest.raises(pith.ReadError, match="the network share went away"):
        list(pith.WarcReader(_FailingFile(warc.read_bytes()[:4000])))
    with pytest.raises(OSError):
        list(pith.WarcReader(_FailingFile(warc.read_bytes()[:4000])))


def test_paths_as_bytes_and_path_like(pages, tmp_path):
    warc = tmp_path / "set.warc"
    build_warc(warc, pages[:2], gzip_records=False)
    ids = [r.record_id for r in pith.WarcReader(str(warc))]
    assert ids and [r.record_id for r in pith.WarcReader(os.fsencode(str(warc)))] == ids
    assert [r.record_id for r in pith.WarcReader(warc)] == ids
    from_bytes = list(pith.extract_warc(os.fsencode(str(warc))))
    assert from_bytes == list(pith.extract_warc(str(warc)))
    assert all(r["warc_file"] == str(warc) for r in from_bytes)
    with pytest.raises(pith.ReadError, match="nonexistent"):
        pith.WarcReader(b"/nonexistent/x.warc")


class _ChunkFile:
    """A file object whose read() returns another bytes-like type."""

    def __init__(self, data, kind):
        self.stream, self.kind = io.BytesIO(data), kind

    def read(self, size):
        return self.kind(self.stream.read(size))


@pytest.mark.parametrize("kind", [bytearray, memoryview])
def test_file_objects_may_return_bytearray_or_memoryview(pages, tmp_path, kind):
    warc = tmp_path / "set.warc.gz"
    build_warc(warc, pages[:2], gzip_records=True)
    expected = [(r.record_id, r.block) for r in pith.WarcReader(str(warc))]
    assert [(r.record_id, r.block) for r in pith.WarcReader(_ChunkFile(warc.read_bytes(), kind))] == expected
    with pytest.raises(pith.ReadError, match="read\\(\\) must return bytes, not str"):
        list(pith.WarcReader(_ChunkFile(b"", lambda chunk: "text")))


# Run in a child with a timeout: before the fix it hung for ever.
_COMPRESSED_WHILE_ITERATING = textwrap.dedent("""
    import sys, threading
    import pith

    class BlockingFile:
        # read() blocks until released, so the iterating thread holds the
        # reader's lock while the main thread asks for .compressed.
        def __init__(self, data):
            self.data, self.pos = data, 0
            self.entered, self.release = threading.Event(), threading.Event()

        def read(self, size):
            self.entered.set()
            self.release.wait()
            chunk = self.data[self.pos:self.pos + size]
            self.pos += len(chunk)
            return chunk

    f = BlockingFile(open(sys.argv[1], "rb").read())
    reader = pith.WarcReader(f)
    records = []
    iterating = threading.Thread(target=lambda: records.extend(reader))
    iterating.start()
    f.entered.wait()
    asking = threading.Event()
    releasing = threading.Thread(target=lambda: (asking.wait(), f.release.set()))
    releasing.start()
    asking.set()
    compressed = reader.compressed  # waits for the lock with the GIL released
    iterating.join()
    releasing.join()
    print(len(records), compressed, reader.compressed)
""")


def test_compressed_while_another_thread_iterates_a_file_object(pages, tmp_path):
    warc = tmp_path / "set.warc.gz"
    build_warc(warc, pages[:2], gzip_records=True)
    expected = len(list(pith.WarcReader(str(warc))))
    run = subprocess.run([sys.executable, "-c", _COMPRESSED_WHILE_ITERATING, str(warc)], capture_output=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr.decode()
    count, first, after = run.stdout.decode().split()
    assert int(count) == expected and after == "True" and first in ("True", "False")
