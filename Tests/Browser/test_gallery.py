"""The photo viewer of the gallery pages in a real browser (issue 3): open, previous/next with the keyboard,
zoom, Escape; and without JavaScript every photo stays a plain link."""

import re
import unittest

from browser_support import Keys, bikes, matrix, read_text


def gallery_with_photos(minimum=2):
    """The first motorcycle (default order) whose English gallery has at least `minimum` photos."""
    for bike in bikes("en"):
        if not bike["image"]:
            continue
        path = "en/" + bike["url"].replace("index.html", "gallery/index.html")
        html = read_text(path)
        count = len(re.findall(r'<a class="photo-link"', html))
        if count >= minimum:
            return bike, path, count
    return None, None, 0


class GalleryCases:
    def setUp(self):
        super().setUp()
        self.bike, self.path, self.count = gallery_with_photos()
        if not self.bike:
            self.skipTest("no motorcycle with two photos in this dataset")

    def caption(self):
        return self.css("dialog.viewer figcaption").text

    def test_viewer_opens_moves_zooms_and_closes(self):
        self.open(self.path)
        links = self.css_all("a.photo-link")
        self.assertEqual(len(links), self.count)
        links[0].click()
        dialog = self.css("dialog.viewer")
        self.wait(lambda d: dialog.attr("open") is not None, message="the viewer did not open")
        self.assertTrue(self.caption().endswith("photo 1 of %d" % self.count), self.caption())
        dialog.send_keys(Keys.ARROW_RIGHT)
        self.wait(lambda d: self.caption().endswith("photo 2 of %d" % self.count))
        dialog.send_keys(Keys.ARROW_LEFT)
        self.wait(lambda d: self.caption().endswith("photo 1 of %d" % self.count))
        dialog.send_keys(Keys.ARROW_LEFT)  # wraps round to the last photo
        self.wait(lambda d: self.caption().endswith("photo %d of %d" % (self.count, self.count)))
        zoom = self.css("dialog.viewer .viewer-zoom")
        zoom.click()
        self.assertEqual(zoom.attr("aria-pressed"), "true")
        self.assertIn("zoomed", dialog.attr("class"))
        dialog.send_keys(Keys.ESCAPE)
        self.wait(lambda d: dialog.attr("open") is None, message="Escape did not close the viewer")
        # focus returns to the photo that opened the viewer
        self.assertEqual(self.driver.active(), links[0])

    def test_next_button_and_alt_texts(self):
        self.open(self.path)
        images = self.css_all("a.photo-link img")
        for n, image in enumerate(images, start=1):
            # the first screen's four (two rows of two on a phone) load at once; the others wait until they are near
            self.assertEqual(image.attr("loading") == "lazy", n > 4, "photo %d" % n)
            self.assertTrue(image.attr("alt").endswith("photo %d of %d" % (n, self.count)))
        self.css_all("a.photo-link")[1].click()
        self.wait(lambda d: self.caption().endswith("photo 2 of %d" % self.count))
        self.css("dialog.viewer .viewer-next").click()
        expected = 3 if self.count >= 3 else 1
        self.wait(lambda d: self.caption().endswith("photo %d of %d" % (expected, self.count)))
        self.css("dialog.viewer .viewer-close").click()
        self.wait(lambda d: self.css("dialog.viewer").attr("open") is None)

    def test_without_javascript_photos_are_plain_links(self):
        html = read_text(self.path)
        links = re.findall(r'<a class="photo-link" href="([^"]+)">(<img [^>]*>|<span class="photo-box">.*?</span></span>)</a>', html)
        self.assertEqual(len(links), self.count)
        for href, img in links:
            if img.startswith("<span"):
                # an original without sizes: a box that says what the link opens, nothing loaded unasked
                self.assertNotIn("<img", img)
                continue
            src = re.search(r' src="([^"]+)"', img).group(1)
            if " srcset=" in img and "upload.wikimedia.org" in src:
                # Wikimedia Commons: one of its documented thumbnail widths, the file itself behind the link
                self.assertRegex(src, r"^https://upload\.wikimedia\.org/wikipedia/commons/thumb/.+/\d+px-[^/]+$")
                self.assertEqual(src.split("/")[-2], href.split("/")[-1])
            elif " srcset=" in img:
                # a photo the photo sidecar knows: a Flickr size on the page, the original behind the link
                self.assertRegex(src, r"^https://live\.staticflickr\.com/\d+/\d+_[0-9A-Za-z]+_[nzcb]\.jpg$")
                self.assertNotRegex(img, r"_o\.(jpg|png|gif)")
                self.assertRegex(img, r' width="\d+" height="\d+"')
                self.assertEqual(href.split("/")[-1].split("_")[0], src.split("/")[-1].split("_")[0])
            else:
                self.assertEqual(href, src)
        self.assertNotIn("<dialog", html)


# the viewer is gallery.js alone, the same on disk: Chromium over HTTP is enough
globals().update(matrix(GalleryCases, browsers=["chromium"], schemes=["http"]))

if __name__ == "__main__":
    unittest.main()
