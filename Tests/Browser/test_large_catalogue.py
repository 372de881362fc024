"""A catalogue longer than one page (a few hundred synthetic bikes): without JavaScript, numbered pages that
together list every motorcycle; with it, one list drawn from data a page at a time ("show more"), searched and
ordered over the whole catalogue; compare across data chunks. Over HTTP and from disk, in both browsers.

Tests/run-all.sh builds the site from `../shared/tools/synth_catalogue.py 600` and sets LARGE_SITE_URL and
LARGE_SITE_DIR; without them these tests are skipped.
"""

import functools
import os
import re
import time
import unittest

from browser_support import HALF_B, bikes, list_rows, matrix, page_size, read_text, search_results, search_texts

LARGE_URL = os.environ.get("LARGE_SITE_URL", "")
LARGE_DIR = os.environ.get("LARGE_SITE_DIR", "")
# the rows drawn at a time, as the build writes it on the page (CataloguePage.pageSize)
PAGE = page_size(read_text("en/index.html", LARGE_DIR)) if LARGE_DIR else 0


def large_bikes(lang="en"):
    return bikes(lang, LARGE_DIR)


def large_result_ids(query):
    """The ids the English catalogue's search finds for `query`, in order (browser_support.search_results)."""
    return list(_large_result_ids(query))


@functools.lru_cache(maxsize=None)
def _large_result_ids(query):
    # once per query: loops ask one per motorcycle, and each browser and scheme asks the same
    return tuple(b["id"] for b in search_results(large_bikes(), query, search_texts("en", LARGE_DIR)))


def row_ids(html):
    rows = list_rows(html)
    return [int(x) for x in re.findall(r'<li class="bike-item" data-id="(\d+)"(?: data-lazy)?>', rows)]


