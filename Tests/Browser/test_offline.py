"""Offline and installable, in Chromium over HTTP from the site's root and in Firefox from a sub-path: a reader
visits, the edition's worker takes over, the server stops, and the pages read, the catalogue searched, the Garage
used and a page never opened gets the offline page in its edition's language; "keep the whole catalogue" then
motorcycle pages never opened, from across the list, offline; a deploy of a changed build is seen at once, with the
update notice in each tab the old worker serves, and the old copies go; a tab's notice still reloads when another
tab took the update first; a deploy built with --no-offline removes the worker and its copies. Also: `guzzi-site
serve` registers no worker and removes one a published build left at its address; pages from disk try nothing.

Each case serves a copy of the built site (SITE_DIR) on a port of its own with a server it can stop, so workers
and caches never reach the other tests. Tests/run-all.sh also sets SITE_CHANGED_DIR (the same site built from a
dataset with one motorcycle renamed), SITE_RETIRED_DIR (the site built with --no-offline) and GUZZI_SITE_BIN (for
`serve`).
"""

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from browser_support import SITE_DIR, BrowserTestCase, bikes, matrix, read_text
from site_server import SiteServer

CHANGED_DIR = os.environ.get("SITE_CHANGED_DIR", "")
RETIRED_DIR = os.environ.get("SITE_RETIRED_DIR", "")
BINARY = os.environ.get("GUZZI_SITE_BIN", "")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


_last_deploy = [0.0]


def copy_site(source, target):
    """A deploy: the files of `source` at `target`, each with a new modification time (as an upload gives them),
    so that the server's Last-Modified tells browsers they changed. Two seconds after the one before at least:
    Last-Modified counts whole seconds and python's server sends no ETag, so a deploy within the second of the
    first visit was answered 304 Not Modified when the browser looked for a new sw.js."""
    if os.path.exists(target):
        shutil.rmtree(target)
    shutil.copytree(source, target, copy_function=shutil.copy)
    stamp = max(time.time(), _last_deploy[0] + 2)
    _last_deploy[0] = stamp
    for folder, _, files in os.walk(target):
        for name in files:
            os.utime(os.path.join(folder, name), (stamp, stamp))


