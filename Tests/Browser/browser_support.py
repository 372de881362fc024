"""Shared set-up for the browser tests: the built site in headless Chromium (Selenium) and headless Firefox
(Marionette: geckodriver is not packaged in Debian, marionette-driver speaks to Firefox directly), each over
HTTP and opened from disk (file://), through one small driver interface so the same cases run on all four.

Tests/run-all.sh builds the site, serves it with Tests/Browser/site_server.py and sets:
  SITE_URL   the site over HTTP (http://127.0.0.1:PORT/site/)
  SITE_DIR   the same site's folder, opened as file:///…/
  LARGE_SITE_URL, LARGE_SITE_DIR   a synthetic catalogue of a few hundred bikes (test_large_catalogue.py)
  SITE_CHANGED_DIR   the same site built from a dataset with one motorcycle renamed (test_offline.py: a deploy)
  GUZZI_SITE_BIN   the guzzi-site binary, for the test of `serve` (test_offline.py)
  BROWSERS   chromium,firefox (default)     SCHEMES   http,file (default)
  REQUIRE_BROWSERS=1   a browser that cannot start fails the tests instead of skipping them
Run by hand:

    SITE_URL=http://127.0.0.1:8123/ SITE_DIR=/tmp/site python3 -m unittest discover -s Tests/Browser -v

CHROMIUM_BIN (/usr/bin/chromium), CHROMEDRIVER_BIN (/usr/bin/chromedriver), FIREFOX_BIN (/usr/bin/firefox-esr).
"""

import atexit
import functools
import json
import os
import pathlib
import re
import shutil
import socket
import sys
import tempfile
import time
import unicodedata
import unittest
from urllib.parse import parse_qs, urlsplit

os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager reach the network

SITE_URL = os.environ.get("SITE_URL", "")
SITE_DIR = os.environ.get("SITE_DIR", "")
BROWSERS = [b for b in os.environ.get("BROWSERS", "chromium,firefox").split(",") if b]
SCHEMES = [s for s in os.environ.get("SCHEMES", "http,file").split(",") if s]
REQUIRE = os.environ.get("REQUIRE_BROWSERS") == "1"
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")
FIREFOX = os.environ.get("FIREFOX_BIN", "/usr/bin/firefox-esr")
TIMEOUT = 10
STORE_KEYS = ["guzzi-tracker.garage", "guzzi-tracker.units"]


class Keys:
    """WebDriver key codes (the same in Selenium and Marionette)."""

    BACKSPACE = "\ue003"
    TAB = "\ue004"
    ENTER = "\ue007"
    ESCAPE = "\ue00c"
    SPACE = "\ue00d"
    ARROW_LEFT = "\ue012"
    ARROW_RIGHT = "\ue014"
    CONTROL = "\ue009"


def base_url(scheme, site_url=None, site_dir=None):
    """The site's root URL over HTTP or as a file:// URL."""
    if scheme == "http":
        return site_url if site_url is not None else SITE_URL
    return pathlib.Path(site_dir if site_dir is not None else SITE_DIR).resolve().as_uri() + "/"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the site's data, read from disk: what the pages are expected to show -----------------------------------

_indexes = {}


def index(lang, site_dir=None):
    """The edition's index.json (default order: newest first)."""
    path = os.path.join(site_dir or SITE_DIR, lang, "index.json")
    if path not in _indexes:
        with open(path, encoding="utf-8") as f:
            _indexes[path] = json.load(f)
    return _indexes[path]


def bikes(lang="en", site_dir=None):
    return index(lang, site_dir)["motorcycles"]


def read_text(path, site_dir=None):
    with open(os.path.join(site_dir or SITE_DIR, path), encoding="utf-8") as f:
        return f.read()


def list_rows(html):
    """The markup of a catalogue page's list, between <ol class="bike-list …" id="bike-list" …> and </ol>."""
    found = re.search(r'<ol class="bike-list[^"]*" id="bike-list"[^>]*>(.*?)</ol>', html, re.S)
    return found.group(1) if found else ""


