#!/usr/bin/env python3
"""A local HTTP server with one route per fetch case, for pith's fetch tests.

Listens on 127.0.0.1 at a port the kernel picks, prints that port on the first
line of stdout, and serves until killed. Standard library only, except brotli:
the python3-brotli module when present, else the `brotli` command-line tool
(both Debian packages, installed by scripts/install-deps.sh).

Routes (every body is generated here; no page is copied from anywhere):
  /article, /page/N          an HTML article (N varies the text)
  /long/N                    a ~40 KB article among navigation and teaser lists (for bench/)
  ?sleep=MS on /page, /long  answers after MS milliseconds (network latency, for bench/)
  /echo                      an article whose text lists the request headers
  /redirect/chain/N          N redirects, then /article
  /dir/relative              a relative Location (../article)
  /redirect/loop             redirects to itself
  /to-ftp                    redirects to an ftp:// URL
  /gzip, /brotli             the article with that Content-Encoding
  /cp1251, /gbk, /sjis       articles whose charset is declared only in the header
  /status/CODE               that status with a small HTML body
  /retry/429?key=K           429 with Retry-After: 1 on the first request per key, then the article
  /retry/503?key=K           503 without Retry-After on the first request per key, then the article
  /retry/429-long            always 429 with Retry-After: 3600
  /reset?key=K               closes the connection without a response once per key, then the article
  /slow                      drips one byte every 0.2 s, forever
  /endless                   an HTML body without Content-Length that never ends
  /truncated                 announces 20000 bytes, sends 200, closes
  /pdf, /json                non-HTML types
  /huge-headers              200 with 200 KB of headers
  /long-header-line          200 with one header line of 110,000 bytes (over libcurl's 100 KiB)
  /http09                    an HTTP/0.9 reply: the body with no status line or headers
  /status-2000               a status line with the five-digit status "2000"
  /robots.txt                disallows /private (except /private/open$) for everyone, all for
                             otherbot; asks slowbot for a 0.3 s Crawl-delay
  /private/..., /private/open  pages robots.txt disallows / allows
  /inflight?key=K            the article after 0.2 s, counting requests in flight per key
  /stats?path=P              how many requests P has had (plain text); P = max:K gives the
                             most /inflight?key=K requests that were ever in flight at once
  /site/...                  a small site for the discovery tests (small_site.py); /site-log
                             lists every request to it so far
"""
import gzip
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import small_site

try:
    import brotli  # python3-brotli

    def brotli_compress(data):
        return brotli.compress(data)
except ImportError:  # the pyenv/venv python may not see Debian's module
    def brotli_compress(data):
        tool = shutil.which("brotli")
        if tool is None:
            raise RuntimeError("neither the brotli module nor the brotli tool is installed")
        return subprocess.run([tool, "-c"], input=data, stdout=subprocess.PIPE, check=True).stdout


def article(title, paragraphs):
    body = "".join(f"<p>{p}</p>\n" for p in paragraphs)
    return (f"<!DOCTYPE html><html><head><title>{title}</title></head><body>"
            f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            f"<article><h1>{title}</h1>\n{body}</article>"
            f"<footer>Copyright the local test server</footer></body></html>")


SENTENCES = [
    "The harbour committee met on Tuesday to discuss the new ferry timetable, which has drawn criticism from commuters.",
    "Several members argued that the early departures, introduced last spring, leave too little time for connections.",
    "Others pointed out that the changes had reduced crowding on the evening boats, according to the operator's figures.",
    "A final decision is expected next month, after a consultation with the passengers' association and local businesses.",
]


def article_text(n=0):
    return article(f"Ferry timetable review {n}", [f"{s} (Item {n}.)" for s in SENTENCES])


