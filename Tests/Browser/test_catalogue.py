"""The catalogue page in a real browser: search, filters, ordering, URL state, plurals (issue 4)."""

import functools
import math
import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import BrowserTestCase, bikes, fetch_text, fold


def default_order(lang="en"):
    return [b["id"] for b in bikes(lang)]


def search_ids(query, lang="en"):
    tokens = fold(query).split()
    return [b["id"] for b in bikes(lang) if all(t in fold(b["name"] + " " + (b["family"] or "")) for t in tokens)]


def largest_families(n):
    counts = {}
    for b in bikes():
        if b["family"]:
            counts[b["family"]] = counts.get(b["family"], 0) + 1
    return sorted(counts, key=lambda f: (-counts[f], f))[:n]


def unique_query(lang="en"):
    """A query with exactly one result: "cafe" in the real catalogue, else the first name that is unique."""
    if len(search_ids("cafe", lang)) == 1:
        return "cafe"
    return next(fold(b["name"]) for b in bikes(lang) if len(search_ids(b["name"], lang)) == 1)


def overlaps(bike, low, high):
    last = bike["last"] if bike["last"] is not None else math.inf
    return last >= low and bike["first"] <= high


def in_range(bike, key, low=None, high=None):
    value = bike[key]
    if value is None:
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def ordered(records, criteria):
    """The page's rule: criteria in the order picked, missing figures last, then name, then id."""

    def value(bike, key):
        return bike["first"] if key == "year" else bike[key]

    def compare(x, y):
        for key, direction in criteria:
            a, b = value(x, key), value(y, key)
            if a is None or b is None:
                if a is None and b is None:
                    continue
                return 1 if a is None else -1
            if a != b:
                return (a - b if direction == "asc" else b - a) > 0 and 1 or -1
        nx, ny = x["name"].lower(), y["name"].lower()
        if nx != ny:
            return -1 if nx < ny else 1
        return x["id"] - y["id"]

    return [b["id"] for b in sorted(records, key=functools.cmp_to_key(compare))]


class NoScriptMarkupTests(BrowserTestCase):
    def test_without_javascript_every_bike_is_a_plain_link_and_controls_are_hidden(self):
        html = fetch_text("en/index.html")
        ids = [int(x) for x in re.findall(r'<li class="bike-item" data-id="(\d+)">', html)]
        self.assertEqual(ids, default_order())
        self.assertEqual(html.count('class="bike-name" href="'), len(ids))
        self.assertRegex(html, r'<div class="catalogue-tools" id="catalogue-tools" hidden>')
        self.assertEqual(html.count('<div class="row-actions" hidden>'), len(ids))
        self.assertRegex(html, r'<script defer src="\.\./assets/catalogue\.js"></script>')
        # with JavaScript off in the browser the list is complete and no control shows
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.open("en/index.html")
            self.assertEqual(len(self.visible_ids()), len(ids))
            self.assertFalse(self.css("#catalogue-tools").is_displayed())
            self.assertFalse(any(b.is_displayed() for b in self.css_all(".garage-toggle")))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


