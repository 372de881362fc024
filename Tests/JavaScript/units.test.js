"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load, editionNumbers } = require("./load.js");

const G = load("units.js");
const EN = editionNumbers("en");
const IT = editionNumbers("it");
const NAMES = { mm: "in", cc: "cu in", kg: "lb", kmh: "mph", l: "US gal", l100km: "mpg (US)" };

test("each metric unit converts to its US unit with its own precision", () => {
  const close = (unit, value, expected, digits) => {
    const result = G.units.toImperial(value, unit);
    assert.ok(Math.abs(result.value - expected) < 1e-6, unit + ": " + result.value);
    assert.equal(result.digits, digits, unit);
  };
  close("mm", 25.4, 1, 1);
  close("cc", 16.387064, 1, 1);
  close("kg", 1, 2.2046226218, 0);
  close("kmh", 1.609344, 1, 0);
  close("l", 3.785411784, 1, 2); // under 2 gallons: two digits
  close("l", 18, 18 / 3.785411784, 1);
  close("l100km", 235.214583 / 50, 50, 1);
});

test("what cannot be converted gives null", () => {
  assert.equal(G.units.toImperial(48, "hp"), null); // hp stays hp
  assert.equal(G.units.toImperial(0, "l100km"), null);
  assert.equal(G.units.toImperial(NaN, "mm"), null);
  assert.equal(G.units.toImperial("80", "mm"), null);
});

test("the imperial text is written as the edition writes numbers, with a no-break space", () => {
  assert.equal(G.units.imperialText(88, "mm", NAMES, EN), "3.5\u00a0in");
  assert.equal(G.units.imperialText(88, "mm", NAMES, IT), "3,5\u00a0in");
  assert.equal(G.units.imperialText(1380, "cc", NAMES, EN), "84.2\u00a0cu in");
  assert.equal(G.units.imperialText(346, "kg", NAMES, EN), "763\u00a0lb");
  assert.equal(G.units.imperialText(1000, "kg", NAMES, EN), "2,205\u00a0lb");
  assert.equal(G.units.imperialText(1000, "kg", NAMES, IT), "2205\u00a0lb");
  assert.equal(G.units.imperialText(88, "mm", {}, EN), null); // no unit name: leave the cell alone
});
