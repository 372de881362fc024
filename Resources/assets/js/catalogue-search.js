//# allFunctionsCalledOnLoad
/* Guzzi Tracker — what the catalogue's search finds, and in what order (no DOM; unit-tested in node).
 *
 * Names as people type them: case, accents, spaces, dots and hyphens do not matter ("lemans", "le-mans", "850t3",
 * "850 t 3", "gtv" for G.T.V, "v35tt"). A typo is forgiven in a word of 4 to 7 letters, two from 8 letters, never in
 * a word with a digit ("850" does not find 650). Every word of the query must be found in the name or the family,
 * as it is typed or with a typo. Best first: the name itself, then names that start with the query, then names and
 * families that hold its words, then those found only with a typo; each group in the current ordering. Then the
 * motorcycles whose pages' texts hold the query's words (data/search-texts.js, loaded on the first search), with
 * an excerpt.
 *
 * A keystroke at 10 000 motorcycles must stay well under 100 ms on a slow phone, so nothing is read per motorcycle
 * that can be read once: the words of the names are numbered (a few hundred) and measured once against each query
 * word, and the texts' words come sorted from the build (SearchTexts.swift), found by a binary search.
 *
 * The line above this comment asks Chromium (136 and later) to compile every function of the file it opens, the
 * catalogue's bundle (js/catalogue-page.js, of which this file is the first part), while the file is loading and
 * off the page's thread, instead of each on its first call: the first letter typed runs most of them for the first
 * time, and its script went from 23-31 ms to 13-21 ms under a phone's CPU with the line (eight loads each).
 */
