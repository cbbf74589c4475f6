#!/usr/bin/env python3
"""Writes the adversarial corpus into a directory (never committed).

    make_corpus.py OUT_DIR [--scale small|full]

Each case is one file plus an entry in OUT_DIR/cases.json:
  name, file, expect ("error": a documented refusal, exit 3; "page": exit 0 or 1),
  family and units (cases of one family at growing size, for the linear-time check).
"full" is the corpus of the bench/README.md table (a 100 MB page, a million nested
divs...); "small" divides the big sizes by 10 so that the ctest stays short.
"""
import argparse
import json
import os
import random

ARTICLE = (
    "<p>The committee met on Tuesday to discuss the new budget, which includes "
    "funding for schools, roads and the hospital. Members disagreed on the "
    "timeline, but agreed to publish a report before the end of the month.</p>\n"
)


def page(body: str, head: str = "<meta charset=\"utf-8\"><title>Hostile</title>") -> str:
    return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>"


def article_of_size(size: int) -> str:
    """A plausible article page of about `size` bytes."""
    blocks = []
    total = 0
    k = 0
    while total < size:
        piece = (f"<div class=\"section\"><h2>Section {k}</h2>" + ARTICLE * 3 +
                 f"<ul><li><a href=\"/n/{k}\">Related {k}</a></li></ul></div>\n")
        blocks.append(piece)
        total += len(piece)
        k += 1
    return page("<article><h1>Budget</h1>" + "".join(blocks) + "</article>")