class SearchTests(BrowserTestCase):
    def test_accents_in_the_query_are_ignored(self):
        bike = next(b for b in bikes() if "a" in b["name"].lower() and fold(b["name"]) == b["name"].lower())
        word = next(w for w in bike["name"].split() if "a" in w.lower())
        self.open_catalogue()
        self.type_into("#f-q", word.lower().replace("a", "à", 1))  # "Falcone" -> "fàlcone"
        expected = search_ids(word)
        self.assertIn(bike["id"], expected)
        self.wait_for_ids(expected)

    def test_search_as_you_type_ignores_case_and_accents(self):
        accented = [b for b in bikes() if fold(b["name"]) != b["name"].lower()]
        if not accented:
            self.skipTest("no accented name in this dataset")
        name = accented[0]["name"]  # e.g. "V11 Café Sport"
        plain = fold(name).split()[1] if len(fold(name).split()) > 1 else fold(name)
        self.open_catalogue()
        self.assertEqual(self.count_text(), "%d results" % len(bikes()))
        self.assertEqual(self.visible_ids(), default_order())

        self.type_into("#f-q", plain.upper())  # "CAFE": no accent, other case
        expected = search_ids(plain)
        self.assertIn(accented[0]["id"], expected)
        self.wait_for_ids(expected, "plain query")
        accented_word = [w for w in name.split() if fold(w) == plain][0]  # "Café"
        self.type_into("#f-q", accented_word.lower())
        self.wait_for_ids(expected, "accented query")
        self.assertEqual(self.count_text(), "1 result" if len(expected) == 1 else "%d results" % len(expected))
        self.assertEqual(self.query_params().get("q"), [accented_word.lower()])

    def test_search_covers_the_family_and_all_words(self):
        self.open_catalogue()
        outside = [b["family"] for b in bikes() if b["family"] and fold(b["family"]) not in fold(b["name"])]
        family = outside[0] if outside else largest_families(1)[0]  # e.g. "California 1400" finds "MGX-21"
        self.type_into("#f-q", family.lower())
        expected = search_ids(family)
        self.assertTrue(expected)
        self.wait_for_ids(expected)
        self.type_into("#f-q", "zzzz no such bike")
        self.wait_for_ids([])
        self.assertEqual(self.count_text(), "0 results")

    def test_italian_edition_plurals(self):
        self.open_catalogue("it")
        self.assertEqual(self.count_text(), "%d risultati" % len(bikes("it")))
        self.type_into("#f-q", unique_query("it"))
        self.wait_for_ids(search_ids(unique_query("it"), "it"))
        self.assertEqual(self.count_text(), "1 risultato")
        self.type_into("#f-q", "e")
        expected = search_ids("e", "it")
        self.assertGreater(len(expected), 1)
        self.wait_for_ids(expected)
        self.assertEqual(self.count_text(), "%d risultati" % len(expected))
        self.assertEqual(self.css("#f-cycle option[value='2']").get_attribute("textContent"), "2 tempi")


