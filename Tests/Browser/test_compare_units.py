"""Compare and the unit switch in real browsers, over HTTP and from disk."""

import re
import unittest
from urllib.parse import parse_qs, urlsplit

from browser_support import HALF_A, HALF_B, bikes, matrix, read_text


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


class CompareCases:
    def columns(self):
        return [th.css("a").text for th in self.css_all("#compare-table thead th")]

    def test_compare_picked_in_the_catalogue(self):
        chosen = pick_three()
        self.open_catalogue()
        link = self.css("#compare-link")
        self.assertIsNone(link.attr("href"))
        for bike in chosen:
            self.css("#bike-list li[data-id='%d'] .compare-check" % bike["id"]).click()
        self.wait(lambda d: link.attr("href"))
        self.assertEqual(link.text, "Compare (3)")
        self.wait(lambda d: self.query_params().get("compare") == [",".join(str(b["id"]) for b in chosen)])
        self.follow(link)
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 3)
        self.assertEqual(self.columns(), [b["name"] for b in chosen])

        # a differing row is highlighted, an equal one is not
        bore = self.css("#compare-table tr.row-bore")
        self.assertIn("differs", bore.attr("class").split())
        self.assertNotEqual(bore.css_value("background-color"), "rgba(0, 0, 0, 0)")
        cycle = self.css("#compare-table tr.row-stroke_cycle")
        self.assertNotIn("differs", cycle.attr("class").split())
        cells = [td.attr("data-value") for td in bore.css_all("td")]
        self.assertEqual([float(v) for v in cells], [float(b["bore"]) for b in chosen])

        # only the differences
        self.css("#compare-only-diff").click()
        self.assertFalse(cycle.displayed())
        self.assertTrue(bore.displayed())

        # remove a column: the URL follows, back restores it
        self.css("#compare-table thead th:nth-child(3) .compare-remove").click()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.columns(), [chosen[0]["name"], chosen[2]["name"]])
        self.assertEqual(
            parse_qs(urlsplit(self.driver.url).query)["ids"], ["%d,%d" % (chosen[0]["id"], chosen[2]["id"])]
        )
        self.driver.back()
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 3)

    def test_compare_in_italian_and_too_few(self):
        a, b = bikes("it")[0], bikes("it")[1]
        # the Italian catalogue links the Italian folder name, as every other Italian folder is translated
        self.open_catalogue("it")
        for bike in (a, b):
            self.css("#bike-list li[data-id='%d'] .compare-check" % bike["id"]).click()
        link = self.css("#compare-link")
        self.wait(lambda d: link.attr("href"))
        self.assertIn("/it/confronto/index.html?ids=%d,%d" % (a["id"], b["id"]), link.prop("href"))
        self.follow(link)
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.css("#compare-table tbody .section-row th").text, "Informazioni generali")
        self.open("it/confronto/index.html?ids=%d" % a["id"])
        self.wait(lambda d: self.css("#compare-status").text)
        self.assertIn("da 2 a 4", self.css("#compare-status").text)
        self.assertFalse(self.css("#compare-scroll").displayed())

    def test_rows_labels_and_texts_are_the_motorcycle_pages_own(self):
        listed = bikes()  # the real catalogue in CI; the 13 bikes of the sample in a clone without ../shared
        a, b = listed[0], listed[min(40, len(listed) - 1)]
        self.open("en/compare/index.html?ids=%d,%d" % (a["id"], b["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        rows = self.driver.js(
            "return Array.from(document.querySelectorAll('#compare-table tbody tr:not(.section-row)'), tr => ["
            " tr.className.split(' ')[0], tr.querySelector('th').firstChild.textContent,"
            " Array.from(tr.querySelectorAll('td'), td => td.innerHTML)]);"
        )
        for column, bike in enumerate((a, b)):
            page = read_text("en/" + bike["url"])
            expected = re.findall(r'<tr class="(row-[a-z_]+)"><th scope="row">([^<]*)</th><td[^>]*>(.*?)</td></tr>', page)
            self.assertEqual(len(rows), len(expected), "one row per row of the motorcycle page")
            for (key, label, cells), (page_key, page_label, page_cell) in zip(rows, expected):
                self.assertEqual(key, page_key)
                self.assertEqual(label, unescape(page_label))
                self.assertEqual(unescape(strip_tags(cells[column])), unescape(strip_tags(page_cell)), key)

    def test_the_chunks_are_asked_for_while_the_page_arrives_and_nothing_else_is_loaded(self):
        listed = bikes()
        a, b = listed[0], listed[-1]
        self.open("en/compare/index.html?ids=%d,%d" % (a["id"], b["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.columns(), [a["name"], b["name"]])
        self.assertEqual(
            [th.css("a").attr("href") for th in self.css_all("#compare-table thead th")],
            ["../../en/" + a["url"], "../../en/" + b["url"]],
            "each column links its motorcycle's page",
        )
        chunks = sorted({"specs-id-%d.js" % (bike["id"] // 50) for bike in (a, b)})
        preloads = self.driver.js(
            "return Array.from(document.querySelectorAll('link[rel=preload]'), (l) => l.getAttribute('href'));"
        )
        self.assertEqual(sorted(href.split("/")[-1] for href in preloads), chunks, "asked for while the page arrived")
        scripts = self.driver.js(
            "return Array.from(document.scripts, (s) => s.getAttribute('src') || '').filter((s) => s.includes('/data/'));"
        )
        self.assertEqual(sorted(src.split("/")[-1] for src in scripts), chunks, "the chunks, and no catalogue data")
        if self.scheme == "http":  # from disk the browsers time no resources
            loaded = self.driver.js(
                "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/data/'))"
                ".map((e) => [e.name.split('/').pop(), e.initiatorType]);"
            )
            self.assertEqual(sorted(loaded), [[name, "link"] for name in chunks], "each chunk loaded once, by its preload")

    def test_an_id_that_is_not_in_the_catalogue_is_left_out(self):
        listed = bikes()
        a, b = listed[0], listed[1]
        # one in the last chunk's range but not a motorcycle, one past the last chunk: no file is asked for
        missing = max(bike["id"] for bike in listed) + 1
        beyond = (max(bike["id"] for bike in listed) // 50 + 1) * 50
        self.open("en/compare/index.html?ids=%d,%d,%d,%d" % (a["id"], missing, beyond, b["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.assertEqual(self.columns(), [a["name"], b["name"]])
        asked = self.driver.js(
            "return Array.from(document.querySelectorAll('link[rel=preload], script[src*=\"/data/\"]'),"
            " (e) => (e.getAttribute('href') || e.getAttribute('src')).split('/').pop());"
        )
        self.assertNotIn("specs-id-%d.js" % (beyond // 50), asked)
        # removing a column keeps the ids the table does not show, as the address gave them
        self.css("#compare-table thead th:nth-child(2) .compare-remove").click()
        self.wait(lambda d: self.query_params().get("ids") == ["%d,%d,%d" % (missing, beyond, b["id"])])
        self.wait(lambda d: self.css("#compare-status").text)

    def test_a_chunk_that_cannot_be_loaded_says_so(self):
        by_chunk = {}
        for bike in bikes():
            by_chunk.setdefault(bike["id"] // 50, []).append(bike)
        pair = next((group[:2] for group in by_chunk.values() if len(group) >= 2), None)
        other = next((group[0] for number, group in by_chunk.items() if pair and number != pair[0]["id"] // 50), None)
        if not other:
            self.skipTest("needs motorcycles in two spec chunks (the real catalogue)")
        self.open("en/compare/index.html?ids=%d,%d" % (pair[0]["id"], pair[1]["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        # then the reader asks for a motorcycle whose chunk cannot be had (as offline, for a chunk never kept)
        self.driver.js(
            "document.getElementById('spec-chunks').dataset.specs = 'nowhere/{n}.js';"
            "history.pushState(null, '', location.pathname + '?ids=%d,%d');"
            "dispatchEvent(new PopStateEvent('popstate'));" % (pair[0]["id"], other["id"])
        )
        expected = self.driver.js("return JSON.parse(document.getElementById('ui-strings').textContent).load_error;")
        self.wait(lambda d: self.css("#compare-status").text == expected)
        self.assertFalse(self.css("#compare-scroll").displayed(), "no table of fewer motorcycles than asked for")
        self.driver.clear_console()  # the failed load is the point

def strip_tags(html):
    return re.sub(r"<[^>]+>", "", html)


def unescape(text):
    import html

    return html.unescape(text)


class UnitCases:
    def test_unit_switch_converts_and_is_remembered(self):
        bike = next(b for b in bikes() if b["slug"] == "v85-tt-2019") if any(
            b["slug"] == "v85-tt-2019" for b in bikes()
        ) else bikes()[0]
        self.open("en/" + bike["url"])
        self.wait(lambda d: self.css(".unit-switch").displayed())
        bore = self.css("tr.row-bore td")
        self.assertEqual(bore.text, "%g mm" % bike["bore"])
        self.css(".unit-switch input[value='imperial']").click()
        inches = "{:,.1f}".format(bike["bore"] / 25.4).rstrip("0").rstrip(".")
        self.wait(lambda d: bore.text == inches + " in")
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
        self.wait(lambda d: self.css(".unit-switch input[value='imperial']").selected())
        self.wait(lambda d: self.css("tr.row-wheelbase td").text.endswith(" in"))
        self.open_catalogue()
        expected = "{:,.1f} cu in".format(bike["displacement"] / 16.387064)
        self.wait(lambda d: self.css("#bike-list li[data-id='%d'] dd[data-unit='cc']" % bike["id"]).text == expected)
        self.open("en/compare/index.html?ids=%d,%d" % (bike["id"], other["id"]))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        self.wait(lambda d: self.css("#compare-table tr.row-bore td").text.endswith(" in"))

        # the Italian edition formats with a decimal comma; back to metric restores the page's own text
        self.open("it/" + bike["url"])
        self.wait(lambda d: self.css("tr.row-bore td").text == inches.replace(".", ",") + " in")
        self.css(".unit-switch input[value='metric']").click()
        self.wait(lambda d: self.css("tr.row-bore td").text == "%g mm" % bike["bore"])
        self.open("en/" + bike["url"])
        self.wait(lambda d: self.css(".unit-switch input[value='metric']").selected())
        self.assertEqual(self.css("tr.row-bore td").text, "%g mm" % bike["bore"])


globals().update(matrix(CompareCases, half=HALF_A))
# the unit chosen is kept by store.js, whose storage in every browser and scheme GarageStorageCases holds
globals().update(matrix(UnitCases, half=HALF_B))

if __name__ == "__main__":
    unittest.main()
