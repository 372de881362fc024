"""No page moves under the reader while it loads: every kind of page, opened on a phone-sized screen (412 × 823 CSS
px at 1.75×) over a slow line, must keep its cumulative layout shift (CLS) at or below 0.05. A check of the layout,
not a timing: the throttling (CDP: 200 ms latency, 1.6 Mbit/s down, 750 kbit/s up; CPU 4×) only spreads the load
out so that what appears late (scripts' controls, photos) lands after the first paint, as it does on a phone.

Why 0.05: half of what Google calls good (0.1), and far from both sides of what this test meets. The shifts it
exists to catch are large: the catalogue moved 0.44–0.87 before issue 26, compare in Italian 0.18; a photo the
width of the phone that arrives without its room reserved pushes what is below it down by a third of the screen,
0.2 or more. What pages
that hold still measure is 0 or small: the Garage and compare settle with 0.006 (Tests/Benchmark/README.md). How
a small shift is cut into frames, and whether two fall into one session window, depends on the CPU: under load a
case measured 0.0105 against the former limit of 0.01, a failure of timing, not of layout. At 0.05 the margin is
8× above the known small shift and 3.6× below the smallest real regression found.

Pages (Tests/run-all.sh's real site, SITE_URL over HTTP): the catalogue in both editions, a motorcycle page with
a sized photo and one whose photo the sidecar does not know (no width/height: the original), the gallery, the
families overview and its largest value page, browse, charts, the Garage with two bikes saved
(localStorage "guzzi-tracker.garage", through the page's store) and compare with ?ids= of the same two, in both
editions (the Italian labels are longer), What's new and the offline page (opened online, as on a first visit);
the large catalogue when LARGE_SITE_URL is set. From disk (file://),
where the store answers late through its iframe: the catalogue, the motorcycle page, the Garage and compare.

CLS is measured as Lighthouse and web-vitals do: layout-shift entries (PerformanceObserver, injected before the
page's scripts) grouped in session windows (gaps under 1 s, at most 5 s long), the largest window's sum. Nothing is
typed or clicked during a load, so every shift counts: Chromium marks shifts within 500 ms of a viewport resize
as hadRecentInput, which the emulated phone's viewport does at the first layout, and that would hide real shifts.
A load is over when its document has been parsed, every photo on or near the first screen knows its size, and no
shift has happened for 1.5 s (at most 20 s). A failure names the page, its CLS and the nodes that moved.

Photos come from Tests/Browser/photo_host.py (real JPEGs for Flickr's and Wikimedia's hosts, HTTPS on 127.0.0.1),
which needs Pillow: without it the photo hosts fail to resolve and the photos' shifts go unchecked (a message
says so), unless REQUIRE_BROWSERS=1, which makes that a failure. Chromium only: Firefox has no Layout
Instability API. About a minute for the real site.
"""

import atexit
import glob
import os
import re
import sys
import time
import unittest

from browser_support import (
    CHROMEDRIVER,
    CHROMIUM,
    REQUIRE,
    SCHEMES,
    SITE_DIR,
    SITE_URL,
    ChromiumDriver,
    base_url,
    bikes,
    matrix,
    read_text,
)

import photo_host

LARGE_URL = os.environ.get("LARGE_SITE_URL", "")
GARAGE = "guzzi-tracker.garage"
LIMIT = 0.05  # CLS, the largest session window (the docstring says why this figure)
SCREEN = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}
LAPTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
NETWORK = {"offline": False, "latency": 200, "downloadThroughput": 1600 * 1024 / 8, "uploadThroughput": 750 * 1024 / 8}
UNTHROTTLED = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
CPU = 4
QUIET = 1.5  # seconds without a shift
LONGEST = 20  # seconds per load at most

OBSERVER = r"""
(() => {
  if (window.__shifts) return;
  const shifts = (window.__shifts = []);
  const describe = (node) => {
    if (!node) return "(a node since removed)";
    if (node.nodeType !== 1) return node.parentElement ? describe(node.parentElement) + " > #text" : "#text";
    const parts = [];
    for (let el = node; el && el.nodeType === 1 && parts.length < 4; el = el.parentElement) {
      const classes = Array.from(el.classList).slice(0, 2);
      parts.unshift(el.localName + (el.id ? "#" + el.id : "") + (classes.length ? "." + classes.join(".") : ""));
      if (el.id || el.localName === "body") break;
    }
    return parts.join(" > ");
  };
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push({
      t: e.startTime, value: e.value, nodes: (e.sources || []).map((s) => describe(s.node)),
    }))).observe({ type: "layout-shift", buffered: true });
  } catch (e) { window.__shifts = null; }
})();
"""

# the state of a load: parsed, the photos near the first screen sized, the time of the last shift
SETTLED = """
const near = Array.from(document.images).filter((img) => {
  if (img.getClientRects().length === 0) return false;
  const r = img.getBoundingClientRect();
  return r.top < 2 * innerHeight && r.bottom > -innerHeight;
});
const shifts = window.__shifts;
return {
  now: performance.now(),
  parsed: document.readyState !== "loading",
  waiting: near.filter((img) => !img.complete && !img.naturalWidth).length,
  supported: Array.isArray(shifts),
  last: shifts && shifts.length ? shifts[shifts.length - 1].t : 0,
};
"""


