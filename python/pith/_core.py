"""The public face of the C++ module's extraction and WARC functions: real
signatures and short argument errors (pith._args) in front of pith._pith."""
import json
import os
from typing import Any, Dict, Optional, Protocol, Tuple, Union, runtime_checkable

from . import _pith
from ._args import checked
from ._pith import Document, HttpResponse

Html = Union[str, bytes, bytearray, memoryview]


@runtime_checkable
class BinaryReader(Protocol):
    """A binary file object: a WARC can be read from anything with read(n)."""

    def read(self, size: int, /) -> bytes: ...


# A path as open() takes it (str, bytes, os.PathLike), or a binary file object
# whose read(n) returns bytes, bytearray or memoryview.
PathOrFile = Union[str, bytes, os.PathLike[str], os.PathLike[bytes], BinaryReader]


@checked("pith.extract")
def extract(html: Html, *, url: Optional[str] = None, format: str = "text", precision: bool = False,
            recall: bool = False, include_comments: bool = False, include_title: bool = False,
            links: bool = False, images: bool = False, plain: bool = False, charset: Optional[str] = None,
            content_type: Optional[str] = None, max_input_bytes: int = _pith.DEFAULT_MAX_INPUT_BYTES,
            time_budget: Optional[float] = 60.0, target_language: Optional[str] = None) -> Document:
    return _pith.extract(html, url=url, format=format, precision=precision, recall=recall,
                         include_comments=include_comments, include_title=include_title, links=links,
                         images=images, plain=plain, charset=charset, content_type=content_type,
                         max_input_bytes=max_input_bytes, time_budget=time_budget,
                         target_language=target_language)


extract.__doc__ = _pith.extract.__doc__.split("\n", 2)[2] if _pith.extract.__doc__ else None


@checked("pith.parse_http_response")
def parse_http_response(block: bytes, max_body_bytes: int = _pith.DEFAULT_MAX_INPUT_BYTES) -> HttpResponse:
    """Parses the block of a WARC response record (HTTP status line, headers,
    payload: chunking and gzip/deflate removed, at most max_body_bytes)."""
    return _pith.parse_http_response(block, max_body_bytes)


@checked("pith.decode")
def decode(data: bytes, *, content_type: str = "", charset: str = "") -> Tuple[str, str]:
    """The page's bytes as str, decoded the way pith.extract() decodes them (BOM,
    charset, Content-Type header, <meta charset>, detection): (text, charset used)."""
    text, used = _pith.decode(data, content_type, charset)
    return text, used


class WarcReader(_pith.WarcReader):
    """Streams the records of a WARC file (.warc, .warc.gz or .warc.zst): a path,
    or a binary file object (its read(n) is called). Iterate over it for
    pith.WarcRecord objects; record.file_offset / file_length give where the
    record's bytes are in the file, for a range read later."""

    @checked("pith.WarcReader")
    def __init__(self, path: PathOrFile, *, max_record_bytes: int = _pith.DEFAULT_MAX_RECORD_BYTES) -> None:
        super().__init__(path, max_record_bytes=max_record_bytes)


@checked("pith.Document.render")
def _render(self: Document, format: str = "text", *, links: bool = False, images: bool = False,
            plain: bool = False) -> str:
    """The content again, in another format ("text", "markdown", "html", "json"
    or "xml"; links / images / plain as in pith.extract())."""
    native: Any = self  # its C++ render() is _render now (below)
    return str(native._render(format, links=links, images=images, plain=plain))


def _to_dict(self: Document) -> Dict[str, Any]:
    """The document as the CLI's JSON record (`pith --format json`), as a dict."""
    record: Dict[str, Any] = json.loads(self.content if self.format == "json" else self.render("json"))
    return record


# The C++ method stays as _render; the Python one has a signature.
Document._render = Document.render  # type: ignore[attr-defined]
Document.render = _render  # type: ignore[assignment]
Document.to_dict = _to_dict  # type: ignore[assignment]
