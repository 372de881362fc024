/* Guzzi Tracker — the next page at once (every page): speculation rules that let Chromium-based browsers fetch
 * the page behind a link of this site while the pointer rests on it or a finger touches it ("moderate"), so that
 * the click shows it without the network's round trips. Browsers without the rules ignore them. With a mouse (a
 * pointer that hovers: a desktop) the page is also rendered ahead (prerender), so the click shows it at once; a
 * phone's finger only fetches it, sparing its battery and data a render it may not need.
 *
 * Added by this script rather than written in the page, so that nothing is fetched ahead for a reader who asked to
 * save data (Save-Data, navigator.connection.saveData), nor from disk (no prefetch there). Only pages: not links
 * with a query (a Garage's share link fills the Garage when opened), downloads, feeds, data, or other sites. The
 * pages stay eligible for the back/forward cache: no unload handler, and no Cache-Control: no-store (a host's).
 */
(function (G) {
  "use strict";

  const NOT_PAGES = [
    "[href*='?']",
    "[download]",
    "[target]",
    "[type]",
    "[rel~='nofollow']",
    "[href$='.xml']",
    "[href$='.json']",
    "[href$='.js']",
  ].join(", ");

  const PAGES = {
    source: "document",
    where: {
      and: [{ href_matches: "/*" }, { not: { selector_matches: NOT_PAGES } }],
    },
    eagerness: "moderate",
  };

  const RULES = { prefetch: [PAGES] };
  const WITH_A_MOUSE = { prefetch: [PAGES], prerender: [PAGES] };

  /** Adds the rules to `doc` unless the browser has none, the page is read from disk, or data is to be saved;
   * whether it did. `hovers`: the reader points with a mouse (prerender too). */
  function speculate(doc, where, nav, hovers) {
    const Script = doc.defaultView && doc.defaultView.HTMLScriptElement;
    if (!Script || typeof Script.supports !== "function" || !Script.supports("speculationrules")) return false;
    if (where.protocol !== "http:" && where.protocol !== "https:") return false;
    if (nav.connection && nav.connection.saveData) return false;
    const script = doc.createElement("script");
    script.type = "speculationrules";
    script.textContent = JSON.stringify(hovers ? WITH_A_MOUSE : RULES);
    doc.head.append(script);
    return true;
  }

  G.speculation = { RULES, WITH_A_MOUSE, speculate };
  if (typeof document !== "undefined") {
    const mouse = window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches;
    // When the browser is idle, not in the tasks of the load: its first look at the rules goes over every link
    // of a long list. In the task that ends the parsing, then in one of its own just after the start, it took
    // 7-58 ms on a slow phone, some of the load's long tasks (issue 38); when idle, 9-14 ms. A pointer resting on a
    // link comes later than that.
    G.whenIdle(() => speculate(document, window.location, navigator, mouse));
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