def page_size(html):
    """The rows a catalogue page draws at a time, as the page says (CataloguePage.pageSize)."""
    found = re.search(r'<ol class="bike-list[^"]*" id="bike-list" data-page-size="(\d+)">', html)
    return int(found.group(1)) if found else None


_search_texts = {}


def search_texts(lang="en", site_dir=None):
    """An edition's data/search-texts.js (SearchTexts): each motorcycle id's texts, folded."""
    key = (lang, site_dir or SITE_DIR)
    if key not in _search_texts:
        script = read_text(lang + "/data/search-texts.js", site_dir)
        data = json.loads(script[script.index("G.searchTexts = ") + len("G.searchTexts = ") : script.rindex(";\n})")])
        folded = [fold(text) for text in data["texts"]]
        _search_texts[key] = {int(i): [folded[n] for n in pairs[1::2]] for i, pairs in data["motorcycles"].items()}
    return _search_texts[key]


def _plain(text):
    """NFD, combining marks dropped, lower case (`fold` without collapsing the spaces)."""
    decomposed = unicodedata.normalize("NFD", text or "")
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower()


def _words(text):
    return tuple("".join(c if c.isalnum() else " " for c in _plain(text)).split())


# The folded forms of a name and family, and the distances between words, worked out once for the whole run:
# the cases ask the same catalogue hundreds of queries (a query per motorcycle in some loops, the same queries in
# each browser and scheme), and worked out anew each time they took some 10 s of a lane's processor time per
# configuration, in a test command bound by its two cores.
@functools.lru_cache(maxsize=None)
def _name_forms(name, family):
    """(the name's words run together, the name and family folded, their words)."""
    whole = name + " " + (family or "")
    return "".join(_words(name)), _plain(whole), _words(whole)


@functools.lru_cache(maxsize=None)
def _prefix_distance(a, b, limit):
    """The fewest edits that make `a` a prefix of `b`, or limit + 1 when over `limit`."""
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i]
        for j in range(1, len(b) + 1):
            row.append(min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1])))
        if min(row) > limit:
            return limit + 1
        previous = row
    return min(limit + 1, min(previous))


def search_results(records, query, texts=None):
    """What the catalogue's search (js/catalogue-search.js) finds of `records` (in their order), best first: the name
    itself, names that start with the query, then names and families holding its words, as typed or run together,
    then those found only with a typo (one edit from 4 letters, two from 8, none in a word with a digit); then, with
    `texts` (search_texts), those whose every word is in the name or starts a word (of 3 characters or more) of a
    text of their page."""

    def allowance(word):
        if any(c.isnumeric() for c in word):
            return 0
        return 2 if len(word) >= 8 else 1 if len(word) >= 4 else 0

    def run_together(joined, parts):
        for start in range(len(parts)):
            rest = joined
            for word in parts[start:]:
                if word.startswith(rest):
                    return True
                if not rest.startswith(word):
                    break
                rest = rest[len(word):]
        return False

    text = (query or "")[:1000]
    joined = "".join(_words(text))
    if not joined:
        return list(records)
    tokens = []
    for token in _plain(text).split():
        compact = "".join(_words(token))
        tokens.append((token, compact, 0 if len(compact) > 40 else allowance(compact)))

    def group(record):
        name, folded, parts = _name_forms(record["name"], record["family"])
        if name == joined:
            return 0
        if name.startswith(joined):
            return 1
        typed = True
        for token, compact, typos in tokens:
            if token in folded or (compact and run_together(compact, parts)):
                continue
            typed = False
            if not typos or not any(_prefix_distance(compact, word, typos) <= typos for word in parts):
                return 2 if run_together(joined, parts) else -1
        return 2 if typed else 3

    def in_name(token, compact, typos, record):  # as typed, or with a typo
        _, folded, parts = _name_forms(record["name"], record["family"])
        if token in folded or (compact and run_together(compact, parts)):
            return True
        return bool(typos) and any(_prefix_distance(compact, word, typos) <= typos for word in parts)

    def in_texts(token, record):  # words of 3 characters or more: "c" starts a word of nearly every text
        return len(token) >= 3 and any(re.search(r"(?<![^\W_])" + re.escape(token), text) for text in (texts or {}).get(record["id"], []))

    groups = [[], [], [], [], []]
    for record in records:
        at = group(record)
        if at < 0 and texts:
            hits = [in_texts(token, record) for token, _, _ in tokens]
            if any(hits) and all(h or in_name(t, c, n, record) for h, (t, c, n) in zip(hits, tokens)):
                at = 4
        if at >= 0:
            groups[at].append(record)
    return groups[0] + groups[1] + groups[2] + groups[3] + groups[4]


