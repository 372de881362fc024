#!/usr/bin/env python3
"""Offline internal-link checker for a generated static site folder.

Every internal href, src, srcset and CSS url() / @import in every .html and .css file
under DIR must resolve to a file in DIR:
  - relative and root-relative ("/x") URLs are resolved on disk; "dir/" means dir/index.html;
    ?query and #fragment are stripped;
  - absolute URLs starting with --site-url (e.g. https://guzzi.example.org/) are mapped into DIR;
    "--site-url auto" infers it from the pages' <link rel="canonical">;
  - other http(s):, //host, mailto:, tel:, data: (any other scheme) URLs are skipped;
  - a "javascript:" URL is always counted as broken;
  - a "#fragment" must name an id= (or <a name=>) in the target page (same page or another
    page of the site); "#" and "#top" are allowed as the HTML spec defines them.

Prints one line per broken link ("file:line:col: <tag attr="url"> -> target: reason"), then
the last line "links: N checked, M broken".  Exit 1 if M > 0, 2 on a usage error.
"""

import argparse
import os
import re
import sys
from html.parser import HTMLParser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _sitecommon import HTML_EXT, infer_site_url, norm_site_url, read_text, url_to_file, walk_files  # noqa: E402

URL_ATTRS = {"href", "src", "poster", "action", "formaction", "data", "cite"}
SRCSET_ATTRS = {"srcset", "imagesrcset"}
CSS_URL_RE = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s]*))\s*\)""", re.I)
CSS_IMPORT_RE = re.compile(r"""@import\s+(?:"([^"]*)"|'([^']*)')""", re.I)
CSS_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)
JS_RE = re.compile(r"^\s*javascript:", re.I)


def css_urls(text, line0=1):
    """(line, url) for every url() and @import in a CSS text."""
    text = CSS_COMMENT_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    out = []
    for rx in (CSS_URL_RE, CSS_IMPORT_RE):
        for m in rx.finditer(text):
            url = next(g for g in m.groups() if g is not None)
            out.append((line0 + text.count("\n", 0, m.start()), 0, "css", "url", url.strip()))
    return out


def parse_srcset(val):
    out = []
    for cand in val.split(","):
        cand = cand.strip()
        if cand:
            out.append(cand.split()[0])
    return out


class LinkParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []  # (line, col, tag, attr, url)
        self.ids = set()
        self._style_line = None
        self._style_buf = []

    def handle_starttag(self, tag, attrs):
        line, col = self.getpos()
        for attr, val in attrs:
            if val is None:
                continue
            if attr == "id" or (attr == "name" and tag == "a"):
                self.ids.add(val)
            elif attr in URL_ATTRS:
                self.links.append((line, col, tag, attr, val.strip()))
            elif attr in SRCSET_ATTRS:
                for u in parse_srcset(val):
                    self.links.append((line, col, tag, attr, u))
            elif attr == "style":
                for _, _, _, _, u in css_urls(val):
                    self.links.append((line, col, tag, "style", u))
            elif attr.startswith("on") and JS_RE.match(val):
                self.links.append((line, col, tag, attr, val.strip()))
        if tag == "style":
            self._style_line = line
            self._style_buf = []

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "style":
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag == "style" and self._style_line is not None:
            for line, col, _, _, u in css_urls("".join(self._style_buf), self._style_line):
                self.links.append((line, col, "style", "css", u))
            self._style_line = None

    def handle_data(self, data):
        if self._style_line is not None:
            self._style_buf.append(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", help="folder with the generated site")
    ap.add_argument("--site-url", help="absolute URL of the site root, or 'auto'")
    ap.add_argument("--quiet", action="store_true", help="only print the summary line")
    args = ap.parse_args(argv)

    root = os.path.abspath(args.dir)
    if not os.path.isdir(root):
        print(f"links: not a directory: {args.dir}", file=sys.stderr)
        return 2

    pages = {}  # full path -> LinkParser
    sources = []  # (rel, full, links)
    for rel, full in walk_files(root, HTML_EXT + (".css",)):
        if full.lower().endswith(".css"):
            sources.append((rel, full, css_urls(read_text(full))))
        else:
            p = LinkParser()
            p.feed(read_text(full))
            p.close()
            pages[full] = p
            sources.append((rel, full, p.links))

    site_url = args.site_url
    if site_url == "auto":
        site_url = infer_site_url(root)
        if not args.quiet:
            print(f"links: site URL inferred from canonical links: {site_url or '(none)'}")
    site_url = norm_site_url(site_url)

    exists = {}

    def is_file(path):
        r = exists.get(path)
        if r is None:
            r = exists[path] = os.path.isfile(path)
        return r

    checked = skipped = 0
    broken = []
    for rel, full, links in sources:
        is_css = full.lower().endswith(".css")
        for line, col, tag, attr, url in links:
            if JS_RE.match(url):
                checked += 1
                broken.append((rel, line, col, tag, attr, url, "", "javascript: URL"))
                continue
            if not url or url.startswith("data:"):
                skipped += 1
                continue
            resolved, frag, reason = url_to_file(root, url, full, site_url)
            if reason == "external":
                skipped += 1
                continue
            checked += 1
            if reason is None and not is_file(resolved):
                reason = "missing target"
            if reason is None and frag and frag != "top" and not is_css and tag != "css":
                if resolved.lower().endswith(HTML_EXT):
                    tp = pages.get(resolved)
                    if tp is None:  # an HTML file outside the walk (should not happen)
                        tp = pages[resolved] = LinkParser()
                        tp.feed(read_text(resolved))
                    if frag not in tp.ids:
                        reason = f"missing anchor id=\"{frag}\""
            if reason:
                shown = os.path.relpath(resolved, root) if resolved else ""
                broken.append((rel, line, col, tag, attr, url, shown, reason))

    if not args.quiet:
        for rel, line, col, tag, attr, url, shown, reason in broken:
            print(f"{os.path.join(args.dir, rel)}:{line}:{col + 1}: <{tag} {attr}=\"{url}\"> -> {shown}: {reason}")
        print(f"links: {len(sources)} files scanned, {skipped} external/data URLs skipped")
    print(f"links: {checked} checked, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
