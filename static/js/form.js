// The hand form's scripts (templates/hands/form.html); no inline script, so the CSP holds.
// − and + beside a number (a side bet, a penalty's count, flowers); the form's bottom padding kept
// equal to the fixed preview bar's height, so that nothing of the form is hidden behind the bar;
// and the tile keyboard (tiles.css, tiles.js, which also draws the winning tiles typed as faces), loaded
// only once "More", where every tile is picked or typed, is open: most hands never need it, and the
// first load stays small. Comments cost nothing: collectstatic minifies this file
// (tablekeeper/web/static_storage.py).
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

  // ---- Staying true to the server ------------------------------------------------------------
  // A new hand's form (data-next: keeping/views/next_hand.py) polls the table as the board does. After an
  // undo or delete on another phone, its number, dealer, winds and table line follow the server
  // within one poll, the taps kept. It never moves forward by itself: a hand another phone saved
  // meanwhile may be this one, and Save then shows the two side by side. With hands kept on this
  // phone, the outbox (outbox-queue.js) decides the number.
  var POLL_MS = 5000, WINDS = ["东", "南", "西", "北"], asking = false;
  // Not heard from the server since the last poll that failed, or since this kept copy was drawn (the service worker
  // marks it, templates/offline/sw.js): the next answer says the server is back.
  var unheard = document.documentElement.hasAttribute("data-kept-copy");

  function drawWinds(form, dealer) {
    form.querySelectorAll('.seat-chip input[name="winner"]').forEach(function (input) {
      var seat = Number(input.value), chip = input.parentNode, label = chip.querySelector("span");
      var wind = chip.querySelector("b[data-board-derived]");
      if (wind) wind.textContent = WINDS[(seat - dealer + 4) % 4];
      chip.querySelectorAll("i[data-board-derived]").forEach(function (mark) { mark.remove(); });
      if (seat !== dealer || !label) return;
      var mark = document.createElement("i");
      mark.lang = "zh";
      mark.setAttribute("data-board-derived", "");
      mark.textContent = "庄";
      label.append(" ", mark);
    });
  }

  // The form drawn for the server's next hand: its number, dealer, winds, table line and deals.
  function adopt(form, basis) {
    form.dataset.pageNumber = String(basis.next);
    form.dataset.deals = JSON.stringify(basis.deals);
    drawWinds(form, basis.dealer);
    var line = form.querySelector(".table-line");
    if (line) line.textContent = basis.line;
    form.classList.remove("board-unknown", "winds-known");
    showNumber(form, basis.next);
  }

  function showNumber(form, number) {
    var moved = form.elements.expected_number.value !== String(number);
    form.elements.expected_number.value = String(number);
    var heading = form.querySelector("[data-next-hand]");
    if (heading) heading.textContent = TK.say("outbox.hand", { n: number });
    // The preview was worked out against the table as it was.
    if (moved && form.querySelector('input[name="winner"]:checked')) form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function follow(form, basis) {
    if (window.TKOutbox && window.TKOutbox.reconcile) window.TKOutbox.reconcile(form, basis);
    else if (basis.open && basis.next <= Number(form.elements.expected_number.value)) adopt(form, basis);
  }

  function poll() {
    var form = document.getElementById("hand-form");
    if (!form || !form.dataset.next || asking || !navigator.onLine || document.visibilityState === "hidden") return;
    asking = true;
    fetch(form.dataset.next, { headers: { Accept: "application/json" }, credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (basis) {
      asking = false;
      // The server answers again: hands kept on this phone need not wait out their retry (outbox-queue.js). No
      // "online" event says so where the browser never thought it was offline (one bar of signal, a captive portal).
      if (unheard && basis) document.dispatchEvent(new CustomEvent("tk:server-back"));
      unheard = !basis;
      // The page was drawn from this version of the table: nothing to follow.
      if (!basis || String(basis.version) === form.dataset.version || !document.body.contains(form)) return;
      form.dataset.version = String(basis.version);
      window.TKForm.basis = basis;  // the outbox follows it again whenever its kept hands change
      follow(form, basis);
    }, function () { asking = false; unheard = true; });
  }

  window.TKForm = { drawWinds: drawWinds, adopt: adopt, showNumber: showNumber, basis: null };
  window.setInterval(poll, POLL_MS);
  window.addEventListener("online", poll);
  document.addEventListener("visibilitychange", poll);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step");
    if (button) step(button);
  });
  // "toggle" does not bubble: listen while it goes down.
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("#hand-form details.more") && event.target.open) loadTiles();
  }, true);
  // A keeper who said the last hand into the phrase box (phrase.js remembers it on this phone) finds the box
  // ready for the next: focused, its scripts loading, the keyboard's microphone one press away. Never on an
  // edit, never for a keeper who taps. After htmx has set the page up, so that the focus loads the scripts.
  function readyToSay() {
    var box = document.getElementById("phrase");
    try {
      if (box && localStorage.getItem("tk.phrase") && !document.querySelector('#hand-form [name="editing"]')) box.focus();
    } catch (error) { /* storage refused: the box waits for a tap */ }
  }

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) {
    setUp(event.target);
    if (event.target === document.body) readyToSay();
  });
})();
