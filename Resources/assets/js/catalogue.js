/* Guzzi Tracker — the catalogue page: search, combinable filters, multi-key ordering and compare ticks, all kept
 * in the URL query, on the edition's data (data/catalogue-<n>.js).
 *
 * The page arrives whole: the first page of the list (the default order) and every control, drawn by the build
 * (partials/catalogue-controls.html), so nothing moves when this script starts. The script wires the controls and
 * takes the page's rows as the first rows of the list (catalogue-rows.js adopt); it loads the edition's data only
 * when it is needed: the address asks for a search, a filter or an order, or the reader reaches for the tools
 * (focus, a touch) or asks for more rows. A reader who only scrolls the list downloads no data at all, and
 * one who searches has it by the time the second letter is typed. Then the list is drawn from data: the matching
 * motorcycles in the chosen order, a page at a time with a "show more" button, each row a copy of the page's
 * <template id="bike-row"> (the markup of the plain rows). Filtering and ordering work on data, never on DOM
 * nodes, so a keystroke costs the same whether the catalogue has a hundred motorcycles or ten thousand. The
 * address follows each change; while typing it is written once the typing pauses (see commit()).
 */
(function (G) {
  "use strict";

  G.onStart((S) => {
    const tools = document.getElementById("catalogue-tools");
    const list = document.getElementById("bike-list");
    const template = document.getElementById("bike-row");
    if (tools && list && template) start(S, tools, list, template);
  });

  function start(S, tools, list, template) {
    // the empty data blocks the build put between groups of rows, pauses for the browser's parser
    // (pages/catalogue.html): their work is done, and from here the list's children are its rows
    for (const pause of list.querySelectorAll(":scope > .parser-pause")) pause.remove();
    const $ = (id) => document.getElementById(id);
    const form = $("filters");
    const panel = $("filter-panel");
    // The folded panel's controls, still in their <template> (partials/catalogue-controls.html): wired here like
    // the rest, and put in the page by unpackPanel() when they are first needed.
    const packed = $("filter-panel-controls");
    const controls = packed ? packed.content : form;
    const $$ = (id) => (packed && packed.content.getElementById(id)) || $(id);
    const search = $("f-q");
    const cycle = $$("f-cycle");
    const familyBox = $$("f-families");
    const count = $("result-count");
    const filterCount = $("filter-count");
    const compareLink = $("compare-link");
    const compareHint = $("compare-hint");
    const more = $("list-more");
    const moreButton = $("show-more");
    const rangeInputs = Array.from(controls.querySelectorAll("input[data-range]"));
    const PAGE = Number(list.dataset.pageSize); // rows drawn at a time: the plain pages' size (CataloguePage)
    // rows of a search's or a filter's results drawn in the frame of the letter or the change, the rest of the
    // screen in the frame after it: the key a reader waits for is that frame (Tests/Benchmark/README.md,
    // "thirteenth sitting")
    const FIRST_ROWS = 2;

    // the orderings and ranges the page offers (CatalogueControls, drawn by the build)
    const rangeFields = {};
    controls.querySelectorAll("fieldset[data-range]").forEach((set) => {
      rangeFields[set.dataset.range] = set.dataset.field;
    });
    G.list.configure({
      sortKeys: Array.from($$("f-sort-key").options, (option) => option.value),
      rangeFields,
    });
    const families = new Set(Array.from(familyBox.querySelectorAll('input[name="family"]'), (box) => box.value));

    let records = null; // every motorcycle, once the data is there
    let byId = null;
    let loading = false;
    let stale = false; // the state changed before the data was there: apply it when it arrives
    let wantsMore = false; // "show more" was pressed before the data was there
    const orders = new Map(); // sort text -> records in that order (the last few)
    let state;
    let results = [];
    let shown = list.children.length; // the page's own rows
    let typingIn = null; // the field being typed in: its first keystroke pushes a history entry, the rest replace it
    let typed = null; // {url, push}: the address for what was typed, not written yet
    // writes `typed` once no letter has come for a second: letters typed on a phone come up to half a second apart
    const typingPause = G.afterPause(1000);

    function readURL() {
      return G.list.readState(new URLSearchParams(window.location.search), { families, ids: byId });
    }

    function setURL(url, push) {
      if (url !== window.location.pathname + window.location.search + window.location.hash) G.setURL(url, push);
    }

    /** Writes the address of what was typed, if it is not written yet. */
    function writeTyped() {
      if (!typed) return;
      const { url, push } = typed;
      dropTyped();
      setURL(url, push);
    }

    /** Forgets what was typed, and stops listening for the page being left to write it. */
    function dropTyped() {
      typed = null;
      listenForLeaving(false);
    }

    /** Writes what was typed when the page is hidden (left, or a phone's switch to another app). */
    function whenHidden() {
      if (document.visibilityState === "hidden") writeTyped();
    }

    /** A click may leave the page (a row's link) or change the state, and the page may be left otherwise, or hidden
     * by a phone's switch to another app (which may discard it): what was typed goes into the history first. These
     * listen only while something typed waits: Firefox stops a page's running script when a navigation starts (and
     * logs it as a script stopped by timeout), and a listener that runs as the page is left, even to do nothing, was
     * such a script now and then. */
    function listenForLeaving(on) {
      const change = on ? "addEventListener" : "removeEventListener";
      document[change]("click", writeTyped, true);
      document[change]("visibilitychange", whenHidden);
    }

    /** typing: replace while typing (after one push for the field); discrete: push; quiet: replace.
     * What is typed is written once the typing pauses (typingPause), when the browser is idle: a new address took
     * Chromium 30-50 ms on a phone's CPU (traced: Document::SetURL, most of it style invalidation over the page),
     * and written after each letter, or in a gap of 400 ms between two, it was a task the next letter waited for.
     * Anything else writes it first: a click (leaving by a link is one), another change, Enter, the focus leaving
     * the field, the page hidden or left. A reload or the browser's Back within that pause does not: the entry
     * for the letters is not there yet, so Back goes to the one before it, and a reload shows the address as it
     * was. */
    function commit(kind, field) {
      const url = window.location.pathname + G.list.queryString(state) + window.location.hash;
      const push = kind === "discrete" || (kind === "typing" && typingIn !== field);
      typingIn = kind === "typing" ? field : null;
      if (kind === "typing") {
        if (typed && push) writeTyped(); // typing in another field: its own entry, after the one before
        if (!typed) listenForLeaving(true); // once, as an address starts to wait, not at every letter
        typed = { url, push: push || Boolean(typed && typed.push) };
        typingPause(writeTyped);
        return;
      }
      writeTyped();
      setURL(url, push);
    }

    /** Loads the edition's data, once; what was asked for meanwhile is done when it arrives. */
    function needData() {
      if (records || loading) return;
      loading = true;
      list.setAttribute("aria-busy", "true");
      G.loadCatalogue(G.list.prepare).then(
        // in a task of its own, not after the last slice of records in the same one: with a search typed meanwhile
        // that task was 50-90 ms at 10 000 motorcycles on a phone (issue 37)
        (loaded) => G.nextTask(() => {
          records = loaded;
          byId = new Map(records.map((record) => [record.id, record]));
          state.compare = state.compare.filter((id) => byId.has(id));
          list.removeAttribute("aria-busy");
          if (stale) {
            stale = false;
            apply();
          } else {
            results = G.list.results(ordered(), state); // the rows on the page are its first ones
            // what a first letter would run for the first time: the search's code, the count's plural rules
            G.whenIdle(() => {
              G.search.warmUp(records);
              G.plural(S, "results", records.length);
            });
          }
          renderCompare();
          if (wantsMore) {
            wantsMore = false;
            showMoreRows();
          }
        }),
        () => {
          list.removeAttribute("aria-busy");
          count.textContent = S.load_error;
        }
      );
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

    /** Draws the results shown: at least the first `now` rows before the next frame (with `first`, as a rule only
     * that many, the others right after it; catalogue-rows.js, draw), the rest when idle once no draw has come for a
     * moment. */
    function draw(now, first) {
      // set only when it changes: an attribute set, even to what it was, restyles the element at every letter
      if (!more.hidden) more.hidden = true;
      drawer.draw(results.slice(0, shown), now, first);
    }

    /** Loads the texts of the pages once (catalogue-search.js), and searches again with them when they come: once,
     * however many letters are typed while they load. */
    let textsAsked = false;
    function wantTexts() {
      if (textsAsked || G.search.hasTexts()) return;
      textsAsked = true;
      G.search.loadTexts().then(
        () => {
          if (records && state.q.trim()) apply();
        },
        () => {} // the names still search
      );
    }

    /** Filters and orders again, and draws the results: the first FIRST_ROWS rows in the frame of the change, the
     * rest of the screen in the frame after it, when the list's top is on screen (catalogue-rows.js, draw). A first
     * search loads the texts of the pages (catalogue-search.js), and searches again with them when they come. */
    function apply() {
      if (state.q.trim()) wantTexts();
      results = G.list.results(ordered(), state);
      shown = PAGE;
      draw(drawer.onScreen(), FIRST_ROWS);
      const text = G.fill(G.plural(S, "results", results.length), {
        n: G.formatNumber(results.length, 0),
      });
      if (count.textContent !== text) count.textContent = text;
      list.dataset.count = String(results.length);
    }

    function showMoreRows() {
      const first = shown;
      shown += PAGE;
      draw(first + drawer.screenful()); // the first new row gets the focus, and the screen it scrolls to
      const row = list.children[first];
      if (row) row.querySelector(".bike-name").focus(); // keyboard users carry on from the first new row
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

    /** How many filters and orderings the folded panel holds, on its summary: "(2 active)". */
    function renderFilterCount() {
      const n =
        (state.families.length ? 1 : 0) +
        (state.cycle ? 1 : 0) +
        Object.keys(state.ranges).length +
        (state.explicitSort && !G.list.isDefaultSort(state.sort) ? 1 : 0);
      const text = n ? G.fill(G.plural(S, "filters_active", n), { n: G.formatNumber(n, 0) }) : "";
      if (filterCount.textContent !== text) filterCount.textContent = text;
    }

    const sorting = G.sortControls({
      list: $$("sort-list"),
      keySelect: $$("f-sort-key"),
      dirSelect: $$("f-sort-dir"),
      addButton: $$("f-sort-add"),
      state: () => state,
      changed: orderChanged,
    });

    const listHead = G.listHead({
      head: $("list-head"),
      label: controls.querySelector(".sorting legend").textContent,
      state: () => state,
      changed: orderChanged,
    });

    /** The ordering changed in the panel or the list's head: both show it. */
    function orderChanged() {
      sorting.render();
      listHead.render();
      changed("discrete");
    }

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
      sorting.render();
      listHead.render();
      renderFilterCount();
    }

    function changed(kind, field) {
      renderFilterCount();
      if (records) {
        apply();
      } else {
        stale = true;
        needData();
      }
      commit(kind, field);
    }

    form.addEventListener("submit", (event) => event.preventDefault());
    // a field done with writes what was typed: Enter or a phone keyboard's search key (change), Tab to the next
    // field or the window losing the focus (focusout)
    form.addEventListener("change", writeTyped);
    form.addEventListener("focusout", writeTyped);
    // reaching for the search or the filters is the moment to fetch the data: it is there by the time a search is
    // typed (not the unit switch or the compare link, which need none)
    form.addEventListener("focusin", needData);
    form.addEventListener("pointerdown", needData);
    // and reaching for the search the moment to fetch the texts of the pages: they are read by the first letter
    search.addEventListener("focus", wantTexts);
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
      if (records) {
        showMoreRows();
      } else {
        wantsMore = true;
        needData();
      }
    });
    window.addEventListener("popstate", () => {
      dropTyped(); // the browser has left the entry it was meant for
      state = readURL();
      typingIn = null;
      writeControls();
      if (records) {
        apply();
      } else {
        stale = true;
        needData();
      }
      renderCompare();
    });

    /** Puts the folded panel's controls in the page, once: the script wired them in their template. In the page
     * from the start, the browser scanned them as a form at the end of the load, in one long task (issue 38). */
    function unpackPanel() {
      if (packed && packed.isConnected) packed.replaceWith(packed.content);
    }
    // before the panel opens (a click on its summary toggles it after the listeners have run), whenever it opens,
    // and once the page is idle, so that they are there for whatever comes next
    panel.querySelector("summary").addEventListener("click", unpackPanel);
    panel.addEventListener("toggle", unpackPanel);
    G.afterLoad(unpackPanel, 2000);

    // The listeners are on and the state read; the rest in a task of its own. Together they were 35-50 ms of a
    // slow phone's first run of this script, sometimes over the 50 ms that make a long task (issue 38). Input
    // meanwhile is kept: it changes the state, and the controls are then written from the state.
    state = readURL();
    G.nextTask(() => {
      drawer.adopt();
      G.afterLoad(drawer.completeAll, 1000);
      writeControls();
      renderCompare();
      // the page's rows are the default state's first page: an address asking for anything else needs the data,
      // and shows the panel's controls as it sets them
      if (G.list.queryString(Object.assign({}, state, { compare: [] })) !== "") {
        unpackPanel();
        stale = true;
        needData();
      }
      const pager = $("catalogue-pager");
      if (pager) pager.hidden = true; // the plain pages are for browsers without JavaScript
      tools.dataset.ready = "true";
    });
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
