"""pith.trafilatura: trafilatura 2.x's calls, keywords, return types and errors
on pith (test_trafilatura_peer.py compares the shapes with trafilatura itself
where it is installed; this file needs only pith)."""
import inspect
import json
import warnings
import xml.etree.ElementTree as ElementTree

import pytest

import pith
import pith.trafilatura as trafilatura

DOCUMENT_FIELDS = ["title", "author", "url", "hostname", "description", "sitename", "date", "categories", "tags",
                   "fingerprint", "id", "license", "body", "comments", "commentsbody", "raw_text", "text",
                   "language", "image", "pagetype", "filedate"]


@pytest.fixture(scope="module")
def page(pages):
    name, path, url = next(p for p in pages if p[0] == "gate-news-pt")
    with open(path, "rb") as fh:
        return fh.read(), url


def test_txt_is_pith_text(page):
    html, url = page
    assert trafilatura.extract(html, url=url, include_comments=False) == pith.extract(html, url=url).text


def test_keywords_map_to_pith_options(page):
    html, url = page
    assert (trafilatura.extract(html, url=url, favor_precision=True, include_comments=False)
            == pith.extract(html, url=url, precision=True).content)
    assert (trafilatura.extract(html, url=url, favor_recall=True, include_comments=False)
            == pith.extract(html, url=url, recall=True).content)
    assert (trafilatura.extract(html, url=url, output_format="markdown", include_links=True,
                                include_images=True, include_comments=False)
            == pith.extract(html, url=url, format="markdown", links=True, images=True).content)
    assert (trafilatura.extract(html, url=url, include_formatting=True, include_comments=False)
            == pith.extract(html, url=url, format="markdown").content)
    # markdown implies formatting, as in trafilatura, unless it is turned off.
    assert (trafilatura.extract(html, url=url, output_format="markdown", include_formatting=False,
                                include_comments=False) == pith.extract(html, url=url).text)
    for keyword in ("fast", "deduplicate", "tei_validation"):
        assert trafilatura.extract(html, url=url, include_comments=False, **{keyword: True}) is not None


def test_bare_extraction_is_a_document(page):
    html, url = page
    doc = trafilatura.bare_extraction(html, url=url)
    assert isinstance(doc, trafilatura.Document) and list(doc.as_dict()) == DOCUMENT_FIELDS
    source = pith.extract(html, url=url, include_comments=True)
    assert doc.text == doc.raw_text == source.text
    assert doc.comments == "\n".join(c.text for c in source.comments) != ""
    # with_metadata=False (trafilatura 2.x's default): no metadata at all.
    assert all(getattr(doc, name) is None for name in ("title", "author", "url", "date", "sitename", "filedate"))
    assert doc.body.tag == "body" and "".join(doc.body.itertext()).split() == source.text.split()
    assert doc.commentsbody.tag == "body" and len(doc.commentsbody) == len(source.comments)
    with pytest.raises(AttributeError):
        doc.no_such_field  # noqa: B018 - a Document has trafilatura's attributes only
    tidy = trafilatura.Document.from_dict({"title": "  Caf&eacute;\n\n  au   lait ", "text": "x" * 20000})
    tidy.clean_and_trim()
    assert tidy.title == "Café\nau lait" and len(tidy.text) == 10000 and tidy.text.endswith("…")


