"""Writes WARC/1.0 files for tests and benchmarks (standard library only).

    with WarcWriter(path, gzip_records=True) as w:
        w.response("https://a.example/", html_bytes, content_type="text/html; charset=utf-8")

gzip_records=True writes one gzip member per record, as Common Crawl does;
zstd_records=True one zstd frame per record (.warc.zst).
"""
import gzip
import subprocess
import urllib.parse
import uuid


def zstd_compress(data):
    """One zstd frame (the zstd command-line tool; Python 3.11 has no zstd module)."""
    return subprocess.run(["zstd", "-q", "-c", "-3"], input=data, capture_output=True, check=True).stdout


def brotli_compress(data):
    """python3-brotli when this python has it, else the brotli command-line tool."""
    try:
        import brotli
        return brotli.compress(data)
    except ImportError:
        return subprocess.run(["brotli", "-c"], input=data, capture_output=True, check=True).stdout


def http_response(body, content_type="text/html; charset=utf-8", status="200 OK",
                  extra_headers=(), chunked=False, gzip_body=False, encoding=None):
    """The block of a `response` record: HTTP status line, headers, payload.
    encoding: "gzip", "br" or "zstd" compresses the payload with that coding."""
    headers = []
    if content_type is not None:
        headers.append(("Content-Type", content_type))
    if gzip_body:
        encoding = "gzip"
    if encoding:
        body = {"gzip": gzip.compress, "br": brotli_compress, "zstd": zstd_compress}[encoding](body)
        headers.append(("Content-Encoding", encoding))
    if chunked:
        headers.append(("Transfer-Encoding", "chunked"))
        out, step = b"", 1000
        for i in range(0, len(body), step):
            piece = body[i:i + step]
            out += b"%x\r\n" % len(piece) + piece + b"\r\n"
        body = out + b"0\r\n\r\n"
    else:
        headers.append(("Content-Length", str(len(body))))
    headers.extend(extra_headers)
    head = "HTTP/1.1 %s\r\n" % status + "".join("%s: %s\r\n" % h for h in headers) + "\r\n"
    return head.encode("latin-1") + body


class WarcWriter:
    def __init__(self, path, gzip_records=False, level=6, zstd_records=False):
        self.out = open(path, "wb")
        self.gzip_records = gzip_records
        self.zstd_records = zstd_records
        self.level = level
        self.count = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.out.close()

    def record(self, warc_type, block, target_uri=None, content_type=None, record_id=None,
               date="2024-05-01T10:00:00Z", truncate_to=None):
        """Writes one record; truncate_to cuts its bytes (a file cut short)."""
        self.count += 1
        record_id = record_id or "<urn:uuid:%s>" % uuid.UUID(int=self.count)
        fields = [("WARC-Type", warc_type), ("WARC-Record-ID", record_id), ("WARC-Date", date)]
        if target_uri:
            fields.append(("WARC-Target-URI", target_uri))
        if warc_type == "response" and target_uri:
            fields.append(("WARC-Payload-Digest", "sha1:%032d" % self.count))
        if content_type:
            fields.append(("Content-Type", content_type))
        fields.append(("Content-Length", str(len(block))))
        data = ("WARC/1.0\r\n" + "".join("%s: %s\r\n" % f for f in fields) + "\r\n").encode()
        data += block + b"\r\n\r\n"
        if truncate_to is not None:
            data = data[:truncate_to]
        if self.gzip_records:
            data = gzip.compress(data, compresslevel=self.level)
            if truncate_to is not None:
                data = data[:len(data) * 2 // 3]
        elif self.zstd_records:
            data = zstd_compress(data)
        self.out.write(data)
        return record_id

    def warcinfo(self):
        return self.record("warcinfo", b"software: pith tests\r\nformat: WARC File Format 1.0\r\n",
                           content_type="application/warc-fields")

    def request(self, uri):
        host = urllib.parse.urlsplit(uri).netloc or "localhost"
        block = ("GET / HTTP/1.1\r\nHost: %s\r\n\r\n" % host).encode()
        return self.record("request", block, uri, "application/http; msgtype=request")

    def response(self, uri, body, truncate_to=None, record_id=None, **http):
        return self.record("response", http_response(body, **http), uri,
                           "application/http; msgtype=response", record_id=record_id,
                           truncate_to=truncate_to)

    def metadata(self, uri):
        return self.record("metadata", b"fetchTimeMs: 120\r\n", uri, "application/warc-fields")
