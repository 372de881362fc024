/* Guzzi Tracker — the catalogue's rows: copies of the page's <template id="bike-row"> (the markup of the plain
 * rows) filled from a record, kept per motorcycle, and drawn what is on screen first.
 *
 * A keystroke can change every row of a page of results (250). Making, inserting and styling them all before the
 * next frame was most of the slow keystrokes at 1 000 and 10 000 motorcycles (up to 209 ms; Tests/Benchmark/
 * README.md, "Browser"). So draw() puts in at once only the rows that can be on screen, and that frame shows the
 * results; the rest go in when the browser is idle, a batch at a time, and the list is aria-busy until they are
 * all there (a row costs some 30 µs to make and as much to insert and style: 250 rows are over 15 ms, up to 60 ms
 * on a busy machine). A row's hearts, units and compare tick are brought up to date as it goes in: rows in the
 * list are kept up to date by their own handlers, rows out of it are not.
 *
 * The rows on screen are not swapped for others: each is filled with the motorcycle that now comes at its place
 * (`place`), so nothing is pushed down, and no row is styled and laid out anew for a letter, only given new text
 * (and, with the photo sidecar, a new thumbnail). A row is therefore a motorcycle's only until a draw gives its place
 * to another; the motorcycle's row is made again when it is next wanted (its old row, if further down, stays there
 * and goes with the last results' rows). Taking the last results' rows out costs as
 * much as putting rows in (some 60 µs a row on a phone: 15-20 ms for 250), so those below the screen go when idle,
 * before the rest go in. Rows put in when idle are marked data-lazy: laid out only when they come near the screen
 * (style.css); rows put in at once are not, and a filled row keeps the mark it had (a lazy row on screen is laid out
 * all the same, and changing the mark would restyle it).
 *
 * A draw of new results (a letter, a filter, an order, Back, the data's or the texts' arrival) fills only the first
 * rows before the next frame, and the rest of the screen in a task right after it (drawFirst): the frame of the key
 * is what the reader waits for, and every row in it is script, style, layout and paint (typing "airone" as the data
 * arrives, under a phone's CPU, the slowest key of a load, 36 loads each, in turn: median 96 ms with the screen's
 * rows in the key's frame, 80 with two; Tests/Benchmark/README.md, "thirteenth sitting").
 *
 * None of that idle work is done until no draw has come for `SETTLE` ms (or the page scrolls): a reader typing
 * draws at each letter, and the batches of a letter the next one replaces would take the next letter's time. So
 * after any draw (a sort, a filter) the "show more" button and the end of aria-busy come that much later too, and
 * a scroll the browser makes itself hurries the rest as a reader's does. Between a reader's letters, idle
 * callbacks of 20-30 ms on a phone were the wait of the slowest keys
 * (typing "airone" at 10 000 motorcycles under a phone's CPU, the slowest key of a load, 26 loads each, in turn:
 * median 80 ms before, 72 after; five loads over 100 ms, up to 136, before; none after, up to 96).
 */
