# SPDX-License-Identifier: Apache-2.0
"""trafilatura 2.x's API on pith, so that switching is a one-line change:

    import pith.trafilatura as trafilatura
    downloaded = trafilatura.fetch_url("https://example.com/a")
    text = trafilatura.extract(downloaded, output_format="markdown", with_metadata=True)
    doc = trafilatura.bare_extraction(downloaded, with_metadata=True)   # doc.title, doc.date

The functions take trafilatura 2.2's keywords, with its defaults, and return
what it returns: extract() a str in output_format ("txt", "markdown", "json",
"xml", "html", "csv") or None; bare_extraction() a Document (trafilatura's
attribute names; .as_dict()); metadata only with_metadata=True, dates as
YYYY-MM-DD (date_extraction_params={"outputformat": ...} changes it). A bad
output_format raises trafilatura's AttributeError (also a ValueError here),
"python" in extract() its ValueError, a misspelled keyword a short TypeError.

What differs (docs/python.md): the text is pith's extraction; fast and
no_fallback change nothing (pith has one pass); deduplicate drops a document
seen more than MAX_REPETITIONS times in this process (trafilatura also drops
repeated paragraphs); config and settingsfile are accepted and not read (they
tune trafilatura's thresholds); tei_validation has no effect. Refused with a
ValueError rather than ignored: output_format "xmltei", include_tables=False
(pith keeps tables), prune_xpath (pith has no XPath) and an `options`
Extractor object (pass the keywords instead).
"""
import collections
import warnings
import xml.etree.ElementTree as ElementTree
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from . import _pith
from ._args import checked, short_repr
from ._core import decode as _decode, extract as _extract
from ._errors import FetchError, PithError
from ._fetch import FetchOptions, fetch
from ._trafilatura_document import Document, element_trees, fill_metadata
from ._trafilatura_output import csv_output, html_output, json_output, text_output, xml_output

__all__ = ["bare_extraction", "baseline", "extract", "extract_metadata", "extract_with_metadata",
           "fetch_response", "fetch_url", "html2txt", "load_html", "Document", "Response"]

# trafilatura's output formats ("python" for bare_extraction() only).
SUPPORTED_FORMATS = ("csv", "html", "json", "markdown", "python", "txt", "xml", "xmltei")
# A document seen more often than this is a duplicate (deduplicate=True), in a
# least-recently-used table of LRU_SIZE texts: trafilatura's settings.
MAX_REPETITIONS = 2
LRU_SIZE = 4096
# trafilatura's default config object; accepted, not read.
DEFAULT_CONFIG: Any = None

Html = Union[str, bytes, bytearray, Any]


class FormatError(AttributeError, ValueError):
    """An output_format trafilatura does not know: its AttributeError, and a
    ValueError as for every bad option value in pith."""


_seen_texts: "collections.OrderedDict[int, int]" = collections.OrderedDict()


def _is_duplicate(text_hash: int) -> bool:
    count = _seen_texts.pop(text_hash, 0) + 1
    _seen_texts[text_hash] = count
    if len(_seen_texts) > LRU_SIZE:
        _seen_texts.popitem(last=False)
    return count > MAX_REPETITIONS + 1


def _check_format(output_format: str, function: str) -> None:
    if output_format not in SUPPORTED_FORMATS:
        raise FormatError("Cannot set format, must be one of: %s (not %s)" % (", ".join(SUPPORTED_FORMATS),
                                                                              short_repr(output_format)))
    if output_format == "xmltei":
        raise ValueError("pith.trafilatura.%s(): output_format 'xmltei' (XML-TEI) is not supported; "
                         "'xml' gives trafilatura's XML" % function)


def _check_deprecated(no_fallback: bool, as_dict: bool, max_tree_size: Optional[int], stacklevel: int) -> None:
    """trafilatura's deprecations: the same warnings (pointing at the caller's
    line, `stacklevel` frames up), and the same error."""
    if no_fallback:
        warnings.warn('"no_fallback" will be removed, use "fast" instead', DeprecationWarning,
                      stacklevel=stacklevel)
    if as_dict:
        warnings.warn('"as_dict" will be removed, use the .as_dict() method instead', DeprecationWarning,
                      stacklevel=stacklevel)
    if max_tree_size:
        raise ValueError('"max_tree_size" will be removed, use settings.cfg instead')


