{#- An edition's <lang>/sw.js when the site is built with `--no-offline` (OfflineFiles): pages register no worker,
    and this one replaces a worker an earlier build installed in a reader's browser. Browsers look for a new
    sw.js when a page of its scope is opened (hosts serve it with Cache-Control: no-cache), install this one, and
    it deletes the caches of this edition's workers, gives the open pages back to the network and unregisters
    itself. Variables: lang. -#}
/* Guzzi Tracker ({{ lang }}): the offline worker, turned off. Written by guzzi-site build --no-offline from
   Templates/sw-retired.js; do not edit. */
{% include "partials/worker-rules.js" %}
(function () {
  "use strict";
  const PREFIX = WorkerRules.cachePrefix(self.registration.scope);
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX)).map((name) => caches.delete(name))))
        .then(() => self.registration.unregister())
        .then(() => self.clients.matchAll({ type: "window" }))
        .then((pages) => Promise.all(pages.map((page) => page.navigate(page.url).catch(() => null))))
    );
  });
})();