def fold(text):
    """What the page's search does: NFD, combining marks dropped, lower case, spaces collapsed."""
    return " ".join(_plain(text).split())


# --- drivers ---------------------------------------------------------------------------------------------


class Element:
    """A page element, the same for both drivers."""

    def __init__(self, native, driver):
        self.native = native
        self.driver = driver

    def __eq__(self, other):
        return isinstance(other, Element) and self.native == other.native

    def click(self):
        self.native.click()

    def click_in_place(self):
        """Scrolls the element into view, lets two frames go by, then clicks. For what sits in a box with
        `content-visibility: auto` (the keep control below the catalogue): until a frame has found the box near
        the viewport it keeps its placeholder height, the element overflows it, and a click at once can land on
        the footer drawn over it, as it did once in CI."""
        self.driver.js_async(
            "arguments[0].scrollIntoView({ block: 'center' });"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
            self,
        )
        self.native.click()

    def send_keys(self, *keys):
        self.native.send_keys(*keys)

    @property
    def text(self):
        return self.native.text

    def attr(self, name):
        """The attribute as written in the DOM (None when absent)."""
        return self.driver.js("return arguments[0].getAttribute(arguments[1]);", self.native, name)

    def prop(self, name):
        return self.driver.js("return arguments[0][arguments[1]];", self.native, name)

    def displayed(self):
        return self.native.is_displayed()

    def selected(self):
        return self.native.is_selected()

    def css_value(self, name):
        return self.native.value_of_css_property(name)

    def css(self, selector):
        return self.driver.wrap(self.native.find_element("css selector", selector))

    def css_all(self, selector):
        return [self.driver.wrap(e) for e in self.native.find_elements("css selector", selector)]


# Headless Chromium reports no pointer at all ((hover: none), (pointer: none)); these Blink settings make it report
# a laptop's, a fine pointer that hovers (Blink's ui::PointerType fine = 4, ui::HoverType hover = 2).
MOUSE = "--blink-settings=primaryPointerType=4,availablePointerTypes=4,primaryHoverType=2,availableHoverTypes=2"


