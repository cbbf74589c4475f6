"""The strings trafilatura.extract() returns, per output_format, made from a
pith.trafilatura Document and pith's renderings (the same layout, keys and
field order as trafilatura 2.2)."""
import csv
import io
import json
import xml.etree.ElementTree as ElementTree
from typing import Any, Dict, Optional

from ._trafilatura_document import FIELDS, Document

# The YAML front matter of "txt" / "markdown" with_metadata=True, in order.
HEADER_FIELDS = ("title", "author", "url", "hostname", "description", "sitename", "date", "categories",
                 "tags", "fingerprint", "id", "license")
# trafilatura's <meta name=...> of "html" and attributes of <doc> in "xml".
META_ATTRIBUTES = ("sitename", "title", "author", "date", "url", "hostname", "description", "categories",
                   "tags", "license", "id", "fingerprint", "language")
# The columns of "csv" (tab-separated, "null" for an empty value).
CSV_FIELDS = ("url", "id", "fingerprint", "hostname", "title", "image", "date", "text", "comments", "license",
              "pagetype")
CSV_NULL = "null"
_YAML_RESERVED = frozenset({"true", "false", "yes", "no", "on", "off", "y", "n", "null", "none", "~"})


def _yaml_scalar(value: str) -> str:
    """A plain YAML scalar when that reads back as the same string, else a
    double-quoted one (JSON's quoting is valid YAML), as trafilatura writes."""
    if (value and value == value.strip() and value[0].isalpha() and ": " not in value and " #" not in value
            and not value.endswith(":") and value.lower() not in _YAML_RESERVED
            and all(ch >= " " and ch != "\x7f" for ch in value)):
        return value
    return json.dumps(value, ensure_ascii=False)


def front_matter(doc: Document) -> str:
    lines = ["---"]
    for name in HEADER_FIELDS:
        value = getattr(doc, name)
        if value:
            lines.append("%s: %s" % (name, _yaml_scalar(value) if isinstance(value, str) else value))
    return "\n".join(lines) + "\n---\n"


def text_output(doc: Document, content: str, with_metadata: bool) -> str:
    """"txt" / "markdown": the front matter, the content, then the comments."""
    text = (front_matter(doc) if with_metadata else "") + content
    if doc.comments:
        text = ("%s\n%s" % (text, doc.comments)).strip()
    return text


def json_output(doc: Document, plain_text: str, with_metadata: bool) -> str:
    record: Dict[str, Any]
    if with_metadata:
        record = {name: getattr(doc, name) for name in FIELDS if name not in ("body", "commentsbody")}
        record.update({"source": record.pop("url"), "source-hostname": record.pop("sitename"),
                       "excerpt": record.pop("description"),
                       "categories": ";".join(record.pop("categories") or []),
                       "tags": ";".join(record.pop("tags") or []), "text": plain_text})
    else:
        record = {"text": plain_text}
    record["comments"] = doc.comments or ""
    return json.dumps(record, ensure_ascii=False)


def csv_output(doc: Document, plain_text: str) -> str:
    values = dict(doc.as_dict(), text=plain_text)
    out = io.StringIO()
    csv.writer(out, delimiter="\t", quoting=csv.QUOTE_MINIMAL).writerow(
        [values[name] or CSV_NULL for name in CSV_FIELDS])
    return out.getvalue()


def _meta_value(value: Any) -> Optional[str]:
    if isinstance(value, list):
        return ", ".join(value) or None
    return value or None


def html_output(doc: Document, html: str, with_metadata: bool) -> str:
    """pith's HTML as a document, as trafilatura's is (<html><body>...), with
    its <head> of <meta name content> when with_metadata."""
    metas = []
    for name in META_ATTRIBUTES if with_metadata else ():
        value = _meta_value(getattr(doc, name))
        if value:
            meta = ElementTree.Element("meta", {"name": name, "content": value})
            metas.append(ElementTree.tostring(meta, encoding="unicode"))
    head = "<head>\n%s\n</head>\n" % "\n".join(metas) if metas else ""
    return "<html>\n%s<body>\n%s\n</body>\n</html>" % (head, html.strip())


def xml_output(doc: Document, xml: str, with_metadata: bool) -> str:
    """pith's XML in trafilatura's shape; without metadata, <doc> keeps only
    the fingerprint, as trafilatura's does."""
    root = ElementTree.fromstring(xml)
    root.attrib.clear()
    for name in META_ATTRIBUTES if with_metadata else ("id", "fingerprint"):
        value = _meta_value(getattr(doc, name))
        if value:
            root.set(name, value)
    return ElementTree.tostring(root, encoding="unicode")
