// The phrase box's parser: one Chinese sentence about a hand, typed or dictated, into the hand form's fields.
// Pure (no page, no network): the page (phrase.js) and `node --test` (tests/js/) call it the same way. What the
// sentence's words are, as written or by their sound, is phrase-hear.js's; what they say about the hand is here.
//
//   parse(sentence, vocabulary, sounds) -> {fields, asks, heard}
//
// vocabulary: the table's own words, read from the hand form (phrase.js): seats' names, the dealer, the methods
//   and patterns this table plays (id, Chinese name, methods, repeatable), its kinds of kong, ready declarations,
//   the closed-hand word, flowers, the side bet's word, how many may win, whether a void charges someone.
// sounds: syllable -> characters (phrase-words.js, from pypinyin): dictation writes 老汪 for 老王, so words that
//   are not found as written are found by how they sound.
// fields: the form's field names and the values taps would give them; asks: what the sentence leaves out or
//   contradicts ({code, field, params}), for which no field is set: the parser never guesses.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-hear.js"));
  else root.TKPhraseParse = factory(root.TKPhraseHear);
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
          while (peek().type === "number" || peek().type === "count") i += 1;
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

  function namesOf(vocab, seats) { return seats.map(function (seat) { return vocab.seats[seat]; }); }

  // What the sentence said, checked against this table: the form's fields for what is certain, a question for
  // the rest.
  function settleIntent(state, vocab) {
    var fields = {}, asks = state.asks.slice(), methods = vocab.methods || [];
    function ask(code, field, params) { asks.push({ code: code, field: field, params: params || {} }); }
    var wins = state.wins;
    // 老王杠上开花 / 老王清一色: a pattern said of a seat, and no other winner, says who won.
    if (!wins.length) {
      var owners = state.loosePatterns.map(function (p) { return p.owner; }).filter(function (owner, index, all) {
        return owner !== null && all.indexOf(owner) === index && state.discarders.indexOf(owner) === -1;
      });
      if (owners.length === 1) wins = state.wins = [newWin(owners[0])];
    }
    // A discard named on its own (张姐点的炮) is the winners' source.
    if (state.discarders.length) {
      var discarder = state.discarders[state.discarders.length - 1];
      var open = wins.filter(function (win) { return !win.method || (win.method === "discard" && win.from === null); });
      if (open.length) open.forEach(function (win) { win.method = "discard"; win.from = discarder; });
      else if (!wins.length) {
        fields.how = "discard-" + discarder;
        ask("whoWon", "winner", {});
      } else if (wins.every(function (win) { return win.method === "self_draw"; })) {
        ask("selfOrDiscard", "how", { who: wins[0].seat, from: discarder });
        wins.forEach(function (win) { win.method = ""; win.clash = true; });
      }
    }
    if (state.result === "draw") {
      if (wins.length) { ask("drawOrWin", "winner", {}); return { fields: fields, asks: asks }; }
      fields.winner = "draw";
      return besidesTheWin(state, vocab, fields, asks);
    }
    if (state.result === "void") {
      fields.winner = "void";
      if (vocab.voidCharges) {
        if (state.voidSeat !== null) fields.false_win_seat = String(state.voidSeat);
        else ask("voidWho", "false_win_seat", {});
      }
      return besidesTheWin(state, vocab, fields, asks);
    }
    if (!wins.length) {
      if (state.selfDrawn) ask("whoWon", "winner", {});
      else if (state.loosePatterns.length || state.kongs.length || state.flowers !== null || state.liable.length ||
        state.penalties.length || state.dice || state.tiles.length || state.winningTile) ask("whoWon", "winner", {});
    }
    var max = vocab.maxWinners || 1;
    if (wins.length > max) {
      ask("oneWinner", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
      wins = [];
    }
    if (wins.length > 1 && wins.some(function (win) { return win.method === "self_draw"; })) {
      ask("severalSelfDraw", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
      wins = [];
    }
    // Several winners share one discard: a source said for one is the others' too.
    if (wins.length > 1) {
      var shared = wins.filter(function (win) { return win.method; })[0];
      if (shared) wins.forEach(function (win) { if (!win.method) { win.method = shared.method; win.from = shared.from; } });
    }
    var patterns = state.loosePatterns;
    wins.forEach(function (win, index) {
      var mine = patterns.filter(function (p) {
        if (p.owner === win.seat) return true;
        var ownerWins = wins.some(function (other) { return other.seat === p.owner; });
        return !ownerWins && index === 0;
      });
      // 不是自摸: whatever else says self-draw, the keeper said it was not.
      if (win.notSelf || state.notSelf) {
        win.notSelf = true;
        if (win.method === "self_draw") { win.method = ""; win.clash = true; ask("how", "how", { who: win.seat }); }
      }
      // A pattern that scores on self-draw only says how the hand was won (杠上开花 is a self-draw).
      if (!win.method && !win.clash) {
        var implied = mine.map(function (p) {
          return p.unplayed ? { methods: ["self_draw"] } : patternOf(vocab, p.id);
        }).filter(function (p) { return p && p.methods && p.methods.length === 1; });
        if (implied.length && methods.indexOf(implied[0].methods[0]) !== -1) win.method = implied[0].methods[0];
        else if (methods.length === 1) win.method = methods[0];
        if (win.notSelf && win.method === "self_draw") {
          win.method = "";
          win.clash = true;
          ask(methods.length === 1 ? "selfDrawOnly" : "how", "how", { who: win.seat });
        }
      }
      win.mine = mine;
    });
    if (wins.length > 1 && state.flowers !== null) {
      var owner = wins.filter(function (win) { return win.seat === state.flowersOwner; })[0];
      if (owner) owner.flowers = state.flowers;
      else ask("flowersWhose", "flowers", {});
    } else if (wins.length === 1) {
      wins[0].flowers = state.flowers;
    }
    var ok = true;
    wins.forEach(function (win, index) {
      var who = win.seat;
      var prefix = index === 0 ? "" : "extra_";
      if (win.clash) { ok = false; return; }
      if (!win.method) {
        ask("how", "how", { who: who });
        ok = false;
        return;
      }
      if (methods.indexOf(win.method) === -1) {
        ask(win.method === "discard" ? "selfDrawOnly" : "methodNotPlayed", "how", { who: who, from: win.from });
        ok = false;
        return;
      }
      if (win.method !== "self_draw" && win.from === null) {
        ask(win.method === "rob_kong" ? "robbedWhom" : "whoDiscarded", "how", { who: who });
        ok = false;
        return;
      }
      if (win.from === who) { ask("ownDiscard", "how", { who: who }); ok = false; return; }
      var ids = [], counts = {};
      win.mine.forEach(function (p) {
        if (p.unplayed) return;
        var known = patternOf(vocab, p.id);
        if (known.methods && known.methods.indexOf(win.method) === -1) {
          ask("patternMethod", "how", { who: who, name: known.name });
          ok = false;
          return;
        }
        if (ids.indexOf(p.id) === -1) ids.push(p.id);
        if (known.repeatable && p.count) counts[p.id] = (counts[p.id] || 0) + p.count;
      });
      if (index === 0) {
        fields.winner = String(who);
        fields.how = win.method === "self_draw" ? "self_draw" : win.method + "-" + win.from;
        fields.patterns = ids;
        Object.keys(counts).forEach(function (id) { fields["count_" + id] = String(counts[id]); });
      } else {
        fields["extra_winner_" + index] = String(who);
        fields["extra_patterns_" + index] = ids;
        Object.keys(counts).forEach(function (id) { fields["extra_count_" + index + "_" + id] = String(counts[id]); });
      }
      if (win.flowers !== null && win.flowers !== undefined) {
        if (vocab.flowers) fields[prefix + "flowers" + (index ? "_" + index : "")] = String(win.flowers);
        else ask("noFlowers", "", {});
      }
    });
    if (!ok) {
      // What a question leaves open is not filled in, not even the winner: the figures would be a guess.
      Object.keys(fields).forEach(function (name) { if (name !== "how" || wins.length) delete fields[name]; });
      if (wins.length === 1 && !asks.some(function (a) { return a.field === "winner"; })) fields.winner = String(wins[0].seat);
    }
    if (state.hasFlowers && state.flowers === null) ask("howManyFlowers", "flowers", {});
    if (ok) liableFields(state, vocab, wins, fields, ask);
    kongFields(state, vocab, fields, ask);
    seatFields(state, vocab, fields, ask);
    besidesTheWin(state, vocab, fields, asks);
    return { fields: fields, asks: asks, notes: tileFields(state, vocab, wins, fields) };
  }

  // Penalties and the dice double, whatever the hand's result (a drawn hand has them too).
  function besidesTheWin(state, vocab, fields, asks) {
    function ask(code, field, params) { asks.push({ code: code, field: field, params: params || {} }); }
    penaltyFields(state, vocab, fields, ask);
    if (state.dice) {
      if (vocab.dice) fields.dice_double = "on";
      else ask("noDice", "", {});
    }
    return { fields: fields, asks: asks };
  }

  // 承包: the seat that pays all a winner receives (Shandong), per winner.
  function liableFields(state, vocab, wins, fields, ask) {
    state.liable.forEach(function (said) {
      if (!vocab.liable) { ask("noLiable", "", {}); return; }
      var index = -1;
      wins.forEach(function (win, w) { if (win.seat === said.forSeat) index = w; });
      if (said.forSeat === null) index = wins.length === 1 ? 0 : -1;
      if (index === -1) { if (wins.length) ask("liableWhom", "liable", { who: said.seat }); return; }
      if (wins[index].seat === said.seat) { ask("liableSelf", "liable", { who: said.seat }); return; }
      fields[index === 0 ? "liable" : "extra_liable_" + index] = String(said.seat);
    });
  }

  function penaltyFields(state, vocab, fields, ask) {
    var kinds = vocab.penalties || [], row = 0;
    state.penalties.forEach(function (penalty) {
      if (kinds.indexOf(penalty.kind) === -1) { ask("noPenalty", "", {}); return; }
      if (row >= (vocab.penaltyRows || 0)) { ask("morePenalties", "", {}); return; }
      var at = row++;
      fields["penalty_kind_" + at] = penalty.kind;
      if (penalty.seat === null) ask("penaltyWho", "penalty_seat_" + at, {});
      else fields["penalty_seat_" + at] = String(penalty.seat);
      // 露牌 is paid per tile: how many is asked, as 有花 asks how many flowers.
      if (penalty.count !== null) fields["penalty_count_" + at] = String(penalty.count);
      else if (penalty.kind === "revealed_tiles") ask("penaltyHowMany", "penalty_count_" + at, {});
    });
  }

  // The winning tiles said in words fill the tile field only when they are a whole hand (14 tiles, the winning
  // one named after 加): the field takes nothing less, and which tile won is never guessed. Less is noted.
  function tileFields(state, vocab, wins, fields) {
    var said = state.tiles.slice(), winning = state.winningTile;
    if (!winning && said.length === 1) winning = said.pop();
    if (!said.length && !winning) return [];
    if (vocab.tiles && wins.length === 1 && fields.winner === String(wins[0].seat) && winning && said.length === 13) {
      fields.tiles = notation(said) + "+" + winning;
      return [];
    }
    return [{ code: "tilesPartial", params: { name: notation(said) + (winning ? "+" + winning : "") } }];
  }

  // ["3s", "4s", "5s", "1z"] -> "345s1z"
  function notation(tiles) {
    var text = "";
    tiles.forEach(function (tile, index) {
      text += tile[0];
      if (index === tiles.length - 1 || tiles[index + 1][1] !== tile[1]) text += tile[1];
    });
    return text;
  }

  function kongFields(state, vocab, fields, ask) {
    var kinds = (vocab.kongKinds || []).map(function (kind) { return kind.id; });
    state.kongs.slice(0, 4).forEach(function (kong, row) {
      fields["kong_seat_" + row] = String(kong.seat);
      if (kong.tile) fields["kong_tile_" + row] = kong.tile;
      if (!kong.kind) { ask("kongKind", "kong_kind_" + row, { who: kong.seat }); return; }
      if (kinds.indexOf(kong.kind) === -1) { ask("kongNotPlayed", "kong_kind_" + row, { who: kong.seat }); return; }
      fields["kong_kind_" + row] = kong.kind;
      if (kong.from !== null) {
        if (kong.from === kong.seat) ask("kongOwnDiscard", "kong_from_" + row, { who: kong.seat });
        else if (kong.kind === "exposed" || kong.kind === "added") fields["kong_from_" + row] = String(kong.from);
      }
    });
  }

  function seatFields(state, vocab, fields, ask) {
    var readyValues = (vocab.ready || []).map(function (ready) { return ready.id; });
    Object.keys(state.ready).forEach(function (seat) {
      var value = state.ready[seat];
      if (readyValues.indexOf(value) !== -1) fields["ready_" + seat] = value;
      else if (value === "ready" && readyValues.length) ask("whichReady", "ready_" + seat, { who: Number(seat) });
      else ask("noReady", "", {});
    });
    Object.keys(state.closed).forEach(function (seat) {
      if (vocab.closed) fields["closed_" + seat] = "on";
      else ask("noClosed", "", {});
    });
    var bets = state.sideBets;
    if (state.allSideBet !== null && state.allSideBet !== undefined) {
      bets = {};
      (vocab.seats || []).forEach(function (name, seat) { bets[seat] = state.allSideBet; });
    }
    Object.keys(bets).forEach(function (seat) {
      if (!vocab.sideBet) { ask("noSideBet", "", {}); return; }
      if (bets[seat] === null) { ask("sideHowMuch", "side_bet_" + seat, { who: Number(seat) }); return; }
      if (bets[seat] > (vocab.maxSideBet || 0)) { ask("sideTooMuch", "side_bet_" + seat, { who: Number(seat) }); return; }
      fields["side_bet_" + seat] = String(bets[seat]);
    });
  }

  var GRAMMAR = ["of", "is", "and", "all", "count", "stop", "give", "not", "retract", "plus", "number"];

  function dedupe(asks) {
    var seen = {};
    return asks.filter(function (a) {
      var key = a.code + "|" + a.field + "|" + JSON.stringify(a.params);
      if (seen[key]) return false;
      seen[key] = true;
      return true;
    });
  }

  function parse(sentence, vocab, sounds) {
    var tokens = hearing.hear(sentence, vocab, sounds);
    // A pause (a comma, a space dictation left) separates words but says nothing: 张姐胡了 阿强 点的炮.
    // A tile after a pause is marked so (a copy: one word's token object may stand at several places).
    var heard = tokens.map(function (token, index) {
      return index > 0 && tokens[index - 1].type === "pause" ? Object.assign({ afterPause: true }, token) : token;
    }).filter(function (token) { return token.type !== "pause"; });
    // Words that only join others (的, 是, 不是 …) say nothing of a hand on their own: 今天天气不错 is not heard.
    var meaning = heard.filter(function (token) { return GRAMMAR.indexOf(token.type) === -1; });
    if (!meaning.length) return { fields: {}, asks: [], notes: [], heard: 0 };
    var state = interpret(heard, vocab);
    var result = settleIntent(state, vocab);
    return { fields: result.fields, asks: dedupe(result.asks), notes: result.notes || [], heard: meaning.length };
  }

  // A question in the keeper's language: `texts` maps each code to a sentence with {who}, {from}, {name},
  // {names}, {variant} (phrase-words.js, from the .po files).
  function say(ask, vocab, texts, joiner) {
    var params = ask.params || {};
    var words = {
      who: params.who === undefined ? "" : vocab.seats[params.who],
      from: params.from === undefined || params.from === null ? "" : vocab.seats[params.from],
      name: params.name || "",
      names: (params.names || []).join(joiner || "、"),
      variant: vocab.variant || "",
      side: vocab.sideBet || "",
    };
    var text = texts[ask.code] || ask.code;
    Object.keys(words).forEach(function (key) { text = text.split("{" + key + "}").join(words[key]); });
    return text;
  }

  return { parse: parse, say: say, tokens: hearing.hear, PATTERN_WORDS: hearing.PATTERN_WORDS };
});