class ChromiumDriver:
    name = "chromium"

    def __init__(self, *extra_arguments):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="guzzi-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-extensions",
            "--window-size=1280,1000",
            "--user-data-dir=" + self.profile,
        ) + extra_arguments:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        env = dict(os.environ, TMPDIR=self.profile)
        self.native = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER, env=env), options=options)

    def wrap(self, native):
        return Element(native, self)

    def get(self, url):
        self.native.get(url)

    @property
    def url(self):
        return self.native.current_url

    def back(self):
        self.native.back()

    def forward(self):
        self.native.forward()

    def refresh(self):
        self.native.refresh()

    def _args(self, args):
        return [a.native if isinstance(a, Element) else a for a in args]

    def js(self, script, *args):
        return self.native.execute_script(script, *self._args(args))

    def js_async(self, script, *args):
        """`script` ends by calling `done(value)`."""
        return self.native.execute_async_script("const done = arguments[arguments.length - 1];\n" + script, *self._args(args))

    def css(self, selector):
        return self.wrap(self.native.find_element("css selector", selector))

    def css_all(self, selector):
        return [self.wrap(e) for e in self.native.find_elements("css selector", selector)]

    def active(self):
        return self.wrap(self.native.switch_to.active_element)

    def window(self):
        """The window (tab) the driver works in."""
        return self.native.current_window_handle

    def new_tab(self):
        """Opens a tab and works in it; returns its window."""
        self.native.switch_to.new_window("tab")
        return self.native.current_window_handle

    def switch_to(self, window):
        self.native.switch_to.window(window)

    def close_tab(self, window, back_to):
        """Closes `window` and works in `back_to`."""
        self.switch_to(window)
        self.native.close()
        self.switch_to(back_to)

    def set_javascript(self, enabled):
        self.native.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not enabled})

    def clear_console(self):
        self.native.get_log("browser")

    def console_problems(self, site):
        """Errors and warnings the site's pages logged. Photos are hot-linked from Flickr and fail without
        Internet access (as in CI): network errors for other hosts are not the site's."""
        problems = []
        for entry in self.native.get_log("browser"):
            message = entry.get("message", "")
            if entry.get("level") not in ("SEVERE", "WARNING") or "/favicon.ico" in message:
                continue
            if entry.get("source") == "network" and message.startswith("http") and not message.startswith(site):
                continue
            problems.append(entry)
        return problems

    def quit(self):
        try:
            self.native.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxDriver:
    name = "firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette

        # Firefox's own log goes to a temporary file, not to gecko.log in the current folder
        self.log = tempfile.NamedTemporaryFile(prefix="guzzi-gecko-", suffix=".log", delete=False).name
        self.native = Marionette(bin=FIREFOX, headless=True, port=free_port(), startup_timeout=60, gecko_log=self.log)
        self.native.start_session()
        self.native.set_window_rect(width=1280, height=1000)
        self.native.timeout.script = 60

    def wrap(self, native):
        return Element(native, self)

    def get(self, url):
        self.native.navigate(url)

    @property
    def url(self):
        return self.native.get_url()

    def back(self):
        self.native.go_back()

    def forward(self):
        self.native.go_forward()

    def refresh(self):
        self.native.refresh()

    def _args(self, args):
        return [a.native if isinstance(a, Element) else a for a in args]

    def js(self, script, *args):
        # sandbox=None: in the page's own scope, as WebDriver does (the default sandbox hides the page's globals)
        return self.native.execute_script(script, script_args=self._args(args), sandbox=None)

    def js_async(self, script, *args):
        return self.native.execute_async_script(
            "const done = arguments[arguments.length - 1];\n" + script, script_args=self._args(args), sandbox=None
        )

    def css(self, selector):
        return self.wrap(self.native.find_element("css selector", selector))

    def css_all(self, selector):
        return [self.wrap(e) for e in self.native.find_elements("css selector", selector)]

    def active(self):
        return self.wrap(self.native.get_active_element())

    def window(self):
        return self.native.current_window_handle

    def new_tab(self):
        window = self.native.open(type="tab", focus=True)["handle"]
        self.switch_to(window)
        return window

    def switch_to(self, window):
        self.native.switch_to_window(window)

    def close_tab(self, window, back_to):
        self.switch_to(window)
        self.native.close()
        self.switch_to(back_to)

    def set_javascript(self, enabled):
        self.native.set_pref("javascript.enabled", enabled)

    def clear_console(self):
        with self.native.using_context("chrome"):
            self.native.execute_script("Services.console.reset();")

    def console_problems(self, site):
        """Script errors and warnings (nsIScriptError) whose source is a page or script of the site."""
        with self.native.using_context("chrome"):
            messages = self.native.execute_script(
                """
                const out = [];
                for (const message of Services.console.getMessageArray() || []) {
                  if (!(message instanceof Ci.nsIScriptError)) continue;
                  const error = message.QueryInterface(Ci.nsIScriptError);
                  out.push({flags: error.flags, category: error.category, message: error.errorMessage,
                            source: error.sourceName});
                }
                return out;
                """
            )
        return [
            m
            for m in messages
            # errors (flags 0) and warnings (1), not information (8); CSS the browser does not know is not a fault
            if not m["flags"] & 8 and (m["source"] or "").startswith(site) and m["category"] != "CSS Parser"
            # a load the browser itself cut short as a case navigated on: it no longer has an address ("Failed to
            # load ‘’"), and the worker's fetch for it was aborted, not failed
            and not m["message"].startswith("Failed to load \u2018\u2019")
            # the page's icons, which Firefox fetches on its own a moment after a page has loaded (its favicon
            # loader, for the tab and the new-tab page's tiles) and cancels when the page is left: a case that opens
            # pages one after another, on a loaded machine, left one mid-fetch and the worker's answer found no
            # request to go to. Seen only with the processor busy (CI), on cases that navigate on at once; the
            # worker serves the icons offline from its shell (test_offline.py counts the shell whole).
            and not (m["category"] == "Service Worker Interception" and ("/assets/icons/" in m["message"] or "/assets/favicon." in m["message"]))
            # the catalogue's idle slice that gives the rows past the first screen their hearts and ticks
            # (catalogue-rows.js, completeAll) still running as a case navigates on: Firefox stops a page's task to
            # start a navigation at once (dom.ipc.cancel_content_js_when_navigating) and says so in the slow-script
            # watchdog's words (which Marionette turns off: dom.max_script_run_time 0). Seen once in CI as the update
            # notice's Reload navigated; the page being left loses nothing by it. Only that slice: the same stop of
            # a listener that saves what was typed (catalogue.js, writeTyped) would lose the save, and must show.
            and not (m["message"].startswith("Script terminated by timeout") and "completeAll" in m["message"])
        ]

    def quit(self):
        instance = self.native.instance
        profiles = [getattr(instance, "profile", None), getattr(getattr(instance, "runner", None), "profile", None)]
        self.native.cleanup()
        # cleanup() removed the profile but gave the instance a new, empty one (/tmp/tmp*.mozrunner): remove it too
        fresh = getattr(instance, "_profile", None)
        if fresh is not None and all(fresh is not p for p in profiles):
            fresh.cleanup()
            profiles.append(fresh)
        # without this each profile's __del__ tries again while Python shuts down and prints an ImportError traceback
        for profile in profiles:
            if profile is not None:
                profile.restore = False
        try:
            os.remove(self.log)
        except OSError:
            pass


