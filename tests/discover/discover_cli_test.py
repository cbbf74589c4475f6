#!/usr/bin/env python3
"""Finding the pages, end to end: `pith --sitemap`, `--feed`, `--crawl`, `--explore`
against the small site of tests/http/server.py on 127.0.0.1 (tests/http/small_site.py),
and `pith FILE...`, `--input-dir`, `--output-dir` on a 3-level tree of 500 pages.
Checks the exact set of URLs found and extracted, and what the server saw.

usage: discover_cli_test.py PITH SERVER [--no-resource-checks]
"""
import gzip
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

pith, server_script = sys.argv[1], sys.argv[2]
resource_checks = "--no-resource-checks" not in sys.argv[3:]
os.environ["no_proxy"] = os.environ["NO_PROXY"] = "127.0.0.1,localhost"
failures = 0
passes = 0


def check(name, ok, detail=""):
    global failures, passes
    if ok:
        passes += 1
    else:
        failures += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def run(*args, timeout=120):
    return subprocess.run([pith, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)


def urls(out):
    return [line.split("\t")[0] for line in out.decode().splitlines()]


def records(out):
    return [json.loads(line) for line in out.decode().splitlines()]


server = subprocess.Popen([sys.executable, server_script], stdout=subprocess.PIPE)
port = int(server.stdout.readline())
base = f"http://127.0.0.1:{port}"
site = f"{base}/site"
NET = ["--allow-private", "--delay", "0", "--per-host", "4"]


def site_log():
    with urllib.request.urlopen(f"{base}/site-log") as r:
        return r.read().decode().splitlines()


def article(k):
    return f"{site}/article/{k}"


work = tempfile.mkdtemp(prefix="pith-discover-")
try:
    # --- Sitemaps -----------------------------------------------------------------------
    # The site's root: robots.txt's Sitemap: line, an index, a gzipped child, a nested
    # index, a text sitemap; the other site's URL left out.
    r = run("--sitemap", base + "/", "--list", *NET)
    check("sitemap from the root exits 0", r.returncode == 0, r.stderr.decode()[:300])
    listed = [line.split("\t") for line in r.stdout.decode().splitlines()]
    want = {article(k) for k in range(160)}
    check("sitemap finds every URL listed and nothing else", {l[0] for l in listed} == want,
          f"{len(listed)} found; extra {sorted({l[0] for l in listed} - want)[:3]}, missing {sorted(want - {l[0] for l in listed})[:3]}")
    check("sitemap lists each URL once", len(listed) == len(want))
    dates = {l[0]: (l[1] if len(l) > 1 else "") for l in listed}
    check("lastmod kept", dates.get(article(5)) == "2024-01-06" and dates.get(article(150)) == "", str(listed[:2]))
    check("the relative robots.txt Sitemap: line is ignored", "not-absolute" not in " ".join(site_log()))

    r = run("--sitemap", f"{site}/sitemap-index.xml", "--list", "--since", "2024-04-01", *NET)
    since = {line.split("\t")[0] for line in r.stdout.decode().splitlines()}
    # lastmod of article K is 2024-01-01 + K days: 2024-04-01 is day 91; 150-159 are undated.
    check("--since keeps entries dated that day or later, and undated ones",
          since == {article(k) for k in list(range(91, 150)) + list(range(150, 160))}, f"{len(since)}")

    r = run("--sitemap", f"{site}/sitemap-index.xml", *NET)
    check("sitemap extraction exits 0", r.returncode == 0, r.stderr.decode()[:300])
    recs = records(r.stdout)
    check("one record per page listed", sorted(x["input"] for x in recs) == sorted(want), f"{len(recs)} records")
    check("every sitemap page extracted", all("error" not in x and x.get("has_main_content") for x in recs))
    check("records in order", [x["line"] for x in recs] == list(range(1, len(recs) + 1)))

    r = run("--sitemap", f"{site}/lol.xml", *NET)
    check("billion laughs: exit 3, no page", r.returncode == 3 and r.stdout == b"", f"exit {r.returncode}")
    check("billion laughs: the reason", b"XML entities" in r.stderr, r.stderr.decode()[:300])
    r = run("--sitemap", f"{site}/xxe.xml", *NET)
    check("external entity refused", r.returncode == 3 and b"entities" in r.stderr, r.stderr.decode()[:300])
    check("no passwd leaked", b"root:" not in r.stdout + r.stderr)
    before = len(site_log())
    r = run("--sitemap", f"{site}/deep-0.xml", *NET)
    deep = [p for p in site_log()[before:] if p.startswith("/site/deep-")]
    check("endlessly nested indexes stop at the depth limit", r.returncode == 3 and
          deep == [f"/site/deep-{n}.xml" for n in range(5)] and b"nested deeper than 4 levels" in r.stderr,
          f"{deep} {r.stderr.decode()[:200]}")
    r = run("--sitemap", f"{base}/status/404", *NET)
    check("a missing sitemap: exit 3 and the fetch error", r.returncode == 3 and b"HTTP 404" in r.stderr,
          r.stderr.decode()[:300])
    r = run("--sitemap", f"{site}/sitemap-index.xml", *NET[1:])
    check("the private-address guard holds for sitemaps",
          r.returncode == 3 and b"refusing to connect to 127.0.0.1" in r.stderr, r.stderr.decode()[:300])

    if resource_checks and shutil.which("time") or os.path.exists("/usr/bin/time"):
        if resource_checks:
            r = subprocess.run(["/usr/bin/time", "-f", "%M", pith, "--sitemap", f"{site}/big.xml", "--list", *NET],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
            n = len(r.stdout.splitlines())
            peak_kb = int(r.stderr.decode().strip().splitlines()[-1])
            check("a 50,000-URL sitemap is read whole", n == 50000, f"{n}")
            check("a 50,000-URL sitemap in under 64 MB", peak_kb < 64 * 1024, f"{peak_kb} KB")

    # --- Feeds --------------------------------------------------------------------------
    r = run("--feed", f"{site}/rss.xml", "--list", *NET)
    rss = [line.split("\t")[0] for line in r.stdout.decode().splitlines()]
    check("RSS: every entry, once (a session-id duplicate dropped)",
          rss == [article(k) for k in range(190, 200)], str(rss[-3:]))
    check("RSS pubDate kept", "\tTue, 09 Jul 2024 08:00:00 GMT" in r.stdout.decode(), r.stdout.decode()[:200])
    r = run("--feed", f"{site}/atom.xml", "--list", *NET)
    check("Atom: alternate links resolved",
          [l.split("\t")[0] for l in r.stdout.decode().splitlines()] == [article(k) for k in range(180, 190)])
    r = run("--feed", f"{site}/rdf.xml", "--list", *NET)
    check("RDF: items by rdf:about", urls(r.stdout) == [article(k) for k in range(170, 175)])
    r = run("--feed", f"{site}/", "--list", *NET)
    found = set(urls(r.stdout))
    check("autodiscovery: both announced feeds' entries", found == {article(k) for k in range(180, 200)},
          f"{len(found)}: {r.stderr.decode()[:200]}")
    r = run("--feed", f"{site}/", "--since", "2024-07-05", "--list", *NET)
    check("--since on feed dates", set(urls(r.stdout)) == {article(k) for k in range(194, 200)},
          r.stdout.decode())
    r = run("--feed", f"{site}/", *NET)
    recs = records(r.stdout)
    check("feed entries extracted", r.returncode == 0 and len(recs) == 20 and all("error" not in x for x in recs))
    r = run("--feed", f"{site}/article/3", *NET)
    check("a page announcing no feed: exit 3", r.returncode == 3 and b"announces no feed" in r.stderr,
          r.stderr.decode()[:200])

    # --- Crawl --------------------------------------------------------------------------
    before = len(site_log())
    r = run("--crawl", f"{site}/", "--max-pages", "150", *NET)
    check("crawl exits 0", r.returncode == 0, r.stderr.decode()[:300])
    recs = records(r.stdout)
    check("crawl stops at 150 records", len(recs) == 150, f"{len(recs)}")
    log = site_log()[before:]
    check("crawl never fetches a disallowed path", not any(p.startswith("/site/secret") for p in log))
    fetched = [re.sub(r"(;jsessionid=[^?]*|[?&](PHPSESSID|sid)=[^&]*)", "", p) for p in log if p != "/site/loop"]
    dupes = sorted({p for p in fetched if fetched.count(p) > 1})
    check("crawl fetches no URL twice", not dupes, str(dupes[:5]))
    check("crawl follows no other host", not any("elsewhere" in x["input"] for x in recs))
    loop = [x for x in recs if x["input"] == f"{site}/loop"]
    check("the redirect loop is one error record", len(loop) == 1 and loop[0]["error"]["code"] == "redirect_loop",
          str(loop))
    months = [int(p.split("=")[1]) for p in log if p.startswith("/site/calendar")]
    depth_of = {x["input"]: x["depth"] for x in recs}
    check("records carry their depth", depth_of.get(f"{site}/") == 0 and max(depth_of.values()) <= 10)
    check("the calendar is not followed past the depth limit", months and max(months) <= 9, str(months))
    check("every crawled page is a record", len({x["input"] for x in recs}) == 150)

    before = len(site_log())
    r = run("--crawl", f"{site}/calendar?month=0", "--max-depth", "3", "--max-pages", "1000", *NET)
    months = sorted(int(p.split("=")[1]) for p in site_log()[before:] if p.startswith("/site/calendar"))
    depths = {x["input"]: x["depth"] for x in records(r.stdout)}
    check("--max-depth 3: the calendar trap ends at month 3", months == [0, 1, 2, 3] and max(depths.values()) == 3,
          str(months))

    r = run("--crawl", f"{site}/list?page=1", "--max-depth", "19", "--max-pages", "1000", *NET)
    lists = {x["input"] for x in records(r.stdout) if "/list" in x["input"]}
    check("pagination followed to the last page", lists == {f"{site}/list?page={n}" for n in range(1, 21)}, f"{len(lists)}")

    r = run("--crawl", f"{site}/list?page=1", "--max-pages", "3", *NET)
    got = [x["input"] for x in records(r.stdout)]
    check("rel=next pagination is followed first", len(got) == 3 and f"{site}/list?page=2" in got, str(got))

    r = run("--explore", f"{site}/", "--max-pages", "40", *NET)
    recs = records(r.stdout)
    check("explore: 40 records, sitemap pages first", len(recs) == 40 and
          all(x["input"] in want or x["input"] == f"{site}/" for x in recs), f"{len(recs)}")

    # SIGINT in a slow crawl: what is done is written, exit 130.
    p = subprocess.Popen([pith, "--crawl", f"{site}/", "--max-pages", "100", "--allow-private", "--delay", "0.2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(2)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)
    got = records(out)
    check("interrupted crawl exits 130 with its records", p.returncode == 130 and 0 < len(got) < 100,
          f"exit {p.returncode}, {len(got)} records, {err.decode()[:200]}")

    check("bad --since is a usage error", run("--sitemap", base + "/", "--since", "May 1").returncode == 2)
    check("two modes at once is a usage error", run("--sitemap", base + "/", "--crawl", base + "/").returncode == 2)

    # --- Files and directories ----------------------------------------------------------
    tree = os.path.join(work, "in")
    pages = []
    for a in range(5):
        for b in range(10):
            d = os.path.join(tree, f"a{a}", f"b{b}")
            os.makedirs(d)
            for c in range(10):
                k = (a * 10 + b) * 10 + c
                html = (f"<html><head><title>Page {k}</title></head><body><article><h1>Page {k}</h1>"
                        + f"<p>{'The harbour committee met to discuss the ferry timetable, and more. ' * 4} {k}</p>"
                        + "</article></body></html>").encode()
                name = ["p.html", "p.htm", "p.HTML", "p.html.gz"][k % 4].replace("p", f"p{c}", 1)
                path = os.path.join(d, name)
                with open(path, "wb") as f:
                    f.write(gzip.compress(html) if name.endswith(".gz") else html)
                pages.append(os.path.relpath(path, tree))
            with open(os.path.join(d, "notes.txt"), "w") as f:
                f.write("not a page")
    check("the tree holds 500 pages", len(pages) == 500)
    digest = lambda: hashlib.sha256(b"".join(open(os.path.join(tree, p), "rb").read() for p in sorted(pages))).hexdigest()
    before_digest = digest()

    out = os.path.join(work, "out")
    start = time.time()
    r = run("--input-dir", tree, "--output-dir", out)
    check("--output-dir exits 0", r.returncode == 0, r.stderr.decode()[:300])
    made = sorted(os.path.relpath(os.path.join(dp, f), out) for dp, _, fs in os.walk(out) for f in fs)
    want_out = sorted(re.sub(r"\.(html|htm|HTML|html\.gz)$", ".txt", p) for p in pages)
    check("--output-dir mirrors the tree, one .txt per page", made == want_out, f"{len(made)} files: {made[:3]}")
    check("outputs hold the text", "The harbour committee" in open(os.path.join(out, want_out[7])).read())
    check("the summary line", re.search(rb"^pith: 500 pages, 500 with main content, 0 errors, [0-9.]+ s$", r.stderr, re.M),
          r.stderr.decode()[-200:])

    r = run("--input-dir", tree, "--output-dir", os.path.join(work, "json"), "-f", "json", "--no-keep-dirs")
    flat = os.listdir(os.path.join(work, "json"))
    check("--no-keep-dirs: every output in the folder", len(flat) == 500 and "a0_b0_p0.json" in flat, str(flat[:3]))
    check("JSON outputs parse", json.load(open(os.path.join(work, "json", "a0_b0_p0.json")))["title"] == "Page 0")

    r = run("--input-dir", tree, "--output-dir", tree, "-f", "html")
    check("an output never overwrites an input", digest() == before_digest)
    check("overwriting inputs is reported", b"would overwrite an input page" in r.stderr and
          re.search(rb"pith: 500 pages, [0-9]+ with main content, [1-9][0-9]* errors", r.stderr), r.stderr.decode()[-200:])
    for dp, _, fs in os.walk(tree):  # the .htm pages' .html outputs
        for f in fs:
            if os.path.relpath(os.path.join(dp, f), tree) not in pages and f.endswith(".html"):
                os.remove(os.path.join(dp, f))

    r = run("--input-dir", tree)
    recs = records(r.stdout)
    check("--input-dir alone: one JSON line per page", r.returncode == 0 and len(recs) == 500 and
          all(x.get("has_main_content") for x in recs), f"{len(recs)}")

    first, second = os.path.join(tree, pages[0]), os.path.join(tree, pages[3])
    r = run(first, second, os.path.join(work, "missing.html"))
    recs = records(r.stdout)
    check("pith FILE...: one record per file, in order", r.returncode == 0 and [x["input"] for x in recs] ==
          [first, second, os.path.join(work, "missing.html")], r.stderr.decode()[:200])
    check("a gzipped file is read", recs[1]["title"] == "Page 3", str(recs[1].get("title")))
    check("a missing file is an error record", recs[2]["error"]["code"] == "io_failed")
    r = run("--output-dir", out)
    check("--output-dir alone is a usage error", r.returncode == 2)
    r = run("--input-dir", os.path.join(work, "nope"))
    check("a missing --input-dir: exit 3", r.returncode == 3)
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)

print(f"discover_cli: {passes} passed, {failures} failed")
sys.exit(1 if failures else 0)