class FilterTests(BrowserTestCase):
    def test_ranges_are_bounded_by_the_data(self):
        self.open_catalogue()
        self.open_filters()
        for key in ("displacement", "bore", "stroke", "power", "weight", "wheelbase"):
            values = [b[key] for b in bikes() if b[key] is not None]
            for bound, expected in (("min", min(values)), ("max", max(values))):
                field = self.css("#f-%s-%s" % (key, bound))
                self.assertEqual(float(field.get_attribute(bound)), float(expected), key + " " + bound)
        years = [b["first"] for b in bikes()] + [b["last"] for b in bikes() if b["last"]]
        self.assertEqual(int(self.css("#f-year-min").get_attribute("min")), min(years))
        self.assertEqual(int(self.css("#f-year-max").get_attribute("max")), max(years))
        # every input has a real label
        for field in self.css_all("#filters input, #filters select"):
            field_id = field.get_attribute("id")
            self.assertTrue(field_id and self.css_all("label[for='%s']" % field_id), field.get_attribute("name"))

    def test_years_range_keeps_bikes_built_in_the_span(self):
        self.open_catalogue()
        self.open_filters()
        firsts = sorted(b["first"] for b in bikes())
        low = firsts[len(firsts) // 3]
        high = low + 5  # 1950-1955 with the real catalogue
        self.type_into("#f-year-min", str(low))
        self.type_into("#f-year-max", str(high))
        expected = [b["id"] for b in bikes() if overlaps(b, low, high)]
        self.assertTrue(0 < len(expected) < len(bikes()))
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("year_min"), [str(low)])
        self.assertEqual(self.query_params().get("year_max"), [str(high)])

    def test_families_or_within_and_across_filters(self):
        self.open_catalogue()
        self.open_filters()
        families = largest_families(2)
        for family in families:
            self.css("#f-families input[value='%s']" % family).click()
        members = [b for b in bikes() if b["family"] in families]
        expected = [b["id"] for b in members]
        self.assertEqual(len(expected), sum(1 for b in bikes() if b["family"] == families[0]) + sum(1 for b in bikes() if b["family"] == families[1]))
        self.wait_for_ids(expected)
        self.assertEqual(sorted(self.query_params().get("family")), sorted(families))
        # AND with a range: one of the two families, and at least the largest displacement among them
        top = max(b["displacement"] for b in members)
        self.type_into("#f-displacement-min", "%g" % top)
        expected = [b["id"] for b in members if in_range(b, "displacement", top)]
        self.assertTrue(0 < len(expected) < len(members))
        self.wait_for_ids(expected)
        self.assertEqual(self.count_text(), ("%d result" if len(expected) == 1 else "%d results") % len(expected))

    def test_engine_cycle(self):
        self.open_catalogue()
        self.open_filters()
        Select(self.css("#f-cycle")).select_by_value("2")
        expected = [b["id"] for b in bikes() if b["cycle"] == 2]
        self.assertTrue(expected)
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("cycle"), ["2"])

    def test_figure_ranges_combine(self):
        self.open_catalogue()
        self.open_filters()
        # ranges around one mid-size bike, so it always stays: from its figure, or up to it
        target = sorted((b for b in bikes() if b["power"] is not None), key=lambda b: b["displacement"])[len(bikes()) // 2]
        cases = [
            ("displacement", target["displacement"] - 50, target["displacement"] + 100),
            ("bore", target["bore"], None),
            ("stroke", None, target["stroke"]),
            ("power", target["power"] - 5, None),
            ("weight", None, target["weight"] + 20),
            ("wheelbase", target["wheelbase"] - 100, target["wheelbase"] + 100),
        ]
        remaining = bikes()
        for key, low, high in cases:
            self.type_into("#f-%s-min" % key, "" if low is None else "%g" % low)
            self.type_into("#f-%s-max" % key, "" if high is None else "%g" % high)
            remaining = [b for b in remaining if in_range(b, key, low, high)]
            self.wait_for_ids([b["id"] for b in remaining], key)
        self.assertIn(target["id"], self.visible_ids())
        self.assertLess(len(remaining), len(bikes()) // 2, "the combined ranges should narrow the list")
        params = self.query_params()
        self.assertEqual(params.get("wheelbase_min"), ["%g" % (target["wheelbase"] - 100)])
        self.assertNotIn("power_max", params)

    def test_clear_button_resets_everything(self):
        self.open_catalogue(query="?q=v7&cycle=4&power_min=40&sort=power-asc")
        self.assertLess(len(self.visible_ids()), len(bikes()))
        self.css("#f-clear").click()
        self.wait_for_ids(default_order())
        self.assertEqual(self.css("#f-q").get_attribute("value"), "")
        self.assertEqual(self.css("#f-power-min").get_attribute("value"), "")
        self.assertEqual(self.query_params(), {})
        self.assertEqual([li.get_attribute("data-key") for li in self.css_all("#sort-list li")], ["year"])


class OrderingTests(BrowserTestCase):
    def test_two_criteria_in_the_order_picked(self):
        self.open_catalogue()
        Select(self.css("#f-sort-key")).select_by_value("displacement")
        Select(self.css("#f-sort-dir")).select_by_value("asc")
        self.css("#f-sort-add").click()
        Select(self.css("#f-sort-key")).select_by_value("power")
        Select(self.css("#f-sort-dir")).select_by_value("desc")
        self.css("#f-sort-add").click()
        expected = ordered(bikes(), [("displacement", "asc"), ("power", "desc")])
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("sort"), ["displacement-asc,power-desc"])
        self.assertEqual(
            [li.get_attribute("data-key") + "-" + li.get_attribute("data-dir") for li in self.css_all("#sort-list li")],
            ["displacement-asc", "power-desc"],
        )
        # the order matters: power first, then displacement
        self.css("#sort-list li:first-child .sort-remove").click()
        Select(self.css("#f-sort-key")).select_by_value("displacement")
        Select(self.css("#f-sort-dir")).select_by_value("asc")
        self.css("#f-sort-add").click()
        expected = ordered(bikes(), [("power", "desc"), ("displacement", "asc")])
        self.wait_for_ids(expected)
        missing_power = [b["id"] for b in bikes() if b["power"] is None]
        self.assertTrue(missing_power)
        self.assertEqual(sorted(self.visible_ids()[-len(missing_power):]), sorted(missing_power), "missing figures last")
        # reverse a criterion with the keyboard
        reverse = self.css("#sort-list li:first-child .sort-reverse")
        reverse.send_keys(Keys.ENTER)
        self.wait_for_ids(ordered(bikes(), [("power", "asc"), ("displacement", "asc")]))
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("class"), "sort-reverse")

    def test_sort_combined_with_a_filter(self):
        family = largest_families(1)[0]
        self.open_catalogue(query="?family=%s&sort=weight-desc,year-asc" % family.replace(" ", "+"))
        expected = ordered([b for b in bikes() if b["family"] == family], [("weight", "desc"), ("year", "asc")])
        self.assertTrue(expected)
        self.wait_for_ids(expected)


