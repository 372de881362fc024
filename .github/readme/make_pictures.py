#!/usr/bin/env python3
"""The README's pictures: the catalogue and a motorcycle page of the sample site, on a phone and on a laptop, in
the light and the dark scheme, as WebP files beside this script. Run it again after a change of look:

    python3 .github/readme/make_pictures.py                  # builds the sample site with `swift run`
    python3 .github/readme/make_pictures.py --bin .build/release/guzzi-site

Needs Chromium and chromedriver (Debian: chromium, chromium-driver) and selenium (pip). The site is served on
127.0.0.1 from a temporary folder; its photos are on Flickr, which a machine without the internet cannot reach:
their boxes then show the link to the photo instead, as the site does while a photo loads.
"""

import argparse
import base64
import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# the screens: Lighthouse's phone and a 13-inch laptop, in CSS px; a picture is the first screen of the page
SCREENS = {
    "phone": {"width": 412, "height": 823, "deviceScaleFactor": 1, "mobile": True},
    "laptop": {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False},
}
PAGES = {"catalogue": "en/index.html", "motorcycle": "en/moto/850-le-mans-1976/index.html"}
QUALITY = 70  # WebP; the eight pictures are some 300 KB together


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def build(binary, out):
    command = [binary] if binary else ["swift", "run", "-c", "release", "guzzi-site"]
    subprocess.run(command + ["build", "--output", out], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="a guzzi-site binary (default: swift run -c release guzzi-site)")
    args = parser.parse_args()

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    work = tempfile.mkdtemp(prefix="guzzi-pictures-")
    try:
        site = os.path.join(work, "site")
        build(os.path.abspath(args.bin) if args.bin else None, site)
        if not os.path.exists(os.path.join(site, PAGES["motorcycle"])):
            raise SystemExit("the sample site has no %s: update PAGES in %s" % (PAGES["motorcycle"], __file__))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = "http://127.0.0.1:%d/" % server.server_address[1]

        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                         "--user-data-dir=" + os.path.join(work, "profile")):
            options.add_argument(argument)
        driver = webdriver.Chrome(
            service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options
        )
        try:
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
                )
                for screen, metrics in SCREENS.items():
                    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
                    for page, path in PAGES.items():
                        driver.get(base + path)
                        driver.execute_script("return document.fonts.ready")
                        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "webp", "quality": QUALITY})
                        target = HERE / ("%s-%s-%s.webp" % (page, screen, scheme))
                        target.write_bytes(base64.b64decode(shot["data"]))
                        print("%s: %d KB" % (target.relative_to(ROOT), round(target.stat().st_size / 1000)))
        finally:
            driver.quit()
            server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