class OfflineCases:
    prefix = ""  # "" serves the site at the root, "guzzi/" under a sub-path

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.folder = tempfile.mkdtemp(prefix="guzzi-offline-")
        copy_site(SITE_DIR, os.path.join(cls.folder, cls.prefix))
        cls.server = SiteServer(cls.folder)
        cls.server.start()
        cls.base = "http://127.0.0.1:%d/%s" % (cls.server.port, cls.prefix)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)
        super().tearDownClass()

    def setUp(self):
        if self.server.server is None:
            self.server.start()
        self.forget_workers()
        super().setUp()

    def tearDown(self):
        if self.server.server is None:
            self.server.start()
        self.forget_workers()
        super().tearDown()

    def forget_workers(self):
        """A clean slate for each case: no worker, no cache at this address."""
        self.driver.get(self.base + "index.html")
        self.driver.js_async(
            "Promise.all([navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) =>"
            " r.unregister()))), caches.keys().then((names) => Promise.all(names.map((n) => caches.delete(n))))])"
            ".then(() => done(true), () => done(false));"
        )
        self.driver.js("localStorage.clear();")

    def wait_controlled(self):
        self.wait(
            lambda d: d.js("return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"),
            message="the offline worker never took over",
            timeout=30,
        )

    def caches(self):
        return self.driver.js_async("caches.keys().then(done);")

    def precached(self):
        """How many files the English edition's worker puts in its shell: the entries of its PRECACHE list."""
        text = read_text(os.path.join(self.folder, self.prefix, "en", "sw.js"))
        listing = text[text.index("PRECACHE = [") : ]
        return len(re.findall(r'^\s*\["', listing[: listing.index("];")], re.M))

    def shell_files(self):
        """How many files the English edition's shell holds (0 without one)."""
        return self.driver.js_async(
            "const prefix = arguments[0];"
            "caches.keys().then((names) => names.find((n) => n.startsWith(prefix)))"
            ".then((name) => name ? caches.open(name).then((c) => c.keys()).then((k) => done(k.length)) : done(0));",
            self.cache("en", "shell-"),
        )

    def cache(self, lang, kind):
        """The name of a cache of an edition's worker: "guzzi-tracker /guzzi/en/ pages" (worker-rules.js)."""
        return "guzzi-tracker /%s%s/ %s" % (self.prefix, lang, kind)

    def heading(self):
        return self.css("h1").prop("textContent").strip()

    def test_visited_pages_catalogue_garage_and_the_offline_page_without_network(self):
        everything = bikes()
        first, later, never = everything[2], everything[5], everything[-1]
        self.open("en/" + first["url"])
        self.wait_controlled()
        self.wait(lambda d: any(name.startswith(self.cache("en", "shell-")) for name in self.caches()))
        # a first visit is kept too, though the worker took over after it was loaded
        self.wait(
            lambda d: d.js_async(
                "caches.match(new URL('.', location.href).href, {cacheName: arguments[0]})"
                ".then((hit) => done(Boolean(hit)));", self.cache("en", "pages")
            ),
            message="the first page visited was not kept",
        )
        self.open("en/" + later["url"].replace("index.html", ""))  # the folder address: the same page
        self.open("it/" + first["url"])  # the Italian edition has its own worker
        self.wait_controlled()
        self.open("it/index.html")
        self.wait(lambda d: any(name.startswith(self.cache("it", "shell-")) for name in self.caches()))

        self.server.stop()
        for path, bike in (
            ("en/" + first["url"], first),
            ("en/" + first["url"].replace("index.html", ""), first),  # the folder address: the same page
            ("en/" + later["url"], later),
        ):
            self.open(path)
            self.assertIn(bike["name"], self.heading(), path)
        # a photo the worker never kept, from another host it cannot reach (the stopped server under another name:
        # refused at once): the worker's empty 4 × 3 frame, not an error
        frame = self.driver.js_async(
            "const img = new Image();"
            "img.onload = () => done([img.naturalWidth, img.naturalHeight]);"
            "img.onerror = () => done('the image failed');"
            "img.src = arguments[0];",
            "http://localhost:%d/never-kept_n.jpg" % self.server.port,
        )
        self.assertEqual(frame, [4, 3], "a photo not kept, offline")
        # the catalogue, searched
        self.open_catalogue()
        word = first["name"].split()[0]
        self.type_into("#f-q", word)
        self.wait(lambda d: first["id"] in self.visible_ids(), message="offline search")
        # the Garage: add three, reorder, remove
        self.open_catalogue()
        for bike in everything[:3]:
            self.css("#bike-list li[data-id='%d'] .garage-toggle" % bike["id"]).click()
            self.wait(lambda d: self.css("#bike-list li[data-id='%d'] .garage-toggle" % bike["id"]).attr("aria-pressed") == "true")
        self.open("en/garage/index.html")
        names = lambda: [a.text for a in self.css_all("#garage-list li .bike-name")]
        self.wait(lambda d: len(names()) == 3, message="the Garage offline")
        self.css("#garage-list li:last-child .garage-up").click()
        self.wait(lambda d: names() == [everything[0]["name"], everything[2]["name"], everything[1]["name"]])
        self.css("#garage-list li:first-child .garage-remove").click()
        self.wait(lambda d: names() == [everything[2]["name"], everything[1]["name"]])
        # a page never opened: the offline page, in its edition's language, listing what is kept
        self.open("en/" + never["url"])
        self.assertEqual(self.heading(), "Not on this device")
        self.wait(lambda d: first["name"] in self.css("#offline-list").prop("textContent"))
        self.assertEqual(self.driver.js("return getComputedStyle(document.body).backgroundColor") != "", True)
        self.open("it/" + never["url"])
        self.assertEqual(self.heading(), "Non su questo dispositivo")
        self.assertEqual(self.driver.js("return document.documentElement.lang"), "it")
        # its list is made from the kept data: done before the page is left (a load cut short is a console error)
        self.wait(lambda d: first["name"] in self.css("#offline-list").prop("textContent"))

    def test_the_shell_comes_back_when_storage_is_cleared_but_the_worker_stays(self):
        self.open_catalogue()
        self.wait_controlled()
        # the whole shell, not its first files: a count taken while the worker was still putting them in was short,
        # and the case then stopped the server before the last file was back (the icon, "unexpected error")
        whole = self.precached()
        self.assertGreater(whole, 0)
        self.wait(lambda d: self.shell_files() == whole, message="the shell was never whole", timeout=30)
        # what a browser's "clear cached files" does: every cache gone, the worker still registered
        self.driver.js_async("caches.keys().then((names) => Promise.all(names.map((n) => caches.delete(n)))).then(done);")
        self.assertEqual(self.caches(), [])
        # a page opened online (compare without motorcycles: it loads no data): the worker fetches its shell again;
        # the cache is there from its first file, so the test waits for the last (the network goes below)
        self.open("en/compare/index.html")
        self.wait(lambda d: self.shell_files() == whole, message="the shell did not come back", timeout=30)
        self.open("index.html")  # the language choice, outside the worker's scope: nothing left loading
        self.server.stop()
        self.open("en/index.html")  # never kept as a visited page since the caches went: from the shell
        self.assertEqual(len(self.css_all("#bike-list li.bike-item")), min(len(bikes()), 250), "the catalogue, not the offline page")
        self.server.start()

    def test_the_worker_tells_the_page_what_keeping_takes_in_counts_not_lists(self):
        """The catalogue's "keep" control asks the worker what offline.json lists; at 10 000 motorcycles the
        entries themselves, copied into the page, were a task of 50-60 ms as it loaded (issue 38)."""
        self.open_catalogue()
        self.wait_controlled()
        listed = json.loads(read_text("en/offline.json"))
        reply = self.driver.js_async(
            "const list = new URL('offline.json', location.href).href;"
            "navigator.serviceWorker.addEventListener('message', (event) => {"
            "  if (event.data && event.data.type === 'listing') done(event.data.found); });"
            "navigator.serviceWorker.ready.then((r) => r.active.postMessage({ type: 'listing', list }));"
        )
        self.assertEqual(
            reply,
            {
                "motorcycles": listed["motorcycles"],
                "bytes": listed["bytes"],
                "photo_bytes": listed["photo_bytes"],
                "pages": len(listed["pages"]),
                "photos": len(listed["photos"]),
            },
        )

    def test_keeping_the_whole_catalogue_then_pages_never_opened_offline(self):
        self.open_catalogue()
        self.wait_controlled()
        keep = self.wait(lambda d: self.css("#keep-pages") if self.css("#keep-offline").displayed() else None)
        total = len(bikes())
        self.assertIn("{:,}".format(total), keep.text, "the size is said before it starts")
        keep.click_in_place()
        self.wait(lambda d: self.css("#forget-pages").displayed(), message="the catalogue was not kept", timeout=120)
        # no refusal, no failure: at most the word that photos without sizes cannot be kept
        self.assertIn(self.css("#keep-status").text, ("", self.css("#keep-offline").attr("data-photos-none")))
        self.server.stop()
        # nine pages none opened before, eight spaced through the list and its last (the last twenty were as many
        # page loads in each browser again, for what nine show as well: the list kept is the whole catalogue's)
        everything = bikes()
        for bike in everything[len(everything) // 16 :: max(1, len(everything) // 8)][:8] + everything[-1:]:
            self.open("en/" + bike["url"])
            self.assertIn(bike["name"], self.heading())
        self.server.start()
        # and it can be removed
        self.open_catalogue()
        self.wait(lambda d: self.css("#forget-pages").displayed())
        self.css("#forget-pages").click_in_place()
        self.wait(lambda d: not self.css("#forget-pages").displayed())
        self.assertNotIn(self.cache("en", "kept"), self.caches())

    def need_changed_site(self):
        if not CHANGED_DIR:
            self.skipTest("SITE_CHANGED_DIR is not set (Tests/run-all.sh sets it)")

    def deploy_and_wait_for_the_notice(self):
        """A reader on the catalogue with its worker, a changed build deployed, the catalogue opened again: the new
        page online, and the notice of the new worker. Returns the old shell's cache name; the caller puts the
        first build back."""
        self.open_catalogue()
        self.wait_controlled()
        self.wait(lambda d: any(name.startswith(self.cache("en", "shell-")) for name in self.caches()))
        before = [name for name in self.caches() if name.startswith(self.cache("en", "shell-"))]
        copy_site(CHANGED_DIR, os.path.join(self.folder, self.prefix))
        renamed = next(b for b in bikes(site_dir=CHANGED_DIR) if b["name"].endswith("(deployed)"))
        self.open_catalogue()
        self.assertIn(renamed["name"], self.css("#bike-list").prop("textContent"), "the new page, online")
        notice = self.wait(lambda d: self.css(".update-notice") if self.css(".update-notice").displayed() else None,
                           message="no update notice", timeout=30)
        self.assertIn("newer version", notice.text)
        return before[0]

    def test_a_deploy_is_seen_at_once_in_every_tab_and_each_reload_takes_it(self):
        """A changed build deployed, and two tabs that the old worker still serves: both show the notice. "Reload"
        in the first makes the new worker take over both (sw.js claims every tab), and the old copies go. The
        second does not load again by itself while someone reads; its "Reload", pressed after the takeover reached
        it, must still load the page again: a notice that waited for the takeover only from the click waited for
        ever."""
        self.need_changed_site()
        first = self.driver.window()
        second = None
        try:
            old_shell = self.deploy_and_wait_for_the_notice()
            second = self.driver.new_tab()
            self.open_catalogue()
            self.wait(lambda d: self.css(".update-notice").displayed(), message="no notice in the second tab", timeout=30)
            self.driver.js(
                "window.oldPage = true; window.takenOver = false;"
                "navigator.serviceWorker.addEventListener('controllerchange', () => { window.takenOver = true; });"
            )
            self.driver.switch_to(first)
            self.css(".update-notice button").click()
            self.wait(lambda d: not d.js("return Boolean(document.querySelector('.update-notice'))"), timeout=30)
            self.wait(lambda d: old_shell not in self.caches(), message="the old shell is still there")
            shells = [name for name in self.caches() if name.startswith(self.cache("en", "shell-"))]
            self.assertEqual(len(shells), 1)
            self.driver.switch_to(second)
            self.wait(lambda d: d.js("return window.takenOver === true || window.oldPage !== true;"),
                      message="the second tab was not taken over", timeout=30)
            time.sleep(1)  # nothing loads again by itself while someone reads
            self.assertTrue(self.driver.js("return window.oldPage === true;"), "the second tab reloaded without a click")
            self.assertTrue(self.css(".update-notice").displayed())
            self.css(".update-notice button").click()
            self.wait(lambda d: d.js("return window.oldPage !== true && document.readyState === 'complete';"),
                      message="the notice's Reload did nothing once the new worker had taken over", timeout=15)
            self.assertFalse(self.driver.js("return Boolean(document.querySelector('.update-notice'))"))
            self.assert_console_clean()
        finally:
            try:
                if second is not None:
                    self.driver.close_tab(second, first)
            finally:
                copy_site(SITE_DIR, os.path.join(self.folder, self.prefix))

    def test_a_deploy_without_offline_removes_the_worker_and_its_copies(self):
        if not RETIRED_DIR:
            self.skipTest("SITE_RETIRED_DIR is not set (Tests/run-all.sh sets it)")
        self.open_catalogue()
        self.wait_controlled()
        self.wait(lambda d: any(name.startswith(self.cache("en", "shell-")) for name in self.caches()))
        copy_site(RETIRED_DIR, os.path.join(self.folder, self.prefix))
        try:
            left = []

            def gone(driver):
                # each visit makes the browser look for a newer sw.js, the retiring one; a reader stays on the
                # page a while (Firefox drops an update still running when its page is left). A while is 15 s: a
                # new worker activates only once the old one has no event in flight, and every visit gives the
                # old one the page's photos to fetch again (from hosts a machine without Internet cannot reach).
                driver.get(self.base + "en/index.html")
                for _ in range(30):
                    time.sleep(0.5)
                    state = driver.js_async(
                        "navigator.serviceWorker.getRegistrations().then((all) => caches.keys().then((names) =>"
                        " done([all.map((r) => [r.scope, Boolean(r.installing), Boolean(r.waiting), Boolean(r.active)]),"
                        " names.filter((n) => n.startsWith('guzzi-tracker ')),"
                        " Boolean(navigator.serviceWorker.controller)])));"
                    )
                    left[:] = [state]
                    # the retiring worker unregisters before it sends the open pages to their addresses again: a
                    # page still controlled is one its navigation has not reached yet, and would cut short the
                    # load below (Firefox then logs a layout forced before the page's style sheet came)
                    if not state[0] and not state[1] and not state[2]:
                        return True
                return False

            try:
                self.wait(gone, message="the worker or its caches are still there", timeout=90)
            except AssertionError as error:
                raise AssertionError("%s; registrations (scope, installing, waiting, active), caches, controlled: %r" % (error, left))
            # The retiring worker sends every open page to its address again (sw-retired.js): a page still loading
            # then is cut short, and Firefox logs the scripts it had not loaded ("Loading failed for the <script>")
            # and the error of one that ran without them. Whether a visit above was loading at that moment is
            # timing; the page loaded below, with the worker gone, must log nothing.
            self.driver.clear_console()
            self.driver.get(self.base + "en/index.html")
            time.sleep(4)  # past the moment an offline build's page would register
            self.assertEqual(self.driver.js_async("navigator.serviceWorker.getRegistrations().then((a) => done(a.length));"), 0)
            self.assertFalse(self.css("#keep-offline").displayed())
        finally:
            copy_site(SITE_DIR, os.path.join(self.folder, self.prefix))


class SubPathOfflineCases(OfflineCases):
    """The same cases with the site under a sub-path: the worker's scope, its cache names and every address it
    keeps come from that path (Templates/sw.js, partials/worker-rules.js), which is the site's code, not the
    browser's. Each browser runs every case once: Chromium at the root (OfflineCases), Firefox under the sub-path
    (these); FULL_MATRIX=1 runs both in both. Chromium ran three of them under the sub-path as well, the three
    dearest cases of the browser stage, repeated for the one thing a run from a sub-path in any browser shows."""

    prefix = "guzzi/"


class FromDiskCases:
    def test_pages_opened_from_disk_register_nothing_and_log_nothing(self):
        for path in ("en/index.html", "en/" + bikes()[0]["url"], "en/garage/index.html"):
            self.open(path)
            time.sleep(1.5)  # past the idle moment a page over HTTP would register at
            self.assertTrue(self.driver.js("return Boolean(window.GuzziTracker && GuzziTracker.offline)"))
            self.assertFalse(self.css("#keep-offline").displayed() if "garage" in path else False)
        # the console must be clean: tearDown checks it


class ServeCases:
    """`guzzi-site serve` at an address where a published build left an offline worker."""

    def test_serve_registers_no_worker_and_removes_one_left_at_its_address(self):
        if not BINARY:
            self.skipTest("GUZZI_SITE_BIN is not set (Tests/run-all.sh sets it)")
        folder = tempfile.mkdtemp(prefix="guzzi-serve-")
        published = SiteServer(SITE_DIR)
        published.start()
        process = None
        try:
            base = "http://127.0.0.1:%d/" % published.port
            self.driver.get(base + "en/index.html")
            self.wait(lambda d: d.js("return Boolean(navigator.serviceWorker.controller)"), timeout=30)
            published.stop()
            process = subprocess.Popen(
                [BINARY, "serve", "--port", str(published.port), "--output", os.path.join(folder, "site")],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
            for _ in range(200):
                try:
                    with socket.create_connection(("127.0.0.1", published.port), timeout=0.2):
                        break
                except OSError:
                    time.sleep(0.1)
            def cleared(driver):
                # each visit goes through the old worker to `serve`, whose page removes it
                driver.get(base + "en/index.html")
                time.sleep(0.5)
                return driver.js_async(
                    "navigator.serviceWorker.getRegistrations().then((all) => caches.keys().then((names) =>"
                    " done(all.length === 0 && !names.some((n) => n.startsWith('guzzi-tracker ')))));"
                )

            self.wait(cleared, message="the published build's worker or caches are still there", timeout=60)
            self.driver.get(base + "en/index.html")
            time.sleep(4)  # past the moment a published page would register
            self.assertEqual(self.driver.js_async("navigator.serviceWorker.getRegistrations().then((a) => done(a.length));"), 0)
        finally:
            if process:
                process.terminate()
                process.wait(timeout=10)
            published.stop()
            shutil.rmtree(folder, ignore_errors=True)


globals().update(matrix(OfflineCases, schemes=["http"], half=[("chromium", "http")]))
globals().update(matrix(SubPathOfflineCases, schemes=["http"], half=[("firefox", "http")]))
globals().update(matrix(FromDiskCases, schemes=["file"]))
globals().update(matrix(ServeCases, browsers=["chromium"], schemes=["http"]))

if __name__ == "__main__":
    unittest.main()
