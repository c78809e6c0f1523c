// The hand form's scripts (templates/hands/form.html); no inline script, so the CSP holds.
//
// The tile keyboard (parts/tile_keyboard.html): typing the winning tiles, each key writes RULES.md
// §0.3 notation into the tiles field; picking one tile (a kong's, the treasure), the keyboard rises
// as a sheet, writes that tile into its field and closes. Either way the field fires "change" so the
// live preview asks the engine again. Then − and + beside a number (a side bet, a penalty's count,
// flowers), and the form's bottom padding kept equal to the fixed preview bar's height, so that
// nothing of the form is hidden behind the bar.
(function () {
  "use strict";


  // "12m" + "3m" gives "123m": a tile joins the run of its suit unless it follows "+".
  function addTile(text, tile) {
    var digit = tile.charAt(0), suit = tile.charAt(1);
    var run = /(\+?)(\d+)([mpsz])$/.exec(text);
    if (run && run[3] === suit && !run[1]) return text.slice(0, -1) + digit + suit;
    return text + tile;
  }

  // Backspace removes one tile, not one character: "123m" becomes "12m", "3m" disappears whole.
  function removeLast(text) {
    var run = /(\d+)([mpsz])$/.exec(text);
    if (!run) return text.slice(0, -1);
    if (run[1].length === 1) return text.slice(0, -2);
    return text.slice(0, -2) + run[2];
  }

  function changed(field) { field.dispatchEvent(new Event("change", { bubbles: true })); }

  function closePicker(keyboard) {
    if (!keyboard.classList.contains("picking")) return;
    keyboard.classList.remove("picking");
    keyboard.dataset["for"] = keyboard.dataset.home;
    var opener = document.querySelector('.pick[data-pick="' + keyboard.dataset.picking + '"]');
    if (opener) opener.focus();
  }

  function picked(keyboard, field, key) {
    field.value = key.dataset.tile;
    var opener = document.querySelector('.pick[data-pick="' + field.id + '"]');
    var face = key.querySelector("svg");
    if (opener && face) opener.replaceChildren(face.cloneNode(true));
    changed(field);
    closePicker(keyboard);
  }

  function press(keyboard, key) {
    if (key.dataset.action === "close") return closePicker(keyboard);
    var field = document.getElementById(keyboard.dataset["for"]);
    if (!field) return;
    if (keyboard.classList.contains("picking")) {
      if (key.dataset.tile) picked(keyboard, field, key);
      return;
    }
    var text = field.value.replace(/\s+/g, "");
    if (key.dataset.tile) text = addTile(text, key.dataset.tile);
    else if (key.dataset.insert) text += key.dataset.insert;
    else if (key.dataset.action === "back") text = removeLast(text);
    else if (key.dataset.action === "clear") text = "";
    field.value = text.slice(0, field.maxLength > 0 ? field.maxLength : 80);
    changed(field);
  }

  function openPicker(opener) {
    var form = opener.closest("form");
    var keyboard = form && form.querySelector(".tile-keyboard");
    if (!keyboard) return;
    keyboard.dataset["for"] = opener.dataset.pick;
    keyboard.dataset.picking = opener.dataset.pick;
    keyboard.querySelector(".pick-title").textContent = opener.getAttribute("aria-label") || "";
    keyboard.classList.add("picking");
    var first = keyboard.querySelector(".key[data-tile]");
    if (first) first.focus();
  }


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

  function setUp(root) {
    var scope = root.querySelectorAll ? root : document;
    scope.querySelectorAll(".tile-keyboard").forEach(function (keyboard) {
      if (keyboard.dataset.ready) return;
      keyboard.dataset.ready = "1";
      keyboard.dataset.home = keyboard.dataset["for"];
      keyboard.hidden = false;
      keyboard.addEventListener("click", function (event) {
        var key = event.target.closest("button");
        if (key) press(keyboard, key);
      });
      keyboard.addEventListener("keydown", function (event) {
        if (event.key === "Escape") closePicker(keyboard);
      });
    });
    // A tile field becomes a button showing the tile; tapping it opens the keyboard as a picker.
    scope.querySelectorAll(".tile-field").forEach(function (holder) {
      var input = holder.querySelector("input"), opener = holder.querySelector(".pick");
      if (!input || !opener || !opener.hidden) return;
      input.hidden = true;
      opener.hidden = false;
      opener.addEventListener("click", function () { openPicker(opener); });
    });
    scope.querySelectorAll(".stepper .step").forEach(function (button) { button.hidden = false; });
    var form = document.getElementById("hand-form");
    if (form && (scope === document || scope === form || scope.contains(form))) padForBar(form);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper .step");
    if (button) step(button);
  });
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
