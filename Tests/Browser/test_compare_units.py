"""Compare and the unit switch in a real browser (issue 4)."""

import unittest
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By

from browser_support import BrowserTestCase, bikes


def find(name):
    return next(b for b in bikes() if b["name"] == name)


def pick_three():
    """Three 4-stroke bikes with different bores, all in production or not alike."""
    chosen = []
    for bike in bikes():
        if bike["cycle"] == 4 and bike["bore"] is not None and all(bike["bore"] != c["bore"] for c in chosen):
            chosen.append(bike)
        if len(chosen) == 3:
            return chosen
    raise AssertionError("not enough bikes")


class CompareTests(BrowserTestCase):
    def columns(self):
        return [th.find_element(By.TAG_NAME, "a").text for th in self.css_all("#compare-table thead th")]

    def test_compare_picked_in_the_catalogue(self):
        chosen = pick_three()
        self.open_catalogue()
        link = self.css("#compare-link")
        self.assertIsNone(link.get_attribute("href"))
        for bike in chosen:
            self.css("#bike-list li[data-id='%d'] .compare-check" % bike["id"]).click()
        self.wait(lambda d: link.get_attribute("href"))
        self.assertEqual(link.text, "Compare (3)")
        self.assertEqual(self.query_params().get("compare"), [",".join(str(b["id"]) for b in chosen)])
        link.click()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 3)
        self.assertEqual(self.columns(), [b["name"] for b in chosen])

        # a differing row is highlighted, an equal one is not
        bore = self.css("#compare-table tr.row-bore")
        self.assertIn("differs", bore.get_attribute("class").split())
        self.assertNotEqual(bore.value_of_css_property("background-color"), "rgba(0, 0, 0, 0)")
        cycle = self.css("#compare-table tr.row-stroke_cycle")
        self.assertNotIn("differs", cycle.get_attribute("class").split())
        cells = [td.get_attribute("data-value") for td in bore.find_elements(By.TAG_NAME, "td")]
        self.assertEqual([float(v) for v in cells], [float(b["bore"]) for b in chosen])

        # only the differences
        self.css("#compare-only-diff").click()
        self.assertFalse(cycle.is_displayed())
        self.assertTrue(bore.is_displayed())

        # remove a column: the URL follows, back restores it
        self.css("#compare-table thead th:nth-child(3) .compare-remove").click()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.columns(), [chosen[0]["name"], chosen[2]["name"]])
        self.assertEqual(
            parse_qs(urlsplit(self.driver.current_url).query)["ids"], ["%d,%d" % (chosen[0]["id"], chosen[2]["id"])]
        )
        self.driver.back()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 3)

    def test_compare_in_italian_and_too_few(self):
        a, b = bikes("it")[0], bikes("it")[1]
        self.open("it/compare/index.html?ids=%d,%d" % (a["id"], b["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.css("#compare-table tbody .section-row th").text, "Informazioni generali")
        self.open("it/compare/index.html?ids=%d" % a["id"])
        self.wait(lambda d: self.css("#compare-status").text)
        self.assertIn("da 2 a 4", self.css("#compare-status").text)
        self.assertFalse(self.css("#compare-scroll").is_displayed())


class UnitTests(BrowserTestCase):
    def test_unit_switch_converts_and_is_remembered(self):
        bike = next(b for b in bikes() if b["slug"] == "v85-tt-2019") if any(
            b["slug"] == "v85-tt-2019" for b in bikes()
        ) else bikes()[0]
        self.open("en/" + bike["url"])
        bore = self.css("tr.row-bore td")
        self.assertEqual(bore.text, "%g mm" % bike["bore"])
        self.css(".unit-switch input[value='imperial']").click()
        inches = "{:,.1f}".format(bike["bore"] / 25.4).rstrip("0").rstrip(".")
        self.assertEqual(bore.text, inches + "\u00a0in".replace("\u00a0", " "))
        cc = self.css("tr.row-displacement_real td").text
        self.assertTrue(cc.endswith("cu in"), cc)
        weight = self.css("tr.row-weight td").text
        self.assertEqual(weight, "{:,.0f} lb".format(bike["weight"] * 2.2046226218))
        power = self.css("tr.row-power td").text
        self.assertIn("hp", power)
        if bike["fuel"]:
            self.assertIn("US gal", self.css("tr.row-fuel_capacity td").text)

        # remembered on another motorcycle page, the catalogue and compare
        other = bikes()[5]
        self.open("en/" + other["url"])
        self.assertTrue(self.css(".unit-switch input[value='imperial']").is_selected())
        self.assertTrue(self.css("tr.row-wheelbase td").text.endswith(" in"))
        self.open_catalogue()
        cell = self.css("#bike-list li[data-id='%d'] dd[data-unit='cc']" % bike["id"])
        self.assertEqual(cell.text, "{:,.1f} cu in".format(bike["displacement"] / 16.387064))
        self.open("en/compare/index.html?ids=%d,%d" % (bike["id"], other["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertTrue(self.css("#compare-table tr.row-bore td").text.endswith(" in"))

        # the Italian edition formats with a decimal comma; back to metric restores the page's own text
        self.open("it/" + bike["url"])
        self.assertEqual(self.css("tr.row-bore td").text, inches.replace(".", ",") + " in")
        self.css(".unit-switch input[value='metric']").click()
        self.assertEqual(self.css("tr.row-bore td").text, "%g mm" % bike["bore"])
        self.open("en/" + bike["url"])
        self.assertEqual(self.css("tr.row-bore td").text, "%g mm" % bike["bore"])
        self.assertTrue(self.css(".unit-switch input[value='metric']").is_selected())


if __name__ == "__main__":
    unittest.main()
