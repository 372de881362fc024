"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load, editionNumbers } = require("./load.js");

const G = load("store.js", "hearts.js", "offline.js", "garage.js");

test("sizes read as a reader reads them, numbers as the edition writes them", () => {
  const EN = editionNumbers("en");
  assert.equal(G.offline.formatSize(840, EN), "840 B");
  assert.equal(G.offline.formatSize(84_000, EN), "84 kB");
  assert.equal(G.offline.formatSize(3_140_000, EN), "3.1 MB");
  assert.equal(G.offline.formatSize(3_140_000, editionNumbers("it")), "3,1 MB");
  assert.equal(G.offline.formatSize(385_000_000, EN), "385 MB");
  assert.equal(G.offline.formatSize(2_400_000_000, EN), "2.4 GB");
});

test("what is kept is shown as the latest read found it, not as an earlier read that ended later", async () => {
  const reads = [];
  const shown = [];
  const refresh = G.offline.latest(
    () => new Promise((resolve) => reads.push(resolve)),
    (kept) => shown.push(kept)
  );
  const before = refresh(); // the keeping ended: a full cache, slow to read
  const after = refresh(); // "forget" clicked meanwhile: an empty one, read at once
  reads[1]({ pages: 0 });
  await after;
  reads[0]({ pages: 148 });
  await before;
  assert.deepEqual(shown, [{ pages: 0 }]);
  const again = refresh(); // alone, it is shown
  reads[2]({ pages: 3 });
  await again;
  assert.deepEqual(shown, [{ pages: 0 }, { pages: 3 }]);
});

test("a Garage saved to a file comes back in its order, and nothing else is taken for one", () => {
  const byId = new Map([
    [12, { name: "V7" }],
    [4, { name: "Falcone" }],
  ]);
  const text = G.garageFile([12, 4], byId);
  assert.deepEqual(JSON.parse(text), { format: "guzzi-tracker-garage", version: 1, ids: [12, 4], names: ["V7", "Falcone"] });
  assert.deepEqual(G.readGarageFile(text), [12, 4]);
  assert.equal(G.readGarageFile("not json"), null);
  assert.equal(G.readGarageFile('{"ids": [1, 2]}'), null, "no format: not ours");
  assert.equal(G.readGarageFile('{"format": "guzzi-tracker-garage", "ids": "1,2"}'), null);
  assert.deepEqual(G.readGarageFile('{"format": "guzzi-tracker-garage", "ids": [3, "x", -1, 3, 7.5, 9]}'), [3, 9]);
});
