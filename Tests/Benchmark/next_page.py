#!/usr/bin/env python3
"""The next page at once (issue 38): how soon a motorcycle page opened from the catalogue paints, with and without
the pointer resting on its link first. A measurement, not a test (Tests/Browser/test_next_page.py holds the rules).

    python3 Tests/Benchmark/next_page.py --site /tmp/some-built-site --runs 3
    python3 Tests/Benchmark/next_page.py --site /tmp/some-built-site --hover 0,1 --cpu 4
    python3 Tests/Benchmark/next_page.py --site /tmp/some-built-site --pointer mouse   # a laptop's pointer

For each run: a fresh headless Chromium (cache on, as a reader's), Lighthouse's mobile profile through DevTools
(Network.emulateNetworkConditions: 562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up; Emulation.setCPUThrottling
Rate 4), the English catalogue over HTTP from Python's threading server; when it has loaded and the browser has been
idle for 2 s, the pointer moves onto the N-th motorcycle's link, rests there `--hover` seconds, and clicks. On the
motorcycle page a PerformanceObserver gives the largest contentful paint; the figure is LCP minus the navigation's
activationStart (0 unless prerendered) on the new page's clock, which starts at the click. It also prints how the
page came (deliveryType: "navigational-prefetch" or "cache" when the speculation rules fetched it during the hover).
The offline worker is bypassed (Network.setBypassServiceWorker): DevTools' emulation slows the page's own requests,
not the worker's, so with the worker every page came at full speed, rules or none; this is a reader's first visit. Each
figure is measured without the rules too (Save-Data set: js/speculation.js adds none), as the baseline.
`--pointer mouse` makes the browser report a fine pointer that hovers (headless Chromium reports none), as a laptop
does: then the rules prerender the page the pointer rests on, and the figure is from its activation. DevTools'
bypass of the worker cancels every prerender, so with a mouse the worker is not bypassed: measure a site built
with `--no-offline` (the script stops if a worker controls the catalogue).
"""

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, __import__("os").path.dirname(__file__))
import browser_bench  # noqa: E402  (chromium(), the same browser set-up)

MOBILE = {"offline": False, "latency": 562.5, "downloadThroughput": 1474.5 * 1024 / 8,
          "uploadThroughput": 675 * 1024 / 8}

LCP = """
const done = arguments[arguments.length - 1];
const nav = performance.getEntriesByType('navigation')[0];
new PerformanceObserver((list) => {
  const entries = list.getEntries();
  const last = entries[entries.length - 1];
  setTimeout(() => done({lcp: Math.max(0, last.startTime - (nav.activationStart || 0)),
                         delivery: nav.activationStart > 0 ? 'prerender' : nav.deliveryType,
                         element: last.element ? last.element.localName : null}), 1000);
}).observe({type: 'largest-contentful-paint', buffered: true});
"""


def serve(folder):
    handler = functools.partial(browser_bench.QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def one_run(base, hover, cpu, nth, rules=True, mouse=False):
    from selenium.webdriver.common.action_chains import ActionChains

    driver = browser_bench.chromium(tempfile.mkdtemp(), cpu=cpu, mouse=mouse)
    try:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", MOBILE)
        # the offline worker's own fetches are not throttled by the page's emulation: without it every request is.
        # DevTools' bypass also cancels every prerender (measured): with a mouse, measure a site built without the
        # worker (`build --no-offline`) instead.
        if not mouse:
            driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        if not rules:  # as a reader who asked to save data: js/speculation.js adds no rules
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
                "source": "Object.defineProperty(navigator, 'connection', {value: {saveData: true}});"})
        driver.set_script_timeout(60)
        driver.get(base + "en/index.html")
        time.sleep(2)
        links = driver.find_elements("css selector", "#bike-list .bike-name")
        link = links[nth]
        ActionChains(driver).move_to_element(link).perform()
        time.sleep(hover)
        worker = driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        if mouse and worker:
            sys.exit("a worker controls the catalogue: with --pointer mouse, measure a site built with --no-offline")
        link.click()
        return driver.execute_async_script(LCP)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, help="a built site's folder")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hover", default="0,1", help="seconds the pointer rests on the link, comma-separated")
    parser.add_argument("--cpu", type=int, default=4)
    parser.add_argument("--nth", type=int, default=3, help="which motorcycle of the list (0: the first)")
    parser.add_argument("--pointer", choices=("none", "mouse"), default="none",
                        help="the pointer the browser reports: none (headless Chromium's own) or a mouse")
    args = parser.parse_args()
    server = serve(args.site)
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    print("| pointer rests | LCP after the click (median, runs) | delivered as |")
    print("| --- | ---: | --- |")
    for rules in (False, True):
        for hover in [float(h) for h in args.hover.split(",")]:
            results = [one_run(base, hover, args.cpu, args.nth, rules, args.pointer == "mouse")
                       for _ in range(args.runs)]
            values = [round(r["lcp"]) for r in results]
            kinds = sorted({r["delivery"] or "network" for r in results})
            print("| %g s%s | %d ms (%s) | %s |" % (hover, "" if rules else ", no rules (Save-Data)",
                                                  statistics.median(values), ", ".join(map(str, values)),
                                                  ", ".join(kinds)))
    server.shutdown()


if __name__ == "__main__":
    main()
