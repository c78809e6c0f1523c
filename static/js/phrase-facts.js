// How the phrase box reads the facts a sentence says beside the win with no seat just before them
// (static/js/phrase-read.js reads the rest): flowers, the dice, 承包, penalties, the treasure or the tile turned up,
// ready declarations, closed hands, side bets and the winning tiles, each about the seat named last. Pure, like the
// rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseFacts = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // Reads one fact word (the reader is past it); false where the word is none of these.
  function read(r, token) {
    var state = r.state, vocab = r.vocab, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    var countAfter = r.countAfter, setFlowers = r.setFlowers, strangerDid = r.strangerDid, saysTiles = r.saysTiles;
    var numberFollows = r.numberFollows, floatPattern = r.floatPattern, addPattern = r.addPattern;
    var readSeats = r.readSeats, winOf = r.winOf, setMethod = r.setMethod;
    switch (token.type) {
      case "catch":
        // 俺捉了小马一炮: who won is asked, whose discard it was is certain.
        if (isSeat(peek()) && r.subject === null && r.stranger !== null) {
          state.discarders.push(seatOf(peek()));
          state.strangerActs.push({ name: r.stranger, act: "win" });
          r.i += 1;
          while (["of", "number", "count", "pao", "discard"].indexOf(peek().type) !== -1 && !peek().afterPause) r.i += 1;
          break;
        }
        if (!isSeat(peek()) || r.subject === null || seatOf(peek()) === r.subject) return false;
        var caught = seatOf(peek());
        r.i += 1;
        while (["of", "number", "count", "pao", "discard"].indexOf(peek().type) !== -1 && !peek().afterPause) r.i += 1;
        setMethod(winOf(r.subject), "discard", caught);
        r.lastWinSeat = r.subject;
        break;
      case "multi":
        state.multiSaid = token.three ? 3 : 2;
        // 一炮双响，老王和小李(，张姐点的): the seats named next won on one discard; 张姐打了个一炮双响: hers.
        var shooter = r.subject !== null && !state.wins.some(function (win) { return win.seat === r.subject; }) ? r.subject : null;
        if (shooter !== null && state.discarders.indexOf(shooter) === -1) state.discarders.push(shooter);
        if ((r.subject === null || shooter !== null) && r.groupAlone()) {
          readSeats().forEach(function (seat) {
            if (shooter !== null) setMethod(winOf(seat), "discard", shooter);
            else winOf(seat);
            r.lastWinSeat = seat;
          });
        }
        break;
      case "first":
        // 四家同打白板，头一个打的是小赵: who led, said after.
        if (!(peek().type === "is" && isSeat(peek(1)))) return false;
        var leader = seatOf(peek(1));
        r.i += 2;
        var led = state.penalties.filter(function (p) { return p.kind === "four_same_discards" && p.seat === null; })[0];
        if (led) led.seat = leader;
        else state.penalties.push({ kind: "four_same_discards", seat: leader, count: null });
        break;
      case "both":
        // 小李放炮，张姐四个花，阿强一个花，俩人都胡: the last two named, not the discarder, won on one discard.
        state.multiSaid = 2;
        var pair = (state.named || []).filter(function (seat, at, all) {
          return state.discarders.indexOf(seat) === -1 && all.lastIndexOf(seat) === at;
        }).slice(-2);
        if (pair.length === 2) pair.forEach(function (seat) { winOf(seat); r.lastWinSeat = seat; });
        break;
      case "rob":
        // 抢杠胡，小李胡老王的 / 小李胡了，抢杠: a robbed kong said apart from its seats (settled in phrase-wins.js).
        state.robSaid = true;
        break;
      case "when":
        // 老王补杠的时候小李胡了: the win came on the kong just said.
        // (Only a kong being added can be robbed: 闷豆以后 is no 抢杠.)
        if (r.lastKong && ["added", ""].indexOf(r.lastKong.kind) !== -1 && ["kong", "tile"].indexOf((r.tokens[r.i - 2] || {}).type) !== -1) {
          state.robSaid = true;
        }
        break;
      case "grab":
        // 抢杠胡，抢的大陈(的杠): whose kong was robbed.
        while (peek().type === "of" || peek().type === "is") r.i += 1;
        if (isSeat(peek())) {
          var victim = seatOf(peek());
          r.i += 1;
          if (peek().type === "of") r.i += 1;
          if (peek().type === "kong") r.i += 1;
          var robbing = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
          if (robbing.length) robbing.forEach(function (win) { win.from = victim; });
          else if (r.subject !== null && r.subject !== victim) {
            setMethod(winOf(r.subject), "rob_kong", victim);
            r.lastWinSeat = r.subject;
          }
        }
        break;
      case "others":
        if (peek().type === "all") r.i += 1;
        if (peek().type === "closed" && r.subject !== null) {
          r.i += 1;
          for (var o = 0; o < 4; o++) if (o !== r.subject) state.closed[o] = true;
        } else if (peek().type === "closed") { r.i += 1; state.closedOthers = true; }
        else if (r.subject !== null && vocab.sideBet && (peek().type === "number" || peek().type === "side")) {
          // 王姐自摸，那三家都下了一个跑: the same side bet for each of the three others.
          var amount = peek().type === "number" ? peek().value : null, at = peek().type === "number" ? 1 : 0;
          if (amount !== null && peek(at).type === "count") at += 1;
          if (peek(at).type === "side") {
            if (amount === null && peek(at + 1).type === "number") { amount = peek(at + 1).value; at += 1; }
            r.i += at + 1;
            for (var o2 = 0; o2 < 4; o2++) if (o2 !== r.subject && amount !== null) state.sideBets[o2] = amount;
          }
        } else if (peek().type === "kong" && peek().kind && r.subject !== null) {
          // 大陈自摸，三家都暗杠了: one of that kind for each of the three others.
          var kind = peek().kind;
          r.i += 1;
          for (var k = 0; k < 4; k++) if (k !== r.subject) state.kongs.push({ seat: k, kind: kind, tile: "", from: null });
        }
        break;
      case "baozi":
        state.dice = true;
        break;
      case "treasure":
        // 宝是三条 / 宝三条 / 三条是宝
        if (peek().type === "is") r.i += 1;
        if (peek().type === "tile") { state.treasure = peek().tile; r.i += 1; }
        else if (r.tokens[r.i - 2] && r.tokens[r.i - 2].type === "is" && r.tokens[r.i - 3] && r.tokens[r.i - 3].type === "tile") {
          state.treasure = r.tokens[r.i - 3].tile;
        }
        break;
      case "turned":
        // 翻的是北风 / 北风翻出来了: the tile turned up, from which the table reads its treasure (or 混).
        // 翻出来个北风 / 翻了一张红中: one tile, counted.
        if (peek().type === "is") r.i += 1;
        if (peek().type === "number" && peek().value === 1 && peek(1).type === "count" && peek(2).type === "tile") r.i += 2;
        else if (peek().type === "count" && peek(1).type === "tile") r.i += 1;
        if (peek().type === "tile") { state.turned = peek().tile; r.i += 1; }
        else if (r.tokens[r.i - 2] && r.tokens[r.i - 2].type === "tile") state.turned = r.tokens[r.i - 2].tile;
        break;
      case "flower":
        // 花三个 / 花有三个
        var flowers = countAfter();
        if (flowers !== null) setFlowers(flowers);
        else if (!state.hasFlowers) state.hasFlowers = true;
        break;
      case "hasflower":
        var said = countAfter();
        if (said !== null) { if (peek().type === "flower") r.i += 1; setFlowers(said); }
        else if (peek().type === "flower") { r.i += 1; }
        else state.hasFlowers = true;
        break;
      case "noflower":
        setFlowers(0);
        break;
      case "ready":
        // 暗楼，老王自摸: said before anyone, it is the next seat named's (phrase-seat.js); asked if none is.
        // 我暗楼: the ready of a name to ask about is nobody's yet.
        if (strangerDid("ready")) break;
        // 明楼的小李点的炮: the seat said after it.
        if (peek().type === "of" && isSeat(peek(1)) && !peek().afterPause && !peek(1).afterPause) {
          state.pendingReady = token.value;
          r.i += 1;
          break;
        }
        if (r.subject !== null) state.ready[r.subject] = token.value;
        else state.pendingReady = token.value;
        break;
      case "closed":
        if (strangerDid("closed")) break;
        if (r.subject !== null) state.closed[r.subject] = true;
        else state.pendingClosed = true;
        break;
      case "side":
        if (token.float && !numberFollows() && floatPattern() && vocab.sideBet !== "漂" && !state.lastAll) {
          addPattern({ type: "pattern", id: floatPattern() }, r.subject, null);
          break;
        }
        // 漂：老王一，小李三 / 跑是王姐一个、老郑两个: each seat's, listed after the word.
        var listAt = peek().type === "is" ? 1 : 0, listed = 0;
        while (isSeat(peek(listAt)) && peek(listAt + 1).type === "number") {
          state.sideBets[seatOf(peek(listAt))] = peek(listAt + 1).value;
          listAt += peek(listAt + 2).type === "count" ? 3 : 2;
          // (都下了跑，王姐两跑，老郑一跑: the word again after each amount.)
          if (peek(listAt).type === "side" && !peek(listAt).afterPause) listAt += 1;
          if (peek(listAt).type === "and") listAt += 1;
          listed += 1;
        }
        if (listed) { r.i += listAt; break; }
        // 跑都是二 / 漂都是一: everyone's.
        var everyone = state.lastAll || (peek().type === "all" && peek(1).type !== "end");
        if (peek().type === "all") r.i += 1;
        if (peek().type === "is") r.i += 1;
        var amount = countAfter();
        if (everyone) state.allSideBet = amount;
        else if (r.subject !== null) state.sideBets[r.subject] = state.lastSideBet = amount;
        else state.asks.push({ code: "sideWho", field: "side_bet_", params: {} });
        break;
      case "penalty":
        // 四家同打，老王先打的 / 露牌两张，小李; 露了两张牌的是小赵: its payer said in its own clause.
        var penalty = { kind: token.kind, seat: clauseSeat(r), count: countAfter() };
        state.penalties.push(penalty);
        var at = 0;
        while ((peek(at).type === "of" || peek(at).type === "is") && !peek(at).afterPause) at += 1;
        if (at && isSeat(peek(at)) && !peek(at).afterPause) { penalty.seat = seatOf(peek(at)); r.i += at + 1; }
        break;
      case "fine":
        // 罚王姐 / 罚的是王姐: the penalty said with no payer is theirs.
        while (peek().type === "of" || peek().type === "is") r.i += 1;
        if (isSeat(peek())) { finedSeat(state, seatOf(peek())); r.i += 1; }
        break;
      case "dice":
        // 色子打了个对子 / 骰子一对 / 色子翻倍 / 骰子豹子 / 骰子打了两个六 / 掷出对子: a double said in the same breath.
        for (var d = 0; peek(d).type !== "end" && !peek(d).afterPause && !isSeat(peek(d)); d++) {
          var two = peek(d).type === "number" && peek(d).value === 2 && peek(d + 1).type === "count" &&
            peek(d + 2).type === "number" && !peek(d + 2).afterPause;
          if (peek(d).type === "pair" || peek(d).type === "baozi" || two) {
            r.i += d + (two ? 3 : 1);
            state.dice = true;
            break;
          }
        }
        break;
      case "liable":
        // 承包的是老王
        if (peek().type === "of") r.i += 1;
        if (peek().type === "is") r.i += 1;
        if (isSeat(peek())) { state.liable.push({ seat: seatOf(peek()), forSeat: null }); r.i += 1; }
        else if (r.subject !== null) state.liable.push({ seat: r.subject, forSeat: null });
        else state.asks.push({ code: "liableWho", field: "liable", params: {} });
        break;
      case "plus":
        // 加六条: the winning tile.
        if (peek().type === "tile") { state.winningTile = peek().tile; r.i += 1; }
        break;
      case "tile":
      case "tiles":
        // 胡五万 / 单吊东风 / 胡的是三四五条加六条: the tiles the hand was won with.
        if (saysTiles(r.tokens[r.i - 2], token.afterPause)) state.tiles = state.tiles.concat(token.tiles || [token.tile]);
        break;
      default:
        return false;
    }
    return true;
  }

  // The seat named earlier in the penalty's own clause with no act of a win between (老刘自摸，小赵碰了，露了两张 is
  // no one's yet), else null: a payer is never taken from another clause.
  function clauseSeat(r) {
    if (r.tokens[r.i - 1].afterPause) return null;
    for (var back = r.i - 2; back >= 0; back--) {
      var token = r.tokens[back];
      if (r.isSeat(token)) return r.seatOf(token);
      if (token.afterPause || ["self", "win", "ron", "discard", "fed", "kong", "penalty", "first"].indexOf(token.type) !== -1) break;
      if (back > 0 && r.tokens[back].afterPause) break;
    }
    return null;
  }

  // A payer said apart from its penalty: the last penalty with none.
  function finedSeat(state, seat) {
    var open = state.penalties.filter(function (p) { return p.seat === null; });
    if (open.length) open[open.length - 1].seat = seat;
  }

  return { read: read, finedSeat: finedSeat };
});
