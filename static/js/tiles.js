// The tile keyboard (templates/hands/parts/tile_keyboard.html), loaded by form.js when "More"
// first opens. Typing the winning tiles, each key writes RULES.md §0.3 notation into the tiles
// field; picking one tile (a kong's, the treasure), the keyboard rises as a sheet, writes that
// tile into its field and closes. Either way the field fires "change" so the live preview asks the
// engine again. No inline script, so the CSP holds.
(function () {
  "use strict";

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
  }

  setUp(document);
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
