#!/usr/bin/env python3
"""Core Web Vitals of every kind of page, on Lighthouse's mobile profile as DevTools applies it, in headless
Chromium: FCP, LCP, CLS, TBT, the slowest keystroke on the catalogue, requests and bytes. A measurement, not a
test; not run by CI.

    python3 Tests/Benchmark/webperf.py                                  # real data and 10 000 bikes, everything
    python3 Tests/Benchmark/webperf.py --sizes real --sidecar yes,no --runs 3 --json /tmp/webperf.json
    python3 Tests/Benchmark/webperf.py --sizes 10000 --pages catalogue --editions en --sidecar no
    python3 Tests/Benchmark/webperf.py --site /tmp/some-built-site --pages catalogue,motorcycle

How:
  - Sites: each dataset (the real one, ../shared/data/info_moto.json, or `synth_catalogue.py N` kept in --work)
    is built twice with --bin (default .build/release/guzzi-site, built with `swift build -c release` if
    missing): from a copy with a photo sidecar (`guzzi-site photos` against Tests/SiteChecks/fake_oembed.py,
    every photo found) and from a copy without one. Each site is served by Debian's nginx with the project's
    production configuration (Tests/Publishing/serve_nginx.sh and nginx.conf) on a free 127.0.0.1 port.
  - Photos: Tests/Browser/photo_host.py answers every photo host named in the dataset and sidecar (Flickr's
    c1/c2/live/farmN.staticflickr.com, upload.wikimedia.org) over HTTPS with real JPEGs of the size the URL
    asks for (`_n` 320 px ≈ 25 KB … `_b` 1024 px ≈ 180 KB, originals 3000 × 2000 ≈ 2.5 MB), through Chromium's
    --host-resolver-rules.
  - Every page load is a first visit in a new headless Chromium with a new profile, with the HTTP cache and the
    origin's storage cleared as Lighthouse does (Network.clearBrowserCache, Storage.clearDataForOrigin, the cache
    disabled and enabled again to drop the memory cache), then, through CDP (selenium's execute_cdp_cmd), the
    throttling of Lighthouse's mobile profile in DevTools: Network.emulateNetworkConditions latency 562.5 ms,
    download 1 474.56 kbit/s, upload 675 kbit/s (kbit × 1024 / 8 bytes/s); Emulation.setCPUThrottlingRate 4;
    Emulation.setDeviceMetricsOverride 412 × 823 CSS px at device pixel ratio 1.75, mobile; Lighthouse's
    mobile user agent. The Garage page gets two bikes in localStorage ("guzzi-tracker.garage") before its
    scripts run; compare opens with ?ids= of the same two.
  - Figures, on the page's clock, from PerformanceObservers injected before the page's own scripts
    (Page.addScriptToEvaluateOnNewDocument, buffered):
      FCP  the first-contentful-paint paint entry;
      LCP  the last largest-contentful-paint entry (before any input);
      CLS  layout-shift entries without hadRecentInput, grouped in session windows (a gap of less than 1 s
           between shifts, at most 5 s long): the largest window's sum, as Lighthouse and web-vitals do. Shifts
           before the first real input count even with hadRecentInput: Chromium sets that flag for 500 ms after
           the viewport changes size, which the emulated phone's viewport does at the first layout
           (crbug.com/1302667; Lighthouse works around it too), and it hid the motorcycle page's shifts. The
           shifted nodes (LayoutShiftAttribution.node, as `tag#id.class > …`) are kept for debugging;
      TTI  the first window of 5 s with no long task and at most 2 requests in flight (from the CDP network
           events), sought from FCP or from the end of DOMContentLoaded if that is later, starts after the last
           long task before it; TTI is that task's end (FCP or DOMContentLoaded's end if none). Long tasks are the
           Long Tasks API's (≥ 50 ms). Lighthouse too never puts TTI before DOMContentLoaded; without that rule
           the 10 000-bike catalogue, whose last big download is its deferred data script (1.6 MB, one request
           in flight for ~10 s), was "quiet" from FCP on and its TBT 0, the work on the data falling after TTI;
      TBT  Σ (duration − 50 ms) over long tasks between FCP and TTI, each clipped to that span first (a task
           whose clipped part is under 50 ms counts nothing), as Lighthouse computes it;
      slowest key (catalogue only)  "airone" typed into the search box #f-q a letter every 150 ms once the page
           is quiet; the longest Event Timing entry (durationThreshold 16 ms: keydown, keypress, keyup,
           beforeinput, input), from the key press to the next paint. n/a if the box is missing or hidden;
           "< 16 ms" if no entry reached the threshold. Each load's slowest key is logged with the machine's
           load average (1 min) at the load's start, also in --json (load_average): the 4× slowdown multiplies
           whatever else the machine runs.
    Requests and bytes come from the performance log (goog:loggingPrefs performance: Network.requestWillBeSent,
    Network.loadingFinished's encodedDataLength, Network.dataReceived for requests still under way at the end),
    split into same-origin (the site) and photos (every other host). "Before interactive" is the bytes of the
    requests that finished by TTI.
  - A load ends once TTI is known (its quiet window of 5 s has passed) and no request has been in flight for a
    second, or at --max-wait seconds (90) after navigation; figures of a load stopped that way are marked †:
    photos were still coming in (a gallery of originals) or the page never went quiet (TTI then is the end of
    the last long task seen). A table per catalogue size; each figure is the median of --runs loads.
    KB = 1 000 bytes.

Duration: about 10–20 s per page load (a fresh browser, the throttled load, the 5 s quiet window), close to a
minute for a gallery of originals: the default run (2 sizes × 2 sidecars × 2 editions × 9 kinds = 72 loads, 1 run)
took 20 minutes on 2 cores, `--sizes real` 8 minutes, `--pages catalogue --runs 3` at both sizes 8 minutes. TBT
moves by ±50 % between runs on a shared machine (other builds steal the CPU the 4× slowdown multiplies): use
--runs 3 or more and look at the load average.

Needs nginx, chromium and chromium-driver, pip selenium and pillow (for the photo stand-in), and the
`cryptography` package or `openssl`.
"""