def test_metadata_in_trafilatura_form(page):
    html, url = page
    doc = trafilatura.bare_extraction(html, url=url, with_metadata=True)
    meta = pith.extract(html, url=url).metadata
    assert doc.title == meta.title and doc.author == "; ".join(meta.authors)
    assert meta.date_published.startswith("2026-05-27T") and doc.date == "2026-05-27"
    assert doc.url == url and doc.hostname == "gate-exchange.example" and doc.sitename == "Gate"
    assert doc.categories == meta.categories and doc.tags == meta.tags and isinstance(doc.tags, list)
    assert doc.pagetype == "article" and len(doc.filedate) == 10
    custom = trafilatura.bare_extraction(html, url=url, with_metadata=True,
                                         date_extraction_params={"outputformat": "%d/%m/%Y %H:%M"})
    assert custom.date == "27/05/2026 10:18" and custom.filedate is None
    metadata = trafilatura.extract_metadata(html, default_url=url).as_dict()
    for name in ("body", "commentsbody", "comments", "raw_text", "text"):
        assert (metadata.pop(name) is None) == (name not in ("body", "commentsbody"))
    assert metadata == {name: value for name, value in doc.as_dict().items() if name in metadata}
    assert trafilatura.bare_extraction(html, url=url, author_blacklist={"menews"}, with_metadata=True).author is None


def test_output_formats(page):
    html, url = page
    doc = pith.extract(html, url=url)
    record = json.loads(trafilatura.extract(html, url=url, output_format="json"))
    assert list(record) == ["text", "comments"] and record["text"] == doc.text
    record = json.loads(trafilatura.extract(html, url=url, output_format="json", with_metadata=True,
                                            record_id="r7"))
    assert record["title"] == doc.metadata.title and record["source"] == url and record["id"] == "r7"
    assert record["date"] == "2026-05-27" and record["source-hostname"] == "Gate"
    assert record["tags"] == ";".join(doc.metadata.tags) and len(record["fingerprint"]) == 16
    text = trafilatura.extract(html, url=url, with_metadata=True, include_comments=False)
    assert text.startswith("---\ntitle: %s\n" % doc.metadata.title) and text.endswith(doc.text)
    assert '\ndate: "2026-05-27"\n' in text  # quoted, as YAML would read a date otherwise
    row = trafilatura.extract(html, url=url, output_format="csv", with_metadata=True).rstrip("\r\n")
    assert row.split("\t")[:2] == [url, "null"] and row.count("\t") == 10
    page_html = trafilatura.extract(html, url=url, output_format="html", with_metadata=True)
    assert page_html.startswith("<html>\n<head>\n") and '<meta name="title"' in page_html
    assert trafilatura.extract(html, url=url, output_format="html").startswith("<html>\n<body>")


def test_xml_in_trafilatura_shape(page):
    html, url = page
    doc = pith.extract(html, url=url, include_comments=True)
    root = ElementTree.fromstring(trafilatura.extract(html, url=url, output_format="xml", with_metadata=True))
    assert root.tag == "doc" and root.get("title") == doc.metadata.title and root.get("url") == url
    assert root.get("author") == "; ".join(doc.metadata.authors)
    main = root.find("main")
    assert "".join(main.itertext()).split() == doc.text.split()
    # include_comments: the thread is its own <comments> element, not text after <main>.
    assert len(root.findall("comments/comment")) == len(doc.comments) > 0
    without = ElementTree.fromstring(trafilatura.extract(html, url=url, output_format="xml",
                                                         include_comments=False))
    assert without.find("comments") is None
    # Without with_metadata <doc> carries only the fingerprint, as trafilatura's.
    assert list(without.attrib) == ["fingerprint"]


def test_filters_return_none(page):
    html, url = page
    assert trafilatura.extract(html, url=url, target_language="de") is None
    assert trafilatura.extract(html, url=url, target_language="pt") is not None
    assert trafilatura.bare_extraction(html, url=url, target_language="pt").language == "pt"
    assert trafilatura.extract(html, url=url, url_blacklist={url}) is None
    assert trafilatura.extract(html, only_with_metadata=True) is not None  # the canonical URL counts
    assert trafilatura.extract("<html><body><article><p>%s</p></article></body></html>" % ("Words. " * 40),
                               only_with_metadata=True) is None


def test_deduplicate_drops_a_page_seen_too_often():
    html = "<html><body><article><p>%s</p></article></body></html>" % ("A unique sentence for dedup. " * 30)
    seen = [trafilatura.extract(html, deduplicate=True) is not None for _ in range(trafilatura.MAX_REPETITIONS + 2)]
    assert seen == [True] * (trafilatura.MAX_REPETITIONS + 1) + [False]