def _check_refused(function: str, include_tables: bool, prune_xpath: Any, options: Any) -> None:
    if not include_tables:
        raise ValueError("pith.trafilatura.%s(): include_tables=False is not supported (pith keeps tables)"
                         % function)
    if prune_xpath:
        raise ValueError("pith.trafilatura.%s(): prune_xpath is not supported (pith has no XPath)" % function)
    if options is not None:
        raise ValueError("pith.trafilatura.%s(): an `options` Extractor is not supported; pass its settings "
                         "as keywords" % function)


def _as_markdown(output_format: str, include_formatting: Optional[bool], include_links: bool,
                 include_images: bool) -> bool:
    """Whether the text is pith's Markdown: trafilatura's text keeps formatting
    (by default for "markdown" only) and links and images as Markdown."""
    formatting = output_format == "markdown" if include_formatting is None else include_formatting
    return output_format in ("txt", "markdown", "python") and (formatting or include_links or include_images)


def _page(filecontent: Any) -> Any:
    """The page for pith.extract(): str and bytes as they are, an lxml tree as
    its HTML; None for what trafilatura cannot load either."""
    if isinstance(filecontent, (str, bytes, bytearray)):
        return filecontent
    if hasattr(filecontent, "getroottree"):  # an lxml element, as trafilatura accepts
        from lxml import etree  # type: ignore[import]  # only there when the caller already uses lxml
        return etree.tostring(filecontent, encoding="unicode", method="html")
    return None


def _run(filecontent: Any, url: Optional[str], favor_precision: bool, favor_recall: bool,
         include_comments: bool, include_links: bool, include_images: bool, formatting: bool,
         target_language: Optional[str]) -> Optional[_pith.Document]:
    """pith.extract() in text (markdown when formatting), or None where
    trafilatura returns None: no page, not a page, no main content."""
    page = _page(filecontent)
    if page is None:
        return None
    try:
        doc = _extract(page, url=url, format="markdown" if formatting else "text",
                       precision=favor_precision and not favor_recall, recall=favor_recall,
                       include_comments=include_comments, links=include_links, images=include_images,
                       target_language=target_language)
    except PithError:
        return None
    return doc if doc.has_main_content else None


def _document(source: _pith.Document, url: Optional[str], with_metadata: bool, include_comments: bool,
              target_language: Optional[str], date_extraction_params: Optional[Dict[str, Any]],
              author_blacklist: Optional[Set[str]]) -> Document:
    doc = Document()
    if with_metadata:
        fill_metadata(doc, source.metadata, url, date_extraction_params, author_blacklist)
    doc.comments = "\n".join(c.text for c in source.comments) if include_comments else None
    if target_language:  # trafilatura names the language only when it filtered on it
        doc.language = source.language
    return doc


def _extraction(filecontent: Any, url: Optional[str], favor_precision: bool, favor_recall: bool,
                include_comments: bool, target_language: Optional[str], include_images: bool,
                formatting: bool, include_links: bool, deduplicate: bool,
                date_extraction_params: Optional[Dict[str, Any]], with_metadata: bool,
                only_with_metadata: bool, url_blacklist: Optional[Set[str]],
                author_blacklist: Optional[Set[str]]) -> Optional[Tuple[_pith.Document, Document]]:
    """pith's document and trafilatura's, or None where trafilatura discards the page."""
    source = _run(filecontent, url, favor_precision, favor_recall, include_comments, include_links,
                  include_images, formatting, target_language)
    if source is None:
        return None
    with_metadata = with_metadata or only_with_metadata or bool(url_blacklist) or bool(author_blacklist)
    doc = _document(source, url, with_metadata, include_comments, target_language, date_extraction_params,
                    author_blacklist)
    if doc.url and url_blacklist and doc.url in url_blacklist:
        return None
    if only_with_metadata and not (doc.date and doc.title and doc.url):
        return None
    if deduplicate and _is_duplicate(source.text_hash):
        return None
    return source, doc