class LargeCatalogueCases:
    @classmethod
    def setUpClass(cls):
        if not LARGE_URL or not LARGE_DIR:
            raise unittest.SkipTest("LARGE_SITE_URL and LARGE_SITE_DIR are not set (Tests/run-all.sh sets them)")
        super().setUpClass()

    def list_idle(self):
        """Whether the list has every row of its last draw (catalogue-rows.js takes aria-busy off then)."""
        return self.css("#bike-list").attr("aria-busy") is None

    def open_with_data(self):
        """Opens the catalogue and reaches for the search, which loads the data and the texts; returns once both are
        in and drawn (the texts' arrival draws the list again)."""
        self.open_catalogue()
        self.css("#f-q").click()
        self.wait(lambda d: self.list_idle() and d.js("return GuzziTracker.search.hasTexts()"))

    def test_without_javascript_numbered_pages_list_every_motorcycle(self):
        everything = [b["id"] for b in large_bikes()]
        self.assertGreater(len(everything), 2 * PAGE, "the synthetic catalogue must need three pages")
        for lang, folder in (("en", "page"), ("it", "pagina")):
            seen = []
            path = lang + "/index.html"
            pages = 0
            while path:
                html = read_text(path, LARGE_DIR)
                pages += 1
                seen += row_ids(html)
                pager = re.search(r'<nav class="pager" id="catalogue-pager" aria-label="[^"]+">(.*?)</nav>', html, re.S)
                self.assertTrue(pager, path + ": no pager")
                links = re.findall(r'<a href="([^"]+)"( aria-current="page")?>(\d+)</a>', pager.group(1))
                self.assertEqual([int(n) for _, _, n in links], list(range(1, len(links) + 1)))
                self.assertEqual([int(n) for _, current, n in links if current], [pages], path)
                following = [href for href, _, n in links if int(n) == pages + 1]
                path = os.path.normpath(os.path.join(os.path.dirname(path), following[0])) if following else None
                if path:
                    self.assertIn("/%s/%d/index.html" % (folder, pages + 1), "/" + path)
            self.assertEqual(seen, [b["id"] for b in large_bikes(lang)], lang + ": every bike once, in order")
            self.assertEqual(pages, (len(everything) + PAGE - 1) // PAGE)
        # without JavaScript the pager shows on the catalogue page; the list holds the first page only
        self.driver.set_javascript(False)
        try:
            self.open("en/index.html")
            self.assertEqual(len(self.visible_ids()), PAGE)
            self.assertTrue(self.css("#catalogue-pager").displayed())
            self.open("it/pagina/2/index.html")
            self.assertEqual(self.visible_ids(), [b["id"] for b in large_bikes("it")][PAGE : 2 * PAGE])
        finally:
            self.driver.set_javascript(True)

    def test_the_list_is_drawn_a_page_at_a_time(self):
        everything = [b["id"] for b in large_bikes()]
        self.open_catalogue()
        self.assertEqual(self.count_text(), "{:,} results".format(len(everything)))
        self.assertEqual(self.visible_ids(), everything[:PAGE])
        self.assertFalse(self.css("#catalogue-pager").displayed(), "with JavaScript the list replaces the pages")
        more = self.css("#show-more")
        self.assertTrue(more.displayed())
        self.assertIn("250", more.text)
        more.click()
        self.wait(lambda d: len(self.visible_ids()) == 2 * PAGE)
        self.assertEqual(self.visible_ids(), everything[: 2 * PAGE])
        first_new = self.css("#bike-list li:nth-child(%d) .bike-name" % (PAGE + 1))
        self.assertEqual(self.driver.active(), first_new, "focus moves to the first new row")
        self.css("#show-more").click()
        self.wait(lambda d: len(self.visible_ids()) == len(everything))
        self.assertFalse(self.css("#show-more").displayed())
        # a new search starts again from one page
        self.type_into("#f-q", "mk")
        expected = large_result_ids("mk")
        self.assertGreater(len(expected), PAGE)
        self.wait_for_ids(expected[:PAGE])

    def test_rows_drawn_after_the_first_screen_are_up_to_date(self):
        # a keystroke draws the rows on screen at once and the rest of the page of results when the browser is
        # idle (catalogue-rows.js): those come with the same compare tick and units as the rows drawn at once
        expected = search_results(large_bikes(), "mk", search_texts("en", LARGE_DIR))
        self.assertGreater(len(expected), PAGE)
        # far below the first screen, and never drawn before (not on the first page of the unfiltered list)
        first_page = {b["id"] for b in large_bikes()[:PAGE]}
        target = next(b for b in expected[PAGE // 2 : PAGE] if b["displacement"] and b["id"] not in first_page)
        self.open_catalogue(query="?compare=%d" % target["id"])
        row = "#bike-list li[data-id='%d']" % target["id"]
        try:
            for units in ("metric", "imperial"):
                self.type_into("#f-q", "zzzz no such bike")
                self.wait_for_ids([])
                if units == "imperial":  # switched while the row is out of the list
                    self.css(".unit-switch input[value='imperial']").click()
                    self.wait(lambda d: self.css(".unit-switch input[value='imperial']").selected())
                self.type_into("#f-q", "mk")
                self.wait_for_ids([b["id"] for b in expected[:PAGE]])
                self.wait(lambda d: self.list_idle(), message="the list stays busy")
                self.assertTrue(self.css(row + " .compare-check").selected(), units)
                cell = self.css(row + " dd[data-unit='cc']").prop("textContent")
                self.assertEqual(cell.endswith("cu in"), units == "imperial", cell)
                more = self.css("#show-more")
                self.assertTrue(more.displayed())
                self.assertIn("{:,}".format(len(expected)), more.text)
            self.wait(lambda d: self.query_params().get("q") == ["mk"])
        finally:
            self.css(".unit-switch input[value='metric']").click()

    def test_rows_drawn_from_data_write_the_wide_columns_as_the_build_does(self):
        # the data gives the scripts the weight and the top speed as bare figures, which G.measure writes: the rows
        # drawn from it (those not on the page's plain first page) say what the build's index says, in each edition
        cells = (
            "const text = (cell) => (cell.querySelector('.missing') ? null : cell.textContent);"
            "return Array.from(document.querySelectorAll('#bike-list > li'), (li) => [Number(li.dataset.id)].concat("
            " ['weight', 'max_speed', 'family'].map((f) => text(li.querySelector('[data-field=' + f + ']')))));"
        )
        for lang in ("en", "it"):
            plain = set(row_ids(read_text(lang + "/index.html", LARGE_DIR)))
            self.open_catalogue(lang, query="?sort=weight-desc")
            self.wait(lambda d: self.list_idle() and len(self.visible_ids()) == PAGE)
            by_id = {b["id"]: b for b in large_bikes(lang)}
            drawn = [row for row in self.driver.js(cells) if row[0] not in plain]
            self.assertGreater(len(drawn), 20, lang)
            for bike, weight, speed, family in drawn:
                record = by_id[bike]
                self.assertEqual(
                    [weight, speed, family], [record["weight_text"], record["max_speed_text"], record["family"]],
                    "%s: %s" % (lang, record["name"]),
                )

    def test_a_keystroke_fills_the_screen_before_its_frame_is_painted(self):
        # the rows drawn at once are counted by the shortest row seen (catalogue-rows.js): too few would leave the
        # bottom of the screen empty for a frame. Checked in the frame of each keystroke, before it is painted. (A
        # letter that finds a row in each place fills the first two and leaves the others as they were until the
        # frame after: the screen is full either way; the list short of a screen is where this can fail.)
        self.open_catalogue()
        self.driver.js(
            "window.__frames = [];"
            "document.getElementById('f-q').addEventListener('input', () => requestAnimationFrame(() => {"
            "  const list = document.getElementById('bike-list');"
            "  const last = list.lastElementChild;"
            "  const all = Math.min(%d, Number(list.dataset.count));"
            "  __frames.push(list.children.length >= all || (last !== null && last.getBoundingClientRect().bottom >= innerHeight));"
            "}));" % PAGE
        )
        for query in ("mk", "zzzz no such bike", "le mans", "v"):
            self.type_into("#f-q", query)
            self.wait_for_ids(large_result_ids(query)[:PAGE])
        frames = self.driver.js("return window.__frames")
        self.assertGreater(len(frames), 10)
        self.assertTrue(all(frames), frames)

    def test_a_letters_new_rows_fill_the_rows_on_screen_in_place(self):
        # the rows a letter draws at once are the rows that were there, filled with the new results: none is moved
        # or pushed down, so none is styled and laid out anew; the last results' rows below them go when idle
        # (catalogue-rows.js). Read as the letter's handler returns: a listener added after the page's own runs
        # after it.
        self.open_with_data()
        expected = large_result_ids("c")
        before = self.driver.js(
            "const list = document.getElementById('bike-list');"
            "window.__rows = Array.from(list.children);"
            "const ids = () => Array.from(list.children, (row) => Number(row.dataset.id));"
            "document.getElementById('f-q').addEventListener('input', () => {"
            "  window.__after = ids();"
            "  window.__same = Array.from(list.children, (row, i) => row === window.__rows[i]);"
            "});"
            "return ids();"
        )
        self.assertEqual(len(before), PAGE)
        self.assertNotEqual(expected[0], before[0], "the letter must change the first row")
        self.css("#f-q").send_keys("c")
        self.wait(lambda d: d.js("return Array.isArray(window.__after)"))
        after, same = self.driver.js("return [window.__after, window.__same]")
        # the rows drawn at once: the first of the results, in the places of the rows that were there; the others
        # are the last results' rows (one of which may happen to be the next result: it is not counted as drawn)
        drawn = next((i for i, want in enumerate(expected[: len(after)]) if after[i] != want or not same[i]), len(after))
        self.assertGreater(drawn, 0, "the first result is not in the row that was first: moved in, not filled")
        self.assertGreater(len(after), drawn, "the last results' rows below the new ones go when idle, not now")
        self.assertGreater(len([i for i in range(drawn) if after[i] != before[i]]), 0, "no row filled anew")
        down = [(row, before.index(row), i) for i, row in enumerate(after) if i >= drawn and i > before.index(row)]
        self.assertEqual(down, [], "rows of the last results pushed down (id, from, to)")
        # a motorcycle drawn at once may still have its own row further down, among the last results' rows, which
        # go when idle: once each when the list is idle
        self.wait_for_ids(expected[:PAGE])
        self.wait(lambda d: self.list_idle())
        ids = self.driver.js("return Array.from(document.getElementById('bike-list').children, (r) => r.dataset.id)")
        self.assertEqual(len(set(ids)), len(ids), "a motorcycle's row twice in the list once it is idle")

    def test_the_last_results_rows_go_from_the_bottom_when_idle(self):
        # the last results' rows left below the new ones go when idle, a batch at a time, the last first: taken
        # from the top, each batch moved the rows below it up to the screen, to be laid out and painted there and
        # taken out by the next batch (catalogue-rows.js). Each removal is read as it happens, after the letter's
        # own draw: a listener added after the page's runs after it and drops the draw's records.
        self.open_with_data()
        expected = large_result_ids("c")
        self.driver.js(
            "const list = document.getElementById('bike-list');"
            "window.__removed = null;"
            "const watch = new MutationObserver((records) => { if (window.__removed) for (const r of records)"
            "  for (const node of r.removedNodes) window.__removed.push(r.nextSibling === null ? 'end' : 'middle'); });"
            "watch.observe(list, { childList: true });"
            "document.getElementById('f-q').addEventListener('input', () => { watch.takeRecords(); window.__removed = []; });"
        )
        self.css("#f-q").send_keys("c")
        self.wait_for_ids(expected[:PAGE])
        self.wait(lambda d: self.list_idle())
        removed = self.driver.js("return window.__removed")
        self.assertGreater(len(removed), 50, "more than one batch of the last results' rows went when idle")
        self.assertEqual(removed.count("middle"), 0, "rows taken out above others, which moved up")

    def watch_idle_draws(self):
        """Records the time of each letter as the page's handler starts (window.__typed) and of each change of the
        list's rows made outside a letter's handler (window.__idle): a listener on the field added after the page's
        runs after its draw and drops what the draw changed. Returns SETTLE, catalogue-rows.js's wait."""
        return self.driver.js(
            "const list = document.getElementById('bike-list');"
            "const field = document.getElementById('f-q');"
            "window.__typed = []; window.__idle = []; let typing = false;"
            "const watch = new MutationObserver(() => { if (!typing) window.__idle.push(performance.now()); });"
            "watch.observe(list, { childList: true });"
            "window.addEventListener('input', () => { typing = true; window.__typed.push(performance.now()); }, true);"
            "field.addEventListener('input', () => { watch.takeRecords(); typing = false; });"
            "return GuzziTracker.rows.SETTLE;"
        )

    def test_the_rest_of_a_letters_rows_waits_until_the_typing_pauses(self):
        # a letter draws the rows on screen at once; the rest of its results, and the taking out of the last
        # results' rows, wait until no letter has come for SETTLE ms (catalogue-rows.js): the idle work of a letter
        # that the next one replaces would take the next one's time
        self.open_with_data()
        settle = self.watch_idle_draws()
        self.assertGreaterEqual(settle, 200)
        for letter in "cal":
            self.css("#f-q").send_keys(letter)
            time.sleep(0.1)
        expected = large_result_ids("cal")
        self.wait_for_ids(expected[:PAGE])
        self.wait(lambda d: self.list_idle())
        typed, idle = self.driver.js("return [window.__typed, window.__idle]")
        self.assertEqual(len(typed), 3)
        self.assertGreater(len(idle), 1, "the rest of the rows went in, a batch at a time")
        # each batch at least SETTLE ms after the letter before it (the timer counts from the letter's draw, which
        # follows the time taken; 20 ms for a browser's coarse clock)
        after = [t - max(k for k in typed if k <= t) for t in idle]
        self.assertEqual([round(ms) for ms in after if ms < settle - 20], [], "ms after a letter that a batch went in")

    def test_a_scroll_brings_the_rest_of_the_rows_without_waiting(self):
        # a reader who scrolls after a letter wants the rows below it: the page's scroll listener asks for the rest
        # when idle at once, not SETTLE ms after the letter. Read in order, not by the clock (a busy machine may take
        # longer than SETTLE between two commands): the scroll is made as the letter's handlers end, and a scroll
        # listener added after the page's sees whether the page has asked for an idle callback since then.
        self.open_with_data()
        self.watch_idle_draws()
        self.driver.js(
            "window.__asked = 0; window.__hurried = null; let mark = null;"
            "const ask = window.requestIdleCallback.bind(window);"
            "window.requestIdleCallback = (task, options) => { window.__asked += 1; return ask(task, options); };"
            "document.getElementById('f-q').addEventListener('input', () => {"
            "  mark = window.__asked; window.scrollBy(0, 200); });"
            "window.addEventListener('scroll', () => {"
            "  if (mark !== null && window.__hurried === null) window.__hurried = window.__asked > mark; });"
        )
        self.css("#f-q").send_keys("c")  # a page of results longer than a screen: the rest waits
        self.wait(lambda d: d.js("return window.__hurried !== null"), message="no scroll after the letter")
        self.assertTrue(self.driver.js("return window.__hurried"), "the scroll asked for no idle callback")
        self.wait(lambda d: self.list_idle())
        typed, idle = self.driver.js("return [window.__typed, window.__idle]")
        self.assertTrue([t for t in idle if t > typed[-1]], "no batch went in after the letter")
        self.wait_for_ids(large_result_ids("c")[:PAGE])

    def test_search_and_order_cover_the_whole_catalogue(self):
        last = large_bikes()[-1]  # beyond the first page of the plain list
        self.open_catalogue()
        self.assertNotIn(last["id"], self.visible_ids())
        self.type_into("#f-q", last["name"])
        self.wait(lambda d: last["id"] in self.visible_ids())
        # the whole catalogue by name, descending: the first page is the end of the alphabet
        self.open_catalogue(query="?sort=name-desc")
        ranks = self.collation_ranks([b["name"] for b in large_bikes()])
        expected = sorted(large_bikes(), key=lambda b: (-ranks[b["name"]], b["name"].lower(), b["id"]))
        self.wait_for_ids([b["id"] for b in expected[:PAGE]])

    def test_compare_reads_specs_from_several_chunks(self):
        ids = sorted(b["id"] for b in large_bikes())
        low, high = ids[0], ids[-1]  # the first and the last chunk of spec data
        chunks = [name for name in os.listdir(os.path.join(LARGE_DIR, "en", "data")) if re.match(r"specs-id-\d+\.js$", name)]
        first, last = "specs-id-%d.js" % (low // 50), "specs-id-%d.js" % (high // 50)  # a chunk is an id over 50
        self.assertGreater(len(chunks), 2)
        self.assertIn(first, chunks)
        self.assertIn(last, chunks)
        self.open("en/compare/index.html?ids=%d,%d" % (low, high))
        self.wait(lambda d: len(self.css_all("#compare-table thead th")) == 2)
        names = [th.css("a").text for th in self.css_all("#compare-table thead th")]
        by_id = {b["id"]: b["name"] for b in large_bikes()}
        self.assertEqual(names, [by_id[low], by_id[high]])
        loaded = self.driver.js(
            "return Array.from(document.scripts, s => s.src).filter(s => /specs-id-\\d+\\.js$/.test(s))"
            ".map(s => s.split('/').pop());"
        )
        self.assertEqual(sorted(loaded), sorted([first, last]), "only the chunks needed")


globals().update(matrix(LargeCatalogueCases, half=HALF_B, site_url=LARGE_URL, site_dir=LARGE_DIR))

if __name__ == "__main__":
    unittest.main()
