# SPDX-License-Identifier: Apache-2.0
"""trafilatura-shaped calls on pith, so that switching is a one-line change:

    import pith.trafilatura as trafilatura
    text = trafilatura.extract(html, url=url, output_format="markdown", include_links=True)

Keyword mapping (docs/python.md): favor_precision / favor_recall -> precision /
recall; include_comments -> include_comments (the thread's text follows the
content, as trafilatura does); include_links / include_images -> links /
images (markdown, html and xml output); include_formatting with "txt" ->
Markdown; output_format "txt" / "markdown" / "html" / "json" / "xml" -> format
("xml" in trafilatura's shape, metadata as <doc> attributes); with_metadata
-> a front-matter header ("txt", "markdown"); only_with_metadata -> None
unless title, date and url are known; target_language -> None unless the
detected language (the declared one for a short text) matches. Tables are always kept (include_tables=False is
refused). Keywords that tune trafilatura's own machinery (no_fallback,
deduplicate, config, settingsfile, date_extraction_params, max_tree_size,
record_id, tei_validation) are accepted and have no effect; prune_xpath,
url_blacklist, author_blacklist and the "xmltei" and "csv" formats raise
ValueError rather than being ignored.

Like trafilatura, extract() returns None when there is no main content or the
input is not a page (empty, binary, too large); pith.extract() raises instead.
"""
import json
import urllib.parse

from . import _pith
from ._errors import PithError

_FORMATS = {"txt": "text", "text": "text", "markdown": "markdown", "html": "html", "json": "json",
            "xml": "xml", "python": "python"}
_NOT_SUPPORTED_FORMATS = ("xmltei", "csv")
_TUNING_ONLY = ("no_fallback", "deduplicate", "config", "settingsfile", "date_extraction_params",
                "max_tree_size", "record_id", "tei_validation", "options", "as_dict")
_REFUSED = ("prune_xpath", "url_blacklist", "author_blacklist")


def _check_keywords(kwargs):
    for key, value in kwargs.items():
        if key in _REFUSED:
            if value:
                raise ValueError("pith.trafilatura: %s is not supported (pith has no rules keyed to "
                                 "paths, URLs or authors)" % key)
        elif key not in _TUNING_ONLY:
            raise TypeError("pith.trafilatura: unexpected keyword argument %r" % key)


def _run(filecontent, url, favor_precision, favor_recall, include_comments, include_links,
         include_images, fmt):
    """pith.extract(), or None where trafilatura returns None for bad input."""
    if filecontent is None:
        return None
    try:
        return _pith.extract(filecontent, url=url, format=fmt, precision=favor_precision,
                             recall=favor_recall and not favor_precision,
                             include_comments=include_comments, links=include_links,
                             images=include_images)
    except PithError:
        return None


def _metadata_dict(doc, url):
    m = doc.metadata
    page_url = url or m.canonical_url or None
    return {
        "title": m.title or None,
        "author": "; ".join(m.authors) or None,
        "url": page_url,
        "hostname": urllib.parse.urlsplit(page_url).hostname if page_url else None,
        "description": m.description or None,
        "sitename": m.site_name or None,
        "date": m.date_published or m.date_modified or None,
        "categories": ";".join(m.categories) or None,
        "tags": ";".join(m.tags) or None,
        "license": m.license or None,
        "language": m.language or None,
        "image": m.image or None,
        "pagetype": m.declared_page_type or None,  # trafilatura reads og:type
    }


def _comments_text(doc):
    return "\n".join(c.text for c in doc.comments)


def _language_matches(doc, target_language):
    # The detected language, as trafilatura's filter uses; the declared one
    # when the text is too short to tell.
    language = doc.language if doc.language != "unknown" else doc.metadata.language
    language = (language or "").lower()
    return not target_language or language.split("-")[0] == target_language.lower().split("-")[0]


def bare_extraction(filecontent, url=None, favor_precision=False, favor_recall=False,
                    include_comments=True, include_tables=True, include_images=False,
                    include_formatting=False, include_links=False, target_language=None,
                    only_with_metadata=False, with_metadata=True, **kwargs):
    """trafilatura.bare_extraction(): metadata and text as a dict, or None."""
    _check_keywords(kwargs)
    if not include_tables:
        raise ValueError("pith.trafilatura: include_tables=False is not supported (tables are kept)")
    fmt = "markdown" if include_formatting or include_links or include_images else "text"
    doc = _run(filecontent, url, favor_precision, favor_recall, include_comments, include_links,
               include_images, fmt)
    if doc is None or not doc.has_main_content or not _language_matches(doc, target_language):
        return None
    result = _metadata_dict(doc, url)
    if only_with_metadata and not (result["title"] and result["date"] and result["url"]):
        return None
    result["text"] = doc.content
    result["raw_text"] = doc.text
    result["comments"] = _comments_text(doc) if include_comments else None
    result["excerpt"] = result["description"]
    result["source"] = result["url"]
    result["source-hostname"] = result["sitename"]
    return result


def _front_matter(meta):
    lines = ["---"]
    for key in ("title", "author", "url", "hostname", "description", "sitename", "date",
                "categories", "tags", "license"):
        if meta.get(key):
            lines.append("%s: %s" % (key, meta[key]))
    lines.append("---")
    return "\n".join(lines) + "\n"


def extract(filecontent, url=None, favor_precision=False, favor_recall=False,
            include_comments=True, output_format="txt", target_language=None, include_tables=True,
            include_images=False, include_formatting=False, include_links=False,
            only_with_metadata=False, with_metadata=False, **kwargs):
    """trafilatura.extract(): the main content as a str in output_format, or None."""
    _check_keywords(kwargs)
    if output_format in _NOT_SUPPORTED_FORMATS:
        raise ValueError("pith.trafilatura: output_format %r is not supported; use \"txt\", "
                         "\"markdown\", \"html\", \"json\" or \"xml\"" % output_format)
    if output_format not in _FORMATS:
        raise ValueError("pith.trafilatura: unknown output_format %r" % output_format)
    if not include_tables:
        raise ValueError("pith.trafilatura: include_tables=False is not supported (tables are kept)")
    fmt = _FORMATS[output_format]
    if fmt == "python":
        return bare_extraction(filecontent, url=url, favor_precision=favor_precision,
                               favor_recall=favor_recall, include_comments=include_comments,
                               include_images=include_images, include_formatting=include_formatting,
                               include_links=include_links, target_language=target_language,
                               only_with_metadata=only_with_metadata, **kwargs)
    if fmt == "text" and (include_formatting or include_links or include_images):
        fmt = "markdown"  # trafilatura's formatted "txt" is Markdown
    doc = _run(filecontent, url, favor_precision, favor_recall, include_comments, include_links,
               include_images, "text" if fmt == "json" else fmt)
    if doc is None or not doc.has_main_content or not _language_matches(doc, target_language):
        return None
    meta = _metadata_dict(doc, url)
    if only_with_metadata and not (meta["title"] and meta["date"] and meta["url"]):
        return None
    comments = _comments_text(doc) if include_comments else ""
    if fmt == "json":
        record = dict(meta, text=doc.text, raw_text=doc.text, comments=comments or None,
                      excerpt=meta["description"], source=meta["url"])
        record["source-hostname"] = meta["sitename"]
        return json.dumps(record, ensure_ascii=False)
    content = doc.content
    if comments and fmt not in ("html", "xml"):  # xml has its own <comments>
        content += "\n\n" + comments
    if with_metadata and fmt not in ("html", "xml"):
        content = _front_matter(meta) + content
    return content
