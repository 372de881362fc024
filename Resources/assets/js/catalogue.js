/* Guzzi Tracker — the catalogue page: search, combinable filters, multi-key ordering and compare ticks, all kept
 * in the URL query, on the edition's data (data/catalogue.js).
 *
 * Without JavaScript the page is a plain list of links (the first CataloguePage.pageSize motorcycles, then
 * numbered pages). With it, the list is drawn from data: the matching motorcycles in the chosen order, PAGE at a
 * time with a "show more" button, each row a copy of the page's <template id="bike-row"> (the same markup as the
 * plain rows; catalogue-rows.js). Filtering and ordering work on data, never on DOM nodes, so a keystroke costs
 * the same whether the catalogue has a hundred motorcycles or ten thousand: a pass over an array already in
 * order, and the rows on screen drawn before the next frame (the rest of the PAGE when the browser is idle).
 * The address follows each change; while typing it is written once the results are shown (see commit()).
 */
(function (G) {
  "use strict";

  const PAGE = 250; // rows drawn at a time: the size of the plain pages (CataloguePage.pageSize)

  G.onStart((S) => {
    const tools = document.getElementById("catalogue-tools");
    const list = document.getElementById("bike-list");
    const template = document.getElementById("bike-row");
    // no data (a data file missing): the plain list stays, as without JavaScript
    if (tools && list && template && G.catalogue) start(S, tools, list, template);
  });

  function start(S, tools, list, template) {
    const $ = (id) => document.getElementById(id);
    const form = $("filters");
    const search = $("f-q");
    const cycle = $("f-cycle");
    const familyBox = $("f-families");
    const count = $("result-count");
    const compareLink = $("compare-link");
    const compareHint = $("compare-hint");
    const more = $("list-more");
    const moreButton = $("show-more");
    const rangeInputs = Array.from(form.querySelectorAll("input[data-range]"));

    const records = G.list.prepare(G.records(G.catalogue));
    const byId = new Map(records.map((record) => [record.id, record]));
    const orders = new Map(); // sort text -> records in that order (the last few)
    let state;
    let results = [];
    let shown = 0;
    let typingIn = null; // the field being typed in: its first keystroke pushes a history entry, the rest replace it
    let typed = null; // {url, push}: the address for what was typed, not written yet

    // bounds of every range, from the data itself; what the field accepts as placeholder (no grouping)
    const bounds = G.list.bounds(records);
    for (const input of rangeInputs) {
      const range = bounds[input.dataset.range];
      if (!range) continue;
      input.min = String(range.min);
      input.max = String(range.max);
      input.placeholder = String(range[input.dataset.bound]);
    }

    // families: one tick box each, in the locale's order, with how many motorcycles it has
    const families = G.list.families(records, G.locale);
    families.forEach(({ family, count: n }, i) => {
      const id = "f-family-" + (i + 1);
      const row = G.element("div", { className: "check" });
      const label = G.element("label", { for: id }, family + " ");
      label.append(G.element("span", { className: "n" }, "(" + G.formatNumber(n, 0) + ")"));
      row.append(G.element("input", { type: "checkbox", id, name: "family", value: family }), label);
      familyBox.append(row);
    });
    const known = { families: new Set(families.map((f) => f.family)), ids: byId };

    function readURL() {
      return G.list.readState(new URLSearchParams(window.location.search), known);
    }

    function setURL(url, push) {
      if (url !== window.location.pathname + window.location.search + window.location.hash) G.setURL(url, push);
    }

    /** Writes the address of what was typed, if it is not written yet. */
    function writeTyped() {
      if (!typed) return;
      const { url, push } = typed;
      typed = null;
      setURL(url, push);
    }

    /** typing: replace while typing (after one push for the field); discrete: push; quiet: replace.
     * What is typed is written when the browser is idle, after the results are on screen: a history entry cost
     * Chromium 3-40 ms on this page, a third of some keystrokes. Anything else writes it first (a click, another
     * change), and leaving the page by a link is a click, so no entry is lost or out of order. */
    function commit(kind, field) {
      const url = window.location.pathname + G.list.queryString(state) + window.location.hash;
      const push = kind === "discrete" || (kind === "typing" && typingIn !== field);
      typingIn = kind === "typing" ? field : null;
      if (kind === "typing") {
        if (typed && push) writeTyped(); // typing in another field: its own entry, after the one before
        if (!typed) G.whenIdle(writeTyped);
        typed = { url, push: push || Boolean(typed && typed.push) };
        return;
      }
      writeTyped();
      setURL(url, push);
    }

    function ordered() {
      if (!state.explicitSort) return records; // the data is in the default order
      const key = G.list.sortText(state.sort);
      if (!orders.has(key)) {
        if (orders.size >= 4) orders.delete(orders.keys().next().value);
        orders.set(key, G.list.sorted(records, state.sort, G.locale));
      }
      return orders.get(key);
    }

    /** The "show more" button, once every row of the results shown is in. */
    function showMore() {
      more.hidden = results.length <= shown;
      if (!more.hidden) {
        moreButton.textContent = G.fill(S.show_more, {
          n: G.formatNumber(Math.min(PAGE, results.length - shown), 0),
          shown: G.formatNumber(shown, 0),
          total: G.formatNumber(results.length, 0),
        });
      }
    }

    /** Ticks and disables the compare boxes under `root` from the state. */
    function syncCompare(root) {
      const picked = new Set(state.compare);
      const full = state.compare.length >= G.MAX_COMPARE;
      root.querySelectorAll(".compare-check").forEach((box) => {
        const checked = picked.has(Number(box.value));
        if (box.checked !== checked) box.checked = checked;
        if (box.disabled !== (full && !checked)) box.disabled = full && !checked;
      });
    }

    const drawer = G.catalogueRows({
      list,
      template,
      prepare: (root) => {
        G.syncHearts(root);
        G.applyUnits(root);
        syncCompare(root);
      },
      done: showMore,
    });

    /** Draws the results shown: at least the first `now` rows before the next frame, the rest when idle. */
    function draw(now) {
      more.hidden = true;
      drawer.draw(results.slice(0, shown), now);
    }

    /** Filters and orders again; `now` as in draw (default: the rows that can be on screen). */
    function apply(now) {
      results = ordered().filter(G.list.matcher(state));
      shown = PAGE;
      draw(now === undefined ? drawer.onScreen() : now);
      const text = G.fill(G.plural(S, "results", results.length), {
        n: G.formatNumber(results.length, 0),
      });
      if (count.textContent !== text) count.textContent = text;
      list.dataset.count = String(results.length);
    }

    function renderCompare() {
      syncCompare(list);
      const n = state.compare.length;
      const link = G.fill(S.compare_link, { n });
      if (compareLink.textContent !== link) compareLink.textContent = link;
      if (n >= 2) compareLink.href = compareLink.dataset.href + "?ids=" + state.compare.join(",");
      else compareLink.removeAttribute("href");
      const hint = n < 2 ? S.compare_hint : n >= G.MAX_COMPARE ? S.compare_full : "";
      if (compareHint.textContent !== hint) compareHint.textContent = hint;
    }

    const sorting = G.sortControls({
      list: $("sort-list"),
      keySelect: $("f-sort-key"),
      dirSelect: $("f-sort-dir"),
      addButton: $("f-sort-add"),
      state: () => state,
      changed: () => changed("discrete"),
    });

    function writeControls() {
      search.value = state.q;
      cycle.value = state.cycle;
      for (const input of rangeInputs) {
        const value = state.ranges[input.dataset.range + "_" + input.dataset.bound];
        input.value = value === undefined ? "" : String(value);
      }
      const ticked = new Set(state.families);
      familyBox.querySelectorAll('input[name="family"]').forEach((box) => {
        box.checked = ticked.has(box.value);
      });
      if (state.families.length || state.cycle || Object.keys(state.ranges).length) $("filter-panel").open = true;
      sorting.render();
    }

    function changed(kind, field) {
      apply();
      commit(kind, field);
    }

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
    $("f-clear").addEventListener("click", () => {
      const compare = state.compare;
      state = G.list.defaultState();
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
      if (box.checked && state.compare.length < G.MAX_COMPARE) state.compare.push(id);
      renderCompare();
      commit("quiet");
    });
    moreButton.addEventListener("click", () => {
      const first = shown;
      shown += PAGE;
      draw(first + drawer.screenful()); // the first new row gets the focus, and the screen it scrolls to
      const row = list.children[first];
      if (row) row.querySelector(".bike-name").focus(); // keyboard users carry on from the first new row
    });
    window.addEventListener("popstate", () => {
      typed = null; // the browser has left the entry it was meant for
      state = readURL();
      typingIn = null;
      writeControls();
      apply();
      renderCompare();
    });
    // a click may leave the page (a row's link) or change the state: what was typed goes into the history first
    document.addEventListener("click", writeTyped, true);

    state = readURL();
    writeControls();
    apply(Infinity); // the whole first page before the tools show
    renderCompare();
    const pager = $("catalogue-pager");
    if (pager) pager.hidden = true; // the plain pages are for browsers without JavaScript
    tools.hidden = false;
    // collating 10 000 names takes a tenth of a second: do it before anyone asks for that order
    G.whenIdle(() => G.list.prepareRanks(records, G.locale), 5000);
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