@checked("pith.trafilatura.bare_extraction")
def bare_extraction(filecontent: Html, url: Optional[str] = None, fast: bool = False, no_fallback: bool = False,
                    favor_precision: bool = False, favor_recall: bool = False, include_comments: bool = True,
                    output_format: str = "python", target_language: Optional[str] = None,
                    include_tables: bool = True, include_images: bool = False,
                    include_formatting: Optional[bool] = None, include_links: bool = False,
                    deduplicate: bool = False, date_extraction_params: Optional[Dict[str, Any]] = None,
                    with_metadata: bool = False, only_with_metadata: bool = False,
                    max_tree_size: Optional[int] = None, url_blacklist: Optional[Set[str]] = None,
                    author_blacklist: Optional[Set[str]] = None, as_dict: bool = False,
                    prune_xpath: Optional[Union[str, List[str]]] = None, config: Any = DEFAULT_CONFIG,
                    options: Any = None) -> Optional[Union[Document, Dict[str, Any]]]:
    """trafilatura.bare_extraction(): a Document (text, comments, body trees;
    metadata with_metadata=True), or None when the page has no main content,
    is not a page, or is filtered out (target_language, only_with_metadata,
    url_blacklist, deduplicate). Its text is set for output_format "python"
    (Markdown with include_formatting), raw_text always."""
    _check_deprecated(no_fallback, as_dict, max_tree_size, stacklevel=4)
    _check_format(output_format, "bare_extraction")
    _check_refused("bare_extraction", include_tables, prune_xpath, options)
    found = _extraction(filecontent, url, favor_precision, favor_recall, include_comments, target_language,
                        include_images, _as_markdown(output_format, include_formatting, include_links,
                                                     include_images),
                        include_links, deduplicate, date_extraction_params, with_metadata, only_with_metadata,
                        url_blacklist, author_blacklist)
    if found is None:
        return None
    source, doc = found
    doc.body, doc.commentsbody = element_trees(source)
    doc.raw_text = source.text
    if output_format == "python":
        doc.text = source.content
    else:  # trafilatura leaves text to extract(), and comments to the serialisers
        doc.comments = None
    return doc.as_dict() if as_dict else doc


def _extract_document(filecontent: Any, url: Optional[str], record_id: Optional[str], fast: bool,
                      no_fallback: bool, favor_precision: bool, favor_recall: bool, include_comments: bool,
                      output_format: str, target_language: Optional[str], include_tables: bool,
                      include_images: bool, include_formatting: Optional[bool], include_links: bool,
                      deduplicate: bool, date_extraction_params: Optional[Dict[str, Any]], with_metadata: bool,
                      only_with_metadata: bool, max_tree_size: Optional[int], url_blacklist: Optional[Set[str]],
                      author_blacklist: Optional[Set[str]], prune_xpath: Any, options: Any,
                      function: str) -> Optional[Document]:
    """extract() and extract_with_metadata(): the Document, its text in
    output_format (body and commentsbody only for extract_with_metadata(),
    since extract() returns the text alone)."""
    _check_deprecated(no_fallback, False, max_tree_size, stacklevel=5)
    _check_format(output_format, function)
    if output_format == "python":
        raise ValueError("'python' format only usable in bare_extraction() function")
    _check_refused(function, include_tables, prune_xpath, options)
    found = _extraction(filecontent, url, favor_precision, favor_recall, include_comments, target_language,
                        include_images, _as_markdown(output_format, include_formatting, include_links,
                                                     include_images),
                        include_links, deduplicate, date_extraction_params, with_metadata, only_with_metadata,
                        url_blacklist, author_blacklist)
    if found is None:
        return None
    source, doc = found
    if function == "extract_with_metadata":
        doc.body, doc.commentsbody = element_trees(source)
    doc.raw_text = source.text
    with_metadata = with_metadata or only_with_metadata or bool(url_blacklist) or bool(author_blacklist)
    doc.text = _serialised(doc, source, output_format, with_metadata, record_id, include_links, include_images)
    doc.comments = None  # trafilatura keeps them in commentsbody and the text only
    return doc


def _serialised(doc: Document, source: _pith.Document, output_format: str, with_metadata: bool,
                record_id: Optional[str], include_links: bool, include_images: bool) -> str:
    if output_format in ("txt", "markdown"):
        return text_output(doc, source.content, with_metadata)
    doc.id = record_id
    doc.fingerprint = "%016x" % source.simhash
    if output_format == "json":
        return json_output(doc, source.text, with_metadata)
    if output_format == "csv":
        return csv_output(doc, source.text)
    rendered = source.render(output_format, links=include_links, images=include_images)
    if output_format == "html":
        return html_output(doc, rendered, with_metadata)
    return xml_output(doc, rendered, with_metadata)


