# SPDX-License-Identifier: Apache-2.0
"""WARC files through the binding: one record dict per HTML response, the same
records `pith --warc` writes (docs/cli.md, "WARC files"), in file order."""
import os
from typing import Any, Dict, Iterator, Optional

from . import _pith
from ._core import PathOrFile, WarcReader, extract
from ._errors import PithError
from ._pith import WarcRecord

# Room for the HTTP headers (and chunk sizes) on top of the largest page
# accepted, as the CLI allows.
_HTTP_HEAD_ALLOWANCE = 64 << 10


def _fields(record: WarcRecord, warc_file: Optional[str]) -> Dict[str, Any]:
    return {"warc_record_id": record.record_id, "warc_target_uri": record.target_uri,
            "warc_date": record.date, "warc_file": warc_file, "warc_offset": record.file_offset,
            "warc_length": record.file_length}


def _error(fields: Dict[str, Any], code: str, message: str) -> Dict[str, Any]:
    return {**fields, "error": {"code": code, "message": message}}


def _carries_http(record: WarcRecord) -> bool:
    content_type = record.header("Content-Type")
    return not content_type or "application/http" in content_type.lower()


# Keywords of pith.extract() that extract_warc sets itself from each record.
_SET_PER_RECORD = ("url", "content_type", "max_input_bytes")
# A page that every valid set of options extracts: running it once before the
# first record makes a bad option raise its ValueError / TypeError at the call,
# with pith.extract()'s own message, instead of filling every record with it.
_PROBE_PAGE = "<html><body><p>probe</p></body></html>"


def extract_warc(path: PathOrFile, counts: Optional[Dict[str, int]] = None,
                 max_input_bytes: int = _pith.DEFAULT_MAX_INPUT_BYTES, all_statuses: bool = False,
                 format: str = "json", **options: Any) -> Iterator[Dict[str, Any]]:
    """Yields one dict per HTML 2xx `response` record of the WARC file at `path`
    (a path, or a binary file object with read(n); "warc_file" is the path,
    or the file object's name when it has one), in file order: the records
    `pith --warc` writes, with "warc_offset" / "warc_length" locating the
    record's bytes in the file.

    A record that could not be extracted yields {"warc_record_id", ...,
    "error": {"code", "message"}} instead: no record is dropped. Records that
    are not HTTP responses, responses that are not HTML, and (unless
    all_statuses) responses whose status is not 2xx yield nothing; `counts`
    (a dict, when given) counts them under "not_responses", "not_html" and
    "not_2xx", and every record read under "records". A broken stream
    (corrupt gzip) raises pith.ReadError after the records before it.

    format: "html" or "xml" adds that rendering as a field of each record (as
    `pith --warc --format html` does); "json", "text" and "markdown" leave the
    record as it is (it has "text" and "markdown" already).
    `options` are pith.extract()'s other keywords (precision, links...); a
    misspelled one raises TypeError, a bad value ValueError, at once.
    """
    for key in _SET_PER_RECORD:
        if key in options:
            raise TypeError("pith.extract_warc(): %s is taken from each record, it cannot be given" % key)
    try:
        extract(_PROBE_PAGE, format=format, **options)
    except PithError:  # the probe page itself (over a tiny time budget): not an argument error
        pass
    except (TypeError, ValueError) as e:
        raise type(e)(str(e).replace("pith.extract()", "pith.extract_warc()", 1)) from None
    counts = {} if counts is None else counts
    warc_file = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else getattr(path, "name", None)
    reader = WarcReader(path, max_record_bytes=max_input_bytes + _HTTP_HEAD_ALLOWANCE)
    return _records(reader, warc_file if isinstance(warc_file, str) else None, counts, max_input_bytes,
                    all_statuses, format if format in ("html", "xml") else None, options)


def _records(reader: WarcReader, warc_file: Optional[str], counts: Dict[str, int], max_input_bytes: int,
             all_statuses: bool, extra_format: Optional[str], options: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
    for key in ("records", "not_responses", "not_html", "not_2xx"):
        counts.setdefault(key, 0)
    for record in reader:
        counts["records"] += 1
        if record.status == "malformed":
            yield _error(_fields(record, warc_file), "malformed_record", record.error)
            continue
        if record.type != "response" or not _carries_http(record):
            counts["not_responses"] += 1
            continue
        fields = _fields(record, warc_file)
        if record.status != "ok":
            code = "record_too_large" if record.status == "too_large" else "truncated_record"
            yield _error(fields, code, record.error)
            continue
        http = record.http_response(max_body_bytes=max_input_bytes)
        if http.status:
            fields["http_status"] = http.status
            if not 200 <= http.status <= 299 and not all_statuses:
                counts["not_2xx"] += 1
                continue
        if http.error:
            yield _error(fields, "bad_http_payload", http.error)
            continue
        if not http.is_html:
            counts["not_html"] += 1
            continue
        try:
            doc = extract(http.body, url=record.target_uri, content_type=http.header("Content-Type"),
                          format="json", max_input_bytes=max_input_bytes, **options)
            fields.update(doc.to_dict())
            if extra_format:
                fields[extra_format] = doc.render(extra_format, links=bool(options.get("links")),
                                                  images=bool(options.get("images")))
        except PithError as e:
            yield _error(fields, e.code, str(e))
            continue
        except Exception as e:  # noqa: BLE001 - a record is never dropped, whatever went wrong
            yield _error(fields, "internal_error", "%s: %s" % (type(e).__name__, e))
            continue
        yield fields
