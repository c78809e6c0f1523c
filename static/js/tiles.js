// The tile keyboard: each key writes RULES.md §0.3 notation into the tiles field, then fires
// "change" so the live preview asks the engine again. No inline script, so the CSP holds.
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

  function press(keyboard, key) {
    var field = document.getElementById(keyboard.dataset["for"]);
    if (!field) return;
    var text = field.value.replace(/\s+/g, "");
    if (key.dataset.tile) text = addTile(text, key.dataset.tile);
    else if (key.dataset.insert) text += key.dataset.insert;
    else if (key.dataset.action === "back") text = removeLast(text);
    else if (key.dataset.action === "clear") text = "";
    field.value = text.slice(0, field.maxLength > 0 ? field.maxLength : 80);
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function setUp(root) {
    var scope = root.querySelectorAll ? root : document;
    scope.querySelectorAll(".tile-keyboard").forEach(function (keyboard) {
      if (keyboard.dataset.ready) return;
      keyboard.dataset.ready = "1";
      keyboard.hidden = false;
      keyboard.addEventListener("click", function (event) {
        var key = event.target.closest("button.key");
        if (key) press(keyboard, key);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
