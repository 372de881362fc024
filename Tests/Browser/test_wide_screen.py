"""A motorcycle page on a wide screen (issue 38): at 1280 x 800 the photo stands beside the title and the actions,
and the sections of the sheet run in two columns, so a typical motorcycle fits in about two screens; a phone and
print read one column. Measured on the page as laid out (CDP screen emulation, and print media), Chromium only."""

import statistics

from browser_support import bikes, matrix

# where each section of the sheet starts, and the head's boxes, as laid out
LAYOUT = """
const box = (node) => node && node.getBoundingClientRect();
const sections = Array.from(document.querySelectorAll('.spec-sheet > section')).map((s) => Math.round(box(s).left));
const photo = box(document.querySelector('.bike-head > .first-photo'));
const title = box(document.querySelector('.bike-head > h1'));
const first = box(document.querySelector('.spec-sheet > section'));
return {
  lefts: Array.from(new Set(sections)).sort((a, b) => a - b),
  height: document.documentElement.scrollHeight,
  scrollWidth: document.documentElement.scrollWidth,
  photo: photo && { left: photo.left, top: photo.top, bottom: photo.bottom },
  title: { right: title.right, top: title.top },
  sheetTop: first.top,
};
"""

LAPTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
PHONE = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}


class WideScreenCases:
    def screen(self, metrics, media=""):
        native = self.driver.native
        native.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        native.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})

    def tearDown(self):
        native = self.driver.native
        native.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        native.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        super().tearDown()

    def layout(self, bike):
        self.open("en/" + bike["url"])
        return self.driver.js(LAYOUT)

    def sample(self):
        """Seven motorcycles spread over the catalogue, with a photo and without."""
        everyone = bikes("en")
        return [everyone[i * (len(everyone) - 1) // 6] for i in range(7)]

    def test_a_laptop_shows_the_sheet_in_two_columns_and_the_photo_beside_the_title(self):
        self.screen(LAPTOP)
        heights = []
        for bike in self.sample():
            layout = self.layout(bike)
            self.assertEqual(len(layout["lefts"]), 2, "%s: sections start at %s" % (bike["name"], layout["lefts"]))
            self.assertLessEqual(layout["scrollWidth"], LAPTOP["width"], bike["name"])
            if layout["photo"]:
                self.assertGreaterEqual(layout["photo"]["left"], layout["title"]["right"] - 1, bike["name"])
                self.assertLess(layout["photo"]["top"], layout["sheetTop"], bike["name"])
            heights.append(layout["height"])
        # "about two screens" for a typical motorcycle (one column was three to four)
        self.assertLessEqual(statistics.median(heights), 2.25 * LAPTOP["height"], heights)

    def test_a_phone_and_print_read_one_column(self):
        bike = self.sample()[3]
        for metrics, media in ((PHONE, ""), (LAPTOP, "print")):
            self.screen(metrics, media)
            layout = self.layout(bike)
            self.assertEqual(len(layout["lefts"]), 1, "%s %s: sections start at %s" % (metrics["width"], media, layout["lefts"]))
            self.assertLessEqual(layout["scrollWidth"], metrics["width"])


globals().update(matrix(WideScreenCases, browsers=["chromium"], schemes=["http"]))
