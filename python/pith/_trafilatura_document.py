"""pith.trafilatura's Document: trafilatura 2.x's result object (the same
attribute names, value types and None where trafilatura has none), filled from
a pith.Document."""
import datetime
import html
import re
import urllib.parse
import xml.etree.ElementTree as ElementTree
from typing import Any, Dict, List, Optional, Tuple

from . import _pith

# trafilatura's Document attributes, in its order (as_dict() keeps it).
FIELDS = ("title", "author", "url", "hostname", "description", "sitename", "date", "categories", "tags",
          "fingerprint", "id", "license", "body", "comments", "commentsbody", "raw_text", "text", "language",
          "image", "pagetype", "filedate")

# Document.clean_and_trim() cuts a longer attribute (trafilatura's limit).
MAX_FIELD_CHARS = 10000
# htmldate's default output format, which trafilatura's dates follow.
DEFAULT_DATE_FORMAT = "%Y-%m-%d"
# courlan's extract_domain(): the host without a leading "www." / "www2.".
_WWW_PREFIX = re.compile(r"^www\d*\.")


class Document:
    """What trafilatura.bare_extraction() returns: metadata (with_metadata=True),
    the text, the comments and `body` / `commentsbody` as element trees
    (xml.etree.ElementTree elements in trafilatura's XML vocabulary: <p>,
    <head>, <list>/<item>, <table>/<row>/<cell>, <quote>, <code>)."""

    __slots__ = list(FIELDS)

    title: Optional[str]
    author: Optional[str]
    url: Optional[str]
    hostname: Optional[str]
    description: Optional[str]
    sitename: Optional[str]
    date: Optional[str]
    categories: Optional[List[str]]
    tags: Optional[List[str]]
    fingerprint: Optional[str]
    id: Optional[str]
    license: Optional[str]
    body: ElementTree.Element
    comments: Optional[str]
    commentsbody: ElementTree.Element
    raw_text: Optional[str]
    text: Optional[str]
    language: Optional[str]
    image: Optional[str]
    pagetype: Optional[str]
    filedate: Optional[str]

    def __init__(self, **fields: Any) -> None:
        # trafilatura's keyword names for the two attributes named after built-ins.
        fields.setdefault("id", fields.pop("idval", None))
        fields.setdefault("license", fields.pop("license_val", None))
        for name in FIELDS:
            setattr(self, name, fields.pop(name, None))
        if fields:
            raise TypeError("Document(): unexpected keyword argument %r" % sorted(fields)[0])
        if self.body is None:
            self.body = ElementTree.Element("body")
        if self.commentsbody is None:
            self.commentsbody = ElementTree.Element("body")

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Document":
        """A Document with the attributes of a dict (as trafilatura's)."""
        doc = cls()
        for key, value in data.items():
            setattr(doc, key, value)
        return doc

    def clean_and_trim(self) -> None:
        """Tidies the str attributes as trafilatura's does: cut to MAX_FIELD_CHARS,
        HTML entities decoded, white space collapsed within each line, empty
        lines dropped."""
        for name in FIELDS:
            value = getattr(self, name)
            if isinstance(value, str):
                if len(value) > MAX_FIELD_CHARS:
                    value = value[:MAX_FIELD_CHARS - 1] + "…"
                lines = (" ".join(line.split()) for line in html.unescape(value).splitlines())
                setattr(self, name, "\n".join(line for line in lines if line))

    def as_dict(self) -> Dict[str, Any]:
        """The attributes as a dict, in trafilatura's order."""
        return {name: getattr(self, name, None) for name in FIELDS}

    def __repr__(self) -> str:
        text = self.text or self.raw_text or ""
        return "<pith.trafilatura.Document title=%r text: %d chars>" % (self.title, len(text))


def _formatted_date(value: str, date_format: str) -> Optional[str]:
    """An ISO 8601 date or timestamp of pith in htmldate's `outputformat`."""
    if not value:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            moment = datetime.datetime.strptime(value[:10], "%Y-%m-%d")
        except ValueError:
            return None
    return moment.strftime(date_format)


def _hostname(url: Optional[str]) -> Optional[str]:
    host = urllib.parse.urlsplit(url).hostname if url else None
    return _WWW_PREFIX.sub("", host) if host else None


def _authors(authors: List[str], blacklist: Any) -> Optional[str]:
    """trafilatura's author string ("A; B"), blacklisted names (any case) left out."""
    banned = {name.lower() for name in blacklist or ()}
    kept = [name for name in authors if name.strip() and name.strip().lower() not in banned]
    return "; ".join(kept) or None


def fill_metadata(doc: Document, metadata: "_pith.Metadata", url: Optional[str],
                  date_params: Optional[Dict[str, Any]], author_blacklist: Any) -> None:
    """Sets the metadata fields of doc as trafilatura's extract_metadata() does."""
    params = date_params or {}
    page_url = metadata.canonical_url or url or None
    doc.title = metadata.title or None
    doc.author = _authors(metadata.authors, author_blacklist)
    doc.url = page_url
    doc.hostname = _hostname(page_url)
    doc.description = metadata.description or None
    # trafilatura names the site after its domain when the page does not.
    doc.sitename = metadata.site_name or doc.hostname
    dates = (metadata.date_published, metadata.date_modified)
    if params.get("original_date", True) is False:
        dates = (metadata.date_modified, metadata.date_published)
    doc.date = _formatted_date(dates[0] or dates[1], params.get("outputformat", DEFAULT_DATE_FORMAT))
    doc.categories = list(metadata.categories)
    doc.tags = list(metadata.tags)
    doc.license = metadata.license or None
    doc.image = metadata.image or None
    doc.pagetype = metadata.declared_page_type or None  # trafilatura reads og:type
    # trafilatura's filedate is htmldate's max_date: today, unless the caller's
    # date parameters say otherwise (or leave it out).
    doc.filedate = params.get("max_date") if date_params else datetime.date.today().strftime(DEFAULT_DATE_FORMAT)


def element_trees(source: "_pith.Document") -> Tuple[ElementTree.Element, ElementTree.Element]:
    """body and commentsbody: pith's XML rendering (trafilatura's shape)
    parsed, its <main> and <comments> renamed <body> as trafilatura's are."""
    root = ElementTree.fromstring(source.render("xml", links=True, images=True))
    trees = []
    for tag in ("main", "comments"):
        element = root.find(tag)
        if element is None:
            element = ElementTree.Element("body")
        element.tag = "body"
        element.attrib.clear()
        element.tail = None
        trees.append(element)
    return trees[0], trees[1]
