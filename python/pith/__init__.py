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
Fetching: pith.fetch(url) for one page, pith.fetch_many(urls) for many at
once (robots.txt, per-site politeness); both release the GIL.
"""
from ._core import WarcReader, decode, extract, parse_http_response
from ._errors import (EmptyInputError, FetchError, InputTooLargeError, NotHtmlError, PithError,
                      ReadError, TimeBudgetError)
from ._fetch import FetchOptions, FetchOutcome, fetch, fetch_many
from ._pith import (DEFAULT_MAX_INPUT_BYTES, Block, Comment, Document, FetchResult, HttpResponse, Metadata,
                    WarcRecord, __version__)
from .warc import extract_warc

__all__ = [
    "extract", "extract_warc", "parse_http_response", "decode", "fetch", "fetch_many", "Document",
    "Metadata", "Comment", "Block", "WarcReader", "WarcRecord", "HttpResponse", "FetchOptions",
    "FetchResult", "FetchOutcome", "PithError", "EmptyInputError", "InputTooLargeError", "NotHtmlError",
    "ReadError", "FetchError", "TimeBudgetError", "DEFAULT_MAX_INPUT_BYTES", "__version__",
]

# Shown as pith.NotHtmlError (not pith._errors.NotHtmlError) in tracebacks.
for _cls in (PithError, EmptyInputError, InputTooLargeError, NotHtmlError, ReadError, FetchError,
             TimeBudgetError, WarcReader, FetchOptions, FetchOutcome):
    _cls.__module__ = __name__
del _cls
