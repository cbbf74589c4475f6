"""pith.fetch / pith.fetch_many and pith.trafilatura.fetch_url against the
local test server (tests/http/server.py on 127.0.0.1, never the internet)."""
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

import pith
import pith.trafilatura as trafilatura

SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "http", "server.py")


@pytest.fixture(scope="module")
def base():
    server = subprocess.Popen([sys.executable, SERVER], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        yield "http://127.0.0.1:%d" % port
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_fetch_a_page(base):
    result = pith.fetch(base + "/redirect/chain/2")
    assert isinstance(result, pith.FetchResult)
    assert result.status == 200 and result.url == base + "/article" and result.content_type.startswith("text/html")
    assert pith.extract(result.body, url=result.url, content_type=result.content_type).has_main_content
    gbk = pith.fetch(base + "/gbk")
    assert gbk.charset.lower() == "gbk"
    text, charset = pith.decode(gbk.body, content_type=gbk.content_type)
    assert charset == "GB18030" and text == trafilatura.fetch_url(base + "/gbk")


@pytest.mark.parametrize("path,code,status", [
    ("/status/404", "http_status", 404),
    ("/pdf", "not_html", 200),
    ("/redirect/loop", "redirect_loop", 0),
    ("/to-ftp", "bad_url", 0),
])
def test_fetch_errors_have_the_cli_s_kinds(base, path, code, status):
    with pytest.raises(pith.FetchError) as caught:
        pith.fetch(base + path, pith.FetchOptions(retries=0))
    assert caught.value.code == code and isinstance(caught.value, OSError)
    assert caught.value.status == status or code != "http_status"


def test_fetch_options_are_used(base):
    with pytest.raises(pith.FetchError) as caught:
        pith.fetch(base + "/slow", pith.FetchOptions(timeout=0.5, retries=0))
    assert caught.value.code == "timeout"
    with pytest.raises(pith.FetchError) as caught:
        pith.fetch(base + "/article", pith.FetchOptions(block_private_addresses=True))
    assert caught.value.code == "blocked_private"
    assert pith.fetch(base + "/pdf", pith.FetchOptions(accept_any_type=True)).body.startswith(b"%PDF")
    with pytest.raises(TypeError, match="options must be FetchOptions"):
        pith.fetch(base + "/article", {"timeout": 1})


@pytest.mark.parametrize("name", ["timeout", "connect_timeout"])
@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 0, 86400.5, 1e10])
def test_fetch_options_timeouts_follow_the_cli_rule(name, seconds):
    with pytest.raises(ValueError, match="%s=.* seconds is out of range" % name):
        pith.FetchOptions(**{name: seconds})


def test_fetch_options_timeouts_in_range():
    assert pith.FetchOptions(timeout=86400, connect_timeout=0.001).timeout == 86400


def test_fetch_retries(base):
    result = pith.fetch(base + "/retry/503?key=python", pith.FetchOptions(retry_backoff=0.1))
    assert result.status == 200 and result.attempts == 2
    with pytest.raises(pith.FetchError) as caught:
        pith.fetch(base + "/retry/429-long", pith.FetchOptions(max_retry_wait=1))
    assert caught.value.code == "http_status" and caught.value.status == 429


def test_fetch_releases_the_gil(base):
    # While one thread waits for a slow answer, this one keeps running.
    ticks = []
    worker = threading.Thread(target=pith.fetch, args=(base + "/page/1?sleep=600",))
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.01)
    worker.join()
    assert len(ticks) > 20


def test_fetch_many_is_the_batch_fetcher(base):
    urls = [base + "/page/%d" % i for i in range(4)] + [base + "/private/x", base + "/status/500", "nonsense"]
    outcomes = pith.fetch_many(urls, pith.FetchOptions(retries=0), min_host_delay=0)
    assert [o.url for o in outcomes] == urls
    assert all(o.result is not None and o.result.status == 200 and o.error is None for o in outcomes[:4])
    assert [o.error.code for o in outcomes[4:]] == ["blocked_robots", "http_status", "bad_url"]
    assert outcomes[5].error.status == 500 and outcomes[5].result is None
    assert int(urllib.request.urlopen(base + "/stats?path=/robots.txt").read()) >= 1
    unpolite = pith.fetch_many([base + "/private/y"], respect_robots=False, min_host_delay=0)
    assert unpolite[0].error is None and unpolite[0].result.status == 200
    with pytest.raises(ValueError, match="max_connections"):
        pith.fetch_many(urls, max_connections=0)


def test_trafilatura_fetching(base):
    html = trafilatura.fetch_url(base + "/article")
    assert isinstance(html, str) and trafilatura.extract(html) is not None
    assert trafilatura.fetch_url(base + "/status/404") is None
    response = trafilatura.fetch_response(base + "/status/404")
    assert response is not None and response.status == 404
    response = trafilatura.fetch_response(base + "/article", decode=True, with_headers=True)
    assert response.status == 200 and response.html.startswith("<") and response.data.startswith(b"<")
    assert response.headers["content-type"].startswith("text/html")
    assert set(response.as_dict()) == {"data", "headers", "html", "status", "url"}
    assert trafilatura.fetch_response("http://127.0.0.1:1/") is None


@pytest.mark.parametrize("call", ["pith.fetch(%r)", "pith.fetch_many([%r] * 4, min_host_delay=0)"],
                         ids=["fetch", "fetch_many"])
def test_ctrl_c_stops_fetching(base, call):
    script = ("import sys, time, pith\n"
              "print('started', flush=True)\n"
              "start = time.monotonic()\n"
              "try:\n"
              "    " + call + "\n"
              "except KeyboardInterrupt:\n"
              "    print('interrupted after %%.1f s' %% (time.monotonic() - start), flush=True)\n") % (base + "/slow")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline()
        assert child.wait(timeout=10) == 0 and line.startswith("interrupted after ")
        assert float(line.split()[2]) < 5  # /slow never ends: the transfers were abandoned
    finally:
        child.kill()
        child.wait()
