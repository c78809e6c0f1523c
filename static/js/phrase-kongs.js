// How the phrase box reads the kongs a sentence says (static/js/phrase-read.js reads the rest): each kong's owner,
// kind, tile and who fed it (or whose pung an added kong sits on), said in one breath or in several parts. Pure,
// like the rest of the parser: it works on the reader phrase-read.js makes (its tokens, its place in them, what
// was said so far).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseKongs = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  function skipKongWords(r) {
    var peek = r.peek;
    // 暗杠了一个五万 / 暗杠的是五万 / 杠了四个五万 / 杠了个五万
    while (peek().type === "of" || peek().type === "is" || peek().type === "count" ||
      (peek().type === "number" && (peek().value === 1 || peek().value === 4) && peek(1).type === "count" &&
        peek(2).type !== "kong")) {
      r.i += peek().type === "number" ? 2 : 1;
    }
  }
  // 暗杠(五万)是王姐的: whose kong, said after it (not 是王姐点的: that is who fed it).
  function ownerAfter(r, kong) {
    var peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    if (peek().type === "is" && isSeat(peek(1)) && peek(2).type === "of" &&
      ["fed", "discard", "kongfeed", "tile"].indexOf(peek(3).type) === -1) {
      kong.seat = seatOf(peek(1));
      r.i += 3;
    }
  }
  // The kong row a kong said makes or completes: its owner, kind, tile and who fed it, as the words around it say.
  function kongRow(r, seat, kind, bySound, tileBefore) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    // 王姐杠了两次，暗杠五万…: a kong said first without its kind is the one said next with it.
    // 王姐一个暗杠一个明杠，暗杠五万…: so is one announced by its count, of the same kind.
    var kong = state.kongs.filter(function (k) {
      return k.seat === seat && !k.tile && k.from === null && (!k.kind || (k.announced && k.kind === kind));
    })[0];
    if (kong && kind) { kong.kind = kind; kong.bySound = bySound; kong.announced = false; }
    else {
      kong = { seat: seat, kind: kind || "", tile: "", from: null, bySound: bySound };
      state.kongs.push(kong);
    }
    if (tileBefore) kong.tile = tileBefore;
    ownerAfter(r, kong);
    skipKongWords(r);
    // 杠了王姐的五万 / 明杠王姐的: claimed from that seat's discard.
    if (isSeat(peek()) && seatOf(peek()) !== seat && ["of", "tile", "fed", "kongfeed"].indexOf(peek(1).type) !== -1) {
      // … or 杠是小李点的.
      kong.from = seatOf(peek());
      kong.fedBy = true;
      if (!kong.kind) kong.kind = "exposed";
      r.i += peek(1).type === "tile" ? 1 : 2;
      skipKongWords(r);
    }
    if (peek().type === "tile" && !kong.tile) { kong.tile = peek().tile; r.used[r.i] = true; r.i += 1; }
    ownerAfter(r, kong);
    seat = kong.seat;
    // 王姐碰了老郑的三万，后来补杠: an added kong sits on the pung said, claimed from its feeder.
    var pung = state.pungs.filter(function (p) {
      return p.seat === seat && (!kong.tile || !p.tile || p.tile === kong.tile);
    })[0];
    if (pung && kong.from === null && (kong.kind === "added" || !kong.kind)) {
      kong.from = pung.from;
      kong.kind = "added";
      if (!kong.tile && pung.tile) kong.tile = pung.tile;
    }
    r.lastKong = kong;
    // 老王暗杠五万和东风 / 暗杠五万、东风: a second tile is a second kong of the same kind.
    while ((peek().type === "and" && peek(1).type === "tile") ||
      (kong.tile && peek().type === "tile" && peek().afterPause && ["end", "and"].indexOf(peek(1).type) !== -1)) {
      if (peek().type === "and") r.i += 1;
      var more = { seat: seat, kind: kind || "", tile: peek().tile, from: null };
      state.kongs.push(more);
      r.lastKong = more;
      r.used[r.i] = true;
      r.i += 1;
    }
    return kong;
  }

  // A kong word on its own, about the seat last named.
  function kongSaid(r, token) {
    var state = r.state, peek = r.peek;
    if (token.bySound && !token.kind && peek().type !== "tile") return;  // 刚 (just now), not 杠
    if (r.strangerDid("kong")) return;
    // 老刘五万杠了: the tile just before, when it is not one of the winning tiles said.
    // 五万的暗杠 too.
    var back = r.tokens[r.i - 2] && r.tokens[r.i - 2].type === "of" ? r.i - 3 : r.i - 2;
    var before = r.tokens[back];
    var tileBefore = before && before.type === "tile" && !r.used[back] && !token.afterPause &&
      state.tiles.indexOf(before.tile) === -1 ? before.tile : "";
    if (r.subject !== null) kongRow(r, r.subject, token.kind, token.bySound, tileBefore);
    else state.asks.push({ code: "kongWho", field: "kong_seat_0", params: {} });
  }

  // 两个暗杠 / 一个闷豆: a number of kongs of one kind; false where the number is no count of kongs.
  function counted(r, token) {
    var state = r.state, peek = r.peek;
    if (!(peek().type === "kong" && r.subject !== null && token.value >= 1 && token.value <= 4)) return false;
    var kongToken = peek();
    r.i += 1;
    var before = state.kongs.length;
    var row = kongRow(r, r.subject, kongToken.kind, kongToken.bySound);
    if (!row.tile && row.from === null) row.announced = true;
    // The row said (new or announced before) and any its tiles added count toward the number said.
    for (var extra = Math.max(1, state.kongs.length - before); extra < token.value; extra++) {
      state.kongs.push({ seat: r.subject, kind: kongToken.kind || "", tile: "", from: null, announced: true });
    }
    return true;
  }

  // 碰的小李的 (after 补杠): whose discard the added kong's pung was claimed from; before any kong, a pung said.
  function pungSaid(r) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    // 老王补杠，碰的小李的: whose discard the added kong's pung was claimed from.
    while (peek().type === "of" || peek().type === "is") r.i += 1;
    if (isSeat(peek())) {
      var feeder = seatOf(peek());
      r.i += 1;
      if (peek().type === "of") r.i += 1;
      var pungKong = r.lastKong && r.lastKong.from === null && (r.lastKong.kind === "added" || r.lastKong.kind === "")
        ? r.lastKong : null;
      var pungTile = peek().type === "tile" ? peek().tile : "";
      if (pungTile) r.i += 1;
      if (pungKong) {
        pungKong.from = feeder;
        pungKong.fedBy = true;
        if (!pungKong.kind) pungKong.kind = "added";
        if (!pungKong.tile && pungTile) pungKong.tile = pungTile;
      } else if (r.subject !== null) state.pungs.push({ seat: r.subject, from: feeder, tile: pungTile });
    }
  }

  return { kongRow: kongRow, kongSaid: kongSaid, counted: counted, pungSaid: pungSaid };
});