def test_none_where_trafilatura_returns_none():
    assert trafilatura.extract("") is None
    assert trafilatura.extract(None) is None
    assert trafilatura.extract(b"%PDF-1.7\n" + bytes(100)) is None
    assert trafilatura.extract("<html><body><nav><a href='/'>Home</a></nav></body></html>") is None
    assert trafilatura.bare_extraction("") is None


def test_errors_as_trafilatura_raises(page):
    html, url = page
    with pytest.raises(AttributeError, match="Cannot set format, must be one of: csv, html"):
        trafilatura.extract(html, output_format="yaml")
    with pytest.raises(ValueError, match="yaml"):  # also a ValueError, as bad values are in pith
        trafilatura.bare_extraction(html, output_format="yaml")
    with pytest.raises(ValueError, match="'python' format only usable in bare_extraction"):
        trafilatura.extract(html, output_format="python")
    with pytest.raises(ValueError, match="max_tree_size"):
        trafilatura.extract(html, max_tree_size=100)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert isinstance(trafilatura.bare_extraction(html, no_fallback=True, as_dict=True), dict)
    assert [w.category for w in caught] == [DeprecationWarning, DeprecationWarning]
    assert all(w.filename == __file__ for w in caught)


def test_unsupported_keywords_are_refused(page):
    html, url = page
    for kwargs in ({"output_format": "xmltei"}, {"prune_xpath": "//div"}, {"include_tables": False},
                   {"options": object()}):
        with pytest.raises(ValueError, match="not supported"):
            trafilatura.extract(html, **kwargs)
    with pytest.raises(TypeError, match="unexpected keyword") as caught:
        trafilatura.extract(html, favour_precision=True)
    assert len(str(caught.value)) < 300


def test_signatures_are_trafilatura_s():
    parameters = list(inspect.signature(trafilatura.extract).parameters)
    assert parameters[:4] == ["filecontent", "url", "record_id", "fast"]
    assert {"include_comments", "output_format", "with_metadata", "only_with_metadata", "include_tables",
            "include_images", "include_links", "include_formatting", "favor_precision", "favor_recall",
            "target_language", "deduplicate", "date_extraction_params", "config", "options"} <= set(parameters)
    assert inspect.signature(trafilatura.bare_extraction).parameters["output_format"].default == "python"
    assert inspect.signature(trafilatura.bare_extraction).parameters["with_metadata"].default is False


def test_baseline_and_html2txt(page):
    html, url = page
    body, text, length = trafilatura.baseline(html)
    assert body.tag == "body" and length == len(text) > 1000
    assert "\n".join(p.text for p in body) == text and {p.tag for p in body} == {"p"}
    empty_body, empty_text, empty_length = trafilatura.baseline("")
    assert (empty_body.tag, len(empty_body), empty_text, empty_length) == ("body", 0, "", 0)
    whole = trafilatura.html2txt(html)
    assert pith.extract(html, include_title=True).text.split()[:5] == whole.split()[whole.split().index("Após"):][:5]
    assert trafilatura.html2txt("<p>a<script>x()</script><b>b</b></p><nav>menu</nav>") == "a b"
    assert trafilatura.html2txt("<p>a</p><nav>menu</nav>", clean=False) == "a menu"
    assert trafilatura.html2txt("") == ""


def test_an_lxml_tree_is_accepted_as_trafilatura_accepts_it(page):
    lxml_html = pytest.importorskip("lxml.html", reason="lxml (python3-lxml) is not installed")
    html, url = page
    assert trafilatura.extract(lxml_html.fromstring(html), url=url) == trafilatura.extract(html, url=url)
    tree = trafilatura.load_html(html)
    assert tree.tag == "html" and trafilatura.extract(tree, url=url) == trafilatura.extract(html, url=url)
    assert trafilatura.load_html(None) is None
