/* Guzzi Tracker — the compare page (?ids=…): two to four motorcycles' spec tables side by side, differing rows
 * highlighted. The rows, labels and texts are the motorcycle pages' own, from the edition's data/specs-id-<n>.js
 * chunks (the build takes them from the same page model), loaded with <script> (fetch() is refused on file://):
 * a motorcycle's chunk is its id divided by the chunk size (BrowserData.specChunk), and the page gives the file
 * name and the size (#spec-chunks, whose inline script asked for the chunks while the page arrived). A chunk also
 * holds each motorcycle's name, years and page, so the table needs no other data: a comparison loads at most four
 * small files whatever the size of the catalogue. Chunks whose rows differ still line up (false where a bike
 * lacks a row): an older chunk kept offline may meet a newer one.
 */
(function (G) {
  "use strict";

  /** How two cells compare: figures by value, texts folded (case, accents), a dash as a dash. */
  function cellKey(cell) {
    if (cell === false) return "";
    if (cell === null) return "-";
    if (typeof cell === "string") return "t:" + G.normalize(cell);
    if (typeof cell.raw === "number") return "n:" + cell.raw;
    return "t:" + G.normalize(cell.text);
  }

  /** The table of a comparison: `specs` holds, per motorcycle, its chunk ({sections, motorcycles}) and id. The
   * sections and rows are the union of theirs in the order they first appear; each row has one cell per
   * motorcycle (false where one lacks the row) and `differs` when they are not all alike. */
  G.compareModel = function (specs) {
    const sections = [];
    const byId = new Map();
    const cells = specs.map(() => new Map());
    specs.forEach(({ chunk, id }, column) => {
      const values = chunk.motorcycles[String(id)] || [];
      let at = 0;
      for (const section of chunk.sections) {
        if (!byId.has(section.id)) {
          const entry = { id: section.id, title: section.title, rows: [], keys: new Set() };
          byId.set(section.id, entry);
          sections.push(entry);
        }
        const entry = byId.get(section.id);
        for (const [key, label] of section.rows) {
          if (!entry.keys.has(key)) {
            entry.keys.add(key);
            entry.rows.push({ key, label });
          }
          cells[column].set(section.id + "/" + key, values[at] === undefined ? false : values[at]);
          at += 1;
        }
      }
    });
    return sections.map((section) => ({
      id: section.id,
      title: section.title,
      rows: section.rows.map(({ key, label }) => {
        const row = cells.map((map) => (map.has(section.id + "/" + key) ? map.get(section.id + "/" + key) : false));
        return { key, label, cells: row, differs: new Set(row.map(cellKey)).size > 1 };
      }),
    }));
  };

  const chunks = new Map(); // chunk number -> Promise of its data

  /** The chunk of motorcycle `id`, with a <script> element: the same address as the inline script's preload.
   * Resolves with null for an id past the last chunk (no motorcycle has it: nothing is asked for); rejects when
   * the file cannot be had or is not a chunk of this kind (one without `heads`), and is then tried again the
   * next time, say once the network is back. */
  function loadChunk(id, settings) {
    const number = Math.floor(id / Number(settings.size));
    if (number > Number(settings.last)) return Promise.resolve(null);
    if (!chunks.has(number)) {
      const loading = new Promise((resolve, reject) => {
        const have = () => G.specs && G.specs[number] && G.specs[number].heads && G.specs[number];
        if (have()) return resolve(have());
        const script = document.createElement("script");
        script.src = settings.specs.replace("{n}", String(number)); // from the page, as the preload's
        script.onload = () => (have() ? resolve(have()) : reject(new Error("no data in " + script.src)));
        script.onerror = () => reject(new Error("cannot load " + script.src));
        document.head.append(script);
      });
      loading.catch(() => chunks.delete(number));
      chunks.set(number, loading);
    }
    return chunks.get(number);
  }

  function fillCell(td, cell) {
    if (cell === false) td.textContent = "—";
    else if (cell === null) td.append(G.missing());
    else if (typeof cell === "string") td.textContent = cell;
    else if (cell.lang) td.append(G.element("span", { lang: cell.lang }, cell.text));
    else {
      td.textContent = cell.text;
      if (cell.unit) {
        td.dataset.unit = cell.unit;
        td.dataset.value = String(cell.raw);
      }
    }
  }

  G.onStart((S) => {
    const app = document.getElementById("compare-app");
    const settings = document.getElementById("spec-chunks");
    if (app && settings) start(S, settings.dataset);
  });

  function start(S, settings) {
    const status = document.getElementById("compare-status");
    const scroll = document.getElementById("compare-scroll");
    const onlyDiff = document.getElementById("compare-only-diff");
    let generation = 0;

    function asked() {
      return G.parseIds(new URLSearchParams(window.location.search).get("ids"));
    }

    function removeBike(id) {
      const ids = asked().filter((x) => x !== id);
      G.setURL(window.location.pathname + "?ids=" + ids.join(",") + window.location.hash, true);
      render(true);
    }

    /** No table, and `message` in the status line. */
    function tableless(message) {
      scroll.hidden = true;
      scroll.replaceChildren();
      status.textContent = message;
    }

    function empty(focusAfter) {
      tableless(S.compare_empty);
      if (focusAfter) {
        status.setAttribute("tabindex", "-1");
        status.focus();
      }
    }

    function render(focusAfter) {
      const ids = asked();
      const mine = ++generation;
      if (ids.length < 2) return empty(focusAfter);
      Promise.all(ids.map((id) => loadChunk(id, settings))).then(
        (loaded) => {
          if (mine !== generation) return;
          const found = ids
            .map((id, i) => ({ id, chunk: loaded[i] }))
            .filter(({ id, chunk }) => chunk && chunk.motorcycles[String(id)] && chunk.heads[String(id)])
            .slice(0, G.MAX_COMPARE);
          if (found.length < 2) return empty(focusAfter);
          const bikes = found.map(({ id, chunk }) => {
            const [name, years, url] = chunk.heads[String(id)];
            return { id, name, years, url };
          });
          build(bikes, G.compareModel(found));
          status.textContent = "";
          if (focusAfter) scroll.querySelector(".compare-remove").focus();
        },
        () => {
          // a chunk that cannot be had (offline, never kept): say so rather than show fewer motorcycles
          if (mine === generation) tableless(S.load_error);
        }
      );
    }

    function header(bike) {
      const th = G.element("th", { scope: "col", "data-id": bike.id });
      th.append(G.element("a", { href: G.editionLink(bike.url) }, bike.name), " ");
      th.append(G.element("span", { className: "years" }, bike.years), " ");
      const attributes = { type: "button", className: "compare-remove" };
      attributes["aria-label"] = G.fill(S.compare_remove, { name: bike.name });
      const remove = G.element("button", attributes, "×");
      remove.addEventListener("click", () => removeBike(bike.id));
      th.append(remove);
      return th;
    }

    function build(bikes, sections) {
      const table = G.element("table", { className: "compare-table", id: "compare-table" });
      table.append(G.element("caption", {}, scroll.dataset.caption || ""));
      const headRow = G.element("tr");
      headRow.append(G.element("td"), ...bikes.map(header));
      const head = G.element("thead");
      head.append(headRow);
      table.append(head);
      for (const section of sections) {
        const body = G.element("tbody", { className: "compare-section", "data-section": section.id });
        const titleRow = G.element("tr", { className: "section-row" });
        titleRow.append(G.element("th", { scope: "rowgroup", colspan: bikes.length + 1 }, section.title));
        body.append(titleRow);
        for (const row of section.rows) {
          const tr = G.element("tr", { className: "row-" + row.key + (row.differs ? " differs" : "") });
          const th = G.element("th", { scope: "row" }, row.label);
          if (row.differs) {
            const mark = G.element("span", { className: "diff-mark" });
            mark.append(G.element("span", { "aria-hidden": "true" }, "≠"));
            mark.append(G.element("span", { className: "visually-hidden" }, " (" + S.compare_differs + ")"));
            th.append(" ", mark);
          }
          tr.append(th);
          for (const cell of row.cells) {
            const td = G.element("td");
            fillCell(td, cell);
            tr.append(td);
          }
          body.append(tr);
        }
        if (section.rows.some((row) => row.differs)) body.classList.add("has-diff");
        table.append(body);
      }
      scroll.replaceChildren(table);
      scroll.hidden = false;
      table.classList.toggle("only-diff", onlyDiff.checked);
      G.applyUnits(table);
    }

    onlyDiff.addEventListener("change", () => {
      const table = document.getElementById("compare-table");
      if (table) table.classList.toggle("only-diff", onlyDiff.checked);
    });
    window.addEventListener("popstate", () => render());
    render();
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
