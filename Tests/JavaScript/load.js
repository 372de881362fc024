// Loads the site's classic scripts (Resources/assets/js) into this process, as a browser would load them with
// <script>, and returns their GuzziTracker namespace. No DOM: the scripts only touch it once started, which
// never happens here, so what these tests reach is the pure part (data in, data out).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const ASSETS = path.join(__dirname, "..", "..", "Resources", "assets", "js");

function load(...names) {
  delete globalThis.GuzziTracker;
  for (const name of ["core.js", ...names]) {
    vm.runInThisContext(fs.readFileSync(path.join(ASSETS, name), "utf8"), { filename: name });
  }
  return globalThis.GuzziTracker;
}

/** How an edition writes numbers, as the build gives them to the scripts (Site.numbersValue, in the page's
 * #ui-strings): from the edition's localisation file, so the tests read the same source as the build. */
function editionNumbers(language) {
  const table = JSON.parse(fs.readFileSync(path.join(ASSETS, "..", "..", "i18n", language + ".json"), "utf8"));
  const numbers = table.numbers;
  return {
    decimal: numbers.decimal_separator,
    group: numbers.grouping_separator,
    group_from: 3 + Math.max(numbers.minimum_grouping_digits, 1),
  };
}

module.exports = { load, editionNumbers, ASSETS };
