// The phrase box's facts beside the win, as the hand form's fields (phrase-parse.js settles the win itself):
// kongs, each seat's ready declaration, closed hand and side bet, 承包, penalties, the dice double, the wild and
// the winning tiles; each filled in only where the table's form has it, asked otherwise. Pure, like the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseFields = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

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

  // One penalty said twice (露牌的是小赵，露了两张; 四家同打 … 四家同打罚王姐) is one: each mention of a kind joins an
  // earlier one of that kind it does not contradict (the same payer or none, the same count or none).
  function mergedPenalties(said) {
    var merged = [];
    said.forEach(function (penalty) {
      var same = merged.filter(function (p) {
        return p.kind === penalty.kind && (p.seat === null || penalty.seat === null || p.seat === penalty.seat) &&
          (p.count === null || penalty.count === null || p.count === penalty.count);
      })[0];
      if (!same) { merged.push(Object.assign({}, penalty)); return; }
      if (same.seat === null) same.seat = penalty.seat;
      if (same.count === null) same.count = penalty.count;
    });
    return merged;
  }

  function penaltyFields(state, vocab, fields, ask) {
    var kinds = vocab.penalties || [], row = 0;
    mergedPenalties(state.penalties).forEach(function (penalty) {
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
    // Where kongs pay nothing (data-paid absent), a kong said without its kind changes no figure: not asked.
    var kongs = state.kongs.filter(function (kong) { return kong.kind || vocab.kongsPay || kong.tile || kong.from !== null; });
    // A kind of kong this table does not have, where kongs pay nothing: said back, and the record stands without it.
    kongs = kongs.filter(function (kong) {
      var missing = kong.kind && kinds.indexOf(kong.kind) === -1 && !vocab.kongsPay;
      if (missing) ask("noKongKind", "", { who: kong.seat });
      return !missing;
    });
    kongs.slice(0, 4).forEach(function (kong, row) {
      fields["kong_seat_" + row] = String(kong.seat);
      if (kong.tile) fields["kong_tile_" + row] = kong.tile;
      if (!kong.kind) { ask("kongKind", "kong_kind_" + row, { who: kong.seat }); return; }
      if (kinds.indexOf(kong.kind) === -1) { ask("kongNotPlayed", "kong_kind_" + row, { who: kong.seat }); return; }
      fields["kong_kind_" + row] = kong.kind;
      var claimed = kong.kind === "exposed" || kong.kind === "added";
      if (kong.from !== null) {
        if (kong.from === kong.seat) ask("kongOwnDiscard", "kong_from_" + row, { who: kong.seat });
        else if (claimed) fields["kong_from_" + row] = String(kong.from);
      } else if (claimed) {
        // A claimed kong (or the pung an added one sits on) was someone's discard: whose, the rules need.
        ask("kongFrom", "kong_from_" + row, { who: kong.seat });
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


  // The per-hand wild (a treasure, Zhengzhou's 混), said by its face (宝是三条) or by the tile turned up (翻的是北风).
  // Where the wild follows the tile turned up, the form takes that tile (turned_up): as said, or the tile before
  // the wild named, in the order this table's wild follows (data-turn: "same" where the tile turned up is the
  // wild itself, else the cycles beyond the suits' own 1 → 9 → 1, as "1234z 675z"). A form with only the wild's
  // own field (treasure) takes the wild's face.
  function cycleOf(face, turn) {
    if (turn === "same") return [face];
    var cycles = (turn || "").split(" ").filter(Boolean).map(function (cycle) {
      return cycle.slice(0, -1).split("").map(function (digit) { return digit + cycle.slice(-1); });
    });
    var found = cycles.filter(function (cycle) { return cycle.indexOf(face) !== -1; })[0];
    if (found) return found;
    if (!/^[1-9][mps]$/.test(face)) return null;
    return "123456789".split("").map(function (digit) { return digit + face[1]; });
  }

  // The tile turned up that makes `wild` the wild here, or null for a face none does.
  function turnedUpFor(wild, turn) {
    var cycle = cycleOf(wild, turn);
    return cycle ? cycle[(cycle.indexOf(wild) + cycle.length - 1) % cycle.length] : null;
  }

  function wildFields(state, vocab, fields, ask) {
    var wild = vocab.wild;
    if (!wild || !(state.treasure || state.turned)) return;
    if (wild.field !== "turned_up") {
      if (state.treasure) fields[wild.field] = state.treasure;
      return;
    }
    var turned = state.turned ? (cycleOf(state.turned, wild.turn) ? state.turned : null) : turnedUpFor(state.treasure, wild.turn);
    // The wild and the tile turned up both said, and not one after the other here: which is right is asked.
    var clash = turned && state.turned && state.treasure && turnedUpFor(state.treasure, wild.turn) !== turned;
    if (turned && !clash) fields.turned_up = turned;
    else ask("turnedUpWhich", "", { name: clash ? state.treasure : state.turned || state.treasure });
  }

  // A pattern only a ready player can have (data-ready): a treasure is seen only after 报听, so saying it says
  // the winner was ready; 夹胡 after 报听 (大连·俱乐部) may be said of the shape alone, so it is asked.
  function readyNeeded(state, vocab, wins, fields, ask) {
    var asked = false;
    wins.forEach(function (win) {
      var said = state.ready[win.seat];
      (win.mine || []).forEach(function (p) {
        var known = patternOf(vocab, p.id);
        if (!known || !known.ready || p.unplayed || said) return;
        var readyIds = (vocab.ready || []).map(function (r) { return r.id; });
        if (readyIds.indexOf("ready") === -1) return;
        if (known.ready === "implied") { state.ready[win.seat] = "ready"; said = "ready"; }
        else if (!asked) {
          asked = true;
          ask("readyFirst", "ready_" + win.seat, { who: win.seat, name: known.name });
        }
      });
    });
  }

  // A kong bloom where kongs pay (data-paid): the winner's kong is part of the money (Shenyang doubles it, Jinan
  // and Zhengzhou pay it), so which kong it was is asked when the sentence does not say.
  function kongsNeeded(state, vocab, wins, ask) {
    if (!vocab.kongsPay) return;
    wins.forEach(function (win) {
      var bloom = (win.mine || []).some(function (p) { return p.id === "kong_bloom" && !p.unplayed; });
      var theirs = state.kongs.filter(function (kong) { return kong.seat === win.seat; });
      if (bloom && !theirs.length) state.kongs.push({ seat: win.seat, kind: "", tile: "", from: null });
    });
  }


  function patternOf(vocab, id) {
    return (vocab.patterns || []).filter(function (p) { return p.id === id; })[0] || null;
  }

  // Items a hand can be at once where the table scores only the greater (沈阳·网络版: 清一色 in place of 对对胡,
  // RULES §9.3.3): said together where the table refuses the pair, the greater is meant, nothing asked.
  var SUPERSEDES = { pure_one_suit: ["all_pungs", "all_triplets"] };
  function greaterOnly(vocab, ids) {
    return ids.filter(function (id) {
      return !ids.some(function (other) {
        return (SUPERSEDES[other] || []).indexOf(id) !== -1 && (vocab.exclusive || []).some(function (pair) {
          return pair.indexOf(id) !== -1 && pair.indexOf(other) !== -1;
        });
      });
    });
  }

  // The first pair of `ids` this table refuses together (its data-excl), or null.
  function exclusivePair(vocab, ids) {
    return (vocab.exclusive || []).filter(function (pair) {
      return ids.indexOf(pair[0]) !== -1 && ids.indexOf(pair[1]) !== -1;
    })[0] || null;
  }

  return {
    readyNeeded: readyNeeded, kongsNeeded: kongsNeeded, exclusivePair: exclusivePair, greaterOnly: greaterOnly,
    besidesTheWin: besidesTheWin, liableFields: liableFields, tileFields: tileFields, kongFields: kongFields,
    seatFields: seatFields, wildFields: wildFields, turnedUpFor: turnedUpFor,
  };
});
