// The phrase box's parser: one Chinese sentence about a hand, typed or dictated, into the hand form's fields.
// Pure (no page, no network): the page (phrase.js) and `node --test` (tests/js/) call it the same way.
//
//   parse(sentence, vocabulary, sounds) -> {fields, asks, heard}
//
// vocabulary: the table's own words, read from the hand form (phrase.js): seats' names, the dealer, the methods
//   and patterns this table plays (id, Chinese name, methods, repeatable), its kinds of kong, ready declarations,
//   the closed-hand word, flowers, the side bet's word, how many may win, whether a void charges someone.
// sounds: syllable -> characters (phrase-words.js, from pypinyin): dictation writes 老汪 for 老王, so words that
//   are not found as written are found by how they sound.
// fields: the form's field names and the values taps would give them; asks: what the sentence leaves out or
//   contradicts ({code, field, params}), for which no field is set: the parser never guesses.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.TKPhraseParse = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // The names tables use for each pattern, beside the variant's own (the chip's) name. A name of a pattern this
  // table does not play is still heard, so that the keeper is told rather than ignored.
  var PATTERN_WORDS = {
    pure_one_suit: ["清一色", "清一门", "清一水", "清色"],
    mixed_one_suit: ["混一色", "混一门"],
    all_pungs: ["对对胡", "碰碰胡", "对对和", "碰碰和", "大对子", "对对碰"],
    all_triplets: ["碰碰胡", "对对胡", "碰碰和", "对对和", "大对子", "对对碰"],
    seven_pairs: ["七小对", "七对子", "小七对", "七对"],
    luxury_seven_pairs: ["豪华七小对", "豪华七对", "豪七"],
    double_luxury_seven_pairs: ["双豪华七小对", "双豪华七对", "双豪华", "双豪七"],
    triple_luxury_seven_pairs: ["三豪华七小对", "三豪华七对", "三豪华", "三豪七"],
    kong_bloom: ["杠上开花", "杠上花", "杠开", "杠呲", "杠次"],
    kong_discard: ["杠上炮", "杠后炮"],
    edge_wait: ["夹胡", "卡胡", "夹张", "卡张", "夹和"],
    clamp: ["卡当", "夹胡", "卡胡", "卡张", "夹张"],
    last_tile: ["海底捞月", "海底捞", "海捞", "海底"],
    four_wilds: ["四混", "四个混"],
    finding_treasure: ["摸宝", "摸到宝"],
    treasure_in_treasure: ["宝中宝"],
    treasure_rush: ["冲宝"],
    all_generals: ["将将胡", "将将和", "二五八将"],
    pure_terminals: ["清幺九"],
    mixed_terminals: ["混幺九"],
    outside_hand: ["全带幺"],
    heavenly_hand: ["天胡", "天和"],
    earthly_hand: ["地胡", "地和"],
    honour_pung: ["风刻"],
    dragon_pung: ["箭刻"],
    lone_tile_wait: ["大吊车", "大钓车"],
    single_wait: ["单张", "单吊", "单钓"],
    flower_bloom: ["花呲", "花开", "花上开花"],
    thirteen_unrelated: ["十三不靠"],
    all_flowers: ["花胡"],
    four_in_hand: ["四归一"],
    gua_da_feng: ["刮大风"],
    double_float: ["双飘"],
    single_float: ["单飘"],
    terminal_wait: ["缺幺胡幺"],
    single_remaining: ["手把一"],
    flowing_tears: ["流泪"],
    hidden_treasure: ["宝牌"],
    dragon_bonus: ["喜杠加牌"],
  };
  // Patterns that are self-draws by what they are, at every table that has them.
  var SELF_DRAW_PATTERNS = ["kong_bloom", "last_tile", "finding_treasure", "treasure_rush", "treasure_in_treasure",
    "flower_bloom", "heavenly_hand", "earthly_hand", "all_flowers", "four_wilds"];
  var KONG_WORDS = {
    concealed: ["暗杠", "闷杠", "暗杆"],
    exposed: ["明杠", "直杠", "大明杠", "点杠"],
    added: ["补杠", "加杠", "碰杠", "续杠", "巴杠"],
    dragon_set: ["喜杠", "中发白杠"],
    wind_set: ["旋风杠", "风杠"],
  };
  var READY_WORDS = { ready: ["报听", "听了", "听牌", "上听", "报了听"], ming: ["明楼"], an: ["暗楼"] };
  // Words whose meaning is fixed across tables. Longer words win over shorter ones at the same place.
  var WORDS = [
    ["self", ["自摸", "自摸了", "自己摸的", "自己摸了", "自摸胡", "自摸的"]],
    ["win", ["胡了", "和了", "胡牌", "赢了", "胡", "糊了", "双响", "一炮双响", "一炮多响", "三响"]],
    ["discard", ["点炮", "点的炮", "点了炮", "放炮", "放的炮", "放了炮", "放铳", "点炮了", "放炮了"]],
    ["fed", ["点的", "打的", "给的", "放的", "喂的", "供的"]],
    ["give", ["给"]],
    ["rob", ["抢杠胡", "抢杠和", "抢杠", "抢了"]],
    ["grab", ["抢"]],
    ["draw", ["流局", "荒庄", "黄庄", "黄了", "荒了", "流了", "没人胡", "谁也没胡", "都没胡", "没胡牌", "慌庄"]],
    ["void", ["诈胡", "炸胡", "诈和"]],
    ["kong", ["杠了", "杠", "开杠", "开了杠"]],
    ["closed", ["门清", "门前清"]],
    ["flower", ["个花", "张花", "朵花", "花"]],
    ["noflower", ["没花", "没有花", "无花"]],
    ["hasflower", ["有花", "有几个花", "带花"]],
    ["of", ["的"]],
    ["and", ["和", "跟", "还有", "与", "同"]],
    ["all", ["都", "全都", "大家", "各", "每人", "全"]],
    ["dealer", ["庄家", "坐庄的", "庄"]],
    ["count", ["个", "次", "张", "组", "副"]],
    ["is", ["是"]],
  ];
  var SIDE_WORDS = ["下跑", "跑了", "跑", "漂了", "漂", "飘"];
  var FILLERS = ["嗯", "呃", "额", "啊", "呀", "哦", "噢", "那个", "就是", "这个", "然后", "那么", "吧", "嘛", "呢", "哈", "啦"];
  var NUMERALS = { 零: 0, 〇: 0, 一: 1, 幺: 1, 么: 1, 二: 2, 两: 2, 俩: 2, 三: 3, 仨: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
  var SUITS = { 万: "m", 萬: "m", 筒: "p", 饼: "p", 同: "p", 条: "s", 索: "s" };
  var HONOURS = [
    ["东风", "1z"], ["南风", "2z"], ["西风", "3z"], ["北风", "4z"], ["白板", "5z"], ["发财", "6z"], ["红中", "7z"],
    ["东", "1z"], ["南", "2z"], ["西", "3z"], ["北", "4z"], ["白", "5z"], ["发", "6z"], ["中", "7z"], ["幺鸡", "1s"],
  ];
  // Dictation's usual confusions between sounds that many speakers do not tell apart.
  function fold(syllable) {
    return syllable.replace(/^([zcs])h/, "$1").replace(/ng$/, "n").replace(/^l(?=[aeiou])/, "n");
  }

  var soundCache = { table: null, map: null };
  function soundsOf(sounds) {
    if (soundCache.table === sounds) return soundCache.map;
    var map = Object.create(null);
    Object.keys(sounds || {}).forEach(function (syllable) {
      var folded = fold(syllable);
      Array.from(sounds[syllable]).forEach(function (ch) {
        (map[ch] = map[ch] || []).indexOf(folded) === -1 && map[ch].push(folded);
      });
    });
    soundCache.table = sounds;
    soundCache.map = map;
    return map;
  }

  // Full-width letters and digits to plain ones, fillers and punctuation to a pause.
  function normalise(sentence) {
    var text = String(sentence || "").normalize("NFKC").toLowerCase();
    FILLERS.forEach(function (word) { text = text.split(word).join(" "); });
    return text.replace(/[\s,.;:!?'"、，。；：！？…·~～()（）【】\[\]“”‘’-]+/g, "|");
  }

  // Every word the sentence may hold, with what it means: the table's own first, then the fixed ones.
  function lexicon(vocab) {
    var entries = [];
    function add(text, token, spoken) { if (text) entries.push({ text: text, token: token, spoken: spoken !== false }); }
    (vocab.seats || []).forEach(function (name, seat) {
      if (!name) return;
      add(name, { type: "name", seat: seat });
      // 老王 is also called 王, 小李 李, 阿强 强: the bare name when it names one seat only.
      var bare = name.replace(/^[老小阿大]/, "");
      if (bare !== name && bare.length >= 1) {
        var others = (vocab.seats || []).filter(function (other, index) { return index !== seat && other.indexOf(bare) !== -1; });
        if (!others.length) add(bare, { type: "name", seat: seat }, bare.length > 1);
      }
    });
    var played = Object.create(null);
    (vocab.patterns || []).forEach(function (pattern) {
      played[pattern.id] = pattern;
      add(pattern.name, { type: "pattern", id: pattern.id });
    });
    (vocab.patterns || []).forEach(function (pattern) {
      (PATTERN_WORDS[pattern.id] || []).forEach(function (word) { add(word, { type: "pattern", id: pattern.id }); });
    });
    Object.keys(PATTERN_WORDS).forEach(function (id) {
      if (played[id]) return;
      PATTERN_WORDS[id].forEach(function (word) { add(word, { type: "pattern", id: id, unplayed: true, name: PATTERN_WORDS[id][0] }); });
    });
    (vocab.kongKinds || []).forEach(function (kind) { add(kind.name, { type: "kong", kind: kind.id }); });
    Object.keys(KONG_WORDS).forEach(function (kind) {
      KONG_WORDS[kind].forEach(function (word) { add(word, { type: "kong", kind: kind }); });
    });
    (vocab.ready || []).forEach(function (ready) { add(ready.name, { type: "ready", value: ready.id }); });
    Object.keys(READY_WORDS).forEach(function (value) {
      READY_WORDS[value].forEach(function (word) { add(word, { type: "ready", value: value }); });
    });
    if (vocab.closed) add(vocab.closed, { type: "closed" });
    if (vocab.sideBet) add(vocab.sideBet, { type: "side" });
    SIDE_WORDS.forEach(function (word) { add(word, { type: "side" }, word.length > 1); });
    WORDS.forEach(function (pair) {
      pair[1].forEach(function (word) {
        // 杠 alone is often written 钢 by dictation; other single characters are heard as written only.
        add(word, { type: pair[0] }, word.length > 1 || word === "杠");
      });
    });
    HONOURS.forEach(function (pair) { add(pair[0], { type: "tile", tile: pair[1] }, pair[0].length > 1); });
    return entries;
  }

  function matchesBySound(text, at, word, map) {
    if (at + word.length > text.length) return false;
    for (var i = 0; i < word.length; i++) {
      var said = text[at + i], meant = word[i];
      if (said === meant) continue;
      var a = map[said], b = map[meant];
      if (!a || !b || !a.some(function (s) { return b.indexOf(s) !== -1; })) return false;
    }
    return true;
  }

  function number(text, at) {
    var m = /^\d+/.exec(text.slice(at));
    if (m) return { value: Number(m[0]), length: m[0].length };
    var ch = text[at];
    if (!(ch in NUMERALS)) return null;
    var value = NUMERALS[ch], length = 1;
    if (value === 10 && text[at + 1] in NUMERALS && NUMERALS[text[at + 1]] < 10) {
      value += NUMERALS[text[at + 1]]; length = 2;
    } else if (value < 10 && text[at + 1] === "十") {
      value *= 10; length = 2;
      if (text[at + 2] in NUMERALS && NUMERALS[text[at + 2]] < 10) { value += NUMERALS[text[at + 2]]; length = 3; }
    }
    return { value: value, length: length };
  }

  // The sentence as a list of tokens: the reading that hears the most of it, a word heard as written counting more
  // than one heard by its sound (刚自摸 is 刚 + 自摸, not 杠呲 + 摸), a character that is no word counting nothing.
  var AS_WRITTEN = 3, BY_SOUND = 2;

  function choicesAt(text, at, entries, map) {
    var choices = [];
    if (text[at] === "|") return [{ length: 1, score: 0, token: { type: "pause" } }];
    var num = number(text, at);
    if (num) {
      var suit = SUITS[text[at + num.length]];
      if (suit && num.value >= 1 && num.value <= 9) {
        choices.push({ length: num.length + 1, score: AS_WRITTEN * (num.length + 1), token: { type: "tile", tile: num.value + suit } });
      }
      choices.push({ length: num.length, score: AS_WRITTEN * num.length, token: { type: "number", value: num.value } });
    }
    entries.forEach(function (entry) {
      var length = entry.text.length;
      if (text.substr(at, length) === entry.text) {
        choices.push({ length: length, score: AS_WRITTEN * length, token: entry.token });
      } else if (entry.spoken && matchesBySound(text, at, entry.text, map)) {
        choices.push({ length: length, score: BY_SOUND * length, token: Object.assign({ bySound: true }, entry.token) });
      }
    });
    return choices;
  }

  function tokenise(text, entries, map) {
    var best = new Array(text.length + 1);
    best[text.length] = { score: 0, tokens: [] };
    for (var at = text.length - 1; at >= 0; at--) {
      var skip = best[at + 1];
      var chosen = { score: skip.score, tokens: skip.tokens };
      choicesAt(text, at, entries, map).forEach(function (choice) {
        var rest = best[at + choice.length];
        // Ties go to the longer word: 七小对 is one pattern, not 七 and 小对.
        var score = rest.score + choice.score;
        if (score > chosen.score || (score === chosen.score && choice.length > (chosen.length || 0))) {
          chosen = { score: rest.score + choice.score, tokens: [choice.token].concat(rest.tokens), length: choice.length };
        }
      });
      best[at] = chosen;
    }
    return best[0].tokens;
  }

  function newWin(seat) { return { seat: seat, method: "", from: null, patterns: [], flowers: null, flowersAsked: false }; }

  // Reads the tokens in order. The subject is the last seat named: what follows it (自摸, 门清, 漂三) is about them.
  function interpret(tokens, vocab) {
    var state = {
      wins: [], discarders: [], kongs: [], ready: {}, closed: {}, sideBets: {}, allSideBet: null, result: "",
      voidSeat: null, loosePatterns: [], asks: [], flowers: null, hasFlowers: false, dealer: vocab.dealer,
    };
    var subject = null, lastKong = null, lastWinSeat = null, i = 0;

    function peek(offset) { return tokens[i + (offset || 0)] || { type: "end" }; }
    function seatOf(token) {
      if (token.type === "name") return token.seat;
      if (token.type === "dealer" && typeof vocab.dealer === "number") return vocab.dealer;
      return null;
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
      i += 1;
      // 老刘王姐双响: names side by side are a group too.
      while ((peek().type === "and" && isSeat(peek(1))) || isSeat(peek())) {
        if (peek().type === "and") i += 1;
        seats.push(seatOf(peek()));
        i += 1;
      }
      if (peek().type === "all") i += 1;
      return seats;
    }
    function countAfter() {
      // 两个 / 2 / 两; not 三个花, which is the flowers' count.
      var after = peek(peek(1).type === "count" ? 2 : 1).type;
      if (peek().type === "number" && after !== "flower" && after !== "pattern") {
        var value = peek().value;
        i += 1;
        if (peek().type === "count") i += 1;
        return value;
      }
      return null;
    }
    function addPattern(token, owner, count) {
      if (token.unplayed) {
        state.asks.push({ code: "unplayed", field: "patterns", params: { name: token.name } });
        // Not ticked, but still heard: 张姐海底捞月 says who won, and that it was a self-draw.
        if (SELF_DRAW_PATTERNS.indexOf(token.id) === -1) return;
      }
      state.loosePatterns.push({ id: token.id, owner: owner, count: count, unplayed: Boolean(token.unplayed) });
    }
    function kongRow(seat, kind, bySound) {
      var kong = { seat: seat, kind: kind || "", tile: "", from: null, bySound: bySound };
      if (peek().type === "tile") { kong.tile = peek().tile; i += 1; }
      state.kongs.push(kong);
      lastKong = kong;
      // 老王暗杠五万和东风: a second tile is a second kong of the same kind.
      while (peek().type === "and" && peek(1).type === "tile") {
        var more = { seat: seat, kind: kind || "", tile: peek(1).tile, from: null };
        state.kongs.push(more);
        lastKong = more;
        i += 2;
      }
      return kong;
    }

    while (i < tokens.length) {
      var token = peek();
      if (isSeat(token)) {
        state.lastAll = false;
        var seats = readSeats();
        subject = seats[0];
        var next = peek();
        if (next.type === "of" && (peek(1).type === "kong") && lastWinSeat !== null) {
          // 阿强抢杠胡，老王的杠: whose kong was robbed.
          var robbed = state.wins.filter(function (win) { return win.method === "rob_kong" && win.from === null; });
          if (robbed.length) { robbed.forEach(function (win) { win.from = seats[0]; }); i += 2; continue; }
        }
        if (next.type === "of") { i += 1; next = peek(); }
        if (next.type === "self") {
          i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "self_draw"); lastWinSeat = seat; });
        } else if (next.type === "win") {
          i += 1;
          seats.forEach(function (seat) { winOf(seat); lastWinSeat = seat; });
          // 小李胡张姐的 / 小李胡了张姐的炮
          if (isSeat(peek()) && (peek(1).type === "of" || peek(1).type === "discard" || peek(1).type === "fed")) {
            var from = seatOf(peek());
            i += 2;
            if (peek().type === "discard") i += 1;
            seats.forEach(function (seat) { setMethod(winOf(seat), "discard", from); });
          }
        } else if (next.type === "rob") {
          i += 1;
          // 阿强抢了老王的杠
          var victim = null;
          if (isSeat(peek())) { victim = seatOf(peek()); i += 1; if (peek().type === "of") i += 1; if (peek().type === "kong") i += 1; }
          if (peek().type === "win") i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", victim); lastWinSeat = seat; });
        } else if (next.type === "grab" && isSeat(peek(1))) {
          var robbedFrom = seatOf(peek(1));
          i += 2;
          if (peek().type === "of") i += 1;
          if (peek().type === "kong") i += 1;
          if (peek().type === "win") i += 1;
          seats.forEach(function (seat) { setMethod(winOf(seat), "rob_kong", robbedFrom); lastWinSeat = seat; });
        } else if (next.type === "discard" || next.type === "fed") {
          i += 1;
          var feedsKong = next.type === "fed" && lastKong && lastKong.from === null &&
            peek().type !== "give" && (lastKong.kind === "exposed" || lastKong.kind === "added" || lastKong.kind === "");
          if (feedsKong) {
            lastKong.from = seats[0];
            lastKong.fedBy = true;
          } else if (peek().type === "give" && isSeat(peek(1))) {
            // 张姐放炮给小李(和老王)
            i += 1;
            var takers = readSeats();
            if (peek().type === "win") i += 1;
            takers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
          } else {
            state.discarders.push(seats[0]);
          }
        } else if (next.type === "give" && isSeat(peek(1))) {
          // 张姐给小李点炮
          i += 1;
          var receivers = readSeats();
          if (peek().type === "discard" || peek().type === "fed") i += 1;
          if (peek().type === "win") i += 1;
          receivers.forEach(function (seat) { setMethod(winOf(seat), "discard", seats[0]); lastWinSeat = seat; });
        } else if (next.type === "kong" && !(next.bySound && !next.kind && peek(1).type !== "tile")) {
          i += 1;
          kongRow(seats[0], next.kind, next.bySound);
        } else if (next.type === "ready") {
          i += 1;
          seats.forEach(function (seat) { state.ready[seat] = next.value; });
        } else if (next.type === "closed") {
          i += 1;
          seats.forEach(function (seat) { state.closed[seat] = true; });
        } else if (next.type === "side") {
          i += 1;
          var bet = countAfter();
          seats.forEach(function (seat) { state.sideBets[seat] = bet; });
        } else if (next.type === "void") {
          i += 1;
          state.result = state.result || "void";
          state.voidSeat = seats[0];
        }
        continue;
      }
      i += 1;
      switch (token.type) {
        case "pattern":
          var known = patternOf(vocab, token.id);
          addPattern(token, subject, known && known.repeatable ? countAfter() : null);
          break;
        case "number":
          // 两个风刻 / 三个花 / 三花
          if (peek().type === "count") i += 1;
          if (peek().type === "pattern") { var counted = peek(); i += 1; addPattern(counted, subject, token.value); }
          else if (peek().type === "flower") { i += 1; setFlowers(token.value); }
          break;
        case "flower":
          // 花三个 / 花有三个
          var flowers = countAfter();
          if (flowers !== null) setFlowers(flowers);
          else if (!state.hasFlowers) state.hasFlowers = true;
          break;
        case "hasflower":
          var said = countAfter();
          if (said !== null) { if (peek().type === "flower") i += 1; setFlowers(said); }
          else if (peek().type === "flower") { i += 1; }
          else state.hasFlowers = true;
          break;
        case "noflower":
          setFlowers(0);
          break;
        case "self":
          if (subject !== null) { setMethod(winOf(subject), "self_draw"); lastWinSeat = subject; }
          else state.selfDrawn = true;
          break;
        case "win":
          if (isSeat(peek()) && subject === null) { /* 胡的是老王 */ }
          break;
        case "discard":
          if (peek().type === "give" && isSeat(peek(1))) {
            i += 1;
            readSeats().forEach(function (seat) { state.pendingDiscardTo = (state.pendingDiscardTo || []).concat([seat]); });
          } else if (peek().type === "is" && isSeat(peek(1))) {
            // 点炮的是张姐
            i += 1;
            state.discarders.push(seatOf(peek()));
            i += 1;
          } else state.discardSaid = true;
          break;
        case "draw":
          state.result = "draw";
          break;
        case "void":
          state.result = "void";
          if (isSeat(peek())) { state.voidSeat = seatOf(peek()); i += 1; }
          else if (subject !== null) state.voidSeat = subject;
          break;
        case "kong":
          if (token.bySound && !token.kind && peek().type !== "tile") break;  // 刚 (just now), not 杠
          if (subject !== null) kongRow(subject, token.kind, token.bySound);
          else state.asks.push({ code: "kongWho", field: "kong_seat_0", params: {} });
          break;
        case "ready":
          if (subject !== null) state.ready[subject] = token.value;
          else state.asks.push({ code: "readyWho", field: "ready_", params: {} });
          break;
        case "closed":
          if (subject !== null) state.closed[subject] = true;
          else state.asks.push({ code: "closedWho", field: "closed_", params: {} });
          break;
        case "side":
          var amount = countAfter();
          if (state.lastAll) state.allSideBet = amount;
          else if (subject !== null) state.sideBets[subject] = amount;
          else state.asks.push({ code: "sideWho", field: "side_bet_", params: {} });
          break;
        case "all":
          state.lastAll = true;
          continue;
        case "pause":
          break;
        default:
          break;
      }
      state.lastAll = false;
    }
    function setFlowers(n) {
      state.flowers = n;
      state.flowersOwner = subject;
    }
    return state;
  }

  function patternOf(vocab, id) {
    for (var p = 0; p < (vocab.patterns || []).length; p++) if (vocab.patterns[p].id === id) return vocab.patterns[p];
    return null;
  }

  function namesOf(vocab, seats) { return seats.map(function (seat) { return vocab.seats[seat]; }); }

  // What the sentence said, checked against this table: the form's fields for what is certain, a question for
  // the rest.
  function settleIntent(state, vocab) {
    var fields = {}, asks = state.asks.slice(), methods = vocab.methods || [];
    function ask(code, field, params) { asks.push({ code: code, field: field, params: params || {} }); }
    var wins = state.wins;
    // 老王杠上开花 / 老王清一色: a pattern said of a seat, and no other winner, says who won.
    if (!wins.length) {
      var owners = state.loosePatterns.map(function (p) { return p.owner; }).filter(function (owner, index, all) {
        return owner !== null && all.indexOf(owner) === index && state.discarders.indexOf(owner) === -1;
      });
      if (owners.length === 1) wins = state.wins = [newWin(owners[0])];
    }
    // A discard named on its own (张姐点的炮) is the winners' source.
    if (state.discarders.length) {
      var discarder = state.discarders[state.discarders.length - 1];
      var open = wins.filter(function (win) { return !win.method || (win.method === "discard" && win.from === null); });
      if (open.length) open.forEach(function (win) { win.method = "discard"; win.from = discarder; });
      else if (!wins.length) {
        fields.how = "discard-" + discarder;
        ask("whoWon", "winner", {});
      } else if (wins.every(function (win) { return win.method === "self_draw"; })) {
        ask("selfOrDiscard", "how", { who: wins[0].seat, from: discarder });
        wins.forEach(function (win) { win.method = ""; win.clash = true; });
      }
    }
    if (state.result === "draw") {
      if (wins.length) { ask("drawOrWin", "winner", {}); return { fields: fields, asks: asks }; }
      fields.winner = "draw";
      return { fields: fields, asks: asks };
    }
    if (state.result === "void") {
      fields.winner = "void";
      if (vocab.voidCharges) {
        if (state.voidSeat !== null) fields.false_win_seat = String(state.voidSeat);
        else ask("voidWho", "false_win_seat", {});
      }
      return { fields: fields, asks: asks };
    }
    if (!wins.length) {
      if (state.selfDrawn) ask("whoWon", "winner", {});
      else if (state.loosePatterns.length || state.kongs.length || state.flowers !== null) ask("whoWon", "winner", {});
    }
    var max = vocab.maxWinners || 1;
    if (wins.length > max) {
      ask("oneWinner", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
      wins = [];
    }
    if (wins.length > 1 && wins.some(function (win) { return win.method === "self_draw"; })) {
      ask("severalSelfDraw", "winner", { names: namesOf(vocab, wins.map(function (win) { return win.seat; })) });
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
      // A pattern that scores on self-draw only says how the hand was won (杠上开花 is a self-draw).
      if (!win.method && !win.clash) {
        var implied = mine.map(function (p) {
          return p.unplayed ? { methods: ["self_draw"] } : patternOf(vocab, p.id);
        }).filter(function (p) { return p && p.methods && p.methods.length === 1; });
        if (implied.length && methods.indexOf(implied[0].methods[0]) !== -1) win.method = implied[0].methods[0];
        else if (methods.length === 1) win.method = methods[0];
      }
      win.mine = mine;
    });
    if (wins.length > 1 && state.flowers !== null) {
      var owner = wins.filter(function (win) { return win.seat === state.flowersOwner; })[0];
      if (owner) owner.flowers = state.flowers;
      else ask("flowersWhose", "flowers", {});
    } else if (wins.length === 1) {
      wins[0].flowers = state.flowers;
    }
    var ok = true;
    wins.forEach(function (win, index) {
      var who = win.seat;
      var prefix = index === 0 ? "" : "extra_";
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
          ask("patternMethod", "how", { who: who, name: known.name });
          ok = false;
          return;
        }
        if (ids.indexOf(p.id) === -1) ids.push(p.id);
        if (known.repeatable && p.count) counts[p.id] = (counts[p.id] || 0) + p.count;
      });
      if (index === 0) {
        fields.winner = String(who);
        fields.how = win.method === "self_draw" ? "self_draw" : win.method + "-" + win.from;
        fields.patterns = ids;
        Object.keys(counts).forEach(function (id) { fields["count_" + id] = String(counts[id]); });
      } else {
        fields["extra_winner_" + index] = String(who);
        fields["extra_patterns_" + index] = ids;
        Object.keys(counts).forEach(function (id) { fields["extra_count_" + index + "_" + id] = String(counts[id]); });
      }
      if (win.flowers !== null && win.flowers !== undefined) {
        if (vocab.flowers) fields[prefix + "flowers" + (index ? "_" + index : "")] = String(win.flowers);
        else ask("noFlowers", "", {});
      }
    });
    if (!ok) {
      // What a question leaves open is not filled in, not even the winner: the figures would be a guess.
      Object.keys(fields).forEach(function (name) { if (name !== "how" || wins.length) delete fields[name]; });
      if (wins.length === 1 && !asks.some(function (a) { return a.field === "winner"; })) fields.winner = String(wins[0].seat);
    }
    if (state.hasFlowers && state.flowers === null) ask("howManyFlowers", "flowers", {});
    kongFields(state, vocab, fields, ask);
    seatFields(state, vocab, fields, ask);
    return { fields: fields, asks: asks };
  }

  function kongFields(state, vocab, fields, ask) {
    var kinds = (vocab.kongKinds || []).map(function (kind) { return kind.id; });
    state.kongs.slice(0, 4).forEach(function (kong, row) {
      fields["kong_seat_" + row] = String(kong.seat);
      if (kong.tile) fields["kong_tile_" + row] = kong.tile;
      if (!kong.kind) { ask("kongKind", "kong_kind_" + row, { who: kong.seat }); return; }
      if (kinds.indexOf(kong.kind) === -1) { ask("kongNotPlayed", "kong_kind_" + row, { who: kong.seat }); return; }
      fields["kong_kind_" + row] = kong.kind;
      if (kong.from !== null) {
        if (kong.from === kong.seat) ask("kongOwnDiscard", "kong_from_" + row, { who: kong.seat });
        else if (kong.kind === "exposed" || kong.kind === "added") fields["kong_from_" + row] = String(kong.from);
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
    var text = normalise(sentence);
    var tokens = tokenise(text, lexicon(vocab), soundsOf(sounds));
    // A pause (a comma, a space dictation left) separates words but says nothing: 张姐胡了 阿强 点的炮.
    var heard = tokens.filter(function (token) { return token.type !== "pause"; });
    if (!heard.length) return { fields: {}, asks: [], heard: 0 };
    var state = interpret(heard, vocab);
    var result = settleIntent(state, vocab);
    return { fields: result.fields, asks: dedupe(result.asks), heard: heard.length };
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

  function tokens(sentence, vocab, sounds) { return tokenise(normalise(sentence), lexicon(vocab), soundsOf(sounds)); }

  return { parse: parse, say: say, normalise: normalise, tokens: tokens, PATTERN_WORDS: PATTERN_WORDS };
});
