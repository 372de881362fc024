"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("speculation.js");

/** Just what speculate() touches of a document: its window's HTMLScriptElement, createElement and head. */
function page(supported) {
  const added = [];
  const doc = {
    defaultView: { HTMLScriptElement: { supports: (type) => supported && type === "speculationrules" } },
    createElement: (name) => ({ name }),
    head: { append: (element) => added.push(element) },
  };
  return { doc, added };
}

const https = { protocol: "https:" };

test("the rules go into the page over HTTP(S), for a browser that has them", () => {
  const { doc, added } = page(true);
  assert.equal(G.speculation.speculate(doc, https, {}), true);
  assert.equal(added.length, 1);
  assert.equal(added[0].type, "speculationrules");
  const rules = JSON.parse(added[0].textContent);
  assert.equal(rules.prefetch[0].eagerness, "moderate");
  assert.deepEqual(rules.prefetch[0].where.and[0], { href_matches: "/*" });
});

test("never when data is to be saved, from disk, or in a browser without them", () => {
  for (const [supported, where, nav] of [
    [true, https, { connection: { saveData: true } }],
    [true, { protocol: "file:" }, {}],
    [false, https, {}],
  ]) {
    const { doc, added } = page(supported);
    assert.equal(G.speculation.speculate(doc, where, nav), false);
    assert.equal(added.length, 0);
  }
});

test("links that change state or are not pages are left alone", () => {
  const not = G.speculation.RULES.prefetch[0].where.and[1].not.selector_matches;
  for (const selector of ["[href*='?']", "[download]", "[target]", "[type]", "[href$='.xml']", "[href$='.json']"]) {
    assert.ok(not.split(", ").includes(selector), selector);
  }
});

test("with a mouse the pages are rendered ahead too, with a finger only fetched", () => {
  for (const hovers of [false, true]) {
    const { doc, added } = page(true);
    assert.equal(G.speculation.speculate(doc, https, {}, hovers), true);
    const rules = JSON.parse(added[0].textContent);
    assert.equal(rules.prefetch[0].eagerness, "moderate");
    assert.equal(Boolean(rules.prerender), hovers);
    if (hovers) assert.deepEqual(rules.prerender[0], rules.prefetch[0], "the same pages, the same moment");
  }
});
