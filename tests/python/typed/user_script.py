"""A user's script, checked by `mypy --strict` in test_typing.py: pith's
annotations and stubs must type it without a single ignore."""
import concurrent.futures
import json
from typing import Dict, List, Optional

import pith
import pith.trafilatura as trafilatura


def titles(pages: List[bytes]) -> List[str]:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        docs = list(pool.map(lambda html: pith.extract(html, format="markdown", links=True), pages))
    return [doc.metadata.title or doc.title for doc in docs if doc.has_main_content]


def record(html: str, url: Optional[str]) -> Dict[str, object]:
    doc = pith.extract(html, url=url, include_comments=True, time_budget=2.5)
    data = doc.to_dict()
    data["comments"] = [c.text for c in doc.comments]
    data["markdown"] = doc.render("markdown", links=True)
    data["rows"] = [b.cells for b in doc.blocks if b.kind == "table_row"]
    return data


def warc_urls(path: str) -> List[str]:
    counts: Dict[str, int] = {}
    urls = [str(r["warc_target_uri"]) for r in pith.extract_warc(path, counts=counts, format="html")]
    for rec in pith.WarcReader(path):
        if rec.file_offset is not None and rec.type == "response":
            urls.append(rec.target_uri)
    return urls


def fetched(url: str) -> Optional[str]:
    try:
        result = pith.fetch(url, pith.FetchOptions(timeout=5.0, retries=0))
    except pith.FetchError as e:
        return "%s %d" % (e.code, e.status)
    text, charset = pith.decode(result.body, content_type=result.content_type)
    outcomes = pith.fetch_many([url], min_host_delay=0.0)
    return text if outcomes[0].error is None and charset else None


def with_trafilatura(html: str) -> Optional[str]:
    text: Optional[str] = trafilatura.extract(html, output_format="json", with_metadata=True,
                                              include_comments=False, favor_precision=True)
    doc = trafilatura.bare_extraction(html, with_metadata=True)
    if isinstance(doc, trafilatura.Document) and doc.title and doc.date:
        return doc.title + " " + doc.date + json.dumps(doc.tags)
    meta = trafilatura.extract_metadata(html)
    body, baseline_text, length = trafilatura.baseline(html)
    downloaded = trafilatura.fetch_url("http://127.0.0.1:1/")
    return text or meta.sitename or trafilatura.html2txt(html) or baseline_text[:length] or downloaded
