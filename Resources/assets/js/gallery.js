/* Guzzi Tracker — the full-screen photo viewer of the gallery pages.
 *
 * Progressive enhancement: without this script every photo is a plain link to its file. With it, a click on a
 * photo opens the file in a <dialog>: ← → or the buttons move, wrapping round; + / - or Z zoom; Escape or a
 * click on the backdrop closes it and gives the focus back to the photo that opened it. On a touch screen a
 * swipe moves and a double tap zooms. A photo the page shows as a box (an original without sizes: nothing is
 * loaded until a reader asks) opens the same way: the click is the asking.
 */
(function (G) {
  "use strict";

  /** The index `delta` photos away from `index` among `count`, wrapping round both ways. */
  function step(index, delta, count) {
    return (((index + delta) % count) + count) % count;
  }

  /** What a swipe of (dx, dy) CSS px means: -1 (previous), 1 (next) or 0 (none: too short, or mostly vertical,
   * a scroll). */
  function swipe(dx, dy) {
    if (Math.abs(dx) <= 50 || Math.abs(dx) <= Math.abs(dy) * 1.5) return 0;
    return dx < 0 ? 1 : -1;
  }

  /** The description of a photo link: its image's alt text, or the first line of the box that stands for it. */
  function describe(link) {
    const image = link.querySelector("img");
    if (image) return image.alt;
    const box = link.querySelector(".photo-box > span");
    return box ? box.textContent : "";
  }

  G.gallery = { step, swipe };

  G.onStart(() => {
    const list = document.querySelector("ul.gallery");
    if (!list || !window.HTMLDialogElement) return;
    const links = Array.from(list.querySelectorAll("a.photo-link"));
    if (links.length) start(list, links);
  });

  function start(list, links) {
    const labels = list.dataset;
    const button = (className, label, text) => {
      const node = G.element("button", { type: "button", className, "aria-label": label }, text);
      return node;
    };
    const dialog = G.element("dialog", { className: "viewer", "aria-label": labels.viewerLabel });
    const figure = G.element("figure");
    const frame = G.element("div", { className: "viewer-frame" });
    const image = G.element("img", { decoding: "async" });
    const caption = G.element("figcaption", { "aria-live": "polite" });
    const close = button("viewer-close", labels.close, "×");
    const previous = button("viewer-previous", labels.previous, "‹");
    const next = button("viewer-next", labels.next, "›");
    const zoom = button("viewer-zoom", labels.zoom, "+");
    zoom.setAttribute("aria-pressed", "false");
    frame.append(image);
    figure.append(frame, caption);
    dialog.append(figure, previous, next, zoom, close);
    document.body.append(dialog);

    let current = 0;
    let zoomed = false;
    let opener = null;

    function setZoom(on) {
      zoomed = on;
      dialog.classList.toggle("zoomed", on);
      zoom.setAttribute("aria-pressed", on ? "true" : "false");
      zoom.textContent = on ? "−" : "+";
    }

    function show(index) {
      current = step(index, 0, links.length);
      image.src = links[current].href;
      image.alt = describe(links[current]);
      caption.textContent = image.alt;
      setZoom(false);
      frame.scrollTop = 0;
      frame.scrollLeft = 0;
      previous.hidden = links.length < 2;
      next.hidden = links.length < 2;
    }

    links.forEach((link, index) => {
      link.addEventListener("click", (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        opener = document.activeElement;
        show(index);
        dialog.showModal();
        close.focus();
      });
    });

    close.addEventListener("click", () => dialog.close());
    previous.addEventListener("click", () => show(step(current, -1, links.length)));
    next.addEventListener("click", () => show(step(current, 1, links.length)));
    zoom.addEventListener("click", () => setZoom(!zoomed));
    image.addEventListener("dblclick", () => setZoom(!zoomed));
    dialog.addEventListener("close", () => {
      image.removeAttribute("src");
      if (opener && opener.focus) opener.focus();
    });
    // a click on the backdrop (outside the photo and the buttons) closes the viewer
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        show(step(current, event.key === "ArrowLeft" ? -1 : 1, links.length));
        event.preventDefault();
      } else if (event.key === "+" || event.key === "=" || event.key === "z") {
        setZoom(true);
      } else if (event.key === "-") {
        setZoom(false);
      }
      // Escape is the <dialog>'s own and fires "close"
    });

    let touch = null;
    frame.addEventListener(
      "touchstart",
      (event) => {
        touch = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
      },
      { passive: true }
    );
    frame.addEventListener(
      "touchend",
      (event) => {
        if (!touch || zoomed) return;
        const direction = swipe(event.changedTouches[0].clientX - touch.x, event.changedTouches[0].clientY - touch.y);
        if (direction) show(step(current, direction, links.length));
        touch = null;
      },
      { passive: true }
    );
  }
})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));
