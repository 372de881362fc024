"""The catalogue page in real browsers, over HTTP and from disk: search, filters, ordering (name and family
included), URL state, plurals, and the plain list without JavaScript."""

import functools
import json
import math
import os
import re
import unittest

from browser_support import (
    HALF_A,
    HALF_B,
    SITE_DIR,
    Keys,
    bikes,
    fold,
    list_rows,
    matrix,
    read_text,
    search_results,
    search_texts,
)


def default_order(lang="en"):
    return [b["id"] for b in bikes(lang)]


def search_ids(query, lang="en"):
    """What the search finds, best first, each group in the default order (browser_support.search_results)."""
    return list(_search_ids(query, lang))


@functools.lru_cache(maxsize=None)
def _search_ids(query, lang):
    # once per query: loops ask one per motorcycle, and each browser and scheme asks the same
    return tuple(b["id"] for b in search_results(bikes(lang), query, search_texts(lang)))


def searched(records, criteria, query, ranks=None, lang="en"):
    """The page's order of `records` (already filtered) for `query`: by the search's groups, then `criteria`."""
    by_id = {b["id"]: b for b in records}
    return [b["id"] for b in search_results([by_id[i] for i in ordered(records, criteria, ranks)], query, search_texts(lang))]


def raw_search_texts(lang="en"):
    """The edition's data/search-texts.js (SearchTexts): {"fields", "texts", "motorcycles": {id: [field, text, …]}}."""
    script = read_text(lang + "/data/search-texts.js")
    return json.loads(script[script.index("G.searchTexts = ") + len("G.searchTexts = ") : script.rindex(";\n})")])


def text_only_word(lang):
    """A word of the edition's texts that no name or family holds and no word of the other edition's texts starts
    with (so it is this language's), found in a few motorcycles' texts; with those motorcycles' ids in the default
    order."""
    data, other = raw_search_texts(lang), raw_search_texts("it" if lang == "en" else "en")
    names = " ".join(fold(b["name"] + " " + (b["family"] or "")) for b in bikes(lang))
    other_words = set(re.findall(r"\w+", fold(" ".join(other["texts"]))))
    by_word = {}
    for bike_id, pairs in data["motorcycles"].items():
        for number in pairs[1::2]:
            for word in set(re.findall(r"\w+", fold(data["texts"][number]))):
                by_word.setdefault(word, set()).add(int(bike_id))
    for word in sorted(by_word, key=lambda w: (abs(len(by_word[w]) - 8), w)):
        if len(word) >= 6 and word.isalpha() and word not in names and not any(o.startswith(word) for o in other_words):
            if 2 <= len(by_word[word]) < len(bikes(lang)) // 2:
                named = search_ids(word, lang)  # (names found with a typo would come first)
                return word, named + [b["id"] for b in bikes(lang) if b["id"] in by_word[word] and b["id"] not in named]
    return None, []


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
    """The page's range rule; the displacement range is on the nominal displacement."""
    value = bike["nominal" if key == "displacement" else key]
    if value is None:
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def ordered(records, criteria, ranks=None):
    """The page's rule: criteria in the order picked, missing values last, then the lower-case name, then the id.
    `ranks` ({"name": {name: rank}, "family": {family: rank}}) is the browser's collation of names and families."""

    def value(bike, key):
        if key == "year":
            return bike["first"]
        if key in ("name", "family"):
            return ranks[key].get(bike[key]) if bike[key] else None
        return bike[key]

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


class NoScriptCases:
    def test_without_javascript_every_bike_is_a_plain_link_and_controls_are_hidden(self):
        html = read_text("en/index.html")
        rows = list_rows(html)
        ids = [int(x) for x in re.findall(r'<li class="bike-item" data-id="(\d+)"(?: data-lazy)?>', rows)]
        self.assertEqual(ids, default_order()[:250])
        self.assertEqual(rows.count('class="bike-name" href="'), len(ids))
        # the tools and the first screen's row actions are drawn whole, shown with the first paint (the rows past
        # it get theirs from the script once the page is idle); without JavaScript the page's <noscript> style
        # hides them
        self.assertRegex(html, r'<div class="catalogue-tools needs-script" id="catalogue-tools">')
        lazy = rows.count(" data-lazy>")
        self.assertEqual(rows.count('<div class="row-actions needs-script">'), len(ids) - lazy)
        self.assertEqual(rows.count('<div class="row-actions needs-script" data-deferred></div>'), lazy)
        self.assertIn("<noscript><style>.needs-script { display: none !important; }</style></noscript>", html)
        self.assertRegex(html, r'<script defer src="\.\./assets/js/catalogue-page\.[0-9a-f]{8}\.js"></script>')
        # the data is not loaded with the page: the scripts load its parts when a reader asks for it
        self.assertNotIn("data/catalogue-0.js\"></script>", html)
        self.assertRegex(html, r'data-catalogue="\.\./en/data/catalogue-0\.js"[^>]* id="ui-strings"')
        scripts = "".join(read_text("assets/js/" + name) for name in os.listdir(os.path.join(SITE_DIR, "assets", "js")))
        self.assertIsNone(re.search(r"\bfetch\(\s*[\w\"'`]", scripts), "fetch() is refused on file://")
        # with JavaScript off in the browser the list is complete and no control shows
        self.driver.set_javascript(False)
        try:
            self.open("en/index.html")
            self.assertEqual(len(self.visible_ids()), len(ids))
            self.assertFalse(self.css("#catalogue-tools").displayed())
            # (one script for the 148 hearts: a WebDriver call each took 10 s of a busy machine)
            shown = "return Array.from(document.querySelectorAll('.garage-toggle')).filter((b) => b.getClientRects().length).length;"
            self.assertEqual(self.driver.js("return document.querySelectorAll('.garage-toggle').length;"), len(ids) - lazy)
            self.assertEqual(self.driver.js(shown), 0)
            # every page's search field is a plain form: it lands on the catalogue with the query, the list whole
            self.open("en/browse/index.html")
            self.css("#site-q").send_keys("lemans", Keys.ENTER)
            self.wait(lambda d: "en/index.html?q=lemans" in d.url)
            # the address changes when the page starts to arrive: the list is whole once it is parsed (a busy
            # machine's Firefox was counted at 72 rows of 148)
            self.wait(lambda d: d.js("return document.readyState") != "loading")
            self.assertEqual(len(self.visible_ids()), len(ids))
        finally:
            self.driver.set_javascript(True)