DRIVERS = {"chromium": ChromiumDriver, "firefox": FirefoxDriver}
_shared = {}
_failed = {}


def shared_driver(name):
    """One browser per engine for the whole run (a browser takes seconds to start); tests clear its storage."""
    if name in _failed:
        raise _failed[name]
    if name not in _shared:
        try:
            _shared[name] = DRIVERS[name]()
        except Exception as error:  # the browser is not installed or cannot start
            problem = AssertionError if REQUIRE else unittest.SkipTest
            _failed[name] = problem("%s cannot start: %s" % (name, error))
            raise _failed[name]
    return _shared[name]


@atexit.register
def _quit_all():
    for driver in _shared.values():
        try:
            driver.quit()
        except Exception:
            pass


# --- the test case -----------------------------------------------------------------------------------------


class BrowserTestCase(unittest.TestCase):
    """The site in one browser over one scheme (set by `matrix`). Storage is emptied before each test; after
    each test the browser console must hold no errors or warnings from the site."""

    browser = "chromium"
    scheme = "http"
    site_url = None  # None: SITE_URL / SITE_DIR
    site_dir = None

    @classmethod
    def setUpClass(cls):
        if not SITE_URL or not SITE_DIR:
            raise unittest.SkipTest("SITE_URL and SITE_DIR are not set (Tests/run-all.sh sets them)")
        cls.driver = shared_driver(cls.browser)
        cls.base = base_url(cls.scheme, cls.site_url, cls.site_dir)

    def setUp(self):
        self.clear_storage()
        self.driver.clear_console()

    def tearDown(self):
        self.assert_console_clean()

    def assert_console_clean(self, driver=None):
        driver = driver or self.driver
        self.assertEqual(driver.console_problems(self.base), [], "browser console errors")

    def clear_storage(self, driver=None):
        """Empties the Garage and the unit choice where the pages keep them: localStorage over HTTP, the storage
        frame's (js/store.js) on file://, which the page's own store API reaches in both browsers."""
        driver = driver or self.driver
        self.open("index.html", driver)
        # Most cases leave nothing behind (a search, a filter, an order): then the page is opened once, not twice.
        # A page load is some 0.2 s of a browser's processor time, and the test command is bound by its two cores.
        # From disk there are no workers or caches to ask for (the browsers refuse): none.
        if driver.js_async(
            "try { const sw = navigator.serviceWorker; const none = () => [];"
            " Promise.all([sw ? sw.getRegistrations().catch(none) : [], window.caches ? caches.keys().catch(none) : [],"
            "   GuzziTracker.store.ready])"
            " .then(([workers, names]) => { let stored = 0; try { stored = localStorage.length; } catch (e) {}"
            "   done(!stored && !workers.length && !names.length"
            "     && arguments[0].every((key) => GuzziTracker.store.get(key, null) === null)); }, () => done(false));"
            " } catch (e) { done(false); }",
            STORE_KEYS,
        ):
            return
        driver.js("try { localStorage.clear(); } catch (e) {}")
        # Each test starts as a first visit: an offline worker a test before left in control (registered once a
        # page is idle, at a moment that varies) would make what the test sees depend on that timing. The worker's
        # own behaviour is test_offline.py's, on a server of its own.
        driver.js_async(
            "try { const sw = navigator.serviceWorker; if (!sw || !window.caches) return done(0);"
            " Promise.all([sw.getRegistrations().then((rs) => Promise.all(rs.map((r) => r.unregister()))),"
            " caches.keys().then((ns) => Promise.all(ns.map((n) => caches.delete(n))))])"
            " .then(() => done(1), () => done(0)); } catch (e) { done(0); }"
        )
        driver.js_async(
            "GuzziTracker.store.ready.then(() => {"
            " for (const key of arguments[0]) GuzziTracker.store.remove(key);"
            " setTimeout(() => done(true), 50); });",
            STORE_KEYS,
        )
        self.open("index.html", driver)
        self.wait(lambda d: self.stored(STORE_KEYS[0], driver) is None, driver, "storage was not emptied")
        # An unregistered worker goes on serving the page that unregistered it; a test that began under it saw
        # its requests fail as its caches went (Firefox: "A ServiceWorker intercepted the request and encountered
        # an unexpected error") and a new worker offered as an update. Begin only once no worker controls the page.
        self.wait(
            lambda d: d.js("return !(navigator.serviceWorker && navigator.serviceWorker.controller)"),
            driver,
            "a worker of an earlier test still controls the page",
        )

    def stored(self, key, driver=None):
        """A stored value through the page's store (JSON), after it is ready."""
        return (driver or self.driver).js_async(
            "GuzziTracker.store.ready.then(() => done(GuzziTracker.store.get(arguments[0], null)));", key
        )

    def store(self, key, value, driver=None):
        """Saves a value through the page's store, as a page of the site would."""
        (driver or self.driver).js_async(
            "GuzziTracker.store.ready.then(() => { GuzziTracker.store.set(arguments[0], arguments[1]);"
            " setTimeout(() => done(true), 50); });",
            key,
            value,
        )

    # --- navigation and waiting ---------------------------------------------------------------

    def url(self, path):
        return self.base + path

    def open(self, path, driver=None):
        driver = driver or self.driver
        self.let_scripts_load(driver)
        driver.get(self.url(path))
        self.wait(lambda d: d.js("return document.readyState") == "complete", driver)

    def wait(self, condition, driver=None, message="", timeout=TIMEOUT):
        """Polls `condition(driver)` until it is true; errors while polling (an element not there yet) count as
        false. Returns the condition's value.

        Every 50 ms at first, then less often, to one poll in 150 ms within the first second: a poll is a command
        to the browser, 13 ms of processor time in Chromium and 19 in Firefox on the catalogue (2026-11-30), so a
        lane polling every 50 ms took a quarter of a core while it waited, and the test command, which keeps both
        cores busy, waits longer when more of it is polling."""
        driver = driver or self.driver
        end = time.monotonic() + timeout
        last = None
        pause = 0.05
        while True:
            try:
                value = condition(driver)
                if value:
                    return value
            except Exception as error:  # noqa: BLE001 - stale or missing elements while the page changes
                last = error
            if time.monotonic() > end:
                raise AssertionError(
                    "timed out: %s%s; %s" % (message, " (%r)" % last if last else "", self.page_state(driver))
                )
            time.sleep(pause)
            pause = min(pause * 1.2, 0.15)

    @staticmethod
    def page_state(driver):
        """What a timed-out wait saw: the address, whether it loaded, a worker in control, the status lines shown."""
        try:
            return "page: %r" % driver.js(
                "return [location.href, document.readyState,"
                " 'worker: ' + !!(navigator.serviceWorker && navigator.serviceWorker.controller),"
                " Array.from(document.querySelectorAll('[role=status]')).filter((e) => e.getClientRects().length)"
                ".map((e) => e.textContent.trim()).filter(Boolean)];"
            )
        except Exception as error:  # noqa: BLE001 - the page may be gone or stuck
            return "page state unknown (%r)" % error

    def let_scripts_load(self, driver):
        """Before a case navigates on: lets the search's texts that a query typed on this page started loading
        arrive (five seconds at most). Cut short by the navigation, Firefox logs "Loading failed for the <script>", a
        fault of the case's haste, not of the page's."""
        try:
            self.wait(
                lambda d: d.js(
                    "const s = document.querySelector('script[src$=\"search-texts.js\"]');"
                    " return !s || !!(window.GuzziTracker && window.GuzziTracker.searchTexts);"
                ),
                driver,
                timeout=5,
            )
        except Exception:  # noqa: BLE001 - no page yet, another origin, or still loading: navigate all the same
            pass

    def follow(self, link, driver=None):
        """Clicks a link to another page and waits until the browser has left this one. A pointer click lands at
        the link's centre as measured just before it; once in a CI run under load Firefox stayed on the page with
        the link's address set (the product's part done). Then the link is activated by its own `click()` (the same
        event, the same handlers, no coordinates) and the case says so on stderr, so a click the page itself
        swallowed still fails and a harness miss is still seen."""
        driver = driver or self.driver
        before = driver.url
        link.click()
        try:
            self.wait(lambda d: d.url != before, driver, timeout=5)
        except AssertionError:
            at = driver.js(
                "const r = arguments[0].getBoundingClientRect();"
                " const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
                " return [arguments[0].href, e ? e.outerHTML.slice(0, 120) : null];",
                link.native,
            )
            sys.stderr.write("\n  the pointer click left %s unchanged (link, element at its centre: %r);"
                             " activating the link\n" % (before, at))
            driver.js("arguments[0].click();", link.native)
            self.wait(lambda d: d.url != before, driver, "the link was never followed")

    def open_catalogue(self, lang="en", query="", driver=None):
        driver = driver or self.driver
        self.open(lang + "/index.html" + query, driver)
        # the controls are on the page from the start; the script marks them when it has wired them
        self.wait(
            lambda d: self.css("#catalogue-tools", d).attr("data-ready") == "true", driver, "the catalogue never started"
        )

    def css(self, selector, driver=None):
        return (driver or self.driver).css(selector)

    def css_all(self, selector, driver=None):
        return (driver or self.driver).css_all(selector)

    def select(self, selector, value, driver=None):
        """Chooses an option of a <select> the way a visitor does (a click on the option: a change event)."""
        self.css("%s option[value='%s']" % (selector, value), driver).click()
        self.wait(lambda d: self.css(selector, d).prop("value") == value, driver)

    def selected_value(self, selector):
        return self.css(selector).prop("value")

    # --- catalogue state ---------------------------------------------------------------------

    def visible_ids(self, driver=None):
        """Ids of the list rows that are shown, in page order (read from the DOM, not from the script)."""
        return (driver or self.driver).js(
            "return Array.from(document.querySelectorAll('#bike-list > li.bike-item'))"
            ".filter(li => li.getClientRects().length > 0).map(li => Number(li.dataset.id));"
        )

    def count_text(self, driver=None):
        return self.css("#result-count", driver).text.strip()

    def query_params(self, driver=None):
        return parse_qs(urlsplit((driver or self.driver).url).query)

    def open_filters(self):
        if self.css("#filter-panel").attr("open") is None:
            self.css("#filter-panel > summary").click()
        self.wait(lambda d: self.css("#f-year-min").displayed())

    def type_into(self, selector, text):
        """Replaces the field's text the way a visitor does (select all, delete, type): real input events."""
        field = self.css(selector)
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        if text:
            field.send_keys(text)
        return field

    def wait_for_ids(self, expected, message=""):
        try:
            self.wait(lambda d: self.visible_ids() == expected)
        except AssertionError:
            pass
        self.assertEqual(self.visible_ids(), expected, message)

    def collation_ranks(self, values, lang="en"):
        """{value: rank} in the browser's own collation for the edition's locale (accents and case ignored,
        numbers by value: the catalogue's rule for names and families); equal values share a rank."""
        locale = "it-IT" if lang == "it" else "en-US"
        ranks = self.driver.js(
            "const c = new Intl.Collator(arguments[1], {sensitivity: 'base', numeric: true});"
            "const sorted = Array.from(new Set(arguments[0])).sort(c.compare); const out = {}; let r = -1;"
            "sorted.forEach((v, i) => { if (i === 0 || c.compare(sorted[i - 1], v) !== 0) r += 1; out[v] = r; });"
            "return out;",
            list(values),
            locale,
        )
        return {key: int(value) for key, value in ranks.items()}


