"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load, editionNumbers } = require("./load.js");

const G = load();
const EN = editionNumbers("en");
const IT = editionNumbers("it");

test("fill replaces known placeholders and keeps unknown ones", () => {
  assert.equal(G.fill("{n} results for {q}", { n: 3 }), "3 results for {q}");
  assert.equal(G.fill("no placeholders", { n: 1 }), "no placeholders");
});

test("plural strings follow the locale's plural rules", () => {
  const strings = { n_one: "{n} result", n_other: "{n} results" };
  assert.equal(G.plural(strings, "n", 1, "en-US"), "{n} result");
  assert.equal(G.plural(strings, "n", 0, "en-US"), "{n} results");
  assert.equal(G.plural(strings, "n", 2, "it-IT"), "{n} results");
  assert.equal(G.plural(strings, "n", 0, "it-IT"), "{n} results");
  assert.equal(G.plural(strings, "n", 0, "fr-FR"), "{n} result"); // French: 0 and 1 take the singular
  assert.equal(G.plural(strings, "n", 1, "fr-FR"), "{n} result");
  // A category the edition has no string for falls back to "other".
  assert.equal(G.plural({ n_other: "{n}" }, "n", 1, "en-US"), "{n}");
});

test("numbers are written as the edition writes them and keep at most the digits asked", () => {
  assert.equal(G.formatNumber(12345.5, 1, EN), "12,345.5");
  assert.equal(G.formatNumber(12345.5, 1, IT), "12.345,5");
  assert.equal(G.formatNumber(6250, 0, IT), "6250"); // Italian does not group 4-digit numbers
  assert.equal(G.formatNumber(6250, 0, EN), "6,250");
  assert.equal(G.formatNumber(1234567, 0, IT), "1.234.567");
  assert.equal(G.formatNumber(3.4646, 1, EN), "3.5");
  assert.equal(G.formatNumber(2, 2, EN), "2"); // no trailing zeros
  assert.equal(G.formatNumber(2.5, 2, IT), "2,5");
  assert.equal(G.formatNumber(100, 1, EN), "100"); // zeros before the point stay
  assert.equal(G.formatNumber(-1234.25, 1, EN), "-1,234.3");
  assert.equal(G.formatNumber(-0.01, 1, EN), "0"); // no "-0"
  assert.equal(G.formatNumber(NaN, 1, EN), "\u2014");
  assert.equal(G.formatNumber(1500, 0), "1,500", "English until the page's strings say otherwise");
});

test("a metric figure the data scripts carry bare is written as the build writes it", () => {
  const fs = require("node:fs");
  const path = require("node:path");
  for (const language of ["en", "it"]) {
    const table = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "Resources", "i18n", language + ".json")));
    G.S = { numbers: editionNumbers(language), metric_units: { kg: table.units.kg, kmh: table.units.kmh } };
    assert.equal(G.measure(229, "kg"), "229 kg");
    assert.equal(G.measure(172.5, "kg"), language === "it" ? "172,5 kg" : "172.5 kg");
    assert.equal(G.measure(1200.125, "kmh"), (language === "it" ? "1200,125" : "1,200.125") + " km/h");
    assert.equal(G.measure(null, "kg"), null, "not stated: the dash, as the page");
    assert.equal(G.measure(undefined, "kmh"), null);
  }
  delete G.S;
});

test("normalize folds case, accents and spaces", () => {
  assert.equal(G.normalize("  V11  Café\tSPORT "), "v11 cafe sport");
  assert.equal(G.normalize("Àèìòù"), "aeiou");
  assert.equal(G.normalize(null), "");
});

test("parseIds keeps positive integers once, in order", () => {
  assert.deepEqual(G.parseIds("12, 4,x,12,-1,0,3.5,,7"), [12, 4, 7]);
  assert.deepEqual(G.parseIds(""), []);
  assert.deepEqual(G.parseIds(null), []);
  assert.deepEqual(G.parseIds(" 1 ,2"), [1, 2]);
});