class SearchCases:
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
        self.wait(lambda d: self.query_params().get("q") == [accented_word.lower()])

    # what a row says of its motorcycle, read in the page: everything a draw writes into it, and the state it takes
    READ_ROWS = (
        "return Array.from(document.querySelectorAll('#bike-list > li'), (li) => {"
        "  const link = li.querySelector('.bike-name'), heart = li.querySelector('.garage-toggle');"
        "  const box = li.querySelector('.compare-check'), thumb = li.querySelector('.bike-thumb');"
        "  return [Number(li.dataset.id), JSON.stringify([link.href, link.textContent,"
        "    heart && [heart.dataset.id, heart.dataset.name, heart.getAttribute('aria-label'),"
        "      heart.getAttribute('aria-pressed')],"
        "    box && [box.value, box.getAttribute('aria-label'), box.checked, box.disabled],"
        "    Array.from(li.querySelectorAll('dd'), (dd) => [dd.dataset.field, dd.dataset.value, dd.textContent]),"
        "    thumb ? thumb.outerHTML : ''])];"
        "});"
    )

    def test_a_row_given_to_another_motorcycle_says_only_that_one(self):
        # a letter fills the rows on screen with the motorcycles that now come at their places (catalogue-rows.js):
        # each must then read as the page's own row of that motorcycle, its heart, tick and units included, and a
        # figure converted to US units must go back to that motorcycle's metric text, not the one the row showed
        words = {}
        for b in bikes():
            for w in set(fold(b["name"]).split()):
                words[w] = words.get(w, 0) + 1
        query = next(
            w
            for w, n in sorted(words.items(), key=lambda item: (-item[1], item[0]))
            if len(w) >= 3 and n >= 3 and search_ids(w)[:2] != default_order()[:2]
        )
        saved, ticked = search_ids(query)[:2]  # the first two results, further down the plain list
        self.open_catalogue()
        self.css("#f-q").click()  # the data, and the idle slices that give the page's rows their hearts and ticks
        self.wait(lambda d: d.js("return !document.querySelector('#bike-list [data-deferred]')"))
        self.css("#bike-list li[data-id='%d'] .garage-toggle" % saved).click_in_place()  # below the list's head
        self.css("#bike-list li[data-id='%d'] .compare-check" % ticked).click_in_place()
        self.wait(lambda d: self.css("#bike-list li[data-id='%d'] .garage-toggle" % saved).attr("aria-pressed") == "true")
        plain = {}
        try:
            for units in ("metric", "imperial"):
                self.css(".unit-switch input[value='%s']" % units).click()
                self.wait(lambda d: bool(self.css_all("#bike-list dd.imperial")) == (units == "imperial"))
                plain[units] = dict(self.driver.js(self.READ_ROWS))
            self.assertEqual(len(plain["metric"]), len(bikes()))
            self.assertNotEqual(plain["metric"], plain["imperial"])
            for units, typed in (("imperial", query), ("metric", query), ("metric", "")):
                self.css(".unit-switch input[value='%s']" % units).click()
                self.driver.js(
                    "document.getElementById('bike-list').scrollIntoView();"  # on screen: a letter fills its rows
                    "window.__had = new Map(Array.from(document.querySelectorAll('#bike-list > li'),"
                    "  (li) => [li, li.dataset.id]));"
                )
                self.type_into("#f-q", typed)
                self.wait_for_ids(search_ids(typed) if typed else default_order(), typed)
                filled = self.driver.js(
                    "return Array.from(document.querySelectorAll('#bike-list > li'))"
                    "  .filter((li) => window.__had.has(li) && window.__had.get(li) !== li.dataset.id).length;"
                )
                if units == "imperial" or not typed:  # (the second step ends where it started)
                    self.assertGreater(filled, 0, "no row was given to another motorcycle (%s, %r)" % (units, typed))
                rows = self.driver.js(self.READ_ROWS)
                self.assertEqual(len({i for i, _ in rows}), len(rows), "a motorcycle's row twice")
                wrong = [i for i, row in rows if row != plain[units][i]]
                self.assertEqual(wrong, [], "rows that do not read as their motorcycle's (%s, %r)" % (units, typed))
        finally:
            self.css(".unit-switch input[value='metric']").click()

    def test_a_letter_draws_its_first_rows_at_once_and_the_rest_of_the_screen_after_its_frame(self):
        # the frame of a key holds the count and the first two rows; the rows below are filled in a task after that
        # frame (catalogue-rows.js, drawFirst), long before the rest of the list (when idle)
        words = {}
        for b in bikes():
            for w in set(fold(b["name"]).split()):
                words[w] = words.get(w, 0) + 1
        shared = [w for w, n in sorted(words.items(), key=lambda item: (-item[1], item[0])) if len(w) >= 3 and n >= 4]
        query = next((w for w in shared if search_ids(w)[2] != default_order()[2]), None)
        if query is None or len(bikes()) < 60:
            self.skipTest("no name word shared by four motorcycles, or a list shorter than a few screens")
        expected = search_ids(query)
        self.open_catalogue()
        self.type_into("#f-q", "")  # the data, asked for by the focus
        self.wait(lambda d: d.js("return document.getElementById('bike-list').getAttribute('aria-busy') === null"))
        # the list's top on screen, and rows below it to fill
        self.driver.js("window.scrollBy(0, document.getElementById('bike-list').getBoundingClientRect().top - 100);")
        at_once = self.driver.js(
            "const field = document.getElementById('f-q'); field.value = arguments[0];"
            "field.dispatchEvent(new Event('input', {bubbles: true}));"
            "const rows = Array.from(document.querySelectorAll('#bike-list > li'));"
            "return rows.slice(0, 3).map((li) => Number(li.dataset.id));",
            query,
        )
        self.assertEqual(at_once[:2], expected[:2], "the first rows, in the letter's own task")
        self.assertNotEqual(at_once[2], expected[2], "the third row, drawn after the frame, not in the letter's task")
        # the task after the frame: a frame callback registered after the page's runs after it, and its task after
        # the page's
        after_frame = self.driver.js_async(
            "requestAnimationFrame(() => setTimeout(() => done(Array.from("
            "  document.querySelectorAll('#bike-list > li'), (li) => Number(li.dataset.id)).slice(0, 3)), 0));"
        )
        self.assertEqual(after_frame, expected[:3], "the rest of the screen, in the task after the frame")
        self.wait_for_ids(expected, query)

    def test_the_search_box_is_laid_out_alone_at_the_height_it_would_have(self):
        """Contained, a letter typed lays out the box alone, not the page (issue 37); so the sheet gives it a height,
        which must be the one its line, padding and border give it uncontained: no text cut, nothing moved."""
        self.open_catalogue()
        contain, height, natural = self.driver.js(
            "const field = document.getElementById('f-q');"
            "const copy = field.cloneNode(); copy.removeAttribute('id');"
            "copy.style.contain = 'none'; copy.style.height = 'auto'; field.after(copy);"
            "const natural = copy.getBoundingClientRect().height; copy.remove();"
            "return [getComputedStyle(field).contain, field.getBoundingClientRect().height, natural];"
        )
        self.assertEqual(set(contain.split()), {"size", "layout"})
        self.assertGreater(natural, 20)
        self.assertAlmostEqual(height, natural, delta=0.5)

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

    def test_names_as_people_type_them_typos_and_any_text(self):
        def having(words):
            return {b["id"] for b in bikes() if words in fold(b["name"] + " " + (b["family"] or ""))}

        le_mans, california = having("le mans"), having("california")
        if not le_mans or not california:
            self.skipTest("this dataset has no Le Mans or no California")
        self.open_catalogue()
        for query, must in (("le-mans", le_mans), ("californa", california)):
            self.type_into("#f-q", query)
            expected = search_ids(query)
            self.assertTrue(must <= set(expected), query)
            self.wait_for_ids(expected, query)
        # a number is never a typo: 850 does not find a 650
        self.type_into("#f-q", "850")
        self.wait_for_ids(search_ids("850"))
        self.assertFalse(any("650" in b["name"] and "850" not in b["name"] for b in bikes() if b["id"] in self.visible_ids()))
        # any text is a query: searched as text, never an error
        for query in ('*(\\"«½»', "x" * 40):  # (emoji and 1 000 characters: node's tests; ChromeDriver types the BMP)
            self.type_into("#f-q", query)
            self.wait_for_ids(search_ids(query), query[:10])
        self.assert_console_clean()

    def test_the_texts_of_the_pages_are_searched_in_the_editions_language(self):
        for lang in ("en", "it"):
            word, expected = text_only_word(lang)
            if not word:
                self.skipTest("no word of the %s texts alone in this dataset" % lang)
            self.open_catalogue(lang, query="?q=" + word)
            self.wait_for_ids(expected, word)
            # each row says why it is there: the word marked in an excerpt of the text
            marks = [fold(m.text) for m in self.css_all("#bike-list li:first-child .bike-excerpt mark")]
            self.assertIn(word, marks)
            # a letter that leaves the excerpts as they read leaves their nodes alone: not made, styled and painted again
            self.driver.js(
                "window.__kept = undefined;"
                "const mark = document.querySelector('#bike-list li:first-child .bike-excerpt mark');"
                "document.getElementById('f-q').addEventListener('input', () => setTimeout(() => {"
                "  window.__kept = document.querySelector('#bike-list li:first-child .bike-excerpt mark') === mark;"
                "}), { once: true });"
            )
            self.css("#f-q").send_keys(" ")
            self.wait(lambda d: d.js("return window.__kept !== undefined"), message="no input event")
            self.assertTrue(self.driver.js("return window.__kept"), "the excerpt was made again")
            # the other edition has the text in its own words: the word finds nothing there
            other = "it" if lang == "en" else "en"
            self.open_catalogue(other, query="?q=" + word)
            self.wait_for_ids([], word + " in " + other)

    def test_every_page_searches_the_catalogue(self):
        bike = bikes()[len(bikes()) // 2]
        self.open("en/" + bike["url"])
        self.css("#site-q").send_keys("lemans", Keys.ENTER)
        self.wait(lambda d: "index.html?q=lemans" in d.url and "/moto/" not in d.url)
        self.wait(lambda d: self.css("#catalogue-tools").attr("data-ready") == "true")
        self.wait_for_ids(search_ids("lemans"))
        self.assertEqual(self.css("#f-q").prop("value"), "lemans")
        # the Italian edition's field lands on the Italian catalogue
        self.open("it/garage/index.html")
        self.css("#site-q").send_keys("zigollo", Keys.ENTER)
        self.wait(lambda d: "/it/index.html?q=zigollo" in d.url)
        self.wait_for_ids(search_ids("zigollo", "it"))
        self.assertEqual(self.css_all("#site-q"), [], "the catalogue has its own field")

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
        self.assertEqual(self.css("#f-cycle option[value='2']").prop("textContent"), "2 tempi")


class FilterCases:
    def test_the_folded_panels_controls_come_from_their_template_once_the_page_is_idle(self):
        # in the HTML they wait in a <template>: in the document at DOMContentLoaded, Chromium's form scanning of
        # them made the end of the load one long task (issue 38)
        html = read_text(os.path.join(SITE_DIR, "en", "index.html"))
        self.assertRegex(html, r'<template id="filter-panel-controls">\s*<div class="filter-grid">')
        self.open_catalogue()
        self.wait(
            lambda d: d.js("return !document.getElementById('filter-panel-controls')"
                           " && document.querySelectorAll('#filter-panel input, #filter-panel select').length > 10"),
            message="the panel's controls never came into the page",
        )
        self.assertIsNone(self.css("#filter-panel").attr("open"), "put in, not unfolded")
        self.open_filters()
        self.select("#f-cycle", "2")
        self.wait_for_ids([b["id"] for b in bikes() if b["cycle"] == 2])

    def test_the_rows_past_the_first_screen_get_their_heart_and_tick_once_the_page_is_idle(self):
        # in the HTML they are left out of the rows past the first screen: two controls a row in the document made
        # Chromium's scan of its form controls at the end of the load one long task (issue 38)
        rows = list_rows(read_text("en/index.html"))
        lazy = re.findall(r'<li class="bike-item" data-id="\d+" data-lazy>.*?</li>', rows, re.S)
        self.assertTrue(all('<div class="row-actions needs-script" data-deferred></div>' in row for row in lazy))
        self.assertEqual(rows.count('class="garage-toggle"'), rows.count('<li class="bike-item"') - len(lazy))
        # between groups of 20 rows, a pause for the parser (pages/catalogue.html), which the script takes out
        pauses = rows.count('<script type="text/plain" class="parser-pause"></script>')
        self.assertEqual(pauses, (rows.count('<li class="bike-item"') - 1) // 20)
        self.open_catalogue()
        self.wait(
            lambda d: d.js("return !document.querySelector('#bike-list [data-deferred]')"
                           " && document.querySelectorAll('#bike-list .garage-toggle').length"
                           " === document.querySelectorAll('#bike-list > li').length"
                           " && document.querySelectorAll('#bike-list .compare-check').length"
                           " === document.querySelectorAll('#bike-list > li').length"),
            message="the rows never got their hearts and ticks",
        )
        self.assertEqual(self.driver.js("return document.querySelectorAll('#bike-list > :not(li)').length"), 0)
        # the last row's are its own: named for its motorcycle, and they work
        last = bikes()[-1]
        row = "#bike-list > li:last-child"
        self.assertEqual(int(self.css(row).attr("data-id")), last["id"])
        self.assertIn(last["name"], self.css(row + " .garage-toggle").attr("aria-label"))
        self.assertIn(last["name"], self.css(row + " .compare-check").attr("aria-label"))
        self.css(row + " .garage-toggle").click()
        self.wait(lambda d: self.css(row + " .garage-toggle").attr("aria-pressed") == "true")
        self.css(row + " .compare-check").click()
        self.wait(lambda d: "compare=%d" % last["id"] in d.url)

    def test_ranges_are_bounded_by_the_data(self):
        self.open_catalogue()
        self.open_filters()
        for key in ("displacement", "bore", "stroke", "power", "weight", "wheelbase"):
            field = "nominal" if key == "displacement" else key
            values = [b[field] for b in bikes() if b[field] is not None]
            for bound, expected in (("min", min(values)), ("max", max(values))):
                element = self.css("#f-%s-%s" % (key, bound))
                self.assertEqual(float(element.attr(bound)), float(expected), key + " " + bound)
        years = [b["first"] for b in bikes()] + [b["last"] for b in bikes() if b["last"]]
        self.assertEqual(int(self.css("#f-year-min").attr("min")), min(years))
        self.assertEqual(int(self.css("#f-year-max").attr("max")), max(years))
        # every input has a real label; the displacement says which one it filters on
        for field in self.css_all("#filters input, #filters select"):
            field_id = field.attr("id")
            self.assertTrue(field_id and self.css_all("label[for='%s']" % field_id), field.attr("name"))
        self.assertIn("nominal", self.css("fieldset[data-range='displacement'] legend").text)
        self.assertIn("actual", self.css("#f-sort-key option[value='displacement']").prop("textContent"))

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
        # what is typed goes into the address once the typing pauses, or the focus leaves the field (catalogue.js)
        self.wait(lambda d: self.query_params().get("year_max") == [str(high)], message=str(self.query_params()))
        self.assertEqual(self.query_params().get("year_min"), [str(low)])

    def test_families_or_within_and_across_filters(self):
        self.open_catalogue()
        self.open_filters()
        families = largest_families(2)
        for family in families:
            self.css("#f-families input[value='%s']" % family).click()
        members = [b for b in bikes() if b["family"] in families]
        expected = [b["id"] for b in members]
        self.wait_for_ids(expected)
        self.assertEqual(sorted(self.query_params().get("family")), sorted(families))
        # AND with a range: one of the two families, and at least the largest nominal displacement among them
        top = max(b["nominal"] for b in members)
        self.type_into("#f-displacement-min", "%g" % top)
        expected = [b["id"] for b in members if in_range(b, "displacement", top)]
        self.assertTrue(0 < len(expected) < len(members))
        self.wait_for_ids(expected)
        self.assertEqual(self.count_text(), ("%d result" if len(expected) == 1 else "%d results") % len(expected))

    def test_displacement_filters_on_the_nominal_figure(self):
        # a bike whose actual displacement is above its nominal one: "from <nominal>" keeps it and
        # "up to <nominal>" too, while a filter on the actual figure would drop it from the second
        bike = next(b for b in bikes() if b["displacement"] > b["nominal"])
        self.open_catalogue(query="?displacement_max=%g" % bike["nominal"])
        expected = [b["id"] for b in bikes() if in_range(b, "displacement", None, bike["nominal"])]
        self.assertIn(bike["id"], expected)
        self.wait_for_ids(expected)

    def test_engine_cycle(self):
        self.open_catalogue()
        self.open_filters()
        self.select("#f-cycle", "2")
        expected = [b["id"] for b in bikes() if b["cycle"] == 2]
        self.assertTrue(expected)
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("cycle"), ["2"])

    def test_figure_ranges_combine(self):
        self.open_catalogue()
        self.open_filters()
        # ranges around one mid-size bike, so it always stays: from its figure, or up to it
        with_power = sorted((b for b in bikes() if b["power"] is not None), key=lambda b: b["nominal"])
        target = with_power[len(with_power) // 2]
        cases = [
            ("displacement", target["nominal"] - 50, target["nominal"] + 100),
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
        # drawn when the data comes, the last of the plain rows out when the browser is idle
        self.wait(lambda d: len(self.visible_ids()) < len(bikes()), message="the address's state was never drawn")
        self.css("#f-clear").click()
        self.wait_for_ids(default_order())
        self.assertEqual(self.css("#f-q").prop("value"), "")
        self.assertEqual(self.css("#f-power-min").prop("value"), "")
        self.assertEqual(self.query_params(), {})
        self.assertEqual([li.attr("data-key") for li in self.css_all("#sort-list li")], ["year"])


class OrderingCases:
    def add_criterion(self, key, direction):
        self.open_filters()  # the ordering folds into the filters' panel
        self.select("#f-sort-key", key)
        self.select("#f-sort-dir", direction)
        self.css("#f-sort-add").click()

    def ranks(self, lang="en"):
        records = bikes(lang)
        return {
            "name": self.collation_ranks([b["name"] for b in records], lang),
            "family": self.collation_ranks([b["family"] for b in records if b["family"]], lang),
        }

    def test_the_wide_lists_head_orders_by_its_columns(self):
        # the browsers' windows are 1280 px wide: the list is a table whose column labels the script made buttons
        self.open_catalogue()
        self.assertEqual(self.css("#list-head").attr("role"), "group")
        self.assertIsNone(self.css("#list-head").attr("aria-hidden"))
        column = lambda key: self.css('#list-head button[data-sort="%s"]' % key)  # noqa: E731
        column("max_speed").click()
        self.wait_for_ids(ordered(bikes(), [("max_speed", "asc"), ("year", "desc")], self.ranks()))
        self.assertEqual(self.query_params().get("sort"), ["max_speed-asc,year-desc"])
        column("max_speed").click()  # pressed again: reversed
        self.wait_for_ids(ordered(bikes(), [("max_speed", "desc"), ("year", "desc")], self.ranks()))
        column("family").click()  # the former first key second
        self.wait_for_ids(ordered(bikes(), [("family", "asc"), ("max_speed", "desc")], self.ranks()))
        self.assertEqual(self.query_params().get("sort"), ["family-asc,max_speed-desc"])
        state = self.driver.js(
            "return Array.from(document.querySelectorAll('#list-head button'), (b) => "
            "[b.dataset.sort, b.getAttribute('aria-pressed'), b.dataset.dir || '', b.textContent]);"
        )
        marked = {key: (pressed, direction, text) for key, pressed, direction, text in state}
        self.assertEqual(marked["family"], ("true", "asc", "Family, ascending"))
        self.assertEqual(marked["max_speed"], ("false", "desc", "Top speed, descending"))
        self.assertEqual(marked["power"], ("false", "", "Power"))
        # the panel's criteria are the same ones
        labels = [li.prop("textContent") for li in self.css_all("#sort-list .sort-label")]
        self.assertEqual(labels, ["Family, ascending", "Top speed, descending"])

    def test_two_criteria_in_the_order_picked(self):
        self.open_catalogue()
        self.add_criterion("displacement", "asc")
        self.add_criterion("power", "desc")
        expected = ordered(bikes(), [("displacement", "asc"), ("power", "desc")])
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("sort"), ["displacement-asc,power-desc"])
        self.assertEqual(
            [li.attr("data-key") + "-" + li.attr("data-dir") for li in self.css_all("#sort-list li")],
            ["displacement-asc", "power-desc"],
        )
        # the order matters: power first, then displacement
        self.css("#sort-list li:first-child .sort-remove").click()
        self.add_criterion("displacement", "asc")
        expected = ordered(bikes(), [("power", "desc"), ("displacement", "asc")])
        self.wait_for_ids(expected)
        missing_power = [b["id"] for b in bikes() if b["power"] is None]
        self.assertTrue(missing_power)
        self.assertEqual(sorted(self.visible_ids()[-len(missing_power):]), sorted(missing_power), "missing figures last")
        # reverse a criterion with the keyboard
        self.css("#sort-list li:first-child .sort-reverse").send_keys(Keys.ENTER)
        self.wait_for_ids(ordered(bikes(), [("power", "asc"), ("displacement", "asc")]))
        self.assertEqual(self.driver.active().attr("class"), "sort-reverse")

    def test_sort_combined_with_a_filter(self):
        family = largest_families(1)[0]
        self.open_catalogue(query="?family=%s&sort=weight-desc,year-asc" % family.replace(" ", "+"))
        expected = ordered([b for b in bikes() if b["family"] == family], [("weight", "desc"), ("year", "asc")])
        self.assertTrue(expected)
        self.wait_for_ids(expected)

    def test_order_by_name_ignores_accents_and_case(self):
        self.open_catalogue()
        self.add_criterion("name", "asc")
        expected = ordered(bikes(), [("name", "asc")], self.ranks())
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("sort"), ["name-asc"])
        # descending, then the Italian edition, from the URL alone
        self.open_catalogue(query="?sort=name-desc")
        self.wait_for_ids(ordered(bikes(), [("name", "desc")], self.ranks()))
        self.open_catalogue("it", query="?sort=name-asc")
        self.wait_for_ids(ordered(bikes("it"), [("name", "asc")], self.ranks("it")))

    def test_latest_added_orders_by_the_release_that_added_each(self):
        if "added" not in bikes()[0]:
            self.skipTest("the site was built without a history sidecar (needs ../shared's history bundle)")
        self.open_catalogue()
        self.add_criterion("added", "desc")
        expected = ordered(bikes(), [("added", "desc")])
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("sort"), ["added-desc"])
        # the newest release's motorcycles first
        newest = max(b["added"] for b in bikes() if b["added"] is not None)
        self.assertEqual(bikes()[[b["id"] for b in bikes()].index(expected[0])]["added"], newest)
        # from the URL, in the other edition, combined with a filter
        self.open_catalogue("it", query="?cycle=4&sort=added-asc,year-desc")
        self.wait_for_ids(ordered([b for b in bikes("it") if b["cycle"] == 4], [("added", "asc"), ("year", "desc")]))

    def test_order_by_family_puts_bikes_without_one_last(self):
        self.open_catalogue()
        self.add_criterion("family", "desc")
        self.add_criterion("year", "asc")
        expected = ordered(bikes(), [("family", "desc"), ("year", "asc")], self.ranks())
        self.wait_for_ids(expected)
        self.assertEqual(self.query_params().get("sort"), ["family-desc,year-asc"])
        without = [b["id"] for b in bikes() if not b["family"]]
        if without:
            self.assertEqual(sorted(self.visible_ids()[-len(without):]), sorted(without), "no family: last")
        # combined with name and a search, in both editions
        query = "?q=v&sort=family-asc,name-desc"
        records = [b for b in bikes() if b["id"] in search_ids("v")]
        self.open_catalogue(query=query)
        self.wait_for_ids(searched(records, [("family", "asc"), ("name", "desc")], "v", self.ranks()))
        records_it = [b for b in bikes("it") if b["id"] in search_ids("v", "it")]
        self.open_catalogue("it", query=query)
        self.wait_for_ids(searched(records_it, [("family", "asc"), ("name", "desc")], "v", self.ranks("it"), "it"))
        # the ordering is in the folded panel, whose summary says how much it holds
        labels = [li.prop("textContent") for li in self.css_all("#sort-list .sort-label")]
        self.assertEqual(labels, ["Famiglia, crescente", "Nome, decrescente"])
        self.assertEqual(self.css("#filter-count").text, "(1 attivo)")
        self.assertIsNone(self.css("#filter-panel").attr("open"), "a shared address does not unfold the panel")