import argparse
import html.parser
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

os.environ.setdefault("SE_OFFLINE", "true")

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))

import photo_host  # noqa: E402

KINDS = ["catalogue", "motorcycle", "gallery", "facets", "facet-value", "browse", "charts", "garage", "compare"]
GARAGE_KEY = "guzzi-tracker.garage"

# Lighthouse's mobile profile (constants.js: mobileSlow4G throttling, moto g power screen and user agent)
LATENCY_MS = 562.5
DOWNLOAD_KBPS = 1474.56
UPLOAD_KBPS = 675
CPU_SLOWDOWN = 4
SCREEN = {"width": 412, "height": 823, "deviceScaleFactor": 1.75, "mobile": True}
USER_AGENT = ("Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/156.0.0.0 Mobile Safari/537.36")
QUIET_MS = 5000
QUIET_REQUESTS = 2
TYPED = "airone"
KEY_GAP = 0.15

INSTRUMENT = r"""
(() => {
  if (window.__webperf) return;
  const m = (window.__webperf = { fcp: null, lcp: null, lcpNode: null, lcpUrl: null, inputAt: null,
                                  shifts: [], longtasks: [], events: [] });
  const describe = (node) => {
    if (!node) return "(a node since removed)";
    if (node.nodeType !== 1) return node.parentElement ? describe(node.parentElement) + " > #text" : "#text";
    const parts = [];
    for (let el = node; el && el.nodeType === 1 && parts.length < 4; el = el.parentElement) {
      const classes = Array.from(el.classList).slice(0, 2);
      parts.unshift(el.localName + (el.id ? "#" + el.id : "") + (classes.length ? "." + classes.join(".") : ""));
      if (el.id || el.localName === "body") break;
    }
    return parts.join(" > ");
  };
  const rect = (r) => r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
  const watch = (type, callback, extra) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(callback))
        .observe(Object.assign({ type, buffered: true }, extra || {}));
    } catch (e) { /* not supported by this browser */ }
  };
  watch("paint", (e) => { if (e.name === "first-contentful-paint") m.fcp = e.startTime; });
  watch("largest-contentful-paint", (e) => {
    if (m.inputAt !== null) return;
    m.lcp = e.startTime; m.lcpNode = describe(e.element); m.lcpUrl = e.url || null; m.lcpSize = e.size;
  });
  watch("layout-shift", (e) => m.shifts.push({
    t: e.startTime, value: e.value, input: e.hadRecentInput,
    sources: (e.sources || []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
  }));
  watch("longtask", (e) => m.longtasks.push([e.startTime, e.duration]));
  watch("event", (e) => m.events.push({ name: e.name, t: e.startTime, d: e.duration, id: e.interactionId || 0 }),
        { durationThreshold: 16 });
  for (const type of ["keydown", "pointerdown", "mousedown", "touchstart"])
    addEventListener(type, (e) => { if (m.inputAt === null && e.isTrusted) m.inputAt = performance.now(); }, true);
})();
"""

