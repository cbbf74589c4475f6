"""pith.trafilatura: trafilatura.extract()-shaped calls map onto pith.extract()."""
import json
import xml.etree.ElementTree as ElementTree

import pytest

import pith
import pith.trafilatura as trafilatura


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


def test_json_and_metadata(page):
    html, url = page
    record = json.loads(trafilatura.extract(html, url=url, output_format="json"))
    doc = pith.extract(html, url=url)
    assert record["title"] == doc.metadata.title and record["text"] == doc.text
    assert record["author"] == "; ".join(doc.metadata.authors)
    assert record["date"] == doc.metadata.date_published and record["hostname"] == "www.gate-exchange.example"
    text = trafilatura.extract(html, url=url, with_metadata=True, include_comments=False)
    assert text.startswith("---\ntitle: %s\n" % doc.metadata.title) and text.endswith(doc.text)
    bare = trafilatura.bare_extraction(html, url=url)
    assert bare["title"] == doc.metadata.title and bare["raw_text"] == doc.text
    assert trafilatura.extract(html, url=url, target_language="de") is None
    assert trafilatura.extract(html, url=url, target_language="pt") is not None


def test_xml_in_trafilatura_shape(page):
    html, url = page
    doc = pith.extract(html, url=url, include_comments=True)
    root = ElementTree.fromstring(trafilatura.extract(html, url=url, output_format="xml"))
    assert root.tag == "doc" and root.get("title") == doc.metadata.title and root.get("url") == url
    assert root.get("author") == ";".join(doc.metadata.authors)
    main = root.find("main")
    assert [p.tag for p in main][:1] == ["head"] or main.find("p") is not None
    assert "".join(main.itertext()).split() == doc.text.split()
    # include_comments: the thread is its own <comments> element, not text after <main>.
    assert len(root.findall("comments/comment")) == len(doc.comments) > 0
    without = ElementTree.fromstring(trafilatura.extract(html, url=url, output_format="xml",
                                                         include_comments=False))
    assert without.find("comments") is None


def test_none_where_trafilatura_returns_none():
    assert trafilatura.extract("") is None
    assert trafilatura.extract(None) is None
    assert trafilatura.extract(b"%PDF-1.7\n" + bytes(100)) is None
    assert trafilatura.extract("<html><body><nav><a href='/'>Home</a></nav></body></html>") is None


def test_unsupported_keywords_are_refused(page):
    html, url = page
    for kwargs in ({"output_format": "xmltei"}, {"prune_xpath": "//div"}, {"include_tables": False}):
        with pytest.raises(ValueError, match="not supported"):
            trafilatura.extract(html, **kwargs)
    with pytest.raises(TypeError, match="unexpected keyword"):
        trafilatura.extract(html, favour_precision=True)
    assert trafilatura.extract(html, no_fallback=True, deduplicate=True, include_comments=False) == \
        pith.extract(html).text