# The two halves of the four (browser, scheme) combinations, each covering both browsers and both schemes. A
# case that exercises the scripts' own logic (filters, ordering, search, the state in the address, compare, the
# page without scripts, the large catalogue, the thumbnails of drawn rows) runs in one half: every browser and
# every scheme still runs it, and the js-unit stage tests the logic itself; cases where storage meets a browser's
# rules for the scheme (what the Garage keeps across reloads and pages) run in all four, offline over HTTP (at the
# root in one browser, under a sub-path in the other); the Garage page's own work and the unit switch, written
# through that same store, in one half. FULL_MATRIX=1 runs every case in all four (by hand, or before a release).
HALF_A = [("chromium", "http"), ("firefox", "file")]
HALF_B = [("chromium", "file"), ("firefox", "http")]
FULL_MATRIX = os.environ.get("FULL_MATRIX") == "1"


def matrix(*cases, browsers=None, schemes=None, half=None, **attributes):
    """One TestCase class per case class, browser and scheme: `globals().update(matrix(SearchCases))` runs
    SearchCases' tests as SearchCases_chromium_http, …_chromium_file, …_firefox_http and …_firefox_file;
    with `half=HALF_A` (or HALF_B), in those two only, unless FULL_MATRIX=1."""
    made = {}
    for case in cases:
        for browser in browsers or BROWSERS:
            for scheme in schemes or SCHEMES:
                if half and not FULL_MATRIX and (browser, scheme) not in half:
                    continue
                name = "%s_%s_%s" % (case.__name__, browser, scheme)
                made[name] = type(
                    name, (case, BrowserTestCase), dict(attributes, browser=browser, scheme=scheme, __module__=case.__module__)
                )
    return made