@checked("pith.trafilatura.extract")
def extract(filecontent: Html, url: Optional[str] = None, record_id: Optional[str] = None, fast: bool = False,
            no_fallback: bool = False, favor_precision: bool = False, favor_recall: bool = False,
            include_comments: bool = True, output_format: str = "txt", tei_validation: bool = False,
            target_language: Optional[str] = None, include_tables: bool = True, include_images: bool = False,
            include_formatting: Optional[bool] = None, include_links: bool = False, deduplicate: bool = False,
            date_extraction_params: Optional[Dict[str, Any]] = None, with_metadata: bool = False,
            only_with_metadata: bool = False, max_tree_size: Optional[int] = None,
            url_blacklist: Optional[Set[str]] = None, author_blacklist: Optional[Set[str]] = None,
            settingsfile: Optional[str] = None, prune_xpath: Optional[Union[str, List[str]]] = None,
            config: Any = DEFAULT_CONFIG, options: Any = None) -> Optional[str]:
    """trafilatura.extract(): the main content as a str in output_format ("txt",
    "markdown", "json", "xml", "html" or "csv"; with_metadata adds the
    metadata), or None when the page has no main content or is filtered out."""
    doc = _extract_document(filecontent, url, record_id, fast, no_fallback, favor_precision, favor_recall,
                            include_comments, output_format, target_language, include_tables, include_images,
                            include_formatting, include_links, deduplicate, date_extraction_params,
                            with_metadata, only_with_metadata, max_tree_size, url_blacklist, author_blacklist,
                            prune_xpath, options, "extract")
    return doc.text if doc is not None else None


@checked("pith.trafilatura.extract_with_metadata")
def extract_with_metadata(filecontent: Html, url: Optional[str] = None, record_id: Optional[str] = None,
                          fast: bool = False, favor_precision: bool = False, favor_recall: bool = False,
                          include_comments: bool = True, output_format: str = "txt", tei_validation: bool = False,
                          target_language: Optional[str] = None, include_tables: bool = True,
                          include_images: bool = False, include_formatting: Optional[bool] = None,
                          include_links: bool = False, deduplicate: bool = False,
                          date_extraction_params: Optional[Dict[str, Any]] = None,
                          url_blacklist: Optional[Set[str]] = None, author_blacklist: Optional[Set[str]] = None,
                          settingsfile: Optional[str] = None, prune_xpath: Optional[Union[str, List[str]]] = None,
                          config: Any = DEFAULT_CONFIG, options: Any = None) -> Optional[Document]:
    """trafilatura.extract_with_metadata(): the Document, metadata filled and
    .text the content in output_format, or None."""
    return _extract_document(filecontent, url, record_id, fast, False, favor_precision, favor_recall,
                             include_comments, output_format, target_language, include_tables, include_images,
                             include_formatting, include_links, deduplicate, date_extraction_params, True, False,
                             None, url_blacklist, author_blacklist, prune_xpath, options, "extract_with_metadata")


@checked("pith.trafilatura.extract_metadata")
def extract_metadata(filecontent: Html, default_url: Optional[str] = None,
                     date_config: Optional[Dict[str, Any]] = None, extensive: bool = True,
                     author_blacklist: Optional[Set[str]] = None) -> Document:
    """trafilatura.extract_metadata(): a Document with only the metadata fields
    set (an empty one when the input is not a page)."""
    doc = Document()
    page = _page(filecontent)
    if page is None:
        return doc
    try:
        source = _extract(page, url=default_url)
    except PithError:
        return doc
    fill_metadata(doc, source.metadata, default_url, date_config, author_blacklist)
    return doc


def _body(paragraphs: List[str]) -> ElementTree.Element:
    body = ElementTree.Element("body")
    for text in paragraphs:
        ElementTree.SubElement(body, "p").text = text
    return body


