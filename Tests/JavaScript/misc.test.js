"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("store.js", "hearts.js", "garage.js");

test("a heart toggles an id in or out of the Garage, keeping the order", () => {
  assert.deepEqual(G.garage.toggled([3, 1], 2), [3, 1, 2]);
  assert.deepEqual(G.garage.toggled([3, 1, 2], 1), [3, 2]);
});

test("moving a motorcycle in the Garage", () => {
  assert.deepEqual(G.moveId([1, 2, 3], 3, -1), [1, 3, 2]);
  assert.deepEqual(G.moveId([1, 2, 3], 1, 1), [2, 1, 3]);
  assert.equal(G.moveId([1, 2, 3], 1, -1), null);
  assert.equal(G.moveId([1, 2, 3], 3, 1), null);
  assert.equal(G.moveId([1, 2, 3], 9, 1), null);
});

test("a shared Garage replaces, merges into or leaves the saved one", () => {
  assert.deepEqual(G.mergeGarage([1, 2], [2, 5, 4], "replace"), [2, 5, 4]);
  assert.deepEqual(G.mergeGarage([1, 2], [2, 5, 4], "merge"), [1, 2, 5, 4]);
  assert.deepEqual(G.mergeGarage([1, 2], [2, 5, 4], "keep"), [1, 2]);
});

test("the storage bridge reports the keys whose values changed", () => {
  assert.deepEqual(G.changedKeys({ a: "1", b: "2" }, { a: "1", b: "3", c: "4" }).sort(), ["b", "c"]);
  assert.deepEqual(G.changedKeys({ a: "1" }, {}), ["a"]);
  assert.deepEqual(G.changedKeys({}, {}), []);
});
