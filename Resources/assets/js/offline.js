/* Guzzi Tracker — offline, as the app was: the edition's offline worker (its Templates/sw.js), the notice of a
 * newer version, "keep the whole catalogue offline", and the offline page's list of what is kept.
 *
 * The worker is registered only where it can help and never gets in the way: over HTTP(S) (not from disk), not
 * under `guzzi-site serve` (its live-reload script sets GuzziPreview and removes any worker left there), and only
 * once the page has loaded and the browser is idle, so a first visit loads as fast as without it
 * (Tests/Benchmark/README.md, "webperf"). A newer worker
 * waits until the reader presses "Reload" on the notice: nothing reloads by itself while someone reads or types.
 */
(function (G) {
  "use strict";

  /** The page's own setting of the edition's offline files (#ui-strings data-worker, data-offline), or null. */
  function settings() {
    const element = document.getElementById("ui-strings");
    if (!element || !element.dataset.worker) return null;
    return { worker: element.dataset.worker, list: element.dataset.offline, manifest: element.dataset.manifest };
  }

  /** Whether this page may have an offline worker at all. */
  function possible() {
    return (
      Boolean(settings()) &&
      "serviceWorker" in navigator &&
      /^https?:$/.test(window.location.protocol) &&
      !window.GuzziPreview
    );
  }

  /** Bytes as a reader reads them: "840 kB", "3.1 MB", written as the edition writes numbers (G.formatNumber).
   * The unit symbols are the same in every language. */
  function formatSize(bytes, numbers) {
    const units = ["B", "kB", "MB", "GB"];
    let value = Math.max(0, bytes);
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000;
      unit += 1;
    }
    return G.formatNumber(value, value < 10 && unit > 0 ? 1 : 0, numbers) + " " + units[unit];
  }

  G.offline = { formatSize, latest };

  let names = null;
  /** The worker's cache names (its pages, the catalogue kept whole, its photos), from the worker itself: the rule
   * that makes them (Templates/partials/worker-rules.js) is the worker's alone. */
  function cacheNames() {
    if (!names) {
      names = navigator.serviceWorker.ready.then(
        (registration) =>
          new Promise((resolve) => {
            const listen = (event) => {
              if (!event.data || event.data.type !== "names") return;
              navigator.serviceWorker.removeEventListener("message", listen);
              resolve(event.data);
            };
            navigator.serviceWorker.addEventListener("message", listen);
            registration.active.postMessage({ type: "names" });
          })
      );
    }
    return names;
  }

  /** A page built without offline (`build --no-offline`) that an earlier build's worker still controls asks the
   * browser to fetch sw.js again at once: it is now the worker that removes that one and its copies
   * (Templates/sw-retired.js). Chromium does not look for a newer worker on every visit by itself. */
  function retireEarlierWorker() {
    if (settings() || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return;
    if (!/^https?:$/.test(window.location.protocol) || window.GuzziPreview) return;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration && registration.update())
      .catch(() => {});
  }

  G.onStart((S) => {
    retireEarlierWorker();
    if (!possible()) return;
    const { worker, list, manifest } = settings();
    // installable: the edition's manifest, linked here rather than in the HTML, which pages from disk share
    if (manifest && !document.querySelector('link[rel="manifest"]')) {
      document.head.append(G.element("link", { rel: "manifest", href: manifest }));
    }
    const register = () => {
      keepThisPage();
      return navigator.serviceWorker.register(worker).then(
        (registration) => watch(registration, S),
        () => {}
      );
    };
    // Once the page has loaded and the browser is idle, so the worker's first download (the edition's shell)
    // never competes with the page's own.
    G.afterLoad(register, 3000);
    // What "keep the whole catalogue" would take is asked for when the browser is idle: the section is below the
    // list, and its first answer is not worth a task while the page is still starting.
    const section = document.getElementById("keep-offline");
    if (section) G.whenIdle(() => keepControl(section, list), 3000);
    const kept = document.getElementById("offline-list");
    if (kept) listKept(kept);
  });

  /** The page a reader opened before the worker served it (the first visit) is kept all the same: the worker is
   * told once it takes over, with the photos the page shows. */
  function keepThisPage() {
    const tell = () => {
      const photos = Array.from(document.images, (image) => image.currentSrc).filter((src) => /^https?:/.test(src));
      navigator.serviceWorker.controller.postMessage({ type: "visited", url: window.location.href, photos });
    };
    if (navigator.serviceWorker.controller) return;
    navigator.serviceWorker.addEventListener("controllerchange", tell, { once: true });
  }

  /** Offers the reload when a newer worker is installed and waiting while an older one serves the page. */
  function watch(registration, S) {
    const offer = (waiting) => {
      if (waiting && navigator.serviceWorker.controller) notice(registration, S);
    };
    offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      if (!installing) return;
      installing.addEventListener("statechange", () => {
        if (installing.state === "installed") offer(installing);
      });
    });
  }

  let shown = null;
  /** The notice, and its "Reload": the waiting worker takes over, then the page loads again from it.
   *
   * The newer worker may take over before this page's click: "Reload" pressed in another tab of the site activates
   * it for every tab (sw.js claims them). The change is watched from the moment the notice shows, so a click after
   * it reloads at once; a listener added at the click would wait for a change already gone. The worker told is the
   * one waiting at the click (a later deploy may have replaced the one the notice was shown for), and its own
   * "activated" reloads too, should the browser not tell the page of its new controller. */
  function notice(registration, S) {
    if (shown) return;
    let changed = false;
    let clicked = false;
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      changed = true;
      if (clicked) reload();
    });
    shown = G.element("div", { className: "update-notice", role: "status" });
    const button = G.element("button", { type: "button" }, S.update_reload);
    shown.append(G.element("p", {}, S.update_ready), button);
    button.addEventListener("click", () => {
      clicked = true;
      const waiting = registration.waiting;
      if (changed || !waiting) {
        reload(); // taken over already, or taking over now
        return;
      }
      waiting.addEventListener("statechange", () => waiting.state === "activated" && reload());
      waiting.postMessage({ type: "skip-waiting" });
    });
    document.body.append(shown);
  }

  /** `read()` then `write(what it read)`, but only for the latest call: an earlier read that ends later is dropped.
   * The keep control reads the kept caches after the keeping ends and after a "forget" click; a slow read of a full
   * cache, begun before the click, wrote its count over the emptied one's and showed "forget" again (seen once in
   * the browser tests). Resolves when this call's read is done. */
  function latest(read, write) {
    let calls = 0;
    return async () => {
      const mine = (calls += 1);
      const value = await read();
      if (mine === calls) write(value);
    };
  }

  /** "Keep the whole catalogue offline": what it takes, before it starts; progress; removal; refusals. */
  function keepControl(section, list) {
    const $ = (id) => document.getElementById(id);
    const text = section.dataset;
    const status = $("keep-status");
    const progress = $("keep-progress");
    const buttons = { pages: $("keep-pages"), photos: $("keep-photos") };
    const forget = { pages: $("forget-pages"), photos: $("forget-photos") };
    let caches = null; // {pages, photos}: the worker's names of the two kept caches
    let listing = null; // {motorcycles, bytes, photo_bytes, pages, photos}: counts and sizes (sw.js, measures)
    // from a worker of an earlier deploy, still in charge until the reader takes the update: the lists themselves
    const number = (entries) => (Array.isArray(entries) ? entries.length : entries);
    const size = (bytes) => formatSize(bytes);
    const count = (n) => G.formatNumber(n, 0);

    /** How many pages and photos are kept: the kept caches' entries. */
    async function readKept() {
      const kept = {};
      for (const what of ["pages", "photos"]) {
        kept[what] = window.caches && (await window.caches.has(caches[what]))
          ? (await (await window.caches.open(caches[what])).keys()).length
          : 0;
      }
      return kept;
    }

    /** The buttons and their words for what is kept. */
    function showKept(kept) {
      const pages = number(listing.pages);
      const photos = number(listing.photos);
      buttons.pages.textContent = kept.pages
        ? G.fill(text.pagesKept, { n: count(Math.min(kept.pages, listing.motorcycles)), size: size(listing.bytes) })
        : G.fill(text.pages, { n: count(listing.motorcycles), size: size(listing.bytes) });
      buttons.pages.disabled = kept.pages >= pages;
      forget.pages.hidden = kept.pages === 0;
      buttons.photos.hidden = photos === 0;
      if (photos === 0) status.textContent = status.textContent || text.photosNone;
      buttons.photos.textContent = kept.photos
        ? G.fill(text.photosKept, { n: count(kept.photos) })
        : G.fill(text.photos, { n: count(photos), size: size(listing.photo_bytes) });
      buttons.photos.disabled = kept.photos >= photos;
      forget.photos.hidden = kept.photos === 0;
    }

    const refresh = latest(readKept, showKept);

    async function start(what) {
      const needed = what === "photos" ? listing.photo_bytes : listing.bytes;
      if (navigator.storage && navigator.storage.estimate) {
        const { quota, usage } = await navigator.storage.estimate();
        if (quota && quota - usage < needed) {
          status.textContent = G.fill(text.space, { free: size(quota - usage), size: size(needed) });
          return;
        }
      }
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
      const registration = await navigator.serviceWorker.ready;
      buttons[what].disabled = true;
      progress.hidden = false;
      progress.value = 0;
      status.textContent = G.fill(text.running, { done: count(0), total: count(number(listing[what])) });
      registration.active.postMessage({ type: "keep", what, list: new URL(list, window.location.href).href });
    }

    navigator.serviceWorker.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "keep-progress") return;
      progress.max = Math.max(1, data.total);
      progress.value = data.done;
      if (data.state === "running") {
        status.textContent = G.fill(text.running, { done: count(data.done), total: count(data.total) });
        return;
      }
      progress.hidden = true;
      status.textContent =
        data.state === "quota"
          ? text.quota
          : data.state === "refused"
            ? text.refused
            : data.failed
              ? G.fill(text.failed, { n: count(data.failed) })
              : "";
      refresh();
    });

    for (const what of ["pages", "photos"]) {
      buttons[what].addEventListener("click", () => start(what));
      forget[what].addEventListener("click", async () => {
        await window.caches.delete(caches[what]);
        status.textContent = "";
        refresh();
      });
    }

    // the list comes through the worker: from the network, else as last seen, and never a failed request
    navigator.serviceWorker.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "listing" || !data.found || listing) return;
      listing = data.found;
      cacheNames()
        .then((all) => {
          caches = { pages: all.kept, photos: all.photos };
          return refresh();
        })
        .then(() => {
          section.hidden = false; // shown once its buttons say what they do
        });
    });
    navigator.serviceWorker.ready.then((registration) =>
      registration.active.postMessage({ type: "listing", list: new URL(list, window.location.href).href })
    );
  }

  /** The offline page: the motorcycles kept on this device, the Garage's first, with links. */
  async function listKept(box) {
    if (!window.caches) return;
    const all = await cacheNames();
    const kept = new Set();
    for (const name of [all.pages, all.kept]) {
      if (!(await window.caches.has(name))) continue;
      for (const request of await (await window.caches.open(name)).keys()) kept.add(request.url);
    }
    let records;
    try {
      records = await G.loadCatalogue();
    } catch (error) {
      return;
    }
    await G.store.ready;
    const garage = G.garage.ids();
    const here = (record) => new URL(G.editionLink(record.url.replace(/index\.html$/, "")), document.baseURI).href;
    const saved = records.filter((record) => kept.has(here(record)));
    const byId = new Map(records.map((record) => [record.id, record]));
    const inGarage = garage.map((id) => byId.get(id)).filter((record) => record && kept.has(here(record)));
    const item = (record) => {
      const li = G.element("li");
      li.append(G.element("a", { href: G.editionLink(record.url) }, record.name + " (" + record.years + ")"));
      return li;
    };
    document.getElementById("offline-garage").replaceChildren(...inGarage.map(item));
    const others = saved.filter((record) => !garage.includes(record.id));
    document.getElementById("offline-kept").replaceChildren(...others.map(item));
    document.getElementById("offline-none").hidden = saved.length > 0;
    box.hidden = false; // whole, at once, below everything else (Templates/pages/offline.html)
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
