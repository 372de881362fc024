"""The next page at once (issue 38): speculation rules on every page read over HTTP, a motorcycle page fetched
while the pointer rests on its link (with a mouse, rendered too), so the click shows it without the network's round
trips, or at once; and the catalogue given back from the back/forward cache on the way back. Chromium only: Firefox
has no speculation rules, which the case from disk stands for (no rules there either)."""

import json
import time

from browser_support import MOUSE, ChromiumDriver, bikes, matrix

RULES = "const s = document.querySelector('script[type=speculationrules]'); return s && s.textContent"


class NextPageCases:
    def test_every_kind_of_page_declares_its_rules(self):
        bike = next((b for b in bikes("en") if b["image"]), bikes("en")[0])
        pages = ["en/index.html", "en/" + bike["url"], "it/decenni/index.html", "en/garage/index.html"]
        if bike["image"]:
            pages.append("en/" + bike["url"].replace("index.html", "gallery/index.html"))
        for path in pages:
            self.open(path)
            rules = self.wait(lambda d: d.js(RULES), message=path + ": no speculation rules")
            prefetch = json.loads(rules)["prefetch"][0]
            self.assertEqual(prefetch["eagerness"], "moderate", path)
            self.assertIn("[href*='?']", prefetch["where"]["and"][1]["not"]["selector_matches"], path)

    def rest_on_a_link_and_click(self, driver, second_visit=True, watch_return=True):
        """Opens the catalogue (a second time, by default), rests the pointer on its first motorcycle's link for a
        second and clicks; returns how the page came: [activationStart, deliveryType, whether the browser reports a
        mouse]. With `watch_return`, the catalogue notes in window.__restored how a way back shows it (`pageshow`'s
        `persisted`)."""
        from selenium.webdriver.common.action_chains import ActionChains

        self.open_catalogue(driver=driver)
        if second_visit:
            # a first visit installs the offline worker, which then takes the pages over: a page fetched ahead before
            # that is not used for a navigation the worker controls (Chromium), so the reader's second visit is the
            # case. Waited for 5 s at most: after the test command's earlier files this browser may have none to
            # wait for.
            driver.js_async(
                "Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 5000))])"
                ".then(() => done(1));"
            )
            self.open_catalogue(driver=driver)
        self.wait(lambda d: d.js(RULES), driver, "no speculation rules")
        if watch_return:
            driver.js("window.__restored = null;"
                      "addEventListener('pageshow', (e) => { window.__restored = e.persisted; });")
        link = driver.native.find_element("css selector", "#bike-list .bike-name")
        href = link.get_attribute("href")
        ActionChains(driver.native).move_to_element(link).perform()
        time.sleep(1.0)
        link.click()
        self.wait(lambda d: d.url == href and d.js("return document.readyState") == "complete", driver, href)
        return driver.js(
            "const n = performance.getEntriesByType('navigation')[0];"
            "return [n.activationStart, n.deliveryType, matchMedia('(hover: hover) and (pointer: fine)').matches];"
        )

    def test_a_link_rested_on_is_fetched_before_the_click_and_back_restores_the_catalogue(self):
        activation, delivery, mouse = self.rest_on_a_link_and_click(self.driver)
        if mouse:  # a desktop's mouse: the page was rendered ahead, and shown at the click
            self.assertGreater(activation, 0, "the page was not the prerendered one (%s)" % delivery)
        else:  # headless Chromium reports no pointer: a finger's case, fetched ahead
            self.assertEqual(delivery, "navigational-prefetch", "the page was not the prefetched one")
        self.driver.back()
        restored = self.wait(lambda d: d.js("return window.__restored"), message="the catalogue was not restored")
        self.assertIs(restored, True)

    def test_with_a_mouse_the_page_rested_on_is_rendered_ahead(self):
        """A second Chromium that reports a laptop's pointer (a few seconds to start): the rules' prerender. The way
        back is the case above's: after a prerendered page's activation chromedriver waits for a load it never sees
        (its back, or a script that goes back, hung for 300 s)."""
        laptop = ChromiumDriver(MOUSE)
        try:
            # a first visit: a prerender, unlike a prefetch, is used whether or not the new worker took over
            activation, delivery, mouse = self.rest_on_a_link_and_click(laptop, second_visit=False, watch_return=False)
            self.assertTrue(mouse, "the browser did not report a mouse")
            self.assertGreater(activation, 0, "the page was not the prerendered one (%s)" % delivery)
        finally:
            laptop.quit()


class NoRulesFromDiskCases:
    def test_no_rules_from_disk(self):
        self.open_catalogue()
        self.assertIsNone(self.driver.js(RULES))


globals().update(matrix(NextPageCases, browsers=["chromium"], schemes=["http"]))
globals().update(matrix(NoRulesFromDiskCases, browsers=["chromium"], schemes=["file"]))