POLL = "const m = window.__webperf; const n = performance.getEntriesByType('navigation')[0]; return m ? " \
       "{now: performance.now(), origin: performance.timeOrigin, ready: document.readyState, fcp: m.fcp, " \
       "dcl: n && n.domContentLoadedEventEnd || null, longtasks: m.longtasks} : null;"


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s%s" % (result.returncode, " ".join(map(str, command)), result.stdout,
                                            result.stderr))
    return result


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the sites -------------------------------------------------------------------------------------------------


def release_binary(path):
    if path and os.path.exists(path):
        return os.path.abspath(path)
    if path and os.path.abspath(path) != str(ROOT / ".build" / "release" / "guzzi-site"):
        sys.exit("no binary at %s" % path)
    log("building the release binary (swift build -c release)…")
    run(["swift", "build", "-c", "release", "--product", "guzzi-site"], cwd=ROOT)
    return str(ROOT / ".build" / "release" / "guzzi-site")


def dataset(size, work):
    """The dataset of a size ('real' or a number of bikes), kept in WORK/data."""
    real = SHARED / "data" / "info_moto.json"
    if not real.exists():
        sys.exit("no dataset at %s" % real)
    if size == "real":
        return str(real.resolve())
    path = os.path.join(work, "data", "synth-%s.json" % size)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".part", "w") as out:
            subprocess.run([sys.executable, str(SHARED / "tools" / "synth_catalogue.py"), size, str(real)],
                           stdout=out, check=True)
        os.rename(path + ".part", path)
    return path


