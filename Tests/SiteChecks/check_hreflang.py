#!/usr/bin/env python3
"""Check the hreflang / canonical links of a generated bilingual site folder.

For every HTML page under DIR that has <link rel="alternate" hreflang="..." href="...">:
  - the required alternates (--require, default it,en,x-default) are present, once each;
  - every alternate maps to a file in DIR (absolute URLs under --site-url are mapped into DIR,
    "dir/" means dir/index.html);
  - every alternate page points back: its own hreflang set is the same (same hreflang -> same page);
  - some hreflang names the page itself, and (unless only x-default names it: a language chooser page)
    one of the hreflangs naming it equals its <html lang>;
  - <link rel="canonical"> is present once and maps to the page itself.
Pages without alternates but with a canonical link get the canonical check only.
"--site-url auto" (the default) infers the site URL from the canonical links.

Prints one line per problem, then the last line "hreflang: N pages checked, M problems".
Exit 1 if M > 0 or if no page has hreflang alternates at all (unless --allow-empty).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _sitecommon import HTML_EXT, HeadParser, infer_site_url, norm_site_url, read_text, url_to_file, walk_files  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", help="folder with the generated site")
    ap.add_argument("--site-url", default="auto", help="absolute URL of the site root (default: auto)")
    ap.add_argument("--require", default="it,en,x-default", help="comma-separated hreflangs every page must have")
    ap.add_argument("--allow-empty", action="store_true", help="pass when no page has hreflang alternates")
    args = ap.parse_args(argv)

    root = os.path.abspath(args.dir)
    if not os.path.isdir(root):
        print(f"hreflang: not a directory: {args.dir}", file=sys.stderr)
        return 2
    required = [x.strip().lower() for x in args.require.split(",") if x.strip()]

    heads = {}  # rel -> HeadParser
    full_of = {}
    for rel, full in walk_files(root, HTML_EXT):
        text = read_text(full)
        end = text.find("</head>")  # everything checked here lives in <html> and <head>
        p = HeadParser()
        p.feed(text if end < 0 else text[: end + 7])
        p.close()
        heads[rel] = p
        full_of[rel] = full
    rel_of = {full: rel for rel, full in full_of.items()}

    site_url = args.site_url
    if site_url == "auto":
        site_url = infer_site_url(root, heads)
        print(f"hreflang: site URL inferred from canonical links: {site_url or '(none)'}")
    site_url = norm_site_url(site_url)

    problems = []

    def problem(rel, line, msg):
        problems.append(f"{os.path.join(args.dir, rel)}:{line}: {msg}")

    def target_rel(rel, href):
        """(rel path of the target page or None, error message or None)"""
        if not href:
            return None, "empty href"
        resolved, _, reason = url_to_file(root, href, full_of[rel], site_url)
        if reason == "external":
            return None, f"{href} is not under the site URL {site_url or '(unknown: pass --site-url)'}"
        if reason:
            return None, f"{href}: {reason}"
        t = rel_of.get(resolved)
        if t is None:
            return None, f"{href} -> {os.path.relpath(resolved, root)}: no such HTML page"
        return t, None

    # alternates of every page as {hreflang: target rel}, built once
    alt_maps = {}
    for rel, p in heads.items():
        if not p.alternates:
            continue
        m = {}
        for lang, href, line in p.alternates:
            t, err = target_rel(rel, href)
            if err:
                problem(rel, line, f'hreflang="{lang}": {err}')
            if lang in m:
                if m[lang] != t:
                    problem(rel, line, f'hreflang="{lang}" appears twice with different targets')
                continue
            m[lang] = t
        alt_maps[rel] = m

    checked = 0
    for rel, p in heads.items():
        m = alt_maps.get(rel)
        if m is None and not p.canonicals:
            continue
        checked += 1
        if m is not None:
            for lang in required:
                if lang not in m:
                    problem(rel, 1, f'missing <link rel="alternate" hreflang="{lang}">')
            for lang, t in sorted(m.items()):
                if t is None or t == rel:
                    continue
                other = alt_maps.get(t)
                if other is None:
                    problem(rel, 1, f'hreflang="{lang}" -> {t}: that page has no hreflang alternates')
                elif other != m:
                    diff = sorted(k for k in set(m) | set(other) if m.get(k) != other.get(k))
                    problem(rel, 1, f'hreflang="{lang}" -> {t}: its hreflang set differs (for {", ".join(diff)})')
            own = sorted(k for k, t in m.items() if t == rel and k != "x-default")
            lang = (p.lang or "").strip().lower()
            if not own:
                if m.get("x-default") != rel:  # an x-default-only page is a language chooser: no lang to match
                    problem(rel, 1, "no hreflang points to the page itself")
            elif lang not in own:
                problem(rel, 1, f'<html lang="{p.lang or ""}"> but the hreflang naming this page is "{", ".join(own)}"')
        if len(p.canonicals) != 1:
            problem(rel, 1, f'{len(p.canonicals)} <link rel="canonical"> tags (want exactly 1)')
        if p.canonicals:
            t, err = target_rel(rel, p.canonicals[0])
            if err:
                problem(rel, 1, f"canonical: {err}")
            elif t != rel:
                problem(rel, 1, f"canonical {p.canonicals[0]} -> {t}, not this page")

    for line in problems:
        print(line)
    empty = not alt_maps and not args.allow_empty
    if empty:
        print(f"hreflang: no page under {args.dir} has <link rel=\"alternate\" hreflang> tags")
    print(f"hreflang: {checked} pages checked, {len(problems) + (1 if empty else 0)} problems")
    return 1 if problems or empty else 0


if __name__ == "__main__":
    sys.exit(main())
