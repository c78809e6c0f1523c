// The tile keyboard (templates/hands/parts/tile_keyboard.html), loaded by form.js when "More"
// first opens. Typing the winning tiles, each key writes RULES.md §0.3 notation into the tiles
// field; picking one tile (a kong's, the treasure), the keyboard rises as a sheet, writes that
// tile into its field and closes. Either way the field fires "change" so the live preview asks the
// engine again. The winning tiles typed are drawn as faces under the field. No inline script, so
// the CSP holds.
(function () {
  "use strict";

  // The keys, the tile fields' buttons and every face are drawn here, from the keyboard's data-rows,
  // not sent with every form: the same drawing as templatetags/tile_faces.py (which draws tiles on
  // other pages), each key named as keeping/forms/tiles.py names it (its number and its Chinese word).
  var SUITS = { m: "万", p: "筒", s: "条" };
  var HONOURS = { "1z": "东", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "发", "7z": "中" };
  var HONOUR_CLASS = { "6z": " g", "7z": " r" };
  var SUIT_MARKS = {
    m: '<text class="r" x="15" y="35">万</text>',
    p: '<circle class="p" cx="15" cy="28" r="6"/><circle cx="15" cy="28" r="2"/>',
    s: '<path class="s" d="M12 22h6v14h-6zM12 29h6"/>'
  };

  var BODY = '<svg class="tf-defs" width="0" height="0" aria-hidden="true">' +
    '<rect id="tf-body" x=".5" y=".5" width="29" height="39" rx="4" fill="#fbf8ef" stroke="#a9a290"/></svg>';

  function faceSvg(face) {
    var inner;
    if (face === "5z") inner = '<rect class="w" x="8" y="9" width="14" height="22" rx="2"/>';
    else if (HONOURS[face]) inner = '<text class="h' + (HONOUR_CLASS[face] || " ") + '" x="15" y="27">' + HONOURS[face] + "</text>";
    else inner = '<text x="15" y="19">' + face.charAt(0) + "</text>" + SUIT_MARKS[face.charAt(1)];
    return '<svg class="tf" viewBox="0 0 30 40" aria-hidden="true"><use href="#tf-body"/>' + inner + "</svg>";
  }

  // A tile wild in every hand (data-wild: 红中麻将's 红中) is framed wherever it is drawn, and its key says
  // its name: its face carries the "wild" class, so every copy of it (the typed tiles, a picked tile) does.
  function drawKeys(keyboard) {
    if (!document.getElementById("tf-body")) keyboard.insertAdjacentHTML("beforebegin", BODY);
    var wild = keyboard.dataset.wild, wildName = keyboard.dataset.wildName || "";
    var controls = keyboard.querySelector(".controls");
    (keyboard.dataset.rows || "").split("|").forEach(function (row) {
      var keys = document.createElement("div");
      keys.className = "keys";
      row.split(" ").forEach(function (face) {
        if (!/^[1-9][mpsz]$/.test(face)) return;
        var key = document.createElement("button");
        key.type = "button";
        key.className = "key";
        key.dataset.tile = face;
        var label = HONOURS[face] || face.charAt(0) + SUITS[face.charAt(1)];
        key.setAttribute("aria-label", face === wild ? label + " (" + wildName + ")" : label);
        key.innerHTML = faceSvg(face);
        if (face === wild) {
          key.title = wildName;
          key.querySelector("svg").classList.add("wild");
        }
        keys.appendChild(key);
      });
      keyboard.insertBefore(keys, controls);
    });
  }

  // The winning tiles as faces under the typed notation (RULES.md §0.3: [..] a claimed meld,
  // (..) a concealed kong, + before the winning tile). Faces are the keyboard's own drawings.
  function notationGroups(text) {
    var groups = [], group = null, digits = "", winning = false;
    function open(kind) { group = { kind: kind, tiles: [] }; groups.push(group); }
    Array.prototype.forEach.call(text, function (character) {
      if (character === "[" || character === "(") { open(character === "[" ? "claimed" : "concealed"); digits = ""; }
      else if (character === "]" || character === ")") { group = null; digits = ""; }
      else if (character === "+") { winning = true; digits = ""; }
      else if (/[1-9]/.test(character)) digits += character;
      else if (/[mpsz]/.test(character) && digits) {
        if (winning) { open("winning"); winning = false; }
        else if (!group) open("plain");
        Array.prototype.forEach.call(digits, function (digit) { group.tiles.push(digit + character); });
        if (group.kind === "winning") group = null;
        digits = "";
      }
    });
    return groups.filter(function (found) { return found.tiles.length; });
  }

  function drawTiles(field) {
    var shown = document.querySelector('.tiles-faces[data-faces-of="' + field.id + '"]');
    if (shown) drawFaces(shown, field.value || "");
  }

  // Faces for `text` in RULES.md §0.3 notation, grouped as it groups them: the typed tiles, the label's example.
  function drawFaces(shown, text) {
    var parts = notationGroups(text).map(function (found) {
      var box = document.createElement("span");
      box.className = "group " + found.kind;
      found.tiles.forEach(function (face) {
        // The keyboard's own drawing: a face this variant does not play (Harbin's winds) is not drawn.
        var drawn = document.querySelector('.tile-keyboard .key[data-tile="' + face + '"] svg');
        if (drawn) box.appendChild(drawn.cloneNode(true));
      });
      return box;
    });
    shown.replaceChildren.apply(shown, parts);
  }

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
      drawKeys(keyboard);
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
    // The label's example, with the keyboard's faces (drawn above).
    document.querySelectorAll(".tile-example[data-faces-text]").forEach(function (shown) {
      drawFaces(shown, shown.dataset.facesText);
    });
    // A tile field becomes a button showing the tile (or "choose a tile"), named as the field is;
    // tapping it opens the keyboard as a picker.
    var keyboard = document.querySelector(".tile-keyboard");
    scope.querySelectorAll(".tile-field").forEach(function (holder) {
      var input = holder.querySelector("input");
      if (!input || holder.querySelector(".pick")) return;
      var opener = document.createElement("button");
      opener.type = "button";
      opener.className = "pick";
      opener.dataset.pick = input.id;
      opener.setAttribute("aria-label", input.getAttribute("aria-label") || "");
      if (/^[1-9][mpsz]$/.test(input.value)) opener.innerHTML = faceSvg(input.value);
      else {
        var empty = document.createElement("span");
        empty.className = "pick-empty";
        empty.textContent = keyboard ? keyboard.dataset.choose || "" : "";
        opener.appendChild(empty);
      }
      input.hidden = true;
      holder.appendChild(opener);
      opener.addEventListener("click", function () { openPicker(opener); });
    });
    var tilesField = document.getElementById("tiles-input");
    if (tilesField && (scope === document || scope.contains(tilesField))) drawTiles(tilesField);
  }

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (event.target && event.target.id === "tiles-input") drawTiles(event.target);
    });
  });

  setUp(document);
  document.addEventListener("htmx:load", function (event) { setUp(event.target); });
})();
