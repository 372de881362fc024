/* Guzzi Tracker — shared helpers and start-up of the browser scripts (every page).
 *
 * The browser code is a few classic scripts with one job each, all loaded with `defer`; those of every page and
 * those of the catalogue reach readers joined into one file each (Resources/assets/bundles.json):
 *   every page      core.js (this file), store.js (Garage and units storage), units.js (unit switch),
 *                   hearts.js (Garage hearts), offline.js (the offline worker and the web app manifest);
 *   catalogue       catalogue-list.js (search, filters, ordering on data: no DOM), catalogue-sort.js (the
 *                   ordering controls), catalogue-rows.js (the list's rows), catalogue.js (the page);
 *   Garage, compare garage.js, compare.js; gallery gallery.js (the full-screen viewer).
 * Their data is the edition's data/catalogue-<n>.js (GuzziTracker.catalogueParts, loaded by loadCatalogue when a
 * page needs it) and, for compare, data/specs-id-<n>.js (GuzziTracker.specs, compare.js), classic scripts written
 * by the build.
 * Classic scripts and <script src>, never modules or fetch(): browsers refuse both on pages opened from disk
 * (file://), and the site must work from a folder or a USB stick.
 * Each file adds to the GuzziTracker namespace and starts its page through GuzziTracker.onStart, which runs once
 * every deferred script (data included) has run. Files touch the DOM only when started, so the node unit tests
 * (Tests/JavaScript) load them without one. New DOM is built with createElement/textContent or from <template>
 * markup: data never goes through innerHTML. Controls are in the pages' HTML from the start, so nothing moves
 * when the scripts start; without JavaScript they are hidden (the class needs-script) and the pages are plain
 * lists of links.
 */
