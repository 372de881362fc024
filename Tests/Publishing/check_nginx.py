#!/usr/bin/env python3
"""Checks a built guzzi-site served by nginx (Tests/Publishing/nginx.conf) the way visitors reach it.

Usage: check_nginx.py BASE_URL SITE_DIR      e.g. check_nginx.py http://127.0.0.1:8137/ /tmp/site

Asserts pretty URLs (/en/ and /en/moto/<slug>/ are 200 HTML, /en is a 301 to /en/), the site's own 404 page
with status 404, the content types of HTML, CSS and JSON, a year's immutable caching of the content-named assets
and revalidation of pages, the offline worker and the manifest (with its own content type), and gzip (Content-Encoding, Vary) for every text type the site has: HTML, CSS, JS,
JSON, the manifest, SVG and XML, each decompressing to the file's bytes.
Prints one line per check and exits 1 if any fails.
"""
import glob
import gzip
import http.client
import os
import re
import sys
import urllib.parse

CONTENT_NAMED = re.compile(r"\.[0-9a-f]{8}\.[a-z]+$")


def fetch(base, path, method="GET", headers=None):
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        connection.request(method, path, headers={"Host": "localhost", **(headers or {})})
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    base, site = sys.argv[1], sys.argv[2]
    failures = []

    def check(name, condition, detail=""):
        print(("ok   " if condition else "FAIL ") + name + ("" if condition else f"  ({detail})"))
        if not condition:
            failures.append(name)

    def expect_html(path):
        status, headers, body = fetch(base, path)
        content_type = headers.get("content-type", "")
        check(f"{path} is 200 HTML", status == 200 and content_type.startswith("text/html")
              and b"<html" in body.lower(), f"{status} {content_type}")

    for language in ("en", "it"):
        expect_html(f"/{language}/")
        status, headers, _ = fetch(base, f"/{language}")
        check(f"/{language} redirects to /{language}/", status == 301
              and headers.get("location") == f"/{language}/", f"{status} {headers.get('location')}")
    moto = os.path.join(site, "en", "moto")
    slugs = sorted(s for s in os.listdir(moto) if os.path.isfile(os.path.join(moto, s, "index.html"))) \
        if os.path.isdir(moto) else []
    check("the site has motorcycle pages", bool(slugs), moto)
    if slugs:
        expect_html(f"/en/moto/{slugs[0]}/")
        status, headers, _ = fetch(base, f"/en/moto/{slugs[0]}")
        check("a motorcycle page without its slash redirects", status == 301
              and headers.get("location") == f"/en/moto/{slugs[0]}/", f"{status} {headers.get('location')}")

    with open(os.path.join(site, "404.html"), "rb") as f:
        not_found_page = f.read()
    for path in ("/en/moto/no-such-motorcycle/", "/no/such/file.css"):
        status, headers, body = fetch(base, path)
        check(f"{path} is 404 with the site's 404 page", status == 404 and body == not_found_page
              and headers.get("content-type", "").startswith("text/html"), f"{status}, {len(body)} bytes")

    assets = os.path.join(site, "assets")
    stylesheets = sorted(n for n in os.listdir(assets) if n.endswith(".css")) if os.path.isdir(assets) else []
    check("the site has a stylesheet", bool(stylesheets), assets)
    if stylesheets:
        path = "/assets/" + stylesheets[0]
        status, headers, body = fetch(base, path)
        check(f"{path} is text/css", status == 200 and headers.get("content-type", "").startswith("text/css"),
              f"{status} {headers.get('content-type')}")
        cache = headers.get("cache-control", "")
        check(f"{path} is named by its content", bool(CONTENT_NAMED.search(path)), path)
        check(f"{path} is cached for a year, immutable", cache == "public, max-age=31536000, immutable",
              cache or "no Cache-Control")
        with open(os.path.join(assets, stylesheets[0]), "rb") as f:
            check(f"{path} is served unchanged", body == f.read())
    status, headers, _ = fetch(base, "/en/")
    check("pages revalidate (Cache-Control: no-cache)", headers.get("cache-control") == "no-cache",
          headers.get("cache-control") or "no Cache-Control")

    # gzip: one file of every text type the site has, asked for as a browser asks
    samples = {
        "HTML": "en/index.html",
        "CSS": "assets/style.*.css",
        "JavaScript": "assets/js/every-page.*.js",
        "the data script": "en/data/catalogue-*.js",
        "the web app manifest": "en/manifest.webmanifest",
        "JSON": "en/index.json",
        "SVG": "assets/favicon.*.svg",
        "XML": "sitemap.xml",
    }
    for kind, pattern in samples.items():
        found = sorted(glob.glob(os.path.join(site, pattern)))
        if not found:
            check(f"the site has {kind} ({pattern})", kind == "XML", "not built")  # no sitemap without a base URL
            continue
        file = found[0]
        path = "/" + os.path.relpath(file, site).replace(os.sep, "/")
        with open(file, "rb") as f:
            plain = f.read()
        status, headers, body = fetch(base, path, headers={"Accept-Encoding": "gzip"})
        encoding = headers.get("content-encoding", "")
        try:
            same = encoding == "gzip" and gzip.decompress(body) == plain
        except OSError:
            same = False
        check(f"{kind} {path} is gzip-compressed ({len(plain)} -> {len(body)} bytes)",
              status == 200 and same and "accept-encoding" in headers.get("vary", "").lower(),
              f"{status}, Content-Encoding {encoding or 'none'}, Vary {headers.get('vary')}")
    status, headers, body = fetch(base, "/en/")
    check("without Accept-Encoding a page is sent plain", "content-encoding" not in headers
          and b"<html" in body.lower(), headers.get("content-encoding", ""))

    jsons = []
    for folder, _, names in os.walk(site):
        jsons += [os.path.join(folder, n) for n in names if n.endswith(".json")]
    if jsons:
        path = "/" + os.path.relpath(sorted(jsons)[0], site).replace(os.sep, "/")
        status, headers, _ = fetch(base, path)
        check(f"{path} is application/json", status == 200
              and headers.get("content-type", "").startswith("application/json"),
              f"{status} {headers.get('content-type')}")
    # The offline worker must be revalidated, or browsers keep an old one; the manifest needs its own type.
    for path, kind in (("/en/sw.js", "application/javascript"), ("/en/manifest.webmanifest", "application/manifest+json")):
        status, headers, _ = fetch(base, path)
        check(f"{path} is {kind}, revalidated", status == 200 and headers.get("content-type", "").startswith(kind)
              and headers.get("cache-control") == "no-cache",
              f"{status} {headers.get('content-type')} {headers.get('cache-control')}")
    status, headers, body = fetch(base, "/en/", "HEAD")
    check("HEAD /en/ is 200 without a body", status == 200 and body == b"", f"{status}")

    print(f"{len(failures)} failed" if failures else "all nginx checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
