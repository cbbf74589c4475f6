"""The table of trafilatura calls that pith.trafilatura must answer as
trafilatura 2.2 does, and the shape of an answer (return type, keys, which
fields are set), for test_trafilatura_peer.py.

Standard library only: it runs under the test's python3 for the shim, and as
a script under the peers' venv (../shared/peers/setup.sh) for trafilatura:

    venv/bin/python3 trafilatura_calls.py --record FIXTURES_DIR trafilatura_kinds.json

which writes what trafilatura gives on the fixtures: test_trafilatura_table.py
compares the shim with that recording (RECORDING, so without trafilatura),
test_trafilatura_peer.py with trafilatura itself, and fails when the
recording is no longer what trafilatura gives.
"""
import csv
import glob
import io
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

RECORDING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trafilatura_kinds.json")

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


def kinds(shapes):
    """{"field/path": sorted kinds over the pages}, for one call's shapes."""
    found = {}

    def walk(prefix, value):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(prefix + (key,), item)
        else:
            found.setdefault("/".join(prefix), set()).add(value)

    for shape in shapes:
        # The fields of a result that was discarded (None) are not compared: only its type.
        walk((), shape if shape["type"] != "None" else {"type": "None"})
    return {path: sorted(values) for path, values in found.items()}


def differences(peer, shim):
    """What the shim's kinds (one call, kinds()) do differently from trafilatura's.

    Where trafilatura always sets a field the shim must too, where it never
    does the shim must not, and a set value must have trafilatura's type. For
    the metadata each extractor detects its own way (DETECTED) the first rule
    does not apply: which pages have an author is accuracy, not the API."""
    problems = []
    for path in sorted(set(peer) | set(shim)):
        want, got = set(peer.get(path, ())), set(shim.get(path, ()))
        if path == "type":
            if got - want - {"None"}:
                problems.append("%s: returns %s, trafilatura %s" % (path, sorted(got), sorted(want)))
            continue
        if not want or not got:
            problems.append("%s: %s" % (path, "only in the shim" if not want else "missing in the shim"))
        elif want == {"None"} and got != {"None"}:
            problems.append("%s: set by the shim (%s), never by trafilatura" % (path, sorted(got)))
        elif "None" not in want and "None" in got and path.split("/")[-1] not in DETECTED:
            problems.append("%s: always set by trafilatura, not always by the shim" % path)
        elif got - want - {"None"}:
            problems.append("%s: kind %s, trafilatura %s" % (path, sorted(got), sorted(want)))
    return problems


def fixture_pages(fixtures_dir, names=None):
    """[(name, page bytes, url)] of the fixtures (those in names, when given)."""
    pages = []
    for path in sorted(glob.glob(os.path.join(fixtures_dir, "*", "page.html"))):
        folder = os.path.dirname(path)
        name = os.path.basename(folder)
        if names is not None and name not in names:
            continue
        url = ""
        if os.path.exists(os.path.join(folder, "fixture.json")):
            with open(os.path.join(folder, "fixture.json"), encoding="utf-8") as fh:
                url = json.load(fh).get("url", "")
        with open(path, "rb") as fh:
            pages.append((name, fh.read(), url))
    return pages


def recording(module, pages):
    """What --record writes: the fixtures' names and every call's kinds."""
    shapes = run(module, [(html, url) for _, html, url in pages])
    return {"version": getattr(module, "__version__", None), "fixtures": [name for name, _, _ in pages],
            "kinds": {call: kinds(call_shapes) for call, call_shapes in shapes.items()}}


if __name__ == "__main__":
    import warnings

    import trafilatura

    warnings.simplefilter("ignore")
    if len(sys.argv) != 4 or sys.argv[1] != "--record":
        sys.exit("usage: trafilatura_calls.py --record FIXTURES_DIR OUT.json")
    with open(sys.argv[3], "w", encoding="utf-8") as fh:
        json.dump(recording(trafilatura, fixture_pages(sys.argv[2])), fh, indent=1, sort_keys=True)
        fh.write("\n")
