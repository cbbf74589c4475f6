# SPDX-License-Identifier: Apache-2.0
"""The exceptions pith raises; each pith::ErrorCode of the C++ library is one class.

Every class derives from PithError and from the built-in exception a caller
would expect (bad input: ValueError, unreadable file: OSError, over the time
budget: TimeoutError), so `except ValueError` keeps working in code written
for other extractors. `code` is the name used in the CLI's JSON error records.
"""
from typing import Dict, Tuple, Type


class PithError(Exception):
    """Base class of pith's errors; `code` names the kind, str(e) explains it."""

    code = "internal_error"

    @property
    def message(self) -> str:
        return str(self)


class EmptyInputError(PithError, ValueError):
    """The page is zero bytes or only whitespace."""

    code = "empty_input"


class InputTooLargeError(PithError, ValueError):
    """The page is larger than max_input_bytes."""

    code = "input_too_large"


class NotHtmlError(PithError, ValueError):
    """The input is binary data (PDF, image, archive...), not a page."""

    code = "not_html"


class ReadError(PithError, OSError):
    """A file could not be read, or a WARC stream is broken."""

    code = "io_failed"


class FetchError(PithError, OSError):
    """A network or HTTP error while fetching a page.

    `code` is the kind, as in the CLI's JSON records: network, bad_url, dns,
    refused, timeout, tls, http_status, too_large, redirect_loop, truncated,
    not_html, blocked_robots or blocked_private; `status` the HTTP status
    when there was a response (else 0).
    """

    code = "network"

    def __init__(self, message: str, code: str = "network", status: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.status = status

    def __reduce__(self) -> Tuple[Type["FetchError"], Tuple[str, str, int]]:
        return (type(self), (str(self), self.code, self.status))


class TimeBudgetError(PithError, TimeoutError):
    """Processing the page took longer than time_budget."""

    code = "over_time_budget"


_CLASSES: Tuple[Type[PithError], ...] = (EmptyInputError, InputTooLargeError, NotHtmlError, ReadError,
                                         FetchError, TimeBudgetError)
_BY_CODE: Dict[str, Type[PithError]] = {cls.code: cls for cls in _CLASSES}


def error_for_code(code: str) -> Type[PithError]:
    """The exception class for a code of the C++ library (PithError when unknown)."""
    return _BY_CODE.get(code, PithError)
