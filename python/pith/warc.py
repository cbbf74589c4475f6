# SPDX-License-Identifier: Apache-2.0
"""WARC files through the binding: one record dict per HTML response, the same
records `pith --warc` writes (docs/cli.md, "WARC files"), in file order."""
import os

from . import _pith
from ._errors import PithError

# Room for the HTTP headers (and chunk sizes) on top of the largest page
# accepted, as the CLI allows.
_HTTP_HEAD_ALLOWANCE = 64 << 10


def _fields(record, warc_file):
    return {"warc_record_id": record.record_id, "warc_target_uri": record.target_uri,
            "warc_date": record.date, "warc_file": warc_file, "warc_offset": record.file_offset,
            "warc_length": record.file_length}


def _error(fields, code, message):
    return {**fields, "error": {"code": code, "message": message}}


def _carries_http(record):
    content_type = record.header("Content-Type")
    return not content_type or "application/http" in content_type.lower()


def extract_warc(path, counts=None, max_input_bytes=_pith.DEFAULT_MAX_INPUT_BYTES, all_statuses=False,
                 **options):
    """Yields one dict per HTML 2xx `response` record of the WARC file at `path`
    (a path, or a binary file object with read(n); "warc_file" is the path,
    or the file object's name when it has one).

    A record that could not be extracted yields {"warc_record_id", ...,
    "error": {"code", "message"}} instead: no record is dropped. Records that
    are not HTTP responses, responses that are not HTML, and (unless
    all_statuses) responses whose status is not 2xx yield nothing; `counts`
    (a dict, when given) counts them under "not_responses", "not_html" and
    "not_2xx", and every record read under "records". A broken stream
    (corrupt gzip) raises pith.ReadError after the records before it.
    `options` are pith.extract()'s keywords (url and format are set here).
    """
    counts = {} if counts is None else counts
    for key in ("records", "not_responses", "not_html", "not_2xx"):
        counts.setdefault(key, 0)
    warc_file = os.fspath(path) if isinstance(path, (str, os.PathLike)) else getattr(path, "name", None)
    warc_file = warc_file if isinstance(warc_file, str) else None
    reader = _pith.WarcReader(path, max_record_bytes=max_input_bytes + _HTTP_HEAD_ALLOWANCE)
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
            doc = _pith.extract(http.body, url=record.target_uri, content_type=http.header("Content-Type"),
                                format="json", max_input_bytes=max_input_bytes, **options)
        except PithError as e:
            yield _error(fields, e.code, str(e))
            continue
        except Exception as e:  # noqa: BLE001 - a record is never dropped, whatever went wrong
            yield _error(fields, "internal_error", "%s: %s" % (type(e).__name__, e))
            continue
        fields.update(doc.to_dict())
        yield fields
