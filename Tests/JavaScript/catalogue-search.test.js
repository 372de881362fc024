"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { load } = require("./load.js");

const G = load("catalogue-search.js");
const S = G.search;

/** Names in the shapes the real catalogue has, in a default order (the order `results` keeps inside a group). */
function catalogue(search = S) {
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
  return rows.map(([id, name, family]) => search.prepare({ id, name, family }));
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

/** The index of words data/search-texts.js carries (SearchTexts.wordIndex in Swift): each folded word of 3
 * characters or more, sorted, with the texts it is in. */
function wordIndex(texts) {
  const found = new Map();
  texts.forEach((text, number) => {
    for (const word of S.words(text)) {
      if (Array.from(word).length < 3) continue;
      const list = found.get(word) || [];
      if (list[list.length - 1] !== number) list.push(number);
      found.set(word, list);
    }
  });
  const words = Array.from(found.keys()).sort();
  return { words, wordTexts: words.map((word) => found.get(word)) };
}

/** The edition's texts as data/search-texts.js gives them: distinct texts once, each motorcycle's by position;
 * `indexed` false as a file without the index of words (every text is read). */
function withTexts(language, indexed = true) {
  const texts = {
    en: ["Twin Dell'Orto carburettors", "Brembo discs, 300 mm", "Öhlins shock absorber", "Frame designed by Lino Tonti"],
    it: ["Due carburatori Dell'Orto", "Dischi Brembo da 300 mm", "Ammortizzatore Öhlins", "Telaio progettato da Lino Tonti"],
  }[language];
  S.useTexts({
    fields: ["Feed", "Brakes", "Rear suspension", "Notes"].map((f) => (language === "it" ? f + " (it)" : f)),
    texts,
    motorcycles: { 2: [0, 0, 1, 1, 3, 3], 13: [2, 2, 1, 1], 16: [0, 0] },
    ...(indexed ? wordIndex(texts) : {}),
  });
}

for (const indexed of [true, false]) {
test("every text of the page, after the name matches, with the words marked in an excerpt" + (indexed ? "" : " (no index)"), () => {
  withTexts("en", indexed);
  const found = S.results(catalogue(), "brembo");
  assert.deepEqual(found.map((r) => r.id), [2, 13]);
  assert.deepEqual(S.excerptOf(found[0]), {
    field: "Brakes",
    parts: [
      { text: "Brembo", mark: true },
      { text: " discs, 300 mm", mark: false },
    ],
  });
  // accents folded, the word as printed marked
  const ohlins = S.results(catalogue(), "ohlins");
  assert.deepEqual(ohlins.map((r) => r.id), [13]);
  assert.deepEqual(S.excerptOf(ohlins[0]).parts[0], { text: "Öhlins", mark: true });
  // name matches first, then text matches; a word of the name and one of a text together
  assert.deepEqual(S.results(catalogue(), "tonti").map((r) => r.id), [2]);
  assert.deepEqual(S.results(catalogue(), "le mans tonti").map((r) => r.id), [2]);
  assert.deepEqual(S.results(catalogue(), "le mabs tonti").map((r) => r.id), [2]); // a typo in the name's word
  assert.deepEqual(S.results(catalogue(), "le mabs brembo").map((r) => r.id), [2, 13]);
  assert.deepEqual(S.results(catalogue(), "californa brembo").map((r) => r.id), []); // no California has Brembos here
  assert.deepEqual(S.results(catalogue(), "sport").map((r) => r.id), [15, 16]); // names only: no excerpt
  assert.equal(S.excerptOf(S.results(catalogue(), "sport")[0]), null);
  // a word's start only: "rembo" is inside a word
  assert.deepEqual(S.results(catalogue(), "rembo").map((r) => r.id), []);
  // a prefix of a word of a text; a word with a sign in it is read in the texts themselves
  assert.deepEqual(S.results(catalogue(), "carbu").map((r) => r.id), [2, 16]);
  assert.deepEqual(S.results(catalogue(), "dell'orto").map((r) => r.id), [2, 16]);
});
}

test("texts taken a slice of motorcycles at a time are searched only once all are in, as if taken at once", async () => {
  const texts = ["Brembo discs, 300 mm", "Frame designed by Lino Tonti"];
  const data = { fields: ["Brakes", "Notes"], texts, motorcycles: { 2: [0, 0, 1, 1], 13: [0, 0] }, ...wordIndex(texts) };
  S.useTexts(data);
  const atOnce = S.results(catalogue(), "brembo").map((r) => [r.id, S.excerptOf(r)]);
  const slices = [];
  let finish;
  const inSlices = (count, work) => {
    for (let from = 0; from < count; from += 1) slices.push([from, from + 1]);
    return new Promise((resolve) => (finish = () => {
      for (const [from, to] of slices) work(from, to);
      resolve();
    }));
  };
  const fresh = load("catalogue-search.js").search; // a page that has no texts yet
  const loaded = fresh.useTexts(data, inSlices);
  assert.deepEqual(slices, [[0, 1], [1, 2]], "one slice a motorcycle here");
  assert.equal(fresh.hasTexts(), false);
  assert.deepEqual(fresh.results(catalogue(fresh), "brembo"), [], "no half-made texts searched");
  finish();
  await loaded;
  assert.equal(fresh.hasTexts(), true);
  assert.deepEqual(fresh.results(catalogue(fresh), "brembo").map((r) => [r.id, fresh.excerptOf(r)]), atOnce);
  assert.deepEqual(atOnce.map(([id]) => id), [2, 13]);
});

test("the same array searched again, and a warm-up search meanwhile, change nothing of what a search gives", () => {
  withTexts("en");
  const records = catalogue();
  const first = S.results(records, "brembo");
  assert.deepEqual(first.map((r) => r.id), [2, 13]);
  S.warmUp(records); // searches some of them for a letter: the excerpts of the search before stay
  assert.deepEqual(S.excerptOf(first[0]).parts[0], { text: "Brembo", mark: true });
  // the array's slots are kept from its first search (slotsOf): a second search reads them
  assert.deepEqual(S.results(records, "brembo").map((r) => r.id), [2, 13]);
  assert.deepEqual(S.results(records, "california").map((r) => r.id), find("california"));
  assert.deepEqual(find("california"), [5, 6, 4]); // names that start so, then the others, each in the array's order
  assert.deepEqual(S.results(records.slice().reverse(), "california").map((r) => r.id), [6, 5, 4]);
});

test("a search that finds few records looks only at those, and finds what a look at every record finds", () => {
  const names = ["V7 Sport", "Le Mans 850", "California Jackal", "Stelvio NTX", "Airone 250", "Falcone Sport", "G.T.V"];
  const many = [];
  for (let i = 0; i < 4000; i += 1) {
    // ids no text of the loaded editions is printed for: name matches only, which grouper alone decides
    const name = names[(i * 3) % names.length] + " " + (i % 13);
    many.push(S.prepare({ id: 100000 + i, name, family: names[i % names.length].split(" ")[0] }));
  }
  // another order, and a filtered part of it: each array has its own places
  const shuffled = many.slice().sort((a, b) => ((a.id * 7919) % 4001) - ((b.id * 7919) % 4001));
  const some = shuffled.filter((record) => record.id % 3 === 0);
  // narrow queries ("mans 85", "ntx", "falcon 1", "12", "zz": placesOf), broad ones, typos, run together
  const queries = ["airone", "airo", "mans 85", "ntx", "gtv", "falcon 1", "v7 sport 12", "stelvo", "12", "a", "sport", "zz"];
  for (const records of [many, shuffled, some, many]) {
    for (const q of queries) {
      const group = S.grouper(q);
      const expected = [0, 1, 2, 3].flatMap((g) => records.filter((record) => group(record) === g));
      assert.deepEqual(S.results(records, q).map((r) => r.id), expected.map((r) => r.id), q);
    }
  }
});

test("the index of words answers as reading every text does", () => {
  const texts = ["Twin Dell'Orto carburettors", "Brembo discs, 300 mm", "Öhlins shock", "Ohlins? ÖHLINS!", "Σ ΟΔΟΣ"];
  S.useTexts({ fields: ["Feed"], texts, motorcycles: { 1: [0, 0, 0, 1, 0, 2, 0, 3, 0, 4] }, ...wordIndex(texts) });
  assert.deepEqual(Array.from(S.textsBeginning("ohl")).sort(), [2, 3]);
  assert.deepEqual(Array.from(S.textsBeginning("car")), [0]);
  assert.deepEqual(Array.from(S.textsBeginning("300")), [1]);
  assert.deepEqual(Array.from(S.textsBeginning(S.fold("οδος"))), [4]); // the final sigma as any sigma
  assert.deepEqual(Array.from(S.textsBeginning("zzz")), []);
  assert.deepEqual(Array.from(S.textsBeginning("~")), []);
});

test("folds as the build folds (Tests/Fixtures/search/folding.json, read by SearchFoldingTests too)", () => {
  const file = path.join(__dirname, "..", "Fixtures", "search", "folding.json");
  const { cases } = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.ok(cases.length >= 10);
  for (const { text, folded, words } of cases) {
    assert.equal(S.fold(text), folded, text);
    assert.deepEqual(S.words(text), words, text);
  }
});

test("each edition searches its own language's texts", () => {
  withTexts("it");
  assert.deepEqual(S.results(catalogue(), "dischi").map((r) => r.id), [2, 13]);
  assert.deepEqual(S.results(catalogue(), "discs").map((r) => r.id), []);
  withTexts("en");
  assert.deepEqual(S.results(catalogue(), "dischi").map((r) => r.id), []);
});

test("an excerpt is short, cut at spaces, and marks every word of the query in it", () => {
  const long = "A ".repeat(60) + "carburettor Dell'Orto VHB 29, then " + "B ".repeat(80) + "end";
  S.useTexts({ fields: ["Feed"], texts: [long], motorcycles: { 1: [0, 0] } });
  const [record] = S.results(catalogue(), "dell'orto carburettor");
  const parts = S.excerptOf(record).parts;
  assert.equal(parts[0].text, "…");
  assert.equal(parts[parts.length - 1].text, "…");
  assert.deepEqual(
    parts.filter((p) => p.mark).map((p) => p.text),
    ["carburettor", "Dell'Orto"]
  );
  assert.ok(parts.map((p) => p.text).join("").length < 170);
});