(function (G) {
  "use strict";

  G.GARAGE_KEY = "guzzi-tracker.garage";
  G.UNITS_KEY = "guzzi-tracker.units";
  G.MAX_COMPARE = 4;
  G.locale = G.locale || "en-US";

  /** "{n} results" with {n} filled; unknown placeholders stay as they are. */
  G.fill = function (template, values) {
    return String(template).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  };

  const pluralRules = new Map();
  /** strings[prefix + "_" + category] for `count`, the category from the locale's plural rules (one, other, …
   * as the edition's plural_rules name them in Swift); the "_other" string when the edition has none for it. */
  G.plural = function (strings, prefix, count, locale) {
    const key = locale || G.locale;
    if (!pluralRules.has(key)) pluralRules.set(key, new Intl.PluralRules(key));
    const text = strings[prefix + "_" + pluralRules.get(key).select(count)];
    return text === undefined ? strings[prefix + "_other"] : text;
  };

  /** How English writes numbers: the default until the page's ui strings give the edition's own. */
  G.ENGLISH_NUMBERS = { decimal: ".", group: ",", group_from: 4 };

  /** A number with at most `digits` fraction digits (no trailing zeros), written as the edition writes numbers
   * (`numbers`: the build's separators from the edition's localisation file, G.S.numbers by default): the rules
   * of the build's NumberFormat, so the scripts' numbers read like the pages'. Not Intl.NumberFormat: its first
   * use on a page took a 60-70 ms task on a slow phone (the catalogue's first key press). */
  G.formatNumber = function (value, digits, numbers) {
    const rules = numbers || (G.S && G.S.numbers) || G.ENGLISH_NUMBERS;
    if (!Number.isFinite(value)) return "\u2014";
    let text = Math.abs(value).toFixed(digits);
    if (text.includes(".")) text = text.replace(/\.?0+$/, "");
    const [whole, fraction] = text.split(".");
    const grouped = whole.length >= rules.group_from ? whole.replace(/\B(?=(\d{3})+$)/g, rules.group) : whole;
    const negative = value < 0 && /[1-9]/.test(text);
    return (negative ? "-" : "") + grouped + (fraction ? rules.decimal + fraction : "");
  };

  /** "229 kg": a metric figure as the build writes it (Edition.measure: up to 3 fraction digits, the edition's
   * separators and unit name), or null when there is none. For the figures the data scripts carry without a text. */
  G.measure = function (value, unit) {
    if (typeof value !== "number" || !Number.isFinite(value)) return null;
    const names = (G.S && G.S.metric_units) || {};
    return G.formatNumber(value, 3) + " " + (names[unit] || unit);
  };

  /** Lower case, accents removed (NFD, then combining marks dropped), spaces collapsed. */
  G.normalize = function (text) {
    return String(text || "")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
  };

  /** "12, 4,x,12,-1" -> [12, 4]: positive integers, first occurrence kept, in order. */
  G.parseIds = function (text) {
    const ids = [];
    for (const part of String(text === null || text === undefined ? "" : text).split(",")) {
      const id = Number(part.trim());
      if (part.trim() !== "" && Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
    }
    return ids;
  };

  G.sameList = function (a, b) {
    return a.length === b.length && a.every((value, index) => value === b[index]);
  };

  /** A record with every property the build can give one (BikeFields.swift, the scripts' fields), all null, to be
   * filled from a row. Made empty and filled from the data's list of fields, a record of twenty properties went
   * into V8's dictionary mode (more than a dozen properties added by computed names), and every read of it (the
   * search, an ordering, a filter) was a hash lookup. A field the build adds later and this list lacks still works,
   * added to each record. */
  function emptyRecord() {
    return {
      position: null,
      id: null,
      slug: null,
      name: null,
      family: null,
      first: null,
      last: null,
      years: null,
      cycle: null,
      displacement: null,
      nominal: null,
      bore: null,
      stroke: null,
      power: null,
      weight: null,
      wheelbase: null,
      max_speed: null,
      displacement_text: null,
      power_text: null,
      thumb: null,
      added: null,
      url: null,
    };
  }

  /** The motorcycles of a part of the edition's data as objects; `start` is the part's first position in the
   * data's (the default) order. Each has the address of its page from the edition's folder (`url`), from the
   * pattern the build gives (`bike_url`: "moto/{slug}/index.html"). */
  G.records = function (data, start, from, to) {
    const fields = (data && data.fields) || [];
    const offset = start || 0;
    const rows = (data && data.motorcycles) || [];
    const first = from || 0;
    return rows.slice(first, to === undefined ? rows.length : to).map((row, index) => {
      const record = emptyRecord();
      record.position = offset + first + index;
      fields.forEach((field, i) => {
        record[field] = row[i] === undefined ? null : row[i];
      });
      record.url = String(data.bike_url).replace("{slug}", record.slug); // the build's pattern, from the edition
      return record;
    });
  };

  /** Runs `task` in a task of its own, after what the browser has queued meanwhile (a reader's input among it):
   * where one piece of work was split in two so that neither is a long task (over 50 ms on a slow phone), the
   * second half goes here. */
  G.nextTask = function (task) {
    globalThis.setTimeout(task, 0);
  };

  /** Calls `work(from, to)` over 0..<count a slice at a time, each slice in a task of its own once `budget` ms have
   * gone in the one before; resolves when all are done. Work made when data arrives (a part's records, their
   * search words) then never holds up a key the reader presses meanwhile by more than a slice: at 148 motorcycles
   * on a slow phone it was one 61-ms task, and the first letter typed waited for it. */
  G.inSlices = function (count, work, budget) {
    const limit = budget || 8;
    const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());
    return new Promise((resolve) => {
      let next = 0;
      const slice = () => {
        const end = now() + limit;
        while (next < count) {
          const to = Math.min(count, next + 16);
          work(next, to);
          next = to;
          if (now() >= end) break;
        }
        if (next < count) G.nextTask(slice);
        else resolve();
      };
      slice();
    });
  };

  /** Runs `task` once the page has loaded and the browser is idle (at most `timeout` ms after the load): for work
   * the reader does not wait for, kept out of the tasks that end the load. */
  G.afterLoad = function (task, timeout) {
    if (document.readyState === "complete") G.whenIdle(task, timeout);
    else window.addEventListener("load", () => G.whenIdle(task, timeout), { once: true });
  };

  // --- DOM helpers (used once started) ---------------------------------------------------------

  G.element = function (tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "className") node.className = value;
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  };

  /** The accessible dash of a missing value (partials/missing.html, from the page's <template>). */
  G.missing = function () {
    const template = document.getElementById("missing-value");
    return template ? template.content.cloneNode(true) : document.createTextNode("—");
  };

  /** A link inside the edition from the current page: "moto/x/index.html" -> "../../en/moto/x/index.html". */
  G.editionLink = function (relative) {
    return ((G.S && G.S.root) || "") + relative;
  };

  /** Runs `task` once the browser is idle: after the frame it is drawing, when no input or other task waits (at
   * the latest after `timeout` ms, 200 by default). Where requestIdleCallback is missing (Safari), after a frame's
   * time. */
  G.whenIdle = function (task, timeout) {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(() => task(), { timeout: timeout || 200 });
    } else {
      window.setTimeout(task, 16);
    }
  };

  /** A task to run when idle once `ms` have gone by without another: `later(task)` puts `task` in place of the
   * one waiting and starts the pause again, `later(null)` drops it, `later.now()` runs the waiting one when idle
   * without waiting out the pause. Only the task waiting last runs, even when a new one comes between the end of
   * the pause and the idle moment. For the work a reader's letters would have to wait for (catalogue.js, the
   * address of what was typed; catalogue-rows.js, the rest of a letter's rows). */
  G.afterPause = function (ms) {
    let waiting = null; // {task, timer}
    let latest = 0;
    const later = (task) => {
      latest += 1;
      if (waiting) window.clearTimeout(waiting.timer);
      waiting = null;
      if (!task) return;
      const mine = latest;
      const run = () => {
        if (mine !== latest) return;
        waiting = null;
        task();
      };
      waiting = { task, timer: window.setTimeout(() => G.whenIdle(run), ms) };
    };
    later.now = () => {
      const task = waiting && waiting.task;
      later(null);
      if (task) G.whenIdle(task);
    };
    return later;
  };

  /** Changes the query of the page's URL. Chromium and Firefox both allow this on file:// URLs (same file, other
   * query) and throw SecurityError for another path, which the scripts never ask for. */
  G.setURL = function (url, push) {
    try {
      if (push) window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    } catch (error) {
      /* a browser that refuses: the page still works, the URL just does not follow */
    }
  };

  // --- the edition's data ------------------------------------------------------------------------

  let loading = null;
  /** Loads the edition's data, the parts the page names (#ui-strings data-catalogue: data/catalogue-<n>.js),
   * each with a <script> element (fetch() is refused on file://), one a task, and resolves with every motorcycle
   * as a record (G.records), in the default order; G.catalogue is then the edition's header and all the rows. A
   * part's script runs in a task of its own, and its records are made a slice at a time (G.inSlices: a long task
   * would hold up a reader's keystroke): `eachPart(records)` runs on each slice, for work that should not wait for
   * the rest. Loaded once per page; the first caller's eachPart is the one used. */
  G.loadCatalogue = function (eachPart) {
    if (loading) return loading;
    loading = new Promise((resolve, reject) => {
      const element = document.getElementById("ui-strings");
      const urls = String((element && element.dataset.catalogue) || "")
        .split(" ")
        .filter(Boolean);
      const parts = (G.catalogueParts = G.catalogueParts || []);
      const records = [];
      let left = urls.length;
      if (!left) return reject(new Error("the page names no catalogue data"));
      /** Asks for part `number`, then the next in a task of its own: at 10 000 motorcycles, ten <script>s put in
       * at once were a 70-100 ms task on a phone's first tap in the search box (some 10 ms each where DevTools
       * watches the network; issue 37). */
      const request = (number) => {
        const url = urls[number];
        if (number + 1 < urls.length) G.nextTask(() => request(number + 1));
        const made = () => {
          const part = parts[number];
          if (!part) return reject(new Error("no data in " + url));
          const rows = (records[number] = []);
          G.inSlices((part.motorcycles || []).length, (from, to) => {
            const slice = G.records(part, part.start, from, to);
            if (eachPart) eachPart(slice);
            for (const record of slice) rows.push(record);
          }).then(() => {
            left -= 1;
            if (left === 0) {
              G.catalogue = Object.assign({}, parts[0], { motorcycles: [].concat(...parts.map((p) => p.motorcycles)) });
              resolve([].concat(...records));
            }
          });
        };
        if (parts[number]) return made(); // already there (a page that loads it with <script defer>)
        const script = document.createElement("script");
        script.src = url;
        script.onload = made;
        script.onerror = () => reject(new Error("cannot load " + url));
        document.head.append(script);
      };
      request(0);
    });
    return loading;
  };

  // --- start-up ----------------------------------------------------------------------------------

  const starters = [];
  /** Runs `start(strings)` once every deferred script has run. */
  G.onStart = function (start) {
    starters.push(start);
  };

  function startAll() {
    const stringsElement = document.getElementById("ui-strings");
    if (!stringsElement) return;
    try {
      G.S = JSON.parse(stringsElement.textContent);
    } catch (error) {
      return;
    }
    // what depends on the page's folder: the edition's folder from the page, the storage frame (js/store.js)
    G.S.root = stringsElement.dataset.root || "";
    G.S.storage = stringsElement.dataset.storage || "";
    G.locale = String(G.S.locale || "en_US").replace("_", "-");
    G.store = G.createStore(G.S);
    // Each script starts in a task of its own, in order: together they were one long task (150 ms on a slow
    // phone for the catalogue), which blocked a reader's first tap; apart each stays under 50 ms.
    for (const start of starters) G.nextTask(() => start(G.S));
  }

  if (typeof document !== "undefined") {
    // Deferred scripts run before DOMContentLoaded, and this one first: wait for the others. Then in a task of
    // its own: the one that ends the parsing runs the deferred scripts and the browser's own work on the page,
    // and with this too it went over 50 ms on a slow phone (issue 38).
    if (document.readyState === "complete") startAll();
    else document.addEventListener("DOMContentLoaded", () => G.nextTask(startAll));
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
