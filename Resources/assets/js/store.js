/* Guzzi Tracker — where the Garage and the unit choice are kept (every page).
 *
 * Over HTTP(S): localStorage. Opened from disk (file://) it is not that simple; measured with Chromium 156 and
 * Firefox ESR 153 (both driven by Tests/Browser, and by hand):
 *   - Chromium gives all file:// pages one localStorage (their origin is "file://"), as a web site has;
 *   - Firefox gives each file its own (each file is an origin of its own, "null"): a heart saved on the
 *     catalogue page would not be in the Garage page's storage, nor on another motorcycle's page;
 *   - both let history.replaceState/pushState change the query of the page's own file:// URL and throw a
 *     SecurityError for another path (the scripts only change the query: the catalogue's state stays in the
 *     URL on disk too);
 *   - both let a file:// page load other files with <script src> (the data) and <iframe>, never with fetch().
 * So on file:// every page keeps its storage in one place: a hidden iframe of assets/storage.html, whose own
 * localStorage is the same whichever page embeds it (in Firefox, that one file's; in Chromium, the shared
 * file:// one), reached with postMessage. Its answer is asynchronous, so readers wait for `store.ready`.
 * If the iframe does not answer within a few seconds the page falls back to its own localStorage.
 *
 * store.ready (a Promise), store.get(key, fallback), store.set(key, value), store.remove(key) and
 * store.onChange(listener): listener(key) when another page or tab changed a key (null: maybe all keys).
 */
(function (G) {
  "use strict";

  const BRIDGE_TIMEOUT = 3000;

  function parse(text, fallback) {
    if (text === null || text === undefined) return fallback;
    try {
      return JSON.parse(text);
    } catch (error) {
      return fallback;
    }
  }

  /** localStorage itself; any failure (storage disabled, full) just means nothing persists. */
  function localStore() {
    const listeners = [];
    window.addEventListener("storage", (event) => listeners.forEach((listener) => listener(event.key)));
    return {
      ready: Promise.resolve(),
      get(key, fallback) {
        try {
          return parse(window.localStorage.getItem(key), fallback);
        } catch (error) {
          return fallback;
        }
      },
      set(key, value) {
        try {
          window.localStorage.setItem(key, JSON.stringify(value));
        } catch (error) {
          /* not persisted */
        }
      },
      remove(key) {
        try {
          window.localStorage.removeItem(key);
        } catch (error) {
          /* nothing to remove */
        }
      },
      onChange(listener) {
        listeners.push(listener);
      },
    };
  }

  /** The keys that differ between two snapshots ({key: text}). */
  G.changedKeys = function (before, after) {
    const keys = new Set(Object.keys(before).concat(Object.keys(after)));
    return Array.from(keys).filter((key) => before[key] !== after[key]);
  };

  /** The file:// store: a cache of the bridge's snapshot, written through to it. */
  function bridgeStore(src) {
    const listeners = [];
    let values = {};
    let local = null; // localStorage, if the bridge never answered
    let answered = false;
    let resolveReady;
    const ready = new Promise((resolve) => {
      resolveReady = resolve;
    });
    const frame = G.element("iframe", {
      className: "guzzi-store",
      src,
      title: "storage",
      hidden: true,
      tabindex: "-1",
      "aria-hidden": "true",
    });
    window.addEventListener("message", (event) => {
      const data = event.data;
      if (event.source !== frame.contentWindow || !data || data.guzziStore !== "snapshot") return;
      if (!data.values || typeof data.values !== "object") return;
      const next = {};
      for (const [key, text] of Object.entries(data.values)) if (typeof text === "string") next[key] = text;
      const changed = G.changedKeys(values, next);
      values = next;
      if (!answered) {
        answered = true;
        resolveReady();
      } else {
        changed.forEach((key) => listeners.forEach((listener) => listener(key)));
      }
    });
    document.body.append(frame);
    setTimeout(() => {
      if (answered) return;
      local = localStore();
      listeners.forEach((listener) => local.onChange(listener));
      resolveReady();
    }, BRIDGE_TIMEOUT);
    function post(key, text) {
      try {
        frame.contentWindow.postMessage({ guzziStore: "set", key, value: text }, "*");
      } catch (error) {
        /* the bridge is gone (page unloading): nothing to do */
      }
    }
    return {
      ready,
      get(key, fallback) {
        return local ? local.get(key, fallback) : parse(values[key], fallback);
      },
      set(key, value) {
        if (local) return local.set(key, value);
        values[key] = JSON.stringify(value);
        post(key, values[key]);
      },
      remove(key) {
        if (local) return local.remove(key);
        delete values[key];
        post(key, null);
      },
      onChange(listener) {
        listeners.push(listener);
        if (local) local.onChange(listener);
      },
    };
  }

  G.createStore = function (S) {
    if (window.location.protocol === "file:" && S.storage) return bridgeStore(S.storage);
    return localStore();
  };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
