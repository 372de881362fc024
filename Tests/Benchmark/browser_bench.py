#!/usr/bin/env python3
"""The catalogue page in headless Chromium at several catalogue sizes: bytes, time to interactive, keystroke
and ordering latency. A measurement, not a test (see README.md beside this file, "Browser").

    python3 Tests/Benchmark/browser_bench.py                      # release build, real data, 1 000, 10 000
    python3 Tests/Benchmark/browser_bench.py --sizes real --runs 5 --bin .build/release/guzzi-site
    python3 Tests/Benchmark/browser_bench.py --sizes 10000 --cpu 4 --word "californa brembo"   # a slow CPU, the texts
    python3 Tests/Benchmark/browser_bench.py --sizes 10000 --cpu 4 --phone     # a phone: its screen, touch, CPU
    python3 Tests/Benchmark/browser_bench.py --source /tmp/old --bin /tmp/old/.build/release/guzzi-site \
        --label before                                                          # another checkout's build

For each size it builds the site (release binary), serves the output folder on 127.0.0.1 with Python's
threading HTTP server, and opens the English catalogue in a fresh headless Chromium with the cache disabled.
A script injected before the page's own (CDP Page.addScriptToEvaluateOnNewDocument) times, on the page's clock:
  - interactive: navigation start -> the catalogue script has started (#catalogue-tools gets data-ready);
  - keystroke: the keydown of each letter of "airone" -> the frame after the page has handled its input
    event (requestAnimationFrame, then a task: the results are painted). At that point the rows on screen
    must be there (all the rows of the page of results, or rows down to the bottom of the window): a
    keystroke for which they are not is counted and reported as "not filled";
  - ordering: the click on "Add criterion" (power, descending) -> the frame after its handlers, likewise.
With --phone the screen is Lighthouse's phone's (412 x 823 CSS px, 1.75 device px each, touch) and the page is
tapped, not clicked: a mouse left over a desktop window makes the browser hit-test the page after every change
(some 25 ms a keystroke at 10 000 motorcycles under --cpu 4), which a phone never does.
It also opens a sorted URL (?sort=power-desc,weight-asc) and the catalogue from disk (file://), and reports
the bytes of the page (en/index.html) and of its data (every en/data/catalogue-<n>.js, or en/index.json for a build
from before the data scripts). Median of --runs page loads per figure; keystrokes are the median and the
slowest of all letters of all runs.
"""

import argparse
import functools
import glob
import http.server
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

os.environ.setdefault("SE_OFFLINE", "true")

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from browser_support import MOUSE  # noqa: E402  (the Blink settings of a laptop's pointer, as the tests use)

INSTRUMENT = r"""
(() => {
  const bench = (window.__bench = { interactive: null, keys: [], orders: [], unfilled: 0 });
  // watches the whole document until the tools show, then stops: afterwards it would be called for every row
  // a keystroke draws, and be timed with it
  const observer = new MutationObserver(() => {
    const tools = document.getElementById("catalogue-tools");
    if (bench.interactive === null && tools && tools.dataset.ready === "true") {
      bench.interactive = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "data-ready"],
  });
  // the rows on screen are all there: every row of the page of results (at most 250), or rows down to the bottom
  // of the window (a page that draws the others later)
  const filled = () => {
    const list = document.getElementById("bike-list");
    if (!list || !list.dataset.count) return true;
    const last = list.lastElementChild;
    return list.children.length >= Math.min(250, Number(list.dataset.count)) ||
      (last !== null && last.getBoundingClientRect().bottom >= innerHeight);
  };
  const afterPaint = (list, start, check) => requestAnimationFrame(() => setTimeout(() => {
    list.push(performance.now() - start);
    if (check && !filled()) bench.unfilled += 1;
  }));
  let keyAt = null;
  addEventListener("keydown", (e) => { keyAt = performance.now(); }, true);
  addEventListener("input", (e) => { if (keyAt !== null && e.target.id === "f-q") afterPaint(bench.keys, keyAt, true); keyAt = null; });
  let clickAt = null;
  addEventListener("click", (e) => { if (e.target.id === "f-sort-add") clickAt = performance.now(); }, true);
  addEventListener("click", (e) => { if (e.target.id === "f-sort-add" && clickAt !== null) afterPaint(bench.orders, clickAt); });
})();
"""


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def release_binary():
    log("building the release binary (swift build -c release)…")
    subprocess.run(["swift", "build", "-c", "release", "--product", "guzzi-site"], cwd=ROOT, check=True)
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(path, "guzzi-site")


