"""A small site under /site/ for the discovery tests (tests/discover/): sitemaps,
feeds, 200 linked pages with pagination, and crawler traps. Imported by server.py.

  /site/                        home: links to the first list page, the calendar, the
                                traps; announces /site/rss.xml and /site/atom.xml
  /site/list?page=N             N = 1..20: articles 10(N-1)..10N-1, rel=next to page N+1
  /site/article/K               K = 0..199: an article linking home, its list page, and
                                two other articles (one through a session-id URL)
  /site/calendar?month=N        a calendar whose "next month" never ends (a trap)
  /site/loop                    redirects to itself (a trap)
  /site/secret/N                disallowed by /robots.txt (a crawler must not fetch it)
  /site/sitemap-index.xml       an index: sitemap-a.xml.gz (gzip, articles 0-99),
                                sitemap-nested.xml (an index: sitemap-b.xml, articles
                                100-149 and one URL of another site), sitemap-text.txt
                                (articles 150-159); lastmod of article K: 2024-01-01 + K days
  /site/rss.xml, /site/atom.xml RSS 2.0 (articles 190-199), Atom 1.0 (180-189, relative hrefs)
  /site/rdf.xml                 RSS 1.0 (articles 170-174)
  /site/deep-N.xml              an index whose child is deep-(N+1).xml, without end (a trap)
  /site/lol.xml, /site/xxe.xml  hostile sitemaps (billion laughs, an external entity)
  /site/big.xml                 50,000 URLs (for the memory check)
  /site-log                     every /site/ request so far (path and query), one a line
"""
import datetime
import gzip

ARTICLES = 200
PER_LIST = 10
LISTS = ARTICLES // PER_LIST

PARAGRAPHS = [
    "The harbour committee met on Tuesday to discuss the new ferry timetable, which has drawn criticism.",
    "Several members argued that the early departures leave too little time for connections to the trains.",
    "Others pointed out that the changes had reduced crowding on the evening boats, by the operator's figures.",
    "A final decision is expected next month, after a consultation with the passengers' association.",
]

FEEDS_HEAD = ("<link rel='alternate' type='application/rss+xml' href='/site/rss.xml'>"
              "<link rel='alternate' type='application/atom+xml' href='atom.xml'>")


def page(title, body, head=""):
    return (f"<!DOCTYPE html><html><head><title>{title}</title>{head}</head><body>"
            f"<nav><a href='/site/'>Home</a> <a href='/site/list?page=1'>Archive</a></nav>"
            f"{body}<footer>The small test site</footer></body></html>").encode()


def lastmod(k):
    return (datetime.date(2024, 1, 1) + datetime.timedelta(days=k)).isoformat()


def article(k):
    related = [(k * 7 + 3) % ARTICLES, (k * 13 + 5) % ARTICLES]
    text = "".join(f"<p>{p} (Article {k}, paragraph {i}.)</p>" for i, p in enumerate(PARAGRAPHS))
    return page(f"Article {k}", f"<article><h1>Article {k}</h1>{text}"
                f"<p>Related: <a href='/site/article/{related[0]}'>one</a>, "
                f"<a href='/site/article/{related[1]};jsessionid=S{k}'>two</a>.</p></article>"
                f"<a href='/site/list?page={k // PER_LIST + 1}'>Back to the list</a>")


def list_page(n):
    items = "".join(f"<li><a href='/site/article/{k}'>Article {k}</a></li>"
                    for k in range((n - 1) * PER_LIST, n * PER_LIST))
    more = f"<a rel='next' href='/site/list?page={n + 1}'>Older</a>" if n < LISTS else ""
    return page(f"Archive page {n}", f"<main><h1>Archive {n}</h1><ul>{items}</ul>{more}</main>")


def home():
    return page("The small site", "<main><h1>Welcome</h1>"
                "<p><a href='/site/list?page=1'>All articles</a> <a href='/site/calendar?month=0'>Calendar</a> "
                "<a href='/site/loop'>Loop</a> <a href='/site/secret/1'>Secret</a> "
                "<a href='/site/article/0?PHPSESSID=abc'>First</a> <a href='/site/article/0'>First again</a> "
                "<a href='https://elsewhere.invalid/x'>Elsewhere</a></p></main>", FEEDS_HEAD)


def calendar(month):
    return page(f"Calendar {month}", f"<main><h1>Month {month}</h1><p>No events.</p>"
                f"<a href='/site/calendar?month={month + 1}'>Next month</a></main>")


def urlset(urls, with_lastmod=True):
    entries = "".join(f"<url><loc>{u}</loc>" + (f"<lastmod>{d}</lastmod>" if with_lastmod and d else "") + "</url>\n"
                      for u, d in urls)
    return ("<?xml version='1.0' encoding='UTF-8'?>\n"
            f"<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>\n{entries}</urlset>\n").encode()


def index(children):
    entries = "".join(f"<sitemap><loc>{c}</loc></sitemap>" for c in children)
    return f"<sitemapindex xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>{entries}</sitemapindex>".encode()


