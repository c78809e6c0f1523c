// Who won, and how, settled from what the sentence said around the wins (static/js/phrase-read.js reads it), before
// phrase-parse.js checks it against the table: a winner said by an item (老王清一色) or on their own (自摸，老刘), the
// one seat left (小李报听，老王点炮胡了), several on one discard (一炮三响), a robbed kong said apart from its robber,
// the discard after a kong (杠上炮), a fed kong, the three others closed. Pure, like the rest of the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-read.js"));
  else root.TKPhraseWins = factory(root.TKPhraseRead);
})(typeof self !== "undefined" ? self : this, function (reading) {
  "use strict";

  var newWin = reading.newWin, patternOf = reading.patternOf;

  // 一炮三响，大陈放的: the three others of whoever made the discard, in turn from them; 一炮双响，老刘放炮，王姐跟大陈:
  // the two named on their own. Anything else stays asked.
  function severalOnOne(state, wins) {
    if (wins.length || !state.multiSaid || state.discarders.length !== 1) return wins;
    var from = state.discarders[0], seats = [];
    if (state.multiSaid === 3) {
      for (var step = 1; step < 4; step++) seats.push((from + step) % 4);
      // (…张姐点的：老王、小李、阿强: the three named, in the order said.)
      var named = (state.alone || []).filter(function (seat, at, all) { return seat !== from && all.indexOf(seat) === at; });
      if (named.length === 3) seats = named;
    } else {
      seats = (state.alone || []).filter(function (seat, at, all) { return seat !== from && all.indexOf(seat) === at; });
      if (seats.length !== 2) return wins;
    }
    return seats.map(function (seat) { var win = newWin(seat); win.method = "discard"; win.from = from; return win; });
  }

  // A robbed kong said apart from who robbed it (老王补杠，小李抢杠 / 抢杠胡，小李胡老王的 / 老王补杠的时候小李胡了):
  // the win robbed the one kong another seat was adding, which never completed (RULES §9.2.9), so it is no row.
  // Where two seats' kongs could be the one robbed, whose it was stays asked.
  function robbedKong(state, wins) {
    var robbable = ["added", ""], robbed = [];
    wins.forEach(function (win) {
      var robbing = win.method === "rob_kong" || (state.robSaid && (!win.method || win.method === "discard"));
      if (!robbing) return;
      var from = win.from;
      // (老王和小李都抢杠胡了: two who robbed one kong, the kong still there for the second.)
      var rows = state.kongs.filter(function (kong) {
        return kong.seat !== win.seat && robbable.indexOf(kong.kind) !== -1 && (from === null || kong.seat === from);
      });
      var owners = rows.map(function (kong) { return kong.seat; }).filter(function (seat, at, all) { return all.indexOf(seat) === at; });
      if (from === null && owners.length === 1) from = owners[0];
      if (from === null && win.method !== "rob_kong" && !state.robSaid) return;
      win.method = "rob_kong";
      win.from = from;
      if (from !== null && rows.length && robbed.indexOf(rows[0]) === -1) robbed.push(rows[0]);
    });
    robbed.forEach(function (kong) { state.kongs.splice(state.kongs.indexOf(kong), 1); });
  }

  // The wins said (state.wins), completed from the rest of the sentence; `ask` takes what stays in doubt.
  function settle(state, vocab, ask) {
    var wins = state.wins;
    // 老王杠上开花 / 老王清一色: a pattern said of a seat, and no other winner, says who won.
    if (!wins.length) {
      var owners = state.loosePatterns.map(function (p) { return p.owner; }).filter(function (owner, index, all) {
        return owner !== null && all.indexOf(owner) === index && state.discarders.indexOf(owner) === -1;
      });
      if (owners.length === 1) wins = state.wins = [newWin(owners[0])];
    }
    // 宝中宝，小李 / 清一色 老王自摸: the pattern said first, then the one seat named on its own.
    if (!wins.length && state.loosePatterns.length && state.loosePatterns.every(function (p) { return p.owner === null || state.bare.indexOf(p.owner) !== -1; })) {
      var named = state.bare.filter(function (seat, index, all) {
        return all.indexOf(seat) === index && state.discarders.indexOf(seat) === -1;
      });
      if (named.length === 1) {
        wins = state.wins = [newWin(named[0])];
        if (state.selfDrawn) wins[0].method = "self_draw";
        state.loosePatterns.forEach(function (p) { p.owner = named[0]; });
      }
    }
    // 自摸，老刘 / 胡了，老刘: a self-draw (or a win) said first, then the one seat named on its own.
    if (!wins.length && (state.selfDrawn || state.wonSaid)) {
      var alone = state.bare.filter(function (seat, index, all) {
        return all.indexOf(seat) === index && state.discarders.indexOf(seat) === -1;
      });
      if (alone.length === 1) {
        var selfWin = newWin(alone[0]);
        if (state.selfDrawn) selfWin.method = "self_draw";
        wins = state.wins = [selfWin];
      }
    }
    // 小李报听，老王点炮胡了: a win said of no one, on one seat's discard, where only one other seat is named at all.
    if (!wins.length && state.wonSaid && state.discarders.length === 1 && !state.strangers.length) {
      var others = (state.named || []).filter(function (seat, at, all) {
        return all.indexOf(seat) === at && seat !== state.discarders[0];
      });
      if (others.length === 1) wins = state.wins = [newWin(others[0])];
    }
    // 被抢杠 said before the robbing: whose kong it was; a win said with it robbed that kong.
    if (state.robbedFrom !== undefined) {
      wins.forEach(function (win) {
        if (win.seat === state.robbedFrom) return;
        if ((win.method === "rob_kong" && win.from === null) || !win.method) { win.method = "rob_kong"; win.from = state.robbedFrom; }
      });
    }
    // 小赵杠上炮，老刘胡的: the discard after a kong, said of the seat that made it, is the winner's item on its discard.
    var kongDiscard = state.loosePatterns.filter(function (p) {
      return ["kong_discard", "flowing_tears"].indexOf(p.id) !== -1 && p.owner !== null &&
        !wins.some(function (win) { return win.seat === p.owner; });
    })[0];
    var open = wins.filter(function (win) { return !win.method || (win.method === "discard" && win.from === null); });
    if (kongDiscard && open.length === 1 && wins.length === 1) {
      open[0].method = "discard";
      open[0].from = kongDiscard.owner;
      kongDiscard.owner = open[0].seat;
    }
    wins = state.wins = severalOnOne(state, wins);
    robbedKong(state, wins);
    // 小赵杠完打的: the winner's 杠上炮 (Dalian's 流泪), where the table has it (else said back as not scored).
    if (state.kongFed !== undefined && wins.length) {
      var afterKong = patternOf(vocab, "kong_discard") || patternOf(vocab, "flowing_tears");
      var said = state.loosePatterns.some(function (p) { return p.id === "kong_discard" || p.id === "flowing_tears"; });
      if (!said) {
        if (afterKong) state.loosePatterns.push({ id: afterKong.id, owner: wins[0].seat, count: null, unplayed: false });
        else ask("unplayed", "patterns", { name: "杠上炮", id: "kong_discard" });
      }
    }
    // 小李点杠: whose kong 小李 fed — the kong said without a feeder, else the winner's kong bloom.
    if (state.kongFeeder !== undefined) {
      var fed = state.kongs.filter(function (kong) {
        return kong.seat !== state.kongFeeder && kong.from === null && (!kong.kind || kong.kind === "exposed");
      })[0];
      var bloomer = wins.filter(function (win) {
        return state.loosePatterns.some(function (p) { return p.id === "kong_bloom" && (p.owner === win.seat || p.owner === null); });
      })[0];
      if (fed) { fed.from = state.kongFeeder; fed.kind = "exposed"; }
      else if (bloomer && bloomer.seat !== state.kongFeeder) {
        state.kongs.push({ seat: bloomer.seat, kind: "exposed", tile: "", from: state.kongFeeder });
      } else ask("kongWho", "kong_seat_0", {});
    }
    // 三家都没开门 said before the winner: the three others.
    if (state.closedOthers && wins.length === 1) {
      for (var other = 0; other < 4; other++) if (other !== wins[0].seat) state.closed[other] = true;
    }
    return wins;
  }

  return { settle: settle };
});
