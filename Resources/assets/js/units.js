/* Guzzi Tracker — the unit switch (every page).
 *
 * Figures are metric, written by the build exactly as the data states them; a cell that can be converted
 * carries data-unit (its metric unit) and data-value (the raw figure). In imperial (US) mode such cells show the
 * converted figure with its own precision; back in metric they show the page's own text again. The choice is
 * remembered (store.js) and applies to every page.
 */
(function (G) {
  "use strict";

  /** Metric value -> [US value, fraction digits]. hp stays hp; l -> US gallons; l/100 km -> US mpg. */
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

  G.units = {
    CONVERSIONS,
    /** {value, digits} in US units for a metric figure, or null when it cannot be converted. */
    toImperial(value, unit) {
      const convert = CONVERSIONS[unit];
      if (!convert || typeof value !== "number" || !Number.isFinite(value)) return null;
      const [converted, digits] = convert(value);
      return Number.isFinite(converted) ? { value: converted, digits } : null;
    },
    /** "3.1 in" (with a no-break space): the text of a figure in US units, or null. */
    imperialText(value, unit, names, numbers) {
      const result = G.units.toImperial(value, unit);
      if (!result || !names || !names[unit]) return null;
      return G.formatNumber(result.value, result.digits, numbers) + "\u00a0" + names[unit];
    },
  };

  G.currentUnits = function () {
    return G.store && G.store.get(G.UNITS_KEY, "metric") === "imperial" ? "imperial" : "metric";
  };

  const metricContent = new WeakMap();

  /** Shows every [data-unit] cell under `root` in the current system. */
  G.applyUnits = function (root) {
    const imperial = G.currentUnits() === "imperial";
    (root || document).querySelectorAll("[data-unit]").forEach((cell) => {
      const raw = cell.dataset.value;
      if (raw === undefined || raw.trim() === "") return;
      if (imperial) {
        const text = G.units.imperialText(Number(raw), cell.dataset.unit, G.S.units);
        if (text === null) return;
        // a cell not marked shows its metric content: the page's, or what the catalogue last wrote into its row
        if (!cell.classList.contains("imperial")) {
          metricContent.set(cell, Array.from(cell.childNodes, (node) => node.cloneNode(true)));
        }
        cell.textContent = text;
        cell.classList.add("imperial");
      } else if (cell.classList.contains("imperial") && metricContent.has(cell)) {
        cell.replaceChildren(...metricContent.get(cell).map((node) => node.cloneNode(true)));
        cell.classList.remove("imperial");
      }
    });
  };

  function syncSwitches() {
    const system = G.currentUnits();
    document.querySelectorAll('.unit-switch input[name="units"]').forEach((radio) => {
      radio.checked = radio.value === system;
    });
  }

  function refresh() {
    syncSwitches();
    G.applyUnits(document);
  }

  G.onStart(() => {
    document.querySelectorAll(".unit-switch").forEach((fieldset) => {
      fieldset.addEventListener("change", (event) => {
        const radio = event.target;
        if (radio.name !== "units" || !radio.checked) return;
        G.store.ready.then(() => {
          G.store.set(G.UNITS_KEY, radio.value === "imperial" ? "imperial" : "metric");
          refresh();
        });
      });
    });
    G.store.ready.then(refresh);
    G.store.onChange((key) => {
      if (key === G.UNITS_KEY || key === null) refresh();
    });
    // pages restored from the back/forward cache may show an old choice
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) refresh();
    });
  });
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
