// The result card: draws the evening's result (given by the server as JSON in #card-data) on a
// 1080 px wide <canvas> in the phone's own fonts, and shows it as an <img> the keeper long-presses
// to save or forward. Nothing here touches the network, so it draws offline too. The Copy button
// puts the same result, as the text groups post, on the clipboard.
(function () {
  "use strict";

  var FONTS = '"PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC", ' +
    '"Microsoft YaHei", "WenQuanYi Micro Hei", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  var WIDTH = 1080;
  var PAD = 64;
  var THEMES = {
    light: { bg: "#fbfaf6", band: "#efeee8", ink: "#1b1c1a", muted: "#5b5e58", accent: "#0f5132",
      up: "#146c2e", down: "#b3261e", line: "#d9d6cc", gold: "#b8860b" },
    dark: { bg: "#121412", band: "#1d221d", ink: "#ecebe6", muted: "#a9ada5", accent: "#3fa36b",
      up: "#5cc77f", down: "#ff8a80", line: "#343a34", gold: "#e0b84a" }
  };

  function font(size, weight) {
    return (weight || "400") + " " + size + "px " + FONTS;
  }

  // Lines of `text` no wider than `width`, broken between words or, for Chinese, between characters.
  function wrap(ctx, text, width) {
    var lines = [];
    var line = "";
    var pieces = text.match(/[\u2E80-\u9FFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uFF00-\uFFEF]+|\s+/g) || [];
    pieces.forEach(function (piece) {
      var tried = line + piece;
      if (ctx.measureText(tried).width > width && line.trim()) {
        lines.push(line.trim());
        line = piece.trim() ? piece : "";
      } else {
        line = tried;
      }
    });
    if (line.trim()) lines.push(line.trim());
    return lines;
  }

  function fit(ctx, text, width) {
    if (ctx.measureText(text).width <= width) return text;
    var cut = text;
    while (cut.length > 1 && ctx.measureText(cut + "…").width > width) cut = cut.slice(0, -1);
    return cut + "…";
  }

  function signColour(colours, change) {
    if (/^\+[1-9]/.test(change)) return colours.up;
    if (/^-/.test(change)) return colours.down;
    return colours.ink;
  }

  // Draws the card and returns how tall it is; `paint` false only measures.
  function draw(ctx, card, colours, paint) {
    var y = PAD;
    var inner = WIDTH - 2 * PAD;
    function text(value, x, size, weight, colour, align) {
      ctx.font = font(size, weight);
      if (paint) {
        ctx.fillStyle = colour;
        ctx.textAlign = align || "left";
        ctx.fillText(value, x, y);
      }
    }
    function paragraph(value, size, weight, colour, gap) {
      ctx.font = font(size, weight);
      wrap(ctx, value, inner).forEach(function (line) {
        y += size * 1.35;
        text(line, PAD, size, weight, colour);
      });
      y += gap || 0;
    }
    function rule() {
      y += 28;
      if (paint) {
        ctx.fillStyle = colours.line;
        ctx.fillRect(PAD, y, inner, 3);
      }
      y += 12;
    }
    ctx.textBaseline = "alphabetic";
    paragraph(card.title + "  " + card.status, 64, "700", colours.accent, 8);
    paragraph([card.date + " " + card.times, card.place].filter(Boolean).join(" · "), 42, "400", colours.muted);
    paragraph([card.variant, card.base, card.rate].filter(Boolean).join(" · "), 48, "700", colours.ink, 4);
    paragraph(card.rules, 36, "400", colours.muted);
    rule();

    var money = card.players.some(function (player) { return player.money !== null; });
    var right = WIDTH - PAD;
    var columns = money ? { points: right - 420, change: right - 230, money: right } : { points: right - 200, change: right };
    y += 58;
    text(card.words.rank, PAD, 34, "400", colours.muted);
    text(card.words.player, PAD + 100, 34, "400", colours.muted);
    text(card.words.points, columns.points, 34, "400", colours.muted, "right");
    text(card.words.change, columns.change, 34, "400", colours.muted, "right");
    if (money) text(card.words.money, columns.money, 34, "400", colours.muted, "right");
    card.players.forEach(function (player, index) {
      y += 84;
      if (paint && index % 2 === 0) {
        ctx.fillStyle = colours.band;
        ctx.fillRect(PAD - 16, y - 60, inner + 32, 84);
      }
      text(String(player.rank), PAD + 20, 52, "700", player.rank === 1 ? colours.gold : colours.ink, "center");
      ctx.font = font(52, "700");
      var nameWidth = columns.points - 170 - (PAD + 100);
      text(fit(ctx, player.name, nameWidth), PAD + 100, 52, "700", colours.ink);
      text(String(player.points), columns.points, 52, "400", colours.ink, "right");
      text(player.change, columns.change, 52, "700", signColour(colours, player.change), "right");
      if (money && player.money !== null) {
        text(player.money, columns.money, 52, "700", signColour(colours, player.money.replace("¥", "")), "right");
      }
    });
    rule();

    paragraph(card.words.pays, 42, "700", colours.accent, 4);
    (card.transfers.length ? card.transfers : [card.words.nobody]).forEach(function (line) {
      paragraph(line, 44, "400", colours.ink);
    });
    if (card.fee) paragraph(card.fee, 46, "700", colours.ink, 4);
    if (card.titles.length) {
      rule();
      card.titles.forEach(function (title) { paragraph(title, 44, "400", colours.ink); });
    }
    if (card.corrected) paragraph(card.corrected, 38, "400", colours.muted, 4);
    y += 56;
    if (card.qr.length) {
      // The live share board's QR code, bottom left, with its caption beside it.
      var cell = Math.max(4, Math.floor(260 / (card.qr.length + 8)));
      var side = cell * (card.qr.length + 8);
      if (paint) drawQr(ctx, card.qr, PAD, y, cell);
      var captionY = y + side / 2;
      var saved = y;
      y = captionY;
      text(card.words.scan, PAD + side + 32, 36, "400", colours.muted);
      y = saved + side + 24;
    }
    text("TableKeeper 记分", WIDTH - PAD, 32, "400", colours.muted, "right");
    return y + PAD / 2;
  }

  // A QR code drawn dark on white whatever the theme, with its four-module quiet zone, so every
  // phone's camera reads it.
  function drawQr(ctx, rows, x, y, cell) {
    var quiet = 4 * cell;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(x, y, cell * (rows.length + 8), cell * (rows.length + 8));
    ctx.fillStyle = "#000000";
    rows.forEach(function (row, r) {
      for (var c = 0; c < row.length; c += 1) {
        if (row.charAt(c) === "1") ctx.fillRect(x + quiet + c * cell, y + quiet + r * cell, cell, cell);
      }
    });
  }

  function render(card, theme) {
    var canvas = document.getElementById("card-canvas");
    var image = document.getElementById("card-image");
    var colours = THEMES[theme] || THEMES.light;
    var ctx = canvas.getContext("2d");
    canvas.width = WIDTH;
    var height = draw(ctx, card, colours, false);
    canvas.height = Math.ceil(height); // resets the context: draw again at the right size
    ctx.fillStyle = colours.bg;
    ctx.fillRect(0, 0, WIDTH, canvas.height);
    ctx.fillStyle = colours.accent;
    ctx.fillRect(0, 0, WIDTH, 16);
    draw(ctx, card, colours, true);
    image.src = canvas.toDataURL("image/png");
    image.hidden = false;
    image.dataset.theme = theme;
    var drawing = document.getElementById("card-drawing");
    if (drawing) drawing.hidden = true;
  }

  function copy(card) {
    var area = document.getElementById("card-text");
    var said = document.getElementById("card-copied");
    function done(ok) {
      said.textContent = ok ? card.words.copied : card.words.copy_failed;
    }
    function byHand() {
      area.focus();
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(area.value).then(function () { done(true); }, byHand);
    } else {
      byHand();
    }
  }

  function start() {
    var data = document.getElementById("card-data");
    if (!data) return;
    var card = JSON.parse(data.textContent);
    var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    var theme = dark ? "dark" : "light";
    document.querySelectorAll('input[name="card_theme"]').forEach(function (input) {
      input.checked = input.value === theme;
      input.addEventListener("change", function () { if (input.checked) render(card, input.value); });
    });
    render(card, theme);
    document.getElementById("card-copy").addEventListener("click", function () { copy(card); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
