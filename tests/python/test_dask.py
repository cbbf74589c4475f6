"""examples/dask_extract.py end to end on a 2-worker LocalCluster: every input
record has exactly one output record, failures included."""
import json
import os
import subprocess
import sys
import uuid

from conftest import ROOT, fixture_meta
from warc_writer import WarcWriter

EXAMPLE = os.path.join(ROOT, "examples", "dask_extract.py")


def build_inputs(folder, pages):
    """Four WARC files (one broken mid-stream) and two HTML files; returns the
    WARC record ids and HTML paths that must each get one output line."""
    expected_ids, expected_files = [], []
    os.makedirs(folder)
    for shard in range(4):
        path = os.path.join(folder, "crawl-%d.warc%s" % (shard, ".gz" if shard % 2 == 0 else ""))
        with WarcWriter(path, gzip_records=shard % 2 == 0) as w:
            w.warcinfo()

            def response(*args, **kwargs):  # record ids unique over the whole set
                return w.response(*args, record_id="<urn:uuid:%s>" % uuid.uuid4(), **kwargs)

            for i, (_, page, _) in enumerate(pages[shard::4]):
                uri = "https://shard%d.example/page/%d" % (shard, i)
                with open(page, "rb") as fh:
                    body = fh.read()
                w.request(uri)
                expected_ids.append(response(uri, body, content_type="text/html; charset=utf-8"
                                               if shard != 1 else None, chunked=i % 2 == 1))
                w.metadata(uri)
            w.response("https://shard%d.example/style.css" % shard, b"body{}", content_type="text/css")
            expected_ids.append(response("https://shard%d.example/empty" % shard, b"", content_type="text/html"))
            if shard == 3:
                expected_ids.append(response("https://shard3.example/cut", b"<p>cut</p>" * 100,
                                               content_type="text/html", truncate_to=600))
    for name, body in (("ok.html", pages[0][1]), ("binary.html", None)):
        path = os.path.join(folder, name)
        if body is None:
            with open(path, "wb") as fh:
                fh.write(b"\x89PNG\r\n\x1a\n" + bytes(300))
        else:
            with open(body, "rb") as src, open(path, "wb") as fh:
                fh.write(src.read())
        expected_files.append(path)
    return expected_ids, expected_files


def read_shards(out):
    """Every line of the part files, parsed; no shard may be left unfinished."""
    lines = []
    for name in sorted(os.listdir(out)):
        assert not name.endswith(".partial"), name
        if name.startswith("part-"):
            with open(os.path.join(out, name), encoding="utf-8") as fh:
                lines.extend(json.loads(line) for line in fh)
    return lines


def test_dask_two_workers_every_record_once(pages, tmp_path):
    inputs = str(tmp_path / "in")
    out = str(tmp_path / "out")
    expected_ids, expected_files = build_inputs(inputs, pages)
    run = subprocess.run([sys.executable, EXAMPLE, "--workers", "2", "--files-per-task", "1",
                          "--out", out, inputs], capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = read_shards(out)
    ids = [r["warc_record_id"] for r in lines if "warc_record_id" in r]
    files = [r["input"] for r in lines if "input" in r]
    assert sorted(ids) == sorted(expected_ids) and len(set(ids)) == len(ids)
    assert sorted(files) == sorted(expected_files)
    assert len(lines) == len(ids) + len(files)
    errors = sorted(r["error"]["code"] for r in lines if "error" in r)
    assert errors == ["empty_input"] * 4 + ["not_html", "truncated_record"]
    good = [r for r in lines if "error" not in r]
    assert all(r["pith_version"] == __import__("pith").__version__ for r in good)
    assert all(r["text"] if r["has_main_content"] else r["no_content_reason"] for r in good)
    assert sum(not r["has_main_content"] for r in good) == sum(bool(fixture_meta(page).get("expect_no_content")) for _, page, _ in pages)
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)
    assert summary["workers"] == 2 and summary["shards"] == 4 + 2
    assert summary["pages"] == len(lines) and summary["failures"] == len(errors)
    # warcinfo, requests, metadata and the stylesheet of each file
    assert summary["skipped_records"] == 4 * 2 + 2 * len(pages)
    assert summary["pages_per_second"] > 0
    assert "%d pages" % len(lines) in run.stdout


def test_broken_warc_stream_is_recorded(pages, tmp_path):
    # A gzip member corrupted in the middle: the records before it are kept
    # and the file gets one error line; the other file is untouched.
    inputs = tmp_path / "in"
    inputs.mkdir()
    good, broken = str(inputs / "good.warc.gz"), str(inputs / "broken.warc.gz")
    for path in (good, broken):
        with WarcWriter(path, gzip_records=True) as w:
            for i, (_, page, _) in enumerate(pages[:3]):
                with open(page, "rb") as fh:
                    w.response("https://b.example/%d" % i, fh.read(), content_type="text/html")
    data = bytearray(open(broken, "rb").read())
    middle = len(data) * 2 // 3
    data[middle:middle + 64] = bytes(64)
    open(broken, "wb").write(bytes(data))
    out = str(tmp_path / "out")
    run = subprocess.run([sys.executable, EXAMPLE, "--workers", "1", "--no-progress", "--out", out, str(inputs)],
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    records = read_shards(out)
    file_errors = [r for r in records if "warc_file" in r and "warc_record_id" not in r]
    assert [r["warc_file"] for r in file_errors] == [broken]
    assert file_errors[0]["error"]["code"] == "io_failed"
    assert sum(1 for r in records if r.get("warc_record_id") and "error" not in r) >= 3
