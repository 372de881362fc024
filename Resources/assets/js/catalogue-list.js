/* Guzzi Tracker — the catalogue's search, filters and ordering, on data (no DOM; unit-tested in node).
 *
 * Records come from the edition's data (data/catalogue-<n>.js) through GuzziTracker.loadCatalogue. A state is
 * what the URL query holds:
 *   q (search), family (repeated), cycle (2|4), <key>_min / <key>_max ranges, sort (key-dir,…), compare (ids).
 * Which ranges and orderings there are is the build's to say (CatalogueControls): the page reads them from its
 * controls and hands them to configure(). As in the app, the displacement range filters on the nominal
 * displacement (as the displacement facet's classes do) and the displacement ordering uses the actual one.
 */
(function (G) {
  "use strict";

  let SORT_KEYS = [];
  /** URL key of a range -> the record field it filters on ("year" reads the span of production). */
  let RANGE_FIELDS = {};
  let RANGE_KEYS = [];
  const DEFAULT_SORT = [{ key: "year", dir: "desc" }];

  /** The orderings (keys, as in the ordering menu) and the ranges ({key: record field}) the page offers. */
  function configure({ sortKeys, rangeFields }) {
    SORT_KEYS = sortKeys.slice();
    RANGE_FIELDS = Object.assign({}, rangeFields);
    RANGE_KEYS = Object.keys(RANGE_FIELDS);
    G.list.SORT_KEYS = SORT_KEYS;
    G.list.RANGE_KEYS = RANGE_KEYS;
    G.list.RANGE_FIELDS = RANGE_FIELDS;
  }

  /** Names in the locale's collation, accents and case ignored, numbers by value ("V7" before "V11"). */
  function collator(locale) {
    return new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  }

  /** Adds what searching and ordering need: the search's words (catalogue-search.js), the lower-case name for
   * ties. */
  function prepare(records) {
    for (const record of records) {
      G.search.prepare(record);
      record.lower = String(record.name).toLowerCase();
    }
    return records;
  }

  const ranked = new WeakMap(); // records array -> Set of fields ranked

  /** record[field + "Rank"]: equal for values the collator holds equal, null when there is none. Made once per
   * field, on first use: comparing ranks is much cheaper than collating in every comparison of a sort. */
  function rank(records, field, compare) {
    const done = ranked.get(records) || new Set();
    if (done.has(field)) return;
    const name = field + "Rank";
    const present = [];
    for (const record of records) {
      record[name] = null;
      if (record[field] !== null && record[field] !== undefined && record[field] !== "") present.push(record);
    }
    present.sort((a, b) => compare(a[field], b[field]));
    let current = -1;
    present.forEach((record, i) => {
      if (i === 0 || compare(present[i - 1][field], record[field]) !== 0) current += 1;
      record[name] = current;
    });
    done.add(field);
    ranked.set(records, done);
  }

  function sortValue(record, key) {
    let value;
    if (key === "year") value = record.first;
    else if (key === "name") value = record.nameRank;
    else if (key === "family") value = record.familyRank;
    else value = record[key];
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }

  /** Criteria in the order picked; missing values last whatever the direction; then the name, then the id. */
  function comparator(criteria) {
    return (x, y) => {
      for (const { key, dir } of criteria) {
        const a = sortValue(x, key);
        const b = sortValue(y, key);
        if (a === null || b === null) {
          if (a === null && b === null) continue;
          return a === null ? 1 : -1;
        }
        if (a !== b) return dir === "asc" ? a - b : b - a;
      }
      if (x.lower !== y.lower) return x.lower < y.lower ? -1 : 1;
      return x.id - y.id;
    };
  }

  /** The records in the order of `criteria` (a new array); ranks by name or family are made when needed. */
  function sorted(records, criteria, locale) {
    const compare = collator(locale).compare;
    if (criteria.some((c) => c.key === "name")) rank(records, "name", compare);
    if (criteria.some((c) => c.key === "family")) rank(records, "family", compare);
    return records.slice().sort(comparator(criteria));
  }

  /** Ranks by name and family made ahead (when the browser is idle), so a first ordering by them is quick. */
  function prepareRanks(records, locale) {
    const compare = collator(locale).compare;
    rank(records, "name", compare);
    rank(records, "family", compare);
  }

  function parseSort(text) {
    const criteria = [];
    for (const part of String(text || "").split(",")) {
      const [key, dir] = part.trim().split("-");
      if (SORT_KEYS.includes(key) && (dir === "asc" || dir === "desc") && !criteria.some((c) => c.key === key)) {
        criteria.push({ key, dir });
      }
    }
    return criteria;
  }

  function sortText(criteria) {
    return criteria.map((c) => c.key + "-" + c.dir).join(",");
  }

  function isDefaultSort(criteria) {
    return sortText(criteria) === sortText(DEFAULT_SORT);
  }

  function defaultState() {
    return { q: "", families: [], cycle: "", ranges: {}, sort: DEFAULT_SORT.slice(), explicitSort: false, compare: [] };
  }

  /** The state in a URL query; unknown families are dropped, and so are unknown ids when `known.ids` is given
   * (before the data is there, the ids are kept as they are). */
  function readState(params, known) {
    const state = defaultState();
    state.q = params.get("q") || "";
    state.families = params.getAll("family").filter((f, i, all) => known.families.has(f) && all.indexOf(f) === i);
    const cycle = params.get("cycle");
    if (cycle === "2" || cycle === "4") state.cycle = cycle;
    for (const key of RANGE_KEYS) {
      for (const bound of ["min", "max"]) {
        const text = params.get(key + "_" + bound);
        if (text !== null && text.trim() !== "" && Number.isFinite(Number(text))) {
          state.ranges[key + "_" + bound] = Number(text);
        }
      }
    }
    const sort = parseSort(params.get("sort"));
    if (sort.length) {
      state.sort = sort;
      state.explicitSort = true;
    }
    state.compare = G.parseIds(params.get("compare"))
      .filter((id) => !known.ids || known.ids.has(id))
      .slice(0, G.MAX_COMPARE);
    return state;
  }

  /** "?q=…&family=…" for a state ("" for the default one). */
  function queryString(state) {
    const params = new URLSearchParams();
    if (state.q.trim()) params.set("q", state.q);
    state.families.forEach((family) => params.append("family", family));
    if (state.cycle) params.set("cycle", state.cycle);
    for (const key of RANGE_KEYS) {
      for (const bound of ["min", "max"]) {
        const value = state.ranges[key + "_" + bound];
        if (value !== undefined) params.set(key + "_" + bound, String(value));
      }
    }
    if (state.explicitSort && !isDefaultSort(state.sort)) params.set("sort", sortText(state.sort));
    if (state.compare.length) params.set("compare", state.compare.join(","));
    const text = params.toString();
    return text ? "?" + text : "";
  }

  /** A predicate for the records the filters of a state leave: one of the ticked families, the engine cycle,
   * production years that meet the range, figures within their ranges. The query is `results`'. */
  function matcher(state) {
    const families = new Set(state.families);
    const r = state.ranges;
    const figures = RANGE_KEYS.filter((key) => key !== "year")
      .map((key) => ({ field: RANGE_FIELDS[key], low: r[key + "_min"], high: r[key + "_max"] }))
      .filter((range) => range.low !== undefined || range.high !== undefined);
    return (record) => {
      if (families.size && !families.has(record.family)) return false;
      if (state.cycle && String(record.cycle) !== state.cycle) return false;
      // years: the production span [first, last] (no last: still in production) meets [from, to]
      const last = typeof record.last === "number" ? record.last : Infinity;
      if (r.year_min !== undefined && last < r.year_min) return false;
      if (r.year_max !== undefined && record.first > r.year_max) return false;
      for (const { field, low, high } of figures) {
        const value = typeof record[field] === "number" ? record[field] : null;
        if (low !== undefined && (value === null || value < low)) return false;
        if (high !== undefined && (value === null || value > high)) return false;
      }
      return true;
    };
  }

  /** Whether a state filters at all (or only searches). */
  function filters(state) {
    return state.families.length > 0 || Boolean(state.cycle) || Object.keys(state.ranges).length > 0;
  }

  /** What a state shows of `records` (in the current ordering): the records its filters leave that its query
   * finds, best matches first (catalogue-search.js). Without filters the records are not copied: a keystroke's
   * search at 10 000 motorcycles is some 5 ms sooner on a phone. */
  function results(records, state) {
    return G.search.results(filters(state) ? records.filter(matcher(state)) : records, state.q);
  }

  /** The attributes of a drawn row's thumbnail <img>, as partials/thumbnail.html writes them, from the record's
   * `thumb` ([src, width, height], in the data only with the photo sidecar); null keeps the row's placeholder. */
  function thumbnail(record) {
    const thumb = record.thumb;
    if (!Array.isArray(thumb) || typeof thumb[0] !== "string" || !thumb[0].startsWith("https://")) return null;
    const [src, width, height] = thumb;
    if (!(width > 0 && height > 0)) return null;
    return { className: "bike-thumb", src, width, height, alt: "", loading: "lazy", decoding: "async" };
  }

  G.list = {
    SORT_KEYS,
    RANGE_KEYS,
    RANGE_FIELDS,
    DEFAULT_SORT,
    collator,
    prepare,
    comparator,
    sorted,
    prepareRanks,
    parseSort,
    sortText,
    isDefaultSort,
    defaultState,
    readState,
    queryString,
    matcher,
    results,
    thumbnail,
    configure,
  };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
