"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("catalogue-search.js", "catalogue-list.js");
const L = G.list;
// what the catalogue page reads from its controls (the build's CatalogueControls)
const SORT_KEYS = ["year", "name", "family", "displacement", "bore", "stroke", "power", "wheelbase", "weight"];
const RANGE_FIELDS = {
  year: "first",
  displacement: "nominal",
  bore: "bore",
  stroke: "stroke",
  power: "power",
  weight: "weight",
  wheelbase: "wheelbase",
};
L.configure({ sortKeys: SORT_KEYS, rangeFields: RANGE_FIELDS });

const FIELDS = ["id", "slug", "name", "family", "first", "last", "cycle", "displacement", "nominal", "power", "weight"];
/** A small catalogue in the data's shape and default order (newest first). */
function catalogue() {
  const rows = [
    [7, "v85-tt-2019", "V85 TT", null, 2019, null, 4, 853, 850, 80, 229],
    [5, "v11-cafe-2001", "V11 Café Sport", "V11", 2001, 2003, 4, 1064, 1100, 91, 221],
    [6, "v11-cafe-2001-6", "V11 Cafe Sport", "V11", 2001, 2002, 4, 1064, 1100, 91, 215],
    [4, "v7-1967", "V7", "V7", 1967, 1976, 4, 703.7, 700, 40, 230],
    [3, "v11-1995", "Ercole", "Ercole", 1946, 1980, 4, 498.4, 500, null, 390],
    [2, "cardellino-1954", "Cardellino", "Cardellino", 1954, 1965, 2, 73, 75, 2.6, 49],
    [1, "normale-1921", "Normale", null, 1921, 1924, 4, 498.4, 500, 8, 130],
  ];
  return L.prepare(G.records({ fields: FIELDS, motorcycles: rows }));
}
const ids = (records) => records.map((r) => r.id);
const sortedIds = (criteria, locale = "en-US") => ids(L.sorted(catalogue(), criteria, locale));

test("sort criteria parse from the URL, known keys once each", () => {
  assert.deepEqual(L.parseSort("name-asc,power-desc,name-desc,bogus-asc,year-up,family-desc"), [
    { key: "name", dir: "asc" },
    { key: "power", dir: "desc" },
    { key: "family", dir: "desc" },
  ]);
  assert.deepEqual(L.parseSort(""), []);
  assert.equal(L.sortText(L.parseSort("weight-asc,year-desc")), "weight-asc,year-desc");
  assert.ok(L.isDefaultSort([{ key: "year", dir: "desc" }]));
  assert.ok(!L.isDefaultSort([{ key: "year", dir: "asc" }]));
});

test("figures order either way with missing figures last, then by name and id", () => {
  // 5 and 6 have the same power: "v11 cafe sport" comes before "v11 café sport" (the tie-break is the
  // lower-case name, as the server's default order has it)
  assert.deepEqual(sortedIds([{ key: "power", dir: "desc" }]), [6, 5, 7, 4, 1, 2, 3]);
  assert.deepEqual(sortedIds([{ key: "power", dir: "asc" }]), [2, 1, 4, 7, 6, 5, 3]);
  // equal displacement (498.4): the name breaks the tie
  assert.deepEqual(sortedIds([{ key: "displacement", dir: "asc" }]).slice(0, 3), [2, 3, 1]);
});

test("the name orders by the locale's collation, ignoring accents and case, numbers by value", () => {
  assert.deepEqual(sortedIds([{ key: "name", dir: "asc" }]), [2, 3, 1, 4, 6, 5, 7]);
  const names = L.sorted(catalogue(), [{ key: "name", dir: "asc" }], "en-US").map((r) => r.name);
  assert.deepEqual(names, ["Cardellino", "Ercole", "Normale", "V7", "V11 Cafe Sport", "V11 Café Sport", "V85 TT"]);
  // "Café" and "Cafe" collate alike: the next criterion decides between them (lighter first)
  const withWeight = L.sorted(catalogue(), [{ key: "name", dir: "asc" }, { key: "weight", dir: "asc" }], "en-US");
  assert.deepEqual(
    withWeight.filter((r) => r.family === "V11").map((r) => r.id),
    [6, 5]
  );
  const heavyFirst = L.sorted(catalogue(), [{ key: "name", dir: "asc" }, { key: "weight", dir: "desc" }], "en-US");
  assert.deepEqual(
    heavyFirst.filter((r) => r.family === "V11").map((r) => r.id),
    [5, 6]
  );
  const descending = L.sorted(catalogue(), [{ key: "name", dir: "desc" }], "it-IT").map((r) => r.name);
  assert.deepEqual(descending.slice(0, 2), ["V85 TT", "V11 Cafe Sport"]);
});