def rss(base):
    items = "".join(f"<item><title>Article {k}</title><link>{base}/site/article/{k}</link>"
                    f"<pubDate>{datetime.date(2024, 7, 1 + k - 190).strftime('%a, %d %b %Y')} 08:00:00 GMT</pubDate></item>"
                    for k in range(190, 200))
    # The same entry twice, once with a session id: listed once.
    items += f"<item><guid>{base}/site/article/199?sid=42</guid></item>"
    return f"<?xml version='1.0'?><rss version='2.0'><channel><title>Small</title>{items}</channel></rss>".encode()


def atom():
    entries = "".join(f"<entry><title>Article {k}</title><link rel='alternate' href='article/{k}'/>"
                      f"<link rel='edit' href='/edit/{k}'/><updated>2024-06-{k - 179:02d}T00:00:00Z</updated></entry>"
                      for k in range(180, 190))
    return f"<feed xmlns='http://www.w3.org/2005/Atom'><title>Small</title>{entries}</feed>".encode()


def rdf(base):
    items = "".join(f"<item rdf:about='{base}/site/article/{k}'><title>{k}</title></item>" for k in range(170, 175))
    return ("<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#' xmlns='http://purl.org/rss/1.0/'>"
            f"<channel rdf:about='{base}/'><title>Small</title></channel>{items}</rdf:RDF>").encode()


def billion_laughs():
    decl = "<!ENTITY lol 'lol'>" + "".join(
        f"<!ENTITY lol{i} '{('&lol' + (str(i - 1) if i > 1 else '') + ';') * 10}'>" for i in range(1, 10))
    return f"<?xml version='1.0'?><!DOCTYPE urlset [{decl}]><urlset><url><loc>&lol9;</loc></url></urlset>".encode()


XXE = (b"<?xml version='1.0'?><!DOCTYPE urlset [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
       b"<urlset><url><loc>http://127.0.0.1/&x;</loc></url></urlset>")

_big = None


def big(base):
    global _big
    if _big is None:
        _big = urlset([(f"{base}/site/article/{k % ARTICLES}?n={k}", "2024-01-01") for k in range(50000)])
    return _big


def route(handler, path, query):
    """Answers a /site/ request on `handler` (server.Handler); False when the path is not the site's."""
    base = f"http://{handler.headers.get('Host', '127.0.0.1')}"
    def send(*args, **kwargs):
        handler.send(*args, **kwargs)
        return True

    if path == "/site/":
        return send(200, home())
    if path == "/site/list":
        n = int(query.get("page", ["1"])[0])
        if 1 <= n <= LISTS:
            return send(200, list_page(n))
        return send(404, page("No", "<p>No such page.</p>"))
    if path.startswith("/site/article/"):
        k = path[len("/site/article/"):].split(";")[0]
        if k.isdigit() and int(k) < ARTICLES:
            return send(200, article(int(k)))
        return send(404, page("No", "<p>No such article.</p>"))
    if path == "/site/calendar":
        return send(200, calendar(int(query.get("month", ["0"])[0])))
    if path == "/site/loop":
        return send(302, b"", headers=[("Location", "/site/loop")])
    if path.startswith("/site/secret/"):
        return send(200, page("Secret", "<p>Nobody should have fetched this.</p>"))
    if path == "/site/sitemap-index.xml":
        return send(200, index(["/site/sitemap-a.xml.gz", f"{base}/site/sitemap-nested.xml", "sitemap-text.txt"]),
                    content_type="application/xml")
    if path == "/site/sitemap-a.xml.gz":
        data = gzip.compress(urlset([(f"{base}/site/article/{k}", lastmod(k)) for k in range(100)]))
        return send(200, data, content_type="application/gzip")
    if path == "/site/sitemap-nested.xml":
        return send(200, index([f"{base}/site/sitemap-b.xml"]), content_type="text/xml")
    if path == "/site/sitemap-b.xml":
        urls = [(f"{base}/site/article/{k}", lastmod(k)) for k in range(100, 150)]
        urls.append(("https://elsewhere.invalid/listed-by-mistake", ""))
        return send(200, urlset(urls), content_type="application/xml")
    if path == "/site/sitemap-text.txt":
        body = "".join(f"{base}/site/article/{k}\n" for k in range(150, 160)).encode()
        return send(200, body, content_type="text/plain")
    if path == "/site/rss.xml":
        return send(200, rss(base), content_type="application/rss+xml")
    if path == "/site/atom.xml":
        return send(200, atom(), content_type="application/atom+xml")
    if path == "/site/rdf.xml":
        return send(200, rdf(base), content_type="application/rdf+xml")
    if path.startswith("/site/deep-") and path.endswith(".xml"):
        n = int(path[len("/site/deep-"):-len(".xml")])
        return send(200, index([f"/site/deep-{n + 1}.xml"]), content_type="application/xml")
    if path == "/site/lol.xml":
        return send(200, billion_laughs(), content_type="application/xml")
    if path == "/site/xxe.xml":
        return send(200, XXE, content_type="application/xml")
    if path == "/site/big.xml":
        return send(200, big(base), content_type="application/xml")
    return False
