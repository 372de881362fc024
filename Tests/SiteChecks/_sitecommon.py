"""Helpers shared by the site checks (stdlib only)."""

import os
import re
from collections import Counter
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

HTML_EXT = (".html", ".htm")
SCHEME_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def walk_files(root, exts):
    """Yield (relpath, fullpath) of files under root whose name ends with one of exts, sorted."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in sorted(filenames):
            if fn.lower().endswith(exts):
                full = os.path.join(dirpath, fn)
                yield os.path.relpath(full, root).replace(os.sep, "/"), full


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def norm_site_url(url):
    if not url:
        return None
    return url if url.endswith("/") else url + "/"


class HeadParser(HTMLParser):
    """Collects <html lang>, <link rel=canonical> and <link rel=alternate hreflang>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.canonicals = []
        self.alternates = []  # (hreflang, href, line)

    def handle_starttag(self, tag, attrs):
        if tag == "html" and self.lang is None:
            self.lang = dict(attrs).get("lang") or ""
        elif tag == "link":
            ad = dict(attrs)
            rels = (ad.get("rel") or "").lower().split()
            href = (ad.get("href") or "").strip()
            if "canonical" in rels:
                self.canonicals.append(href)
            if "alternate" in rels and ad.get("hreflang") is not None:
                self.alternates.append((ad["hreflang"].strip().lower(), href, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)


def url_tails(relpath):
    """The URL path tails under which the page at relpath (e.g. 'en/a/index.html') can be addressed."""
    tails = [relpath]
    if relpath == "index.html":
        tails.append("")
    elif relpath.endswith("/index.html"):
        d = relpath[: -len("index.html")]
        tails += [d, d[:-1]]
    return tails


def infer_site_url(root, heads=None):
    """Guess the site's base URL from the pages' absolute canonical URLs (most common prefix)."""
    votes = Counter()
    items = heads.items() if heads is not None else None
    if items is None:
        items = []
        for rel, full in walk_files(root, HTML_EXT):
            p = HeadParser()
            p.feed(read_text(full))
            items.append((rel, p))
    for rel, p in items:
        for c in p.canonicals:
            if not SCHEME_RE.match(c):
                continue
            path = urlsplit(c)._replace(query="", fragment="").geturl()
            for tail in url_tails(rel):
                if tail and path.endswith(tail):
                    votes[path[: -len(tail)]] += 1
                    break
                if not tail and path.endswith("/"):
                    votes[path] += 1
                    break
    if not votes:
        return None
    return norm_site_url(votes.most_common(1)[0][0])


def url_to_file(root, url, page_full=None, site_url=None):
    """Map a URL found in a page to (file path or None, fragment, reason).

    root must be an absolute, normalised path (os.path.abspath).
    Returns (None, frag, "external") for URLs outside the site.
    The returned path is normalised; it may not exist.  "dir/" maps to dir/index.html.
    """
    target = url.strip()
    if site_url and target.startswith(site_url):
        target = "/" + target[len(site_url) :]
    elif SCHEME_RE.match(target) or target.startswith("//"):
        return None, "", "external"
    parts = urlsplit(target)
    path, frag = unquote(parts.path), unquote(parts.fragment)
    if path == "":
        return (os.path.normpath(page_full) if page_full else None), frag, None
    if path.startswith("/"):
        if site_url:
            bp = urlsplit(site_url).path or "/"
            if bp != "/" and path.startswith(bp):
                path = "/" + path[len(bp) :]
        resolved = os.path.join(root, path.lstrip("/"))
    else:
        resolved = os.path.join(os.path.dirname(page_full) if page_full else root, path)
    if path.endswith("/"):
        resolved = os.path.join(resolved, "index.html")
    resolved = os.path.normpath(resolved)
    if resolved != root and not resolved.startswith(root + os.sep):
        return resolved, frag, "points outside the site folder"
    if os.path.isdir(resolved):
        resolved = os.path.join(resolved, "index.html")
    return resolved, frag, None