def dataset(size, work):
    real = SHARED / "data" / "info_moto.json"
    if size == "real":
        return str(real.resolve())
    path = os.path.join(work, "data", "synth-%s.json" % size)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            subprocess.run([sys.executable, str(SHARED / "tools" / "synth_catalogue.py"), size], stdout=out, check=True)
    return path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# Lighthouse's mobile screen (a Moto G Power): the viewport, its pixel ratio and touch
PHONE = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}


def chromium(profile, cpu=1, phone=False, mouse=False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--window-size=1280,1000",
                     "--user-data-dir=" + profile) + ((MOUSE,) if mouse else ()):
        options.add_argument(argument)
    driver = webdriver.Chrome(
        service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options
    )
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    if cpu > 1:
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.set_page_load_timeout(300)
    return driver


def wait_for(driver, script, timeout=300):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script)
        if value is not None and value is not False:
            return value
        time.sleep(0.02)
    raise TimeoutError(script)


def open_interactive(driver, url):
    driver.get(url)
    return wait_for(driver, "return window.__bench && window.__bench.interactive")


def press(driver, element, phone):
    """A click, or on a phone a tap (touch events: no pointer is left over the page for the browser to hit-test
    after every change, as a mouse is). A tap also puts the focus in a field."""
    if not phone:
        element.click()
        return
    box = driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'}); const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];",
        element,
    )
    point = [{"x": box[0], "y": box[1]}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def choose(driver, option, phone):
    """Picks an <option>: a click, or on a phone what the system's picker does (the value, then change)."""
    if not phone:
        option.click()
        return
    driver.execute_script(
        "arguments[0].selected = true;"
        "arguments[0].parentNode.dispatchEvent(new Event('change', { bubbles: true }));",
        option,
    )


def measure(driver, base, runs, word="airone", phone=False):
    result = {"interactive": [], "sorted": [], "file": [], "keys": [], "unfilled": 0, "order": [], "order_name": []}
    for _ in range(runs):
        result["interactive"].append(open_interactive(driver, base["http"] + "en/index.html"))
        field = driver.find_element("css selector", "#f-q")
        press(driver, field, phone)
        wait_for(driver, "return document.activeElement && document.activeElement.id === 'f-q'")
        for n, letter in enumerate(word, start=1):
            field.send_keys(letter)
            wait_for(driver, "return window.__bench.keys.length >= %d" % n, 60)
        result["keys"] += driver.execute_script("return window.__bench.keys")
        result["unfilled"] += driver.execute_script("return window.__bench.unfilled")
        press(driver, driver.find_element("css selector", "#f-clear"), phone)
        # filters and ordering share one panel, closed on a phone's first view
        driver.execute_script("const p = document.getElementById('filter-panel'); if (p) p.open = true;")
        for key, target in (("power", "order"), ("name", "order_name")):
            options = driver.find_elements("css selector", "#f-sort-key option[value='%s']" % key)
            if not options:
                continue  # a build without that ordering
            count = driver.execute_script("return window.__bench.orders.length")
            choose(driver, options[0], phone)
            choose(driver, driver.find_element("css selector", "#f-sort-dir option[value='desc']"), phone)
            press(driver, driver.find_element("css selector", "#f-sort-add"), phone)
            wait_for(driver, "return window.__bench.orders.length > %d" % count, 120)
            result[target].append(driver.execute_script("return window.__bench.orders[%d]" % count))
        result["sorted"].append(open_interactive(driver, base["http"] + "en/index.html?sort=power-desc,weight-asc"))
        result["file"].append(open_interactive(driver, base["file"] + "en/index.html"))
    return result


def kib(n):
    return "%s KB" % format(round(n / 1000), ",").replace(",", " ") if n < 1_000_000 else "%.1f MB" % (n / 1e6)


def ms(values):
    if not values:
        return "–"
    median = statistics.median(values)
    return "%d ms" % round(median) if median >= 10 else "%.1f ms" % median


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="real,1000,10000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bin", help="a guzzi-site binary (default: build the release binary)")
    parser.add_argument("--source", default=str(ROOT),
                        help="the checkout whose Templates/ and Resources/ the binary builds with (default: this one)")
    parser.add_argument("--label", default="", help="a name for this build in the table")
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "guzzi-browser-bench"))
    parser.add_argument("--json", help="also write the raw figures to this file")
    parser.add_argument("--cpu", type=int, default=1, help="Chromium's CPU slowdown (4: Lighthouse's phone)")
    parser.add_argument("--phone", action="store_true", help="Lighthouse's phone screen (412 x 823) and touch")
    parser.add_argument("--word", default="airone", help="what is typed, a letter at a time")
    args = parser.parse_args()

    binary = os.path.abspath(args.bin) if args.bin else release_binary()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    rows = []
    raw = {}
    for size in args.sizes.split(","):
        site = os.path.join(args.work, "site-" + size)
        shutil.rmtree(site, ignore_errors=True)
        log("building %s bikes…" % size)
        subprocess.run([binary, "build", "--data", dataset(size, args.work), "--output", site], check=True,
                       stdout=subprocess.DEVNULL, cwd=args.source)
        parts = sorted(glob.glob(os.path.join(site, "en", "data", "catalogue-*.js")))
        data_bytes = sum(os.path.getsize(p) for p in parts) or os.path.getsize(os.path.join(site, "en", "index.json"))
        server = serve(site)
        base = {"http": "http://127.0.0.1:%d/" % server.server_address[1], "file": pathlib.Path(site).as_uri() + "/"}
        profile = tempfile.mkdtemp(prefix="guzzi-bench-")
        driver = chromium(profile, args.cpu, args.phone)
        try:
            log("measuring %s bikes…" % size)
            result = measure(driver, base, args.runs, args.word, args.phone)
        finally:
            driver.quit()
            server.shutdown()
            shutil.rmtree(profile, ignore_errors=True)
        raw[size] = result
        with open(os.path.join(site, "en", "index.json"), encoding="utf-8") as f:
            count = len(json.load(f)["motorcycles"])
        rows.append(
            [
                ("real, " if size == "real" else "") + format(count, ",").replace(",", " ") + " bikes",
                kib(os.path.getsize(os.path.join(site, "en", "index.html"))),
                kib(data_bytes),
                ms(result["interactive"]),
                ms(result["file"]),
                "%s (max %s%s)" % (ms(result["keys"]), ms([max(result["keys"])]) if result["keys"] else "–",
                                   "; %d not filled" % result["unfilled"] if result["unfilled"] else ""),
                ms(result["order"]),
                ms(result["order_name"]),
                ms(result["sorted"]),
            ]
        )
    header = ["catalogue", "page", "data", "interactive", "from disk", "keystroke (median, max)",
              "new ordering", "by name", "sorted URL"]
    title = "### %s\n\n" % args.label if args.label else ""
    print(title + "| " + " | ".join(header) + " |")
    print("| " + " | ".join(["---"] + ["---:"] * (len(header) - 1)) + " |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)


if __name__ == "__main__":
    main()
