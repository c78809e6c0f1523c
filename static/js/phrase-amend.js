// What the speaker of a phrase-box sentence took back (static/js/phrase-hear.js hears the words, this rewrites
// them): "不是自摸，是老王点的", "没有杠", "不是老王，是小李", "老王自摸，不对，小李"; what they wondered about (是自摸还是
// 点炮); and what they said in a roundabout way, said plainly before it is read (phrase-read.js: `plain`). Pure, like
// the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseAmend = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // What the speaker took back: "不是自摸，是老王点的", "没有杠", "不是老王，是小李", "老王自摸，不对，小李".
  // The last statement wins, and what was negated is never ticked: the tokens are rewritten before they are
  // read, as if the sentence had been said right the first time.
  var SEAT_TYPES = ["name", "dealer"];
  // Words that stand in for one another when a correction replaces what was said: 自摸 by 胡 (a win all the same).
  var KINDS = { self: "how", win: "how", rob: "how", discard: "from", fed: "from", name: "seat", dealer: "seat" };
  function kindOf(token) { return KINDS[token.type] || token.type; }
  function same(a, b) {
    return a.type === b.type && a.seat === b.seat && a.id === b.id && a.kind === b.kind && a.tile === b.tile && a.value === b.value;
  }
  function isSeatToken(token) { return SEAT_TYPES.indexOf(token.type) !== -1; }
  var STOP = { type: "stop" };

  // The words after `from` up to a pause, a 是, another correction or the end.
  function clause(tokens, from, stopAtIs) {
    var end = from;
    while (end < tokens.length) {
      var type = tokens[end].type;
      if (type === "pause" || type === "not" || type === "retract" || (stopAtIs && type === "is")) break;
      end += 1;
    }
    return end;
  }
  function skipPauses(tokens, at) { while (at < tokens.length && tokens[at].type === "pause") at += 1; return at; }
  function lastIndex(tokens, before, test) { for (var k = before - 1; k >= 0; k--) if (test(tokens[k])) return k; return -1; }

  // 不是 X（，是 Y）: X taken back from what was said before it, Y in its place.
  function negate(said, negated, correction) {
    var head = negated[0];
    // 不是，是阿强自摸: nothing named as negated, so what follows corrects what was said, as after 不对.
    if (!head) return retract(said, correction);
    if (isSeatToken(head)) {
      var named = said.some(function (token) { return same(token, head); });
      var instead = correction.length && isSeatToken(correction[0]) ? correction[0] : null;
      if (named) {
        // 不是老王（，是小李）: every word about 老王 was about 小李; with no one named instead, about nobody yet.
        said = said.map(function (token) { return same(token, head) ? instead || STOP : token; });
        // 不是老王点的 with no one instead: the discard goes too (with someone instead it is theirs now).
        if (negated.length > 1 && !instead) said = dropLast(said, negated[1]);
        // (不是老王，是小李杠的: 杠的 says again what 老王, now 小李, was said to do.)
        var more = correction.slice(1).filter(function (token) {
          var repeated = ["kong", "self", "win", "ron"].indexOf(token.type) !== -1 && !token.kind &&
            said.some(function (other) { return other.type === token.type; });
          return !repeated && token.type !== "of" && token.type !== "is";
        });
        return instead ? said.concat(more.length && negated.length === 1 ? [STOP].concat(more) : []) : said;
      }
      return said.concat(correction.length ? [STOP].concat(correction) : []);
    }
    if (head.type === "self") {
      // 不是自摸: still a win, not a self-draw; what follows (是老王点的) says how.
      var selfAt = lastIndex(said, said.length, function (token) { return token.type === "self"; });
      if (selfAt !== -1) said = said.slice(0, selfAt).concat([{ type: "win" }], said.slice(selfAt + 1));
      return said.concat([{ type: "notself" }], correction.length ? [STOP].concat(correction) : []);
    }
    if (head.type === "discard" || head.type === "fed") {
      // 不是点炮（，是自摸）: the discard said before goes, with the seat that made it.
      return withoutDiscard(said).concat(correction.length ? [STOP].concat(correction) : []);
    }
    if (head.type === "kong" && !head.kind) {
      // 没有杠 / 没杠: no kong at all, whatever was said of one, with its tiles.
      var kept = [], dropping = false;
      said.forEach(function (token) {
        if (token.type === "kong") { dropping = true; return; }
        if (dropping && (token.type === "tile" || token.type === "tiles" || token.type === "and")) return;
        dropping = false;
        kept.push(token);
      });
      return kept.concat(correction.length ? [STOP].concat(correction) : []);
    }
    // 小杨不跑 / 其他人没跑: no side bet for the seats just named; one said before for another seat stands.
    var before = said[said.length - 1];
    if (head.type === "side" && !correction.length && before &&
      (isSeatToken(before) || before.type === "others" || before.type === "all")) return said.concat(negated.slice(1));
    // 不是清一色（，是混一色）, 不是暗杠（，是明杠）, 不是五万（，是六万）, 没报听: the one word goes, or is replaced.
    // 三个花，不是三个，是四个: the correction's words of the same kinds as the negated ones are dropped once
    // its first word has taken the negated word's place.
    var at = lastIndex(said, said.length, function (token) { return same(token, head); });
    var sameShape = correction.length === negated.length && correction.every(function (token, k) {
      return token.type === negated[k].type;
    });
    if (at !== -1 && correction.length && correction[0].type === head.type) {
      var replaced = said.slice(0, at).concat([correction[0]], said.slice(at + 1));
      return sameShape ? replaced : replaced.concat(correction.length > 1 ? [STOP].concat(correction.slice(1)) : []);
    }
    if (at !== -1) said = said.slice(0, at).concat(said.slice(at + 1));
    // 老孙没听牌点炮: only the word negated goes; what was said after it in the same breath still stands.
    if (!correction.length && head.type === "ready") return said.concat(negated.slice(1));
    return said.concat(correction.length ? [STOP].concat(correction) : []);
  }

  // 大陈点的炮，王姐胡的，哦说反了: the two seats said trade places (nothing changes where more or fewer were said).
  function swapSeats(said) {
    var seats = said.filter(isSeatToken);
    var distinct = seats.filter(function (token, k) { return seats.findIndex(function (other) { return same(other, token); }) === k; });
    if (distinct.length !== 2) return said;
    return said.map(function (token) {
      if (!isSeatToken(token)) return token;
      return same(token, distinct[0]) ? distinct[1] : distinct[0];
    });
  }

  function withoutDiscard(said) {
    var fedAt = lastIndex(said, said.length, function (token) { return token.type === "discard" || token.type === "fed"; });
    if (fedAt === -1) return said;
    var from = fedAt > 0 && isSeatToken(said[fedAt - 1]) ? fedAt - 1 : fedAt;
    return said.slice(0, from).concat(said.slice(fedAt + 1));
  }

  function dropLast(said, token) {
    var at = lastIndex(said, said.length, function (other) { return kindOf(other) === kindOf(token); });
    return at === -1 ? said : said.slice(0, at).concat(said.slice(at + 1));
  }

  // 不对，Y / 说错了，Y: each word of Y replaces the last word of its kind said before (小李 for 老王, 胡 for 自摸);
  // a word with nothing of its kind before it is simply said.
  function retract(said, correction) {
    // 老刘跟大陈都胡了小赵的，不对，是老刘跟王姐: a group said again replaces the group said last.
    var group = regroup(said, correction);
    if (group) return group;
    // 小杨给老郑点了个豆，不对，是刘洋给老郑点的: the kong said last, its seats said again in the same places.
    var kongClause = reseatKong(said, correction);
    if (kongClause) return kongClause;
    // 老王点炮给张姐，哦不是，是阿强点的 / 小李自摸，不对，是胡的老王: only whose discard it was is said again.
    var feeder = newFeederIn(correction);
    if (feeder) return withFeeder(said, feeder);
    if (restatesTheWin(correction)) return withoutTheWin(said, correction).concat([STOP], correction);
    var rest = [], replaced = [], counted = null;
    var words = correction.filter(function (token) { return token.type !== "is" && token.type !== "of"; });
    words.forEach(function (token, k) {
      // 王姐四归一，说错了，俩四归一: a count goes with the word after it.
      if (token.type === "number" && k + 1 < words.length) { if (counted) rest.push(counted); counted = token; return; }
      var count = counted;
      counted = null;
      // 小李胡了老王点的，不对，是自摸: a self-draw takes back the discard said, with who made it.
      if (token.type === "self") said = withoutDiscard(said);
      // Each word said before is replaced once: 大陈 then 王姐 in a correction are two seats, not one changed twice.
      var at = lastIndex(said, said.length, function (other) {
        return kindOf(other) === kindOf(token) && replaced.indexOf(other) === -1;
      });
      if (at === -1) { if (count) rest.push(count); rest.push(token); return; }
      var countAt = count && at > 0 && said[at - 1].type === "number" ? at - 1 : at;
      said = said.slice(0, countAt).concat(count ? [count, token] : [token], said.slice(at + 1));
      replaced.push(token);
    });
    if (counted) rest.push(counted);
    return said.concat(rest.length ? [STOP].concat(rest) : []);
  }

  function reseatKong(said, correction) {
    if (correction.some(function (token) { return WON.indexOf(token.type) !== -1 || token.type === "kong"; })) return null;
    var end = said.length;
    while (end > 0 && said[end - 1].type === "pause") end -= 1;
    var start = lastIndex(said, end, function (token) { return token.type === "pause" || token === STOP; }) + 1;
    var clauseTokens = said.slice(start, end);
    if (!clauseTokens.some(function (token) { return token.type === "kong"; })) return null;
    var before = [], after = correction.filter(isSeatToken);
    clauseTokens.forEach(function (token, k) { if (isSeatToken(token)) before.push(start + k); });
    if (!after.length || before.length !== after.length) return null;
    var out = said.slice();
    before.forEach(function (at, k) { out[at] = after[k]; });
    return out;
  }

  // The seats a correction names, joined by 和/跟, in place of the group of as many said last; null where the
  // correction says more than seats, or no such group was said.
  function regroup(said, correction) {
    var words = correction.filter(function (token) { return ["is", "of", "all"].indexOf(token.type) === -1; });
    var seats = words.filter(isSeatToken);
    var joined = words.every(function (token, k) { return k % 2 === 0 ? isSeatToken(token) : token.type === "and"; });
    if (seats.length < 2 || !joined || words.length % 2 === 0) return null;
    for (var end = said.length - 1; end >= 0; end--) {
      var start = end - 2 * (seats.length - 1);
      if (start < 0) return null;
      var run = said.slice(start, end + 1);
      var same = run.every(function (token, k) { return k % 2 === 0 ? isSeatToken(token) : token.type === "and"; });
      if (same && (start === 0 || !isSeatToken(said[start - 1])) && (end + 1 >= said.length || said[end + 1].type !== "and")) {
        return said.slice(0, start).concat(words, said.slice(end + 1));
      }
    }
    return null;
  }

  // The one seat a correction names as the discarder: 点炮的是小李, 应该是老刘点的, 胡的老王, 胡了小赵的, 胡的是小赵的
  // (not 胡的是小赵, which says who won).
  function newFeederIn(correction) {
    var seats = correction.filter(isSeatToken);
    if (seats.length !== 1) return null;
    if (correction.some(function (token) { return ["self", "rob", "grab", "discardto", "give"].indexOf(token.type) !== -1; })) return null;
    var at = correction.indexOf(seats[0]), before = correction[at - 1] || {}, after = correction[at + 1] || {};
    var discardWord = correction.findIndex(function (token) { return ["discard", "fed"].indexOf(token.type) !== -1; });
    if (discardWord !== -1) return discardWord < at || discardWord === at + 1 ? seats[0] : null;
    var winAt = correction.findIndex(function (token) { return token.type === "win" || token.type === "ron"; });
    return winAt !== -1 && winAt < at && (after.type === "of" || before.type !== "is") ? seats[0] : null;
  }

  // What was said before, with the feeder said instead: the seat said with the discard word (before it, or after
  // 点炮的是), the seat the win was on (胡了王姐的), or, after a self-draw, a win on the feeder's discard.
  function withFeeder(said, feeder) {
    function seatNear(at, step) {
      var k = at + step;
      while (said[k] && (said[k].type === "is" || said[k].type === "of")) k += step;
      return said[k] && isSeatToken(said[k]) ? k : -1;
    }
    var fedAt = lastIndex(said, said.length, function (token) { return ["discard", "fed", "discardto"].indexOf(token.type) !== -1; });
    var seatAt = -1;
    if (fedAt !== -1) seatAt = fedAt > 0 && isSeatToken(said[fedAt - 1]) ? fedAt - 1 : said[fedAt].type === "discardto" ? -1 : seatNear(fedAt, 1);
    if (fedAt === -1) {
      var wonAt = lastIndex(said, said.length, function (token) { return token.type === "win" || token.type === "ron"; });
      var on = wonAt === -1 ? -1 : seatNear(wonAt, 1);
      if (on !== -1 && ((said[on + 1] || {}).type === "of" || (said[on + 1] || {}).type === "end" || on === said.length - 1 ||
        said[wonAt + 1].type !== "is")) seatAt = on;
    }
    if (seatAt !== -1) return said.slice(0, seatAt).concat([feeder], said.slice(seatAt + 1));
    var selfAt = lastIndex(said, said.length, function (token) { return token.type === "self"; });
    if (selfAt !== -1) said = said.slice(0, selfAt).concat([{ type: "win" }], said.slice(selfAt + 1));
    return said.concat([Object.assign({}, feeder, { afterPause: true }), { type: "discard" }]);
  }

  // 王姐胡了大陈的，不对，大陈胡了王姐的 / 王姐点炮，说反了，大陈点炮王姐胡: a correction that names a seat and what
  // they did in the win says the win again, whole: it replaces the win said before rather than word by word.
  var WIN_ACTS = ["self", "win", "ron", "discard", "discardto", "fed", "rob", "grab"];
  var WIN_WORDS = WIN_ACTS.concat(SEAT_TYPES, ["of", "is", "pao", "ba", "give"]);
  var WON = ["self", "win", "ron", "rob", "grab"];
  // (不对，是小赵自摸 too: a seat that won; 应该是老刘点的, a discarder alone, replaces only the discarder.)
  function restatesTheWin(correction) {
    var seats = correction.filter(isSeatToken).length;
    var acts = correction.filter(function (token) { return WIN_ACTS.indexOf(token.type) !== -1; }).length;
    var won = correction.some(function (token) { return WON.indexOf(token.type) !== -1; });
    return (seats >= 2 && acts >= 1) || (seats === 1 && won);
  }
  // The clause that said the win, without its seats and acts; what else it said (清一色, a kong) stands, and so
  // does whose discard it was where the correction says nothing of one (大陈胡了小赵的，不对，老刘胡了).
  var FED = ["discard", "discardto", "fed", "of"];
  function withoutTheWin(said, correction) {
    var sought = correction.some(function (token) { return WON.indexOf(token.type) !== -1; }) ? WON : WIN_ACTS;
    var act = lastIndex(said, said.length, function (token) { return sought.indexOf(token.type) !== -1; });
    // 王姐点的炮，说错了，王姐是自摸: a win said again where only a discard was said takes that discard back.
    if (act === -1) act = lastIndex(said, said.length, function (token) { return WIN_ACTS.indexOf(token.type) !== -1; });
    if (act === -1) return said;
    var start = lastIndex(said, act, function (token) { return token.type === "pause" || token === STOP; }) + 1;
    var end = act;
    while (end < said.length && said[end].type !== "pause" && said[end] !== STOP) end += 1;
    // (A self-draw said again takes the discard back with its seat.)
    var feederKept = !correction.some(function (token) { return FED.indexOf(token.type) !== -1 || token.type === "self"; });
    var clauseTokens = said.slice(start, end), kept = [];
    clauseTokens.forEach(function (token, k) {
      var next = clauseTokens[k + 1] || {};
      // (老孙点炮周姐胡了: the discarder said first; 大陈胡了小赵的: after the winner.)
      var feeds = ["discard", "discardto", "fed"].indexOf(next.type) !== -1 || (k > 0 && next.type === "of");
      if (feederKept && isSeatToken(token) && feeds) kept.push(token, { type: "discard" });
      else if (WIN_WORDS.indexOf(token.type) === -1) kept.push(token);
    });
    return said.slice(0, start).concat(kept, said.slice(end));
  }

  // What the speaker wondered about is not said: 是自摸还是点炮 / 是不是自摸 leave how open, 是老王还是小李 who.
  var DOUBTED = ["self", "win", "ron", "discard", "fed", "name", "dealer"];
  function undoubted(tokens) {
    var kept = [];
    for (var k = 0; k < tokens.length; k++) {
      var token = tokens[k], next = tokens[k + 1] || {};
      if (token.type === "doubt") { if (DOUBTED.indexOf(next.type) !== -1) k += 1; continue; }
      if (DOUBTED.indexOf(token.type) !== -1 && next.type === "or" && DOUBTED.indexOf((tokens[k + 2] || {}).type) !== -1) {
        k += 2;
        continue;
      }
      if (token.type === "or" || token.type === "unknown") continue;
      kept.push(token);
    }
    return kept;
  }

  function amend(heard) {
    // 没杠 / 没开杠: "no kong", as 没有 + 杠 would say it. 三清: the three others closed.
    var tokens = [];
    undoubted(heard).forEach(function (token) {
      if (token.type === "nokong") tokens.push({ type: "not" }, { type: "kong" });
      else if (token.type === "othersclosed") tokens.push({ type: "others" }, { type: "closed" });
      else tokens.push(token);
    });
    var said = [], i = 0;
    while (i < tokens.length) {
      var token = tokens[i];
      if (token.type === "restart") { said = []; i = skipPauses(tokens, i + 1); continue; }
      if (token.type === "swapped") {
        var after = skipPauses(tokens, i + 1), until = clause(tokens, after, false);
        // 王姐点炮，说反了，大陈点炮王姐胡: a correction after it is one like any other.
        said = after < until ? retract(said, tokens.slice(after, until)) : swapSeats(said);
        i = after < until ? until : after;
        continue;
      }
      if (token.type !== "not" && token.type !== "retract") { said.push(token); i += 1; continue; }
      if (token.type === "retract") {
        var from = skipPauses(tokens, i + 1), to = clause(tokens, from, false);
        said = retract(said, tokens.slice(from, to));
        i = to;
        continue;
      }
      var end = clause(tokens, i + 1, true);
      var negated = tokens.slice(i + 1, end).filter(function (t) { return t.type !== "of"; });
      var correction = [], next = skipPauses(tokens, end);
      if (next < tokens.length && tokens[next].type === "is") {
        var stop = clause(tokens, next + 1, false);
        correction = tokens.slice(next + 1, stop);
        end = stop;
      } else if (!negated.length && next > end && next < tokens.length) {
        // 四朵花，哦不，五朵 / 哦不是，大陈是抢王姐的杠: nothing negated, and the next breath says what it was instead.
        var until = clause(tokens, next, false);
        correction = tokens.slice(next, until);
        end = until;
      }
      said = negate(said, negated, correction);
      i = end;
    }
    return said;
  }

  // A robbed kong said from its owner's side: 老王补杠被小李抢了 / 老王的杠被小李抢杠胡了 / 老王被小李抢杠了 are
  // 小李抢了老王的杠; 老王补杠被抢了 is 老王被抢. A robbed kong never completed (RULES §9.2.9): it is no row.
  function robbedFromOwner(tokens, vocab) {
    function seat(token) { return token && (token.type === "name" || (token.type === "dealer" && typeof vocab.dealer === "number")); }
    var out = [];
    for (var k = 0; k < tokens.length; k++) {
      var token = tokens[k];
      if (!seat(token)) { out.push(token); continue; }
      var j = k + 1, kong = false;
      if ((tokens[j] || {}).type === "of" && (tokens[j + 1] || {}).type === "kong") j += 1;
      if ((tokens[j] || {}).type === "kong") { kong = true; j += 1; if ((tokens[j] || {}).type === "tile") j += 1; }
      var next = tokens[j] || {}, robber = tokens[j + 1], verb = tokens[j + 2] || {};
      // 让老郑给抢了: 给 between the robber and the robbing says nothing more.
      if (verb.type === "give" && ["rob", "grab", "win"].indexOf((tokens[j + 3] || {}).type) !== -1) {
        tokens = tokens.slice(0, j + 2).concat(tokens.slice(j + 3));
        verb = tokens[j + 2];
      }
      // 老王补杠被小李胡了 / 截胡: a win on a kong being declared robbed it.
      var robbing = verb.type === "rob" || verb.type === "grab" || (kong && verb.type === "win");
      if ((kong || !next.afterPause) && next.type === "passive" && seat(robber) && robbing &&
        (kong || verb.type === "rob" || (tokens[j + 3] || {}).type === "kong")) {
        j += 3;
        while (["kong", "win", "of"].indexOf((tokens[j] || {}).type) !== -1 && !tokens[j].afterPause) j += 1;
        out.push(robber, { type: "rob" }, token);
        k = j - 1;
      } else if (kong && (next.type === "robbed" || (next.type === "passive" && ["rob", "grab"].indexOf(robber && robber.type) !== -1))) {
        out.push(token, { type: "robbed" });
        k = next.type === "robbed" ? j : j + 1;
      } else out.push(token);
    }
    return out;
  }

  // 我自摸 / 俺点的炮 / 胡的是我: the speaker is one of the seats, which one the sentence does not say; asked as a
  // name that may be any of them, never guessed. 我 before no act of a hand (我说错了) says nothing.
  var ACTS = ["self", "win", "ron", "discard", "fed", "discardto", "give", "kong", "kongfeed", "kongafter", "kongfed", "closed",
    "ready", "side", "pattern", "number", "penalty", "void", "liable", "rob", "grab", "robbed", "multi", "multi3", "both", "pung", "first", "all", "and"];
  function speaker(tokens, vocab) {
    var seats = (vocab.seats || []).filter(Boolean);
    return tokens.map(function (token, index) {
      if (token.type !== "me") return token;
      var next = tokens[index + 1] || {}, before = tokens[index - 1] || {};
      if (next.type === "of") next = tokens[index + 2] || {};
      if (ACTS.indexOf(next.type) === -1 && before.type !== "is" && before.type !== "give") return { type: "we" };
      return { type: "stranger", name: "我", like: seats, afterPause: token.afterPause };
    });
  }

  // 中发白都碰了 / 红中和发财碰了 / 碰了红中: dragons punged, the table's dragon-pung item (沈阳's 箭刻, ×2 each) as
  // many times as dragons are named, not a 中发白 set; where the table has no such item it is said back. A kong
  // said later (碰了红中，后来补杠) makes the pung a kong instead, and the words are left as they are.
  var DRAGONS = ["5z", "6z", "7z"];
  function dragonPungs(tokens, vocab) {
    function dragons(at) {
      var token = tokens[at] || {};
      if (token.type === "kong" && token.kind === "dragon_set") return { count: 3, end: at + 1 };
      var count = 0, end = at;
      while (tokens[end] && tokens[end].type === "tile" && DRAGONS.indexOf(tokens[end].tile) !== -1) {
        count += 1;
        end += 1;
        if ((tokens[end] || {}).type === "and" && (tokens[end + 1] || {}).type === "tile") end += 1;
      }
      return count ? { count: count, end: end } : null;
    }
    var kongLater = function (from) {
      return tokens.slice(from).some(function (t) { return t.type === "kong" && (!t.kind || t.kind === "added"); });
    };
    var played = (vocab.patterns || []).some(function (p) { return p.id === "dragon_pung"; });
    var item = played ? { type: "pattern", id: "dragon_pung" } : { type: "pattern", id: "dragon_pung", unplayed: true, name: "箭刻" };
    var out = [];
    for (var k = 0; k < tokens.length; k++) {
      var run = dragons(k), at = run ? run.end : k;
      if (run && (tokens[at] || {}).type === "all") at += 1;
      var pung = tokens[at] || {}, after = tokens[at + 1] || {};
      var claimed = ["name", "dealer", "of", "is"].indexOf(after.type) !== -1 && !after.afterPause;
      if (run && pung.type === "pung" && !claimed && !kongLater(at + 1)) {
        out.push({ type: "number", value: run.count, afterPause: tokens[k].afterPause }, item);
        k = at;
        continue;
      }
      var punged = tokens[k].type === "pung" ? dragons(k + 1) : null;
      if (punged && !kongLater(punged.end)) {
        out.push({ type: "number", value: punged.count, afterPause: tokens[k].afterPause }, item);
        k = punged.end - 1;
        continue;
      }
      out.push(tokens[k]);
    }
    return out;
  }

  // 谁点的？老王 / 谁放的炮，小李 / 谁胡的？阿强: a question the speaker answers at once is the answer said plainly
  // (老王点的); unanswered, the act is said of no one (谁点的不知道: a discard, whose is asked).
  var ASKED = { discard: "discard", fed: "discard", win: "win", ron: "win", self: "self" };
  function answered(tokens, vocab) {
    function seat(token) { return token && (token.type === "name" || (token.type === "dealer" && typeof vocab.dealer === "number")); }
    var out = [];
    for (var k = 0; k < tokens.length; k++) {
      var token = tokens[k], act = ASKED[(tokens[k + 1] || {}).type];
      if (token.type !== "who") { out.push(token); continue; }
      if (!act) continue;
      var j = k + 2;
      while (["pao", "of", "is"].indexOf((tokens[j] || {}).type) !== -1 && !tokens[j].afterPause) j += 1;
      if (!seat(tokens[j])) { out.push(tokens[k + 1]); k += 1; continue; }
      var who = tokens[j];
      j += 1;
      // 谁点的？老王点的 / 老王的: the answer said again.
      while (tokens[j] && !tokens[j].afterPause && (ASKED[tokens[j].type] === act || ["of", "pao"].indexOf(tokens[j].type) !== -1)) {
        j += 1;
      }
      out.push(Object.assign({}, who, { afterPause: token.afterPause }), { type: act === "discard" ? "discard" : tokens[k + 1].type });
      k = j - 1;
    }
    return out;
  }

  // The sentence's words said plainly, after 他/她 are resolved (phrase-read.js): dragons punged as the dragon-pung
  // item, a question answered at once as the answer, the speaker as a name to ask about, a robbed kong from the
  // robber's side.
  function plain(tokens, vocab) {
    return robbedFromOwner(speaker(answered(dragonPungs(tokens, vocab), vocab), vocab), vocab);
  }

  return { amend: amend, plain: plain };
});
