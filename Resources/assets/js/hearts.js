/* Guzzi Tracker — the Garage hearts (every page): a .garage-toggle button (data-id, data-name) on list rows and
 * motorcycle pages saves or removes that motorcycle in the Garage, a list of ids kept by store.js.
 */
(function (G) {
  "use strict";

  G.garage = {
    /** The saved ids, cleaned (positive integers, no repeats), in the visitor's order. */
    ids() {
      const stored = G.store ? G.store.get(G.GARAGE_KEY, []) : [];
      return Array.isArray(stored) ? G.parseIds(stored.join(",")) : [];
    },
    save(ids) {
      G.store.set(G.GARAGE_KEY, G.parseIds(ids.join(",")));
    },
    /** `ids` with `id` removed if it was there, else added at the end. */
    toggled(ids, id) {
      return ids.includes(id) ? ids.filter((x) => x !== id) : ids.concat([id]);
    },
  };

  /** aria-pressed of every heart under `root` from the saved Garage. */
  G.syncHearts = function (root) {
    const saved = new Set(G.garage.ids());
    (root || document).querySelectorAll(".garage-toggle").forEach((button) => {
      const pressed = String(saved.has(Number(button.dataset.id)));
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    });
  };

  /** Names a heart for screen readers ("Save V7 in the Garage"). */
  G.labelHeart = function (button) {
    if (button.dataset.name) {
      button.setAttribute("aria-label", G.fill(G.S.garage_save_name, { name: button.dataset.name }));
    }
  };

  G.onStart(() => {
    document.querySelectorAll(".garage-toggle").forEach(G.labelHeart);
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".garage-toggle");
      if (!button) return;
      const id = Number(button.dataset.id);
      // on file:// the saved Garage arrives a moment after the page: never save over it before it is there
      G.store.ready.then(() => {
        G.garage.save(G.garage.toggled(G.garage.ids(), id));
        G.syncHearts(document);
      });
    });
    G.store.ready.then(() => G.syncHearts(document));
    G.store.onChange((key) => {
      if (key === G.GARAGE_KEY || key === null) G.syncHearts(document);
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) G.syncHearts(document);
    });
  });
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
