/* The offline worker's rules that need no browser (unit-tested in node: Tests/JavaScript/worker.test.js). Plain
 * JavaScript with no template tags: sw.js includes it as it is. */
const WorkerRules = (function () {
  "use strict";

  /** The address a page is kept under: its folder form, without query or fragment, so "…/v7-1967/index.html"
   * (what the site's links name) and "…/v7-1967/" (what readers share) are one page. */
  function pageKey(address) {
    const url = new URL(address);
    url.search = "";
    url.hash = "";
    if (url.pathname.endsWith("/index.html")) url.pathname = url.pathname.slice(0, -"index.html".length);
    return url.href;
  }

  /** The first words of every cache of the worker whose scope is `scope`: a site's editions, and two sites under
   * two paths of one host, never share a cache, nor delete each other's. */
  function cachePrefix(scope) {
    return "guzzi-tracker " + new URL(scope).pathname + " ";
  }

  /** Whether a cache is a shell of this edition other than the current one: deleted when a worker takes over. */
  function isOldShell(name, prefix, current) {
    return name.startsWith(prefix + "shell-") && name !== current;
  }

  /** The first of `keys` (oldest first: caches list them in the order they were put) beyond `limit`. */
  function overLimit(keys, limit) {
    return keys.length > limit ? keys.slice(0, keys.length - limit) : [];
  }

  /** The offline page's HTML, served at another address: a <base> makes its relative links and files lead
   * where they lead from the offline page's own address. */
  function withBase(html, base) {
    const head = html.indexOf("<head>");
    if (head < 0) return html;
    const at = head + "<head>".length;
    const escaped = String(base).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    return html.slice(0, at) + '\n<base href="' + escaped + '">' + html.slice(at);
  }

  /** The Flickr photo a file is one size of ("…/65535/53021_ab12_z.jpg" → "65535/53021_ab12"), so that offline
   * another size of it can stand in; null for any other file. */
  function photoFamily(address) {
    const match = /staticflickr\.com\/(\d+)\/(\d+_[0-9a-z]+)(_[0-9a-z]+)?\.jpg$/i.exec(String(address));
    return match ? match[1] + "/" + match[2] : null;
  }

  return { pageKey, cachePrefix, isOldShell, overLimit, withBase, photoFamily };
})();
if (typeof module !== "undefined") module.exports = WorkerRules;
