"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { load } = require("./load.js");

const G = load("catalogue-list.js", "catalogue-rows.js");
const R = G.rows;

test("the rows drawn at once cover the screen below the list's top, whatever its position", () => {
  // a list 680 px down a 1 000-px window, rows at least 40 px: 8 rows reach the bottom
  assert.equal(R.screenRows(680, 1000, 40), 8);
  assert.equal(R.screenRows(0, 1000, 40), 25);
  assert.equal(R.screenRows(999, 1000, 40), 1);
  // below the window: nothing of it is on screen
  assert.equal(R.screenRows(1000, 1000, 40), 0);
  assert.equal(R.screenRows(1500, 1000, 40), 0);
  // scrolled 2 000 px into the list: the rows above the window too, so the page keeps its height and scroll
  assert.equal(R.screenRows(-2000, 1000, 40), 75);
  // a part of a row counts as a row
  assert.equal(R.screenRows(0, 1010, 40), 26);
});

test("rows already in place are kept only as the first of the wanted ones, in order", () => {
  const [a, b, c, d] = [{}, {}, {}, {}];
  assert.equal(R.keptPrefix([a, b, c], [a, b, c]), 3);
  assert.equal(R.keptPrefix([a, b, c], [a, b]), 2, "fewer results: the first stay");
  assert.equal(R.keptPrefix([a, b], [a, b, c, d]), 2, "more results (or the rest of a draw): all stay");
  assert.equal(R.keptPrefix([a, b, c], [a, c, b]), 1);
  assert.equal(R.keptPrefix([a, b, c], [d, a, b, c]), 0, "a row before them moves them all");
  assert.equal(R.keptPrefix([], [a]), 0);
  // a wanted row not made yet is undefined, never a row in the list
  assert.equal(R.keptPrefix([a, b], [a, undefined]), 1);
});

test("rows are counted by the shortest row seen, a quarter under it, never under the bound", () => {
  assert.equal(R.rowFloor(Infinity), R.MIN_ROW, "no row seen yet: the bound for every layout");
  assert.equal(R.rowFloor(110), 82, "a laptop's row with its photo: 82 px, 9 rows fill a 740-px screen, not 19");
  assert.equal(R.rowFloor(37), 27 < R.MIN_ROW ? R.MIN_ROW : 27, "a wide screen's one-line row");
  assert.equal(R.rowFloor(36), R.MIN_ROW);
  assert.ok(R.screenRows(190, 800, R.rowFloor(37)) >= 17, "the wide table's rows fill a laptop's screen");
  assert.equal(R.screenRows(260, 1000, R.rowFloor(110)), 10);
});
