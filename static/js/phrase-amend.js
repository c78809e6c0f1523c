// What the speaker of a phrase-box sentence took back (static/js/phrase-hear.js hears the words, this rewrites
// them): "不是自摸，是老王点的", "没有杠", "不是老王，是小李", "老王自摸，不对，小李"; what they wondered about (是自摸还是
// 点炮); and what they said in a roundabout way, said plainly before it is read (phrase-read.js: `plain`). Pure, like
// the parser. What a correction replaces is phrase-retract.js's.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-retract.js"));
  else root.TKPhraseAmend = factory(root.TKPhraseRetract);
})(typeof self !== "undefined" ? self : this, function (corrections) {
  "use strict";

  // What the speaker took back: "不是自摸，是老王点的", "没有杠", "不是老王，是小李", "老王自摸，不对，小李".
  // The last statement wins, and what was negated is never ticked: the tokens are rewritten before they are
  // read, as if the sentence had been said right the first time.
  var SEAT_TYPES = corrections.SEAT_TYPES, STOP = corrections.STOP, same = corrections.same;
  var isSeatToken = corrections.isSeatToken, lastIndex = corrections.lastIndex, retract = corrections.retract;
  var swapSeats = corrections.swapSeats, withoutDiscard = corrections.withoutDiscard, dropLast = corrections.dropLast;

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
    "ready", "side", "pattern", "number", "penalty", "void", "liable", "rob", "grab", "robbed", "multi", "multi3", "both", "pung", "first", "all", "and",
    "also", "catch"];
  function speaker(tokens, vocab) {
    var seats = (vocab.seats || []).filter(Boolean);
    return tokens.map(function (token, index) {
      if (token.type !== "me") return token;
      var next = tokens[index + 1] || {}, before = tokens[index - 1] || {};
      if (next.type === "of") next = tokens[index + 2] || {};
      // (明杠了我的六万: the one who fed the kong.)
      if (ACTS.indexOf(next.type) === -1 && ["is", "give", "kong"].indexOf(before.type) === -1) return { type: "we" };
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
      // (暗杠红中，还碰了发财: the 红中 is the kong's, the 碰 another clause's.)
      var ofKong = k > 0 && tokens[k - 1].type === "kong";
      if (run && pung.type === "pung" && !pung.afterPause && !ofKong && !claimed && !kongLater(at + 1)) {
        out.push({ type: "number", value: run.count, afterPause: tokens[k].afterPause }, item);
        k = at;
        continue;
      }
      var punged = tokens[k].type === "pung" ? dragons(k + 1) : null;
      // (老王补杠，补的是张姐碰的红中: the pung the added kong said before sits on.)
      var addedBefore = tokens.slice(0, k).some(function (t) { return t.type === "kong" && (!t.kind || t.kind === "added"); });
      if (punged && !kongLater(punged.end) && !addedBefore) {
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
