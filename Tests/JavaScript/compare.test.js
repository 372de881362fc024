"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("compare.js");

/** Two chunks in the shape of data/specs-<n>.js; the second has a row the first lacks. */
const first = {
  sections: [
    { id: "general", title: "General info", rows: [["family", "Family"], ["name", "Name"]] },
    { id: "engine", title: "Engine", rows: [["bore", "Bore"], ["feed", "Fuel system"]] },
  ],
  motorcycles: {
    1: [null, "Normale", { text: "88 mm", unit: "mm", raw: 88 }, "Carburettor"],
    2: ["Sport", "Sport", { text: "88 mm", unit: "mm", raw: 88 }, "CARBURETTOR"],
  },
};
const second = {
  sections: [
    { id: "general", title: "General info", rows: [["family", "Family"], ["name", "Name"]] },
    { id: "engine", title: "Engine", rows: [["bore", "Bore"], ["stroke", "Stroke"], ["feed", "Fuel system"]] },
  ],
  motorcycles: {
    300: [null, "V7", { text: "80.0 mm", unit: "mm", raw: 80 }, { text: "70 mm", unit: "mm", raw: 70 }, { text: "Carburatore", lang: "it" }],
  },
};

test("the comparison keeps the sections and rows in order, one cell per motorcycle", () => {
  const model = G.compareModel([
    { chunk: first, id: 1 },
    { chunk: first, id: 2 },
  ]);
  assert.deepEqual(
    model.map((s) => [s.id, s.title, s.rows.map((r) => r.key)]),
    [
      ["general", "General info", ["family", "name"]],
      ["engine", "Engine", ["bore", "feed"]],
    ]
  );
  const rows = Object.fromEntries(model.flatMap((s) => s.rows).map((r) => [r.key, r]));
  assert.equal(rows.family.label, "Family");
  assert.deepEqual(rows.family.cells, [null, "Sport"]);
  assert.ok(rows.family.differs, "a dash and a text differ");
  assert.ok(rows.name.differs);
  assert.ok(!rows.bore.differs, "equal figures");
  assert.ok(!rows.feed.differs, "texts compare without case");
});

test("rows from several chunks are united; a motorcycle without a row gets false there", () => {
  const model = G.compareModel([
    { chunk: first, id: 1 },
    { chunk: second, id: 300 },
  ]);
  const engine = model.find((s) => s.id === "engine");
  assert.deepEqual(engine.rows.map((r) => r.key), ["bore", "feed", "stroke"]);
  const stroke = engine.rows.find((r) => r.key === "stroke");
  assert.deepEqual(stroke.cells, [false, { text: "70 mm", unit: "mm", raw: 70 }]);
  assert.ok(stroke.differs);
  const bore = engine.rows.find((r) => r.key === "bore");
  assert.ok(bore.differs, "88 against 80");
  const family = model[0].rows.find((r) => r.key === "family");
  assert.ok(!family.differs, "two dashes are alike");
  // figures compare by value, whatever their text
  const same = G.compareModel([
    { chunk: second, id: 300 },
    { chunk: { sections: second.sections, motorcycles: { 301: [null, "V7", { text: "80 mm", unit: "mm", raw: 80 }, null, "x"] } }, id: 301 },
  ]);
  assert.ok(!same[1].rows.find((r) => r.key === "bore").differs);
});

test("a motorcycle missing from its chunk has no rows (false), not a crash", () => {
  const model = G.compareModel([
    { chunk: first, id: 1 },
    { chunk: first, id: 99 },
  ]);
  assert.deepEqual(model[0].rows[1].cells, ["Normale", false]);
});