(function (G) {
  "use strict";

  /** Lower case, accents dropped, the final sigma as any sigma: the rules of SearchFolding.swift, which folds the
   * words of the texts at build time (Tests/Fixtures/search/folding.json holds the two together). */
  function fold(text) {
    return String(text || "")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/\u03c2/g, "\u03c3");
  }

  /** The words: runs of letters and digits ("G.T.V" -> g, t, v; "V35 TT" -> v35, tt). */
  function words(text) {
    return fold(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  }

  /** Letters and digits only: "Le Mans" and "lemans" are the same. */
  function compact(text) {
    return words(text).join("");
  }

  /** Edits forgiven in a query word: none with a digit or under 4 letters, 1 up to 7, 2 from 8. */
  function allowance(word) {
    if (/\p{N}/u.test(word)) return 0;
    const length = Array.from(word).length;
    return length >= 8 ? 2 : length >= 4 ? 1 : 0;
  }

  /** The fewest edits (insert, delete, replace) turning `a` into a prefix of `b`, or limit + 1 when more: a word
   * typed with a typo, perhaps not to its end ("californa", "stelvo"). */
  function prefixDistance(a, b, limit) {
    const x = Array.from(a);
    const y = Array.from(b);
    let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
    for (let i = 1; i <= x.length; i += 1) {
      const row = [i];
      let best = i;
      for (let j = 1; j <= y.length; j += 1) {
        const cost = x[i - 1] === y[j - 1] ? 0 : 1;
        row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
        if (row[j] < best) best = row[j];
      }
      if (best > limit) return limit + 1;
      previous = row;
    }
    return Math.min(limit + 1, ...previous);
  }

  /** Whether `joined` is whole words of `list` run together from some word on, the last one perhaps only begun
   * ("lemans" in 850, le, mans; "gtv" in g, t, v). */
  function runTogether(joined, list) {
    if (!joined) return false;
    for (let start = 0; start < list.length; start += 1) {
      let rest = joined;
      for (let k = start; k < list.length; k += 1) {
        const word = list[k];
        if (word.startsWith(rest)) return true;
        if (!rest.startsWith(word)) break;
        rest = rest.slice(word.length);
      }
    }
    return false;
  }

  /** Every word of the names and families, numbered, with the motorcycles it is in: a catalogue of 10 000
   * motorcycles has a few hundred words, so a keystroke measures each word once against the query and then looks
   * only at the motorcycles whose words it found; the others cost a lookup each. */
  const vocabulary = new Map(); // word -> its number
  const spelled = []; // number -> word
  const postings = []; // number -> the slots of the records with that word
  let slots = 0; // records prepared so far: each has its slot, a small integer for typed arrays
  const slotOf = new Map(); // record id -> its slot, for the texts' hits (by id)

  function wordNumber(word) {
    let number = vocabulary.get(word);
    if (number === undefined) {
      number = spelled.length;
      vocabulary.set(word, number);
      spelled.push(word);
      postings.push([]);
    }
    return number;
  }

  /** What searching needs of a record, made once: its name run together, its text and words (name and family),
   * its words' numbers, and its slot. */
  function prepare(record) {
    const text = record.name + " " + (record.family || "");
    const list = words(text);
    const numbers = Array.from(new Set(list.map(wordNumber)));
    const slot = slots;
    slots += 1;
    for (const number of numbers) postings[number].push(slot);
    slotOf.set(record.id, slot);
    record.search = { name: compact(record.name), text: fold(text), words: list, numbers, slot };
    return record;
  }

  /** A query read once: its words as typed (folded) and run together, and each word's allowance of typos. Longer
   * than any name, a word is searched as typed, without typos: a pasted paragraph is no catalogue name. */
  function parse(q) {
    const text = String(q || "").slice(0, 1000);
    const tokens = fold(text).split(/\s+/u).filter(Boolean);
    return {
      joined: compact(text),
      tokens: tokens.map((token) => {
        const joined = compact(token);
        const length = Array.from(token).length;
        const plain = token === joined; // letters and digits only: inside one word of a name, or not at all
        return { text: token, joined, length, plain, typos: joined.length > 40 ? 0 : allowance(joined) };
      }),
    };
  }

  const TYPED = 1; // the word holds the query word as typed
  const BEGINS = 2; // the query word run together begins with the word: the start of words run together
  const NEAR = 4; // a prefix of the word is the query word with its typos

  /** What a query word (or the whole query run together) says of each word of the vocabulary: bits as above. */
  function measure(token) {
    const bits = new Uint8Array(spelled.length);
    for (let number = 0; number < spelled.length; number += 1) {
      const word = spelled[number];
      let known = 0;
      if (token.plain && word.includes(token.joined)) known |= TYPED;
      if (token.joined.length > word.length && token.joined.startsWith(word)) known |= BEGINS;
      if (token.typos && prefixDistance(token.joined, word, token.typos) <= token.typos) known |= NEAR;
      bits[number] = known;
    }
    return bits;
  }

  /** Whether any of a record's word numbers has one of `bit` in `bits`. */
  function any(bits, numbers, bit) {
    for (let i = 0; i < numbers.length; i += 1) if (bits[numbers[i]] & bit) return true;
    return false;
  }

  /** Whether a query word is in a record as typed: inside its text, or as whole words run together. A plain word
   * is looked up by its words' numbers; runTogether runs only for a record with a word the query word begins
   * with. */
  function found(token, search, bits) {
    if (token.plain) {
      if (any(bits, search.numbers, TYPED)) return true;
      return any(bits, search.numbers, BEGINS) && runTogether(token.joined, search.words);
    }
    return search.text.includes(token.text) || runTogether(token.joined, search.words);
  }

  /** Each record's group for a query: 0 its name, 1 a name that starts so, 2 its words, 3 with typos; -1 none.
   * With `possible` (candidates), a record holding every query word as typed is in group 2 without a look at each
   * word (a first letter finds most of a catalogue: at 10 000 motorcycles, those looks were most of a keystroke's
   * search on a phone; issue 37). */
  function grouper(q, measured, possible) {
    const query = typeof q === "object" && q !== null ? q : parse(q);
    if (!query.joined) return () => 2;
    const bits = measured || measureQuery(query);
    return (record) => {
      const search = record.search || prepare(record).search;
      if (search.name === query.joined) return 0;
      if (search.name.startsWith(query.joined)) return 1;
      if (possible && possible.typed[search.slot] === possible.need) return 2;
      let typed = true;
      for (let index = 0; index < query.tokens.length; index += 1) {
        const token = query.tokens[index];
        if (found(token, search, bits.tokens[index])) continue;
        typed = false;
        if (!token.typos || !any(bits.tokens[index], search.numbers, NEAR)) {
          return any(bits.whole, search.numbers, TYPED | BEGINS) && runTogether(query.joined, search.words) ? 2 : -1;
        }
      }
      return typed ? 2 : 3;
    };
  }

  /** The vocabulary measured against each query word, and against the whole query run together (for names
   * whose words run together only across the query's spaces). */
  function measureQuery(query) {
    return { tokens: query.tokens.map(measure), whole: measure({ joined: query.joined, plain: true }) };
  }

  /** Which records can match at all, by slot: those with a word that holds, begins or nearly is each plain query
   * word (or whose texts hold it: `inTexts`), or a word of the whole query run together; null when any record
   * can (a query word with a sign in it is read in each record's text). What grouper and the texts decide for a
   * record is decided only for these: `count[slot]` is `need` for them, and `reached` lists their slots.
   * `typed[slot]` counts the query words a record has a word holding as typed (grouper). */
  function candidates(query, bits, inTexts) {
    if (!query.tokens.every((token) => token.plain)) return null;
    const need = query.tokens.length;
    const reached = [];
    const count = new Uint16Array(slots);
    const typed = new Uint16Array(slots);
    const seen = new Int32Array(slots).fill(-1);
    const seenTyped = new Int32Array(slots).fill(-1);
    query.tokens.forEach((token, index) => {
      const wordBits = bits.tokens[index];
      for (let number = 0; number < wordBits.length; number += 1) {
        const known = wordBits[number];
        if (!known) continue;
        const list = postings[number];
        for (let i = 0; i < list.length; i += 1) {
          const slot = list[i];
          if (seen[slot] !== index) {
            seen[slot] = index;
            count[slot] += 1;
            if (count[slot] === need) reached.push(slot);
          }
          if (known & TYPED && seenTyped[slot] !== index) {
            seenTyped[slot] = index;
            typed[slot] += 1;
          }
        }
      }
      if (inTexts[index]) {
        for (const id of inTexts[index].keys()) {
          const slot = slotOf.get(id);
          if (slot !== undefined && seen[slot] !== index) {
            seen[slot] = index;
            count[slot] += 1;
            if (count[slot] === need) reached.push(slot);
          }
        }
      }
    });
    for (let number = 0; number < bits.whole.length; number += 1) {
      if (!bits.whole[number]) continue;
      const list = postings[number];
      for (let i = 0; i < list.length; i += 1) {
        if (count[list[i]] === need) continue;
        count[list[i]] = need;
        reached.push(list[i]);
      }
    }
    return { count, typed, need, reached };
  }

  // --- the texts of the pages (data/search-texts.js, loaded on the first search) --------------------------

  let index = null; // {fields, texts: [{text, folded, at}], byId: Map(id -> [field, text, …])}

  /** A text folded for searching, with where each folded character came from in the text (folding drops accents
   * and may change lengths), so a match can be marked in the text as printed; `at` is null where folding kept
   * every position. */
  function foldedText(text) {
    const whole = fold(text);
    if (whole.length === text.length) {
      // the usual case (an accent dropped from a letter leaves one character): positions are the text's own
      return { text, folded: whole, at: null };
    }
    let folded = "";
    const at = [];
    let offset = 0;
    for (const character of text) {
      const part = fold(character);
      for (let i = 0; i < part.length; i += 1) at.push(offset);
      folded += part;
      offset += character.length;
    }
    at.push(offset);
    return { text, folded, at };
  }

  /** Takes the edition's texts (G.searchTexts, as the build writes them): from now on `results` looks in them.
   * Each text lists where it is printed (id, field, its place among the motorcycle's texts), so a query word is
   * looked for once in each distinct text, whatever the size of the catalogue. With `inSlices` (G.inSlices) the
   * lists are made a slice of motorcycles at a time, and the promise returned resolves when `results` has them:
   * at 10 000 motorcycles they were a 50-90 ms task on a phone, in the middle of the first word typed (issue 37). */
  function useTexts(data, inSlices) {
    const texts = (data.texts || []).map((text) => ({ text, folded: null, printed: [] }));
    const motorcycles = data.motorcycles || {};
    const keys = Object.keys(motorcycles);
    const add = (from, to) => {
      for (let k = from; k < to; k += 1) {
        const id = Number(keys[k]);
        const list = motorcycles[keys[k]];
        for (let i = 0; i + 1 < list.length; i += 2) {
          const entry = texts[list[i + 1]];
          // flat, three numbers an entry: an array each was 130 000 arrays at 10 000 motorcycles
          if (entry) entry.printed.push(id, list[i], i);
        }
      }
    };
    const done = () => {
      const words = Array.isArray(data.words) ? data.words : [];
      const wordTexts = Array.isArray(data.wordTexts) ? data.wordTexts : [];
      index = { fields: data.fields || [], texts, words, wordTexts };
    };
    if (inSlices) return inSlices(keys.length, add).then(done);
    add(0, keys.length);
    done();
    return Promise.resolve();
  }

  /** The first position of `words` (sorted as JavaScript compares) whose word is not before `word`. */
  function lowerBound(words, word) {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle] < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The numbers of the texts a word of which begins with `word`, from the build's index of their words (a
   * binary search, then the words that begin so): one word of letters and digits, as a reader types it. */
  function textsBeginning(word) {
    const numbers = new Set();
    for (let at = lowerBound(index.words, word); at < index.words.length; at += 1) {
      if (!index.words[at].startsWith(word)) break;
      for (const number of index.wordTexts[at] || []) numbers.add(number);
    }
    return numbers;
  }

  /** A query word the index can answer: letters and digits only (one word of the texts, not two). */
  const ONE_WORD = /^[\p{L}\p{N}]+$/u;

  function textAt(number) {
    const entry = index.texts[number];
    if (entry.folded === null) Object.assign(entry, foldedText(entry.text));
    return entry;
  }

  /** Where `word` starts a word of `folded` (a letter or digit must not come before it), from `from`; -1 if not. */
  function wordStart(folded, word, from) {
    let at = folded.indexOf(word, from || 0);
    while (at > 0 && /[\p{L}\p{N}]/u.test(folded[at - 1])) at = folded.indexOf(word, at + 1);
    return at;
  }

  /** Texts are searched for words of 3 characters or more: "c" starts a word of nearly every page. */
  const TEXT_WORD = 3;

  /** The motorcycles a query word starts a word of a text of, each with its first such text: id -> [field, text
   * number, place]; null for a word too short. A word with a sign in it ("dell'orto") is looked for in every
   * text, the others in the index. */
  function textHits(token) {
    if (!index || token.length < TEXT_WORD) return null;
    const hits = new Map();
    const indexed = index.words.length > 0 && ONE_WORD.test(token.text);
    const numbers = indexed ? textsBeginning(token.text) : index.texts.keys();
    for (const number of numbers) {
      if (!indexed && wordStart(textAt(number).folded, token.text) < 0) continue;
      const printed = index.texts[number].printed; // id, field, place; id, field, place; …
      for (let i = 0; i + 2 < printed.length; i += 3) {
        const known = hits.get(printed[i]);
        if (!known || printed[i + 2] < known[2]) hits.set(printed[i], [printed[i + 1], number, printed[i + 2]]);
      }
    }
    return hits;
  }

  const EXCERPT_BEFORE = 40;
  const EXCERPT_AFTER = 100;

  /** A short excerpt of text `number` around the first of the query's words in it, as parts to draw: [{text,
   * mark}], with "…" where it is cut. */
  function excerpt(number, tokens) {
    const entry = textAt(number);
    const hits = [];
    for (const token of tokens) {
      let at = wordStart(entry.folded, token.text);
      while (at >= 0) {
        const to = at + token.text.length;
        hits.push(entry.at ? [entry.at[at], entry.at[to]] : [at, to]);
        at = wordStart(entry.folded, token.text, at + token.text.length);
      }
    }
    hits.sort((a, b) => a[0] - b[0]);
    const text = entry.text;
    const first = hits.length ? hits[0][0] : 0;
    let start = Math.max(0, first - EXCERPT_BEFORE);
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    let end = Math.min(text.length, first + EXCERPT_AFTER);
    if (end < text.length) end = text.lastIndexOf(" ", end) > first ? text.lastIndexOf(" ", end) : end;
    const parts = [];
    if (start > 0) parts.push({ text: "…", mark: false });
    let cursor = start;
    for (const [from, to] of hits) {
      if (from < cursor || to > end) continue;
      if (from > cursor) parts.push({ text: text.slice(cursor, from), mark: false });
      parts.push({ text: text.slice(from, to), mark: true });
      cursor = to;
    }
    if (end > cursor) parts.push({ text: text.slice(cursor, end), mark: false });
    if (end < text.length) parts.push({ text: "…", mark: false });
    return parts;
  }

  const orders = new WeakMap(); // an array of records -> their slots, in its order

  /** The slots of `records` in their order, each record prepared (its search words), kept per array: the catalogue
   * searches the same arrays (every motorcycle, in each ordering) at each keystroke, and a look at each of 10 000
   * records, most of which the query rules out by their slots alone, was a good part of a first letter's search.
   * An array is taken not to change once searched. */
  function slotsOf(records) {
    let slots = orders.get(records);
    if (!slots || slots.length !== records.length) {
      slots = new Int32Array(records.length);
      for (let i = 0; i < records.length; i += 1) slots[i] = (records[i].search || prepare(records[i]).search).slot;
      orders.set(records, slots);
    }
    return slots;
  }

  const places = new WeakMap(); // slotsOf's array for some records -> the place of each slot in it (-1: none)

  /** Where the records of `reached` (slots, unordered) are in `records`, in its order; null when they are many,
   * and a look at every record costs no more. A letter after the first ("ai" after "a") finds a few hundred of
   * 10 000 motorcycles, and the look at every record was 15 ms of its 25-40 under a phone's CPU, just after the
   * data came and before the page's JIT had compiled the search. The places are made once per array (each letter
   * with a filter on, which makes a new array: about the cost of the look they save). */
  function placesOf(records, reached) {
    if (reached.length * 4 > records.length) return null;
    const order = slotsOf(records);
    let place = places.get(order);
    if (!place) {
      place = new Int32Array(slots).fill(-1); // every slot of `order` is under `slots`: prepared before
      for (let i = 0; i < order.length; i += 1) place[order[i]] = i;
      places.set(order, place);
    }
    const found = [];
    for (const slot of reached) if (slot < place.length && place[slot] >= 0) found.push(place[slot]);
    return Int32Array.from(found).sort();
  }

  let excerpted = new Map(); // record id -> its excerpt in the last search's results (records are not written to:
  // a property set on thousands of records a keystroke changed their shape, 25 ms on a phone's first search)

  /** The excerpt the last search gave `record` ({field, parts}), or null: found in a text, not in the name. */
  function excerptOf(record) {
    return excerpted.get(record.id) || null;
  }

  /** The records that match `q` (`list`), best group first, each group in the order of `records`: the name groups
   * (0–3), then, once the texts are loaded, the records whose every query word is in the name or family (as typed
   * or with a typo) or starts a word of a text of their page (words of 3 characters or more), each with an excerpt
   * (`excerpts`: record id -> {field, parts}); others have none. */
  function matches(records, q) {
    const query = parse(q);
    const tokens = query.tokens;
    const groups = [[], [], [], [], []];
    const order = slotsOf(records);
    const perRecord = new Map(); // record id -> its excerpt
    const bits = query.joined ? measureQuery(query) : null;
    const excerpts = new Map(); // text number -> its excerpt for this query: texts repeat across motorcycles
    const inTexts = tokens.map(textHits);
    const anyText = inTexts.some((hits) => hits && hits.size);
    const possible = bits && candidates(query, bits, inTexts);
    const group = grouper(query, bits, possible);
    const visit = possible && placesOf(records, possible.reached); // the places of the candidates, or null: all
    const visits = visit ? visit.length : records.length;
    for (let k = 0; k < visits; k += 1) {
      const i = visit ? visit[k] : k;
      if (!visit && possible && possible.count[order[i]] !== possible.need) continue; // visited: all candidates
      const record = records[i];
      let at = group(record);
      if (at < 0 && anyText && inTexts.some((hits) => hits && hits.has(record.id))) {
        const search = record.search;
        let hit = null;
        const all = tokens.every((token, number) => {
          const inText = inTexts[number] && inTexts[number].get(record.id);
          if (inText && !hit) hit = inText;
          if (inText || found(token, search, bits.tokens[number])) return true;
          return token.typos > 0 && any(bits.tokens[number], search.numbers, NEAR); // a name's word, with a typo
        });
        if (all && hit) {
          at = 4;
          if (!excerpts.has(hit[1])) excerpts.set(hit[1], excerpt(hit[1], tokens));
          perRecord.set(record.id, { field: index.fields[hit[0]] || "", parts: excerpts.get(hit[1]) });
        }
      }
      if (at < 0) continue;
      groups[at].push(record);
    }
    return { list: groups[0].concat(groups[1], groups[2], groups[3], groups[4]), excerpts: perRecord };
  }

  /** What `matches` finds, its excerpts kept for `excerptOf`. */
  function results(records, q) {
    const { list, excerpts } = matches(records, q);
    excerpted = excerpts;
    return list;
  }

  const WARM_UP = 1000; // records searched by warmUp: enough for the loops to be compiled, a few ms on a phone

  /** Searches some of `records` for a letter, for nothing but to have the search's code compiled and its types
   * known before a reader's first letter, which otherwise runs most of it for the first time: at 10 000
   * motorcycles a first search took 7.8 ms in node, 5.6 ms after this (medians of 30 runs). What it finds is
   * dropped: `excerptOf` still gives the excerpts of the last search. */
  function warmUp(records) {
    matches(records.slice(0, WARM_UP), "e");
  }

  /** Whether the texts are loaded (`useTexts`). */
  function hasTexts() {
    return index !== null;
  }

  let loadingTexts = null;
  /** Loads the edition's texts once, beside its catalogue data (a <script>: fetch() is refused on file://), and
   * resolves when `results` looks in them. */
  function loadTexts() {
    if (loadingTexts) return loadingTexts;
    loadingTexts = new Promise((resolve, reject) => {
      const element = document.getElementById("ui-strings");
      const first = String((element && element.dataset.catalogue) || "").split(" ")[0];
      if (!first) return reject(new Error("the page names no catalogue data"));
      const script = document.createElement("script");
      script.src = first.replace(/[^/]*$/, "search-texts.js");
      script.onload = () => {
        if (G.searchTexts) useTexts(G.searchTexts, G.inSlices).then(resolve);
        else resolve();
      };
      script.onerror = () => reject(new Error("cannot load " + script.src));
      document.head.append(script);
    });
    return loadingTexts;
  }

  G.search = {
    fold,
    words,
    compact,
    allowance,
    prefixDistance,
    runTogether,
    prepare,
    parse,
    grouper,
    results,
    warmUp,
    excerptOf,
    useTexts,
    hasTexts,
    loadTexts,
    excerpt,
    foldedText,
    textsBeginning,
  };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
