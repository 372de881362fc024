{#- The offline worker of an edition (OfflineFiles), at <lang>/sw.js: its scope is the edition's folder, and it
    answers every request the edition's pages make.
    - The shell (precache: each file with the digest of its bytes, so the worker changes only when one of them
      does) is fetched on install, and again when a page is opened and the shell is gone (storage cleared); a
      newer worker waits until the reader accepts the reload (js/offline.js) and then deletes the shells of
      older versions.
    - Pages: the network first, the kept copy after `NETWORK_TIMEOUT`; every page opened is kept, under its folder
      address. A page never kept, offline: the offline page, in the edition's language, with a <base> so its
      links work from any address.
    - Files: content-named assets from the cache; data from the network, else from the cache.
    - Photos of pages opened are kept, the last PHOTO_LIMIT of them; those a host sends without CORS are opaque,
      and Chromium counts each as about 7 MB of the site's storage, so at most OPAQUE_LIMIT of those. Offline,
      another kept size of the same Flickr photo stands in.
    - "Keep the whole catalogue" (a message from js/offline.js): every page of offline.json, four at a time,
      with progress; photos only through CORS, never opaque, so they count what they weigh.
    Variables: lang, version, precache (url, digest), offline and garage (addresses from the worker's folder). -#}
/* Guzzi Tracker ({{ lang }}): the offline worker, version {{ version }}. Written by guzzi-site build from
   Templates/sw.js; do not edit. */
{% include "partials/worker-rules.js" %}
(function () {
  "use strict";
  const scope = self.registration.scope;
  const PREFIX = WorkerRules.cachePrefix(scope);
  const SHELL = PREFIX + "shell-{{ version }}";
  const PAGES = PREFIX + "pages";
  const KEPT = PREFIX + "kept";
  const PHOTOS = PREFIX + "photos";
  const OPAQUE = PREFIX + "photos-opaque";
  const KEPT_PHOTOS = PREFIX + "kept-photos";
  const PRECACHE = [
{%- for file in precache %}
    ["{{ file.url }}", "{{ file.digest }}"]{% if not loop.last %},{% endif %}
{%- endfor %}
  ];
  const NETWORK_TIMEOUT = 4000;
  const PHOTO_LIMIT = 60;
  const OPAQUE_LIMIT = 16;
  const address = (relative) => new URL(relative, scope).href;
  const OFFLINE = address("{{ offline }}");
  // the empty 4 × 3 frame of a photo not kept, offline: a transparent PNG of 68 bytes. It was an SVG, and every
  // SVG image is a document of its own, made on the main thread: 13-19 ms each on a phone's CPU, a screen of
  // thumbnails a long task (Tests/Benchmark/README.md, thirteenth and fourteenth sittings)
  const NOT_KEPT = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAQAAAAe/WZNAAAAC0lEQVR42mNgwAkAABsAAVmYPeoAAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

  self.addEventListener("install", (event) => {
    // the first worker of a reader takes over at once; a newer one waits for the reader (js/offline.js)
    if (!self.registration.active) self.skipWaiting();
    event.waitUntil(precache());
  });

  /** Every file of the shell from the network, then all of them into the shell's cache: a file that cannot be
   * had leaves no shell at all, never half of one. */
  function precache() {
    return Promise.all(
      PRECACHE.map(([relative]) =>
        fetch(new Request(address(relative), { cache: "reload" })).then((response) => {
          if (!response.ok) throw new Error(relative + ": HTTP " + response.status);
          return [WorkerRules.pageKey(address(relative)), response];
        })
      )
    ).then((files) => caches.open(SHELL).then((cache) => Promise.all(files.map(([key, response]) => cache.put(key, response)))));
  }

  /** The shell again when it is gone while this worker still serves: storage cleared without the worker (a
   * browser's "clear cached files", an eviction). Looked at on each page opened, so that the next time the
   * network is away the shell is there. */
  let checking = null;
  function keepShell() {
    if (!checking) {
      checking = caches
        .has(SHELL)
        .then((has) => has || precache())
        .catch(() => {})
        .then(() => {
          checking = null;
        });
    }
    return checking;
  }

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => WorkerRules.isOldShell(n, PREFIX, SHELL)).map((n) => caches.delete(n))))
        .then(() => self.clients.claim())
    );
  });

  self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "skip-waiting") self.skipWaiting();
    else if (data.type === "keep") event.waitUntil(keep(data.what, data.list, event.source));
    else if (data.type === "forget") event.waitUntil(caches.delete(data.what === "photos" ? KEPT_PHOTOS : KEPT));
    else if (data.type === "names") event.source.postMessage({ type: "names", pages: PAGES, kept: KEPT, photos: KEPT_PHOTOS, prefix: PREFIX });
    else if (data.type === "visited") event.waitUntil(visited(data.url, data.photos || []));
    else if (data.type === "listing") event.waitUntil(listing(data.list).then((found) => event.source.postMessage({ type: "listing", found: found && measures(found) })));
  });

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (request.mode === "navigate") {
      if (!request.url.startsWith(scope)) return;
      event.respondWith(page(request));
      event.waitUntil(keepShell());
    } else if (url.origin === self.location.origin) {
      event.respondWith(file(request, url));
    } else if (request.destination === "image") {
      event.respondWith(photo(request));
    }
  });

  /** The kept copy of `key`, from the shell, the pages opened or the catalogue kept whole. */
  async function kept(key, names) {
    for (const cacheName of names || [SHELL, PAGES, KEPT]) {
      const hit = await caches.match(key, { cacheName }); // opens no cache that is not there
      if (hit) return hit;
    }
    return undefined;
  }

  async function put(name, key, response) {
    try {
      await (await caches.open(name)).put(key, response);
    } catch (error) {
      /* storage refused: the page is shown all the same, just not kept */
    }
  }

  async function page(request) {
    const key = WorkerRules.pageKey(request.url);
    // revalidated, whatever the host's caching headers say: a reader online gets the newest page
    const network = fetch(new Request(request, { cache: "no-cache" })).then((response) => {
      if (response.ok && response.type === "basic") put(PAGES, key, response.clone());
      return response;
    });
    const answer = await Promise.race([
      network.catch(() => null),
      new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT, null)),
    ]);
    if (answer) return answer;
    const copy = await kept(key);
    if (copy) return copy;
    const late = await network.catch(() => null);
    if (late) return late;
    const offline = await kept(WorkerRules.pageKey(OFFLINE));
    if (!offline) return Response.error();
    return new Response(WorkerRules.withBase(await offline.text(), OFFLINE), {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }

  async function file(request, url) {
    const key = WorkerRules.pageKey(request.url);
    if (url.pathname.includes("/assets/")) {
      // named by their content: a kept copy is the file
      const copy = await kept(key);
      if (copy) return copy;
      const response = await fetch(request);
      if (response.ok) put(PAGES, key, response.clone());
      return response;
    }
    try {
      const response = await fetch(request);
      if (response.ok && response.type === "basic") put(PAGES, key, response.clone());
      return response;
    } catch (error) {
      const copy = await kept(key);
      if (copy) return copy;
      throw error;
    }
  }

  async function photo(request) {
    const copy = await kept(request.url, [PHOTOS, OPAQUE, KEPT_PHOTOS]);
    if (copy) return copy;
    try {
      const response = await fetch(request);
      if (response.type === "opaque" || response.ok) keepPhoto(request.url, response.clone());
      return response;
    } catch (error) {
      // offline: another kept size of the photo, else an empty frame (no error for a photo not kept)
      return (await anotherSize(request.url)) || new Response(NOT_KEPT, { headers: { "Content-Type": "image/png" } });
    }
  }

  async function keepPhoto(url, response) {
    const name = response.type === "opaque" ? OPAQUE : PHOTOS;
    await put(name, url, response);
    const cache = await caches.open(name);
    const keys = await cache.keys();
    for (const old of WorkerRules.overLimit(keys, name === OPAQUE ? OPAQUE_LIMIT : PHOTO_LIMIT)) await cache.delete(old);
  }

  /** Offline: a kept file of the same Flickr photo in another size. */
  async function anotherSize(url) {
    const family = WorkerRules.photoFamily(url);
    if (!family) return undefined;
    for (const name of [KEPT_PHOTOS, PHOTOS, OPAQUE]) {
      if (!(await caches.has(name))) continue;
      const cache = await caches.open(name);
      for (const key of await cache.keys()) {
        if (WorkerRules.photoFamily(key.url) === family) return cache.match(key);
      }
    }
    return undefined;
  }

  /** What "keep the whole catalogue" would download (offline.json): from the network, else as last seen; asked
   * by the page through the worker, so that a page offline logs no failed request. */
  async function listing(list) {
    if (typeof list !== "string" || !list.startsWith(scope)) return null;
    try {
      const response = await fetch(list, { cache: "no-cache" });
      if (response.ok) {
        await put(PAGES, list, response.clone());
        return await response.json();
      }
    } catch (error) {
      /* offline: the copy below */
    }
    const copy = await kept(list);
    return copy ? copy.json() : null;
  }

  /** What the page's "keep" control tells of a listing: its counts and sizes, not its entries. At 10 000
   * motorcycles the whole list (over 20 000 entries) was copied into the page, one task of 50-60 ms there under a
   * 4x slowdown as the catalogue loaded (issue 38). */
  function measures(found) {
    const { motorcycles, bytes, photo_bytes } = found;
    return { motorcycles, bytes, photo_bytes, pages: found.pages.length, photos: found.photos.length };
  }

  /** A page opened before this worker served it (the reader's first visit), and the photos it shows. */
  async function visited(url, photos) {
    if (typeof url !== "string" || !url.startsWith(scope)) return;
    const key = WorkerRules.pageKey(url);
    if (!(await kept(key))) {
      try {
        const response = await fetch(key);
        if (response.ok && response.type === "basic") await put(PAGES, key, response);
      } catch (error) {
        /* offline already: nothing to keep */
      }
    }
    for (const photoURL of photos.slice(0, 8)) {
      if (typeof photoURL !== "string" || (await kept(photoURL, [PHOTOS, OPAQUE, KEPT_PHOTOS]))) continue;
      try {
        const response = await fetch(photoURL, { mode: "no-cors" });
        await keepPhoto(photoURL, response);
      } catch (error) {
        /* the photo stays the network's */
      }
    }
  }

  /** Keeps every page (or every photo) offline.json lists, four at a time, telling `client` how far it got. */
  async function keep(what, list, client) {
    const tell = (state, done, total, failed) =>
      client && client.postMessage({ type: "keep-progress", what, state, done, total, failed });
    const found = await listing(list);
    if (!found) return tell("failed", 0, 0, 1);
    const entries = what === "photos" ? found.photos : found.pages;
    const cache = await caches.open(what === "photos" ? KEPT_PHOTOS : KEPT);
    const total = entries.length;
    let next = 0;
    let done = 0;
    let failed = 0;
    let stop = null;
    async function fetchNext() {
      while (next < total && !stop) {
        const entry = entries[next];
        next += 1;
        const url = what === "photos" ? entry.url : address(entry.url);
        const key = what === "photos" ? url : WorkerRules.pageKey(url);
        try {
          if (!(await cache.match(key))) {
            // photos through CORS only: an opaque copy would count as some 7 MB of storage each
            const response = await fetch(url, what === "photos" ? { mode: "cors", credentials: "omit" } : {});
            if (!response.ok) throw new Error("HTTP " + response.status);
            await cache.put(key, response);
          }
        } catch (error) {
          if (error && error.name === "QuotaExceededError") stop = "quota";
          else if (what === "photos" && error instanceof TypeError) stop = "refused";
          failed += 1;
        }
        done += 1;
        if (done % 4 === 0 || done === total) tell("running", done, total, failed);
      }
    }
    await Promise.all([fetchNext(), fetchNext(), fetchNext(), fetchNext()]);
    tell(stop || (failed ? "partial" : "done"), done, total, failed);
  }
})();