def cases(scale: str):
    big = 1 if scale == "full" else 10  # divisor for the big sizes
    rng = random.Random(6)
    out = []

    def add(name, data, expect="page", family=None, units=None):
        if isinstance(data, str):
            data = data.encode("utf-8")
        out.append(dict(name=name, data=data, expect=expect, family=family, units=units))

    # Not pages at all.
    add("empty", b"", "error")
    add("only-whitespace", b" \n\t\r\f" * 20000, "error")
    add("binary-garbage", bytes(rng.getrandbits(8) for _ in range(1 << 20)), "error")
    add("png-as-html", b"\x89PNG\r\n\x1a\n" + bytes(rng.getrandbits(8) for _ in range(100000)), "error")
    add("pdf-as-html", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" +
        bytes(rng.getrandbits(8) for _ in range(100000)), "error")

    # Broken and unusual encodings.
    invalid = bytearray(page(ARTICLE * 200).encode())
    for _ in range(2000):
        invalid[rng.randrange(len(invalid))] = rng.choice([0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFE, 0xFF])
    add("invalid-utf8", bytes(invalid))
    overlong = page(("<p>slash \xc0\xaf dot \xe0\x80\xae nul \xc0\x80 four \xf0\x80\x80\xaf "
                     "surrogate \xed\xa0\x80 max \xf4\x90\x80\x80 text</p>") * 500)
    add("overlong-utf8", overlong.encode("latin-1"))
    u16 = page("<h1>Überschrift</h1>" + ARTICLE * 100 + "<p>中文 текст</p>",
               head="<title>UTF-16</title>")
    add("utf16le-bom", b"\xff\xfe" + u16.encode("utf-16-le"))
    add("utf16be-bom", b"\xfe\xff" + u16.encode("utf-16-be"))
    add("utf16le-no-bom", u16.encode("utf-16-le"))
    add("wrong-declared-charset",
        page("<p>" + "这是一个测试段落，内容是中文。" * 300 + "</p>",
             head="<meta charset=\"windows-1251\"><title>x</title>").encode("utf-8"))
    deep_json = "[" * 200_000 + "\"x\"" + "]" * 200_000
    add("jsonld-nested-arrays", page(ARTICLE * 5, head=(
        "<title>JSON-LD</title><script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
        f"\"headline\": \"h\", \"author\": {deep_json}, \"image\": {deep_json}, "
        f"\"@graph\": {deep_json}}}</script>")))
    add("nul-bytes", page(("<p>text\0with\0nul bytes\0</p>\0" + ARTICLE) * 300))

    # Size and shape.
    add("page-100mb", article_of_size(100_000_000 // big), "error" if big == 1 else "page")
    add("attribute-1mb", page("<div class=\"" + "c" * 1_000_000 + "\" title='" + "t " * 500_000 +
                              "'>" + ARTICLE * 10 + "</div>"))
    add("unclosed-script", page(ARTICLE * 20 + "<script>var a = '" + "x" * 1_000_000 + "';"))
    add("table-soup", page("".join(rng.choice(
        ["<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "<tbody>", "<caption>",
         "<col>", "<colgroup>", "text ", "<div>", "</div>", "<p>", "<b>", "</b>", "<form>",
         "<select>", "<option>", "<li>"]) for _ in range(1_000_000 // big))))
    add("unclosed-tags-100k-b", page("<b>x" * 100_000))
    add("unclosed-tags-100k-a", page("".join(f"<a href=\"/{k}\">x" for k in range(100_000))))
    add("unclosed-tags-100k-mixed", page("".join(
        rng.choice(["<b>", "<i>", "<font>", "<span>", "<div>", "<em>", "<u>", "<p>", "<li>", "<td>"]) + "x"
        for _ in range(100_000))))

    # Scale families: the same shape at 1x, 10x (and 100x in full).
    steps = [1, 10, 100] if scale == "full" else [1, 10]

    def family(name, make, base_units):
        for s in steps:
            units = base_units * s
            add(f"{name}-{units}", make(units), family=name, units=units)

    family("nested-divs", lambda n: page("<div>" * n + "deep" + "</div>" * n), 10_000)
    family("sibling-p", lambda n: page("<p>para</p>" * n), 10_000)
    family("nested-tables", lambda n: page("<table><tr><td>" * n + "cell"), 1_000)
    family("links-list", lambda n: page("<ul>" + "".join(
        f"<li><a href=\"/item/{k}\">Item number {k}</a></li>" for k in range(n)) + "</ul>"), 500)
    family("reopened-formatting", lambda n: page("".join(
        f"<p><font id=\"f{k}\">x" for k in range(n))), 1_000)
    family("article", lambda n: article_of_size(n), 600_000)
    family("text-node", lambda n: page("<p>" + "lorem ipsum dolor sit amet " * (n // 27) + "</p>"), 100_000)

    # Markup that never ends, at the end of the page (issue 24): each pass
    # before Gumbo once rescanned to the end of the page from every '<' (160 KB
    # took 8 s), and Gumbo compares each attribute of a tag with all before it.
    def unended(n, piece):
        return "<!DOCTYPE html><html><head><title>x</title></head><body>" + ARTICLE * 5 + piece * n

    family("unclosed-comments", lambda n: unended(n, "<!--"), 4_000)
    family("unended-tags", lambda n: unended(n, "<a "), 5_000)
    family("unended-tag-names", lambda n: unended(n, "<b"), 8_000)
    family("unclosed-quotes", lambda n: unended(n, "<a x=\""), 3_000)
    family("script-comment-script", lambda n: unended(n, "<script><!--<script>"), 1_000)
    family("comment-then-unended-tags", lambda n: unended(1, "<!--") + "<a " * n, 5_000)
    family("unclosed-svgs", lambda n: unended(n, "<svg>"), 4_000)
    family("attribute-flood", lambda n: unended(1, "<div") + "".join(f" a{k}" for k in range(n)), 3_000)
    family("end-tag-attribute-flood",
           lambda n: unended(1, "<div>x</div") + "".join(f" a{k}" for k in range(n)) + ">", 3_000)
    family("isindex-attribute-flood",
           lambda n: unended(1, "<isindex") + "".join(f" a{k}" for k in range(n)) + ">", 3_000)
    family("jsonld-deep", lambda n: page(ARTICLE * 5, head=(
        "<title>JSON-LD</title><script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", "
        f"\"headline\": \"h\", \"author\": {'[' * n + ']' * n}}}</script>")), 20_000)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--scale", choices=["small", "full"], default="small")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    manifest = []
    for case in cases(args.scale):
        file = os.path.join(args.out_dir, case["name"] + ".html")
        with open(file, "wb") as f:
            f.write(case["data"])
        manifest.append(dict(name=case["name"], file=file, bytes=len(case["data"]),
                             expect=case["expect"], family=case["family"], units=case["units"]))
    with open(os.path.join(args.out_dir, "cases.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"make_corpus: {len(manifest)} cases in {args.out_dir}")


if __name__ == "__main__":
    main()
