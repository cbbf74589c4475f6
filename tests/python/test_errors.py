"""Errors people can read: an argument error names the function and the
argument in a line, never the page; a bad option value is a ValueError naming
it and the allowed ones, in pith.extract, pith.extract_warc and
pith.trafilatura alike; internal_error is left for bugs."""
import json
import subprocess
import sys

import pytest

import pith
import pith.trafilatura as trafilatura
from warc_writer import WarcWriter

# A page of over a megabyte, which no message may quote.
BIG_PAGE = b"<html><body>" + b"<p>" + b"Lorem ipsum dolor sit amet. " * 40000 + b"</p></body></html>"
MAX_MESSAGE = 300


def _message(call, exc):
    with pytest.raises(exc) as caught:
        call()
    message = str(caught.value)
    assert len(message) < MAX_MESSAGE, message[:500]
    return message


@pytest.mark.parametrize("call,exc,words", [
    (lambda: pith.extract(BIG_PAGE, favour_precision=True), TypeError,
     "pith.extract(): got an unexpected keyword argument 'favour_precision'"),
    (lambda: pith.extract(BIG_PAGE, url=5), TypeError, "url must be str or None, not int"),
    (lambda: pith.extract(BIG_PAGE, max_input_bytes="big"), TypeError, "max_input_bytes must be int"),
    (lambda: pith.extract(BIG_PAGE, "https://e.example/"), TypeError, "pith.extract(): takes 1 positional argument, 2 given"),
    (lambda: pith.extract(BIG_PAGE.decode() * 2, format="yaml"), ValueError, "unknown format 'yaml'"),
    (lambda: pith.extract(BIG_PAGE, charset="utf-9"), ValueError, "unknown charset 'utf-9'"),
    (lambda: pith.extract(BIG_PAGE, precision=True, recall=True), ValueError, "exclude each other"),
    (lambda: pith.extract(BIG_PAGE).render("yaml"), ValueError, "unknown format 'yaml'"),
    (lambda: pith.extract(BIG_PAGE).render(links="no"), TypeError, "links must be bool"),
    (lambda: trafilatura.extract(BIG_PAGE, favour_precision=True), TypeError,
     "pith.trafilatura.extract(): got an unexpected keyword argument 'favour_precision'"),
    (lambda: trafilatura.extract(BIG_PAGE, output_format="markdwn"), ValueError, "not 'markdwn'"),
    (lambda: trafilatura.bare_extraction(BIG_PAGE, url=["x"]), TypeError, "url must be str or None, not list"),
    (lambda: pith.fetch(BIG_PAGE), TypeError, "url must be str, not bytes"),
    (lambda: pith.FetchOptions(timout=3), TypeError, "timout"),
    (lambda: pith.FetchOptions(timeout="3"), TypeError, "pith.FetchOptions(): timeout must be float, not str"),
])
def test_argument_errors_are_short(call, exc, words):
    assert words in _message(call, exc)


def test_a_long_value_is_cut_in_the_message():
    message = _message(lambda: pith.extract("<p>x</p>", url=b"x" * 10000), TypeError)
    assert "url must be str or None, not bytes (b'xxx" in message and "...)" in message


@pytest.fixture(scope="module")
def warc(tmp_path_factory, pages):
    path = tmp_path_factory.mktemp("warc") / "set.warc.gz"
    with WarcWriter(str(path), gzip_records=True) as w:
        for _, page, url in pages[:3]:
            with open(page, "rb") as fh:
                w.response(url or "https://fixture.example/", fh.read(), content_type="text/html")
    return path


@pytest.mark.parametrize("options,exc,words", [
    ({"format": "markdwn"}, ValueError, "unknown format 'markdwn'"),
    ({"presicion": True}, TypeError, "pith.extract_warc(): got an unexpected keyword argument 'presicion'"),
    ({"charset": "latin-9"}, ValueError, "unknown charset 'latin-9'"),
    ({"precision": True, "recall": True}, ValueError, "exclude each other"),
    ({"url": "https://e.example/"}, TypeError, "url is taken from each record"),
])
def test_extract_warc_refuses_bad_options_at_the_call(warc, options, exc, words):
    # Raised by the call itself, before any record: not an internal_error per record.
    assert words in _message(lambda: pith.extract_warc(warc, **options), exc)


@pytest.mark.parametrize("fmt", ["html", "xml"])
def test_extract_warc_formats_are_the_cli_s(warc, cli, fmt):
    plain = list(pith.extract_warc(warc))
    assert len(plain) == 3 and not any("error" in r for r in plain)
    assert list(pith.extract_warc(warc, format="markdown")) == plain
    records = list(pith.extract_warc(warc, format=fmt))
    run = subprocess.run([cli, "--warc", str(warc), "--format", fmt], capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode()
    assert records == [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert all(r[fmt].lstrip().startswith("<") for r in records)


def test_console_script_without_a_bundled_cli_says_so():
    # The build folder's package has no pith/_bin/pith (pip install bundles it).
    run = subprocess.run([sys.executable, "-c", "import pith._cli; pith._cli.main()"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 1 and "the CLI is not part of this install" in run.stderr