def long_article(n):
    """A page with real weight: 60 paragraphs, a 150-link menu, teasers."""
    menu = "".join(f"<li><a href='/section/{i}'>Section {i}</a></li>" for i in range(150))
    teasers = "".join(f"<div class='teaser'><a href='/t/{i}'>Teaser headline {i}</a><span>3 min</span></div>"
                      for i in range(30))
    paragraphs = "".join(f"<p>{SENTENCES[i % 4]} Paragraph {i} of page {n}, with a comma, and more.</p>"
                         for i in range(60))
    return (f"<!DOCTYPE html><html><head><title>Long report {n}</title></head><body>"
            f"<header><ul class='menu'>{menu}</ul></header><main><article><h1>Long report {n}</h1>"
            f"{paragraphs}</article><aside>{teasers}</aside></main><footer>Footer text</footer>"
            f"</body></html>")


ARTICLE = article_text().encode()
ENCODED = {
    "/cp1251": ("windows-1251", article("Паромное расписание", [
        "Портовый комитет обсудил во вторник новое расписание паромов, которое вызвало критику пассажиров.",
        "Несколько членов комитета заявили, что ранние рейсы оставляют слишком мало времени на пересадки.",
        "Окончательное решение ожидается в следующем месяце, после консультаций с ассоциацией пассажиров."])),
    "/gbk": ("gbk", article("渡轮时刻表审查", [
        "港口委员会周二开会讨论新的渡轮时刻表，该时刻表受到通勤者的批评。",
        "几位委员认为，去年春天推出的早班船留给换乘的时间太少，乘客们对此颇有怨言。",
        "最终决定预计将于下个月作出，届时将先与乘客协会和当地商户进行磋商。"])),
    "/sjis": ("shift_jis", article("フェリー時刻表の見直し", [
        "港湾委員会は火曜日に会合を開き、通勤客から批判を受けている新しいフェリー時刻表について話し合った。",
        "複数の委員は、昨年春に導入された早朝便では乗り継ぎの時間が足りないと主張した。",
        "最終的な決定は来月、乗客協会や地元企業との協議を経て下される見込みだ。"])),
}
ROBOTS = b"""# robots.txt for the test server
User-agent: *
Disallow: /private
Disallow: /site/secret
Allow: /private/open$

User-agent: otherbot
Disallow: /

User-agent: slowbot
Crawl-delay: 0.3

Sitemap: /site/not-absolute.xml
"""