def with_sidecar(binary, source, folder, gone_every):
    """A copy of the dataset with its photo sidecar, resolved against the fake oEmbed endpoint."""
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "info_moto.json")
    shutil.copyfile(source, data)
    fake = subprocess.Popen([sys.executable, "-u", str(ROOT / "Tests" / "SiteChecks" / "fake_oembed.py"),
                             "--gone-every", str(gone_every)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(fake.stdout.readline().split()[1])
        run([binary, "photos", "--data", data, "--oembed", "http://127.0.0.1:%d/services/oembed/" % port],
            cwd=ROOT)
    finally:
        fake.terminate()
        fake.wait()
    return data


def without_sidecar(source, folder):
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "info_moto.json")
    shutil.copyfile(source, data)
    for stale in (data[:-5] + ".photos.json",):
        if os.path.exists(stale):
            os.remove(stale)
    return data


def build_site(binary, data, out):
    shutil.rmtree(out, ignore_errors=True)
    run([binary, "build", "--data", data, "--output", out], cwd=ROOT)


class Nginx:
    """The site served with the production configuration (Tests/Publishing/serve_nginx.sh)."""

    def __init__(self, site, scratch):
        self.port = free_port()
        self.prefix = scratch
        os.makedirs(scratch, exist_ok=True)
        # as root the workers run as nobody: every folder above the site must be enterable
        for folder in [site] + [str(p) for p in pathlib.Path(site).resolve().parents]:
            try:
                mode = os.stat(folder).st_mode
                if os.geteuid() == 0 and not mode & 0o001:
                    os.chmod(folder, mode | 0o011)
            except OSError:
                pass
        self.process = subprocess.Popen([str(ROOT / "Tests" / "Publishing" / "serve_nginx.sh"), site,
                                         str(self.port), scratch], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self.url = "http://127.0.0.1:%d/" % self.port
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url + "en/", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        error = ""
        if os.path.exists(os.path.join(scratch, "error.log")):
            error = open(os.path.join(scratch, "error.log")).read()
        self.stop()
        sys.exit("nginx did not serve %s\n%s" % (site, error))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Alternates(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = {}
        self.images = []
        self.h1 = ""
        self._h1 = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "alternate" and attrs.get("hreflang"):
            self.links[attrs["hreflang"]] = attrs.get("href")
        if tag == "img":
            self.images.append(attrs)
        if tag == "h1":
            self._h1 = True

    def handle_endtag(self, tag):
        if tag == "h1":
            self._h1 = False

    def handle_data(self, data):
        if self._h1:
            self.h1 += data


def parse(path):
    parser = Alternates()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser


def page_paths(site, bike_name, editions):
    """{kind: {edition: (path with query, needs the Garage preset)}} and the two bike ids used."""
    with open(os.path.join(site, "en", "index.json"), encoding="utf-8") as f:
        bikes = json.load(f)["motorcycles"]
    galleries = [b for b in bikes if os.path.isdir(os.path.join(site, "en", os.path.dirname(b["url"]), "gallery"))]
    chosen = next((b for b in galleries if b["name"] == bike_name), None) or (galleries or bikes)[0]
    other = next(b for b in bikes if b["id"] != chosen["id"] and b.get("image"))
    ids = [chosen["id"], other["id"]]
    moto = "en/" + os.path.dirname(chosen["url"]) + "/"
    families = os.path.join(site, "en", "families")
    values = [d for d in os.listdir(families) if os.path.isfile(os.path.join(families, d, "index.html"))]
    largest = max(sorted(values), key=lambda d: os.path.getsize(os.path.join(families, d, "index.html")))
    english = {
        "catalogue": "en/",
        "motorcycle": moto,
        "gallery": moto + "gallery/",
        "facets": "en/families/",
        "facet-value": "en/families/%s/" % largest,
        "browse": "en/browse/",
        "charts": "en/charts/",
        "garage": "en/garage/",
        "compare": "en/compare/",
    }
    paths = {}
    for kind, path in english.items():
        if not os.path.exists(os.path.join(site, path, "index.html")):
            continue
        query = "?ids=%d,%d" % tuple(ids) if kind == "compare" else ""
        paths[kind] = {}
        for edition in editions:
            if edition == "en":
                target = path
            else:
                href = parse(os.path.join(site, path, "index.html")).links.get(edition)
                if not href:
                    continue
                target = urllib.parse.urljoin("/" + path, href).lstrip("/")
                target = re.sub(r"index\.html$", "", target)
            paths[kind][edition] = target + query
    sidecar = "yes" if any("srcset" in img for img in parse(os.path.join(site, moto, "index.html")).images) \
        else "no"
    return paths, ids, chosen, sidecar


# --- the browser -----------------------------------------------------------------------------------------------


def chromium(photo_args, profile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--window-size=412,823",
                     "--user-data-dir=" + profile] + photo_args:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.page_load_strategy = "none"
    env = dict(os.environ, TMPDIR=profile)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"), env=env),
                              options=options)
    driver.set_script_timeout(60)
    return driver


def throttle(driver):
    cdp = driver.execute_cdp_cmd
    cdp("Network.enable", {})
    cdp("Network.emulateNetworkConditions", {
        "offline": False,
        "latency": LATENCY_MS,
        "downloadThroughput": DOWNLOAD_KBPS * 1024 / 8,
        "uploadThroughput": UPLOAD_KBPS * 1024 / 8,
    })
    cdp("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp("Emulation.setDeviceMetricsOverride", dict(SCREEN, screenWidth=SCREEN["width"], screenHeight=SCREEN["height"]))
    cdp("Emulation.setUserAgentOverride", {"userAgent": USER_AGENT, "platform": "Android"})
    cdp("Security.setIgnoreCertificateErrors", {"ignore": True})


def network_events(driver):
    events = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method", "").startswith("Network."):
            events.append(message)
    return events


class Requests:
    """The page's requests from CDP network events, on the page's clock (ms since timeOrigin)."""

    def __init__(self):
        self.byid = {}
        self.offset = None  # wall-clock seconds minus monotonic seconds

    def add(self, events):
        for event in events:
            method, p = event["method"], event.get("params", {})
            rid = p.get("requestId")
            if method == "Network.requestWillBeSent":
                url = p["request"]["url"]
                if not url.startswith("http"):
                    continue
                if self.offset is None and p.get("wallTime"):
                    self.offset = p["wallTime"] - p["timestamp"]
                r = self.byid.get(rid)
                if r is None:
                    self.byid[rid] = {"url": url, "start": p["timestamp"], "end": None, "bytes": 0, "partial": 0,
                                      "failed": False, "type": p.get("type")}
                else:  # a redirect: same request id, the redirect's response counted
                    r["bytes"] += (p.get("redirectResponse") or {}).get("encodedDataLength", 0) or 0
                    r["url"] = url
            elif rid in self.byid:
                r = self.byid[rid]
                if method == "Network.dataReceived":
                    r["partial"] += p.get("encodedDataLength", 0) or 0
                elif method == "Network.loadingFinished":
                    r["end"] = p["timestamp"]
                    r["bytes"] += p.get("encodedDataLength", 0) or 0
                elif method == "Network.loadingFailed":
                    r["end"] = p["timestamp"]
                    r["failed"] = True

    def spans(self, time_origin):
        """[(start ms, end ms or None, request)] on the page's clock."""
        if self.offset is None:
            return []
        clock = lambda ts: (ts + self.offset) * 1000 - time_origin  # noqa: E731
        return [(clock(r["start"]), clock(r["end"]) if r["end"] is not None else None, r)
                for r in self.byid.values()]


def in_flight(spans, t):
    return sum(1 for start, end, _ in spans if start <= t and (end is None or end > t))


def quiet_window(begin, longtasks, spans, now):
    """The start of the first 5-s window from `begin` (FCP, or DOMContentLoaded if later) with no long task and
    ≤ 2 requests in flight, if one has passed by `now`; else None."""
    candidates = {begin}
    candidates.update(start + duration for start, duration in longtasks if start + duration > begin)
    candidates.update(end for _, end, _ in spans if end is not None and end > begin)
    for w in sorted(candidates):
        if w + QUIET_MS > now:
            return None
        if any(start < w + QUIET_MS and start + duration > w for start, duration in longtasks):
            continue
        points = [w] + [start for start, _, _ in spans if w < start < w + QUIET_MS]
        if all(in_flight(spans, t) <= QUIET_REQUESTS for t in points):
            return w
    return None


def tti_of(begin, longtasks, window):
    ends = [start + duration for start, duration in longtasks if start + duration <= window]
    return max([begin] + ends)


def blocking_time(longtasks, start, end):
    total = 0.0
    for task_start, duration in longtasks:
        if duration < 50 or task_start + duration < start or task_start > end:
            continue
        clipped = min(task_start + duration, end) - max(task_start, start)
        if clipped >= 50:
            total += clipped - 50
    return total


def counted(shifts, input_at):
    """The shifts that count: those without hadRecentInput, and before the first real input (a trusted keydown,
    pointerdown, mousedown or touchstart) all of them: Chromium also sets hadRecentInput for 500 ms after the
    viewport changes size, which a mobile viewport does at the first layout (crbug.com/1302667, which Lighthouse
    works around too); before any input nothing else can have set it."""
    return [s for s in shifts if not s["input"] or input_at is None or s["t"] < input_at]


def cls_of(shifts):
    """Largest session window (gaps < 1 s, at most 5 s) of the shifts: (value, its shifts)."""
    best, best_shifts, current, current_shifts, first, last = 0.0, [], 0.0, [], None, None
    for shift in sorted(shifts, key=lambda s: s["t"]):
        if first is not None and shift["t"] - last < 1000 and shift["t"] - first < 5000:
            current += shift["value"]
            current_shifts.append(shift)
        else:
            current, current_shifts, first = shift["value"], [shift], shift["t"]
        last = shift["t"]
        if current > best:
            best, best_shifts = current, list(current_shifts)
    return best, best_shifts


def shifted_nodes(shifts):
    """{node description: summed shift value of the shifts it took part in}, largest first."""
    nodes = {}
    for shift in shifts:
        for node in {source["node"] for source in shift["sources"]} or {"(no source)"}:
            nodes[node] = nodes.get(node, 0) + shift["value"]
    return dict(sorted(nodes.items(), key=lambda item: -item[1]))


def measure(url, origin, photo_args, preset_ids, typing, max_wait):
    """One first visit of `url`: the figures (a dict)."""
    profile = tempfile.mkdtemp(prefix="guzzi-webperf-")
    # the 4× slowdown multiplies whatever else the machine runs: a shared machine's load is part of the figure
    load_average = os.getloadavg()[0]
    driver = chromium(photo_args, profile)
    try:
        throttle(driver)
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin.rstrip("/"), "storageTypes": "all"})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
        if preset_ids:
            preset = "if (location.origin === %s) localStorage.setItem(%s, %s);" % (
                json.dumps(origin.rstrip("/")), json.dumps(GARAGE_KEY), json.dumps(json.dumps(preset_ids)))
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": preset})
        network_events(driver)  # what the blank page did
        requests = Requests()
        began = time.monotonic()
        driver.get(url)
        state, window, idle_since, stopped = None, None, None, False
        while True:
            time.sleep(0.25)
            requests.add(network_events(driver))
            try:
                state = driver.execute_script(POLL) or state
            except Exception:  # noqa: BLE001 - the page is between documents
                continue
            if not state or state["fcp"] is None or state["dcl"] is None or state["ready"] != "complete":
                if time.monotonic() - began > max_wait:
                    stopped = True
                    break
                continue
            spans = requests.spans(state["origin"])
            busy = any(end is None for _, end, _ in spans)
            if busy:
                idle_since = None
            elif idle_since is None:
                idle_since = time.monotonic()
            window = quiet_window(max(state["fcp"], state["dcl"]), state["longtasks"], spans, state["now"])
            if window is not None and idle_since is not None and time.monotonic() - idle_since >= 1:
                break
            if time.monotonic() - began > max_wait:
                stopped = True
                break
        driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => setTimeout(done, 0));")
        page = driver.execute_script("const m = window.__webperf; return Object.assign({}, m, "
                                     "{now: performance.now(), origin: performance.timeOrigin});")
        requests.add(network_events(driver))
        key = None
        if typing:
            key = type_query(driver)
            requests.add(network_events(driver))
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    spans = requests.spans(page["origin"])
    fcp = page["fcp"]
    longtasks = page["longtasks"]
    dcl = (state or {}).get("dcl")
    if fcp is None:
        tti = None
    elif window is not None:
        tti = tti_of(max(fcp, dcl or 0), longtasks, window)
    else:
        tti = max([fcp, dcl or 0] + [s + d for s, d in longtasks])
    cls, window_shifts = cls_of(counted(page["shifts"], page["inputAt"]))
    site_host = urllib.parse.urlsplit(origin).netloc
    same = [r for _, _, r in spans if urllib.parse.urlsplit(r["url"]).netloc == site_host]
    photos = [r for _, _, r in spans if urllib.parse.urlsplit(r["url"]).netloc != site_host]
    weight = lambda r: r["bytes"] if r["end"] is not None else r["partial"]  # noqa: E731
    return {
        "url": url,
        "fcp": fcp,
        "lcp": page["lcp"],
        "lcp_node": page["lcpNode"],
        "lcp_url": page["lcpUrl"],
        "cls": cls,
        "tti": tti,
        "dcl": dcl,
        "tbt": blocking_time(longtasks, fcp, tti) if fcp is not None else None,
        "slowest_key": key,
        "load_average": load_average,
        "requests": len(spans),
        "bytes_same_origin": sum(weight(r) for r in same),
        "bytes_photos": sum(weight(r) for r in photos),
        "bytes_before_interactive": sum(r["bytes"] for _, end, r in spans
                                        if end is not None and tti is not None and end <= tti),
        "unfinished": [r["url"] for r in same + photos if r["end"] is None],
        "stopped": stopped,
        "shift_nodes": shifted_nodes(window_shifts),
        "shifts": page["shifts"],
        "longtasks": longtasks,
        "requests_list": [{"url": r["url"], "start": round(s, 1), "end": round(e, 1) if e is not None else None,
                           "bytes": weight(r), "failed": r["failed"]} for s, e, r in sorted(spans, key=lambda x: x[0])],
    }


