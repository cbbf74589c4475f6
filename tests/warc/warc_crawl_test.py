#!/usr/bin/env python3
"""`pith --warc` as a crawl pipeline uses it: a WARC with gzip members (and the
same records as .warc.zst and plain), a brotli, a zstd and a chunked payload,
a 404, a near-duplicate pair and pages in five languages with their language
declarations taken out. Checks one record per HTML 2xx response, offsets that
re-read the same record, the detected languages, the duplicate marked, and
the summary's count of the skipped 404; and --batch --deduplicate over files.

usage: warc_crawl_test.py PITH FIXTURES_DIR
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


def undeclared(html):
    """The page without lang attributes, Content-Language or og:locale."""
    return re.sub(rb"(?i)\b(lang=|content-language|og:locale)", lambda m: b"x" + m.group(0)[1:], html)


LANGUAGES = {"fr": "comments-longer-fr", "de": "forum-thread-de", "es": "news-lead-es",
             "ru": "div-soup-ru", "zh": "zh-news-gbk"}
ARTICLE = page("semantic-article-pl")
COPY = ARTICLE.replace(b"</body>", b"<footer><p>Copyright 2025 Wydawnictwo. Wszelkie prawa "
                       b"zastrzezone. Kontakt: redakcja@example.pl</p></footer></body>")


def build(path, **kind):
    """Returns {record id: what the record is} for the records that must come out, in order."""
    out = []
    with WarcWriter(path, **kind) as w:
        w.warcinfo()
        for lang, fixture in LANGUAGES.items():
            w.request("https://%s.example/" % lang)
            out.append((w.response("https://%s.example/" % lang, undeclared(page(fixture)),
                                   content_type="text/html"), "lang:" + lang))
        out.append((w.response("https://br.example/", page("en-blog-clutter"), encoding="br"), "br"))
        out.append((w.response("https://zstd.example/", page("gate-news-pt"), encoding="zstd"), "zstd"))
        out.append((w.response("https://chunked.example/", page("encyclopedia-en"), chunked=True), "chunked"))
        w.response("https://gone.example/", b"<html><body><p>Not found</p></body></html>",
                   status="404 Not Found")
        w.response("https://img.example/a.png", b"\x89PNG\r\n\x1a\n" + bytes(100), content_type="image/png")
        out.append((w.response("https://pl.example/a", ARTICLE), "original"))
        w.metadata("https://pl.example/a")
        out.append((w.response("https://pl.example/a?copy", COPY), "copy"))
    return out



work = tempfile.mkdtemp()
for name, kind in (("gz", {"gzip_records": True}), ("zst", {"zstd_records": True}), ("plain", {})):
    path = os.path.join(work, "crawl.warc" + ("" if name == "plain" else "." + name))
    expected = build(path, **kind)
    code, lines, err = run("--warc", path, "--deduplicate", "--jobs", "2")
    check(name + " exit 0", code == 0, err)
    check(name + " one record per HTML 2xx response",
          [l["warc_record_id"] for l in lines] == [rid for rid, _ in expected],
          str([l.get("warc_target_uri") for l in lines]))
    if len(lines) != len(expected):
        continue
    by_kind = {what: line for line, (_, what) in zip(lines, expected)}
    for lang in LANGUAGES:
        line = by_kind["lang:" + lang]
        check("%s %s detected" % (name, lang), line["language"] == lang and line["declared_language"] == "" and
              line["language_confidence"] > 0.5, "%s %s" % (line["language"], line["declared_language"]))
    for what in ("br", "zstd", "chunked"):
        check("%s %s payload extracted" % (name, what), by_kind[what]["has_main_content"] and
              len(by_kind[what]["text"]) > 500, by_kind[what].get("error", ""))
    original, copy = by_kind["original"], by_kind["copy"]
    check(name + " near-duplicate marked", copy["duplicate_of"] == original["warc_record_id"] and
          copy["has_main_content"], str(copy.get("duplicate_of")))
    check(name + " others not marked", all(l["duplicate_of"] is None for l in lines if l is not copy))
    check(name + " fingerprints in hex", re.fullmatch("[0-9a-f]{16}", original["simhash"]) is not None and
          re.fullmatch("[0-9a-f]{16}", original["text_hash"]) is not None)
    check(name + " summary counts the skipped 404", re.search(
        r"skipped 1 non-2xx responses, 1 non-HTML responses and 7 other records "
        r"\(1 metadata, 5 request, 1 warcinfo\)", err), err)

    # A range read of each record's bytes gives that record back, alone.
    with open(path, "rb") as fh:
        data = fh.read()
    ends = []
    for line in lines:
        check(name + " file named", line["warc_file"] == path)
        offset, length = line["warc_offset"], line["warc_length"]
        ends.append(offset + length)
        piece = os.path.join(work, "piece.warc" + ("" if name == "plain" else "." + name))
        with open(piece, "wb") as fh:
            fh.write(data[offset:offset + length])
        code, again, err = run("--warc", piece)
        check("%s range read of %s" % (name, line["warc_target_uri"]),
              code == 0 and len(again) == 1 and again[0]["warc_record_id"] == line["warc_record_id"] and
              again[0]["text_hash"] == line["text_hash"], "%s %s" % (offset, err))
    check(name + " ranges ascend", ends == sorted(ends) and ends[-1] <= len(data))

# One gzip member for the whole file: no range holds a record alone.
path = os.path.join(work, "one-member.warc.gz")
plain = os.path.join(work, "crawl.warc")
subprocess.run("gzip -c %s > %s" % (plain, path), shell=True, check=True)
code, lines, err = run("--warc", path)
check("one member: records read", code == 0 and len(lines) == 10, str(len(lines)))
check("one member: no range", all(l["warc_offset"] is None and l["warc_length"] is None for l in lines))

# --target-language keeps the record, without main content, with the reason.
code, lines, err = run("--warc", os.path.join(work, "crawl.warc.gz"), "--target-language", "fr")
fr = [l for l in lines if l["has_main_content"]]
check("target language: every record kept", len(lines) == 10, str(len(lines)))
check("target language: only French content", [l["language"] for l in fr] == ["fr"],
      str([l["language"] for l in fr]))
check("target language: reason", any(l["no_content_reason"] == "the content is in de, not in the target "
                                      "language fr" for l in lines))

# --batch --deduplicate over files: the copy names the original's input line.
listing = os.path.join(work, "pages.txt")
inputs = []
for name, html in (("original", ARTICLE), ("other", page("en-blog-clutter")), ("copy", COPY)):
    inputs.append(os.path.join(work, name + ".html"))
    with open(inputs[-1], "wb") as fh:
        fh.write(html)
with open(listing, "w") as fh:
    fh.write("\n".join(inputs) + "\n")
code, lines, err = run("--batch", listing, "--deduplicate", "--jobs", "3")
check("batch: one record per input", code == 0 and [l["input"] for l in lines] == inputs, err)
if len(lines) == 3:
    check("batch: copy marked", lines[2]["duplicate_of"] == inputs[0] and lines[2]["has_main_content"],
          str(lines[2].get("duplicate_of")))
    check("batch: others not marked", lines[0]["duplicate_of"] is None and lines[1]["duplicate_of"] is None)
    check("batch: detected languages", [l["language"] for l in lines] == ["pl", "en", "pl"])

harness.finish()
