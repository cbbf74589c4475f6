"""Fetching pages from Python on pith's libcurl fetcher: one URL (fetch) or
many at once with the CLI's batch fetcher (fetch_many: robots.txt, a per-site
connection limit and delay). Both release the GIL while they wait, and
Ctrl-C (KeyboardInterrupt) stops them within a tenth of a second."""
import dataclasses
import math
from typing import Iterable, List, Optional

from . import _pith
from ._args import check_fields, checked
from ._errors import FetchError
from ._pith import FetchResult

_DEFAULTS = _pith.fetch_option_defaults()


@dataclasses.dataclass(frozen=True)
class FetchOptions:
    """How one request is made (the defaults are the CLI's)."""

    timeout: float = _DEFAULTS["timeout"]
    """Seconds for the whole transfer, redirects included."""
    connect_timeout: float = _DEFAULTS["connect_timeout"]
    max_redirects: int = _DEFAULTS["max_redirects"]
    max_bytes: int = _DEFAULTS["max_bytes"]
    """The body's cap (after decompression); over it: FetchError code "too_large"."""
    user_agent: str = _DEFAULTS["user_agent"]
    """'' sends "pith/<version>"."""
    accept_any_type: bool = _DEFAULTS["accept_any_type"]
    """False refuses responses that are not HTML (FetchError code "not_html")."""
    block_private_addresses: bool = _DEFAULTS["block_private_addresses"]
    """Refuse loopback, private, link-local, multicast and the other addresses
    that are not the public web (docs/limits.md), redirects included
    (FetchError code "blocked_private"): for URLs from untrusted input."""
    retries: int = _DEFAULTS["retries"]
    """Retries after 429, 503 and connection resets."""
    retry_backoff: float = _DEFAULTS["retry_backoff"]
    """Seconds before the first retry when there is no Retry-After; doubled per attempt."""
    max_retry_wait: float = _DEFAULTS["max_retry_wait"]
    """A longer Retry-After is not waited for: the error is returned at once."""

    def __post_init__(self) -> None:
        check_fields("pith.FetchOptions", self)
        # The CLI's rule for --timeout: NaN would disable the timeout, 1e10
        # overflow libcurl's milliseconds.
        for name in ("timeout", "connect_timeout"):
            seconds = getattr(self, name)
            if not (math.isfinite(seconds) and 0 < seconds <= _pith.LONGEST_FETCH_TIMEOUT):
                raise ValueError("pith.FetchOptions(): %s=%r seconds is out of range (more than 0 to %g)"
                                 % (name, seconds, _pith.LONGEST_FETCH_TIMEOUT))


@dataclasses.dataclass(frozen=True)
class FetchOutcome:
    """One URL of fetch_many(): its result, or the error that stopped it."""

    url: str
    result: Optional[FetchResult]
    error: Optional[FetchError]


_DEFAULT_OPTIONS = FetchOptions()


@checked("pith.fetch")
def fetch(url: str, options: FetchOptions = _DEFAULT_OPTIONS) -> FetchResult:
    """GETs an http:// or https:// URL, following redirects and retrying as
    `options` say. robots.txt is not consulted (fetch_many does).

    Raises pith.FetchError, whose `code` says why as the CLI's records do
    ("dns", "timeout", "http_status", "not_html"...) and `status` gives the
    HTTP status when there was a response."""
    return _pith.fetch(url, options)


@checked("pith.fetch_many")
def fetch_many(urls: Iterable[str], options: FetchOptions = _DEFAULT_OPTIONS, *, max_connections: int = 8,
               max_per_host: int = 2, min_host_delay: float = 0.5,
               respect_robots: bool = True) -> List[FetchOutcome]:
    """Fetches many URLs concurrently, as `pith --batch` does: at most
    max_connections transfers at once and max_per_host per site (the hosts of
    one registrable domain), min_host_delay seconds between two requests to a
    site, robots.txt fetched once per host and obeyed (respect_robots).

    Returns one FetchOutcome per URL, in the order of `urls`; a failure is an
    outcome whose `error` is a pith.FetchError (code "blocked_robots" for a
    URL robots.txt disallows), never an exception."""
    url_list = list(urls)
    for url in url_list:
        if not isinstance(url, str):
            raise TypeError("pith.fetch_many(): urls must be str, not %s" % type(url).__name__)
    return [FetchOutcome(url, result, error)
            for url, result, error in _pith.fetch_many(url_list, options, max_connections, max_per_host,
                                                       min_host_delay, respect_robots)]