test("the family orders alphabetically with bikes without a family last, either way", () => {
  const asc = L.sorted(catalogue(), [{ key: "family", dir: "asc" }], "en-US");
  assert.deepEqual(asc.map((r) => r.family), ["Cardellino", "Ercole", "V7", "V11", "V11", null, null]);
  const desc = L.sorted(catalogue(), [{ key: "family", dir: "desc" }], "en-US");
  assert.deepEqual(desc.map((r) => r.family), ["V11", "V11", "V7", "Ercole", "Cardellino", null, null]);
  // combined: family, then year, newest first
  const combined = L.sorted(catalogue(), [{ key: "family", dir: "asc" }, { key: "year", dir: "desc" }], "en-US");
  assert.deepEqual(ids(combined), [2, 3, 4, 6, 5, 7, 1]);
});

test("search matches every word in the name or family, accents and case ignored", () => {
  const records = catalogue();
  const match = (q) => ids(L.results(L.prepare(records), Object.assign(L.defaultState(), { q })));
  assert.deepEqual(match("CAFE"), [5, 6]);
  assert.deepEqual(match("café sport"), [5, 6]);
  assert.deepEqual(match("v11 ercole"), []);
  assert.deepEqual(match("ercole"), [3]);
  assert.deepEqual(match("  "), ids(records));
});

test("filters combine: families, cycle, years span and figure ranges", () => {
  const records = catalogue();
  const run = (changes) => ids(records.filter(L.matcher(Object.assign(L.defaultState(), changes))));
  assert.deepEqual(run({ families: ["V7", "Ercole"] }), [4, 3]);
  assert.deepEqual(run({ cycle: "2" }), [2]);
  // 1960-1970 meets the spans of the V7 (1967-1976), the Ercole (1946-1980) and the Cardellino (1954-1965)
  assert.deepEqual(run({ ranges: { year_min: 1960, year_max: 1970 } }), [4, 3, 2]);
  assert.deepEqual(run({ ranges: { year_min: 2020 } }), [7]); // still in production
  assert.deepEqual(run({ ranges: { power_min: 50 } }), [7, 5, 6]); // no power figure: out
  assert.deepEqual(run({ families: ["V11", "V7"], ranges: { weight_max: 220 } }), [6]);
});

test("the displacement range uses the nominal displacement, as the facet classes and the app do", () => {
  const records = catalogue();
  const run = (ranges) => ids(records.filter(L.matcher(Object.assign(L.defaultState(), { ranges }))));
  assert.deepEqual(run({ displacement_min: 850, displacement_max: 850 }), [7]); // actual 853, nominal 850
  assert.deepEqual(run({ displacement_min: 853 }), [5, 6]); // the V85 TT's nominal is below 853
  assert.deepEqual(run({ displacement_max: 500 }), [3, 2, 1]);
  // while the displacement ordering uses the actual figure
  assert.deepEqual(sortedIds([{ key: "displacement", dir: "desc" }]).slice(0, 3), [6, 5, 7]);
});

test("the state survives the URL both ways", () => {
  const records = catalogue();
  const known = { families: new Set(["V7", "V11"]), ids: new Map(records.map((r) => [r.id, r])) };
  const query = "?q=v7&family=V11&family=Nope&family=V11&cycle=4&year_min=1950&displacement_max=900&sort=name-asc%2Cfamily-desc&compare=4%2C99%2C5";
  const state = L.readState(new URLSearchParams(query), known);
  assert.equal(state.q, "v7");
  assert.deepEqual(state.families, ["V11"]);
  assert.equal(state.cycle, "4");
  assert.deepEqual(state.ranges, { year_min: 1950, displacement_max: 900 });
  assert.deepEqual(state.sort, [{ key: "name", dir: "asc" }, { key: "family", dir: "desc" }]);
  assert.ok(state.explicitSort);
  assert.deepEqual(state.compare, [4, 5]);
  const again = L.readState(new URLSearchParams(L.queryString(state)), known);
  assert.deepEqual(again, state);
  assert.equal(L.queryString(L.defaultState()), "");
  const yearOnly = Object.assign(L.defaultState(), { sort: [{ key: "year", dir: "desc" }], explicitSort: true });
  assert.equal(L.queryString(yearOnly), ""); // the default order needs no parameter
  assert.equal(L.readState(new URLSearchParams("?cycle=3&power_min=abc"), known).cycle, "");
  assert.deepEqual(L.readState(new URLSearchParams("?cycle=3&power_min=abc"), known).ranges, {});
});

