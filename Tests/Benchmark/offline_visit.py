#!/usr/bin/env python3
"""A second visit without a network, on Lighthouse's mobile profile: how fast a page a reader opened before comes
back from the offline worker. And what the worker downloads in the background of a first visit. A measurement,
not a test; not run by CI.

    python3 Tests/Benchmark/offline_visit.py --site /tmp/guzzi-webperf/site-real-yes --runs 3
    python3 Tests/Benchmark/offline_visit.py --site SITE --pages catalogue,motorcycle,garage

How: the site is served by nginx with the production configuration (as webperf.py does, whose browser set-up,
throttling and PerformanceObservers this script reuses), photos by the stand-in photo host. For each page and run,
in a new headless Chromium profile with the mobile profile's throttling (RTT 562.5 ms, 1.47 Mbit/s, CPU 4×):
  1. first visit: the page is opened and the script waits until the edition's worker controls it and has kept
     the page (its "pages" cache holds it), or, for a site built with --no-offline, 8 s after the load event;
     then 2 s more. The bytes of the visit are what nginx sent (the body bytes of its access log, compressed as
     sent): run it on the same site built with and without --no-offline, and the difference is what the worker
     downloads in the background of a first visit (photos come from the photo host and are not counted);
  2. the network goes away (Network.emulateNetworkConditions offline: true, the CPU still 4× slower), and the
     same address is opened again: FCP and LCP of that second visit, from the page's own PerformanceObservers.
Figures are medians of --runs.
"""

import argparse
import json
import re
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import webperf  # noqa: E402
from webperf import photo_host  # noqa: E402

KINDS = ["catalogue", "motorcycle", "gallery", "garage"]


def sent_bytes(log, start):
    """Body bytes nginx logged from offset `start` of its access log (combined format: `"GET …" 200 1234`)."""
    total, count = 0, 0
    with open(log, "rb") as f:
        f.seek(start)
        for line in f.read().decode("utf-8", "replace").splitlines():
            match = re.search(r'" (\d{3}) (\d+) "', line)
            if match:
                total += int(match.group(2))
                count += 1
    return total, count


def visit(url, log, photo_args, max_wait):
    profile = tempfile.mkdtemp(prefix="guzzi-offline-visit-")
    driver = webperf.chromium(photo_args, profile)
    try:
        webperf.throttle(driver)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": webperf.INSTRUMENT})
        start = os.path.getsize(log)
        driver.get(url)
        began = time.monotonic()
        kept = False
        loaded = None
        while time.monotonic() - began < max_wait:
            time.sleep(0.5)
            try:
                declared = driver.execute_script(
                    "const s = document.getElementById('ui-strings'); return document.readyState === 'complete'"
                    " ? Boolean(s && s.dataset.worker) : null")
            except Exception:  # noqa: BLE001 - between documents
                continue
            if declared is None:
                continue
            loaded = loaded or time.monotonic()
            if not declared:
                if time.monotonic() - loaded >= 8:
                    break
                continue
            try:
                kept = driver.execute_async_script(
                    "const done = arguments[0];"
                    "if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return done(false);"
                    "caches.keys().then((names) => Promise.all(names.filter((n) => n.endsWith(' pages'))"
                    ".map((n) => caches.open(n).then((c) => c.keys())))).then((lists) =>"
                    " done(lists.some((keys) => keys.length > 0)), () => done(false));")
            except Exception:  # noqa: BLE001 - between documents
                kept = False
            if kept:
                break
        time.sleep(2)
        first = driver.execute_script("return Object.assign({}, window.__webperf)")
        background, requests = sent_bytes(log, start)
        if not kept:
            return {"kept": False, "background": background, "requests": requests}
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        # The page strategy is "none": get() returns at once. Opened straight after about:blank, the second visit
        # raced the unloading of the first page's document on the same throttled renderer, which is not what a
        # reader coming back to the page meets. Wait until the blank page has replaced it.
        driver.get("about:blank")
        for _ in range(50):
            time.sleep(0.1)
            try:
                if driver.execute_script("return location.href === 'about:blank' && document.readyState === 'complete'"):
                    break
            except Exception:  # noqa: BLE001 - between documents
                pass
        time.sleep(0.5)
        driver.get(url)
        for _ in range(100):
            time.sleep(0.1)
            try:
                again = driver.execute_script("return window.__webperf && window.__webperf.lcp !== null"
                                              " && document.readyState === 'complete' ? window.__webperf : null")
            except Exception:  # noqa: BLE001
                again = None
            if again:
                break
        time.sleep(0.5)
        again = driver.execute_script("return Object.assign({}, window.__webperf)")
        heading = driver.execute_script("const h = document.querySelector('h1'); return h ? h.textContent : ''")
        return {"kept": True, "background": background, "requests": requests, "first_lcp": first.get("lcp"),
                "fcp": again.get("fcp"), "lcp": again.get("lcp"), "lcp_node": again.get("lcpNode"),
                "heading": heading.strip()}
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True, help="a built site folder")
    parser.add_argument("--pages", default=",".join(KINDS))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-wait", type=float, default=120)
    parser.add_argument("--json")
    args = parser.parse_args()
    site = os.path.abspath(args.site)
    paths, ids, chosen, _ = webperf.page_paths(site, "V7 Sport", ["en"])
    hosts = photo_host.dataset_hosts(str(webperf.SHARED / "data" / "info_moto.json"))
    photo_port, stop_photos = photo_host.start()
    photo_args = photo_host.chromium_args(photo_port, hosts)
    scratch = tempfile.mkdtemp(prefix="guzzi-offline-visit-nginx-")
    server = webperf.Nginx(site, scratch)
    results = {}
    try:
        for kind in [k for k in args.pages.split(",") if k]:
            path = paths.get(kind, {}).get("en")
            if not path:
                continue
            runs = []
            for n in range(args.runs):
                webperf.log("  %s (%s), run %d…" % (kind, path, n + 1))
                runs.append(visit(server.url + path, os.path.join(server.prefix, "access.log"), photo_args,
                                  args.max_wait))
                webperf.log("    %s" % json.dumps(runs[-1]))
            results[kind] = runs
    finally:
        server.stop()
        stop_photos()
        shutil.rmtree(scratch, ignore_errors=True)
    print("| page | kept | first visit, sent by the site | offline second visit: FCP | LCP |")
    print("| --- | --- | ---: | ---: | ---: |")
    for kind, runs in results.items():
        ok = [r for r in runs if r["kept"]]
        med = lambda key: statistics.median([r[key] for r in ok if r.get(key) is not None]) if ok else None  # noqa: E731
        background = statistics.median([r["background"] for r in runs])
        print("| %s | %d of %d | %s KB (%d requests) | %s | %s |" % (
            kind, len(ok), len(runs), round(background / 1000), statistics.median([r["requests"] for r in runs]),
            "%.0f ms" % med("fcp") if med("fcp") is not None else "n/a",
            "%.0f ms" % med("lcp") if med("lcp") is not None else "n/a"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
