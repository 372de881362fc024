/* Guzzi Tracker — the catalogue's ordering controls: the list of criteria in the order picked, each with
 * "reverse" and "remove", and "add criterion" (a key and a direction). The order itself is catalogue-list.js's.
 */
(function (G) {
  "use strict";

  /** Wires the controls. `state()` is the page's current state (its .sort and .explicitSort are changed here);
   * `changed()` is called after each change. Returns {render}, which redraws the list of criteria. */
  G.sortControls = function (options) {
    const S = G.S;
    const { list, keySelect, dirSelect, addButton, state, changed } = options;

    function keyLabel(key) {
      const option = Array.from(keySelect.options).find((o) => o.value === key);
      return option ? option.textContent : key;
    }

    function button(className, text, name, onClick) {
      const node = G.element("button", { type: "button", className, "aria-label": text + ": " + name }, text);
      node.addEventListener("click", onClick);
      return node;
    }

    function reverse(i) {
      const current = state();
      current.sort = current.sort.map((c, j) => (j === i ? { key: c.key, dir: c.dir === "asc" ? "desc" : "asc" } : c));
      current.explicitSort = true;
      changed();
      render({ index: i, control: "sort-reverse" });
    }

    function remove(i) {
      const current = state();
      current.sort = current.sort.filter((c, j) => j !== i);
      current.explicitSort = current.sort.length > 0;
      if (!current.sort.length) current.sort = G.list.DEFAULT_SORT.slice();
      changed();
      render({ index: Math.min(i, current.sort.length - 1), control: "sort-remove" });
    }

    /** Draws the criteria; `focus` ({index, control}) puts the focus back where a button was pressed. */
    function render(focus) {
      list.replaceChildren();
      state().sort.forEach((criterion, i) => {
        const item = G.element("li", { className: "sort-item", "data-key": criterion.key, "data-dir": criterion.dir });
        const name = keyLabel(criterion.key);
        const direction = criterion.dir === "asc" ? S.sort_asc : S.sort_desc;
        item.append(G.element("span", { className: "sort-label" }, name + ", " + direction), " ");
        item.append(
          button("sort-reverse", S.sort_reverse, name, () => reverse(i)),
          " ",
          button("sort-remove", S.sort_remove, name, () => remove(i))
        );
        list.append(item);
      });
      if (focus) {
        const target = list.querySelectorAll("." + focus.control)[focus.index] || addButton;
        target.focus();
      }
    }

    addButton.addEventListener("click", () => {
      const current = state();
      const criterion = { key: keySelect.value, dir: dirSelect.value === "asc" ? "asc" : "desc" };
      if (!current.explicitSort) current.sort = [];
      const at = current.sort.findIndex((c) => c.key === criterion.key);
      if (at >= 0) current.sort[at] = criterion;
      else current.sort.push(criterion);
      current.explicitSort = true;
      changed();
      render();
    });

    return { render };
  };

  /** The criteria after pressing the head's column `key` on `sort`: that column first, ascending (pressed when
   * already first: reversed), then the criterion that was first; two keys, as the panel allows. */
  G.sortHead = function (sort, key) {
    const first = sort[0];
    if (first && first.key === key) {
      return [{ key, dir: first.dir === "asc" ? "desc" : "asc" }].concat(sort.slice(1, 2));
    }
    return [{ key, dir: "asc" }].concat(sort.filter((c) => c.key !== key).slice(0, 1));
  };

  /** The list's head on a wide screen (partials/list-head.html): each column label with an ordering (data-sort)
   * becomes a button of the same look, so nothing moves, that orders the list by it (G.sortHead); the head
   * becomes a group named `label`. `state()` and `changed()` as in sortControls. Returns {render}, which marks the
   * columns the list is ordered by: pressed for the first, an arrow for the direction of each of the first two. */
  G.listHead = function ({ head, label, state, changed }) {
    const S = G.S;
    const buttons = Array.from(head.querySelectorAll("[data-sort]"), (cell) => {
      const button = G.element("button", { type: "button", className: cell.className, "data-sort": cell.dataset.sort });
      button.append(cell.textContent, G.element("span", { className: "visually-hidden sort-state" }));
      button.addEventListener("click", () => {
        const current = state();
        current.sort = G.sortHead(current.sort, button.dataset.sort);
        current.explicitSort = true;
        changed();
      });
      cell.replaceWith(button);
      return button;
    });
    head.removeAttribute("aria-hidden");
    head.setAttribute("role", "group");
    head.setAttribute("aria-label", label);

    function render() {
      const sort = state().sort.slice(0, 2);
      for (const button of buttons) {
        const at = sort.findIndex((c) => c.key === button.dataset.sort);
        const dir = at >= 0 ? sort[at].dir : "";
        button.setAttribute("aria-pressed", String(at === 0));
        if (button.dataset.dir !== dir) button.dataset.dir = dir;
        const text = dir ? ", " + (dir === "asc" ? S.sort_asc : S.sort_desc) : "";
        const hidden = button.lastChild;
        if (hidden.textContent !== text) hidden.textContent = text;
      }
    }
    return { render };
  };
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
