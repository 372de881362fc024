/* Guzzi Tracker — the catalogue in the browser (issue 4).
 *
 * One vanilla script, loaded with `defer` on every page; no framework, no build step, nothing from a CDN.
 *   - catalogue page: search, combinable filters, multi-key ordering (all kept in the URL query),
 *     compare tick boxes; it shows, hides and reorders the server-rendered <li> rows, it never re-renders them;
 *   - Garage: heart buttons (localStorage) on list rows and motorcycle pages, the Garage page with reorder,
 *     remove and a share link (?ids=12,4,7) that rebuilds the Garage in another browser;
 *   - compare page (?ids=…): the chosen motorcycles' spec tables side by side, differing rows highlighted;
 *   - units: metric by default, imperial (US) on request, remembered; applied to every [data-unit] cell.
 * Without JavaScript every control stays hidden and the pages are plain lists of links.
 * New DOM is built with createElement/textContent only: data never goes through innerHTML.
 */
(function () {
  "use strict";

  const stringsElement = document.getElementById("ui-strings");
  if (!stringsElement) return;
  let S;
  try {
    S = JSON.parse(stringsElement.textContent);
  } catch (error) {
    return;
  }

  const LOCALE = String(S.locale || "en_US").replace("_", "-");
  const GARAGE_KEY = "guzzi-tracker.garage";
  const UNITS_KEY = "guzzi-tracker.units";
  const MAX_COMPARE = 4;

  // ------------------------------------------------------------------------------------------
  // helpers
  // ------------------------------------------------------------------------------------------

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  }

  const formatters = new Map();
  function formatNumber(value, digits) {
    if (!formatters.has(digits)) {
      formatters.set(digits, new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }));
    }
    return formatters.get(digits).format(value);
  }

  function results(n) {
    return fill(n === 1 ? S.results_one : S.results_other, { n: formatNumber(n, 0) });
  }

  /** Lower case, accents removed (NFD, then combining marks dropped), spaces collapsed. */
  function normalize(text) {
    return String(text || "")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "className") node.className = value;
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function parseIds(text) {
    const ids = [];
    for (const part of String(text || "").split(",")) {
      const id = Number(part.trim());
      if (Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  function sameList(a, b) {
    return a.length === b.length && a.every((value, index) => value === b[index]);
  }

  const storage = {
    get(key, fallback) {
      try {
        const text = window.localStorage.getItem(key);
        return text === null ? fallback : JSON.parse(text);
      } catch (error) {
        return fallback;
      }
    },
    set(key, value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch (error) {
        /* storage disabled or full: the feature simply does not persist */
      }
    },
  };

  function setURL(url, push) {
    try {
      if (push) window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    } catch (error) {
      /* some browsers refuse history changes on file: URLs; the page still works */
    }
  }

  let indexPromise = null;
  function loadIndex() {
    if (!indexPromise && window.location.protocol === "file:") {
      // browsers refuse fetch() on file: URLs (and log it): opened from disk, the pages stay plain links
      indexPromise = Promise.reject(new Error("file: URL"));
    }
    if (!indexPromise) {
      indexPromise = fetch(S.index, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error("index.json: HTTP " + response.status);
        return response.json();
      });
    }
    return indexPromise;
  }

  function editionLink(relative) {
    return (S.root || "") + relative;
  }

  // ------------------------------------------------------------------------------------------
  // units
  // ------------------------------------------------------------------------------------------

  /** Metric value -> [imperial value, fraction digits]. hp stays hp; l -> US gallons; l/100 km -> US mpg. */
  const CONVERSIONS = {
    mm: (v) => [v / 25.4, 1],
    cc: (v) => [v / 16.387064, 1],
    kg: (v) => [v * 2.2046226218, 0],
    kmh: (v) => [v / 1.609344, 0],
    l: (v) => {
      const gallons = v / 3.785411784;
      return [gallons, gallons < 2 ? 2 : 1];
    },
    l100km: (v) => [v > 0 ? 235.214583 / v : NaN, 1],
  };

  function currentUnits() {
    return storage.get(UNITS_KEY, "metric") === "imperial" ? "imperial" : "metric";
  }

  const metricContent = new WeakMap();

  function applyUnits(root) {
    const system = currentUnits();
    (root || document).querySelectorAll("[data-unit]").forEach((cell) => {
      const convert = CONVERSIONS[cell.dataset.unit];
      const raw = cell.dataset.value;
      if (!convert || raw === undefined || raw.trim() === "") return;
      const value = Number(raw);
      if (!Number.isFinite(value)) return;
      if (system === "imperial") {
        const [converted, digits] = convert(value);
        if (!Number.isFinite(converted)) return;
        if (!metricContent.has(cell)) {
          metricContent.set(cell, Array.from(cell.childNodes, (node) => node.cloneNode(true)));
        }
        cell.textContent = formatNumber(converted, digits) + "\u00a0" + S.units[cell.dataset.unit];
        cell.classList.add("imperial");
      } else if (metricContent.has(cell)) {
        cell.replaceChildren(...metricContent.get(cell).map((node) => node.cloneNode(true)));
        cell.classList.remove("imperial");
      }
    });
  }

  function syncUnitSwitches() {
    const system = currentUnits();
    document.querySelectorAll('.unit-switch input[name="units"]').forEach((radio) => {
      radio.checked = radio.value === system;
    });
  }

  function initUnits() {
    document.querySelectorAll(".unit-switch").forEach((fieldset) => {
      fieldset.hidden = false;
      fieldset.addEventListener("change", (event) => {
        const radio = event.target;
        if (radio.name !== "units" || !radio.checked) return;
        storage.set(UNITS_KEY, radio.value === "imperial" ? "imperial" : "metric");
        syncUnitSwitches();
        applyUnits(document);
      });
    });
    syncUnitSwitches();
    applyUnits(document);
  }

  // ------------------------------------------------------------------------------------------
  // Garage (hearts)
  // ------------------------------------------------------------------------------------------

  function garageIds() {
    const stored = storage.get(GARAGE_KEY, []);
    return Array.isArray(stored) ? parseIds(stored.join(",")) : [];
  }

  function saveGarage(ids) {
    storage.set(GARAGE_KEY, parseIds(ids.join(",")));
  }

  function syncHearts() {
    const saved = new Set(garageIds());
    document.querySelectorAll(".garage-toggle").forEach((button) => {
      button.setAttribute("aria-pressed", String(saved.has(Number(button.dataset.id))));
    });
  }

  function initHearts() {
    document.querySelectorAll(".garage-toggle").forEach((button) => {
      if (button.dataset.name) {
        button.setAttribute("aria-label", fill(S.garage_save_name, { name: button.dataset.name }));
      }
    });
    document.querySelectorAll(".row-actions, .bike-actions").forEach((box) => {
      box.hidden = false;
    });
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".garage-toggle");
      if (!button) return;
      const id = Number(button.dataset.id);
      const ids = garageIds();
      const at = ids.indexOf(id);
      if (at >= 0) ids.splice(at, 1);
      else ids.push(id);
      saveGarage(ids);
      syncHearts();
    });
    syncHearts();
  }

  // ------------------------------------------------------------------------------------------
  // catalogue page
  // ------------------------------------------------------------------------------------------

  const SORT_KEYS = ["year", "displacement", "bore", "stroke", "power", "wheelbase", "weight"];
  const FIGURE_KEYS = ["displacement", "bore", "stroke", "power", "weight", "wheelbase"];
  const RANGE_KEYS = ["year"].concat(FIGURE_KEYS);
  const DEFAULT_SORT = [{ key: "year", dir: "desc" }];

  function sortValue(bike, key) {
    const value = key === "year" ? bike.first : bike[key];
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }

  /** Criteria in the order picked; missing figures last whatever the direction; then name, then id. */
  function comparator(criteria) {
    return (x, y) => {
      for (const { key, dir } of criteria) {
        const a = sortValue(x, key);
        const b = sortValue(y, key);
        if (a === null || b === null) {
          if (a === null && b === null) continue;
          return a === null ? 1 : -1;
        }
        if (a !== b) return dir === "asc" ? a - b : b - a;
      }
      const nameX = x.name.toLowerCase();
      const nameY = y.name.toLowerCase();
      if (nameX !== nameY) return nameX < nameY ? -1 : 1;
      return x.id - y.id;
    };
  }

  function parseSort(text) {
    const criteria = [];
    for (const part of String(text || "").split(",")) {
      const [key, dir] = part.trim().split("-");
      if (SORT_KEYS.includes(key) && (dir === "asc" || dir === "desc") && !criteria.some((c) => c.key === key)) {
        criteria.push({ key, dir });
      }
    }
    return criteria;
  }

  function initCatalogue(tools, list) {
    const form = document.getElementById("filters");
    const search = document.getElementById("f-q");
    const panel = document.getElementById("filter-panel");
    const cycle = document.getElementById("f-cycle");
    const familyBox = document.getElementById("f-families");
    const sortList = document.getElementById("sort-list");
    const sortKey = document.getElementById("f-sort-key");
    const sortDir = document.getElementById("f-sort-dir");
    const sortAdd = document.getElementById("f-sort-add");
    const count = document.getElementById("result-count");
    const clear = document.getElementById("f-clear");
    const compareLink = document.getElementById("compare-link");
    const compareHint = document.getElementById("compare-hint");
    const rangeInputs = Array.from(form.querySelectorAll("input[data-range]"));

    const rows = new Map();
    list.querySelectorAll(":scope > li.bike-item").forEach((li) => rows.set(Number(li.dataset.id), li));

    loadIndex()
      .then((index) => start(index.motorcycles || []))
      .catch(() => {
        /* no index (e.g. opened from disk): the plain list stays, as without JavaScript */
      });

    function start(bikes) {
      const records = bikes
        .filter((bike) => rows.has(bike.id))
        .map((bike) => ({ bike, li: rows.get(bike.id), text: normalize(bike.name + " " + (bike.family || "")) }));
      const byId = new Map(records.map((record) => [record.bike.id, record]));

      // bounds of every range, from the data itself
      const bounds = {};
      for (const key of RANGE_KEYS) {
        const values = [];
        for (const { bike } of records) {
          if (key === "year") {
            values.push(bike.first);
            if (typeof bike.last === "number") values.push(bike.last);
          } else if (sortValue(bike, key) !== null) {
            values.push(bike[key]);
          }
        }
        if (values.length) bounds[key] = { min: Math.min(...values), max: Math.max(...values) };
      }
      for (const input of rangeInputs) {
        const range = bounds[input.dataset.range];
        if (!range) continue;
        input.min = String(range.min);
        input.max = String(range.max);
        input.placeholder = String(range[input.dataset.bound]); // what the field accepts: no grouping
      }

      // families: one tick box each, alphabetical, with how many motorcycles it has
      const collator = new Intl.Collator(LOCALE, { numeric: true, sensitivity: "base" });
      const familyCounts = new Map();
      for (const { bike } of records) {
        if (bike.family) familyCounts.set(bike.family, (familyCounts.get(bike.family) || 0) + 1);
      }
      const families = Array.from(familyCounts.keys()).sort(collator.compare);
      families.forEach((family, i) => {
        const id = "f-family-" + (i + 1);
        const row = element("div", { className: "check" });
        const box = element("input", { type: "checkbox", id, name: "family", value: family });
        const label = element("label", { for: id }, family + " ");
        label.append(element("span", { className: "n" }, "(" + familyCounts.get(family) + ")"));
        row.append(box, label);
        familyBox.append(row);
      });
      const familySet = new Set(families);

      function defaultState() {
        return { q: "", families: [], cycle: "", ranges: {}, sort: DEFAULT_SORT.slice(), explicitSort: false, compare: [] };
      }

      function readURL() {
        const params = new URLSearchParams(window.location.search);
        const state = defaultState();
        state.q = params.get("q") || "";
        state.families = params.getAll("family").filter((f, i, all) => familySet.has(f) && all.indexOf(f) === i);
        const c = params.get("cycle");
        if (c === "2" || c === "4") state.cycle = c;
        for (const key of RANGE_KEYS) {
          for (const bound of ["min", "max"]) {
            const text = params.get(key + "_" + bound);
            if (text !== null && text.trim() !== "" && Number.isFinite(Number(text))) {
              state.ranges[key + "_" + bound] = Number(text);
            }
          }
        }
        const sort = parseSort(params.get("sort"));
        if (sort.length) {
          state.sort = sort;
          state.explicitSort = true;
        }
        state.compare = parseIds(params.get("compare"))
          .filter((id) => byId.has(id))
          .slice(0, MAX_COMPARE);
        return state;
      }

      function query(state) {
        const params = new URLSearchParams();
        if (state.q.trim()) params.set("q", state.q);
        state.families.forEach((family) => params.append("family", family));
        if (state.cycle) params.set("cycle", state.cycle);
        for (const key of RANGE_KEYS) {
          for (const bound of ["min", "max"]) {
            const value = state.ranges[key + "_" + bound];
            if (value !== undefined) params.set(key + "_" + bound, String(value));
          }
        }
        const isDefault =
          state.sort.length === 1 && state.sort[0].key === "year" && state.sort[0].dir === "desc";
        if (state.explicitSort && !isDefault) {
          params.set("sort", state.sort.map((c) => c.key + "-" + c.dir).join(","));
        }
        if (state.compare.length) params.set("compare", state.compare.join(","));
        const text = params.toString();
        return text ? "?" + text : "";
      }

      let state = readURL();
      let typingIn = null; // the field being typed in: its first keystroke pushes a history entry, the rest replace it

      /** typing: replaceState while typing (after one push for the new field); discrete: pushState; quiet: replace. */
      function commit(kind, field) {
        const url = window.location.pathname + query(state) + window.location.hash;
        const push = kind === "discrete" || (kind === "typing" && typingIn !== field);
        typingIn = kind === "typing" ? field : null;
        if (url === window.location.pathname + window.location.search + window.location.hash) return;
        setURL(url, push);
      }

      function matches(record, tokens, families) {
        const bike = record.bike;
        for (const token of tokens) if (!record.text.includes(token)) return false;
        if (families.size && !families.has(bike.family)) return false;
        if (state.cycle && String(bike.cycle) !== state.cycle) return false;
        const r = state.ranges;
        // years: the production span [first, last] (last = still in production when missing) meets [from, to]
        const last = typeof bike.last === "number" ? bike.last : Infinity;
        if (r.year_min !== undefined && last < r.year_min) return false;
        if (r.year_max !== undefined && bike.first > r.year_max) return false;
        for (const key of FIGURE_KEYS) {
          const value = sortValue(bike, key);
          const low = r[key + "_min"];
          const high = r[key + "_max"];
          if (low !== undefined && (value === null || value < low)) return false;
          if (high !== undefined && (value === null || value > high)) return false;
        }
        return true;
      }

      let lastCount = null;
      function apply() {
        const tokens = normalize(state.q).split(" ").filter(Boolean);
        const families = new Set(state.families);
        const compare = comparator(state.sort);
        const shown = records.filter((record) => matches(record, tokens, families));
        shown.sort((a, b) => compare(a.bike, b.bike));
        const visible = new Set(shown);
        const order = shown.concat(records.filter((record) => !visible.has(record)));
        const current = Array.from(list.children);
        if (!sameList(current, order.map((record) => record.li))) {
          const fragment = document.createDocumentFragment();
          order.forEach((record) => fragment.append(record.li));
          list.append(fragment);
        }
        for (const record of records) record.li.hidden = !visible.has(record);
        list.dataset.count = String(shown.length);
        if (lastCount !== shown.length || !count.textContent) {
          count.textContent = results(shown.length);
          lastCount = shown.length;
        }
      }

      function keyLabel(key) {
        const option = sortKey.querySelector('option[value="' + key + '"]');
        return option ? option.textContent : key;
      }

      function renderSort(focus) {
        sortList.replaceChildren();
        state.sort.forEach((criterion, i) => {
          const item = element("li", { className: "sort-item", "data-key": criterion.key, "data-dir": criterion.dir });
          const name = keyLabel(criterion.key);
          item.append(
            element("span", { className: "sort-label" }, name + ", " + (criterion.dir === "asc" ? S.sort_asc : S.sort_desc)),
            " "
          );
          const reverse = element(
            "button",
            { type: "button", className: "sort-reverse", "aria-label": S.sort_reverse + ": " + name },
            S.sort_reverse
          );
          reverse.addEventListener("click", () => {
            state.sort = state.sort.map((c, j) => (j === i ? { key: c.key, dir: c.dir === "asc" ? "desc" : "asc" } : c));
            state.explicitSort = true;
            changed("discrete");
            renderSort({ index: i, control: "sort-reverse" });
          });
          const remove = element(
            "button",
            { type: "button", className: "sort-remove", "aria-label": S.sort_remove + ": " + name },
            S.sort_remove
          );
          remove.addEventListener("click", () => {
            state.sort = state.sort.filter((c, j) => j !== i);
            if (!state.sort.length) {
              state.sort = DEFAULT_SORT.slice();
              state.explicitSort = false;
            } else {
              state.explicitSort = true;
            }
            changed("discrete");
            renderSort({ index: Math.min(i, state.sort.length - 1), control: "sort-remove" });
          });
          item.append(reverse, " ", remove);
          sortList.append(item);
        });
        if (focus) {
          const items = sortList.querySelectorAll("." + focus.control);
          const target = items[focus.index] || sortAdd;
          target.focus();
        }
      }

      function renderCompare() {
        const picked = new Set(state.compare);
        const full = state.compare.length >= MAX_COMPARE;
        list.querySelectorAll(".compare-check").forEach((box) => {
          box.checked = picked.has(Number(box.value));
          box.disabled = full && !box.checked;
        });
        const n = state.compare.length;
        compareLink.textContent = fill(S.compare_link, { n });
        if (n >= 2) compareLink.href = editionLink("compare/index.html?ids=" + state.compare.join(","));
        else compareLink.removeAttribute("href");
        compareHint.textContent = n < 2 ? S.compare_hint : full ? S.compare_full : "";
      }

      function writeControls() {
        search.value = state.q;
        cycle.value = state.cycle;
        for (const input of rangeInputs) {
          const value = state.ranges[input.dataset.range + "_" + input.dataset.bound];
          input.value = value === undefined ? "" : String(value);
        }
        const families = new Set(state.families);
        familyBox.querySelectorAll('input[name="family"]').forEach((box) => {
          box.checked = families.has(box.value);
        });
        if (state.families.length || state.cycle || Object.keys(state.ranges).length) panel.open = true;
        renderSort();
        renderCompare();
      }

      function changed(kind, field) {
        apply();
        commit(kind, field);
      }

      // wiring
      form.addEventListener("submit", (event) => event.preventDefault());
      search.addEventListener("input", () => {
        state.q = search.value;
        changed("typing", "q");
      });
      for (const input of rangeInputs) {
        input.addEventListener("input", () => {
          const name = input.dataset.range + "_" + input.dataset.bound;
          const text = input.value.trim();
          if (text === "" || !Number.isFinite(Number(text))) delete state.ranges[name];
          else state.ranges[name] = Number(text);
          changed("typing", name);
        });
      }
      cycle.addEventListener("change", () => {
        state.cycle = cycle.value;
        changed("discrete");
      });
      familyBox.addEventListener("change", () => {
        state.families = Array.from(familyBox.querySelectorAll('input[name="family"]:checked'), (box) => box.value);
        changed("discrete");
      });
      sortAdd.addEventListener("click", () => {
        const criterion = { key: sortKey.value, dir: sortDir.value === "asc" ? "asc" : "desc" };
        if (!state.explicitSort) state.sort = [];
        const at = state.sort.findIndex((c) => c.key === criterion.key);
        if (at >= 0) state.sort[at] = criterion;
        else state.sort.push(criterion);
        state.explicitSort = true;
        changed("discrete");
        renderSort();
      });
      clear.addEventListener("click", () => {
        const compare = state.compare;
        state = defaultState();
        state.compare = compare;
        writeControls();
        changed("discrete");
        search.focus();
      });
      list.addEventListener("change", (event) => {
        const box = event.target;
        if (!box.classList || !box.classList.contains("compare-check")) return;
        const id = Number(box.value);
        state.compare = state.compare.filter((x) => x !== id);
        if (box.checked && state.compare.length < MAX_COMPARE) state.compare.push(id);
        renderCompare();
        commit("quiet");
      });
      window.addEventListener("popstate", () => {
        state = readURL();
        typingIn = null;
        writeControls();
        apply();
      });

      list.querySelectorAll(".compare-check").forEach((box) => {
        if (box.dataset.name) box.setAttribute("aria-label", fill(S.compare_pick_name, { name: box.dataset.name }));
        box.closest(".compare-pick").hidden = false;
      });
      writeControls();
      apply();
      tools.hidden = false;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Garage page
  // ------------------------------------------------------------------------------------------

  // Browsers do not let a page opened from disk (file://) fetch other files, so say how to open it instead.
  function loadErrorText() {
    return window.location.protocol === "file:" ? S.load_error_file : S.load_error;
  }

  function showLoadError(app, status) {
    const note = document.getElementById("needs-js");
    if (note) note.textContent = loadErrorText();
    if (app) app.hidden = true;
    if (status) status.textContent = loadErrorText();
  }

  function initGarage(app) {
    const list = document.getElementById("garage-list");
    const empty = document.getElementById("garage-empty");
    const section = document.getElementById("garage-section");
    const share = document.getElementById("garage-share");
    const shareURL = document.getElementById("share-url");
    const copy = document.getElementById("share-copy");
    const status = document.getElementById("garage-status");
    const sharedBox = document.getElementById("garage-shared");
    const sharedText = document.getElementById("garage-shared-text");
    const sharedList = document.getElementById("garage-shared-list");
    const compareLink = document.getElementById("compare-link");
    const compareHint = document.getElementById("compare-hint");
    const heading = document.getElementById("garage-list-title");
    let byId = new Map();
    let picked = [];

    loadIndex()
      .then((index) => {
        byId = new Map((index.motorcycles || []).map((bike) => [bike.id, bike]));
        document.getElementById("needs-js").hidden = true;
        app.hidden = false;
        handleShared();
        render();
      })
      .catch(() => showLoadError(app));

    function known(ids) {
      return ids.filter((id) => byId.has(id));
    }

    function cleanURL() {
      setURL(window.location.pathname + window.location.hash, false);
    }

    function handleShared() {
      const params = new URLSearchParams(window.location.search);
      if (!params.has("ids")) return;
      const shared = known(parseIds(params.get("ids")));
      const mine = known(garageIds());
      if (!shared.length || sameList(shared, mine)) {
        cleanURL();
        return;
      }
      if (!mine.length) {
        saveGarage(shared);
        status.textContent = S.garage_imported;
        cleanURL();
        return;
      }
      // a different Garage is already saved here: let the visitor choose
      sharedText.textContent = fill(S.garage_shared_notice, { n: shared.length });
      sharedList.replaceChildren(
        ...shared.map((id) => {
          const item = element("li");
          item.append(element("a", { href: editionLink(byId.get(id).url) }, byId.get(id).name));
          return item;
        })
      );
      sharedBox.hidden = false;
      const done = (ids) => {
        if (ids) saveGarage(ids);
        sharedBox.hidden = true;
        cleanURL();
        render();
        heading.setAttribute("tabindex", "-1");
        heading.focus();
      };
      document.getElementById("garage-replace").onclick = () => done(shared);
      document.getElementById("garage-merge").onclick = () => done(mine.concat(shared.filter((id) => !mine.includes(id))));
      document.getElementById("garage-keep").onclick = () => done(null);
    }

    function button(label, name, className, onClick, disabled) {
      const node = element(
        "button",
        { type: "button", className, "aria-label": fill(S.garage_action_name, { action: label, name }), disabled },
        label
      );
      node.addEventListener("click", onClick);
      return node;
    }

    function move(id, delta) {
      const ids = known(garageIds());
      const from = ids.indexOf(id);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= ids.length) return;
      ids.splice(from, 1);
      ids.splice(to, 0, id);
      saveGarage(ids);
      render();
      status.textContent = fill(S.garage_moved, { name: byId.get(id).name, n: to + 1 });
      const item = list.querySelector('li[data-id="' + id + '"]');
      const preferred = item.querySelector(delta < 0 ? ".garage-up" : ".garage-down");
      (preferred.disabled ? item.querySelector(delta < 0 ? ".garage-down" : ".garage-up") : preferred).focus();
    }

    function remove(id) {
      const ids = known(garageIds());
      const at = ids.indexOf(id);
      saveGarage(ids.filter((x) => x !== id));
      picked = picked.filter((x) => x !== id);
      render();
      status.textContent = fill(S.garage_removed, { name: byId.get(id).name });
      const buttons = list.querySelectorAll(".garage-remove");
      const next = buttons[Math.min(at, buttons.length - 1)];
      if (next) next.focus();
      else {
        empty.setAttribute("tabindex", "-1");
        empty.focus();
      }
    }

    function renderCompare() {
      const n = picked.length;
      compareLink.textContent = fill(S.compare_link, { n });
      if (n >= 2) compareLink.href = editionLink("compare/index.html?ids=" + picked.join(","));
      else compareLink.removeAttribute("href");
      compareHint.textContent = n < 2 ? S.compare_hint : n >= MAX_COMPARE ? S.compare_full : "";
      list.querySelectorAll(".compare-check").forEach((box) => {
        box.checked = picked.includes(Number(box.value));
        box.disabled = n >= MAX_COMPARE && !box.checked;
      });
    }

    function render() {
      const ids = known(garageIds());
      picked = picked.filter((id) => ids.includes(id));
      list.replaceChildren();
      ids.forEach((id, i) => {
        const bike = byId.get(id);
        const item = element("li", { className: "garage-item", "data-id": id });
        const title = element("p", { className: "garage-title" });
        title.append(element("a", { className: "bike-name", href: editionLink(bike.url) }, bike.name), " ");
        title.append(element("span", { className: "years" }, bike.years));
        const figures = element("p", { className: "garage-figures" });
        figures.append(
          element("span", { "data-unit": "cc", "data-value": bike.displacement === null ? "" : bike.displacement }, bike.displacement_text || "—")
        );
        if (bike.power_text) figures.append(" · ", element("span", {}, bike.power_text));
        const actions = element("p", { className: "garage-actions" });
        actions.append(
          button(S.garage_up, bike.name, "garage-up", () => move(id, -1), i === 0),
          " ",
          button(S.garage_down, bike.name, "garage-down", () => move(id, 1), i === ids.length - 1),
          " ",
          button(S.garage_remove, bike.name, "garage-remove", () => remove(id)),
          " "
        );
        const pick = element("label", { className: "compare-pick" });
        const box = element("input", {
          type: "checkbox",
          className: "compare-check",
          value: id,
          "aria-label": fill(S.compare_pick_name, { name: bike.name }),
        });
        box.addEventListener("change", () => {
          picked = picked.filter((x) => x !== id);
          if (box.checked && picked.length < MAX_COMPARE) picked.push(id);
          renderCompare();
        });
        pick.append(box, " " + S.compare_pick);
        actions.append(pick);
        item.append(title, figures, actions);
        list.append(item);
      });
      empty.hidden = ids.length > 0;
      section.hidden = ids.length === 0;
      share.hidden = ids.length === 0;
      const url = new URL(window.location.href);
      url.search = "?ids=" + ids.join(",");
      url.hash = "";
      shareURL.value = url.href;
      renderCompare();
      applyUnits(list);
    }

    copy.addEventListener("click", () => {
      shareURL.select();
      const done = () => {
        status.textContent = S.garage_copied;
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(shareURL.value).then(done, () => {});
      } else {
        try {
          if (document.execCommand("copy")) done();
        } catch (error) {
          /* the link stays selected for a manual copy */
        }
      }
    });
    window.addEventListener("storage", (event) => {
      if (event.key === GARAGE_KEY && byId.size) render();
    });
  }

  // ------------------------------------------------------------------------------------------
  // compare page
  // ------------------------------------------------------------------------------------------

  function initCompare(app) {
    const status = document.getElementById("compare-status");
    const scroll = document.getElementById("compare-scroll");
    const onlyDiff = document.getElementById("compare-only-diff");
    const pages = new Map(); // url -> Promise<Document>
    let byId = new Map();
    let generation = 0;

    loadIndex()
      .then((index) => {
        byId = new Map((index.motorcycles || []).map((bike) => [bike.id, bike]));
        document.getElementById("needs-js").hidden = true;
        app.hidden = false;
        render();
      })
      .catch(() => showLoadError(app));

    function selected() {
      const ids = parseIds(new URLSearchParams(window.location.search).get("ids"));
      return ids.filter((id) => byId.has(id)).slice(0, MAX_COMPARE);
    }

    function fetchPage(url) {
      if (!pages.has(url)) {
        pages.set(
          url,
          fetch(url, { credentials: "same-origin" })
            .then((response) => {
              if (!response.ok) throw new Error(url + ": HTTP " + response.status);
              return response.text();
            })
            .then((html) => new DOMParser().parseFromString(html, "text/html"))
        );
      }
      return pages.get(url);
    }

    /** section id -> {title, rows: key -> {label, cell}} from one motorcycle page's .spec tables */
    function readSpecs(doc) {
      const sections = [];
      doc.querySelectorAll("section.spec").forEach((section) => {
        const heading = section.querySelector("h2");
        const rows = [];
        section.querySelectorAll("tbody tr").forEach((tr) => {
          const keyClass = Array.from(tr.classList).find((c) => c.startsWith("row-"));
          const th = tr.querySelector("th");
          const td = tr.querySelector("td");
          if (keyClass && th && td) rows.push({ key: keyClass.slice(4), label: th.textContent.trim(), cell: td });
        });
        sections.push({ id: section.id, title: heading ? heading.textContent.trim() : section.id, rows });
      });
      return sections;
    }

    function cellKey(cell) {
      if (!cell) return "";
      if (cell.dataset.value !== undefined && cell.dataset.value !== "") return "n:" + Number(cell.dataset.value);
      return "t:" + normalize(cell.textContent);
    }

    function removeBike(id) {
      const ids = selected().filter((x) => x !== id);
      setURL(window.location.pathname + "?ids=" + ids.join(",") + window.location.hash, true);
      render(true);
    }

    function render(focusAfter) {
      const bikes = selected().map((id) => byId.get(id));
      const mine = ++generation;
      if (bikes.length < 2) {
        scroll.hidden = true;
        scroll.replaceChildren();
        status.textContent = S.compare_empty;
        if (focusAfter) {
          status.setAttribute("tabindex", "-1");
          status.focus();
        }
        return;
      }
      Promise.all(bikes.map((bike) => fetchPage(editionLink(bike.url))))
        .then((docs) => {
          if (mine !== generation) return;
          build(bikes, docs.map(readSpecs));
          status.textContent = "";
          if (focusAfter) {
            const first = scroll.querySelector(".compare-remove");
            if (first) first.focus();
          }
        })
        .catch(() => {
          if (mine === generation) status.textContent = loadErrorText();
        });
    }

    function build(bikes, specs) {
      // the union of sections and rows, in the order they first appear
      const order = [];
      const sectionById = new Map();
      specs.forEach((sections) => {
        for (const section of sections) {
          if (!sectionById.has(section.id)) {
            const entry = { id: section.id, title: section.title, keys: [], labels: new Map() };
            sectionById.set(section.id, entry);
            order.push(entry);
          }
          const entry = sectionById.get(section.id);
          for (const row of section.rows) {
            if (!entry.labels.has(row.key)) {
              entry.keys.push(row.key);
              entry.labels.set(row.key, row.label);
            }
          }
        }
      });
      const cells = specs.map((sections) => {
        const map = new Map();
        for (const section of sections) for (const row of section.rows) map.set(section.id + "/" + row.key, row.cell);
        return map;
      });

      const table = element("table", { className: "compare-table", id: "compare-table" });
      table.append(element("caption", {}, scroll.dataset.caption || ""));
      const head = element("thead");
      const headRow = element("tr");
      headRow.append(element("td"));
      bikes.forEach((bike) => {
        const th = element("th", { scope: "col", "data-id": bike.id });
        th.append(element("a", { href: editionLink(bike.url) }, bike.name), " ", element("span", { className: "years" }, bike.years), " ");
        const remove = element(
          "button",
          { type: "button", className: "compare-remove", "aria-label": fill(S.compare_remove, { name: bike.name }) },
          "×"
        );
        remove.addEventListener("click", () => removeBike(bike.id));
        th.append(remove);
        headRow.append(th);
      });
      head.append(headRow);
      table.append(head);

      for (const section of order) {
        const body = element("tbody", { className: "compare-section", "data-section": section.id });
        const titleRow = element("tr", { className: "section-row" });
        titleRow.append(element("th", { scope: "rowgroup", colspan: bikes.length + 1 }, section.title));
        body.append(titleRow);
        let anyDiff = false;
        for (const key of section.keys) {
          const row = cells.map((map) => map.get(section.id + "/" + key));
          const differs = new Set(row.map(cellKey)).size > 1;
          anyDiff = anyDiff || differs;
          const tr = element("tr", { className: "row-" + key + (differs ? " differs" : "") });
          const th = element("th", { scope: "row" }, section.labels.get(key));
          if (differs) {
            const mark = element("span", { className: "diff-mark" });
            mark.append(element("span", { "aria-hidden": "true" }, "≠"), element("span", { className: "visually-hidden" }, " (" + S.compare_differs + ")"));
            th.append(" ", mark);
          }
          tr.append(th);
          row.forEach((cell) => {
            const td = element("td");
            if (cell) {
              for (const attribute of ["data-unit", "data-value"]) {
                if (cell.hasAttribute(attribute)) td.setAttribute(attribute, cell.getAttribute(attribute));
              }
              td.append(...Array.from(cell.childNodes, (node) => document.importNode(node, true)));
            } else {
              td.textContent = "—";
            }
            tr.append(td);
          });
          body.append(tr);
        }
        if (anyDiff) body.classList.add("has-diff");
        table.append(body);
      }
      scroll.replaceChildren(table);
      scroll.hidden = false;
      table.classList.toggle("only-diff", onlyDiff.checked);
      applyUnits(table);
    }

    onlyDiff.addEventListener("change", () => {
      const table = document.getElementById("compare-table");
      if (table) table.classList.toggle("only-diff", onlyDiff.checked);
    });
    window.addEventListener("popstate", () => render());
  }

  // ------------------------------------------------------------------------------------------
  // start
  // ------------------------------------------------------------------------------------------

  initUnits();
  initHearts();
  const tools = document.getElementById("catalogue-tools");
  const list = document.getElementById("bike-list");
  if (tools && list) initCatalogue(tools, list);
  const garage = document.getElementById("garage-app");
  if (garage) initGarage(garage);
  const compare = document.getElementById("compare-app");
  if (compare) initCompare(compare);

  // other tabs, and pages restored from the back/forward cache
  window.addEventListener("storage", (event) => {
    if (event.key === GARAGE_KEY) syncHearts();
    if (event.key === UNITS_KEY) {
      syncUnitSwitches();
      applyUnits(document);
    }
  });
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    syncHearts();
    syncUnitSwitches();
    applyUnits(document);
  });
})();
