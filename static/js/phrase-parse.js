// The phrase box's parser: one Chinese sentence about a hand, typed or dictated, into the hand form's fields.
// Pure (no page, no network): the page (phrase.js) and `node --test` (tests/js/) call it the same way. What the
// sentence's words are, as written or by their sound, is phrase-hear.js's (with what the speaker took back
// rewritten by phrase-amend.js); phrase-read.js reads what they say of the hand, phrase-wins.js settles who won
// and how from it, phrase-fields.js turns the facts beside the win into fields; the win is checked here, against
// the table.
//
//   parse(sentence, vocabulary, sounds) -> {fields, asks, notes, heard}
//
// vocabulary: the table's own words, read from the hand form (phrase.js): seats' names, the dealer, the methods
//   and patterns this table plays (id, Chinese name, methods, repeatable), its kinds of kong, ready declarations,
//   the closed-hand word, flowers, the side bet's word, how many may win, whether a void charges someone, the
//   penalties it records (and how many rows), whether it has the dice double, 承包 and the tile field.
// sounds: syllable -> characters (phrase-words.js, from pypinyin): dictation writes 老汪 for 老王, so words that
//   are not found as written are found by how they sound.
// fields: the form's field names and the values taps would give them; asks: what the sentence leaves out or
//   contradicts ({code, field, params}), for which no field is set: the parser never guesses; notes: what was
//   heard but fills nothing in (a winning tile alone), said without holding Save back.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./phrase-hear.js"), require("./phrase-read.js"), require("./phrase-fields.js"),
      require("./phrase-wins.js"));
  } else root.TKPhraseParse = factory(root.TKPhraseHear, root.TKPhraseRead, root.TKPhraseFields, root.TKPhraseWins);
})(typeof self !== "undefined" ? self : this, function (hearing, reading, facts, winners) {
  "use strict";

  var interpret = reading.interpret, patternOf = reading.patternOf;
  var SELF_DRAW_PATTERNS = hearing.SELF_DRAW_PATTERNS;
  var besidesTheWin = facts.besidesTheWin, liableFields = facts.liableFields, tileFields = facts.tileFields;
  var kongFields = facts.kongFields, seatFields = facts.seatFields, wildFields = facts.wildFields;
  var readyNeeded = facts.readyNeeded, kongsNeeded = facts.kongsNeeded, exclusivePair = facts.exclusivePair;

  function namesOf(vocab, seats) { return seats.map(function (seat) { return vocab.seats[seat]; }); }

  // Who won is asked, but what the sentence says of that one win is certain whoever it was (老赵自摸七对, 大鹏自摸卡当):
  // the flowers, and the items that score by the method already filled in.
  function unknownWinnersHand(state, vocab, fields) {
    if (state.flowers !== null && vocab.flowers) fields.flowers = String(state.flowers);
    var method = fields.how ? fields.how.split("-")[0] : "";
    var said = state.loosePatterns.filter(function (p) {
      // (An item said after the discarder's name is the winner's all the same: 张姐点炮了，双飘.)
      var unowned = p.owner === null || state.discarders.indexOf(p.owner) !== -1;
      var known = !p.unplayed && unowned && patternOf(vocab, p.id);
      return known && (!known.methods || (method && known.methods.indexOf(method) !== -1));
    });
    var ids = facts.greaterOnly(vocab, said.map(function (p) { return p.id; })).filter(function (id, at, all) {
      return all.indexOf(id) === at;
    });
    if (ids.length && !exclusivePair(vocab, ids)) {
      fields.patterns = ids;
      said.forEach(function (p) { if (patternOf(vocab, p.id).repeatable && p.count) fields["count_" + p.id] = String(p.count); });
    }
  }

  // What the sentence said, checked against this table: the form's fields for what is certain, a question for
  // the rest.
  function settleIntent(state, vocab) {
    var fields = {}, asks = state.asks.slice(), methods = vocab.methods || [];
    function ask(code, field, params) { asks.push({ code: code, field: field, params: params || {} }); }
    var wins = state.wins;
    // A name that is no seat's: who it is, asked (老王 at a table of 王姐: is it her?), never guessed.
    state.strangers.forEach(function (name) {
      var surname = name.replace(/^[老小阿大]/, "").replace(/[姐哥叔婶爷妹弟总嫂]$/, "");
      var like = (state.like || {})[name] ||
        (vocab.seats || []).filter(function (seat) { return seat && seat.indexOf(surname) !== -1; });
      var acted = state.strangerActs.some(function (act) { return act.name === name && (act.act === "self" || act.act === "win"); });
      // (老王点炮给我: the one who won is not the one who made the discard.)
      var taken = state.discarders.concat(state.wins.map(function (win) { return win.seat; })).map(function (at) { return vocab.seats[at]; });
      if (like.length > 2) like = like.filter(function (seat) { return taken.indexOf(seat) === -1; });
      ask(like.length > 1 ? "whoIsWhich" : like.length ? "whoIsLike" : "whoIs", acted && !wins.length ? "winner" : "", { name: name, names: like });
    });
    // Who won and how, from what was said around the wins (phrase-wins.js).
    wins = state.wins = winners.settle(state, vocab, ask);
    if (state.strangers.length && !wins.length && state.strangerActs.some(function (a) { return a.act === "self" || a.act === "win"; })) {
      // What is certain is filled in all the same: 老赵自摸 was a self-draw, 小张胡了老王点的 a win on 老王's discard.
      var acts = state.strangerActs.map(function (a) { return a.act; });
      var implied = state.loosePatterns.map(function (p) { return !p.unplayed && patternOf(vocab, p.id); }).filter(function (p) {
        return p && p.methods && p.methods.length === 1 && methods.indexOf(p.methods[0]) !== -1;
      })[0];
      if (acts.indexOf("self") !== -1 && methods.indexOf("self_draw") !== -1) fields.how = "self_draw";
      else if (state.discarders.length === 1 && methods.indexOf("discard") !== -1) fields.how = "discard-" + state.discarders[0];
      // 咱胡了 at a table that wins by self-draw only; 本人宝中宝: a self-draw by what it is.
      else if (methods.length === 1 && methods[0] === "self_draw") fields.how = "self_draw";
      else if (implied && implied.methods[0] === "self_draw") fields.how = "self_draw";
      unknownWinnersHand(state, vocab, fields);
      // (俺自摸飘，小赵闭门: what is said of the seats at the table is certain too.)
      kongFields(state, vocab, fields, ask);
      seatFields(state, vocab, fields, ask);
      return finish(state, vocab, fields, asks, []);
    }
    // A discard named on its own (张姐点的炮) is the winners' source.
    if (state.discarders.length) {
      var discarder = state.discarders[state.discarders.length - 1];
      var open = wins.filter(function (win) { return !win.method || (win.method === "discard" && win.from === null); });
      if (open.length) open.forEach(function (win) { win.method = "discard"; win.from = discarder; });
      else if (!wins.length) {
        fields.how = "discard-" + discarder;
        // (张姐点炮了，双飘: whoever won on it, the hand had it.)
        unknownWinnersHand(state, vocab, fields);
        ask("whoWon", "winner", {});
      } else if (wins.every(function (win) { return win.method === "self_draw"; })) {
        ask("selfOrDiscard", "how", { who: wins[0].seat, from: discarder });
        wins.forEach(function (win) { win.method = ""; win.clash = true; });
      }
    }
    if (state.result === "draw") {
      if (wins.length) { ask("drawOrWin", "winner", {}); return { fields: fields, asks: asks }; }
      fields.winner = "draw";
      // 黄了，老刘暗杠五万: a kong in a drawn hand is said and kept (some tables pay it), never dropped.
      kongFields(state, vocab, fields, ask);
      return finish(state, vocab, fields, asks, []);
    }
    if (state.result === "void") {
      fields.winner = "void";
      if (vocab.voidCharges) {
        if (state.voidSeat !== null) fields.false_win_seat = String(state.voidSeat);
        else ask("voidWho", "false_win_seat", {});
      } else if (state.voidSeat !== null) {
        // 诈胡 where nobody pays for it: the hand is void; a charge the table makes anyway is an adjustment.
        ask("noVoidCharge", "", { who: state.voidSeat });
      }
      return finish(state, vocab, fields, asks, []);
    }
    if (!wins.length) {
      // 眼镜自摸 (a name not heard as one): who won is asked, the self-draw is certain.
      if (state.selfDrawn && methods.indexOf("self_draw") !== -1 && !state.discarders.length) fields.how = "self_draw";
      if (state.selfDrawn) unknownWinnersHand(state, vocab, fields);
      if (state.selfDrawn || state.wonSaid) ask("whoWon", "winner", {});
      else if (state.loosePatterns.length || state.kongs.length || state.flowers !== null || state.liable.length ||
        state.penalties.length || state.dice || state.tiles.length || state.winningTile) ask("whoWon", "winner", {});
    }
    var max = vocab.maxWinners || 1;
    // Who won is asked; how, where every winner said it the same way, is certain all the same.
    function sharedHow() {
      var first = wins[0], same = wins.every(function (win) { return win.method === first.method && win.from === first.from; });
      // (老郑和小杨都胡了 at a table that wins by self-draw only: how, whoever it was.)
      if (same && !first.method && methods.length === 1 && methods[0] === "self_draw") { fields.how = "self_draw"; return; }
      if (!same || methods.indexOf(first.method) === -1) return;
      if (first.method === "self_draw") fields.how = "self_draw";
      else if (first.from !== null) fields.how = first.method + "-" + first.from;
    }
    if (wins.length > max) {
      ask("oneWinner", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
      sharedHow();
      wins = [];
    }
    if (wins.length > 1 && wins.some(function (win) { return win.method === "self_draw"; })) {
      ask("severalSelfDraw", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
      sharedHow();
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
          if (p.unplayed) return SELF_DRAW_PATTERNS.indexOf(p.id) !== -1 ? { methods: ["self_draw"] } : null;
          return patternOf(vocab, p.id);
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
      // 摸宝 on a single wait (卡当, 单吊 …) at a table where any single-wait treasure is 宝中宝 (RULES §9.4.3).
      var anyWait = (vocab.patterns || []).filter(function (p) { return p.anyWait; })[0];
      var treasure = mine.filter(function (p) { return p.id === "finding_treasure" && !p.unplayed; })[0];
      var singleWait = mine.some(function (p) { return p.id === "clamp" && !p.unplayed; }) || state.waits.length > 0;
      if (anyWait && treasure && singleWait) {
        win.mine = mine.map(function (p) { return p === treasure ? { id: anyWait.id, owner: p.owner, count: null } : p; });
        state.waits = [];
      }
    });
    if (wins.length > 1 && state.flowers !== null) {
      var by = state.flowersBy || {};
      var counted = wins.filter(function (win) { return by[win.seat] !== undefined; });
      counted.forEach(function (win) { win.flowers = by[win.seat]; });
      if (!counted.length) ask("flowersWhose", "flowers", {});
    } else if (wins.length === 1) {
      wins[0].flowers = state.flowers;
    }
    var ok = true, kept = {};
    wins.forEach(function (win, index) {
      var who = win.seat;
      var prefix = index === 0 ? "" : "extra_";
      // Where only how the hand was won is asked, the items that score on any method and the flowers are certain.
      if (index === 0 && wins.length === 1) {
        // Beside the question how, an item that scores either way (七对 at a table of 自摸 and 点炮) is certain too.
        var either = methods.filter(function (m) { return m === "self_draw" || m === "discard"; });
        var certain = win.mine.filter(function (p) {
          var only = !p.unplayed && patternOf(vocab, p.id).methods, all = function (m) { return only.indexOf(m) !== -1; };
          // (阿强流泪胡了: a win on a discard, whose is asked; 流泪 is certain.)
          return !p.unplayed && (!only || (!win.method && either.length > 1 && either.every(all)) || (win.method && all(win.method) && !win.clash));
        });
        var certainIds = facts.greaterOnly(vocab, certain.map(function (p) { return p.id; })).filter(function (id, at, all) {
          return all.indexOf(id) === at;
        });
        if (certainIds.length && !exclusivePair(vocab, certainIds)) kept.patterns = certainIds;
        certain.forEach(function (p) {
          if (patternOf(vocab, p.id).repeatable && p.count) kept["count_" + p.id] = String(p.count);
        });
        if (win.flowers !== null && win.flowers !== undefined && vocab.flowers) kept.flowers = String(win.flowers);
      }
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
          // Which way is asked; the items said stay ticked (老郑四混，胡的王姐的: 四混 was said, how is in doubt).
          if (ok) ask("patternMethod", "how", { who: who, name: known.name });
          ok = false;
          var said = facts.greaterOnly(vocab, win.mine.filter(function (q) { return !q.unplayed; }).map(function (q) { return q.id; }));
          kept = said.length && !exclusivePair(vocab, said) ? { patterns: said.filter(function (id, at) { return said.indexOf(id) === at; }) } : {};
          return;
        }
        if (ids.indexOf(p.id) === -1) ids.push(p.id);
        if (known.repeatable && p.count) counts[p.id] = (counts[p.id] || 0) + p.count;
      });
      ids = facts.greaterOnly(vocab, ids);
      // Two items this table refuses together (七小对 and 碰碰胡): which was meant is asked, the rest still filled in.
      var clash = exclusivePair(vocab, ids), patternField = index === 0 ? "patterns" : "extra_patterns_" + index;
      if (clash) {
        ask("patternsExclusive", patternField, { names: clash.map(function (id) { return patternOf(vocab, id).name; }) });
        counts = {};
      }
      if (index === 0) {
        fields.winner = String(who);
        fields.how = win.method === "self_draw" ? "self_draw" : win.method + "-" + win.from;
        Object.keys(counts).forEach(function (id) { fields["count_" + id] = String(counts[id]); });
      } else {
        fields["extra_winner_" + index] = String(who);
        Object.keys(counts).forEach(function (id) { fields["extra_count_" + index + "_" + id] = String(counts[id]); });
      }
      if (!clash) fields[patternField] = ids;
      if (win.flowers !== null && win.flowers !== undefined) {
        if (vocab.flowers) fields[prefix + "flowers" + (index ? "_" + index : "")] = String(win.flowers);
        else ask("noFlowers", "", {});
      }
    });
    if (!ok) {
      // What a question leaves open is not filled in, not even the winner: the figures would be a guess.
      Object.keys(fields).forEach(function (name) { if (name !== "how" || wins.length) delete fields[name]; });
      if (wins.length === 1 && !asks.some(function (a) { return a.field === "winner"; })) {
        fields.winner = String(wins[0].seat);
        Object.keys(kept).forEach(function (name) { fields[name] = kept[name]; });
      }
    }
    // 小李花呲: an item won on a flower, with no count of flowers said, where the table counts them.
    // 花胡 is all eight flowers: the count is certain.
    var allFlowers = wins.length === 1 && vocab.flowers && state.flowers === null && ok && (wins[0].mine || []).some(function (p) {
      return !p.unplayed && p.id === "all_flowers";
    });
    if (allFlowers) fields.flowers = "8";
    var onFlowers = !allFlowers && wins.length === 1 && vocab.flowers && state.flowers === null && (wins[0].mine || []).some(function (p) {
      return !p.unplayed && p.id === "flower_bloom";
    });
    if (onFlowers && !state.hasFlowers) ask("howManyFlowers", "flowers", {});
    if (state.hasFlowers && state.flowers === null) ask(vocab.flowers ? "howManyFlowers" : "noFlowers", vocab.flowers ? "flowers" : "", {});
    if (ok) liableFields(state, vocab, wins, fields, ask);
    if (ok) readyNeeded(state, vocab, wins, fields, ask);
    if (ok) kongsNeeded(state, vocab, wins, ask);
    kongFields(state, vocab, fields, ask);
    seatFields(state, vocab, fields, ask);
    return finish(state, vocab, fields, asks, wins);
  }

  // What is said beside every result: penalties, the dice, the treasure; what was heard but fills nothing in.
  function finish(state, vocab, fields, asks, wins) {
    besidesTheWin(state, vocab, fields, asks);
    wildFields(state, vocab, fields, function (code, field, params) { asks.push({ code: code, field: field, params: params }); });
    var notes = tileFields(state, vocab, wins, fields);
    state.waits.forEach(function (word) { notes.push({ code: "waitNotScored", params: { name: word } }); });
    return { fields: fields, asks: asks, notes: notes };
  }

  var GRAMMAR = ["of", "is", "and", "all", "count", "stop", "give", "not", "retract", "plus", "number", "rule"];

  // Questions that never hold Save back: an item or a fact the table does not have, said back with a one-tap
  // answer (RULES §9.3.10: a phrase that names an unscored item asks whether anything else applies).
  // What a keeper who names an item the table does not play may have meant instead: the answers the box offers
  // beside "nothing else" (a 单张 said at Harbin may be its 卡当; 对对胡 and 双飘 are one hand).
  var RELATED = {
    single_wait: ["clamp", "edge_wait", "lone_tile_wait"],
    edge_wait: ["clamp", "single_wait"],
    clamp: ["edge_wait", "single_wait"],
    all_pungs: ["all_triplets", "double_float"],
    all_triplets: ["all_pungs", "double_float"],
    double_float: ["all_pungs", "all_triplets"],
    treasure_rush: ["finding_treasure"],
    treasure_in_treasure: ["finding_treasure"],
    luxury_seven_pairs: ["seven_pairs"],
    double_luxury_seven_pairs: ["luxury_seven_pairs", "seven_pairs"],
    triple_luxury_seven_pairs: ["luxury_seven_pairs", "seven_pairs"],
    kong_discard: [],
    kong_bloom: [],
  };

  function alternatives(ask, vocab) {
    if (ask.code !== "unplayed") return ask;
    var id = ask.params.id;
    var alts = (RELATED[id] || []).filter(function (other) { return patternOf(vocab, other); });
    return Object.assign({}, ask, { params: Object.assign({}, ask.params, { alts: alts }) });
  }

  var SOFT = ["unplayed", "plainSelfDraw", "noFlowers", "noReady", "noClosed", "noSideBet", "noLiable", "noPenalty", "noDice",
    "noVoidCharge", "turnedUpWhich", "noKongKind"];

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
    var asks = dedupe(result.asks).map(function (ask) {
      return SOFT.indexOf(ask.code) === -1 ? ask : Object.assign({ soft: true }, alternatives(ask, vocab));
    });
    return { fields: result.fields, asks: asks, notes: result.notes || [], heard: meaning.length };
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
