"""pith.extract() against the CLI of the same build, inputs, errors, threads."""
import codecs
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import pith
from conftest import fixture_pages

FIXTURES = fixture_pages()
FIXTURE_IDS = [name for name, _, _ in FIXTURES]


def read(path):
    with open(path, "rb") as fh:
        return fh.read()


def cli_output(cli, path, url, *flags):
    args = [cli, path, *flags] + (["--url", url] if url else [])
    run = subprocess.run(args, capture_output=True, timeout=120)
    assert run.returncode in (0, 1), "%s: exit %d: %s" % (args, run.returncode, run.stderr.decode())
    return run.stdout.decode("utf-8")


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "json", "xml"])
@pytest.mark.parametrize("name,path,url", FIXTURES, ids=FIXTURE_IDS)
def test_same_output_as_cli(cli, name, path, url, fmt):
    doc = pith.extract(read(path), url=url or None, format=fmt)
    assert doc.format == fmt
    # The CLI prints nothing but JSON for a page without main content (exit 1).
    expected = doc.content + "\n" if doc.has_main_content or fmt == "json" else ""
    assert expected == cli_output(cli, path, url, "--format", fmt)
    assert str(doc) == doc.content


# The options a pipeline sets, each against its CLI flag, on a few fixtures.
OPTION_CASES = [
    ({"precision": True}, ["--precision"]),
    ({"recall": True}, ["--recall"]),
    ({"include_comments": True, "format": "json"}, ["--comments", "--format", "json"]),
    ({"links": True, "images": True, "format": "markdown"}, ["--links", "--images", "--format", "markdown"]),
    ({"include_title": True}, ["--title"]),
    ({"plain": True}, ["--plain"]),
    ({"links": True, "images": True}, ["--links", "--images"]),
    ({"links": True, "images": True, "format": "json"}, ["--links", "--images", "--format", "json"]),
]


@pytest.mark.parametrize("kwargs,flags", OPTION_CASES, ids=[" ".join(f) for _, f in OPTION_CASES])
@pytest.mark.parametrize("name,path,url", FIXTURES[::4], ids=FIXTURE_IDS[::4])
def test_options_same_as_cli_flags(cli, name, path, url, kwargs, flags):
    doc = pith.extract(read(path), url=url or None, **kwargs)
    expected = doc.content + "\n" if doc.has_main_content or "json" in flags else ""
    assert expected == cli_output(cli, path, url, *flags)


def test_typed_document_and_dict(pages):
    name, path, url = next(p for p in pages if p[0] == "gate-news-pt")
    doc = pith.extract(read(path), url=url, format="markdown", include_title=True)
    record = doc.to_dict()
    assert doc.title == record["title"] == doc.metadata.title != ""
    assert doc.metadata.authors == record["metadata"]["authors"]
    assert doc.metadata.date_published == record["metadata"]["date_published"]
    assert doc.text == record["text"] and doc.content == record["markdown"]
    assert doc.url == url and doc.has_main_content
    assert doc.confidence == record["confidence"] and 0 < doc.confidence <= 1
    assert doc.metadata.page_type == record["metadata"]["page_type"]
    assert doc.metadata.page_type_confidence == record["metadata"]["page_type_confidence"]
    assert doc.metadata.declared_page_type == record["metadata"]["declared_page_type"]
    assert [b.kind for b in doc.blocks] == [b["type"] for b in record["blocks"]]
    assert doc.blocks[0].kind == "heading" and doc.blocks[0].level >= 1
    assert set(doc.timings) >= {"decode", "parse", "extract"} and all(t >= 0 for t in doc.timings.values())
    assert doc.render("text") == doc.text


def test_inline_offsets_index_the_python_str(pages):
    # Offsets are code points of Block.text, not UTF-8 bytes.
    html = ("<html><body><article><h1>Über Straßen</h1><p>Schöne Grüße aus Köln: die "
            "<a href='/wege'>Straßenbahn fährt</a> wieder, sagt die Stadtverwaltung in einer Mitteilung "
            "über den Verkehr in der Innenstadt und die neuen Fahrpläne.</p></article></body></html>")
    doc = pith.extract(html, url="https://k.example/a")
    links = [(b, span) for b in doc.blocks for span in b.inlines if span["kind"] == "link"]
    assert links, doc.blocks
    block, span = links[0]
    assert block.text[span["start"]:span["end"]] == "Straßenbahn fährt"
    assert span["url"] == "https://k.example/wege"


