"""axe-core (WCAG 2.1 A and AA rules) on one page of every kind, with the scripts running (see `pages`).

axe.min.js comes from the PyPI package selenium-axe-python, installed by Tests/run-all.sh, and is injected
into each page: nothing is fetched from the network.
"""

import glob
import importlib.util
import os
import unittest

from browser_support import SITE_DIR, bikes, matrix

RUN_AXE = """
axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag', values: arguments[0]}, preload: arguments[1]})
  .then(function (r) {
    done(r.violations.map(function (v) {
      return v.id + ' [' + v.impact + '] ' + v.help + ': ' +
        v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }).join(', ');
    }));
  })
  .catch(function (e) { done(['axe error: ' + e]); });
"""


def axe_source():
    spec = importlib.util.find_spec("selenium_axe_python")
    if not spec or not spec.origin:
        return None
    found = glob.glob(os.path.join(os.path.dirname(spec.origin), "**", "axe.min.js"), recursive=True)
    if not found:
        return None
    with open(found[0], encoding="utf-8") as f:
        return f.read()


class AccessibilityCases:
    @classmethod
    def setUpClass(cls):
        cls.axe = axe_source()
        if cls.axe is None:
            raise unittest.SkipTest("selenium-axe-python is not installed")
        super().setUpClass()

    def pages(self):
        bike = next((b for b in bikes("en") if b["image"]), bikes("en")[0])
        italian = next(b for b in bikes("it") if b["id"] == bike["id"])
        # Every kind once, the Italian edition where its pages differ in more than their words (a motorcycle's texts
        # in another language where untranslated, a facet of its own, compare), and the catalogue in a second state. axe takes seconds of a core per
        # page, and the test command runs beside two compiles on two cores.
        paths = [
            "index.html", "404.html", "en/index.html", "en/" + bike["url"], "it/" + italian["url"],
            "en/browse/index.html", "en/families/index.html", "it/decenni/index.html",
            "en/charts/index.html", "en/garage/index.html",
            "en/index.html?sort=name-asc&q=v&compare=%d,%d" % (bikes("en")[0]["id"], bikes("en")[1]["id"]),
            "it/confronto/index.html?ids=%d,%d" % (bikes("en")[0]["id"], bikes("en")[1]["id"]),
        ]
        if bike["image"]:
            paths.append("en/" + bike["url"].replace("index.html", "gallery/index.html"))
        if os.path.isfile(os.path.join(SITE_DIR, "en", "whats-new", "index.html")):
            paths.append("en/whats-new/index.html")  # with a history sidecar (the real data's, in the test command)
        if self.scheme == "file":
            # From disk, what differs is the storage frame every page gets and the scripts' own data loading: the
            # Garage has both (the catalogue draws the same rows as over HTTP, and took 36 s of axe on a busy
            # machine). (The 404 page is served by a web server at any address: opened from disk it has no use.)
            paths = ["en/garage/index.html"]
        return paths

    def test_no_violations_on_any_kind_of_page(self):
        self.driver.native.set_script_timeout(120)
        problems = []
        for path in self.pages():
            self.open(path)
            self.driver.js(self.axe)
            # preload fetches the stylesheets with XMLHttpRequest, which browsers refuse on file://
            found = self.driver.js_async(RUN_AXE, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"], self.scheme == "http")
            problems += [path + ": " + text for text in found]
        self.assertEqual(problems, [], "\n".join(problems))


# axe in Chromium; over HTTP and from disk (where the storage frame is added to every page)
globals().update(matrix(AccessibilityCases, browsers=["chromium"]))