test("before the data is there, compare ids are kept as the address gives them", () => {
  const state = L.readState(new URLSearchParams("?compare=4%2C99%2C5%2C4"), { families: new Set() });
  assert.deepEqual(state.compare, [4, 99, 5]);
});

test("the ranges and orderings are the page's: another set configures another matcher and parser", () => {
  try {
    L.configure({ sortKeys: ["power"], rangeFields: { weight: "weight" } });
    assert.deepEqual(L.parseSort("name-asc,power-desc"), [{ key: "power", dir: "desc" }]);
    const state = L.readState(new URLSearchParams("?weight_max=220&bore_min=80"), { families: new Set() });
    assert.deepEqual(state.ranges, { weight_max: 220 });
    assert.deepEqual(ids(catalogue().filter(L.matcher(state))), [6, 2, 1]);
  } finally {
    L.configure({ sortKeys: SORT_KEYS, rangeFields: RANGE_FIELDS });
  }
});

test("records carry their position in the default order from their part's start", () => {
  const data = { bike_url: "moto/{slug}/index.html", fields: ["id", "slug"], motorcycles: [[9, "a"], [8, "b"]] };
  const records = G.records(data, 1000);
  assert.deepEqual(
    records.map((r) => [r.id, r.position, r.url]),
    [
      [9, 1000, "moto/a/index.html"],
      [8, 1001, "moto/b/index.html"],
    ]
  );
});

test("a drawn row's thumbnail comes from the data's thumb cell, or the row keeps its placeholder", () => {
  const fields = ["id", "slug", "name", "thumb"];
  const [normale, airone, hostile, zero] = G.records({
    fields,
    motorcycles: [
      [1, "normale-1921", "Normale", ["https://live.staticflickr.com/65535/52814467203_feedc0ffee_n.jpg", 320, 213]],
      [2, "airone-1939", "Airone", null],
      [3, "x", "X", ["javascript:alert(1)", 320, 213]],
      [4, "y", "Y", ["https://live.staticflickr.com/1/2_3_n.jpg", 0, 213]],
    ],
  });
  assert.deepEqual(L.thumbnail(normale), {
    className: "bike-thumb",
    src: "https://live.staticflickr.com/65535/52814467203_feedc0ffee_n.jpg",
    width: 320,
    height: 213,
    alt: "",
    loading: "lazy",
    decoding: "async",
  });
  assert.equal(L.thumbnail(airone), null);
  assert.equal(L.thumbnail(hostile), null);
  assert.equal(L.thumbnail(zero), null);
  // data written without the photo sidecar has no thumb field at all
  const [plain] = G.records({ fields: ["id", "slug", "name"], motorcycles: [[1, "normale-1921", "Normale"]] });
  assert.equal(L.thumbnail(plain), null);
});

test("a column of the wide list's head orders by it first, the former first key second", () => {
  const H = load("catalogue-list.js", "catalogue-sort.js");
  const year = { key: "year", dir: "desc" };
  assert.deepEqual(H.sortHead([year], "power"), [{ key: "power", dir: "asc" }, year]);
  // pressed again: reversed, the second key kept
  assert.deepEqual(H.sortHead([{ key: "power", dir: "asc" }, year], "power"), [{ key: "power", dir: "desc" }, year]);
  assert.deepEqual(H.sortHead([{ key: "power", dir: "desc" }, year], "power"), [{ key: "power", dir: "asc" }, year]);
  // another column: two keys, never more, and a column never twice
  assert.deepEqual(H.sortHead([{ key: "power", dir: "desc" }, year], "weight"), [
    { key: "weight", dir: "asc" },
    { key: "power", dir: "desc" },
  ]);
  assert.deepEqual(H.sortHead([{ key: "power", dir: "desc" }, { key: "weight", dir: "asc" }], "weight"), [
    { key: "weight", dir: "asc" },
    { key: "power", dir: "desc" },
  ]);
  assert.deepEqual(H.sortHead([], "name"), [{ key: "name", dir: "asc" }]);
});
