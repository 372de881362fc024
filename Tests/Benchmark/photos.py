#!/usr/bin/env python3
"""What the photo sidecar saves a visitor: checks that no <img>/<source> of the built real site loads a Flickr
original, and estimates the bytes the <img>s of one gallery page request on a phone, sized against originals.

Usage: photos.py [--bin PATH] [--data FILE] [--bike "V7 Sport"] [--width 390] [--dpr 1,2,3]
                 [--sized-bpp 0.25] [--original-pixels 12000000] [--original-bpp 0.40] [--work DIR]

Flickr cannot be reached from the test machine, so the sidecar is made by `guzzi-site photos` against the local
fake endpoint (Tests/SiteChecks/fake_oembed.py, every photo found, 1024 px on its longest edge, every seventh
photo portrait) on a temporary copy of the dataset; the site is then built from that copy. The file sizes are
not measured either (nothing can be downloaded): they are estimated as pixels × bytes per pixel, with the
assumptions as options and printed beside the figures. A browser picks from srcset as Chromium does: the
smallest file whose width is at least the slot's width (from `sizes` at the given viewport width) times the
device pixel ratio, else the largest. Lazy loading is not counted as a saving: the four tiles of a one-column
gallery are within Chromium's lazy-load distance of a phone's first screen, so all of them load.
"""
import argparse
import glob
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORIGINAL = re.compile(r"_o\.(jpg|jpeg|png|gif)$", re.I)


class Images(html.parser.HTMLParser):
    """Every <img> and <source> of a page, with its attributes."""

    def __init__(self):
        super().__init__()
        self.found = []
        self.h1 = ""
        self._in_h1 = False

    def handle_starttag(self, tag, attrs):
        if tag in ("img", "source"):
            self.found.append((tag, dict(attrs)))
        if tag == "h1":
            self._in_h1 = True

    def handle_endtag(self, tag):
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data):
        if self._in_h1:
            self.h1 += data


def parse(path):
    parser = Images()
    with open(path, encoding="utf-8") as handle:
        parser.feed(handle.read())
    return parser


def srcset_urls(value):
    """[(url, width in px)] of a srcset with w descriptors."""
    result = []
    for item in (value or "").split(","):
        parts = item.split()
        if len(parts) == 2 and parts[1].endswith("w"):
            result.append((parts[0], int(parts[1][:-1])))
    return result


def length(text, viewport):
    """CSS px of the lengths the templates use in sizes: Nrem, Npx, Nvw, calc(100vw - Nrem)."""
    text = text.strip()
    match = re.fullmatch(r"calc\((\d+(?:\.\d+)?)vw\s*-\s*(\d+(?:\.\d+)?)rem\)", text)
    if match:
        return viewport * float(match.group(1)) / 100 - 16 * float(match.group(2))
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(rem|px|vw)", text)
    if not match:
        raise ValueError("unsupported length in sizes: " + text)
    number, unit = float(match.group(1)), match.group(2)
    return number * {"rem": 16, "px": 1, "vw": viewport / 100}[unit]


def slot_width(sizes, viewport):
    """The width `sizes` gives at this viewport width (only (min-width: …) conditions, as the templates use)."""
    for item in sizes.split(","):
        item = item.strip()
        match = re.fullmatch(r"\(min-width:\s*([\d.]+)(rem|px)\)\s+(.+)", item)
        if match:
            minimum = float(match.group(1)) * (16 if match.group(2) == "rem" else 1)
            if viewport >= minimum:
                return length(match.group(3), viewport)
            continue
        return length(item, viewport)
    return viewport