class URLStateTests(BrowserTestCase):
    def test_state_restored_on_reload(self):
        word = fold(largest_families(1)[0]).split()[0]  # "california" with the real catalogue
        firsts = sorted(b["first"] for b in bikes() if b["id"] in search_ids(word))
        year = firsts[len(firsts) // 2]
        query = "?q=%s&cycle=4&year_min=%d&sort=displacement-desc,year-asc" % (word, year)
        self.open_catalogue(query=query)
        records = [
            b
            for b in bikes()
            if b["id"] in search_ids(word) and b["cycle"] == 4 and overlaps(b, year, math.inf)
        ]
        expected = ordered(records, [("displacement", "desc"), ("year", "asc")])
        self.assertTrue(expected)
        self.wait_for_ids(expected)
        self.assertEqual(self.css("#f-q").get_attribute("value"), word)
        self.assertEqual(self.css("#f-year-min").get_attribute("value"), str(year))
        self.assertEqual(Select(self.css("#f-cycle")).first_selected_option.get_attribute("value"), "4")
        self.driver.refresh()
        self.wait(lambda d: self.css("#catalogue-tools").is_displayed())
        self.wait_for_ids(expected, "after reload")
        self.assertEqual(self.css("#f-q").get_attribute("value"), word)

    def test_back_and_forward_restore_the_view(self):
        # a query matching 2- and 4-stroke bikes ("le mans" has none: pick one from the data)
        text = next(
            q for q in ("le mans", "a", "e", "o", "i")
            if {b["cycle"] for b in bikes() if b["id"] in search_ids(q)} == {2, 4} or q == "i"
        )
        self.open_catalogue()
        self.type_into("#f-q", text)
        typed = search_ids(text)
        self.wait_for_ids(typed)
        self.open_filters()
        Select(self.css("#f-cycle")).select_by_value("4")  # a discrete change: its own history entry
        four = [b["id"] for b in bikes() if b["id"] in typed and b["cycle"] == 4]
        self.assertLess(len(four), len(typed))
        self.wait_for_ids(four)
        self.driver.back()
        self.wait_for_ids(typed, "back: the cycle choice is undone, the query stays")
        self.assertEqual(Select(self.css("#f-cycle")).first_selected_option.get_attribute("value"), "")
        self.assertEqual(self.css("#f-q").get_attribute("value"), text)
        self.driver.back()
        self.wait_for_ids(default_order(), "back again: before typing")
        self.assertEqual(self.css("#f-q").get_attribute("value"), "")
        self.driver.forward()
        self.wait_for_ids(typed, "forward")
        # leaving the page and coming back keeps the view
        self.css("#bike-list li:not([hidden]) a.bike-name").click()
        self.wait(lambda d: "/moto/" in d.current_url)
        self.driver.back()
        self.wait(lambda d: self.css("#catalogue-tools").is_displayed())
        self.wait_for_ids(typed, "back from a motorcycle page")


if __name__ == "__main__":
    unittest.main()