def type_query(driver):
    """Types TYPED into #f-q; the slowest key event's duration (Event Timing), 0 below the threshold, None if the
    box is missing or hidden."""
    fields = driver.find_elements("css selector", "#f-q")
    if not fields or not fields[0].is_displayed():
        return None
    field = fields[0]
    count = driver.execute_script("return window.__webperf.events.length")
    for letter in TYPED:
        field.send_keys(letter)
        time.sleep(KEY_GAP)
    end = time.monotonic() + 30
    last = None
    while time.monotonic() < end:  # until the page has been free of long tasks for a second
        time.sleep(0.5)
        state = driver.execute_script("return {now: performance.now(), lt: window.__webperf.longtasks.slice(-1)[0]}")
        task_end = state["lt"][0] + state["lt"][1] if state["lt"] else 0
        if state["now"] - task_end > 1000 and last is not None:
            break
        last = state
    events = driver.execute_script("return window.__webperf.events.slice(arguments[0])", count)
    keys = [e["d"] for e in events if e["name"] in ("keydown", "keypress", "keyup", "beforeinput", "input")]
    return max(keys) if keys else 0


# --- the report ------------------------------------------------------------------------------------------------


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarize(runs):
    figures = {}
    for key in ("fcp", "lcp", "cls", "tti", "tbt", "requests", "bytes_same_origin", "bytes_photos",
                "bytes_before_interactive"):
        figures[key] = median([r[key] for r in runs])
    keys = [r["slowest_key"] for r in runs]
    figures["slowest_key"] = None if all(k is None for k in keys) else median(keys)
    figures["stopped"] = any(r["stopped"] for r in runs)
    middle = sorted(runs, key=lambda r: r["cls"])[len(runs) // 2]
    figures["shift_nodes"] = middle["shift_nodes"]
    figures["lcp_node"] = middle["lcp_node"]
    figures["lcp_url"] = middle["lcp_url"]
    return figures


def seconds(ms):
    return "–" if ms is None else "%.2f s" % (ms / 1000)


def kb(n):
    return "–" if n is None else format(round(n / 1000), ",").replace(",", " ")


def row(kind, edition, sidecar, f):
    mark = " †" if f["stopped"] else ""
    key = "n/a" if f["slowest_key"] is None else ("< 16 ms" if f["slowest_key"] == 0 else "%d ms" % f["slowest_key"])
    if kind != "catalogue":
        key = ""
    return [kind, edition, sidecar, seconds(f["fcp"]), seconds(f["lcp"]) + mark,
            "–" if f["cls"] is None else "%.3f" % f["cls"], "–" if f["tbt"] is None else "%d ms" % f["tbt"], key,
            "%d" % f["requests"], kb(f["bytes_same_origin"]), kb(f["bytes_photos"]),
            kb(f["bytes_before_interactive"])]


def table(title, rows):
    header = ["page", "edition", "sidecar", "FCP", "LCP", "CLS", "TBT", "slowest key", "requests",
              "KB same-origin", "KB photos", "KB before interactive"]
    lines = ["### " + title, "", "| " + " | ".join(header) + " |",
             "| " + " | ".join(["---"] * 3 + ["---:"] * (len(header) - 3)) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="real,10000", help="'real' and/or numbers of synthetic bikes")
    parser.add_argument("--editions", default="en,it")
    parser.add_argument("--sidecar", default="yes,no", help="build with a photo sidecar (yes), without (no)")
    parser.add_argument("--pages", default=",".join(KINDS), help="page kinds: " + ", ".join(KINDS))
    parser.add_argument("--runs", type=int, default=1, help="page loads per figure (median)")
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release" / "guzzi-site"),
                        help="guzzi-site binary (built with swift build -c release if it is the default and missing)")
    parser.add_argument("--site", help="measure this already-built site folder instead of building")
    parser.add_argument("--bike", default="V7 Sport", help="the motorcycle (with a gallery) whose pages are measured")
    parser.add_argument("--gone-every", type=int, default=0,
                        help="the fake oEmbed endpoint answers 404 for photo ids divisible by N (0: never)")
    parser.add_argument("--max-wait", type=float, default=90, help="seconds a page load may take at most")
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "guzzi-webperf"))
    parser.add_argument("--json", help="write every load's figures to this file")
    args = parser.parse_args()
    kinds = [k for k in args.pages.split(",") if k]
    unknown = set(kinds) - set(KINDS)
    if unknown:
        parser.error("unknown page kinds: %s" % ", ".join(sorted(unknown)))
    editions = [e for e in args.editions.split(",") if e]
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)

    sites = []  # (size label, sidecar, site folder, data files)
    if args.site:
        sites.append(("site " + args.site, None, os.path.abspath(args.site), []))
    else:
        binary = release_binary(args.bin)
        for size in [s for s in args.sizes.split(",") if s]:
            source = dataset(size, args.work)
            for sidecar in [s for s in args.sidecar.split(",") if s]:
                folder = os.path.join(args.work, "data", "%s-%s" % (size, sidecar))
                log("building %s bikes, sidecar %s…" % (size, sidecar))
                data = with_sidecar(binary, source, folder, args.gone_every) if sidecar == "yes" else \
                    without_sidecar(source, folder)
                site = os.path.join(args.work, "site-%s-%s" % (size, sidecar))
                build_site(binary, data, site)
                files = [data, data[:-5] + ".photos.json"]
                label = "real catalogue" if size == "real" else "%s bikes" % size
                sites.append((label, sidecar, site, files))

    hosts = photo_host.dataset_hosts(*[f for _, _, _, files in sites for f in files]) if not args.site else \
        photo_host.dataset_hosts(str(SHARED / "data" / "info_moto.json"))
    log("starting the photo stand-in (%s)…" % ", ".join(hosts))
    photo_port, stop_photos = photo_host.start()
    photo_args = photo_host.chromium_args(photo_port, hosts)
    results = {}
    tables = {}
    began = time.monotonic()
    try:
        for label, sidecar, site, _ in sites:
            with open(os.path.join(site, "en", "index.json"), encoding="utf-8") as f:
                count = len(json.load(f)["motorcycles"])
            paths, ids, chosen, detected = page_paths(site, args.bike, editions)
            sidecar = sidecar or detected
            title = "%s (%s bikes)" % (label, format(count, ",").replace(",", " ")) if "bikes" not in label else label
            server = Nginx(site, os.path.join(args.work, "nginx-%d" % free_port()))
            try:
                for kind in kinds:
                    for edition in editions:
                        path = paths.get(kind, {}).get(edition)
                        if path is None:
                            log("  %s %s: no such page" % (kind, edition))
                            continue
                        runs = []
                        for n in range(args.runs):
                            log("  %s · sidecar %s · %s %s (%s), run %d…" % (label, sidecar, kind, edition, path, n + 1))
                            runs.append(measure(server.url + path, server.url, photo_args,
                                                ids if kind == "garage" else None, kind == "catalogue",
                                                args.max_wait))
                        figures = summarize(runs)
                        if kind == "catalogue":
                            log("    slowest key per load: %s ms; load average (1 min) at each load's start: %s" % (
                                ", ".join("–" if r["slowest_key"] is None else "%d" % r["slowest_key"] for r in runs),
                                ", ".join("%.1f" % r["load_average"] for r in runs)))
                        log("    FCP %s LCP %s CLS %.3f TBT %s" % (seconds(figures["fcp"]), seconds(figures["lcp"]),
                                                                   figures["cls"] or 0, figures["tbt"]))
                        results.setdefault(title, []).append({"page": kind, "edition": edition, "sidecar": sidecar,
                                                              "path": path, "bike": chosen["name"], "ids": ids,
                                                              "median": figures, "runs": runs})
                        tables.setdefault(title, []).append(row(kind, edition, sidecar, figures))
            finally:
                server.stop()
    finally:
        stop_photos()
    log("measured in %.0f s" % (time.monotonic() - began))
    out = []
    for title, rows in tables.items():
        order = {k: i for i, k in enumerate(KINDS)}
        rows.sort(key=lambda r: (order[r[0]], r[1], r[2] != "yes"))
        out.append(table(title, rows))
        shifted = [(e["page"], e["edition"], e["sidecar"], e["median"]) for e in results[title]
                   if (e["median"]["cls"] or 0) >= 0.01]
        if shifted:
            out.append("\nLayout shifts (largest session window; nodes by the shift value they took part in):\n")
            for kind, edition, sidecar, f in shifted:
                nodes = "; ".join("%s %.3f" % (node, value) for node, value in list(f["shift_nodes"].items())[:4])
                out.append("- %s %s, sidecar %s: CLS %.3f: %s" % (kind, edition, sidecar, f["cls"], nodes))
        out.append("")
    print("\n".join(out))
    print("Lighthouse mobile (DevTools throttling): RTT %.1f ms, %.2f kbit/s down, %d kbit/s up, CPU %d×, %d×%d at "
          "%.2f×; median of %d run(s); † stopped at --max-wait (%g s) or never quiet; KB = 1 000 bytes."
          % (LATENCY_MS, DOWNLOAD_KBPS, UPLOAD_KBPS, CPU_SLOWDOWN, SCREEN["width"], SCREEN["height"],
             SCREEN["deviceScaleFactor"], args.runs, args.max_wait))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"settings": {"latency_ms": LATENCY_MS, "download_kbps": DOWNLOAD_KBPS,
                                    "upload_kbps": UPLOAD_KBPS, "cpu": CPU_SLOWDOWN, "screen": SCREEN,
                                    "runs": args.runs, "photo_hosts": hosts}, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