@pytest.mark.parametrize("name,path,url", FIXTURES, ids=FIXTURE_IDS)
def test_str_equals_bytes(name, path, url):
    raw = read(path)
    from_bytes = pith.extract(raw, url=url or None)
    try:
        text = raw.decode(codecs.lookup(from_bytes.charset).name)
    except (LookupError, UnicodeDecodeError) as e:
        pytest.skip("Python cannot decode %s as %s: %s" % (name, from_bytes.charset, e))
    from_str = pith.extract(text, url=url or None)
    assert from_str.content == from_bytes.content
    assert from_str.charset_source == "caller"
    for buffer in (bytearray(raw), memoryview(raw)):
        assert pith.extract(buffer, url=url or None).content == from_bytes.content


def test_compressed_bytes_are_the_page(pages):
    import gzip
    name, path, url = pages[0]
    raw = read(path)
    assert pith.extract(gzip.compress(raw), url=url or None).content == pith.extract(raw, url=url or None).content
    broken = bytearray(gzip.compress(raw))
    broken[12:40] = bytes(b ^ 0x5A for b in broken[12:40])
    with pytest.raises(pith.NotHtmlError, match="gzip-compressed data"):
        pith.extract(bytes(broken))


def test_shift_jis_bytes_are_detected(pages):
    name, path, url = next(p for p in pages if p[0] == "japanese-shiftjis")
    doc = pith.extract(read(path))
    assert doc.charset.lower().replace("-", "_") in ("shift_jis", "windows_31j", "cp932")
    assert any("\u3000" <= ch <= "\u9fff" for ch in doc.text)


def test_str_with_lone_surrogate_does_not_fail():
    doc = pith.extract("<html><body><p>" + "Broken \udcc3 byte in a long sentence. " * 20 + "</p></body></html>")
    assert "\ufffd" in doc.text and "Broken" in doc.text


@pytest.mark.parametrize("html,cls,words", [
    (b"", pith.EmptyInputError, "empty"),
    ("   \n\t ", pith.EmptyInputError, "empty"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n", pith.NotHtmlError, "PDF"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200), pith.NotHtmlError, "not HTML"),
])
def test_bad_input_raises_a_clear_error(html, cls, words):
    with pytest.raises(cls) as caught:
        pith.extract(html)
    assert isinstance(caught.value, pith.PithError) and isinstance(caught.value, ValueError)
    assert caught.value.code == cls.code
    assert words in str(caught.value)


def test_too_large_and_time_budget():
    with pytest.raises(pith.InputTooLargeError, match="more than the limit of 100 bytes") as caught:
        pith.extract(b"<p>" + b"x" * 200 + b"</p>", max_input_bytes=100)
    assert caught.value.code == "input_too_large"
    big = b"<html><body>" + b"<div><p>A sentence of a long page, with words.</p></div>" * 40000 + b"</body></html>"
    with pytest.raises(pith.TimeBudgetError) as caught:
        pith.extract(big, time_budget=0.001)
    assert isinstance(caught.value, TimeoutError) and caught.value.code == "over_time_budget"
    assert pith.extract(big, time_budget=None).has_main_content


@pytest.mark.parametrize("call,exc,words", [
    (lambda: pith.extract(None), TypeError, "html must be str, bytes, bytearray or memoryview, not NoneType"),
    (lambda: pith.extract(12), TypeError, "html must be str, bytes, bytearray or memoryview, not int"),
    (lambda: pith.extract("<p>x</p>", format="yaml"), ValueError, "unknown format 'yaml'"),
    (lambda: pith.extract("<p>x</p>", precision=True, recall=True), ValueError, "exclude each other"),
    (lambda: pith.extract("<p>x</p>", time_budget=-1), ValueError, "time_budget"),
    (lambda: pith.WarcReader("/nonexistent/x.warc.gz"), pith.ReadError, "/nonexistent/x.warc.gz"),
])
def test_usage_errors(call, exc, words):
    with pytest.raises(exc, match=words):
        call()


def test_thread_pool_gives_the_serial_results(pages):
    inputs = [(read(path), url or None) for _, path, url in pages] * 3
    serial = [pith.extract(html, url=url, format="json").content for html, url in inputs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda a: pith.extract(a[0], url=a[1], format="json").content, inputs))
    assert threaded == serial


def test_extraction_releases_the_gil():
    # While one thread extracts a large page, a pure-Python loop in this thread
    # must keep running; with the GIL held it would stall for the whole call.
    big = b"<html><body>" + b"<div><p>A sentence of a long page, with some words.</p></div>" * 60000 + b"</body></html>"
    done = threading.Event()
    window = {}

    def work():
        window["start"] = time.monotonic()
        pith.extract(big, time_budget=None)
        window["end"] = time.monotonic()
        done.set()

    ticks = []
    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    worker.join()
    inside = [t for t in ticks if window["start"] < t < window["end"]]
    duration = window["end"] - window["start"]
    assert duration > 0.05, "the page is too small to tell (%.3f s)" % duration
    assert len(inside) >= 5, "main thread ran %d times during a %.2f s extraction" % (len(inside), duration)
