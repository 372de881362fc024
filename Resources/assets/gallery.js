// Guzzi Tracker — full-screen photo viewer for gallery pages.
// Progressive enhancement: without this script every photo is a plain link to its file.
// Keyboard: ← → to move, Escape to close, + / - or Z to zoom. Touch: swipe left/right, double tap to zoom.
(function () {
  "use strict";
  var list = document.querySelector("ul.gallery");
  if (!list || !window.HTMLDialogElement) { return; }
  var links = Array.prototype.slice.call(list.querySelectorAll("a.photo-link"));
  if (links.length === 0) { return; }
  var labels = list.dataset;

  function button(className, label, text) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.setAttribute("aria-label", label);
    b.textContent = text;
    return b;
  }

  var dialog = document.createElement("dialog");
  dialog.className = "viewer";
  dialog.setAttribute("aria-label", labels.viewerLabel || "Photo viewer");
  var figure = document.createElement("figure");
  var frame = document.createElement("div");
  frame.className = "viewer-frame";
  var image = document.createElement("img");
  image.decoding = "async";
  frame.appendChild(image);
  var caption = document.createElement("figcaption");
  caption.setAttribute("aria-live", "polite");
  figure.appendChild(frame);
  figure.appendChild(caption);
  var close = button("viewer-close", labels.close || "Close", "×");
  var previous = button("viewer-previous", labels.previous || "Previous", "‹");
  var next = button("viewer-next", labels.next || "Next", "›");
  var zoom = button("viewer-zoom", labels.zoom || "Zoom", "+");
  zoom.setAttribute("aria-pressed", "false");
  dialog.appendChild(figure);
  dialog.appendChild(previous);
  dialog.appendChild(next);
  dialog.appendChild(zoom);
  dialog.appendChild(close);
  document.body.appendChild(dialog);

  var current = 0;
  var zoomed = false;
  var opener = null;

  function setZoom(on) {
    zoomed = on;
    dialog.classList.toggle("zoomed", on);
    zoom.setAttribute("aria-pressed", on ? "true" : "false");
    zoom.textContent = on ? "−" : "+";
  }

  function show(index) {
    current = (index + links.length) % links.length;
    var img = links[current].querySelector("img");
    image.src = links[current].href;
    image.alt = img ? img.alt : "";
    caption.textContent = image.alt;
    setZoom(false);
    frame.scrollTop = 0;
    frame.scrollLeft = 0;
    var hidden = links.length < 2;
    previous.hidden = hidden;
    next.hidden = hidden;
  }

  function open(index) {
    opener = document.activeElement;
    show(index);
    dialog.showModal();
    close.focus();
  }

  links.forEach(function (link, index) {
    link.addEventListener("click", function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
      event.preventDefault();
      open(index);
    });
  });

  close.addEventListener("click", function () { dialog.close(); });
  previous.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  zoom.addEventListener("click", function () { setZoom(!zoomed); });
  image.addEventListener("dblclick", function () { setZoom(!zoomed); });
  dialog.addEventListener("close", function () {
    image.removeAttribute("src");
    if (opener && opener.focus) { opener.focus(); }
  });
  // A click on the backdrop (outside the photo and the buttons) closes the viewer.
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) { dialog.close(); }
  });
  dialog.addEventListener("keydown", function (event) {
    if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    else if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    else if (event.key === "+" || event.key === "=" || event.key === "z") { setZoom(true); }
    else if (event.key === "-") { setZoom(false); }
    // Escape is handled by <dialog> itself and fires "close".
  });

  var startX = null;
  var startY = null;
  frame.addEventListener("touchstart", function (event) {
    if (event.touches.length !== 1) { startX = null; return; }
    startX = event.touches[0].clientX;
    startY = event.touches[0].clientY;
  }, { passive: true });
  frame.addEventListener("touchend", function (event) {
    if (startX === null || zoomed) { return; }
    var dx = event.changedTouches[0].clientX - startX;
    var dy = event.changedTouches[0].clientY - startY;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) { show(current + (dx < 0 ? 1 : -1)); }
    startX = null;
  }, { passive: true });
})();