class URLStateCases:
    PAUSE_MS = 900  # the typing pause of js/catalogue.js is 1000 ms: a write after a letter comes that much later at least

    def record_address_writes(self, what):
        """Wraps history.pushState and replaceState so that each call pushes `what` (a script expression) to
        window.writes."""
        self.driver.js(
            "window.writes = [];"
            "for (const name of ['pushState', 'replaceState']) {"
            "  const original = history[name].bind(history);"
            "  history[name] = (...args) => { writes.push(%s); return original(...args); };"
            "}" % what
        )

    def test_the_address_is_written_once_the_typing_pauses(self):
        """A new address cost Chromium 30-50 ms on a phone's CPU, a task the next letter waited for: while a reader
        types, none is written; each write comes a pause (1000 ms in js/catalogue.js) after the
        letter before it, and the address has the query in the end. Read from the order of the page's own events,
        not the test's clock."""
        self.open_catalogue()
        self.record_address_writes("performance.now()")
        self.driver.js(
            "window.letters = [];"
            "document.getElementById('f-q').addEventListener('input', () => letters.push(performance.now()));"
        )
        self.type_into("#f-q", "lemans")
        self.wait(lambda d: "?q=lemans" in d.url, message="the query never reached the address")
        writes, letters = self.driver.js("return [window.writes, window.letters];")
        self.assertEqual(len(letters), len("lemans"))  # the empty field's select-all and Backspace change nothing
        self.assertTrue(writes)
        for write in writes:
            before = [letter for letter in letters if letter <= write]
            if before:
                gap = write - before[-1]
                self.assertGreaterEqual(gap, self.PAUSE_MS, "an address written %d ms after a letter" % gap)

    def test_enter_or_leaving_the_field_writes_the_address_at_once(self):
        """A reader done with the search (Enter, or Tab to the next field) need not wait for the pause: the address
        is written in the event that says so, not by the pause's timer."""
        for key in (Keys.ENTER, Keys.TAB):
            self.open_catalogue()
            self.record_address_writes("window.event ? window.event.type : 'none'")
            # the key in the same command as the letters: as a second command it came over a second after the last
            # letter once in CI (three browsers busy at once), and the pause had written the address already
            self.type_into("#f-q", "lemans" + key)
            self.wait(lambda d: "?q=lemans" in d.url, message="the query never reached the address")
            writes = self.driver.js("return window.writes;")
            self.assertTrue(writes and set(writes) <= {"change", "focusout"}, "writes in: %r" % (writes,))

    def test_state_restored_on_reload(self):
        word = fold(largest_families(1)[0]).split()[0]  # "california" with the real catalogue
        firsts = sorted(b["first"] for b in bikes() if b["id"] in search_ids(word))
        year = firsts[len(firsts) // 2]
        query = "?q=%s&cycle=4&year_min=%d&sort=displacement-desc,year-asc" % (word, year)
        self.open_catalogue(query=query)
        records = [
            b for b in bikes() if b["id"] in search_ids(word) and b["cycle"] == 4 and overlaps(b, year, math.inf)
        ]
        expected = searched(records, [("displacement", "desc"), ("year", "asc")], word)
        self.assertTrue(expected)
        self.wait_for_ids(expected)
        self.assertEqual(self.css("#f-q").prop("value"), word)
        self.assertEqual(self.css("#f-year-min").prop("value"), str(year))
        self.assertEqual(self.selected_value("#f-cycle"), "4")
        self.driver.refresh()
        self.wait(lambda d: self.css("#catalogue-tools").attr("data-ready") == "true")
        self.wait_for_ids(expected, "after reload")
        self.assertEqual(self.css("#f-q").prop("value"), word)

    def test_back_and_forward_restore_the_view(self):
        # a query matching 2- and 4-stroke bikes ("le mans" has none: pick one from the data)
        text = next(
            q
            for q in ("le mans", "a", "e", "o", "i")
            if {b["cycle"] for b in bikes() if b["id"] in search_ids(q)} == {2, 4} or q == "i"
        )
        self.open_catalogue()
        self.type_into("#f-q", text)
        typed = search_ids(text)
        self.wait_for_ids(typed)
        self.open_filters()
        self.select("#f-cycle", "4")  # a discrete change: its own history entry
        cycles = {b["id"]: b["cycle"] for b in bikes()}
        four = [i for i in typed if cycles[i] == 4]  # the search's order, which filters keep
        self.assertLess(len(four), len(typed))
        self.wait_for_ids(four)
        # a reader on the link of the first row that Back's draw gives to another motorcycle (catalogue-rows.js,
        # place): the focus must not stay on a link that then names another one
        at = next(i for i, (shown, back) in enumerate(zip(four, typed)) if shown != back)
        self.driver.js("document.querySelector('#bike-list > li:nth-child(%d) .bike-name').focus()" % (at + 1))
        self.driver.back()
        self.wait_for_ids(typed, "back: the cycle choice is undone, the query stays")
        focused = self.driver.js(
            "const row = document.activeElement && document.activeElement.closest('#bike-list > li');"
            "return row ? Number(row.dataset.id) : null;"
        )
        self.assertIn(focused, (None, four[at]), "the focus stayed in a row given to another motorcycle")
        self.assertEqual(self.selected_value("#f-cycle"), "")
        self.assertEqual(self.css("#f-q").prop("value"), text)
        self.driver.back()
        self.wait_for_ids(default_order(), "back again: before typing")
        self.assertEqual(self.css("#f-q").prop("value"), "")
        self.driver.forward()
        self.wait_for_ids(typed, "forward")
        # leaving the page and coming back keeps the view
        self.css("#bike-list li a.bike-name").click()
        self.wait(lambda d: "/moto/" in d.url)
        self.driver.back()
        self.wait(lambda d: self.css("#catalogue-tools").attr("data-ready") == "true")
        self.wait_for_ids(typed, "back from a motorcycle page")


class ThumbnailCases:
    THUMB = r'<img class="bike-thumb"[^>]*>|<span class="bike-thumb" aria-hidden="true"></span>'

    def test_drawn_rows_show_the_thumbnails_of_the_plain_list(self):
        html = read_text("en/index.html")
        rows = list_rows(html)
        plain = dict(re.findall(r'<li class="bike-item" data-id="(\d+)"(?: data-lazy)?>(%s)?' % self.THUMB, rows))
        if not any(plain.values()):
            self.skipTest("no photo sidecar beside the data: lists have no thumbnails")
        self.assertTrue(all(plain.values()), "with the sidecar every row has a thumbnail or a placeholder")
        self.open_catalogue()
        drawn = dict(
            self.driver.js(
                "return Array.from(document.querySelectorAll('#bike-list > li')).map((li) => {"
                "  const thumb = li.querySelector('.bike-thumb');"
                "  return [li.dataset.id, thumb ? thumb.outerHTML : ''];"
                "});"
            )
        )
        self.assertEqual(drawn, plain)
        # a photo and a placeholder take the same box, so the rows stay even
        sizes = self.driver.js(
            "return Array.from(document.querySelectorAll('#bike-list .bike-thumb')).slice(0, 40).map((t) => {"
            "  const r = t.getBoundingClientRect(); return [t.tagName, Math.round(r.width), Math.round(r.height)];"
            "});"
        )
        self.assertEqual({tuple(s[1:]) for s in sizes}, {tuple(sizes[0][1:])})
        self.assertGreater(sizes[0][1], 0)
        self.assertIn("IMG", {s[0] for s in sizes})
        # a row given to another motorcycle takes that one's own <img> (catalogue-rows.js, fillThumbnail): a new one
        # would ask for the photo and decode it again at every letter
        self.driver.js(
            "window.__imgs = new Map(Array.from(document.querySelectorAll('#bike-list > li'),"
            "  (li) => [li.dataset.id, li.querySelector('img.bike-thumb')]));"
        )
        self.type_into("#f-q", "v")
        self.wait_for_ids(search_ids("v"))
        self.type_into("#f-q", "")
        self.wait_for_ids(default_order())
        changed = self.driver.js(
            "return Array.from(document.querySelectorAll('#bike-list > li')).filter((li) =>"
            "  window.__imgs.get(li.dataset.id) !== li.querySelector('img.bike-thumb')).map((li) => li.dataset.id);"
        )
        self.assertEqual(changed, [], "rows whose photo is a new <img>")


globals().update(matrix(SearchCases, OrderingCases, URLStateCases, half=HALF_A))
globals().update(matrix(NoScriptCases, FilterCases, ThumbnailCases, half=HALF_B))

if __name__ == "__main__":
    unittest.main()
