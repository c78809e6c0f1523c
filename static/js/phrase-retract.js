// What a correction replaces (phrase-amend.js finds where the speaker took something back; this rewrites what was
// said before it): 不对，Y / 说错了，Y replaces word by word, a win said again replaces the win whole, a discarder,
// a group or a kong's seats said again replace only those, 说反了 swaps the two seats said. Pure, like the parser.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseRetract = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var SEAT_TYPES = ["name", "dealer"];
  // Words that stand in for one another when a correction replaces what was said: 自摸 by 胡 (a win all the same).
  var KINDS = { self: "how", win: "how", rob: "how", discard: "from", fed: "from", name: "seat", dealer: "seat" };
  function kindOf(token) { return KINDS[token.type] || token.type; }
  function same(a, b) {
    return a.type === b.type && a.seat === b.seat && a.id === b.id && a.kind === b.kind && a.tile === b.tile && a.value === b.value;
  }
  function isSeatToken(token) { return SEAT_TYPES.indexOf(token.type) !== -1; }
  var STOP = { type: "stop" };
  function lastIndex(tokens, before, test) { for (var k = before - 1; k >= 0; k--) if (test(tokens[k])) return k; return -1; }

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
    // 张姐自摸，不对，是老王点给她的: 她 in the correction is the seat said before it that the correction does not name.
    correction = correction.map(function (token) {
      if (token.type !== "pronoun") return token;
      var named = correction.filter(isSeatToken);
      var at = lastIndex(said, said.length, function (other) {
        return isSeatToken(other) && !named.some(function (seat) { return same(seat, other); });
      });
      return at === -1 ? token : Object.assign({}, said[at], { afterPause: token.afterPause });
    });
    // 老刘跟大陈都胡了小赵的，不对，是老刘跟王姐: a group said again replaces the group said last.
    var group = regroup(said, correction);
    if (group) return group;
    // 小杨给老郑点了个豆，不对，是刘洋给老郑点的: the kong said last, its seats said again in the same places.
    var kongClause = reseatKong(said, correction);
    if (kongClause) return kongClause;
    // 老王点炮给张姐，哦不是，是阿强点的 / 小李自摸，不对，是胡的老王: only whose discard it was is said again.
    var feeder = newFeederIn(correction);
    if (feeder) return withFeeder(said, feeder);
    if (restatesTheWin(correction)) {
      // (老王胡了，小李点的，说错了，是张姐自摸: a self-draw said again takes back the discard said in any clause.)
      var restated = withoutTheWin(said, correction);
      // (刘洋点炮，王姐胡，哎不对，王姐点炮，刘洋胡: a discard said again takes back the one said before, too.)
      var again = correction.some(function (token) { return ["self", "discard", "fed", "discardto"].indexOf(token.type) !== -1; });
      if (again) restated = withoutDiscard(restated);
      return restated.concat([STOP], correction);
    }
    var rest = [], replaced = [], counted = null;
    var words = correction.filter(function (token) { return token.type !== "is" && token.type !== "of"; });
    words.forEach(function (token, k) {
      // 王姐四归一，说错了，俩四归一: a count goes with the word after it.
      var counts = token.type === "number" && words.slice(k + 1).some(function (other) { return other.type !== "count"; });
      if (counts) { if (counted) rest.push(counted); counted = token; return; }
      var count = counted;
      counted = null;
      // 小李胡了老王点的，不对，是自摸: a self-draw takes back the discard said, with who made it; 小马自摸，说错了是点炮:
      // a discard takes back the self-draw (still a win).
      if (token.type === "self") said = withoutDiscard(said);
      var selfAt = token.type === "discard" ? lastIndex(said, said.length, function (other) { return other.type === "self"; }) : -1;
      if (selfAt !== -1) said = said.slice(0, selfAt).concat([{ type: "win" }], said.slice(selfAt + 1));
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
    // 老孙明杠小马的二饼，等下，是李哥打的二饼: the kong said last, with no win or discard after it, was fed by them.
    var kongAt = lastIndex(said, said.length, function (token) { return token.type === "kong"; });
    var wonAfter = kongAt !== -1 && said.slice(kongAt).some(function (token) { return WIN_ACTS.indexOf(token.type) !== -1; });
    if (kongAt !== -1 && !wonAfter && kongAt > fedAt) {
      var kongFeeder = seatNear(kongAt, 1);
      if (kongFeeder !== -1) return said.slice(0, kongFeeder).concat([feeder], said.slice(kongFeeder + 1));
    }
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
  var WIN_ACTS = ["self", "win", "ron", "discard", "discardto", "fed", "rob", "grab", "catch"];
  var WIN_WORDS = WIN_ACTS.concat(SEAT_TYPES, ["of", "is", "pao", "ba", "give"]);
  var WON = ["self", "win", "ron", "rob", "grab", "catch"];
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

  return {
    retract: retract, swapSeats: swapSeats, withoutDiscard: withoutDiscard, dropLast: dropLast, same: same,
    isSeatToken: isSeatToken, lastIndex: lastIndex, STOP: STOP, SEAT_TYPES: SEAT_TYPES,
  };
});
