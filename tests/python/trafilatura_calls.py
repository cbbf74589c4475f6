"""The table of trafilatura calls that pith.trafilatura must answer as
trafilatura 2.2 does, and the shape of an answer (return type, keys, which
fields are set), for test_trafilatura_peer.py.

Standard library only: it runs under the test's python3 for the shim, and as
a script under the peers' venv (../shared/peers/setup.sh) for trafilatura:

    venv/bin/python3 trafilatura_calls.py PAGES.json   # prints {call: [shape per page]}
"""
import csv
import io
import json
import sys
import xml.etree.ElementTree as ElementTree

# Metadata that each extractor detects in its own way (htmldate, for one, takes
# a copyright year for a date): only their kind is compared, not on which
# pages they are found. By name, and by column for "csv".
DETECTED = {"title", "author", "date", "description", "sitename", "categories", "tags", "license", "image",
            "pagetype", "language"}
CSV_COLUMNS = ("url", "id", "fingerprint", "hostname", "title", "image", "date", "text", "comments", "license",
               "pagetype")

# (name, function, keywords, output format of a str result). Every call also
# gets the page's url (extract_metadata: default_url).
CALLS = [
    ("extract", "extract", {}, "txt"),
    ("extract markdown", "extract", {"output_format": "markdown"}, "txt"),
    ("extract txt with_metadata", "extract", {"with_metadata": True}, "front_matter"),
    ("extract markdown with_metadata", "extract", {"output_format": "markdown", "with_metadata": True},
     "front_matter"),
    ("extract json", "extract", {"output_format": "json"}, "json"),
    ("extract json with_metadata", "extract", {"output_format": "json", "with_metadata": True}, "json"),
    ("extract xml", "extract", {"output_format": "xml"}, "xml"),
    ("extract xml with_metadata", "extract", {"output_format": "xml", "with_metadata": True}, "xml"),
    ("extract html", "extract", {"output_format": "html"}, "html"),
    ("extract csv", "extract", {"output_format": "csv"}, "csv"),
    ("extract csv with_metadata", "extract", {"output_format": "csv", "with_metadata": True}, "csv"),
    ("extract no comments", "extract", {"include_comments": False}, "txt"),
    ("extract links", "extract", {"include_links": True}, "txt"),
    ("extract images", "extract", {"include_images": True, "output_format": "markdown"}, "txt"),
    ("extract formatting", "extract", {"include_formatting": True}, "txt"),
    ("extract precision", "extract", {"favor_precision": True}, "txt"),
    ("extract recall", "extract", {"favor_recall": True}, "txt"),
    ("extract fast", "extract", {"fast": True}, "txt"),
    ("extract deduplicate", "extract", {"deduplicate": True}, "txt"),
    ("extract date format", "extract",
     {"output_format": "json", "with_metadata": True, "date_extraction_params": {"outputformat": "%Y-%m-%d"}},
     "json"),
    ("extract record_id", "extract", {"output_format": "json", "with_metadata": True, "record_id": "r1"},
     "json"),
    ("extract_with_metadata", "extract_with_metadata", {}, None),
    ("bare_extraction", "bare_extraction", {}, None),
    ("bare_extraction with_metadata", "bare_extraction", {"with_metadata": True}, None),
    ("bare_extraction txt", "bare_extraction", {"output_format": "txt"}, None),
    ("bare_extraction no comments", "bare_extraction", {"include_comments": False}, None),
    ("bare_extraction formatting", "bare_extraction", {"include_formatting": True}, None),
    ("extract_metadata", "extract_metadata", {}, None),
    ("baseline", "baseline", {}, None),
    ("html2txt", "html2txt", {}, None),
]


def _kind(value):
    if value is None:
        return "None"
    if hasattr(value, "tag") and hasattr(value, "iter"):  # lxml or ElementTree
        return "element"
    return type(value).__name__


def _string_shape(text, fmt):
    if fmt == "json":
        return {"keys": {key: _kind(value or None) for key, value in json.loads(text).items()}}
    if fmt == "xml":
        root = ElementTree.fromstring(text)
        return {"root": root.tag, "children": {child.tag: "element" for child in root},
                "attributes": {name: "str" for name in root.attrib}}
    if fmt == "csv":
        row = next(csv.reader(io.StringIO(text), delimiter="\t"))
        return {"columns": {CSV_COLUMNS[i] if i < len(CSV_COLUMNS) else str(i): "None" if cell == "null" else "str"
                            for i, cell in enumerate(row)}}
    if fmt == "front_matter":
        lines = text.split("\n")
        assert lines[0] == "---", "no front matter"
        end = lines.index("---", 1)
        return {"front_matter": {line.split(":", 1)[0]: "str" for line in lines[1:end]}}
    if fmt == "html":
        return {"starts": text.lstrip()[:6]}
    return {}


def shape(value, fmt):
    """What the comparison looks at: the type, and the kinds of the fields."""
    if isinstance(value, str):
        return dict(type="str", **_string_shape(value, fmt))
    if isinstance(value, tuple):
        return {"type": "tuple", "items": {str(i): _kind(item) for i, item in enumerate(value)}}
    if hasattr(value, "as_dict"):
        return {"type": "Document", "fields": {key: _kind(item if item != [] else None)
                                               for key, item in value.as_dict().items()}}
    return {"type": _kind(value)}


def run(module, pages):
    """{call name: [shape per page]} of module (trafilatura or pith.trafilatura)."""
    shapes = {}
    for name, function, keywords, fmt in CALLS:
        results = []
        for html, url in pages:
            kwargs = dict(keywords)
            if function == "extract_metadata":
                kwargs["default_url"] = url
            elif function not in ("baseline", "html2txt"):
                kwargs["url"] = url
            results.append(shape(getattr(module, function)(html, **kwargs), fmt))
        shapes[name] = results
    return shapes


if __name__ == "__main__":
    import warnings

    import trafilatura

    warnings.simplefilter("ignore")
    with open(sys.argv[1], encoding="utf-8") as fh:
        page_list = json.load(fh)
    pages = []
    for path, url in page_list:
        with open(path, "rb") as fh:
            pages.append((fh.read(), url))
    json.dump({"version": trafilatura.__version__, "shapes": run(trafilatura, pages)}, sys.stdout)