def session_windows(shifts):
    """The largest session window (gaps < 1 s, at most 5 s long): (CLS, the shifts in it)."""
    best, best_shifts, current, members, first, last = 0.0, [], 0.0, [], None, None
    for shift in sorted(shifts, key=lambda s: s["t"]):
        if first is not None and shift["t"] - last < 1000 and shift["t"] - first < 5000:
            current += shift["value"]
            members.append(shift)
        else:
            current, members, first = shift["value"], [shift], shift["t"]
        last = shift["t"]
        if current > best:
            best, best_shifts = current, list(members)
    return best, best_shifts


def shifted_nodes(shifts):
    nodes = {}
    for shift in shifts:
        for node in set(shift["nodes"]) or {"(no source)"}:
            nodes[node] = nodes.get(node, 0) + shift["value"]
    return sorted(nodes.items(), key=lambda item: -item[1])


class PhoneChromium(ChromiumDriver):
    """Chromium as browser_support starts it, with the photo hosts sent to the stand-in (or failing at once), a
    phone's screen, the layout-shift observer on every document, and `get` returning once the document is parsed
    (eager), so that a photo still coming down the throttled line does not hold the test up."""

    def __init__(self, photo_args):
        import tempfile

        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="guzzi-chromium-cls-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-extensions",
            "--window-size=412,823",
            "--user-data-dir=" + self.profile,
        ] + photo_args:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.page_load_strategy = "eager"
        env = dict(os.environ, TMPDIR=self.profile)
        self.native = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER, env=env), options=options)
        cdp = self.native.execute_cdp_cmd
        cdp("Network.enable", {})
        cdp("Emulation.setDeviceMetricsOverride", dict(SCREEN))
        cdp("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})

    def throttle(self, on):
        cdp = self.native.execute_cdp_cmd
        cdp("Network.emulateNetworkConditions", NETWORK if on else UNTHROTTLED)
        cdp("Emulation.setCPUThrottlingRate", {"rate": CPU if on else 1})


_phone = {}


def phone():
    """The photo stand-in and one phone-sized Chromium for all the cases (each takes seconds to start)."""
    if "error" in _phone:
        raise _phone["error"]
    if "driver" in _phone:
        return _phone["driver"]
    try:
        port, _phone["stop"] = photo_host.start()
        photo_args = photo_host.chromium_args(port)
    except ImportError as error:
        if REQUIRE:
            _phone["error"] = AssertionError("the photo stand-in needs Pillow (pip install pillow): %s" % error)
            raise _phone["error"]
        print("\ntest_layout_shift: Pillow is missing (pip install pillow): photos are not served, so the shifts they "
              "cause are NOT checked", file=sys.stderr)
        rules = ", ".join("MAP %s ~NOTFOUND" % host for host in photo_host.DEFAULT_HOSTS)
        photo_args = ["--host-resolver-rules=%s, EXCLUDE localhost" % rules]
    try:
        _phone["driver"] = PhoneChromium(photo_args)
    except Exception as error:  # the browser is not installed or cannot start
        problem = AssertionError if REQUIRE else unittest.SkipTest
        _phone["error"] = problem("chromium cannot start: %s" % error)
        raise _phone["error"]
    return _phone["driver"]


@atexit.register
def _stop_phone():
    if "driver" in _phone:
        _phone["driver"].quit()
    if "stop" in _phone:
        _phone["stop"]()


def pages():
    """The site's pages to check: {name: path}, and the two bike ids the Garage and compare use."""
    everyone = bikes("en")
    with_gallery = [b for b in everyone if os.path.isdir(os.path.join(SITE_DIR, "en", os.path.dirname(b["url"]), "gallery"))]
    chosen = next((b for b in with_gallery if b["name"] == "V7 Sport"), None) or (with_gallery or everyone)[0]
    others = [b for b in everyone if b["id"] != chosen["id"]]
    other = next((b for b in others if b.get("image")), others[0])
    moto = "en/" + chosen["url"]
    found = {
        "catalogue (en)": "en/index.html",
        "catalogue (it)": "it/index.html",
        "motorcycle": moto,
        "gallery": moto.replace("index.html", "gallery/index.html"),
        "families overview": "en/families/index.html",
        "browse": "en/browse/index.html",
        "charts": "en/charts/index.html",
        "garage": "en/garage/index.html",
        "compare": "en/compare/index.html?ids=%d,%d" % (chosen["id"], other["id"]),
        # the Italian table's labels are longer: it once moved 0.18 where the English one held still
        "compare (it)": "it/confronto/index.html?ids=%d,%d" % (chosen["id"], other["id"]),
    }
    if os.path.isfile(os.path.join(SITE_DIR, "en", "whats-new", "index.html")):
        found["what's new"] = "en/whats-new/index.html"
    if os.path.isfile(os.path.join(SITE_DIR, "en", "offline", "index.html")):
        # opened online on a first visit, without a worker: it moved 0.66 before issue 38
        found["offline page"] = "en/offline/index.html"
    values = glob.glob(os.path.join(SITE_DIR, "en", "families", "*", "index.html"))
    if values:
        largest = max(sorted(values), key=os.path.getsize)
        found["family value"] = os.path.relpath(largest, SITE_DIR)
    # a photo the sidecar does not know: no width and height (a box of fixed proportions, or the box of an original)
    for bike in everyone:
        html = read_text("en/" + bike["url"])
        figure = re.search(r'<figure class="first-photo">(.*?)</figure>', html, re.S)
        if figure and " width=" not in figure.group(1):
            found["motorcycle, photo without size"] = "en/" + bike["url"]
            break
    return found, [chosen["id"], other["id"]]


class LayoutShiftCases:
    """Each test loads one page under throttling and checks its CLS."""

    @classmethod
    def setUpClass(cls):
        if cls.browser != "chromium":
            raise unittest.SkipTest("%s has no Layout Instability API (layout-shift entries): Chromium only" % cls.browser)
        if not SITE_URL or not SITE_DIR:
            raise unittest.SkipTest("SITE_URL and SITE_DIR are not set (Tests/run-all.sh sets them)")
        cls.driver = phone()
        cls.base = base_url(cls.scheme)
        cls.pages, cls.ids = pages()

    def load(self, url):
        """Opens `url` on a cold cache under throttling and waits until it settles: the page's shifts."""
        driver = self.driver
        driver.native.get("about:blank")
        driver.native.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.throttle(True)
        try:
            began = time.monotonic()
            driver.native.get(url)
            state = None
            while time.monotonic() - began < LONGEST:
                time.sleep(0.25)
                try:
                    state = driver.js(SETTLED)
                except Exception:  # noqa: BLE001 - between documents
                    continue
                if not state["supported"]:
                    self.skipTest("this Chromium has no layout-shift entries")
                if state["parsed"] and not state["waiting"] and state["now"] - state["last"] >= QUIET * 1000:
                    break
            return driver.js("return window.__shifts || []")
        finally:
            driver.throttle(False)

    def check(self, name, path=None, url=None, garage=None, limit=LIMIT, screen=None):
        if url is None:
            path = path or self.pages.get(name)
            if path is None or not os.path.exists(os.path.join(SITE_DIR, path.split("?")[0])):
                self.skipTest("this site has no %s page" % name)
            url = self.url(path)
        if garage:
            self.store(GARAGE, garage)
        if screen:
            self.driver.native.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", screen)
        try:
            cls_value, window = session_windows(self.load(url))
        finally:
            if screen:
                self.driver.native.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(SCREEN))
        nodes = "; ".join("%s (%.3f)" % item for item in shifted_nodes(window)[:6])
        self.assertLessEqual(
            cls_value, limit,
            "%s (%s, %s): CLS %.3f > %s; shifted: %s" % (name, url.replace(self.base, ""), self.scheme, cls_value,
                                                         limit, nodes),
        )

    def test_catalogue_en(self):
        self.check("catalogue (en)")

    def test_motorcycle(self):
        self.check("motorcycle")

    def test_motorcycle_photo_without_size(self):
        if "motorcycle, photo without size" not in self.pages:
            self.skipTest("every first photo of this site has its size (a complete sidecar)")
        self.check("motorcycle, photo without size")

    def test_garage_with_two_bikes(self):
        self.check("garage", garage=self.ids)

    def test_compare_two_bikes(self):
        self.check("compare")


