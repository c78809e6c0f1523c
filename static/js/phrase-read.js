// The phrase box's reading of a sentence's words (static/js/phrase-hear.js hears them): in order, each about
// the last seat named, into what was said of the hand — wins, discards, patterns, kongs, side bets, penalties,
// 承包, tiles — before phrase-parse.js checks it against the table. Pure, like the rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-hear.js"));
  else root.TKPhraseRead = factory(root.TKPhraseHear);
})(typeof self !== "undefined" ? self : this, function (hearing) {
  "use strict";

  var SELF_DRAW_PATTERNS = hearing.SELF_DRAW_PATTERNS, FLOAT_PATTERNS = hearing.FLOAT_PATTERNS;

  function newWin(seat) { return { seat: seat, method: "", from: null, patterns: [], flowers: null, flowersAsked: false }; }

  // Reads the tokens in order. The subject is the last seat named: what follows it (自摸, 门清, 漂三) is about them.
  function interpret(tokens, vocab) {
    var state = {
      wins: [], discarders: [], kongs: [], ready: {}, closed: {}, sideBets: {}, allSideBet: null, result: "",
      voidSeat: null, loosePatterns: [], asks: [], flowers: null, hasFlowers: false, dealer: vocab.dealer,
      penalties: [], dice: false, liable: [], tiles: [], winningTile: null, notSelf: false,
      strangers: [], strangerActs: [], waits: [], bare: [], closedOthers: false, treasure: null, turned: null,
      pungs: [], plainEvents: [],
    };
    var subject = null, lastKong = null, lastWinSeat = null, i = 0, stranger = null, used = {};

    function peek(offset) { return tokens[i + (offset || 0)] || { type: "end" }; }
    function seatOf(token) {
      if (token.type === "name") return token.seat;
      if (token.type === "dealer" && typeof vocab.dealer === "number") return vocab.dealer;
      // 下家 / 上家 / 对家: from the seat just named.
      if (token.type === "relative" && subject !== null) return (subject + token.offset) % 4;
      if (token.type === "windseat" && typeof vocab.dealer === "number") return (vocab.dealer + token.offset) % 4;
      return null;
    }
    // What a name that is no seat's did (自摸, 点炮 …): asked about, never given to someone else.
    function strangerDid(act) {
      if (stranger === null) return false;
      state.strangerActs.push({ name: stranger, act: act });
      return true;
    }
    function floatPattern() {
      var found = (vocab.patterns || []).filter(function (p) { return FLOAT_PATTERNS.indexOf(p.id) !== -1; })[0];
      return found ? found.id : null;
    }
    function numberFollows() {
      var next = peek().type === "count" ? peek(1) : peek();
      return next.type === "number";
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
      // An event this variant has no item for at all is what it is there: Harbin pays a kong replacement draw as a
      // plain self-draw (RULES §3.6), so 杠上开花 is said back, not asked about. One the table's house rules turn
      // off (vocab.off), or a shape it has no win for, is asked about.
      var plainHere = token.unplayed && (vocab.off || []).indexOf(token.id) === -1 &&
        SELF_DRAW_PATTERNS.indexOf(token.id) !== -1 && ["kong_bloom", "last_tile"].indexOf(token.id) !== -1;
      if (plainHere) state.plainEvents.push(token.name);
      else if (token.unplayed) {
        state.asks.push({ code: "unplayed", field: "patterns", params: { name: token.name, id: token.id } });
        // Not ticked, but still heard: 张姐海底捞月 says who won (and that it was a self-draw).
      }
      state.loosePatterns.push({ id: token.id, owner: owner, count: count, unplayed: Boolean(token.unplayed) });
    }
    function skipKongWords() {
      // 暗杠了一个五万 / 暗杠的是五万 / 杠了四个五万 / 杠了个五万
      while (peek().type === "of" || peek().type === "is" || peek().type === "count" ||
        (peek().type === "number" && (peek().value === 1 || peek().value === 4) && peek(1).type === "count" &&
          peek(2).type !== "kong")) {
        i += peek().type === "number" ? 2 : 1;
      }
    }
    // 暗杠(五万)是王姐的: whose kong, said after it (not 是王姐点的: that is who fed it).
    function ownerAfter(kong) {
      if (peek().type === "is" && isSeat(peek(1)) && peek(2).type === "of" &&
        ["fed", "discard", "kongfeed", "tile"].indexOf(peek(3).type) === -1) {
        kong.seat = seatOf(peek(1));
        i += 3;
      }
    }
    function kongRow(seat, kind, bySound, tileBefore) {
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
      ownerAfter(kong);
      skipKongWords();
      // 杠了王姐的五万 / 明杠王姐的: claimed from that seat's discard.
      if (isSeat(peek()) && seatOf(peek()) !== seat && ["of", "tile", "fed", "kongfeed"].indexOf(peek(1).type) !== -1) {
        // … or 杠是小李点的.
        kong.from = seatOf(peek());
        kong.fedBy = true;
        if (!kong.kind) kong.kind = "exposed";
        i += peek(1).type === "tile" ? 1 : 2;
        skipKongWords();
      }
      if (peek().type === "tile" && !kong.tile) { kong.tile = peek().tile; used[i] = true; i += 1; }
      ownerAfter(kong);
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
      lastKong = kong;
      // 老王暗杠五万和东风 / 暗杠五万、东风: a second tile is a second kong of the same kind.
      while ((peek().type === "and" && peek(1).type === "tile") ||
        (kong.tile && peek().type === "tile" && peek().afterPause && ["end", "and"].indexOf(peek(1).type) !== -1)) {
        if (peek().type === "and") i += 1;
        var more = { seat: seat, kind: kind || "", tile: peek().tile, from: null };
        state.kongs.push(more);
        lastKong = more;
        used[i] = true;
        i += 1;
      }
      return kong;
    }

    while (i < tokens.length) {
      var token = peek();
      if (isSeat(token)) {
        state.lastAll = false;
        stranger = null;
        var seats = readSeats();
        subject = seats[0];
        var next = peek();
        if (next.type === "end" || next.type === "pattern" || next.afterPause) state.bare.push(seats[0]);
        if (next.type === "of" && (peek(1).type === "kong") && lastWinSeat !== null) {
          // 阿强抢杠胡，老王的杠: whose kong was robbed.
          var robbed = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
          if (robbed.length) { robbed.forEach(function (win) { win.from = seats[0]; }); i += 2; continue; }
        }
        if (next.type === "of") { i += 1; next = peek(); }
        if (next.type === "self") {
          i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "self_draw"); lastWinSeat = seat; });
        } else if (next.type === "win" || next.type === "ron") {
          i += 1;
          seats.forEach(function (seat) { winOf(seat); lastWinSeat = seat; });
          if (next.type === "ron") seats.forEach(function (seat) { setMethod(winOf(seat), "discard"); });
          // 小李胡了张姐的 / 小李胡的张姐 / 小李胡张姐: whose discard it was.
          if (peek().type === "of" && isSeat(peek(1)) && seatOf(peek(1)) !== seats[0]) i += 1;
          var after = peek(1).type;
          // (Not a seat after a pause: 李哥胡了，老孙… starts what is said of 老孙.)
          if (isSeat(peek()) && seats.indexOf(seatOf(peek())) === -1 && (!peek().afterPause || after === "of") &&
            (["of", "discard", "fed", "end", "pattern"].indexOf(after) !== -1 || peek(1).afterPause)) {
            var from = seatOf(peek());
            i += 1;
            if (peek().type === "of" || peek().type === "fed") i += 1;
            if (peek().type === "discard") i += 1;
            seats.forEach(function (seat) { setMethod(winOf(seat), "discard", from); });
          }
        } else if (next.type === "kongfed") {
          // 小赵杠完打的: the discard right after 小赵's kong (杠上炮), which the winner won on.
          i += 1;
          state.discarders.push(seats[0]);
          state.kongFed = seats[0];
        } else if (next.type === "ba" && isSeat(peek(1))) {
          // 老王把小李的炮胡了: 老王 won on 小李's discard.
          var fedBy = seatOf(peek(1));
          i += 2;
          while (["of", "pao", "discard", "fed"].indexOf(peek().type) !== -1) i += 1;
          if (peek().type === "win") {
            i += 1;
            setMethod(winOf(seats[0]), "discard", fedBy);
            lastWinSeat = seats[0];
          } else state.discarders.push(fedBy);
        } else if (next.type === "of" && peek(1).type === "pao") {
          // 小李的炮: 小李's discard, which someone won on.
          i += 2;
          state.discarders.push(seats[0]);
        } else if (next.type === "robbed") {
          // 大陈被抢杠: whose kong was robbed.
          i += 1;
          var open = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
          if (open.length) open.forEach(function (win) { win.from = seats[0]; });
          else state.robbedFrom = seats[0];
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
        } else if (next.type === "discardto" && isSeat(peek(1))) {
          // 张姐点给小李(和老王)
          i += 1;
          var takersTo = readSeats();
          if (peek().type === "win") i += 1;
          takersTo.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
        } else if (next.type === "multi" && seats.length > 1) {
          // 老刘王姐双响: both won on one discard.
          i += 1;
          seats.forEach(function (seat) { winOf(seat); lastWinSeat = seat; });
        } else if (next.type === "multi" && peek(1).type === "give" && isSeat(peek(2))) {
          // 张姐一炮双响给老王和小李
          i += 2;
          readSeats().forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
        } else if (next.type === "multi") {
          // 张姐一炮三响: 张姐's discard, which several won on.
          i += 1;
          state.discarders.push(seats[0]);
        } else if (next.type === "discard" || next.type === "fed") {
          i += 1;
          var feedsKong = next.type === "fed" && lastKong && lastKong.from === null &&
            peek().type !== "give" && (lastKong.kind === "exposed" || lastKong.kind === "added" || lastKong.kind === "");
          if (feedsKong) {
            lastKong.from = seats[0];
            lastKong.fedBy = true;
            // 老刘明杠五万，王姐点的，杠上开花: what follows is about the kong's owner again.
            subject = lastKong.seat;
          } else if (peek().type === "give" && isSeat(peek(1))) {
            // 张姐放炮给小李(和老王)
            i += 1;
            var takers = readSeats();
            if (peek().type === "win") i += 1;
            takers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
          } else {
            state.discarders.push(seats[0]);
          }
        } else if (next.type === "give" && isSeat(peek(1)) && (peek(2).type === "kongfeed" ||
          (peek(2).type === "kong" && peek(2).kind === "exposed") ||
          ((peek(2).type === "fed" || peek(2).type === "discard") && peek(3).type === "kong"))) {
          // 张姐给老王点杠 / 张姐给老王点的杠 / 老郑给王姐点豆: 老王's kong, claimed from 张姐.
          i += 1;
          var kongOwner = seatOf(peek());
          i += peek(1).type === "kongfeed" || peek(1).type === "kong" ? 2 : 3;
          var fedKong = kongRow(kongOwner, peek(-1).kind || "exposed", false);
          if (fedKong.from === null) { fedKong.from = seats[0]; fedKong.fedBy = true; }
          subject = kongOwner;
        } else if (next.type === "kongfeed") {
          // 小李点杠（给老王）: 小李 fed a kong; whose, said after or beside.
          i += 1;
          if (peek().type === "give" && isSeat(peek(1))) {
            var taker = seatOf(peek(1));
            i += 2;
            var takerKong = kongRow(taker, "exposed", false);
            if (takerKong.from === null) { takerKong.from = seats[0]; takerKong.fedBy = true; }
            subject = taker;
          } else state.kongFeeder = seats[0];
        } else if (next.type === "fed" && peek(1).type === "kong") {
          // 小李点的杠: as 点杠.
          i += 2;
          state.kongFeeder = seats[0];
        } else if (next.type === "give" && isSeat(peek(1))) {
          // 张姐给小李点炮
          i += 1;
          var receivers = readSeats();
          if (peek().type === "discard" || peek().type === "fed") i += 1;
          if (peek().type === "win") i += 1;
          receivers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
        } else if (next.type === "kong" && !(next.bySound && !next.kind && peek(1).type !== "tile")) {
          i += 1;
          // 王姐和大陈都暗杠了: each of them.
          var firstRow = kongRow(seats[0], next.kind, next.bySound);
          seats.slice(1).forEach(function (seat) {
            state.kongs.push({ seat: seat, kind: firstRow.kind, tile: "", from: null });
          });
        } else if (next.type === "tile" && peek(1).type === "kong" && peek(1).kind) {
          // 老刘五万暗杠: the tile before the kind.
          i += 2;
          kongRow(seats[0], peek(-1).kind, peek(-1).bySound, next.tile);
        } else if (next.type === "ready") {
          i += 1;
          seats.forEach(function (seat) { state.ready[seat] = next.value; });
        } else if (next.type === "closed") {
          i += 1;
          seats.forEach(function (seat) { state.closed[seat] = true; });
        } else if (next.type === "others") {
          // 老王自摸，三家都没开门: the three others of the seat named.
          i += 1;
          if (peek().type === "all") i += 1;
          if (peek().type === "closed") {
            i += 1;
            for (var other = 0; other < 4; other++) if (other !== seats[0]) state.closed[other] = true;
          }
        } else if (next.type === "side" && next.float && !numberFollows() && floatPattern() && vocab.sideBet !== "漂") {
          // 老刘飘了: an all-pung hand where 飘 is no side bet.
          i += 1;
          addPattern({ type: "pattern", id: floatPattern() }, seats[0], null);
        } else if (next.type === "side") {
          i += 1;
          var bet = countAfter();
          seats.forEach(function (seat) { state.sideBets[seat] = bet; });
        } else if (next.type === "number" && (peek(1).type === "side" ||
          (peek(1).type === "count" && peek(2).type === "side"))) {
          // 老郑下了俩跑 / 小杨两跑: the amount before the word.
          var amountBefore = next.value;
          i += peek(1).type === "count" ? 3 : 2;
          seats.forEach(function (seat) { state.sideBets[seat] = amountBefore; });
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
        case "stranger":
          state.strangers.push(token.name);
          stranger = token.name;
          subject = null;
          continue;
        case "pattern":
          var known = patternOf(vocab, token.id);
          if (token.id === "hidden_treasure" && peek().type === "is" && peek(1).type === "tile") {
            // 宝牌是三条: the treasure's face, not the ×2 item 宝牌.
            state.treasure = peek(1).tile;
            i += 2;
            break;
          }
          addPattern(token, subject, known && known.repeatable ? countAfter() : null);
          break;
        case "wait":
          // 单吊 / 边张 where the table has no item for it: heard and said back.
          if (state.waits.indexOf(token.word) === -1) state.waits.push(token.word);
          break;
        case "number":
          // 两个风刻 / 三个花 / 三花 / 都下俩跑 / 两个闷豆
          if (peek().type === "count") i += 1;
          if (peek().type === "kong" && subject !== null && token.value >= 1 && token.value <= 4) {
            var kongToken = peek();
            i += 1;
            var before = state.kongs.length;
            var counted = kongRow(subject, kongToken.kind, kongToken.bySound);
            if (!counted.tile && counted.from === null) counted.announced = true;
            // The row said (new or announced before) and any its tiles added count toward the number said.
            for (var extra = Math.max(1, state.kongs.length - before); extra < token.value; extra++) {
              state.kongs.push({ seat: subject, kind: kongToken.kind || "", tile: "", from: null, announced: true });
            }
            break;
          }
          if (peek().type === "pattern") { var counted = peek(); i += 1; addPattern(counted, subject, token.value); }
          else if (peek().type === "flower") { i += 1; setFlowers(token.value); }
          else if (peek().type === "side") {
            i += 1;
            if (state.lastAll) state.allSideBet = token.value;
            else if (subject !== null) state.sideBets[subject] = token.value;
            else state.asks.push({ code: "sideWho", field: "side_bet_", params: {} });
          }
          break;
        case "others":
          if (peek().type === "all") i += 1;
          if (peek().type === "closed" && subject !== null) {
            i += 1;
            for (var o = 0; o < 4; o++) if (o !== subject) state.closed[o] = true;
          } else if (peek().type === "closed") { i += 1; state.closedOthers = true; }
          break;
        case "robbed":
        case "multi":
        case "pao":
        case "ba":
          break;
        case "grab":
          // 抢杠胡，抢的大陈(的杠): whose kong was robbed.
          while (peek().type === "of" || peek().type === "is") i += 1;
          if (isSeat(peek())) {
            var victim = seatOf(peek());
            i += 1;
            if (peek().type === "of") i += 1;
            if (peek().type === "kong") i += 1;
            var robbing = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
            if (robbing.length) robbing.forEach(function (win) { win.from = victim; });
            else if (subject !== null && subject !== victim) {
              setMethod(winOf(subject), "rob_kong", victim);
              lastWinSeat = subject;
            }
          }
          break;
        case "pung":
          // 老王补杠，碰的小李的: whose discard the added kong's pung was claimed from.
          while (peek().type === "of" || peek().type === "is") i += 1;
          if (isSeat(peek())) {
            var feeder = seatOf(peek());
            i += 1;
            if (peek().type === "of") i += 1;
            var pungKong = lastKong && lastKong.from === null && (lastKong.kind === "added" || lastKong.kind === "")
              ? lastKong : null;
            var pungTile = peek().type === "tile" ? peek().tile : "";
            if (pungTile) i += 1;
            if (pungKong) {
              pungKong.from = feeder;
              pungKong.fedBy = true;
              if (!pungKong.kind) pungKong.kind = "added";
              if (!pungKong.tile && pungTile) pungKong.tile = pungTile;
            } else if (subject !== null) state.pungs.push({ seat: subject, from: feeder, tile: pungTile });
          }
          break;
        case "baozi":
          state.dice = true;
          break;
        case "treasure":
          // 宝是三条 / 宝三条 / 三条是宝
          if (peek().type === "is") i += 1;
          if (peek().type === "tile") { state.treasure = peek().tile; i += 1; }
          else if (tokens[i - 2] && tokens[i - 2].type === "is" && tokens[i - 3] && tokens[i - 3].type === "tile") {
            state.treasure = tokens[i - 3].tile;
          }
          break;
        case "turned":
          // 翻的是北风 / 北风翻出来了: the tile turned up, from which the table reads its treasure (or 混).
          if (peek().type === "is") i += 1;
          if (peek().type === "tile") { state.turned = peek().tile; i += 1; }
          else if (tokens[i - 2] && tokens[i - 2].type === "tile") state.turned = tokens[i - 2].tile;
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
          if (strangerDid("self")) break;
          if ((peek().type === "of" && peek(1).type === "is" && isSeat(peek(2))) || (peek().type === "is" && isSeat(peek(1)))) {
            // 自摸的是老刘
            i += peek().type === "of" ? 2 : 1;
            subject = seatOf(peek());
            i += 1;
          }
          if (subject !== null) { setMethod(winOf(subject), "self_draw"); lastWinSeat = subject; }
          else state.selfDrawn = true;
          break;
        case "win":
        case "ron":
          if (strangerDid("win")) break;
          if (peek().type === "is" && isSeat(peek(1))) {
            // 胡的是老王: who won.
            var winner = seatOf(peek(1));
            i += 2;
            winOf(winner);
            if (token.type === "ron") setMethod(winOf(winner), "discard");
            subject = lastWinSeat = winner;
          } else if (token.type === "ron" && subject !== null) {
            setMethod(winOf(subject), "discard");
            lastWinSeat = subject;
          }
          break;
        case "discardto":
        case "discard":
          if (strangerDid("discard")) break;
          if ((token.type === "discardto" || peek().type === "give") && isSeat(peek(token.type === "discardto" ? 0 : 1))) {
            // 张姐明楼，点炮给老王: the seat just named made the discard.
            if (token.type !== "discardto") i += 1;
            var giver = subject;
            readSeats().forEach(function (seat) {
              if (giver !== null && giver !== seat) { setMethod(winOf(seat), "discard", giver); lastWinSeat = seat; }
              else winOf(seat);
            });
            if (peek().type === "win") i += 1;
          } else if ((peek().type === "is" && isSeat(peek(1))) || (peek().type === "of" && peek(1).type === "is" && isSeat(peek(2)))) {
            // 点炮的是张姐
            i += peek().type === "of" ? 2 : 1;
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
          if (strangerDid("kong")) break;
          // 老刘五万杠了: the tile just before, when it is not one of the winning tiles said.
          // 五万的暗杠 too.
          var back = tokens[i - 2] && tokens[i - 2].type === "of" ? i - 3 : i - 2;
          var before = tokens[back];
          var tileBefore = before && before.type === "tile" && !used[back] && !token.afterPause &&
            state.tiles.indexOf(before.tile) === -1 ? before.tile : "";
          if (subject !== null) kongRow(subject, token.kind, token.bySound, tileBefore);
          else state.asks.push({ code: "kongWho", field: "kong_seat_0", params: {} });
          break;
        case "ready":
          if (subject !== null) state.ready[subject] = token.value;
          else state.asks.push({ code: "readyWho", field: "ready_", params: {} });
          break;
        case "closed":
          if (strangerDid("closed")) break;
          if (subject !== null) state.closed[subject] = true;
          else state.asks.push({ code: "closedWho", field: "closed_", params: {} });
          break;
        case "side":
          if (token.float && !numberFollows() && floatPattern() && vocab.sideBet !== "漂" && !state.lastAll) {
            addPattern({ type: "pattern", id: floatPattern() }, subject, null);
            break;
          }
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
          // 色子打了个对子 / 骰子一对 / 色子翻倍 / 骰子豹子
          while (peek().type === "number" || peek().type === "count" || peek().type === "is") i += 1;
          if (peek().type === "pair" || peek().type === "baozi") { i += 1; state.dice = true; }
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
      // 老王两个花，小李三个花: each winner's own.
      state.flowersBy = state.flowersBy || {};
      if (subject !== null) state.flowersBy[subject] = n;
    }
    return state;
  }


  function patternOf(vocab, id) {
    for (var p = 0; p < (vocab.patterns || []).length; p++) if (vocab.patterns[p].id === id) return vocab.patterns[p];
    return null;
  }


  return { interpret: interpret, newWin: newWin, patternOf: patternOf };
});
