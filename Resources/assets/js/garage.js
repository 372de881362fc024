/* Guzzi Tracker — the Garage page: the saved motorcycles (store.js) with reorder, remove, compare ticks and a
 * share link (?ids=12,4,7) that rebuilds the Garage in another browser, asking first when one is already saved
 * there (replace, merge, keep). Names, years and figures come from the edition's data (loadCatalogue).
 */
(function (G) {
  "use strict";

  /** The Garage after a shared one arrives: "replace", "merge" (mine, then the new ones) or "keep". */
  G.mergeGarage = function (mine, shared, choice) {
    if (choice === "replace") return shared.slice();
    if (choice === "merge") return mine.concat(shared.filter((id) => !mine.includes(id)));
    return mine.slice();
  };

  /** `ids` with `id` moved by `delta` places, or null when it cannot move. */
  G.moveId = function (ids, id, delta) {
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return null;
    const moved = ids.slice();
    moved.splice(from, 1);
    moved.splice(to, 0, id);
    return moved;
  };

  /** The Garage as a file: its ids in order, with the names for a reader who opens it. */
  G.garageFile = function (ids, byId) {
    const names = ids.map((id) => (byId.has(id) ? byId.get(id).name : null));
    return JSON.stringify({ format: "guzzi-tracker-garage", version: 1, ids, names }, null, 2) + "\n";
  };

  /** The ids of a Garage file, or null when the text is not one. */
  G.readGarageFile = function (text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return null;
    }
    if (!data || data.format !== "guzzi-tracker-garage" || !Array.isArray(data.ids)) return null;
    return G.parseIds(data.ids.join(","));
  };

  G.onStart((S) => {
    const app = document.getElementById("garage-app");
    if (!app) return;
    const records = G.loadCatalogue();
    // An empty Garage, with no shared one in the address, needs none of the data: it says so at once, not after
    // the whole catalogue has loaded (a third of a second on a slow phone at 10 000 bikes). start() then draws
    // the same state, so nothing moves.
    G.store.ready.then(() => {
      if (G.garage.ids().length || new URLSearchParams(window.location.search).has("ids")) return;
      document.getElementById("garage-loading").hidden = true;
      showSections(0);
    });
    Promise.all([records, G.store.ready]).then(
      ([all]) => start(S, app, all),
      () => {
        const loading = document.getElementById("garage-loading");
        loading.textContent = S.load_error;
        loading.hidden = false;
      }
    );
  });

  /** The sections that depend only on how many motorcycles the Garage holds. */
  function showSections(count) {
    const $ = (id) => document.getElementById(id);
    $("garage-empty").hidden = count > 0;
    $("garage-section").hidden = count === 0;
    $("garage-share").hidden = count === 0;
    $("garage-safe").hidden = false;
    $("garage-export").disabled = count === 0;
  }

  function start(S, app, records) {
    const $ = (id) => document.getElementById(id);
    const list = $("garage-list");
    const status = $("garage-status");
    const shareURL = $("share-url");
    const compareLink = $("compare-link");
    const byId = new Map(records.map((bike) => [bike.id, bike]));
    let picked = [];

    const known = (ids) => ids.filter((id) => byId.has(id));
    const cleanURL = () => G.setURL(window.location.pathname + window.location.hash, false);

    /** A Garage that arrives from elsewhere (a shared link, a file): taken as it is when none is saved here;
     * otherwise the reader chooses (replace, merge, keep). `done` runs once it is settled. */
    function arrive(ids, done) {
      const shared = known(ids);
      const mine = known(G.garage.ids());
      if (!shared.length || G.sameList(shared, mine)) return done();
      if (!mine.length) {
        G.garage.save(shared);
        status.textContent = S.garage_imported;
        done();
        return render();
      }
      // a different Garage is already saved here: let the visitor choose
      $("garage-shared-text").textContent = G.fill(S.garage_shared_notice, { n: shared.length });
      $("garage-shared-list").replaceChildren(
        ...shared.map((id) => {
          const item = G.element("li");
          item.append(G.element("a", { href: G.editionLink(byId.get(id).url) }, byId.get(id).name));
          return item;
        })
      );
      $("garage-shared").hidden = false;
      for (const choice of ["replace", "merge", "keep"]) {
        $("garage-" + choice).onclick = () => {
          G.garage.save(G.mergeGarage(known(G.garage.ids()), shared, choice));
          $("garage-shared").hidden = true;
          done();
          render();
          const heading = $("garage-list-title");
          heading.setAttribute("tabindex", "-1");
          heading.focus();
        };
      }
    }

    function handleShared() {
      const params = new URLSearchParams(window.location.search);
      if (params.has("ids")) arrive(G.parseIds(params.get("ids")), cleanURL);
    }

    // A Garage lives in this browser only (and Safari deletes it after seven days without a visit): a file
    // keeps it anywhere, and brings it back here or into another browser.
    $("garage-export").addEventListener("click", () => {
      const ids = known(G.garage.ids());
      const url = URL.createObjectURL(
        new Blob([G.garageFile(ids, byId)], { type: "application/json" })
      );
      G.element("a", { href: url, download: "guzzi-tracker-garage.json" }).click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
    const importInput = $("garage-import");
    function importFile() {
      const file = importInput.files && importInput.files[0];
      if (!file) return;
      file.text().then((text) => {
        importInput.value = "";
        const ids = G.readGarageFile(text);
        if (ids === null) status.textContent = S.garage_import_error;
        else arrive(ids, () => {});
      });
    }
    importInput.addEventListener("change", importFile);

    function button(label, name, className, onClick, disabled) {
      const attributes = { type: "button", className, disabled };
      attributes["aria-label"] = G.fill(S.garage_action_name, { action: label, name });
      const node = G.element("button", attributes, label);
      node.addEventListener("click", onClick);
      return node;
    }

    function move(id, delta) {
      const ids = G.moveId(known(G.garage.ids()), id, delta);
      if (!ids) return;
      G.garage.save(ids);
      render();
      status.textContent = G.fill(S.garage_moved, { name: byId.get(id).name, n: ids.indexOf(id) + 1 });
      const item = list.querySelector('li[data-id="' + id + '"]');
      const preferred = item.querySelector(delta < 0 ? ".garage-up" : ".garage-down");
      (preferred.disabled ? item.querySelector(delta < 0 ? ".garage-down" : ".garage-up") : preferred).focus();
    }

    function remove(id) {
      const ids = known(G.garage.ids());
      const at = ids.indexOf(id);
      G.garage.save(ids.filter((x) => x !== id));
      picked = picked.filter((x) => x !== id);
      render();
      status.textContent = G.fill(S.garage_removed, { name: byId.get(id).name });
      const buttons = list.querySelectorAll(".garage-remove");
      const next = buttons[Math.min(at, buttons.length - 1)] || $("garage-empty");
      if (!buttons.length) next.setAttribute("tabindex", "-1");
      next.focus();
    }

    function renderCompare() {
      const n = picked.length;
      compareLink.textContent = G.fill(S.compare_link, { n });
      if (n >= 2) compareLink.href = compareLink.dataset.href + "?ids=" + picked.join(",");
      else compareLink.removeAttribute("href");
      $("compare-hint").textContent = n < 2 ? S.compare_hint : n >= G.MAX_COMPARE ? S.compare_full : "";
      list.querySelectorAll(".compare-check").forEach((box) => {
        box.checked = picked.includes(Number(box.value));
        box.disabled = n >= G.MAX_COMPARE && !box.checked;
      });
    }

    function item(bike, i, count) {
      const id = bike.id;
      const node = G.element("li", { className: "garage-item", "data-id": id });
      const title = G.element("p", { className: "garage-title" });
      title.append(G.element("a", { className: "bike-name", href: G.editionLink(bike.url) }, bike.name), " ");
      title.append(G.element("span", { className: "years" }, bike.years));
      const figures = G.element("p", { className: "garage-figures" });
      const cc = G.element("span", { "data-unit": "cc", "data-value": bike.displacement === null ? "" : bike.displacement });
      if (bike.displacement_text) cc.textContent = bike.displacement_text;
      else cc.append(G.missing());
      figures.append(cc);
      if (bike.power_text) figures.append(" · ", G.element("span", {}, bike.power_text));
      const actions = G.element("p", { className: "garage-actions" });
      actions.append(
        button(S.garage_up, bike.name, "garage-up", () => move(id, -1), i === 0),
        " ",
        button(S.garage_down, bike.name, "garage-down", () => move(id, 1), i === count - 1),
        " ",
        button(S.garage_remove, bike.name, "garage-remove", () => remove(id)),
        " "
      );
      const pick = G.element("label", { className: "compare-pick" });
      const attributes = { type: "checkbox", className: "compare-check", value: id };
      attributes["aria-label"] = G.fill(S.compare_pick_name, { name: bike.name });
      const box = G.element("input", attributes);
      box.addEventListener("change", () => {
        picked = picked.filter((x) => x !== id);
        if (box.checked && picked.length < G.MAX_COMPARE) picked.push(id);
        renderCompare();
      });
      pick.append(box, " " + S.compare_pick);
      actions.append(pick);
      node.append(title, figures, actions);
      return node;
    }

    function render() {
      const ids = known(G.garage.ids());
      picked = picked.filter((id) => ids.includes(id));
      list.replaceChildren(...ids.map((id, i) => item(byId.get(id), i, ids.length)));
      showSections(ids.length);
      const url = new URL(window.location.href);
      url.search = "?ids=" + ids.join(",");
      url.hash = "";
      shareURL.value = url.href;
      renderCompare();
      G.applyUnits(list);
    }

    $("share-copy").addEventListener("click", () => {
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
    G.store.onChange((key) => {
      if (key === G.GARAGE_KEY || key === null) render();
    });

    $("garage-loading").hidden = true;
    handleShared();
    render();
    importFile(); // a file chosen while the data loaded (an empty Garage offers the import before that)
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
