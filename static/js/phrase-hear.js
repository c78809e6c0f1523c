// How the phrase box hears a sentence (static/js/phrase-parse.js reads what it hears): the words a table uses
// for a hand, and the sentence split into them, each found as written or by its sound (dictation writes 老汪
// for 老王, 字模 for 自摸). Pure, like the parser: the page and `node --test` load it the same way.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./phrase-amend.js"));
  else root.TKPhraseHear = factory(root.TKPhraseAmend);
})(typeof self !== "undefined" ? self : this, function (corrections) {
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
  // Penalties by kind (only those the table's form offers are filled in), the dealer's double on the dice, and
  // 承包 (the seat that pays all a winner receives).
  var PENALTY_WORDS = {
    four_same_discards: ["四家同打", "四家跟打", "四家跟张", "四家跟", "四家打一样的"],
    revealed_tiles: ["露牌", "露了牌", "露了", "露张", "露"],
  };
  var MORE_WORDS = [
    ["dice", ["色子", "骰子", "骰"]],
    ["pair", ["对子", "一对", "对儿", "翻倍", "打对", "打对了"]],
    ["liable", ["承包", "包牌", "包了", "包赔", "全包", "包"]],
    ["first", ["先打的", "先打", "第一个打的", "带头", "起头的"]],
    // Negation and self-correction: "不是自摸，是老王点的", "没有杠", "不对，是小李".
    ["not", ["不是", "没有", "没", "并不是", "并没有", "不算", "不"]],
    ["retract", ["不对", "说错了", "错了", "不不", "不对不对", "更正"]],
    ["plus", ["加", "+"]],
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
    Object.keys(PENALTY_WORDS).forEach(function (kind) {
      PENALTY_WORDS[kind].forEach(function (word) { add(word, { type: "penalty", kind: kind }, word.length > 1); });
    });
    MORE_WORDS.forEach(function (pair) {
      pair[1].forEach(function (word) { add(word, { type: pair[0] }, word.length > 1 && pair[0] !== "not" && pair[0] !== "retract"); });
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

  // Several tiles of one suit said in a row, each a single numeral: 三四五条, 345条, 七七七万.
  function tileRun(text, at) {
    var digits = [], i = at;
    while (i < text.length) {
      var ch = text[i];
      var value = /[1-9]/.test(ch) ? Number(ch) : (ch in NUMERALS && NUMERALS[ch] >= 1 && NUMERALS[ch] <= 9 ? NUMERALS[ch] : null);
      if (value === null) break;
      digits.push(value);
      i += 1;
    }
    var suit = SUITS[text[i]];
    if (digits.length < 2 || !suit) return null;
    return { length: i - at + 1, tiles: digits.map(function (d) { return d + suit; }) };
  }

  // The sentence as a list of tokens: the reading that hears the most of it, a word heard as written counting more
  // than one heard by its sound (刚自摸 is 刚 + 自摸, not 杠呲 + 摸), a character that is no word counting nothing.
  var AS_WRITTEN = 3, BY_SOUND = 2;

  function choicesAt(text, at, entries, map) {
    var choices = [];
    if (text[at] === "|") return [{ length: 1, score: 0, token: { type: "pause" } }];
    var run = tileRun(text, at);
    if (run) choices.push({ length: run.length, score: AS_WRITTEN * run.length, token: { type: "tiles", tiles: run.tiles } });
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

  // The sentence's words, as tokens ({type, …}); pauses (a comma, a space) included; what the speaker took back
  // left out.
  function hear(sentence, vocab, sounds) { return corrections.amend(tokenise(normalise(sentence), lexicon(vocab), soundsOf(sounds))); }

  return { hear: hear, normalise: normalise, PATTERN_WORDS: PATTERN_WORDS, SELF_DRAW_PATTERNS: SELF_DRAW_PATTERNS };
});
