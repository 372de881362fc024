"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("gallery.js");

test("moving through the photos wraps round both ways", () => {
  assert.equal(G.gallery.step(0, 1, 3), 1);
  assert.equal(G.gallery.step(2, 1, 3), 0);
  assert.equal(G.gallery.step(0, -1, 3), 2);
  assert.equal(G.gallery.step(1, -4, 3), 0);
  assert.equal(G.gallery.step(5, 0, 3), 2);
  assert.equal(G.gallery.step(0, 1, 1), 0);
});

test("a swipe moves only when it is long and mostly sideways", () => {
  assert.equal(G.gallery.swipe(-80, 10), 1, "leftwards: the next photo");
  assert.equal(G.gallery.swipe(80, -10), -1, "rightwards: the previous one");
  assert.equal(G.gallery.swipe(40, 0), 0, "too short");
  assert.equal(G.gallery.swipe(-80, 60), 0, "too steep: a scroll");
  assert.equal(G.gallery.swipe(-90, 59), 1);
});
