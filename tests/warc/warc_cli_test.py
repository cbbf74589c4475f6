#!/usr/bin/env python3
"""`pith --warc`: builds small WARC files (plain and gzip per record) holding
HTML, non-HTML, chunked, gzip-encoded, truncated and oversized records, runs
the CLI over them and checks every output line and the summary.

usage: warc_cli_test.py PITH FIXTURES_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Harness  # noqa: E402
from warc_writer import WarcWriter  # noqa: E402

harness = Harness(sys.argv[1], sys.argv[2])
check, page, run = harness.check, harness.page, harness.run


RU_PAGE = ("<html><body><div><h1>Новости</h1><p>Городские власти запускают программу "
           "спасения деревянной застройки, сообщили в администрации города. " * 4 +
           "</p></div></body></html>").encode("windows-1251")
NO_CONTENT = b'<html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav></body></html>'
NOT_FOUND = (b"<html><head><title>Not found</title></head><body><p>The page you asked for "
             b"does not exist.</p></body></html>")


def build(path, gzip_records):
    """Returns the record ids of the records that must come out, in order."""
    ids = []
    with WarcWriter(path, gzip_records) as w:
        w.warcinfo()
        w.request("https://news.example/a")
        ids.append(w.response("https://news.example/a", page("gate-news-pt")))
        w.metadata("https://news.example/a")
        ids.append(w.response("https://blog.example/b", page("en-blog-clutter"), chunked=True,
                              gzip_body=True))
        w.response("https://news.example/logo.png", b"\x89PNG\r\n\x1a\n" + bytes(200),
                   content_type="image/png")
        w.response("https://news.example/api", b'{"a": 1}', content_type="application/json")
        ids.append(w.response("https://home.example/", NO_CONTENT))
        ids.append(w.response("https://ru.example/c", RU_PAGE,
                              content_type="text/html; charset=windows-1251"))
        w.response("https://news.example/gone", NOT_FOUND, status="404 Not Found")
        ids.append(w.response("https://news.example/zz", page("gate-news-pt"),
                              extra_headers=[("Content-Encoding", "compress")]))
        ids.append(w.response("https://news.example/cut", page("gate-news-pt"), truncate_to=3000))
    return ids



work = tempfile.mkdtemp()
outputs = {}
for gz in (False, True):
    path = os.path.join(work, "test.warc" + (".gz" if gz else ""))
    ids = build(path, gz)
    for jobs in ("1", "3"):
        label = "%s jobs=%s" % ("gz" if gz else "plain", jobs)
        code, lines, err = run("--warc", path, "--jobs", jobs)
        outputs[label] = lines
        check(label + " exit 0", code == 0, err)
        check(label + " 6 lines", len(lines) == 6, str(len(lines)))
        if len(lines) != 6:
            continue
        check(label + " record order", [l["warc_record_id"] for l in lines] == ids)
        a, b, home, ru, zz, cut = lines
        check(label + " fields", a["warc_target_uri"] == "https://news.example/a" and
              a["url"] == "https://news.example/a" and a["warc_date"] == "2024-05-01T10:00:00Z" and
              a["http_status"] == 200)
        check(label + " article", a["has_main_content"] and "Lin Haibin" in a["text"] and
              "Ver originalResponder" not in a["text"])
        check(label + " chunked gzip payload", b["has_main_content"] and len(b["text"]) > 500,
              b.get("error", ""))
        check(label + " no main content", home["has_main_content"] is False and "error" not in home)
        check(label + " charset from HTTP header", ru["charset_source"] == "http" and
              "деревянной застройки" in ru["text"], ru.get("charset_source", ru.get("error")))
        check(label + " unsupported encoding", zz["error"]["code"] == "bad_http_payload" and
              "compress" in zz["error"]["message"])
        check(label + " truncated record", cut["error"]["code"] == "truncated_record" and
              cut["warc_target_uri"] == "https://news.example/cut")
        check(label + " summary", re.search(
            r"12 records .* 4 HTML responses extracted \(3 with main content, 1 without\), 2 errors; "
            r"skipped 1 non-2xx responses, 2 non-HTML responses and 3 other records "
            r"\(1 metadata, 1 request, 1 warcinfo\)", err), err)
        if jobs == "1":
            code, lines, err = run("--warc", path, "--all-statuses")
            gone = [l for l in lines if l["warc_target_uri"] == "https://news.example/gone"]
            check(label + " --all-statuses keeps the 404", len(lines) == 7 and len(gone) == 1 and
                  gone[0]["http_status"] == 404 and "error" not in gone[0], str(len(lines)))

# The truncated record's message names its byte counts, and the record's place
# in the file differs between the plain and the gzip file; everything else is the same.
strip = lambda lines: [{k: v for k, v in l.items() if k not in ("error", "warc_file", "warc_offset",  # noqa: E731
                                                                 "warc_length")} for l in lines]
check("same output plain/gz and 1/3 jobs",
      all(strip(v) == strip(outputs["plain jobs=1"]) for v in outputs.values()))

# --format, --fields, --links and --images reach the records: links and images
# as data with absolute addresses, the chosen rendering beside the text.
MEDIA_PAGE = (b'<html><body><nav><a href="/">Home</a></nav><article><h1>Media</h1><p>A paragraph with enough '
              b'words to be the content, and a <a href="guide">guide</a> in it, for the links.</p>'
              b'<p><img data-src="/cat.jpg" alt="A cat">The last paragraph has enough words to be content too, '
              b'to be sure of it.</p></article></body></html>')
path = os.path.join(work, "media.warc")
with WarcWriter(path, gzip_records=False) as w:
    w.response("https://news.example/a", MEDIA_PAGE)
code, lines, err = run("--warc", path, "--format", "html", "--fields", "title,html,links,images",
                       "--links", "--images")
check("fields: exit 0", code == 0, err)
if len(lines) == 1:
    rec = lines[0]
    check("fields: only the chosen ones", set(rec) == {"warc_record_id", "warc_target_uri", "warc_date",
                                                      "warc_file", "warc_offset", "warc_length",
                                                      "http_status", "title", "html", "links", "images"},
          str(sorted(rec)))
    check("fields: html rendering", rec.get("html", "").startswith("<article"))
    check("fields: absolute links", rec.get("links") and
          all(l["url"].startswith("http") for l in rec["links"]) and
          any(l["in_content"] for l in rec["links"]) and any(not l["in_content"] for l in rec["links"]),
          str(rec.get("links")))
    check("fields: lazy image", rec.get("images") == [{"url": "https://news.example/cat.jpg", "alt": "A cat",
                                                      "caption": "", "width": None, "height": None}],
          str(rec.get("images")))

# A record above --max-bytes is skipped with an error line, never buffered.
path = os.path.join(work, "big.warc.gz")
with WarcWriter(path, gzip_records=True) as w:
    big_id = w.response("https://big.example/", b"<html><body><p>" + b"word " * 200000 + b"</p>")
    small_id = w.response("https://news.example/a", page("gate-news-pt"))
code, lines, err = run("--warc", path, "--max-bytes", "200000")
check("too large: exit 0", code == 0, err)
check("too large: 2 lines", len(lines) == 2, str(lines)[:300])
if len(lines) == 2:
    check("too large: error", lines[0]["warc_record_id"] == big_id and
          lines[0]["error"]["code"] == "record_too_large")
    check("too large: next record read", lines[1]["warc_record_id"] == small_id and
          lines[1]["has_main_content"])

# Several files in order; an unreadable one is reported and the others still run.
code, lines, err = run("--warc", path, os.path.join(work, "missing.warc.gz"), path)
check("missing file: exit 3", code == 3, str(code))
check("missing file: message", "missing.warc.gz" in err, err)
check("missing file: other files read", len(lines) == 4)

# Standard input, and a file that is not a WARC at all.
with open(path, "rb") as fh:
    proc = subprocess.run([harness.pith, "--warc", "-"], stdin=fh, capture_output=True)
check("stdin", proc.returncode == 0 and len(proc.stdout.decode().splitlines()) == 2)
notwarc = os.path.join(work, "page.html")
with open(notwarc, "wb") as fh:
    fh.write(page("gate-news-pt"))
code, lines, err = run("--warc", notwarc)
check("not a WARC: one malformed_record line", code == 0 and len(lines) == 1 and
      lines[0]["error"]["code"] == "malformed_record", str(lines)[:200])

harness.finish()
