// The offline worker's pure rules (Templates/partials/worker-rules.js, included as it is in every edition's sw.js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");

const rules = require(path.join(__dirname, "..", "..", "Templates", "partials", "worker-rules.js"));

test("a page is kept under its folder address, whatever the link named", () => {
  const folder = "https://example.org/guzzi/en/moto/v7-1967/";
  assert.equal(rules.pageKey(folder + "index.html"), folder);
  assert.equal(rules.pageKey(folder), folder);
  assert.equal(rules.pageKey(folder + "index.html?compare=3#specs"), folder);
  assert.equal(rules.pageKey("https://example.org/guzzi/en/"), "https://example.org/guzzi/en/");
  assert.equal(
    rules.pageKey("https://example.org/guzzi/assets/js/core.1a2b3c4d.js"),
    "https://example.org/guzzi/assets/js/core.1a2b3c4d.js"
  );
  // a file that merely ends like it keeps its name
  assert.equal(rules.pageKey("https://example.org/en/notindex.html"), "https://example.org/en/notindex.html");
});

test("each worker's caches are named by its scope: editions and sites under other paths never meet", () => {
  assert.equal(rules.cachePrefix("https://example.org/guzzi/en/"), "guzzi-tracker /guzzi/en/ ");
  assert.notEqual(rules.cachePrefix("https://example.org/en/"), rules.cachePrefix("https://example.org/it/"));
  assert.notEqual(rules.cachePrefix("https://example.org/a/en/"), rules.cachePrefix("https://example.org/b/en/"));
});

test("only this worker's older shells are deleted when it takes over", () => {
  const prefix = rules.cachePrefix("https://example.org/site/en/");
  const current = prefix + "shell-b";
  assert.ok(rules.isOldShell(prefix + "shell-a", prefix, current));
  assert.ok(!rules.isOldShell(current, prefix, current));
  assert.ok(!rules.isOldShell(prefix + "pages", prefix, current), "pages the reader opened stay");
  assert.ok(!rules.isOldShell(prefix + "kept", prefix, current), "the catalogue kept whole stays");
  const other = rules.cachePrefix("https://example.org/large/en/");
  assert.ok(!rules.isOldShell(other + "shell-a", prefix, current), "another site's on the host are its own");
  assert.ok(!rules.isOldShell(rules.cachePrefix("https://example.org/site/it/") + "shell-a", prefix, current));
});

test("beyond a limit the oldest entries go", () => {
  assert.deepEqual(rules.overLimit([1, 2, 3, 4, 5], 3), [1, 2]);
  assert.deepEqual(rules.overLimit([1, 2], 3), []);
  assert.deepEqual(rules.overLimit([], 0), []);
});

test("the offline page served at another address gets a <base> of its own address, escaped", () => {
  const html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">";
  const based = rules.withBase(html, "https://example.org/a\"b/en/offline/");
  assert.equal(
    based,
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<base href=\"https://example.org/a&quot;b/en/offline/\">\n<meta charset=\"utf-8\">"
  );
  assert.equal(rules.withBase("<p>no head</p>", "x"), "<p>no head</p>");
});

test("the sizes of one Flickr photo are one family; other files are none", () => {
  const family = "65535/53021876544_a3b0c9d2e1";
  assert.equal(rules.photoFamily("https://live.staticflickr.com/65535/53021876544_a3b0c9d2e1_z.jpg"), family);
  assert.equal(rules.photoFamily("https://live.staticflickr.com/65535/53021876544_a3b0c9d2e1_b.jpg"), family);
  assert.equal(rules.photoFamily("https://live.staticflickr.com/65535/53021876544_a3b0c9d2e1.jpg"), family);
  assert.equal(rules.photoFamily("https://upload.wikimedia.org/wikipedia/commons/thumb/4/4e/A.jpg/960px-A.jpg"), null);
});
