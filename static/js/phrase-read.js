// The phrase box's reading of a sentence's words (static/js/phrase-hear.js hears them): in order, each about
// the last seat named, into what was said of the hand — wins, discards, patterns, kongs, side bets, penalties,
// 承包, tiles — before phrase-parse.js checks it against the table. Pure, like the rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-hear.js"));
  else root.TKPhraseRead = factory(root.TKPhraseHear);
})(typeof self !== "undefined" ? self : this, function (hearing) {
  "use strict";

  var SELF_DRAW_PATTERNS = hearing.SELF_DRAW_PATTERNS;

  function newWin(seat) { return { seat: seat, method: "", from: null, patterns: [], flowers: null, flowersAsked: false }; }

  // Reads the tokens in order. The subject is the last seat named: what follows it (自摸, 门清, 漂三) is about them.
  function interpret(tokens, vocab) {
    var state = {
      wins: [], discarders: [], kongs: [], ready: {}, closed: {}, sideBets: {}, allSideBet: null, result: "",
      voidSeat: null, loosePatterns: [], asks: [], flowers: null, hasFlowers: false, dealer: vocab.dealer,
      penalties: [], dice: false, liable: [], tiles: [], winningTile: null, notSelf: false,
    };
    var subject = null, lastKong = null, lastWinSeat = null, i = 0;

    function peek(offset) { return tokens[i + (offset || 0)] || { type: "end" }; }
    function seatOf(token) {
      if (token.type === "name") return token.seat;
      if (token.type === "dealer" && typeof vocab.dealer === "number") return vocab.dealer;
      return null;
    }
    function isSeat(token) { return seatOf(token) !== null; }
    function winOf(seat) {
      for (var w = 0; w < state.wins.length; w++) if (state.wins[w].seat === seat) return state.wins[w];
      var win = newWin(seat);
      state.wins.push(win);
      return win;
    }
    function setMethod(win, method, from) {
      if (win.method && win.method !== method) {
        state.asks.push({ code: "methodClash", field: "how", params: { who: win.seat } });
        win.clash = true;
      }
      win.method = method;
      if (from !== undefined && from !== null) win.from = from;
    }
    function readSeats() {
      // 老王和小李都 … : a group of seats joined by 和/跟.
      var seats = [seatOf(peek())];
      i += 1;
      // 老刘王姐双响: names side by side are a group too.
      while ((peek().type === "and" && isSeat(peek(1))) || isSeat(peek())) {
        if (peek().type === "and") i += 1;
        seats.push(seatOf(peek()));
        i += 1;
      }
      if (peek().type === "all") i += 1;
      return seats;
    }
    function countAfter() {
      // 两个 / 2 / 两; not 三个花, which is the flowers' count.
      var after = peek(peek(1).type === "count" ? 2 : 1).type;
      if (peek().type === "number" && after !== "flower" && after !== "pattern") {
        var value = peek().value;
        i += 1;
        if (peek().type === "count") i += 1;
        return value;
      }
      return null;
    }
    function addPattern(token, owner, count) {
      if (token.unplayed) {
        state.asks.push({ code: "unplayed", field: "patterns", params: { name: token.name } });
        // Not ticked, but still heard: 张姐海底捞月 says who won, and that it was a self-draw.
        if (SELF_DRAW_PATTERNS.indexOf(token.id) === -1) return;
      }
      state.loosePatterns.push({ id: token.id, owner: owner, count: count, unplayed: Boolean(token.unplayed) });
    }
    function kongRow(seat, kind, bySound) {
      var kong = { seat: seat, kind: kind || "", tile: "", from: null, bySound: bySound };
      if (peek().type === "tile") { kong.tile = peek().tile; i += 1; }
      state.kongs.push(kong);
      lastKong = kong;
      // 老王暗杠五万和东风: a second tile is a second kong of the same kind.
      while (peek().type === "and" && peek(1).type === "tile") {
        var more = { seat: seat, kind: kind || "", tile: peek(1).tile, from: null };
        state.kongs.push(more);
        lastKong = more;
        i += 2;
      }
      return kong;
    }

    while (i < tokens.length) {
      var token = peek();
      if (isSeat(token)) {
        state.lastAll = false;
        var seats = readSeats();
        subject = seats[0];
        var next = peek();
        if (next.type === "of" && (peek(1).type === "kong") && lastWinSeat !== null) {
          // 阿强抢杠胡，老王的杠: whose kong was robbed.
          var robbed = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
          if (robbed.length) { robbed.forEach(function (win) { win.from = seats[0]; }); i += 2; continue; }
        }
        if (next.type === "of") { i += 1; next = peek(); }
        if (next.type === "self") {
          i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "self_draw"); lastWinSeat = seat; });
        } else if (next.type === "win") {
          i += 1;
          seats.forEach(function (seat) { winOf(seat); lastWinSeat = seat; });
          // 小李胡张姐的 / 小李胡了张姐的炮
          if (isSeat(peek()) && (peek(1).type === "of" || peek(1).type === "discard" || peek(1).type === "fed")) {
            var from = seatOf(peek());
            i += 2;
            if (peek().type === "discard") i += 1;
            seats.forEach(function (seat) { setMethod(winOf(seat), "discard", from); });
          }
        } else if (next.type === "rob") {
          i += 1;
          // 阿强抢了老王的杠
          var victim = null;
          if (isSeat(peek())) { victim = seatOf(peek()); i += 1; if (peek().type === "of") i += 1; if (peek().type === "kong") i += 1; }
          if (peek().type === "win") i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", victim); lastWinSeat = seat; });
        } else if (next.type === "grab" && isSeat(peek(1))) {
          var robbedFrom = seatOf(peek(1));
          i += 2;
          if (peek().type === "of") i += 1;
          if (peek().type === "kong") i += 1;
          if (peek().type === "win") i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", robbedFrom); lastWinSeat = seat; });
        } else if (next.type === "discard" || next.type === "fed") {
          i += 1;
          var feedsKong = next.type === "fed" && lastKong && lastKong.from === null &&
            peek().type !== "give" && (lastKong.kind === "exposed" || lastKong.kind === "added" || lastKong.kind === "");
          if (feedsKong) {
            lastKong.from = seats[0];
            lastKong.fedBy = true;
          } else if (peek().type === "give" && isSeat(peek(1))) {
            // 张姐放炮给小李(和老王)
            i += 1;
            var takers = readSeats();
            if (peek().type === "win") i += 1;
            takers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
          } else {
            state.discarders.push(seats[0]);
          }
        } else if (next.type === "give" && isSeat(peek(1))) {
          // 张姐给小李点炮
          i += 1;
          var receivers = readSeats();
          if (peek().type === "discard" || peek().type === "fed") i += 1;
          if (peek().type === "win") i += 1;
          receivers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
        } else if (next.type === "kong" && !(next.bySound && !next.kind && peek(1).type !== "tile")) {
          i += 1;
          kongRow(seats[0], next.kind, next.bySound);
        } else if (next.type === "ready") {
          i += 1;
          seats.forEach(function (seat) { state.ready[seat] = next.value; });
        } else if (next.type === "closed") {
          i += 1;
          seats.forEach(function (seat) { state.closed[seat] = true; });
        } else if (next.type === "side") {
          i += 1;
          var bet = countAfter();
          seats.forEach(function (seat) { state.sideBets[seat] = bet; });
        } else if (next.type === "void") {
          i += 1;
          state.result = state.result || "void";
          state.voidSeat = seats[0];
        } else if (next.type === "penalty") {
          // 小李露了两张 / 老王四家同打
          i += 1;
          state.penalties.push({ kind: next.kind, seat: seats[0], count: countAfter() });
        } else if (next.type === "first") {
          // 四家同打，老王先打的: the first of the four pays.
          i += 1;
          var open = state.penalties.filter(function (p) { return p.kind === "four_same_discards" && p.seat === null; })[0];
          if (open) open.seat = seats[0];
          else state.penalties.push({ kind: "four_same_discards", seat: seats[0], count: null });
        } else if (next.type === "liable") {
          // 老王包了 / 老王承包 / 老王包小李
          i += 1;
          var forSeat = null;
          if (isSeat(peek())) { forSeat = seatOf(peek()); i += 1; }
          state.liable.push({ seat: seats[0], forSeat: forSeat });
        }
        continue;
      }
      i += 1;
      switch (token.type) {
        case "pattern":
          var known = patternOf(vocab, token.id);
          addPattern(token, subject, known && known.repeatable ? countAfter() : null);
          break;
        case "number":
          // 两个风刻 / 三个花 / 三花
          if (peek().type === "count") i += 1;
          if (peek().type === "pattern") { var counted = peek(); i += 1; addPattern(counted, subject, token.value); }
          else if (peek().type === "flower") { i += 1; setFlowers(token.value); }
          break;
        case "flower":
          // 花三个 / 花有三个
          var flowers = countAfter();
          if (flowers !== null) setFlowers(flowers);
          else if (!state.hasFlowers) state.hasFlowers = true;
          break;
        case "hasflower":
          var said = countAfter();
          if (said !== null) { if (peek().type === "flower") i += 1; setFlowers(said); }
          else if (peek().type === "flower") { i += 1; }
          else state.hasFlowers = true;
          break;
        case "noflower":
          setFlowers(0);
          break;
        case "self":
          if (subject !== null) { setMethod(winOf(subject), "self_draw"); lastWinSeat = subject; }
          else state.selfDrawn = true;
          break;
        case "win":
          if (isSeat(peek()) && subject === null) { /* 胡的是老王 */ }
          break;
        case "discard":
          if (peek().type === "give" && isSeat(peek(1))) {
            i += 1;
            readSeats().forEach(function (seat) { state.pendingDiscardTo = (state.pendingDiscardTo || []).concat([seat]); });
          } else if (peek().type === "is" && isSeat(peek(1))) {
            // 点炮的是张姐
            i += 1;
            state.discarders.push(seatOf(peek()));
            i += 1;
          } else state.discardSaid = true;
          break;
        case "draw":
          state.result = "draw";
          break;
        case "void":
          state.result = "void";
          if (isSeat(peek())) { state.voidSeat = seatOf(peek()); i += 1; }
          else if (subject !== null) state.voidSeat = subject;
          break;
        case "kong":
          if (token.bySound && !token.kind && peek().type !== "tile") break;  // 刚 (just now), not 杠
          if (subject !== null) kongRow(subject, token.kind, token.bySound);
          else state.asks.push({ code: "kongWho", field: "kong_seat_0", params: {} });
          break;
        case "ready":
          if (subject !== null) state.ready[subject] = token.value;
          else state.asks.push({ code: "readyWho", field: "ready_", params: {} });
          break;
        case "closed":
          if (subject !== null) state.closed[subject] = true;
          else state.asks.push({ code: "closedWho", field: "closed_", params: {} });
          break;
        case "side":
          var amount = countAfter();
          if (state.lastAll) state.allSideBet = amount;
          else if (subject !== null) state.sideBets[subject] = amount;
          else state.asks.push({ code: "sideWho", field: "side_bet_", params: {} });
          break;
        case "all":
          state.lastAll = true;
          continue;
        case "penalty":
          // 四家同打，老王先打的 / 露牌两张，小李
          state.penalties.push({ kind: token.kind, seat: null, count: countAfter() });
          break;
        case "dice":
          // 色子打了个对子 / 骰子一对 / 色子翻倍
          while (peek().type === "number" || peek().type === "count" || peek().type === "is") i += 1;
          if (peek().type === "pair") { i += 1; state.dice = true; }
          break;
        case "liable":
          // 承包的是老王
          if (peek().type === "of") i += 1;
          if (peek().type === "is") i += 1;
          if (isSeat(peek())) { state.liable.push({ seat: seatOf(peek()), forSeat: null }); i += 1; }
          else if (subject !== null) state.liable.push({ seat: subject, forSeat: null });
          else state.asks.push({ code: "liableWho", field: "liable", params: {} });
          break;
        case "notself":
          if (subject !== null) winOf(subject).notSelf = true;
          else state.notSelf = true;
          break;
        case "plus":
          // 加六条: the winning tile.
          if (peek().type === "tile") { state.winningTile = peek().tile; i += 1; }
          break;
        case "tile":
        case "tiles":
          // 胡五万 / 单吊东风 / 胡的是三四五条加六条: the tiles the hand was won with.
          if (saysTiles(tokens[i - 2], token.afterPause)) state.tiles = state.tiles.concat(token.tiles || [token.tile]);
          break;
        case "pause":
          break;
        default:
          break;
      }
      state.lastAll = false;
    }
    // Tiles count as the winning hand's only right after 胡/自摸 (胡的是), a pattern (单吊), or other such tiles:
    // a 中 or 东 elsewhere in a sentence is no hand.
    function saysTiles(before, afterPause) {
      var type = before ? before.type : "";
      // 老王自摸，红中是宝: a pause ends what 自摸 says; 胡的是 … does not end there.
      if (afterPause && type !== "is") return false;
      if (type === "is" || type === "of") {
        var back = tokens.lastIndexOf(before, i - 2) - 1;
        while (back >= 0 && (tokens[back].type === "is" || tokens[back].type === "of")) back -= 1;
        type = back >= 0 ? tokens[back].type : "";
      }
      return ["win", "self", "pattern", "tile", "tiles"].indexOf(type) !== -1 &&
        (type !== "tile" && type !== "tiles" || state.tiles.length > 0);
    }
    function setFlowers(n) {
      state.flowers = n;
      state.flowersOwner = subject;
    }
    return state;
  }


  function patternOf(vocab, id) {
    for (var p = 0; p < (vocab.patterns || []).length; p++) if (vocab.patterns[p].id === id) return vocab.patterns[p];
    return null;
  }


  return { interpret: interpret, newWin: newWin, patternOf: patternOf };
});
