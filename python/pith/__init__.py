# SPDX-License-Identifier: Apache-2.0
"""pith: main-content extraction from web pages (Python binding of the C++ library).

    import pith
    doc = pith.extract(html_bytes, url="https://example.com/a", format="markdown")
    print(doc.title, doc.metadata.date_published)
    print(doc)            # the content in the requested format (doc.content)
    record = doc.to_dict()  # the CLI's JSON record as a dict

    import pith.trafilatura as trafilatura   # trafilatura.extract()-shaped calls
    text = trafilatura.extract(html, url=url, output_format="txt", include_comments=False)

extract() releases the GIL, so a ThreadPoolExecutor runs pages in parallel.
WARC files: pith.WarcReader(path) yields records; pith.extract_warc(path)
yields one dict per HTML response, as `pith --warc` writes them.
"""
import json as _json

from ._errors import (EmptyInputError, FetchError, InputTooLargeError, NotHtmlError, PithError,
                      ReadError, TimeBudgetError)
from ._pith import (DEFAULT_MAX_INPUT_BYTES, Block, Comment, Document, HttpResponse, Metadata,
                    WarcReader, WarcRecord, __version__, extract, parse_http_response)
from .warc import extract_warc


def _document_to_dict(self):
    """The document as the CLI's JSON record (`pith --format json`), as a dict."""
    return _json.loads(self.content if self.format == "json" else self.render("json"))


Document.to_dict = _document_to_dict

__all__ = [
    "extract", "extract_warc", "parse_http_response", "Document", "Metadata", "Comment", "Block",
    "WarcReader", "WarcRecord", "HttpResponse", "PithError", "EmptyInputError", "InputTooLargeError",
    "NotHtmlError", "ReadError", "FetchError", "TimeBudgetError", "DEFAULT_MAX_INPUT_BYTES",
    "__version__",
]

# Shown as pith.NotHtmlError (not pith._errors.NotHtmlError) in tracebacks.
for _cls in (PithError, EmptyInputError, InputTooLargeError, NotHtmlError, ReadError, FetchError,
             TimeBudgetError):
    _cls.__module__ = __name__
del _cls
