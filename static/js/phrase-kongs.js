// How the phrase box reads the kongs a sentence says (static/js/phrase-read.js reads the rest): each kong's owner,
// kind, tile and who fed it (or whose pung an added kong sits on), said in one breath or in several parts. Pure,
// like the rest of the parser: it works on the reader phrase-read.js makes (its tokens, its place in them, what
// was said so far).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseKongs = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  function skipKongWords(r) {
    var peek = r.peek;
    // 暗杠了一个五万 / 暗杠的是五万 / 杠了四个五万 / 杠了个五万
    while (peek().type === "of" || peek().type === "is" || peek().type === "count" ||
      (peek().type === "number" && (peek().value === 1 || peek().value === 4) && peek(1).type === "count" &&
        peek(2).type !== "kong")) {
      r.i += peek().type === "number" ? 2 : 1;
    }
  }
  // 暗杠(五万)是王姐的: whose kong, said after it (not 是王姐点的: that is who fed it).
  // 点豆是刘洋的: said of a kong named by its feeding (点豆), who fed it.
  function ownerAfter(r, kong, fedWord) {
    var peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    if (peek().type === "is" && isSeat(peek(1)) && peek(2).type === "of" &&
      ["fed", "discard", "kongfeed", "tile"].indexOf(peek(3).type) === -1) {
      // 老孙两个暗杠一个明杠，明杠是小马的: a claimed kong already someone's, said to be another's, was fed by them.
      var claimedBefore = kong.owned && ["exposed", "added"].indexOf(kong.kind) !== -1;
      if ((fedWord || claimedBefore) && seatOf(peek(1)) !== kong.seat) fedBy(kong, seatOf(peek(1)));
      else kong.seat = seatOf(peek(1));
      r.i += 3;
    }
  }
  // The kong row a kong said makes or completes: its owner, kind, tile and who fed it, as the words around it say.
  function kongRow(r, seat, kind, bySound, tileBefore, fedWord) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    // 王姐杠了两次，暗杠五万…: a kong said first without its kind is the one said next with it.
    // 王姐一个暗杠一个明杠，暗杠五万…: so is one announced by its count, of the same kind.
    var kong = state.kongs.filter(function (k) {
      return k.seat === seat && !k.tile && k.from === null && (!k.kind || (k.announced && k.kind === kind));
    })[0];
    // 周姐也明杠，杠的老孙的八条 / 刘洋点豆给小杨，杠的七万: a kong said again with no kind, its tile not said yet, is the
    // one just said.
    var last = r.lastKong;
    var again = !kind && last && last.seat === seat && !last.tile && state.kongs.indexOf(last) !== -1 &&
      (last.from === null || !isSeat(peek()) || seatOf(peek()) === last.from);
    // 王姐杠了个红中，暗的: the kind said after the kong, alone.
    var kindAfter = kind && last && last.seat === seat && !last.kind && state.kongs.indexOf(last) !== -1 &&
      (peek().type === "end" || Boolean(peek().afterPause));
    if (again) kong = last;
    else if (kindAfter) { kong = last; kong.kind = kind; }
    else if (kong && kind) { kong.kind = kind; kong.bySound = bySound; kong.announced = false; kong.owned = true; }
    else {
      kong = { seat: seat, kind: kind || "", tile: "", from: null, bySound: bySound };
      state.kongs.push(kong);
    }
    if (tileBefore) kong.tile = tileBefore;
    ownerAfter(r, kong, fedWord);
    skipKongWords(r);
    // 东南西北旋风杠: one set, said twice.
    if ((kind === "wind_set" || kind === "dragon_set") && peek().type === "kong" && peek().kind === kind) r.i += 1;
    // 杠了两个 / 暗杠两个(，五万和东风) / 闷豆两个: as many kongs of that kind, the tiles said next theirs in order.
    // 暗杠俩(，九筒跟东风): 俩 and 仨 are counted on their own.
    var ownCount = peek(1).type === "end" || peek(1).afterPause;
    if (peek().type === "number" && peek().value >= 2 && peek().value <= 4 && (peek(1).type === "count" || ownCount) &&
      (peek(2).type !== "kong" || peek(2).afterPause) && !kong.tile && !tileBefore) {
      var rows = [kong];
      kong.announced = true;
      for (var more = peek().value; more > 1; more--) {
        rows.push({ seat: seat, kind: kind || "", tile: "", from: null, announced: true });
        state.kongs.push(rows[rows.length - 1]);
      }
      r.i += ownCount ? 1 : 2;
      // 九筒跟东风 / 一个东风一个三条 / 三万一个九筒一个: the tiles, in order.
      var oneOf = function (at) { return peek(at).type === "number" && peek(at).value === 1 && peek(at + 1).type === "count"; };
      if (oneOf(0) && peek(2).type === "tile") r.i += 2;
      while (peek().type === "tile" && rows.length) {
        rows.shift().tile = peek().tile;
        r.used[r.i] = true;
        r.i += 1;
        if (oneOf(0)) r.i += 2;
        if (peek().type === "and" && peek(1).type === "tile") r.i += 1;
        if (oneOf(0) && peek(2).type === "tile") r.i += 2;
      }
      // 都是老刘打的: who fed them all.
      var isAt = peek(1).type === "is" ? 1 : 0;
      if (peek().type === "all" && isSeat(peek(1 + isAt)) && peek(2 + isAt).type === "fed") {
        var feeder = seatOf(peek(1 + isAt));
        [kong].concat(state.kongs.filter(function (k) { return k.announced && k.seat === seat; })).forEach(function (k) {
          if (["exposed", ""].indexOf(k.kind) !== -1) { fedBy(k, feeder); if (k.from !== null) k.kind = "exposed"; }
        });
        r.i += 3 + isAt;
      }
      r.lastKong = kong;
      return kong;
    }
    // 杠了王姐的五万 / 明杠王姐的 / 杠了王姐一张: claimed from that seat's discard.
    var oneTile = peek(1).type === "number" && peek(1).value === 1 && peek(2).type === "count" && !peek().afterPause &&
      !peek(1).afterPause && peek(3).type !== "kong";
    if (isSeat(peek()) && seatOf(peek()) !== seat && (oneTile || ["of", "tile", "fed", "kongfeed"].indexOf(peek(1).type) !== -1)) {
      // … or 杠是小李点的.
      kong.from = seatOf(peek());
      kong.fedBy = true;
      if (!kong.kind) kong.kind = "exposed";
      r.i += oneTile ? 3 : peek(1).type === "tile" ? 1 : 2;
      skipKongWords(r);
    }
    if (peek().type === "tile" && !kong.tile) { kong.tile = peek().tile; r.used[r.i] = true; r.i += 1; }
    ownerAfter(r, kong, fedWord);
    // 杠了三条(是)周姐给的: who fed it, said after it.
    var fedAt = peek().type === "is" ? 1 : 0;
    var fedEnds = peek(fedAt + 2).type === "end" || peek(fedAt + 2).afterPause;
    if (isSeat(peek(fedAt)) && peek(fedAt + 1).type === "fed" && (fedAt || !peek().afterPause || fedEnds) &&
      ["", "exposed"].indexOf(kong.kind) !== -1 && ["pao", "discard"].indexOf(peek(fedAt + 2).type) === -1) {
      fedBy(kong, seatOf(peek(fedAt)));
      if (kong.from !== null && !kong.kind) kong.kind = "exposed";
      r.i += fedAt + 2;
    }
    // 老刘自摸，暗杠五万，王姐的: a concealed kong said after another seat's words, whose it was said after it.
    if (["concealed", "dragon_set", "wind_set"].indexOf(kong.kind) !== -1 && isSeat(peek()) && peek().afterPause &&
      peek(1).type === "of" && (peek(2).type === "end" || peek(2).afterPause)) {
      kong.seat = seatOf(peek());
      r.subject = kong.seat;
      r.i += 2;
    }
    seat = kong.seat;
    // 王姐碰了老郑的三万，后来补杠: an added kong sits on the pung said, claimed from its feeder.
    var pung = state.pungs.filter(function (p) {
      return p.seat === seat && (!kong.tile || !p.tile || p.tile === kong.tile);
    })[0];
    if (pung && kong.from === null && (kong.kind === "added" || !kong.kind)) {
      kong.from = pung.from;
      kong.kind = "added";
      if (!kong.tile && pung.tile) kong.tile = pung.tile;
    }
    r.lastKong = kong;
    // 老王暗杠五万和东风 / 暗杠五万、东风: a second tile is a second kong of the same kind.
    while ((peek().type === "and" && peek(1).type === "tile") ||
      (kong.tile && peek().type === "tile" && peek().afterPause && ["end", "and"].indexOf(peek(1).type) !== -1)) {
      if (peek().type === "and") r.i += 1;
      var more = { seat: seat, kind: kind || "", tile: peek().tile, from: null };
      state.kongs.push(more);
      r.lastKong = more;
      r.used[r.i] = true;
      r.i += 1;
    }
    return kong;
  }

  // A kong word on its own, about the seat last named.
  function kongSaid(r, token) {
    var state = r.state, peek = r.peek;
    if (token.bySound && !token.kind && peek().type !== "tile") return;  // 刚 (just now), not 杠
    if (r.strangerDid("kong")) return;
    // 老刘五万杠了: the tile just before, when it is not one of the winning tiles said.
    // 五万的暗杠 too.
    var back = r.tokens[r.i - 2] && r.tokens[r.i - 2].type === "of" ? r.i - 3 : r.i - 2;
    var before = r.tokens[back];
    var tileBefore = before && before.type === "tile" && !r.used[back] && !token.afterPause &&
      state.tiles.indexOf(before.tile) === -1 ? before.tile : "";
    // 点豆的是刘洋 (after 老郑点豆): who fed the kong said before.
    var open = token.fedWord && (peek().type === "of" || peek().type === "is") ? openClaimed(r) : null;
    if (open) {
      var at = 0;
      while (peek(at).type === "of" || peek(at).type === "is") at += 1;
      if (r.isSeat(peek(at)) && r.seatOf(peek(at)) !== open.seat) {
        fedBy(open, r.seatOf(peek(at)));
        r.i += at + 1;
        return;
      }
    }
    // 老孙明杠，明杠是小马的: the claimed kong said again, with another seat's name: who fed it.
    var again = ["exposed", "added"].indexOf(token.kind) !== -1 && peek().type === "is" && r.isSeat(peek(1)) &&
      peek(2).type === "of" ? state.kongs.filter(function (k) {
        return k.kind === token.kind && k.from === null && k.seat !== r.seatOf(peek(1));
      }) : [];
    if (again.length === 1) {
      fedBy(again[0], r.seatOf(peek(1)));
      r.lastKong = again[0];
      r.i += 3;
      return;
    }
    var owner = r.subject === null ? ownerLater(r) : null;
    // 王姐杠了两次，都是暗杠: the kind said of all the kongs announced without one.
    var allOf = (r.tokens[r.i - 2] || {}).type === "all" && token.kind && r.subject !== null;
    var kindless = allOf ? state.kongs.filter(function (k) {
      return k.seat === r.subject && k.announced && !k.kind && !k.tile && k.from === null;
    }) : [];
    if (kindless.length > 1) {
      kindless.forEach(function (k) { k.kind = token.kind; k.announced = false; });
      r.lastKong = kindless[kindless.length - 1];
      skipKongWords(r);
      return;
    }
    if (r.subject !== null) kongRow(r, r.subject, token.kind, token.bySound, tileBefore, token.fedWord);
    else if (owner) {
      // 暗杠是老刘的 / 暗杠五万，老刘(的): the kong said before its owner.
      kongRow(r, owner.seat, token.kind, token.bySound, tileBefore, token.fedWord);
      if (r.peek() === owner.token) r.i += r.peek(1).type === "of" ? 2 : 1;
      r.subject = owner.seat;
    } else state.asks.push({ code: "kongWho", field: "kong_seat_0", params: {} });
  }

  // The owner of a kong said before any seat: the seat named right after it and its tile, on its own or as 是老刘的
  // (暗杠是老刘的, 暗杠五万，老刘); null where none is (暗杠五万，老刘自摸 asks whose).
  function ownerLater(r) {
    var peek = r.peek, at = 0;
    while (["tile", "of", "is", "count"].indexOf(peek(at).type) !== -1) at += 1;
    var said = peek(at), after = peek(at + 1);
    if (!r.isSeat(said)) return null;
    if (after.type === "of") after = peek(at + 2);
    if (after.type !== "end" && !after.afterPause) return null;
    return { seat: r.seatOf(said), token: said };
  }

  // 两个暗杠 / 一个闷豆: a number of kongs of one kind; false where the number is no count of kongs.
  function counted(r, token) {
    var state = r.state, peek = r.peek;
    if (!(peek().type === "kong" && r.subject !== null && token.value >= 1 && token.value <= 4)) return false;
    var kongToken = peek();
    // 一个红中刻: 红 heard as 杠 by its sound, before no tile, is no kong.
    if (kongToken.bySound && !kongToken.kind && peek(1).type !== "tile") return false;
    r.i += 1;
    var before = state.kongs.length;
    var row = kongRow(r, r.subject, kongToken.kind, kongToken.bySound, "", kongToken.fedWord);
    if (!row.tile && row.from === null) row.announced = true;
    // The row said (new or announced before) and any its tiles added count toward the number said.
    for (var extra = Math.max(1, state.kongs.length - before); extra < token.value; extra++) {
      state.kongs.push({ seat: r.subject, kind: kongToken.kind || "", tile: "", from: null, announced: true });
    }
    // 王姐和老刘各一个暗杠: as many for each of the group.
    (r.group && r.group[0] === r.subject ? r.group.slice(1) : []).forEach(function (seat) {
      for (var each = 0; each < token.value; each++) {
        state.kongs.push({ seat: seat, kind: kongToken.kind || "", tile: "", from: null, announced: true });
      }
    });
    return true;
  }

  // 碰的小李的 (after 补杠): whose discard the added kong's pung was claimed from; before any kong, a pung said.
  function pungSaid(r) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf;
    // 老王补杠，碰的小李的: whose discard the added kong's pung was claimed from.
    while (peek().type === "of" || peek().type === "is") r.i += 1;
    if (isSeat(peek())) {
      var feeder = seatOf(peek());
      r.i += 1;
      if (peek().type === "of") r.i += 1;
      var pungKong = r.lastKong && r.lastKong.from === null && (r.lastKong.kind === "added" || r.lastKong.kind === "")
        ? r.lastKong : null;
      var pungTile = peek().type === "tile" ? peek().tile : "";
      if (pungTile) r.i += 1;
      if (pungKong) {
        pungKong.from = feeder;
        pungKong.fedBy = true;
        if (!pungKong.kind) pungKong.kind = "added";
        if (!pungKong.tile && pungTile) pungKong.tile = pungTile;
      } else if (r.subject !== null) state.pungs.push({ seat: r.subject, from: feeder, tile: pungTile });
    }
  }

  // The kong a feeder's words are about: the owner's claimed kong said before and not yet fed (王姐给小赵点的杠,
  // after 小赵明杠三条), else a new row (a tile said next is a new kong's).
  function claimedRow(r, owner, kind) {
    var open = r.peek().type === "tile" ? null : r.state.kongs.filter(function (kong) {
      return kong.seat === owner && kong.from === null && ["exposed", "added", ""].indexOf(kong.kind) !== -1;
    })[0];
    if (open && !open.kind) open.kind = kind;
    return open || kongRow(r, owner, kind, false);
  }

  function fedBy(kong, feeder) {
    if (kong.from === null && kong.seat !== feeder) { kong.from = feeder; kong.fedBy = true; }
  }

  // 小赵杠完打的 / 小赵杠完牌打了个五万 / 小赵补完杠点了大陈 / 小赵开杠后打出来: the discard right after 小赵's kong
  // (杠上炮, Dalian's 流泪), which the winner (said after it, or elsewhere) won on.
  function discardAfter(r, seats, next) {
    var peek = r.peek, d = 1;
    while (["count", "tile", "number", "of"].indexOf(peek(d).type) !== -1 && !peek(d).afterPause) d += 1;
    var verb = peek(d);
    var verbs = next.type === "kongafter" ? ["play", "discard", "fed", "discardto"] : ["play", "discard", "discardto"];
    if (verb.afterPause || verbs.indexOf(verb.type) === -1) return false;
    // 小赵暗杠完打了个三万: a concealed kong is a row (it is whole as said); a claimed one stays the discard's time.
    if (next.kind === "concealed") {
      r.state.kongs.push({ seat: seats[0], kind: next.kind, tile: "", from: null });
    }
    r.i += d + 1;
    r.state.discarders.push(seats[0]);
    r.state.kongFed = seats[0];
    if (verb.type === "discardto" || (peek().type === "give" && r.isSeat(peek(1)))) {
      if (verb.type !== "discardto") r.i += 1;
    } else if (!(verb.type === "discard" && r.isSeat(peek()) && !peek().afterPause)) return true;
    // … 给大陈 / 点了大陈: who won on it.
    r.readSeats().forEach(function (seat) { r.setMethod(r.winOf(seat), "discard", seats[0]); r.lastWinSeat = seat; });
    if (peek().type === "win") r.i += 1;
    return true;
  }

  // What follows the seats just named, where it is about a kong: theirs (老刘暗杠五万, 老刘五万暗杠, 王姐和大陈都暗杠了),
  // or one they fed (张姐给老王点杠, 小李点杠给老王, 刘洋点豆给老郑, 王姐放的杠). False where it is not.
  function clause(r, seats, next) {
    var state = r.state, peek = r.peek, isSeat = r.isSeat, seatOf = r.seatOf, feeder = seats[0];
    // 刚杠完: 刚 (just) before a kong word is no kong of its own.
    if (next.type === "kong" && next.bySound && !next.kind && ["kong", "kongafter"].indexOf(peek(1).type) !== -1) {
      r.i += 1;
      next = peek();
    }
    // 张姐给老王点杠 / 张姐给老王点的杠 / 刘洋给老郑点了一个豆 / 张姐点了小李一个杠 / 刘洋点了老郑的豆: 老王's kong,
    // claimed from 张姐; 老郑被刘洋点了个豆: 老郑's, claimed from 刘洋.
    if (["give", "discard", "passive"].indexOf(next.type) !== -1 && isSeat(peek(1)) && !peek(1).afterPause) {
      var k = 2;
      while (["number", "count", "of", "fed", "discard"].indexOf(peek(k).type) !== -1 && !peek(k).afterPause) k += 1;
      var word = peek(k);
      if (word.type === "kongfeed" || (word.type === "kong" && (!word.kind || word.kind === "exposed"))) {
        var owner = next.type === "passive" ? feeder : seatOf(peek(1));
        var by = next.type === "passive" ? seatOf(peek(1)) : feeder;
        r.i += k + 1;
        fedBy(claimedRow(r, owner, word.kind || "exposed"), by);
        r.subject = owner;
        return true;
      }
    }
    if (next.type === "kongfeed" || (next.type === "kong" && next.kind === "exposed" && peek(1).type === "give" &&
      isSeat(peek(2)))) {
      // 小李点杠（给老王） / 刘洋点豆给老郑: 小李 fed a kong; whose, said after or beside.
      r.i += 1;
      if (peek().type === "give" && isSeat(peek(1))) {
        var taker = seatOf(peek(1));
        r.i += 2;
        fedBy(claimedRow(r, taker, "exposed"), feeder);
        r.subject = taker;
      } else state.kongFeeder = feeder;
      return true;
    }
    if (next.type === "fed" && peek(1).type === "kong" && !peek(1).afterPause && (!peek(1).kind || peek(1).kind === "exposed")) {
      // 小李点的杠 / 王姐放的杠: the claimed kong said before (刘洋明杠八万，王姐放的杠), else whose is said beside.
      r.i += 2;
      var last = r.lastKong;
      if (last && last.from === null && last.seat !== feeder && ["exposed", "added", ""].indexOf(last.kind) !== -1) {
        fedBy(last, feeder);
        if (!last.kind) last.kind = "exposed";
        r.subject = last.seat;
      } else state.kongFeeder = feeder;
      return true;
    }
    if ((next.type === "kong" || next.type === "kongafter") && discardAfter(r, seats, next)) return true;
    if (next.type === "kongafter") {
      // 小赵杠完了: a kong, its kind not said; 小赵暗杠完了: a concealed one.
      r.i += 1;
      kongRow(r, feeder, next.kind || "", false);
      return true;
    }
    if (next.type === "kong" && !(next.bySound && !next.kind && peek(1).type !== "tile")) {
      r.i += 1;
      // 王姐和大陈都暗杠了: each of them.
      var firstRow = kongRow(r, feeder, next.kind, next.bySound, "", next.fedWord);
      seats.slice(1).forEach(function (seat) {
        state.kongs.push({ seat: seat, kind: firstRow.kind, tile: "", from: null });
      });
      return true;
    }
    if (next.type === "tile" && peek(1).type === "kong" && peek(1).kind) {
      // 老刘五万暗杠: the tile before the kind.
      r.i += 2;
      kongRow(r, feeder, peek(-1).kind, peek(-1).bySound, next.tile);
      return true;
    }
    return false;
  }

  // The claimed kong a feeder said next fed: the last kong said if still unfed, else the next of its owner's kongs
  // announced by a count (明杠两个，一个张姐点的一个阿强点的); null where none is open.
  function openClaimed(r) {
    var last = r.lastKong;
    function open(kong) { return kong.from === null && ["exposed", "added", ""].indexOf(kong.kind) !== -1; }
    if (!last) return null;
    if (open(last)) return last;
    return r.state.kongs.filter(function (kong) { return kong.seat === last.seat && kong.announced && open(kong); })[0] || null;
  }

  // Whether the word just read (a discard) comes right after a kong of the seat named (小赵杠了，打了个三万).
  function justSaid(r) {
    for (var back = r.i - 2; back >= 0; back--) {
      var type = r.tokens[back].type;
      if (type === "kong" || type === "kongafter") return true;
      if (["tile", "count", "number", "of", "play"].indexOf(type) === -1) return false;
    }
    return false;
  }

  return { openClaimed: openClaimed, justSaid: justSaid, kongRow: kongRow, kongSaid: kongSaid, counted: counted, pungSaid: pungSaid, clause: clause };
});
