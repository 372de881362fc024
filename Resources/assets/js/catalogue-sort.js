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
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
