"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("catalogue-search.js");
const S = G.search;

/** Names in the shapes the real catalogue has, in a default order (the order `results` keeps inside a group). */
function catalogue() {
  const rows = [
    [1, "V85 TT", "V85"],
    [2, "850 Le Mans III", "Le Mans"],
    [3, "850 T3", "T3"],
    [4, "850 T3 California", "California"],
    [5, "California 1400 Touring", "California 1400"],
    [6, "California Jackal", "California"],
    [7, "Stelvio 1200 NTX", "Stelvio"],
    [8, "Zigolo 98", "Zigolo"],
    [9, "G.T.V", "GT"],
    [10, "V35 TT", "V35"],
    [11, "Nevada 750", "Nevada"],
    [12, "650 GT", null],
    [13, "Le Mans 1000", "Le Mans"],
    [14, "V7", "V7"],
    [15, "V7 Sport", "V7"],
    [16, "Falcone Sport", "Falcone"],
  ];
  return rows.map(([id, name, family]) => S.prepare({ id, name, family }));
}

const find = (q) => S.results(catalogue(), q).map((r) => r.id);

test("names as people type them: case, accents, spaces, dots and hyphens do not matter", () => {
  assert.deepEqual(find("lemans"), [13, 2]);
  assert.deepEqual(find("le-mans"), [13, 2]);
  assert.deepEqual(find("LE MANS"), [13, 2]);
  assert.deepEqual(find("850t3"), [3, 4]);
  assert.deepEqual(find("850 t 3"), [3, 4]);
  assert.deepEqual(find("gtv"), [9]);
  assert.deepEqual(find("g.t.v"), [9]);
  assert.deepEqual(find("v35tt"), [10]);
  assert.deepEqual(find("nevada750"), [11]);
  assert.deepEqual(find("Zìgolo"), [8]);
});

test("a typo is forgiven: one edit from 4 letters, two from 8, never in a number", () => {
  assert.deepEqual(find("californa"), [4, 5, 6]); // all with a typo: in the order given
  assert.deepEqual(find("stelvo"), [7]);
  assert.deepEqual(find("zigollo"), [8]);
  assert.deepEqual(find("califrnai"), [4, 5, 6]); // two edits in a word of 9
  assert.deepEqual(find("stlvo"), []); // two edits in a word of 5
  assert.deepEqual(find("v9"), []); // a digit: as typed, no typo (V7 and V85 are one edit away)
  assert.deepEqual(find("nxt"), []); // under 4 letters: as typed (NTX is one edit away)
  assert.deepEqual(find("850"), [2, 3, 4]);
  assert.ok(!find("850").includes(12), "850 must not find 650");
  assert.deepEqual(find("651"), []);
});

test("prefixes work as you type, and the best matches come first", () => {
  assert.deepEqual(find("cal"), [5, 6, 4]); // names that start so, then names holding it
  assert.deepEqual(find("v7"), [14, 15]); // the name itself, then the names that start with it
  assert.deepEqual(find("sport"), [15, 16]);
  // exact, prefix, words, typo: each group in the order given
  assert.deepEqual(find("calif"), [5, 6, 4]);
  const group = S.grouper("v7");
  assert.deepEqual(catalogue().map(group).filter((g) => g >= 0), [0, 1]);
  assert.equal(S.grouper("stelvo")(catalogue()[6]), 3);
  assert.equal(S.grouper("stelvio")(catalogue()[6]), 1);
});

test("every word must be found, in the name or the family", () => {
  assert.deepEqual(find("california touring"), [5]);
  assert.deepEqual(find("jackal californa"), [6]);
  assert.deepEqual(find("falcone mans"), []);
});

test("any text is a query: never an error, never slow", () => {
  for (const q of ["*", "(", ")", "\\", '"', "'", "[", "?", "+", "$^", "💥", "🏍️ v7", "a".repeat(1000), "v7 ".repeat(400)]) {
    assert.doesNotThrow(() => S.results(catalogue(), q), q.slice(0, 10));
  }
  assert.deepEqual(find(""), catalogue().map((r) => r.id));
  assert.deepEqual(find("   "), catalogue().map((r) => r.id));
  assert.deepEqual(find("*"), catalogue().map((r) => r.id)); // no letter, no digit: nothing to look for
  // a long query over 10 000 records: its words are too long for typos, and cut at 1 000 characters
  const many = [];
  for (let i = 0; i < 10000; i += 1) many.push(S.prepare({ id: i, name: "California " + i + " Mk " + (i % 7), family: "California" }));
  const began = process.hrtime.bigint();
  S.results(many, "x".repeat(5000));
  S.results(many, "californa jackall specail");
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  assert.ok(ms < 2000, "two searches of 10 000 records took " + ms + " ms");
});

test("the edit distance is to a prefix of the word, bounded by the limit", () => {
  assert.equal(S.prefixDistance("californa", "california", 1), 1);
  assert.equal(S.prefixDistance("calif", "california", 1), 0);
  assert.equal(S.prefixDistance("stelvo", "stelvio", 1), 1);
  assert.equal(S.prefixDistance("abcd", "wxyz", 1), 2); // limit + 1: more than allowed
  assert.equal(S.allowance("mans"), 1);
  assert.equal(S.allowance("california"), 2);
  assert.equal(S.allowance("850t"), 0);
  assert.equal(S.allowance("gtv"), 0);
});
