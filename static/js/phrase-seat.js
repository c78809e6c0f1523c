// How the phrase box reads what is said of a seat just named (static/js/phrase-read.js reads the sentence in order
// and hands each seat named here): 老王自摸, 小李胡了张姐的, 张姐放炮给小李, 阿强抢了老王的杠, 老刘暗杠五万, 王姐报听,
// 小李漂三 … The seats named become the subject of what follows. Pure, like the rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-kongs.js"));
  else root.TKPhraseSeat = factory(root.TKPhraseKongs);
})(typeof self !== "undefined" ? self : this, function (kongs) {
  "use strict";

  // 小李胡了张姐的 / 小李胡的张姐 / 小李胡张姐 / 小李吃胡: the seats won, and on whose discard if said after.
  function won(r, seats, verb) {
    var peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf, winOf = r.winOf, setMethod = r.setMethod;
    seats.forEach(function (seat) { winOf(seat); r.lastWinSeat = seat; });
    if (verb.type === "ron") seats.forEach(function (seat) { setMethod(winOf(seat), "discard"); });
    if (peek().type === "of" && isSeat(peek(1)) && seatOf(peek(1)) !== seats[0]) r.i += 1;
    var after = peek(1).type;
    // 老刘胡了大陈一张五万: the tile said of the seat is the one it discarded.
    var oneTile = after === "number" && peek(2).type === "count" && peek(3).type === "tile";
    // (Not a seat after a pause: 李哥胡了，老孙… starts what is said of 老孙.)
    if (isSeat(peek()) && seats.indexOf(seatOf(peek())) === -1 && (!peek().afterPause || after === "of") &&
      (["of", "discard", "fed", "end", "pattern", "tile"].indexOf(after) !== -1 || oneTile || peek(1).afterPause)) {
      var from = seatOf(peek());
      r.i += 1;
      if (oneTile) r.i += 2;
      if (peek().type === "of" || peek().type === "fed") r.i += 1;
      if (peek().type === "discard") r.i += 1;
      // 小李胡老王的补杠: won on the kong being added, so robbed it.
      var robbed = peek().type === "kong" && peek().kind === "added" && !peek().afterPause;
      if (robbed) r.i += 1;
      seats.forEach(function (seat) { setMethod(winOf(seat), robbed ? "rob_kong" : "discard", from); });
    }
  }

  function afterSeat(r) {
    var state = r.state, vocab = r.vocab, peek = r.peek, seatOf = r.seatOf, isSeat = r.isSeat, winOf = r.winOf;
    var setMethod = r.setMethod, readSeats = r.readSeats, countAfter = r.countAfter, addPattern = r.addPattern;
    var floatPattern = r.floatPattern, numberFollows = r.numberFollows;
    state.lastAll = false;
    r.stranger = null;
    var start = r.i, seats = readSeats();
    r.subject = seats[0];
    state.named = (state.named || []).concat(seats);
    if (state.pendingReady) { state.ready[seats[0]] = state.pendingReady; state.pendingReady = null; }
    if (state.pendingClosed) { state.closed[seats[0]] = true; state.pendingClosed = false; }
    var next = peek();
    // 露了两张，小赵: a seat named on its own right after a penalty with no payer pays it.
    var before = r.tokens[start - 1];
    var unpaid = state.penalties.filter(function (p) { return p.seat === null; });
    if ((next.type === "end" || next.afterPause) && seats.length === 1 && unpaid.length && before &&
      ["penalty", "count", "number"].indexOf(before.type) !== -1) {
      unpaid[unpaid.length - 1].seat = seats[0];
      return;
    }
    if (next.type === "end" || next.type === "pattern" || next.afterPause) {
      state.bare.push(seats[0]);
      // 一炮双响，老刘放炮，王姐跟大陈: a group named on its own, who won on one discard.
      if (seats.length > 1) state.alone = (state.alone || []).concat(seats);
    }
    if (next.type === "of" && (peek(1).type === "kong") && r.lastWinSeat !== null) {
      // 阿强抢杠胡，老王的杠: whose kong was robbed.
      var robbed = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
      if (robbed.length) { robbed.forEach(function (win) { win.from = seats[0]; }); r.i += 2; return; }
    }
    if (next.type === "of") {
      r.i += 1;
      next = peek();
      // 小李胡了，抢杠，老王的: whose kong the win robbed.
      var unrobbed = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null && win.seat !== seats[0]; });
      if ((next.type === "end" || next.afterPause) && state.robSaid && !unrobbed.length) {
        unrobbed = state.wins.filter(function (win) { return !win.method && win.seat !== seats[0]; });
      }
      if ((next.type === "end" || next.afterPause) && unrobbed.length) {
        unrobbed.forEach(function (win) { win.method = "rob_kong"; win.from = seats[0]; });
        return;
      }
      // 清一色，老王的: the items said before, with no one's, were his.
      if (next.type === "end" || next.afterPause) {
        var unowned = state.loosePatterns.filter(function (p) { return p.owner === null; });
        unowned.forEach(function (p) { p.owner = seats[0]; });
        if (unowned.length) state.bare.push(seats[0]);
        // 这把(是)老王的 / 张姐点炮，老王的: no other win nor item said, the hand was his.
        if (next.type === "end" && !state.wins.length && !state.loosePatterns.length && !state.kongs.length &&
          !state.result && !state.strangerActs.length && !state.wonSaid && state.discarders.indexOf(seats[0]) === -1) {
          winOf(seats[0]);
        }
      }
    }
    if (r.strangerWith && (next.type === "self" || next.type === "win" || next.type === "ron")) {
      state.strangerActs.push({ name: r.strangerWith, act: next.type === "self" ? "self" : "win" });
    }
    r.strangerWith = null;
    if (next.type === "self") {
      r.i += 1;
      seats.forEach(function (seat) { setMethod(winOf(seat), "self_draw"); r.lastWinSeat = seat; });
    } else if (next.type === "win" || next.type === "ron") {
      r.i += 1;
      won(r, seats, next);
    } else if (next.type === "kongfed") {
      // 小赵杠完打的: the discard right after 小赵's kong (杠上炮), which the winner won on.
      r.i += 1;
      state.discarders.push(seats[0]);
      state.kongFed = seats[0];
      // 小赵暗杠完打的: a concealed kong is a row too (whole as said).
      if (next.kind === "concealed") state.kongs.push({ seat: seats[0], kind: next.kind, tile: "", from: null });
    } else if (next.type === "ba" && isSeat(peek(1))) {
      // 老王把小李的炮胡了: 老王 won on 小李's discard.
      var fedBy = seatOf(peek(1));
      r.i += 2;
      while (["of", "pao", "discard", "fed"].indexOf(peek().type) !== -1) r.i += 1;
      if (peek().type === "win") {
        r.i += 1;
        setMethod(winOf(seats[0]), "discard", fedBy);
        r.lastWinSeat = seats[0];
      } else state.discarders.push(fedBy);
    } else if (next.type === "pao") {
      // 小李的炮 (的 read above): 小李's discard, which someone won on.
      r.i += 1;
      state.discarders.push(seats[0]);
    } else if (next.type === "robbed") {
      // 大陈被抢杠: whose kong was robbed.
      r.i += 1;
      var open = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
      if (open.length) open.forEach(function (win) { win.from = seats[0]; });
      else state.robbedFrom = seats[0];
    } else if (next.type === "rob") {
      r.i += 1;
      // 阿强抢了老王的杠
      var victim = null;
      if (isSeat(peek())) { victim = seatOf(peek()); r.i += 1; if (peek().type === "of") r.i += 1; if (peek().type === "kong") r.i += 1; }
      if (peek().type === "win") r.i += 1;
      seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", victim); r.lastWinSeat = seat; });
    } else if (next.type === "grab" && isSeat(peek(1))) {
      var robbedFrom = seatOf(peek(1));
      r.i += 2;
      if (peek().type === "of") r.i += 1;
      if (peek().type === "kong") r.i += 1;
      if (peek().type === "win") r.i += 1;
      seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", robbedFrom); r.lastWinSeat = seat; });
    } else if (next.type === "discardto" && isSeat(peek(1))) {
      // 张姐点给小李(和老王)
      r.i += 1;
      var takersTo = readSeats();
      if (peek().type === "win") r.i += 1;
      takersTo.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
    } else if (next.type === "multi" && seats.length > 1) {
      // 老刘王姐双响: both won on one discard.
      r.i += 1;
      seats.forEach(function (seat) { winOf(seat); r.lastWinSeat = seat; });
    } else if (next.type === "multi" && peek(1).type === "give" && isSeat(peek(2))) {
      // 张姐一炮双响给老王和小李
      r.i += 2;
      readSeats().forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
    } else if (next.type === "multi") {
      // 张姐一炮三响: 张姐's discard, which several won on; (，)老王和小李: who.
      r.i += 1;
      state.multiSaid = next.three ? 3 : 2;
      state.discarders.push(seats[0]);
      if (r.groupAlone() && seatOf(peek()) !== seats[0]) {
        readSeats().forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
      }
    } else if (kongs.clause(r, seats, next)) {
      // A kong said of these seats (phrase-kongs.js): theirs, or fed by them.
    } else if ((next.type === "fed" || next.type === "play") && peek(1).type === "tile" && isSeat(peek(2)) &&
      seatOf(peek(2)) !== seats[0] && peek(3).type === "kong" && !peek(2).afterPause && !peek(3).afterPause &&
      ["", "exposed"].indexOf(peek(3).kind || "") !== -1) {
      // 刘洋打的五条王姐杠了: 王姐's kong, claimed from 刘洋's discard (点豆 or 明杠 said after it is the same kong).
      var claimed = { seat: seatOf(peek(2)), kind: "exposed", tile: peek(1).tile, from: seats[0], fedBy: true };
      state.kongs.push(claimed);
      r.lastKong = claimed;
      r.subject = claimed.seat;
      r.i += 4;
      if ((peek().type === "kong" && peek().kind === "exposed") || peek().type === "kongfeed") r.i += 1;
    } else if (next.type === "discard" || next.type === "fed") {
      r.i += 1;
      // 老刘明杠五万，王姐点的 / 小李明杠两个，一个张姐点的一个阿强点的: the claimed kong said last still unfed, or
      // the next of its owner's announced ones; a tile said just before the feeder is that kong's.
      var fedKong = next.type === "fed" && peek().type !== "give" ? kongs.openClaimed(r) : null;
      // (李哥杠了，然后老孙胡了，李哥点的: no one feeds their own kong; it is the winning discard.)
      if (fedKong && fedKong.seat === seats[0]) fedKong = null;
      if (fedKong) {
        fedKong.from = seats[0];
        fedKong.fedBy = true;
        // (杠了俩，王姐点的一个: a kong fed, its kind not said, was claimed from the discard: exposed.)
        if (!fedKong.kind) fedKong.kind = "exposed";
        var tileBefore = r.tokens[start - 1];
        if (!fedKong.tile && tileBefore && tileBefore.type === "tile" && !r.used[start - 1]) fedKong.tile = tileBefore.tile;
        // 老刘明杠五万，王姐点的，杠上开花: what follows is about the kong's owner again.
        r.subject = fedKong.seat;
      } else if ((peek().type === "give" && isSeat(peek(1))) || ((next.type === "discard" || next.type === "fed") && isSeat(peek()) &&
        !peek().afterPause && seatOf(peek()) !== seats[0] && (peek(1).type === "end" || peek(1).type === "win" || peek(1).afterPause))) {
        // 张姐放炮给小李(和老王) / 老王点炮小李 / 小马点的周姐
        if (peek().type === "give") r.i += 1;
        var takers = readSeats();
        if (peek().type === "win") r.i += 1;
        takers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
      } else {
        state.discarders.push(seats[0]);
      }
    } else if (next.type === "give" && (peek(1).type === "fed" || peek(1).type === "discard")) {
      // 小赵给点的: 小赵 made the discard, who won on it is said elsewhere.
      r.i += 2;
      state.discarders.push(seats[0]);
      // (小李暗楼，老王给点了: someone won on it.)
      state.wonSaid = true;
    } else if (next.type === "pung" && r.lastKong && r.lastKong.seat !== seats[0] && r.lastKong.from === null &&
      ["added", ""].indexOf(r.lastKong.kind) !== -1) {
      // 老王补杠，补的是张姐碰的红中 / 小马补杠三饼，是李哥碰的: whose discard the added kong's pung was.
      r.i += 1;
      var added = r.lastKong;
      added.from = seats[0];
      added.fedBy = true;
      added.kind = "added";
      if (peek().type === "tile" && !peek().afterPause) { if (!added.tile) added.tile = peek().tile; r.i += 1; }
      r.subject = added.seat;
    } else if (next.type === "discardto" && peek(1).type === "stranger") {
      // 老王点炮给我: whose discard it was is certain, who won on it is asked.
      state.discarders.push(seats[0]);
      r.i += 1;
      state.strangerActs.push({ name: peek().name, act: "win" });
    } else if (next.type === "give" && isSeat(peek(1))) {
      // 张姐给小李点炮
      r.i += 1;
      var receivers = readSeats();
      if (peek().type === "discard" || peek().type === "fed") r.i += 1;
      // 张姐给老王喂了三副: the sets fed toward 承包, not the winning discard.
      if (peek().type === "number" && !peek().afterPause) { r.i += peek(1).type === "count" ? 2 : 1; return; }
      if (peek().type === "win") r.i += 1;
      receivers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
    } else if (next.type === "play" && peek(1).type === "tile") {
      // 大陈打了个五万(，老刘胡了) / 大陈出五万点炮: the tile it let go, which someone won on.
      r.i += 2;
      state.discarders.push(seats[0]);
      if (peek().type === "discard" && !peek().afterPause) r.i += 1;
    } else if (next.type === "also") {
      // 小李漂一个，张姐也是(一个) / 老郑跑二，小杨也二: the side bet just said, again, for these seats (the amount
      // said with it, if any). 也 before other words (张姐也没开门) only joins them.
      r.i += 1;
      var again = peek().type === "number" && ["pattern", "flower", "kong"].indexOf(peek(peek(1).type === "count" ? 2 : 1).type) === -1;
      var ends = peek().type === "end" || peek().afterPause;
      if (state.lastSideBet !== undefined && state.lastSideBet !== null && (again || ends)) {
        var amountAgain = again ? peek().value : state.lastSideBet;
        if (again) r.i += peek(1).type === "count" ? 2 : 1;
        if (peek().type === "side" && !peek().afterPause) r.i += 1;
        seats.forEach(function (seat) { state.sideBets[seat] = amountAgain; });
      }
    } else if (next.type === "ready") {
      r.i += 1;
      seats.forEach(function (seat) { state.ready[seat] = next.value; });
    } else if (next.type === "closed") {
      r.i += 1;
      seats.forEach(function (seat) { state.closed[seat] = true; });
    } else if (next.type === "others") {
      // 老王自摸，三家都没开门: the three others of the seat named.
      r.i += 1;
      if (peek().type === "all") r.i += 1;
      if (peek().type === "closed") {
        r.i += 1;
        for (var other = 0; other < 4; other++) if (other !== seats[0]) state.closed[other] = true;
      }
    } else if (next.type === "side" && next.float && !numberFollows() && floatPattern() && vocab.sideBet !== "漂") {
      // 老刘飘了: an all-pung hand where 飘 is no side bet.
      r.i += 1;
      addPattern({ type: "pattern", id: floatPattern() }, seats[0], null);
    } else if (next.type === "side") {
      r.i += 1;
      var bet = countAfter();
      seats.forEach(function (seat) { state.sideBets[seat] = state.lastSideBet = bet; });
    } else if (next.type === "number" && state.flowersBy && Object.keys(state.flowersBy).length && vocab.flowers &&
      (state.lastSideBet === undefined || state.lastSideBet === null) &&
      ((peek(1).type === "count" && (peek(2).type === "end" || peek(2).afterPause)) || peek(1).type === "end" || peek(1).afterPause)) {
      // 张姐三个花，阿强一个: the flowers said just before, another seat's count.
      r.i += peek(1).type === "count" ? 2 : 1;
      state.flowersBy[seats[0]] = next.value;
    } else if (next.type === "number" && state.lastSideBet !== undefined && state.lastSideBet !== null && vocab.sideBet &&
      ((peek(1).type === "count" && (peek(2).type === "end" || peek(2).afterPause)) || peek(1).type === "end" || peek(1).afterPause)) {
      // 刘洋跑两个，老郑一个: the side bet said just before, another seat's amount.
      r.i += peek(1).type === "count" ? 2 : 1;
      seats.forEach(function (seat) { state.sideBets[seat] = state.lastSideBet = next.value; });
    } else if (next.type === "number" && (peek(1).type === "side" ||
      (peek(1).type === "count" && peek(2).type === "side"))) {
      // 老郑下了俩跑 / 小杨两跑: the amount before the word.
      var amountBefore = next.value;
      r.i += peek(1).type === "count" ? 3 : 2;
      seats.forEach(function (seat) { state.sideBets[seat] = state.lastSideBet = amountBefore; });
    } else if (next.type === "void") {
      r.i += 1;
      state.result = state.result || "void";
      state.voidSeat = seats[0];
    } else if (next.type === "penalty") {
      // 小李露了两张 / 老王四家同打
      r.i += 1;
      state.penalties.push({ kind: next.kind, seat: seats[0], count: countAfter() });
    } else if (next.type === "fine" && !isSeat(peek(1))) {
      // 四家同打，王姐罚: the penalty said with no payer is hers.
      r.i += 1;
      var fined = state.penalties.filter(function (p) { return p.seat === null; });
      if (fined.length) fined[fined.length - 1].seat = seats[0];
    } else if (next.type === "first") {
      // 四家同打，老王先打的: the first of the four pays.
      r.i += 1;
      var open = state.penalties.filter(function (p) { return p.kind === "four_same_discards" && p.seat === null; })[0];
      if (open) open.seat = seats[0];
      else state.penalties.push({ kind: "four_same_discards", seat: seats[0], count: null });
    } else if (next.type === "liable") {
      // 老王包了 / 老王承包 / 老王包小李
      r.i += 1;
      var forSeat = null;
      if (isSeat(peek()) && !peek().afterPause) { forSeat = seatOf(peek()); r.i += 1; }
      state.liable.push({ seat: seats[0], forSeat: forSeat });
    }
  }

  // 他 / 她: at the start of a clause, the seat named last (老王自摸，他有花); inside one, the seat named before the
  // clause's own (老刘自摸，王姐点炮给他: 老刘). Each becomes that seat's name; one with no seat named before says nothing,
  // and so does one before 上家/下家/对家 (他上家, 他的上家: those count from the seat just named already).
  // At the start of a clause after a win said with its winner first (小李胡了老王的，他手里有个旋风杠), it is that winner.
  function resolvePronouns(tokens, vocab) {
    var named = [], clauseStart = null, winner = null, clauseWinner = null;
    return tokens.map(function (token, index) {
      if (index === 0 || token.afterPause) { clauseStart = null; winner = clauseWinner; clauseWinner = null; }
      var previous = tokens[index - 1] || {};
      if (["win", "self", "ron"].indexOf(token.type) !== -1 && !token.afterPause && previous.type === "name") {
        clauseWinner = previous.seat;
      }
      var next = tokens[index + 1] || {}, after = tokens[index + 2] || {};
      if (token.type === "pronoun" && (next.type === "relative" || (next.type === "of" && after.type === "relative"))) {
        return null;
      }
      if (token.type === "pronoun") {
        var target = clauseStart === null && winner !== null ? winner : named[named.length - 1];
        var others = named.filter(function (seat) { return seat !== clauseStart; });
        if (clauseStart !== null && others.length) target = others[others.length - 1];
        return target === undefined ? token : Object.assign({}, token, { type: "name", seat: target, pronoun: true });
      }
      var seat = token.type === "name" ? token.seat : token.type === "dealer" ? vocab.dealer : null;
      if (typeof seat === "number") {
        named.push(seat);
        if (clauseStart === null) clauseStart = seat;
      }
      return token;
    }).filter(function (token, index, all) {
      // 他的上家: the 的 goes with the 他.
      return token !== null && !(token.type === "of" && index > 0 && all[index - 1] === null);
    });
  }

  // 李哥听着牌还点了炮 / 老王的幺鸡打出去: the seat named just before, with only its own facts (ready, closed, the
  // tile it let go) between.
  function saidOfSeat(r, seat) {
    var back = r.i - 2;
    while (back >= 0 && ["ready", "closed", "all", "we", "of", "tile", "count", "number"].indexOf(r.tokens[back].type) !== -1) {
      back -= 1;
    }
    return back < r.i - 2 && back >= 0 && r.isSeat(r.tokens[back]) && r.seatOf(r.tokens[back]) === seat;
  }

  // 点炮 / 打了 / 点炮给 with the words around them: who made the discard (the seat said before it, or after 的/是),
  // and who won on it where 给 names them.
  function discarded(r, token) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf, winOf = r.winOf, setMethod = r.setMethod;
    var readSeats = r.readSeats;
    if (r.strangerDid("discard")) {
      // 我点炮给小李 / 陈哥点炮王姐: who won is certain, whose discard it was is asked.
      var takes = token.type === "discardto" || (token.type === "discard" && ["end", "win"].indexOf(peek(1).type) !== -1) ||
        Boolean(peek(1).afterPause);
      if (takes && isSeat(peek())) readSeats().forEach(function (seat) { setMethod(winOf(seat), "discard"); });
      return;
    }
    // 小赵杠了，打了个三万(，大陈胡了) / 小赵暗杠五万，点炮给大陈: the discard right after the kong just said.
    if (r.subject !== null && kongs.justSaid(r)) {
      state.kongFed = r.subject;
      // As 杠完打的: the kong is said only as when the discard came, not as a row (its kind was not said).
      var last = r.lastKong;
      if (last && last.seat === r.subject && !last.kind && !last.tile && last.from === null) {
        state.kongs.splice(state.kongs.indexOf(last), 1);
      }
      if (state.discarders.indexOf(r.subject) === -1) state.discarders.push(r.subject);
    }
    if (token.type === "play") return;
    if ((token.type === "discardto" || peek().type === "give") && isSeat(peek(token.type === "discardto" ? 0 : 1))) {
      // 张姐明楼，点炮给老王: the seat just named made the discard.
      if (token.type !== "discardto") r.i += 1;
      var giver = r.subject;
      readSeats().forEach(function (seat) {
        if (giver !== null && giver !== seat) { setMethod(winOf(seat), "discard", giver); r.lastWinSeat = seat; }
        else winOf(seat);
      });
      if (peek().type === "win") r.i += 1;
    } else if (r.subject !== null && isSeat(peek()) && seatOf(peek()) !== r.subject && saidOfSeat(r, r.subject) &&
      (peek(1).type === "end" || peek(1).type === "win" || peek(1).afterPause)) {
      // 老孙都听了还点了周姐: the seat said before made it, the one after won on it.
      state.discarders.push(r.subject);
      var fedSeat = seatOf(peek());
      r.i += 1;
      if (peek().type === "win") r.i += 1;
      setMethod(winOf(fedSeat), "discard", r.subject);
      r.lastWinSeat = fedSeat;
    } else if ((isSeat(peek()) && (peek(1).type === "end" || peek(1).afterPause)) ||
      (peek().type === "of" && isSeat(peek(1)) && (peek(2).type === "end" || peek(2).afterPause))) {
      // 点炮的李哥，… / …，點炮周姐: the seat said right after the discard, on its own, made it.
      if (peek().type === "of") r.i += 1;
      state.discarders.push(seatOf(peek()));
      r.i += 1;
    } else if ((peek().type === "is" && isSeat(peek(1))) || (peek().type === "of" && peek(1).type === "is" && isSeat(peek(2)))) {
      // 点炮的是张姐
      r.i += peek().type === "of" ? 2 : 1;
      state.discarders.push(seatOf(peek()));
      r.i += 1;
    } else if (r.subject !== null && saidOfSeat(r, r.subject)) state.discarders.push(r.subject);
    else state.discardSaid = true;
  }

  return { afterSeat: afterSeat, won: won, discarded: discarded, resolvePronouns: resolvePronouns };
});