test("sameList compares element by element", () => {
  assert.ok(G.sameList([1, 2], [1, 2]));
  assert.ok(!G.sameList([1, 2], [2, 1]));
  assert.ok(!G.sameList([1], [1, 1]));
});

test("records turn the data's columns into objects with their page URL, from the build's pattern", () => {
  const data = {
    bike_url: "moto/{slug}/index.html",
    fields: ["id", "slug", "name", "family"],
    motorcycles: [[3, "v7-1967", "V7", null], [1, "x-1921", "X"]],
  };
  const records = G.records(data);
  assert.equal(records.length, 2);
  assert.equal(records[0].name, "V7");
  assert.equal(records[0].family, null);
  assert.equal(records[0].url, "moto/v7-1967/index.html");
  assert.equal(G.records(Object.assign({}, data, { bike_url: "bici/{slug}/" }))[0].url, "bici/v7-1967/");
  assert.equal(records[1].position, 1);
  assert.equal(records[1].family, null); // a short row: missing fields are null
  assert.deepEqual(G.records(undefined), []);
});

test("records can be made a slice of the rows at a time, with their positions in the catalogue", () => {
  const data = { fields: ["id", "slug"], bike_url: "moto/{slug}/", motorcycles: [[1, "a"], [2, "b"], [3, "c"]] };
  const whole = G.records(data, 1000);
  const sliced = [...G.records(data, 1000, 0, 2), ...G.records(data, 1000, 2, 3)];
  assert.deepEqual(sliced, whole);
  assert.deepEqual(sliced.map((r) => [r.position, r.url]), [[1000, "moto/a/"], [1001, "moto/b/"], [1002, "moto/c/"]]);
});

test("inSlices covers every index once, in order, and yields to other tasks between slices", async () => {
  const seen = [];
  const tasks = [];
  let between = 0;
  const done = G.inSlices(1000, (from, to) => {
    tasks.push([from, to]);
    for (let i = from; i < to; i += 1) seen.push(i);
    const end = Date.now() + 1; // slow work: the budget below runs out after a few slices
    while (Date.now() < end) {}
  }, 2);
  setTimeout(() => (between += 1), 0); // a task queued while the first slice ran: it runs before the last
  await done;
  assert.deepEqual(seen, Array.from({ length: 1000 }, (_, i) => i));
  assert.ok(tasks.every(([from, to]) => to - from <= 16 && to > from));
  assert.equal(between, 1, "a task queued meanwhile ran before the slices were done");
  await G.inSlices(0, () => assert.fail("no slice of nothing"));
});

test("the catalogue's parts are asked for one a task, and their records come in the catalogue's order", async () => {
  const Gc = load();
  const appended = [];
  const urls = ["data/catalogue-0.js", "data/catalogue-1.js", "data/catalogue-2.js"];
  globalThis.document = {
    getElementById: (id) => (id === "ui-strings" ? { dataset: { catalogue: urls.join(" ") } } : null),
    createElement: () => ({}),
    head: { append: (script) => appended.push(script) },
  };
  try {
    const part = (number) => ({
      fields: ["id", "slug"],
      bike_url: "moto/{slug}/",
      start: number * 2,
      motorcycles: [[number * 2 + 1, "a" + number], [number * 2 + 2, "b" + number]],
    });
    const loading = Gc.loadCatalogue();
    assert.deepEqual(appended.map((s) => s.src), [urls[0]], "one <script> in the caller's task");
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(appended.map((s) => s.src), urls.slice(0, 2), "the next in a task of its own");
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(appended.map((s) => s.src), urls);
    // the parts arrive out of order
    for (const number of [2, 0, 1]) {
      Gc.catalogueParts[number] = part(number);
      appended[number].onload();
    }
    const records = await loading;
    assert.deepEqual(records.map((r) => [r.id, r.position, r.url]), [
      [1, 0, "moto/a0/"], [2, 1, "moto/b0/"], [3, 2, "moto/a1/"],
      [4, 3, "moto/b1/"], [5, 4, "moto/a2/"], [6, 5, "moto/b2/"],
    ]);
  } finally {
    delete globalThis.document;
  }
});
