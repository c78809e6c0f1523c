// The phrase box's reading of a sentence's words (static/js/phrase-hear.js hears them): in order, each about
// the last seat named, into what was said of the hand — wins, discards, patterns, kongs, side bets, penalties,
// 承包, tiles — before phrase-parse.js checks it against the table. Pure, like the rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./phrase-hear.js"), require("./phrase-kongs.js"), require("./phrase-seat.js"),
      require("./phrase-facts.js"), require("./phrase-amend.js"));
  } else {
    root.TKPhraseRead = factory(root.TKPhraseHear, root.TKPhraseKongs, root.TKPhraseSeat, root.TKPhraseFacts, root.TKPhraseAmend);
  }
})(typeof self !== "undefined" ? self : this, function (hearing, kongs, seated, facts, rewriting) {
  "use strict";

  var SELF_DRAW_PATTERNS = hearing.SELF_DRAW_PATTERNS, FLOAT_PATTERNS = hearing.FLOAT_PATTERNS;

  function newWin(seat) { return { seat: seat, method: "", from: null, patterns: [], flowers: null, flowersAsked: false }; }

  // The reader: the tokens, the place reached in them (i), what was said so far (state), the seat the words are
  // about (the subject: the last seat named) and the helpers every part of the reading shares (phrase-seat.js reads
  // what follows a seat, phrase-kongs.js the kongs).
  function reader(tokens, vocab) {
    var state = {
      wins: [], discarders: [], kongs: [], ready: {}, closed: {}, sideBets: {}, allSideBet: null, result: "",
      voidSeat: null, loosePatterns: [], asks: [], flowers: null, hasFlowers: false, dealer: vocab.dealer,
      penalties: [], dice: false, liable: [], tiles: [], winningTile: null, notSelf: false,
      strangers: [], strangerActs: [], waits: [], bare: [], closedOthers: false, treasure: null, turned: null,
      pungs: [],
    };
    var r = {
      tokens: tokens, i: 0, state: state, vocab: vocab, subject: null, lastKong: null, lastWinSeat: null, stranger: null,
      used: {},
    };
    function peek(offset) { return r.tokens[r.i + (offset || 0)] || { type: "end" }; }
    function seatOf(token) {
      if (token.type === "name") return token.seat;
      if (token.type === "dealer" && typeof vocab.dealer === "number") return vocab.dealer;
      // 下家 / 上家 / 对家: from the seat just named.
      if (token.type === "relative" && r.subject !== null) return (r.subject + token.offset) % 4;
      if (token.type === "windseat" && typeof vocab.dealer === "number") return (vocab.dealer + token.offset) % 4;
      return null;
    }
    // What a name that is no seat's did (自摸, 点炮 …): asked about, never given to someone else.
    function strangerDid(act) {
      if (r.stranger === null) return false;
      state.strangerActs.push({ name: r.stranger, act: act });
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
      r.i += 1;
      // 老刘王姐双响: names side by side are a group too.
      while ((peek().type === "and" && isSeat(peek(1))) || (isSeat(peek()) && !peek().afterPause)) {
        if (peek().type === "and") r.i += 1;
        seats.push(seatOf(peek()));
        r.i += 1;
      }
      // 张姐和我都胡了: a name to ask about in the group.
      if (peek().type === "and" && peek(1).type === "stranger") {
        var joined = peek(1);
        r.i += 2;
        state.strangers.push(joined.name);
        if (joined.like) (state.like = state.like || {})[joined.name] = joined.like;
        r.strangerWith = joined.name;
      }
      r.i += groupCount(seats.length, 0);
      // 王姐和老刘各一个暗杠: what the group is said to have (each) is each of theirs.
      r.group = null;
      if (peek().type === "all") { r.i += 1; if (seats.length > 1) r.group = seats; }
      return seats;
    }
    // 老王小李两家(都)没开 / 王姐、大陈、小赵三家都没开门 / 老王和小李两个人都: the group's count, said after its
    // names; how many tokens it takes (0 where none is said).
    function groupCount(size, at) {
      if (size < 2) return 0;
      var said = peek(at);
      if (said.type === "others" && size === 3) return 1;
      if (said.type !== "number" || said.value !== size) return 0;
      var after = peek(at + 1).type === "count" ? 2 : 1;
      var next = peek(at + after);
      return next.afterPause || ["end", "all", "closed", "ready", "win", "ron", "multi", "self", "not"].indexOf(next.type) !== -1
        ? after : 0;
    }
    // Seats named next on their own (老王和小李 then a pause or the end): no act of theirs said with them.
    function groupAlone() {
      var j = 0;
      if (!isSeat(peek())) return false;
      var size = 0;
      while ((isSeat(peek(j)) && (j === 0 || !peek(j).afterPause)) || (peek(j).type === "and" && isSeat(peek(j + 1)))) {
        if (isSeat(peek(j))) size += 1;
        j += 1;
      }
      j += groupCount(size, j);
      if (peek(j).type === "all" && !peek(j).afterPause) j += 1;
      return peek(j).type === "end" || Boolean(peek(j).afterPause);
    }
    function countAfter() {
      // 两个 / 2 / 两; not 三个花, which is the flowers' count.
      var after = peek(peek(1).type === "count" ? 2 : 1).type;
      if (peek().type === "number" && after !== "flower" && after !== "pattern") {
        var value = peek().value;
        r.i += 1;
        if (peek().type === "count") r.i += 1;
        return value;
      }
      return null;
    }
    function addPattern(token, owner, count) {
      // An event this variant has no item for at all is what it is there: Harbin pays a kong replacement draw as a
      // plain self-draw (RULES §3.6), so 杠上开花 is said back so, in a question that keeps Save on and is answered
      // in one tap (RULES §9.3.10). One the table's house rules turn off (vocab.off), or a shape it has no win for,
      // is asked about as not scored.
      var plainHere = token.unplayed && (vocab.off || []).indexOf(token.id) === -1 &&
        SELF_DRAW_PATTERNS.indexOf(token.id) !== -1 && ["kong_bloom", "last_tile"].indexOf(token.id) !== -1;
      if (plainHere) state.asks.push({ code: "plainSelfDraw", field: "patterns", params: { name: token.name } });
      else if (token.unplayed) {
        state.asks.push({ code: "unplayed", field: "patterns", params: { name: token.name, id: token.id } });
        // Not ticked, but still heard: 张姐海底捞月 says who won (and that it was a self-draw).
      }
      state.loosePatterns.push({ id: token.id, owner: owner, count: count, unplayed: Boolean(token.unplayed) });
    }
    // Tiles count as the winning hand's only right after 胡/自摸 (胡的是), a pattern (单吊), or other such tiles:
    // a 中 or 东 elsewhere in a sentence is no hand.
    function saysTiles(before, afterPause) {
      var type = before ? before.type : "";
      // 老王自摸，红中是宝: a pause ends what 自摸 says; 胡的是 … does not end there.
      if (afterPause && type !== "is") return false;
      if (type === "is" || type === "of") {
        var back = r.tokens.lastIndexOf(before, r.i - 2) - 1;
        while (back >= 0 && (r.tokens[back].type === "is" || r.tokens[back].type === "of")) back -= 1;
        type = back >= 0 ? r.tokens[back].type : "";
      }
      return ["win", "self", "pattern", "tile", "tiles"].indexOf(type) !== -1 &&
        (type !== "tile" && type !== "tiles" || state.tiles.length > 0);
    }
    function setFlowers(n) {
      state.flowers = n;
      state.flowersOwner = r.subject;
      // 老王两个花，小李三个花: each winner's own.
      state.flowersBy = state.flowersBy || {};
      if (r.subject !== null) state.flowersBy[r.subject] = n;
    }
    function kongRow(seat, kind, bySound, tileBefore) { return kongs.kongRow(r, seat, kind, bySound, tileBefore); }
    Object.assign(r, {
      peek: peek, seatOf: seatOf, isSeat: isSeat, strangerDid: strangerDid, floatPattern: floatPattern,
      numberFollows: numberFollows, winOf: winOf, setMethod: setMethod, readSeats: readSeats, countAfter: countAfter,
      addPattern: addPattern, saysTiles: saysTiles, setFlowers: setFlowers, kongRow: kongRow, groupAlone: groupAlone,
    });
    return r;
  }

  // Reads the tokens in order. The subject is the last seat named: what follows it (自摸, 门清, 漂三) is about them.
  function interpret(tokens, vocab) {
    tokens = rewriting.plain(seated.resolvePronouns(tokens, vocab), vocab).map(function (token) {
      return token.type === "multi3" ? Object.assign({}, token, { type: "multi", three: true }) : token;
    });
    var r = reader(tokens, vocab), state = r.state, peek = r.peek, seatOf = r.seatOf, isSeat = r.isSeat;
    // 胡的是我 / 自摸的是老周: a name to ask about won (the name's own reading records it).
    function strangerAfter() {
      var at = 0;
      while (peek(at).type === "of" || peek(at).type === "is") at += 1;
      if (at === 0 || peek(at).type !== "stranger") return false;
      r.i += at;
      return true;
    }
    var winOf = r.winOf, setMethod = r.setMethod, readSeats = r.readSeats, countAfter = r.countAfter;
    var addPattern = r.addPattern, strangerDid = r.strangerDid, setFlowers = r.setFlowers;
    while (r.i < r.tokens.length) {
      var token = peek();
      if (isSeat(token)) {
        seated.afterSeat(r);
        continue;
      }
      r.i += 1;
      if (facts.read(r, token)) {
        state.lastAll = false;
        continue;
      }
      switch (token.type) {
        case "stranger":
          state.strangers.push(token.name);
          if (token.like) (state.like = state.like || {})[token.name] = token.like;
          // 王姐明杠了大刘的三条 / 阿强明杠了我的六万: who fed the kong is asked; the kong and what follows stay its owner's.
          if ((r.tokens[r.i - 2] || {}).type === "kong" && r.lastKong && r.subject !== null) {
            if (peek().type === "of") r.i += 1;
            if (peek().type === "tile" && !r.lastKong.tile) { r.lastKong.tile = peek().tile; r.i += 1; }
            continue;
          }
          // 我给小杨点了个炮: 小杨 won on the discard of the one asked about.
          if (peek().type === "give" && isSeat(peek(1)) && ["discard", "fed"].indexOf(peek(2).type) !== -1) {
            var taker = seatOf(peek(1));
            r.i += 3;
            setMethod(winOf(taker), "discard");
            state.strangerActs.push({ name: token.name, act: "discard" });
            r.subject = r.lastWinSeat = taker;
            continue;
          }
          var back = r.i - 2;
          while (back > 0 && ["is", "of"].indexOf(r.tokens[back].type) !== -1) back -= 1;
          if (back < r.i - 2 && r.tokens[back] && ["win", "ron", "self"].indexOf(r.tokens[back].type) !== -1) {
            state.strangerActs.push({ name: token.name, act: r.tokens[back].type === "self" ? "self" : "win" });
          }
          if (token.like) (state.like = state.like || {})[token.name] = token.like;
          r.stranger = token.name;
          r.subject = null;
          // 我跟大陈都胡了: the name to ask about is one of the group that follows.
          if (peek().type === "and" && isSeat(peek(1))) { r.i += 1; r.strangerWith = token.name; }
          continue;
        case "pattern":
          // 本人宝中宝: an item said of a name to ask about says that name won.
          if (r.subject === null) strangerDid("win");
          var known = patternOf(vocab, token.id);
          // 宝牌翻出来是七万: the wild, named by the tile turned up (read next), not the item.
          if (token.id === "hidden_treasure" && (peek().type === "turned" || (peek().type === "of" && peek(1).type === "turned"))) break;
          if (token.id === "hidden_treasure" && (peek().type === "tile" || (peek().type === "is" && peek(1).type === "tile"))) {
            // 宝牌是三条 / 宝牌三条: the treasure's face, not the ×2 item 宝牌.
            var faceAt = peek().type === "is" ? 1 : 0;
            state.treasure = peek(faceAt).tile;
            r.i += faceAt + 1;
            break;
          }
          var owner = r.subject;
          if (["kong_discard", "flowing_tears"].indexOf(token.id) !== -1 && owner !== null && peek().type === "give" && isSeat(peek(1))) {
            // 大陈杠上炮给王姐: the seat named made the discard, the one after 给 won on it.
            r.i += 1;
            readSeats().forEach(function (seat) {
              if (seat === owner) return;
              setMethod(winOf(seat), "discard", owner);
              r.lastWinSeat = seat;
              addPattern(token, seat, null);
            });
            break;
          }
          if (peek().type === "is" && isSeat(peek(1)) && peek(2).type === "of") {
            // 碰碰胡是阿强的: whose it was.
            owner = r.subject = seatOf(peek(1));
            r.i += 3;
          }
          addPattern(token, owner, known && known.repeatable ? countAfter() : null);
          break;
        case "wait":
          // 单吊 / 边张 where the table has no item for it: heard and said back.
          if (state.waits.indexOf(token.word) === -1) state.waits.push(token.word);
          break;
        case "number":
          // 两个风刻 / 三个花 / 三花 / 都下俩跑 / 两个闷豆
          if (peek().type === "count") r.i += 1;
          if (kongs.counted(r, token)) break;
          if (peek().type === "pattern") { var counted = peek(); r.i += 1; addPattern(counted, r.subject, token.value); }
          else if (peek().type === "flower") { r.i += 1; setFlowers(token.value); }
          else if (peek().type === "side") {
            r.i += 1;
            if (state.lastAll) state.allSideBet = token.value;
            else if (r.subject !== null) state.sideBets[r.subject] = state.lastSideBet = token.value;
            else state.asks.push({ code: "sideWho", field: "side_bet_", params: {} });
          }
          break;
        case "kongfed":
          // 王姐暗杠了一手三条，杠完打的牌大陈胡了: the discard right after the kong of the seat said before.
          if (r.subject !== null && r.lastKong && r.lastKong.seat === r.subject) {
            if (state.discarders.indexOf(r.subject) === -1) state.discarders.push(r.subject);
            state.kongFed = r.subject;
          }
          break;
        case "fed":
          // 点的是老孙(，胡的是周姐): who made the discard, where no kong was said that it could have fed.
          if (peek().type === "is" && isSeat(peek(1)) && !state.kongs.length) {
            state.discarders.push(seatOf(peek(1)));
            r.i += 2;
          }
          break;
        case "robbed":
        case "pao":
        case "ba":
          break;
        case "pung":
          kongs.pungSaid(r);
          break;
        case "kong":
          kongs.kongSaid(r, token);
          break;
        case "self":
          if (strangerAfter()) continue;
          if (strangerDid("self")) break;
          if ((peek().type === "of" && peek(1).type === "is" && isSeat(peek(2))) || (peek().type === "is" && isSeat(peek(1)))) {
            // 自摸的是老刘
            r.i += peek().type === "of" ? 2 : 1;
            r.subject = seatOf(peek());
            r.i += 1;
          }
          if (r.subject !== null) { setMethod(winOf(r.subject), "self_draw"); r.lastWinSeat = r.subject; }
          else state.selfDrawn = true;
          break;
        case "win":
        case "ron":
          if (strangerAfter()) continue;
          if (strangerDid("win")) {
            // 大刘胡了张姐的 / 我胡的周姐: who won is asked, whose discard it was is certain.
            if (isSeat(peek()) && (["of", "discard", "fed", "end"].indexOf(peek(1).type) !== -1 || peek(1).afterPause)) {
              state.discarders.push(seatOf(peek()));
              r.i += 1;
              while (["of", "discard", "fed"].indexOf(peek().type) !== -1) r.i += 1;
            }
            break;
          }
          if (peek().type === "is" && isSeat(peek(1)) && ["fed", "discard"].indexOf(peek(2).type) !== -1 && r.subject !== null) {
            // 王姐七对，胡的是老郑打的五饼: whose discard the seat named before won on.
            r.i += 3;
            setMethod(winOf(r.subject), "discard", seatOf(peek(-2)));
            r.lastWinSeat = r.subject;
          } else if ((peek().type === "is" && isSeat(peek(1))) || (peek().type === "of" && peek(1).type === "is" && isSeat(peek(2)))) {
            // 胡的是老王 / 胡的是阿强跟老王 / 胡牌的是小马: who won.
            r.i += peek().type === "of" ? 2 : 1;
            readSeats().forEach(function (winner) {
              winOf(winner);
              if (token.type === "ron") setMethod(winOf(winner), "discard");
              r.subject = r.lastWinSeat = winner;
            });
          } else if (r.subject !== null && state.discarders.indexOf(r.subject) === -1) {
            // 老王暗楼胡了小李的 / 老王杠上炮胡了小李: the seat named before the other words won.
            seated.won(r, [r.subject], token);
          } else state.wonSaid = true;  // 老王点炮胡了: someone won on it, who is said elsewhere
          break;
        case "play":
        case "discardto":
        case "discard":
          seated.discarded(r, token);
          break;
        case "draw":
          state.result = "draw";
          break;
        case "void":
          state.result = "void";
          // 诈胡，是大陈: who, said after.
          if (peek().type === "is" && isSeat(peek(1))) r.i += 1;
          if (isSeat(peek())) { state.voidSeat = seatOf(peek()); r.i += 1; }
          else if (r.subject !== null) state.voidSeat = r.subject;
          break;
        case "all":
          state.lastAll = true;
          continue;
        case "notself":
          if (r.subject !== null) winOf(r.subject).notSelf = true;
          else state.notSelf = true;
          break;
        case "pause":
          break;
        default:
          break;
      }
      state.lastAll = false;
    }
    // 老刘补杠被抢了，王姐: the one seat named on its own robbed it; no one named, who won is asked.
    if (!state.wins.length && state.robbedFrom !== undefined && !state.result) {
      var robber = state.bare.filter(function (seat, index, all) { return all.indexOf(seat) === index && seat !== state.robbedFrom; });
      if (robber.length === 1) state.wins.push(newWin(robber[0])); else state.wonSaid = true;
    }
    // 小赵诈和，亮出来根本不成胡: what a false win shows is the false win, not a penalty for tiles shown.
    if (state.result === "void") {
      state.penalties = state.penalties.filter(function (p) {
        return !(p.kind === "revealed_tiles" && p.count === null && (p.seat === null || p.seat === state.voidSeat));
      });
    }
    if (state.pendingReady) state.asks.push({ code: "readyWho", field: "ready_", params: {} });
    if (state.pendingClosed) state.asks.push({ code: "closedWho", field: "closed_", params: {} });
    return state;
  }

  function patternOf(vocab, id) {
    for (var p = 0; p < (vocab.patterns || []).length; p++) if (vocab.patterns[p].id === id) return vocab.patterns[p];
    return null;
  }

  return { interpret: interpret, newWin: newWin, patternOf: patternOf };
});
