"""Shared set-up for the browser tests (issue 4): headless Chromium through Selenium against the built site.

The site must already be served over HTTP: Tests/run-all.sh builds it, serves it with
`python3 -m http.server --bind 127.0.0.1 PORT` and sets SITE_URL (e.g. http://127.0.0.1:8123/).
Run by hand:

    SITE_URL=http://127.0.0.1:8123/ python3 -m unittest discover -s Tests/Browser -v

Environment: SITE_URL (required), CHROMIUM_BIN (/usr/bin/chromium), CHROMEDRIVER_BIN (/usr/bin/chromedriver).
"""

import json
import os
import shutil
import tempfile
import unicodedata
import unittest
import urllib.request
from urllib.parse import urljoin

os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager reach the network

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SITE_URL = os.environ.get("SITE_URL", "")
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")
TIMEOUT = 10

# The browser asks for /favicon.ico on its own; the site has no favicon, which is not a script error.
IGNORED_LOG_PARTS = ("/favicon.ico",)


def is_offsite_network_error(entry):
    """Photos are hot-linked from Flickr; without Internet access (as in CI) they fail to load. Such network
    errors for other hosts are not the site's: only network errors for the served site itself count."""
    if entry.get("source") != "network":
        return False
    message = entry.get("message", "")
    return message.startswith("http") and not message.startswith(SITE_URL)


def url(path):
    return urljoin(SITE_URL, path)


_indexes = {}


def index(lang):
    """The edition's index.json, as served (default order: newest first)."""
    if lang not in _indexes:
        with urllib.request.urlopen(url(lang + "/index.json"), timeout=TIMEOUT) as response:
            _indexes[lang] = json.load(response)
    return _indexes[lang]


def bikes(lang="en"):
    return index(lang)["motorcycles"]


def fetch_text(path):
    with urllib.request.urlopen(url(path), timeout=TIMEOUT) as response:
        return response.read().decode("utf-8")


def fold(text):
    """What the page's search does: NFD, combining marks dropped, lower case."""
    decomposed = unicodedata.normalize("NFD", text or "")
    return " ".join("".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).lower().split())


def make_driver(profile_dir):
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
        "--user-data-dir=" + profile_dir,
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    env = dict(os.environ, TMPDIR=profile_dir)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER, env=env), options=options)


class BrowserTestCase(unittest.TestCase):
    """One Chromium (with its own fresh profile) per test class; localStorage emptied before each test;
    after each test, the browser console must hold no errors."""

    @classmethod
    def setUpClass(cls):
        if not SITE_URL:
            raise unittest.SkipTest("SITE_URL is not set (Tests/run-all.sh serves the site and sets it)")
        cls._profiles = []
        cls.driver = cls.new_browser()

    @classmethod
    def new_browser(cls):
        profile = tempfile.mkdtemp(prefix="guzzi-browser-")
        cls._profiles.append(profile)
        return make_driver(profile)

    @classmethod
    def tearDownClass(cls):
        try:
            cls.driver.quit()
        finally:
            for profile in cls._profiles:
                shutil.rmtree(profile, ignore_errors=True)

    def setUp(self):
        self.open("index.html")
        self.driver.execute_script("window.localStorage.clear()")
        self.driver.get_log("browser")  # start each test with an empty console

    def tearDown(self):
        self.assert_console_clean(self.driver)

    def assert_console_clean(self, driver):
        problems = [
            entry
            for entry in driver.get_log("browser")
            if entry.get("level") in ("SEVERE", "WARNING")
            and not any(part in entry.get("message", "") for part in IGNORED_LOG_PARTS)
            and not is_offsite_network_error(entry)
        ]
        self.assertEqual(problems, [], "browser console errors")

    # --- navigation and waiting ---------------------------------------------------------------

    def open(self, path, driver=None):
        driver = driver or self.driver
        driver.get(url(path))
        self.wait(lambda d: d.execute_script("return document.readyState") == "complete", driver=driver)

    def wait(self, condition, driver=None, message=""):
        return WebDriverWait(driver or self.driver, TIMEOUT).until(condition, message)

    def open_catalogue(self, lang="en", query="", driver=None):
        driver = driver or self.driver
        self.open(lang + "/index.html" + query, driver)
        self.wait(
            lambda d: d.find_element(By.ID, "catalogue-tools").is_displayed(),
            driver,
            "the catalogue controls never appeared",
        )

    def css(self, selector, driver=None):
        return (driver or self.driver).find_element(By.CSS_SELECTOR, selector)

    def css_all(self, selector, driver=None):
        return (driver or self.driver).find_elements(By.CSS_SELECTOR, selector)

    # --- catalogue state ---------------------------------------------------------------------

    def visible_ids(self, driver=None):
        """Ids of the list rows that are shown, in page order (read from the DOM, not from the script)."""
        return (driver or self.driver).execute_script(
            "return Array.from(document.querySelectorAll('#bike-list > li.bike-item'))"
            ".filter(li => li.getClientRects().length > 0).map(li => Number(li.dataset.id));"
        )

    def count_text(self, driver=None):
        return self.css("#result-count", driver).text.strip()

    def query_params(self, driver=None):
        from urllib.parse import parse_qs, urlsplit

        return parse_qs(urlsplit((driver or self.driver).current_url).query)

    def open_filters(self):
        panel = self.css("#filter-panel")
        if not panel.get_attribute("open"):
            self.css("#filter-panel > summary").click()
        self.wait(lambda d: self.css("#f-year-min").is_displayed())

    def type_into(self, selector, text):
        """Replaces the field's text the way a visitor does (select all, delete, type): real input events."""
        from selenium.webdriver.common.keys import Keys

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
        except Exception:
            pass
        self.assertEqual(self.visible_ids(), expected, message)