(function (G) {
  "use strict";

  const MIN_ROW = 30; // CSS px; no row is shorter: on a wide screen a row is one line (36 px), on a phone three
  const BATCH = 25; // rows per idle callback, 1-5 ms: a keystroke that comes meanwhile never waits long
  const IDLE_SLICE = 8; // ms of an idle callback spent giving the page's rows their hearts and ticks
  const SETTLE = 400; // ms without a draw before its rest goes in: longer than most gaps between typed letters

  /** How many rows of a list can be on screen: the list starts `top` px below the top of a viewport `height` px
   * tall (negative once scrolled into it), and each row is at least `minRow` px tall. */
  function screenRows(top, height, minRow) {
    return Math.max(0, Math.ceil((height - top) / minRow));
  }

  /** The height to count rows by, from the shortest row seen (`seen` CSS px; Infinity when none): a quarter
   * under it, for a row whose name or figures take a line less, and never under `MIN_ROW`. */
  function rowFloor(seen) {
    return Number.isFinite(seen) ? Math.max(MIN_ROW, Math.floor(seen * 0.75)) : MIN_ROW;
  }

  /** Runs `task` in a task after the next frame has been drawn (when the page is hidden, once it is shown). */
  function afterFrame(task) {
    window.requestAnimationFrame(() => G.nextTask(task));
  }

  /** How many of `current` (the list's rows) are already the first of `wanted`, in the same order. */
  function keptPrefix(current, wanted) {
    let n = 0;
    while (n < current.length && n < wanted.length && current[n] === wanted[n]) n += 1;
    return n;
  }

  /** The rows of `list`. `prepare(root)` brings the new rows under `root` up to date before they go in (hearts,
   * units, compare ticks); `done()` runs once a draw has put in every row. */
  function catalogueRows({ list, template, prepare, done }) {
    const S = G.S;
    const rows = new Map(); // id -> its <li>, made on first show and kept until `place` gives it to another
    const excerpts = new WeakMap(); // row -> its excerpt as drawn, as text ("" or none: no excerpt)
    const thumbs = new Map(); // id -> its thumbnail <img>, in whichever row shows it (fillThumbnail)
    let pending = []; // records whose rows are still to go in
    let last = null; // the last row of the current draw in the list: what follows it is of earlier draws
    let drawing = 0; // the current draw: a newer one abandons the rest of an older one
    let shortest = Infinity; // the shortest row seen, CSS px; a new width may change every row's
    let adopted = false; // the page's own rows taken (adopt), once: the page's start does it, or the first draw
    // the last draw's rest, once SETTLE ms have gone by without a draw; at once when the page scrolls: a reader who
    // scrolls wants the rows below, not the last results' rows that are still there
    const settle = G.afterPause(SETTLE);
    let screenRest = null; // drawFirst's draw of the rest of the screen, until the frame after its first rows
    window.addEventListener("resize", () => (shortest = Infinity));
    window.addEventListener(
      "scroll",
      () => {
        if (screenRest) screenRest();
        settle.now();
      },
      { passive: true }
    );

    /** Takes note of the first row's height (the layout is fresh when a reader's input comes) and says how many
     * rows fill `height` px from `top`. */
    function fitting(top, height) {
      const first = list.firstElementChild;
      const seen = first ? first.getBoundingClientRect().height : 0;
      if (seen > 0 && seen < shortest) shortest = seen;
      return screenRows(top, height, rowFloor(shortest));
    }

    function fillCell(row, field, text) {
      const cell = row.querySelector('[data-field="' + field + '"]');
      if (text === null || text === undefined || text === "") cell.replaceChildren(G.missing());
      else cell.textContent = text;
      return cell;
    }

    /** A cell the unit switch converts: its text, and its metric figure in data-value. */
    function figureCell(row, field, text, value) {
      const cell = fillCell(row, field, text);
      cell.dataset.value = value === null || value === undefined ? "" : String(value);
      // its text is metric again (units.js converts a cell that is not marked)
      if (cell.classList.contains("imperial")) cell.classList.remove("imperial");
    }

    /** The heart and the compare tick under `root` for a motorcycle: its id, and its name in their labels. */
    function fillActions(root, id, name) {
      const heart = root.querySelector(".garage-toggle");
      heart.dataset.id = String(id);
      heart.dataset.name = name;
      G.labelHeart(heart);
      const box = root.querySelector(".compare-check");
      box.value = String(id);
      box.dataset.name = name;
      // the script ticks the box from the URL; a history entry made Chromium save every box's state too (3 ms a
      // keystroke at 250 rows), and restoring it would only be undone
      box.setAttribute("autocomplete", "off");
      box.setAttribute("aria-label", G.fill(S.compare_pick_name, { name }));
    }

    /** The heart and tick for a row of the page that was left without them (the rows past the first screen: 250
     * buttons and boxes in the page made the browser's scan of its form controls, at the end of the load, one
     * long task; issue 38): its empty slot and a filled copy of the template's, to put in its place once brought
     * up to date; null for a row that has them. */
    function missingActions(row) {
      const slot = row.querySelector(".row-actions[data-deferred]");
      if (!slot) return null;
      const actions = template.content.querySelector(".row-actions").cloneNode(true);
      fillActions(actions, Number(row.dataset.id), row.querySelector(".bike-name").textContent);
      return { slot, actions };
    }

    /** Puts in the heart and tick `row` was left without (`missingActions`), unprepared; false when it has them. */
    function putMissingActions(row) {
      const missing = missingActions(row);
      if (missing) missing.slot.replaceWith(missing.actions);
      return missing !== null;
    }

    /** Completes the rows in the list from `row` (the first), some milliseconds per idle callback (a row is over
     * a millisecond on a slow phone), each slice's controls brought up to date at once. */
    function completeAll(row) {
      const until = performance.now() + IDLE_SLICE;
      const made = [];
      const fragment = document.createDocumentFragment();
      for (; row && performance.now() < until; row = row.nextElementSibling) {
        const missing = missingActions(row);
        if (!missing) continue;
        fragment.append(missing.actions);
        made.push(missing);
      }
      if (made.length) {
        prepare(fragment);
        for (const { slot, actions } of made) slot.replaceWith(actions);
      }
      if (row) G.whenIdle(() => completeAll(row));
    }

    /** The template's placeholder of a thumbnail, for a motorcycle without a photo. */
    function placeholder() {
      return template.content.querySelector(".bike-thumb").cloneNode(true);
    }

    /** Puts in `row` the thumbnail of `record`, whose row it becomes: that motorcycle's own <img>, the page's or made
     * once and kept across the rows that show it, or the placeholder. A new <img> for the same photo asks for it and
     * decodes it again at every letter, and an <img> given a new `src` shows the photo it had until the new one has
     * come. */
    function fillThumbnail(row, record) {
      const node = row.querySelector(".bike-thumb"); // only with the photo sidecar
      if (!node) return;
      let next = thumbs.get(record.id);
      if (!next) {
        const thumbnail = G.list.thumbnail(record);
        if (!thumbnail) {
          if (node.tagName === "IMG") node.replaceWith(placeholder());
          return;
        }
        next = G.element("img", thumbnail);
        thumbs.set(record.id, next);
      }
      if (next === node) return;
      // still in another row (its motorcycle's own, out of the list or to be filled in turn by this draw): that row
      // gets the placeholder until it is filled
      if (next.parentNode) next.replaceWith(placeholder());
      node.replaceWith(next);
    }

    /** Writes `record` into `row`, a copy of the template or a row on screen that a draw gives to another
     * motorcycle (`place`): everything a row says of its motorcycle, but its excerpt (setExcerpt) and what `prepare`
     * brings up to date. */
    function fill(row, record) {
      row.dataset.id = String(record.id);
      const link = row.querySelector(".bike-name");
      link.href = G.editionLink(record.url);
      link.textContent = record.name;
      fillThumbnail(row, record);
      // a row of the page past its first screen gets its controls (after the id and name); the others are written
      if (!putMissingActions(row)) fillActions(row, record.id, record.name);
      fillCell(row, "years", record.years);
      figureCell(row, "displacement", record.displacement_text, record.displacement);
      fillCell(row, "power", record.power_text);
      fillCell(row, "family", record.family);
      figureCell(row, "weight", G.measure(record.weight, "kg"), record.weight);
      figureCell(row, "max_speed", G.measure(record.max_speed, "kmh"), record.max_speed);
    }

    function rowFor(record) {
      let row = rows.get(record.id);
      if (!row) {
        row = template.content.firstElementChild.cloneNode(true);
        fill(row, record);
        rows.set(record.id, row);
      } else {
        putMissingActions(row); // brought up to date with the row by insert()
      }
      return row;
    }

    /** Makes `row`, in the list where a draw wants `record`'s row, the row of `record`: a row of another motorcycle
     * is filled with it in place, not swapped for `record`'s own row moved up. A moved row is styled and laid out
     * anew, a filled one only has new text (and thumbnail): three rows moved and the three they pushed down taken
     * out were 26-29 ms of layout on a phone's CPU, the same three rows filled 13 (Tests/Benchmark/README.md, "tenth
     * sitting").
     * `record`'s own row, if it has one, is no longer its row, and is left where it is: below the rows a draw fills,
     * among the last results' rows, which go when idle (or at once when the results do not fill the screen), or one
     * of the rows on screen that the draw fills in turn. Taken out at once, it moved every row below it up: the
     * first letter of a load, whose results' rows are mostly the page's own further down, laid the list out and
     * painted it again (Tests/Benchmark/README.md, "thirteenth sitting"). A row that holds the focus and gets
     * another motorcycle lets it go, as a row moved away did: a focused link or heart must not come to mean another
     * motorcycle unannounced (a draw can come as the texts or the data arrive, or on Back). */
    function place(row, record) {
      const own = rows.get(record.id);
      if (own !== row) {
        const focused = document.activeElement;
        if (focused && focused !== document.body && row.contains(focused)) focused.blur();
        const was = Number(row.dataset.id);
        if (rows.get(was) === row) rows.delete(was);
        rows.set(record.id, row);
        fill(row, record);
        prepare(row);
      }
      setExcerpt(row, record);
    }

    /** The row's excerpt of a text of its page that the search found (`excerptOf`: its field and parts, the
     * query's words marked), or none. Made of text nodes and <mark>s: no text is read as markup. */
    function setExcerpt(row, record) {
      const excerpt = G.search.excerptOf(record);
      // a letter's draw calls this for every row it keeps (up to a page of them): one whose excerpt reads as before
      // is left alone, not made again and so not styled, laid out and painted again
      const text = excerpt
        ? [excerpt.field, ...excerpt.parts.map((part) => (part.mark ? "\t" : "") + part.text)].join("\n")
        : "";
      if ((excerpts.get(row) || "") === text) return;
      excerpts.set(row, text);
      const end = row.lastElementChild; // the excerpt, when there is one, is the row's last child (below)
      let node = end && end.classList.contains("bike-excerpt") ? end : null;
      if (!excerpt) {
        if (node) node.remove();
        return;
      }
      if (!node) {
        node = G.element("p", { className: "bike-excerpt" });
        row.append(node);
      }
      const parts = [G.element("span", { className: "excerpt-field" }, excerpt.field + ": ")];
      for (const part of excerpt.parts) parts.push(part.mark ? G.element("mark", {}, part.text) : part.text);
      node.replaceChildren(...parts);
    }

    /** Puts the rows of `records` in the list after `last` (null: first), marked lazy or not: each motorcycle's own
     * row if it has one out of the list (drawn before, or taken out when idle), else a new one. */
    function insert(records, lazy) {
      if (!records.length) return;
      const fragment = document.createDocumentFragment();
      for (const record of records) {
        const row = rowFor(record);
        setExcerpt(row, record);
        if (row.hasAttribute("data-lazy") !== lazy) row.toggleAttribute("data-lazy", lazy);
        fragment.append(row);
      }
      prepare(fragment);
      const after = fragment.lastChild;
      list.insertBefore(fragment, firstStale());
      last = after;
    }

    /** The first node of earlier draws (after `last`), or null. */
    function firstStale() {
      return last ? last.nextSibling : list.firstChild;
    }

    /** Takes out up to `count` nodes of earlier draws, the last first. Taken first to last, each batch moved the
     * rows below it up to the screen, where they were laid out and painted (content-visibility: auto renders what
     * is near the screen) only to go with the next batch: at 10 000 motorcycles, typing "airone", the long frames
     * that followed were 136 ms in all, 112 with the last first (medians of 7 loads). */
    function removeStale(count) {
      for (let node = list.lastChild; node && node !== last && count > 0; node = list.lastChild, count -= 1) {
        node.remove();
      }
    }

    function finish() {
      pending = [];
      list.removeAttribute("aria-busy");
      done();
    }

    function rest(current) {
      if (current !== drawing) return;
      if (firstStale()) removeStale(BATCH * 2);
      else insert(pending.splice(0, BATCH), true);
      if (firstStale() || pending.length) G.whenIdle(() => rest(current));
      else finish();
    }

    /** How many of `current` (the list's rows) are already the rows of the first of `records`, in order: only
     * as many records as there are rows are looked up. */
    function keptCount(current, records) {
      return keptPrefix(current, records.slice(0, current.length).map((record) => rows.get(record.id)));
    }

    /** Shows the rows of `records`, in order: the first `now` (at least) before returning, the others in idle
     * time once no draw has come for SETTLE ms. The rows already in the list take the first records in place
     * (`place`); more rows, if the list had fewer, go in after them, a motorcycle's own row put back if it has one.
     * What an earlier draw left below the new rows goes in idle time too, unless the new rows do not fill `now`.
     * With `first`, the first `first` rows (or more, as many as are kept as they are) before returning and the
     * others after the next frame (drawFirst), when that frame shows them: the page is shown, the list's top is on
     * screen and it already has a row for each of the `now` places. */
    function draw(records, now, first) {
      const firstOnly =
        first !== undefined &&
        first < Math.min(now, records.length) &&
        list.children.length >= now &&
        document.visibilityState === "visible" && // no frame comes for a hidden page
        list.getBoundingClientRect().top >= 0; // scrolled into the list, its first rows are not on screen
      adopt();
      drawing += 1;
      screenRest = null;
      const current = Array.from(list.children);
      if (firstOnly) {
        drawFirst(records, now, first, current);
        return;
      }
      const count = Math.max(keptCount(current, records), Math.min(records.length, now));
      const filling = current.slice(0, count);
      filling.forEach((row, index) => place(row, records[index]));
      // what follows them is of earlier draws (and, the first time, the plain list's spaces)
      last = filling.length ? filling[filling.length - 1] : null;
      insert(records.slice(filling.length, count), false);
      // kept below a screen of new rows, the old ones cannot be seen; otherwise (fewer results, or a list below
      // the window, drawn when idle) they go now
      if (now === 0 || count < now) removeStale(Infinity);
      pending = records.slice(count);
      if (pending.length || firstStale()) {
        list.setAttribute("aria-busy", "true");
        const mine = drawing;
        settle(() => rest(mine));
      } else {
        settle(null);
        finish();
      }
    }

    /** The first `first` rows of a draw of `now` before the next frame, and the others after it: the reader sees
     * the count and the first results in the frame of the key, and that frame lays out and paints a few rows, not a
     * screen of them. The rows below are filled in the next task after that frame (by a whole draw, which keeps the
     * first rows as they are), or at once if the page scrolls, unless another draw comes first. Until then they show
     * what they showed: a row whose motorcycle has moved up into the first rows shows it twice for that frame
     * (`place`); the list is aria-busy from here, as a draw's is until all its rows are in. */
    function drawFirst(records, now, first, current) {
      settle(null); // the last draw's rest is not wanted
      if (!list.hasAttribute("aria-busy")) list.setAttribute("aria-busy", "true");
      const count = Math.max(keptCount(current, records.slice(0, now)), first); // only these can be kept
      current.slice(0, count).forEach((row, index) => place(row, records[index]));
      // a scroll meanwhile wants the rows below at once (the scroll listener above); any draw before drops it
      const rest = () => {
        if (screenRest !== rest) return;
        screenRest = null;
        draw(records, now);
      };
      screenRest = rest;
      afterFrame(rest);
    }

    /** Takes the rows already in the list (the page's own, the first of the default order, the same markup but for
     * the hearts and ticks of those past the first screen, which `completeAll` puts in) as
     * the rows of their motorcycles, so a draw of that order keeps them instead of making them again. */
    function adopt() {
      if (adopted) return;
      adopted = true;
      for (const row of list.children) {
        const id = Number(row.dataset.id);
        if (id && !rows.has(id)) rows.set(id, row);
        const thumb = row.querySelector("img.bike-thumb");
        if (id && thumb) thumbs.set(id, thumb);
        // the markup cannot say it: the HTML checker allows `autocomplete` on text-like inputs only
        const box = row.querySelector(".compare-check");
        if (box) box.setAttribute("autocomplete", "off");
      }
    }

    return {
      draw,
      adopt,
      /** Gives the page's rows their hearts and ticks, when idle (`missingActions`). */
      completeAll: () => completeAll(list.firstElementChild),
      /** The rows that can be on screen where the list is now. */
      onScreen: () => fitting(list.getBoundingClientRect().top, window.innerHeight),
      /** The rows that fill a screen from a row scrolled to its top. */
      screenful: () => fitting(0, window.innerHeight),
    };
  }

  G.catalogueRows = catalogueRows;
  G.rows = { screenRows, keptPrefix, rowFloor, MIN_ROW, BATCH, SETTLE };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
