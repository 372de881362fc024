"""The Garage in a real browser: hearts, persistence, reorder, remove, share link (issue 4)."""

import json
import unittest
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.keys import Keys

from browser_support import BrowserTestCase, bikes


def garage_names(test, driver=None):
    return [a.text for a in test.css_all("#garage-list li .bike-name", driver)]


def stored_garage(driver):
    return json.loads(driver.execute_script("return localStorage.getItem('guzzi-tracker.garage') || '[]'"))


class GarageTests(BrowserTestCase):
    def heart(self, bike_id):
        return self.css("#bike-list li[data-id='%d'] .garage-toggle" % bike_id)

    def test_hearts_persist_across_reloads_and_pages(self):
        first, second, third = bikes()[0], bikes()[3], bikes()[10]
        self.open_catalogue()
        button = self.heart(first["id"])
        self.assertEqual(button.get_attribute("aria-pressed"), "false")
        self.assertIn(first["name"], button.get_attribute("aria-label"))
        button.click()
        self.assertEqual(button.get_attribute("aria-pressed"), "true")
        # keyboard: Space on a focused heart
        self.heart(second["id"]).send_keys(Keys.SPACE)
        self.wait(lambda d: self.heart(second["id"]).get_attribute("aria-pressed") == "true")
        self.driver.refresh()
        self.wait(lambda d: self.heart(first["id"]).is_displayed())
        self.assertEqual(self.heart(first["id"]).get_attribute("aria-pressed"), "true")
        self.assertEqual(self.heart(second["id"]).get_attribute("aria-pressed"), "true")
        self.assertEqual(self.heart(third["id"]).get_attribute("aria-pressed"), "false")
        # the motorcycle page shows the same state and can add to the Garage too
        self.open("en/" + third["url"])
        page_heart = self.css(".bike-actions .garage-toggle")
        self.assertTrue(page_heart.is_displayed())
        self.assertEqual(page_heart.get_attribute("aria-pressed"), "false")
        page_heart.click()
        self.open("en/" + first["url"])
        self.assertEqual(self.css(".bike-actions .garage-toggle").get_attribute("aria-pressed"), "true")
        self.assertEqual(stored_garage(self.driver), [first["id"], second["id"], third["id"]])
        # the Italian edition shares the Garage
        self.open("it/garage/index.html")
        self.wait(lambda d: len(garage_names(self)) == 3)
        self.assertEqual(garage_names(self), [first["name"], second["name"], third["name"]])

    def test_garage_page_reorders_and_removes(self):
        chosen = [bikes()[i] for i in (0, 5, 9)]
        self.open("en/index.html")
        self.driver.execute_script(
            "localStorage.setItem('guzzi-tracker.garage', arguments[0])", json.dumps([b["id"] for b in chosen])
        )
        self.open("en/garage/index.html")
        self.wait(lambda d: len(garage_names(self)) == 3)
        self.assertEqual(garage_names(self), [b["name"] for b in chosen])
        self.assertFalse(self.css("#needs-js").is_displayed())
        # first item: "move up" is disabled; move the last one up with the keyboard
        self.assertIsNotNone(self.css("#garage-list li:first-child .garage-up").get_attribute("disabled"))
        self.css("#garage-list li:last-child .garage-up").send_keys(Keys.ENTER)
        order = [chosen[0], chosen[2], chosen[1]]
        self.wait(lambda d: garage_names(self) == [b["name"] for b in order])
        active = self.driver.switch_to.active_element
        self.assertEqual(active.get_attribute("class"), "garage-up", "focus follows the moved item")
        self.assertIn(chosen[2]["name"], self.css("#garage-status").get_attribute("textContent"))
        self.css("#garage-list li:first-child .garage-down").click()
        order = [chosen[2], chosen[0], chosen[1]]
        self.wait(lambda d: garage_names(self) == [b["name"] for b in order])
        self.driver.refresh()
        self.wait(lambda d: garage_names(self) == [b["name"] for b in order])
        self.assertEqual(stored_garage(self.driver), [b["id"] for b in order])
        # remove the middle one
        self.css("#garage-list li:nth-child(2) .garage-remove").click()
        order = [chosen[2], chosen[1]]
        self.wait(lambda d: garage_names(self) == [b["name"] for b in order])
        self.driver.refresh()
        self.wait(lambda d: garage_names(self) == [b["name"] for b in order])
        # links lead to the motorcycle pages
        self.css("#garage-list li:first-child .bike-name").click()
        self.wait(lambda d: urlsplit(d.current_url).path.endswith("/en/" + chosen[2]["url"]))
        # empty Garage
        self.open("en/garage/index.html")
        for _ in range(2):
            self.css("#garage-list li:first-child .garage-remove").click()
        self.wait(lambda d: self.css("#garage-empty").is_displayed())
        self.assertFalse(self.css("#garage-share").is_displayed())

    def test_share_link_rebuilds_the_garage_in_a_fresh_browser(self):
        chosen = [bikes()[i] for i in (7, 2, 11)]
        self.open_catalogue()
        for bike in chosen:
            self.heart(bike["id"]).click()
        self.open("en/garage/index.html")
        self.wait(lambda d: len(garage_names(self)) == 3)
        link = self.css("#share-url").get_attribute("value")
        self.assertEqual(parse_qs(urlsplit(link).query)["ids"], [",".join(str(b["id"]) for b in chosen)])
        self.assertTrue(urlsplit(link).path.endswith("/en/garage/index.html"))

        other = self.new_browser()  # a second Chromium with its own, empty profile
        try:
            other.get(link)
            self.wait(lambda d: len(garage_names(self, d)) == 3, driver=other)
            self.assertEqual(garage_names(self, other), [b["name"] for b in chosen])
            self.assertEqual(stored_garage(other), [b["id"] for b in chosen])
            # saved there: a reload without the query keeps it
            self.assertNotIn("ids=", other.current_url)
            other.refresh()
            self.wait(lambda d: garage_names(self, d) == [b["name"] for b in chosen], driver=other)
            # a different shared Garage asks before replacing
            other.get(link.split("?")[0] + "?ids=%d" % bikes()[1]["id"])
            self.wait(lambda d: self.css("#garage-shared", d).is_displayed(), driver=other)
            self.assertEqual(garage_names(self, other), [b["name"] for b in chosen])
            self.css("#garage-replace", other).click()
            self.wait(lambda d: garage_names(self, d) == [bikes()[1]["name"]], driver=other)
            self.assert_console_clean(other)
        finally:
            other.quit()

    def test_compare_from_the_garage(self):
        chosen = [bikes()[i] for i in (0, 1, 2)]
        self.open("en/index.html")
        self.driver.execute_script(
            "localStorage.setItem('guzzi-tracker.garage', arguments[0])", json.dumps([b["id"] for b in chosen])
        )
        self.open("en/garage/index.html")
        self.wait(lambda d: len(garage_names(self)) == 3)
        link = self.css("#garage-list ~ .compare-bar .compare-link")
        self.assertIsNone(link.get_attribute("href"))
        self.css("#garage-list li:nth-child(1) .compare-check").click()
        self.css("#garage-list li:nth-child(3) .compare-check").click()
        self.wait(lambda d: link.get_attribute("href"))
        link.click()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(parse_qs(urlsplit(self.driver.current_url).query)["ids"], ["%d,%d" % (chosen[0]["id"], chosen[2]["id"])])


if __name__ == "__main__":
    unittest.main()
