/* Guzzi Tracker — what the catalogue's search finds, and in what order (no DOM; unit-tested in node).
 *
 * Names as people type them: case, accents, spaces, dots and hyphens do not matter ("lemans", "le-mans", "850t3",
 * "850 t 3", "gtv" for G.T.V, "v35tt"). A typo is forgiven in a word of 4 to 7 letters, two from 8 letters, never in
 * a word with a digit ("850" does not find 650). Every word of the query must be found in the name or the family,
 * as it is typed or with a typo. Best first: the name itself, then names that start with the query, then names and
 * families that hold its words, then those found only with a typo; each group in the current ordering.
 */
(function (G) {
  "use strict";

  /** Lower case, accents dropped. */
  function fold(text) {
    return String(text || "")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase();
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

  /** What searching needs of a record, made once: its name run together, and its words (name and family). */
  function prepare(record) {
    const text = record.name + " " + (record.family || "");
    record.search = { name: compact(record.name), text: fold(text), words: words(text) };
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
        return { text: token, joined, typos: joined.length > 40 ? 0 : allowance(joined) };
      }),
    };
  }

  /** Whether a query word is in a record as typed: inside its text, or as whole words run together. */
  function found(token, search) {
    return search.text.includes(token.text) || runTogether(token.joined, search.words);
  }

  /** Each record's group for a query: 0 its name, 1 a name that starts so, 2 its words, 3 with typos; -1 none. */
  function grouper(q) {
    const query = parse(q);
    if (!query.joined) return () => 2;
    // per query word, whether each word of the catalogue is it with typos: the catalogue repeats its words, so
    // each is measured once per keystroke
    const near = query.tokens.map(() => new Map());
    function nearly(index, word) {
      const seen = near[index];
      let answer = seen.get(word);
      if (answer === undefined) {
        const token = query.tokens[index];
        answer = prefixDistance(token.joined, word, token.typos) <= token.typos;
        seen.set(word, answer);
      }
      return answer;
    }
    return (record) => {
      const search = record.search || prepare(record).search;
      if (search.name === query.joined) return 0;
      if (search.name.startsWith(query.joined)) return 1;
      let typed = true;
      for (let index = 0; index < query.tokens.length; index += 1) {
        const token = query.tokens[index];
        if (found(token, search)) continue;
        typed = false;
        if (!token.typos || !search.words.some((word) => nearly(index, word))) {
          return runTogether(query.joined, search.words) ? 2 : -1;
        }
      }
      return typed ? 2 : 3;
    };
  }

  /** The records that match `q`, best group first, each group in the order of `records`. */
  function results(records, q) {
    const group = grouper(q);
    const groups = [[], [], [], []];
    for (const record of records) {
      const at = group(record);
      if (at >= 0) groups[at].push(record);
    }
    return groups[0].concat(groups[1], groups[2], groups[3]);
  }

  G.search = { fold, words, compact, allowance, prefixDistance, runTogether, prepare, parse, grouper, results };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