def pick(candidates, needed):
    """Chromium's choice: the smallest candidate at least `needed` px wide, else the largest."""
    ordered = sorted(candidates, key=lambda c: c[1])
    for url, width in ordered:
        if width >= needed:
            return url, width
    return ordered[-1]


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s%s" % (result.returncode, " ".join(command), result.stdout, result.stderr))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", help="guzzi-site binary (default: a release build)")
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "info_moto.json"))
    parser.add_argument("--bike", default="V7 Sport")
    parser.add_argument("--width", type=int, default=390, help="viewport width in CSS px")
    parser.add_argument("--dpr", default="1,2,3", help="device pixel ratios")
    parser.add_argument("--sized-bpp", type=float, default=0.25, help="bytes per pixel of Flickr's sized JPEGs")
    parser.add_argument("--original-pixels", type=int, default=12_000_000, help="pixels of an original")
    parser.add_argument("--original-bpp", type=float, default=0.40, help="bytes per pixel of an original")
    parser.add_argument("--work", help="work folder (default: a temporary one, removed at the end)")
    args = parser.parse_args()
    if not os.path.isfile(args.data):
        sys.exit("no dataset at %s" % args.data)
    binary = args.bin
    if not binary:
        run(["swift", "build", "-c", "release", "--product", "guzzi-site"], cwd=ROOT)
        folder = run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).stdout.strip()
        binary = os.path.join(folder, "guzzi-site")
    work = args.work or tempfile.mkdtemp(prefix="guzzi-photos-bench-")
    os.makedirs(work, exist_ok=True)
    try:
        report(binary, work, args)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def report(binary, work, args):
    data = os.path.join(work, "info_moto.json")
    shutil.copyfile(args.data, data)
    fake = subprocess.Popen(
        [sys.executable, "-u", os.path.join(ROOT, "Tests", "SiteChecks", "fake_oembed.py")],
        stdout=subprocess.PIPE, text=True)
    try:
        port = int(fake.stdout.readline().split()[1])
        start = time.time()
        resolved = run([binary, "photos", "--data", data, "--oembed", "http://127.0.0.1:%d/services/oembed/" % port])
        print("photos: %s (%.1f s against the local fake endpoint)" % (resolved.stdout.strip(), time.time() - start))
    finally:
        fake.terminate()
        fake.wait()
    with open(data[:-5] + ".photos.json", encoding="utf-8") as handle:
        sidecar = json.load(handle)["photos"]
    found = {int(key) for key, value in sidecar.items() if value["status"] == "ok"}
    site = os.path.join(work, "site")
    run([binary, "build", "--data", data, "--output", site])

    # 1. No <img>/<source> loads an original; every sized <img> has width and height.
    images = originals = unsized = 0
    pages = sorted(glob.glob(os.path.join(site, "**", "*.html"), recursive=True))
    for page in pages:
        for tag, attrs in parse(page).found:
            images += 1
            urls = [attrs.get("src", "")] + [url for url, _ in srcset_urls(attrs.get("srcset"))]
            if any(ORIGINAL.search(url) for url in urls if url):
                originals += 1
                print("  loads an original: %s: %s" % (os.path.relpath(page, site), attrs.get("src")))
            photo = re.search(r"/(\d+)_", attrs.get("src", ""))
            if tag == "img" and photo and int(photo.group(1)) in found and not (attrs.get("width") and attrs.get("height")):
                unsized += 1
    print("site: %d pages, %d <img>/<source>; %d load an original; %d sized photos without width/height"
          % (len(pages), images, originals, unsized))

    # 2. The gallery of one motorcycle at the phone's width.
    gallery = None
    for path in glob.glob(os.path.join(site, "en", "moto", "*", "gallery", "index.html")):
        if re.search(r"\bMoto Guzzi %s \(" % re.escape(args.bike), parse(path).h1):
            gallery = path
    if not gallery:
        sys.exit("no gallery page for %r" % args.bike)
    tiles = [attrs for tag, attrs in parse(gallery).found if tag == "img"]
    original_bytes = args.original_pixels * args.original_bpp
    print("\n%s: %d photos, viewport %d CSS px" % (os.path.relpath(gallery, site), len(tiles), args.width))
    print("assumed: sized Flickr JPEGs %.2f bytes/pixel; originals %.1f MP at %.2f bytes/pixel = %.1f MB each"
          % (args.sized_bpp, args.original_pixels / 1e6, args.original_bpp, original_bytes / 1e6))
    print("%-4s %-40s %10s %10s" % ("dpr", "files chosen (width × height)", "sized", "originals"))
    for dpr in [float(x) for x in args.dpr.split(",")]:
        total = 0.0
        chosen = []
        for attrs in tiles:
            candidates = srcset_urls(attrs.get("srcset"))
            if not candidates:
                total += original_bytes
                chosen.append("original")
                continue
            ratio = int(attrs["height"]) / int(attrs["width"])
            slot = slot_width(attrs["sizes"], args.width)
            url, width = pick(candidates, slot * dpr)
            height = round(width * ratio)
            total += width * height * args.sized_bpp
            chosen.append("%s %d×%d" % (url.rsplit("_", 1)[-1].split(".")[0], width, height))
        print("%-4g %-40s %8.0f KB %7.1f MB   (%.1f%% of the originals)"
              % (dpr, ", ".join(chosen), total / 1e3, len(tiles) * original_bytes / 1e6,
                 100 * total / (len(tiles) * original_bytes)))


if __name__ == "__main__":
    main()