class LayoutShiftHTTPCases(LayoutShiftCases):
    """The pages whose loads only matter over the network (they read no stored state)."""

    def test_catalogue_it(self):
        self.check("catalogue (it)")

    def test_catalogue_on_a_laptop(self):
        # the wide screen's table: the tools beside the list, the head's labels made buttons by the script
        self.check("catalogue (it)", screen=LAPTOP)

    def test_compare_two_bikes_it(self):
        self.check("compare (it)")

    def test_gallery(self):
        self.check("gallery")

    def test_families_overview(self):
        self.check("families overview")

    def test_family_value(self):
        self.check("family value")

    def test_browse(self):
        self.check("browse")

    def test_charts(self):
        self.check("charts")

    def test_whats_new(self):
        self.check("what's new")  # skipped without a history sidecar: no such page

    def test_offline_page(self):
        # the bound for this page: it has nothing that may arrive late but its list of kept motorcycles
        self.check("offline page", limit=0.01)

    def test_large_catalogue(self):
        if not LARGE_URL:
            self.skipTest("LARGE_SITE_URL is not set (Tests/run-all.sh sets it)")
        self.check("large catalogue (en)", url=LARGE_URL + "en/index.html")


globals().update(matrix(LayoutShiftHTTPCases, schemes=[s for s in SCHEMES if s == "http"]))
globals().update(matrix(LayoutShiftCases, schemes=[s for s in SCHEMES if s == "file"]))
