// The hand form's scripts (templates/hands/form.html); no inline script, so the CSP holds.
// − and + beside a number (a side bet, a penalty's count, flowers); the form's bottom padding kept
// equal to the fixed preview bar's height, so that nothing of the form is hidden behind the bar;
// and the tile keyboard (tiles.css, tiles.js, which also draws the winning tiles typed as faces), loaded
// only once "More", where every tile is picked or typed, is open: most hands never need it, and the
// first load stays small. Comments cost nothing: collectstatic minifies this file
// (tablekeeper/static_storage.py).
(function () {
  "use strict";

  var script = document.currentScript, tiles = null;

  function step(button) {
    var input = button.parentNode.querySelector("input");
    if (!input) return;
    var value = Number(input.value || 0) + Number(button.dataset.step);
    var min = input.min === "" ? -Infinity : Number(input.min), max = input.max === "" ? Infinity : Number(input.max);
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  var watching = null;

  function padForBar(form) {
    var bar = form.querySelector(".save-bar");
    if (!bar || !window.ResizeObserver) return;
    if (watching) watching.disconnect();
    watching = new ResizeObserver(function () {
      // On the root, not the form: htmx copies a swapped element's attributes (a style attribute
      // would break the CSP), and the bar's height outlives one form.
      document.documentElement.style.setProperty("--bar-height", Math.ceil(bar.getBoundingClientRect().height + 16) + "px");
    });
    watching.observe(bar);
  }

  // The keyboard's styles first, then its script, which shows the keyboard: never unstyled.
  function loadTiles() {
    if (tiles || !script || !script.dataset.tiles) return;
    tiles = document.createElement("link");
    tiles.rel = "stylesheet";
    tiles.href = script.dataset.tilesStyle;
    tiles.onload = tiles.onerror = function () {
      var code = document.createElement("script");
      code.src = script.dataset.tiles;
      document.head.appendChild(code);
    };
    document.head.appendChild(tiles);
  }

  function setUp(root) {
    var scope = root.querySelectorAll ? root : document;
    scope.querySelectorAll(".stepper .step").forEach(function (button) { button.hidden = false; });
    var form = document.getElementById("hand-form");
    if (form && (scope === document || scope === form || scope.contains(form))) {
      padForBar(form);
      previews = 0;  // a new form: nothing of it is in flight yet
    }
    if (document.querySelector("#hand-form details.more[open]")) loadTiles();
  }

  // A request in flight shows itself: on weak signal a Save can take seconds, and a dimmed button
  // alone looks like nothing happened. Save (and "enter it as hand N") says "Saving…" once it has
  // taken 300 ms; the preview shows its own spinner at once, over the figures it will replace.
  var SAVING_AFTER_MS = 300, savingTimer = null, previews = 0;

  function isSaveButton(element) {
    return Boolean(element && element.matches && element.matches('#hand-form button[name="action"]'));
  }

  function isPreviewRequest(detail) {
    return Boolean(detail && detail.elt && detail.elt.id === "hand-form");
  }

  function previewBusy(busy) {
    var note = document.querySelector("#hand-form .preview-busy"), preview = document.getElementById("preview");
    if (note) note.hidden = !busy;
    if (preview) preview.classList.toggle("is-stale", busy);
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail || {};
    if (event.defaultPrevented) return;  // kept on the phone by the outbox, never sent
    if (isSaveButton(detail.elt)) {
      var button = detail.elt;
      window.clearTimeout(savingTimer);
      savingTimer = window.setTimeout(function () { button.classList.add("is-busy"); }, SAVING_AFTER_MS);
    } else if (isPreviewRequest(detail)) {
      previews += 1;
      previewBusy(true);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    if (isSaveButton(detail.elt)) {
      window.clearTimeout(savingTimer);
      detail.elt.classList.remove("is-busy");
    } else if (isPreviewRequest(detail)) {
      previews = Math.max(0, previews - 1);
      if (!previews) previewBusy(false);
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step");
    if (button) step(button);
  });
  // "toggle" does not bubble: listen while it goes down.
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("#hand-form details.more") && event.target.open) loadTiles();
  }, true);
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