@checked("pith.trafilatura.baseline")
def baseline(filecontent: Html) -> Tuple[ElementTree.Element, str, int]:
    """trafilatura.baseline(), the quick fallback: (a <body> element of <p>, the
    text, its length). Here it is pith's extraction in recall mode, falling
    back to all the page's text (html2txt) when that finds no main content."""
    page = _page(filecontent)
    if page is None:
        return ElementTree.Element("body"), "", 0
    try:
        source = _extract(page, recall=True)
    except PithError:
        return ElementTree.Element("body"), "", 0
    paragraphs = [block.text for block in source.blocks if block.text]
    if not paragraphs:
        whole = html2txt(page)
        paragraphs = [whole] if whole else []
    text = "\n".join(paragraphs)
    return _body(paragraphs), text, len(text)


@checked("pith.trafilatura.html2txt")
def html2txt(content: Html, clean: bool = True) -> str:
    """trafilatura.html2txt(): all the text of the page's <body>, white space
    collapsed; clean=True leaves out scripts, styles, forms, navigation,
    asides and footers as trafilatura's basic cleaning does."""
    from ._page_text import page_text
    page = _page(content)
    if page is None:
        return ""
    if not isinstance(page, str):
        page = _decode(bytes(page))[0]
    return page_text(page, clean)


def load_html(htmlobject: Any) -> Any:
    """trafilatura.load_html(): an lxml tree of the page when lxml is installed
    (None when it cannot be parsed), else the page as pith.trafilatura's
    functions take it (str or bytes: pith parses in C++). Either can be
    passed to extract()."""
    page = _page(htmlobject)
    if page is None or not isinstance(page, (str, bytes, bytearray)):
        return page
    try:
        import lxml.html  # type: ignore[import]
    except ImportError:
        return page
    text = page if isinstance(page, str) else _decode(bytes(page))[0]
    try:
        return lxml.html.document_fromstring(text.encode("utf-8"), parser=lxml.html.HTMLParser(encoding="utf-8"))
    except (ValueError, lxml.etree.ParserError):
        return None


class Response:
    """trafilatura.downloads.Response: data (bytes), status, url, headers
    (with_headers=True: only "content-type" is kept), html (decode=True)."""

    __slots__ = ["data", "headers", "html", "status", "url"]

    def __init__(self, data: bytes, status: int, url: str) -> None:
        self.data = data
        self.headers: Optional[Dict[str, str]] = None
        self.html: Optional[str] = None
        self.status = status
        self.url = url

    def __bool__(self) -> bool:
        return self.data is not None

    def __repr__(self) -> str:
        return "<pith.trafilatura.Response %d %s>" % (self.status, self.url)

    def as_dict(self) -> Dict[str, Any]:
        """The attributes as a dict."""
        return {name: getattr(self, name) for name in self.__slots__}


@checked("pith.trafilatura.fetch_response")
def fetch_response(url: str, *, decode: bool = False, no_ssl: bool = False, with_headers: bool = False,
                   config: Any = DEFAULT_CONFIG) -> Optional[Response]:
    """trafilatura.fetch_response() on pith.fetch(): a Response (an HTTP error
    status gives one too, without its body), or None when the download failed.
    no_ssl is accepted and changes nothing (certificates are always checked)."""
    try:
        result = fetch(url, FetchOptions(accept_any_type=True))
    except FetchError as e:
        if e.code != "http_status" or not e.status:
            return None
        return Response(b"", e.status, url)
    response = Response(result.body, result.status, result.url)
    if with_headers and result.content_type:
        response.headers = {"content-type": result.content_type}
    if decode and result.body:
        response.html = _decode(result.body, content_type=result.content_type)[0]
    return response


@checked("pith.trafilatura.fetch_url")
def fetch_url(url: str, no_ssl: bool = False, config: Any = DEFAULT_CONFIG, options: Any = None) -> Optional[str]:
    """trafilatura.fetch_url(): the page decoded to str (its charset decided as
    pith.extract() decides it), or None when the download failed or the
    status is not 200."""
    response = fetch_response(url, decode=True, no_ssl=no_ssl, config=config)
    if response is None or response.status != 200 or not response.data:
        return None
    return response.html


# Shown as pith.trafilatura.Document in tracebacks and reprs.
for _cls in (Document, FormatError):
    _cls.__module__ = __name__
del _cls
