// The hand form's scripts; what each part does and why is said in templates/hands/form.html.
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
      // On the root: a style attribute on the form would break the CSP when htmx copies it.
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