hits = Counter()
hits_lock = threading.Lock()
site_log = []  # the /site/ requests, path and query


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real servers do
    # Headers and body go out in separate writes; with Nagle on, the body waits
    # for the client's delayed ACK (~40 ms a response on Linux).
    disable_nagle_algorithm = True

    def log_message(self, *args):  # quiet: the tests read stdout/stderr
        pass

    def send(self, status, body=b"", content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def first_time(self, key):
        with hits_lock:
            hits["once:" + key] += 1
            return hits["once:" + key] == 1

    def do_GET(self):
        url = urlsplit(self.path)
        path, query = url.path, parse_qs(url.query)
        with hits_lock:
            hits[path] += 1
            if path.startswith("/site/"):
                site_log.append(self.path)
        if path == "/site-log":
            with hits_lock:
                log = "".join(p + "\n" for p in site_log).encode()
            return self.send(200, log, content_type="text/plain")
        if path.startswith("/site/") and small_site.route(self, path, query):
            return
        key = query.get("key", [""])[0]

        sleep_ms = int(query.get("sleep", ["0"])[0])
        if sleep_ms and (path.startswith("/page/") or path.startswith("/long/")):
            time.sleep(sleep_ms / 1000)
        if path.startswith("/long/"):
            return self.send(200, long_article(int(path[6:] or 0)).encode())
        if path == "/inflight":
            with hits_lock:
                hits["now:" + key] += 1
                hits["max:" + key] = max(hits["max:" + key], hits["now:" + key])
            time.sleep(0.2)
            with hits_lock:
                hits["now:" + key] -= 1
            return self.send(200, ARTICLE)
        if path == "/article":
            return self.send(200, ARTICLE)
        if path.startswith("/page/"):
            return self.send(200, article_text(int(path[6:] or 0)).encode())
        if path == "/echo":
            lines = [f"{k}: {v}" for k, v in self.headers.items()]
            return self.send(200, article("Request headers", lines + SENTENCES).encode())
        if path.startswith("/redirect/chain/"):
            n = int(path.rsplit("/", 1)[1])
            target = "/article" if n <= 0 else f"/redirect/chain/{n - 1}"
            return self.send(302, b"", headers=[("Location", target)])
        if path == "/dir/relative":
            return self.send(301, b"", headers=[("Location", "../article")])
        if path == "/redirect/loop":
            return self.send(302, b"", headers=[("Location", "/redirect/loop")])
        if path == "/to-ftp":
            return self.send(302, b"", headers=[("Location", "ftp://127.0.0.1/file")])
        if path in ("/gzip", "/brotli"):
            coding = "gzip" if path == "/gzip" else "br"
            if coding not in self.headers.get("Accept-Encoding", ""):
                return self.send(406, b"encoding not offered")
            data = gzip.compress(ARTICLE) if coding == "gzip" else brotli_compress(ARTICLE)
            return self.send(200, data, headers=[("Content-Encoding", coding)])
        if path in ENCODED:
            charset, html = ENCODED[path]
            return self.send(200, html.encode(charset), content_type=f"text/html; charset={charset}")
        if path.startswith("/status/"):
            code = int(path[8:])
            return self.send(code, article(f"Status {code}", ["An error page."]).encode())
        if path == "/retry/429":
            if self.first_time(path + key):
                return self.send(429, b"slow down", headers=[("Retry-After", "1")])
            return self.send(200, ARTICLE)
        if path == "/retry/503":
            if self.first_time(path + key):
                return self.send(503, b"busy")
            return self.send(200, ARTICLE)
        if path == "/retry/429-long":
            return self.send(429, b"come back tomorrow", headers=[("Retry-After", "3600")])
        if path == "/reset":
            if self.first_time(path + key):
                self.close_connection = True
                return  # no response at all: the client sees the connection drop
            return self.send(200, ARTICLE)
        if path == "/slow":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(100000):
                    self.wfile.write(b"<")
                    self.wfile.flush()
                    time.sleep(0.2)
            except OSError:
                pass
            self.close_connection = True
            return
        if path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"<p>" + b"more " * 2000 + b"</p>\n"
            try:
                while True:
                    self.wfile.write(chunk)
            except OSError:
                pass
            self.close_connection = True
            return
        if path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "20000")
            self.end_headers()
            self.wfile.write(ARTICLE[:200])
            self.wfile.flush()
            self.close_connection = True
            return
        if path == "/pdf":
            return self.send(200, b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", content_type="application/pdf")
        if path == "/json":
            return self.send(200, b'{"a": 1}', content_type="application/json")
        if path == "/huge-headers":
            headers = [(f"X-Filler-{i}", "x" * 1000) for i in range(200)]
            return self.send(200, ARTICLE, headers=headers)
        if path == "/long-header-line":
            return self.send(200, ARTICLE, headers=[("X-Long", "x" * 110000)])
        if path in ("/http09", "/status-2000"):
            raw = ARTICLE if path == "/http09" else b"HTTP/1.1 2000 OK\r\nContent-Type: text/html\r\n\r\n" + ARTICLE
            self.wfile.write(raw)
            self.close_connection = True
            return
        if path == "/robots.txt":
            host = self.headers.get("Host", "127.0.0.1")
            sitemap = f"Sitemap: http://{host}/site/sitemap-index.xml\n".encode()
            return self.send(200, ROBOTS + sitemap, content_type="text/plain")
        if path.startswith("/private"):
            return self.send(200, ARTICLE)
        if path == "/stats":
            with hits_lock:
                count = hits[query.get("path", [""])[0]]
            return self.send(200, str(count).encode(), content_type="text/plain")
        return self.send(404, article("Not found", ["No such page."]).encode())


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # Clients that hang up early (size caps, timeouts, TLS probes) are
        # what the tests do on purpose; anything else is worth a trace.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
