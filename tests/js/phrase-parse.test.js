// The phrase box's parser (static/js/phrase-parse.js), run by `node --test`: for each variant, the sentence a
// keeper says and the form's fields it sets, or what it asks. The tables are the real forms' words
// (tests/js/phrase-tables.json, checked against the server by tests/reading/test_phrase_tables.py).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { parser, words, tables, parse, filled, asked } = require("./phrase-helpers.js");

function question(table, sentence) {
  const texts = words.texts.zh;
  return parse(table, sentence).asks.map((ask) => parser.say(ask, tables[table], texts, texts.or));
}

const FILLS = [
  // Dalian (老王 0 deals, 小李 1, 张姐 2, 阿强 3)
  ["dalian/rule_book", "老王自摸", { winner: "0", how: "self_draw" }],
  ["dalian/rule_book", "小李胡了，张姐点的炮", { winner: "1", how: "discard-2" }],
  ["dalian/rule_book", "张姐放炮给小李", { winner: "1", how: "discard-2" }],
  ["dalian/rule_book", "小李胡张姐的", { winner: "1", how: "discard-2" }],
  ["dalian/rule_book", "阿强抢杠胡，老王的杠", { winner: "3", how: "rob_kong-0" }],
  ["dalian/rule_book", "流局", { winner: "draw" }],
  ["dalian/rule_book", "黄了", { winner: "draw" }],
  ["dalian/rule_book", "没人胡", { winner: "draw" }],
  ["dalian/rule_book", "庄家自摸夹胡", { winner: "0", how: "self_draw", patterns: ["edge_wait"] }],
  ["dalian/rule_book", "老王杠上开花", { winner: "0", how: "self_draw", patterns: ["kong_bloom"] }],
  ["dalian/rule_book", "老王自摸，阿强暗杠五万", { winner: "0", how: "self_draw", kong_seat_0: "3", kong_kind_0: "concealed", kong_tile_0: "5m" }],
  ["dalian/rule_book", "老王自摸 小李暗杠五万和东风",
    { winner: "0", how: "self_draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "5m", kong_seat_1: "1", kong_kind_1: "concealed", kong_tile_1: "1z" }],
  ["dalian/rule_book", "小李自摸，张姐明杠东风，小李点的",
    { winner: "1", how: "self_draw", kong_seat_0: "2", kong_kind_0: "exposed", kong_tile_0: "1z", kong_from_0: "1" }],
  ["dalian/rule_book", "老王报听自摸", { winner: "0", how: "self_draw", ready_0: "ready" }],
  ["dalian/rule_book", "张姐门清自摸", { winner: "2", how: "self_draw", closed_2: "on" }],
  ["dalian/rule_book", "阿强自摸四归一两个", { winner: "3", how: "self_draw", patterns: ["four_in_hand"], count_four_in_hand: "2" }],
  // Shenyang: several winners only with the Rust server's preset; 诈胡 says who.
  ["shenyang/rule_book", "老刘自摸对对胡", { winner: "0", how: "self_draw", patterns: ["all_pungs"] }],
  ["shenyang/rule_book", "王姐诈胡", { winner: "void", false_win_seat: "1" }],
  ["shenyang/rust_server", "老刘和王姐都胡了，大陈点的炮", { winner: "0", how: "discard-2", extra_winner_1: "1" }],
  // Harbin
  ["harbin/rule_book", "李哥自摸宝中宝", { winner: "1", how: "self_draw", patterns: ["treasure_in_treasure"] }],
  ["harbin/rule_book", "周姐胡了小马点的卡当", { winner: "2", how: "discard-3", patterns: ["clamp"] }],
  // Shandong: flowers, 明楼/暗楼, 漂 (Jinan), three winners.
  ["shandong/rule_book", "老王自摸清一色三个花", { winner: "0", how: "self_draw", patterns: ["pure_one_suit"], flowers: "3" }],
  ["shandong/rule_book", "老王明楼自摸", { winner: "0", how: "self_draw", ready_0: "ming" }],
  ["shandong/rule_book", "老王和小李和阿强都胡了，张姐点的炮", { winner: "0", how: "discard-2", extra_winner_1: "1", extra_winner_2: "3" }],
  ["shandong/jinan_tuyoo", "老王自摸风刻两个，小李漂三",
    { winner: "0", how: "self_draw", patterns: ["honour_pung"], count_honour_pung: "2", side_bet_1: "3" }],
  // Zhengzhou: self-draw only by the book, so 胡了 is a self-draw; 下跑 for everyone.
  ["zhengzhou/rule_book", "王姐胡了", { winner: "0", how: "self_draw" }],
  ["zhengzhou/rule_book", "大家都跑二 小杨自摸",
    { winner: "3", how: "self_draw", side_bet_0: "2", side_bet_1: "2", side_bet_2: "2", side_bet_3: "2" }],
  ["zhengzhou/common", "王姐胡了老郑点的炮", { winner: "0", how: "discard-1" }],
];

for (const [table, sentence, fields] of FILLS) {
  test(`${table}: "${sentence}" fills in what taps would`, () => {
    assert.deepEqual(filled(table, sentence), fields);
    assert.deepEqual(asked(table, sentence), []);
  });
}

// What dictation does to a sentence: near-homophones, fillers, no or odd punctuation, full-width characters.
const DICTATED = [
  ["dalian/rule_book", "老汪自摸", "老王自摸"],
  ["dalian/rule_book", "老王字模", "老王自摸"],
  ["shandong/rule_book", "老王自摸朋朋胡", "老王自摸碰碰胡"],
  ["shandong/rule_book", "老王自摸七小队", "老王自摸七小对"],
  ["zhengzhou/rule_book", "老郑自摸 王姐暗钢三万", "老郑自摸 王姐暗杠三万"],
  ["dalian/rule_book", "嗯 那个 老王 就是 自摸了", "老王自摸"],
  ["dalian/rule_book", "小李胡了张姐点的炮", "小李胡了，张姐点的炮"],
  ["dalian/rule_book", "小李胡了。。张姐点的炮！！", "小李胡了，张姐点的炮"],
  ["shandong/rule_book", "老王自摸清一色，３个花", "老王自摸清一色三个花"],
  ["shandong/rule_book", "老王自摸清一色　三个花", "老王自摸清一色三个花"],
  ["dalian/rule_book", "老王刚才自摸了", "老王自摸"],
];

for (const [table, heard, meant] of DICTATED) {
  test(`${table}: "${heard}" is heard as "${meant}"`, () => {
    assert.deepEqual(filled(table, heard), filled(table, meant));
    assert.deepEqual(asked(table, heard), asked(table, meant));
  });
}

// Never a guess: what the sentence leaves out or contradicts is asked, in Chinese, and not filled in.
const ASKS = [
  ["dalian/rule_book", "小李胡了", ["小李怎么胡的：自摸还是谁点的炮？请点选。"], { winner: "1" }],
  ["dalian/rule_book", "老王点炮", ["谁胡的？请点选胡牌的人。"], { how: "discard-0" }],
  ["dalian/rule_book", "老王和小李都胡了，张姐点的炮", ["大连穷胡只能一家胡：是老王还是小李？请点选。"], { how: "discard-2" }],
  ["shandong/rule_book", "老王自摸有花", ["几个花？请在下面设置。"], { winner: "0", how: "self_draw" }],
  ["zhengzhou/rule_book", "王姐胡了老郑点的炮", ["郑州麻将这桌只能自摸：王姐是自摸吗？请点选。"], { winner: "0" }],
  ["dalian/rule_book", "老王自摸清一色", ["这桌不算清一色：还有别的番吗？"], { winner: "0", how: "self_draw" }],
  // The item said stays ticked beside the question how (if it was a discard, the item goes when the keeper says so).
  ["dalian/rule_book", "老王杠上开花，小李点的炮", ["杠上开花不能这样胡：老王是怎么胡的？请点选。"], { winner: "0", patterns: ["kong_bloom"] }],
  ["shandong/rule_book", "老王自摸 小李杠了", ["小李是哪种杠？请点选。"], { winner: "0", how: "self_draw", kong_seat_0: "1" }],
  ["shandong/jinan_tuyoo", "漂三", ["谁的漂？请在下面设置。"], {}],
  ["shenyang/rust_server", "老刘和王姐都自摸了", ["自摸只能一家胡：是老刘还是王姐？请点选。"], { how: "self_draw" }],
  // What is certain beside the question is filled in: how, for a name no seat has; the items, where only how is asked.
  ["dalian/rule_book", "老赵自摸", ["这桌没有老赵：是哪一位？请点选。"], { how: "self_draw" }],
  ["shenyang/rule_book", "大陈胡了单张", ["大陈怎么胡的：自摸还是谁点的炮？请点选。"], { winner: "2", patterns: ["single_wait"] }],
  ["dalian/rule_book", "老王胡了，也是自摸，小李点的炮", ["老王是自摸，还是小李点的炮？请点选。"], { winner: "0" }],
  ["dalian/rule_book", "流局，老王自摸", ["是流局还是有人胡？请点选。"], {}],
];

for (const [table, sentence, questions, fields] of ASKS) {
  test(`${table}: "${sentence}" asks rather than guesses`, () => {
    assert.deepEqual(question(table, sentence), questions);
    assert.deepEqual(filled(table, sentence), fields);
  });
}

// Penalties, the dice double and 承包, only where the table's form has them; otherwise said, never filled in.
const BESIDES = [
  ["shenyang/rule_book", "老刘自摸，四家同打，王姐先打的",
    { winner: "0", how: "self_draw", penalty_kind_0: "four_same_discards", penalty_seat_0: "1" }, []],
  ["shenyang/rule_book", "王姐自摸 小赵露了两张牌",
    { winner: "1", how: "self_draw", penalty_kind_0: "revealed_tiles", penalty_seat_0: "3", penalty_count_0: "2" }, []],
  ["shenyang/rule_book", "王姐自摸 小赵露牌", { winner: "1", how: "self_draw", penalty_kind_0: "revealed_tiles", penalty_seat_0: "3" },
    ["露了几张牌？请在“更多”里设置。"]],
  ["shenyang/rule_book", "流局 大陈四家同打", { winner: "draw", penalty_kind_0: "four_same_discards", penalty_seat_0: "2" }, []],
  ["shenyang/rule_book", "大陈自摸，色子打了个对子", { winner: "2", how: "self_draw", dice_double: "on" }, []],
  ["dalian/rule_book", "老王自摸 色子翻倍", { winner: "0", how: "self_draw" }, ["这桌不算色子翻倍。"]],
  ["dalian/rule_book", "老王自摸 阿强四家同打", { winner: "0", how: "self_draw" }, ["这桌不记这种罚分。"]],
  ["shandong/rule_book", "小李胡了张姐点的，老王包了", { winner: "1", how: "discard-2", liable: "0" }, []],
  ["shandong/rule_book", "小李自摸，承包的是老王", { winner: "1", how: "self_draw", liable: "0" }, []],
  ["shandong/rule_book", "老王和阿强都胡了张姐点的炮，小李包阿强",
    { winner: "0", how: "discard-2", extra_winner_1: "3", extra_liable_1: "1" }, []],
  ["shandong/rule_book", "老王和阿强都胡了张姐点的炮，小李包了", { winner: "0", how: "discard-2", extra_winner_1: "3" },
    ["小李包的是哪一家的胡？请在“更多”里点选。"]],
  ["shandong/rule_book", "小李自摸，小李包了", { winner: "1", how: "self_draw" }, ["小李不能包自己的胡：是谁承包？请在“更多”里点选。"]],
  ["dalian/rule_book", "小李自摸，老王包了", { winner: "1", how: "self_draw" }, ["这桌不算承包。"]],
];

for (const [table, sentence, fields, questions] of BESIDES) {
  test(`${table}: "${sentence}" fills in what the form has beside the win, or asks`, () => {
    assert.deepEqual(filled(table, sentence), fields);
    assert.deepEqual(question(table, sentence), questions);
  });
}

// The winning tiles said in words: a whole hand fills the tile field; less is heard, noted and fills nothing.
const TILES = [
  ["dalian/rule_book", "老王胡的是一二三万四五六万七八九筒东东东南加南，小李点的", "123456m789p1112z+2z", []],
  ["dalian/rule_book", "老王胡五万，小李点的", undefined, ["+5m"]],
  ["dalian/rule_book", "张姐胡的是三四五条加六条，阿强点的", undefined, ["345s+6s"]],
  ["shenyang/rule_book", "老刘自摸单吊东风", undefined, ["+1z"]],
  ["dalian/rule_book", "老王自摸，红中是宝", undefined, []],
];

for (const [table, sentence, tiles, notes] of TILES) {
  test(`${table}: "${sentence}" fills the tile field only with a whole hand`, () => {
    const result = parse(table, sentence);
    assert.equal(result.fields.tiles, tiles);
    assert.deepEqual(result.notes.map((note) => note.params.name), notes);
    assert.deepEqual(result.asks, []);
  });
}

// Negation and self-correction: the last statement wins, and what was negated is never ticked.
const CORRECTED = [
  ["dalian/rule_book", "小李胡了，不是自摸，是老王点的", "小李胡了，老王点的"],
  ["dalian/rule_book", "老王自摸，不是老王，是小李", "小李自摸"],
  ["dalian/rule_book", "不是老王 是小李自摸", "小李自摸"],
  ["dalian/rule_book", "老王自摸，阿强暗杠五万，没有杠", "老王自摸"],
  ["dalian/rule_book", "老王自摸，阿强暗杠五万，不是暗杠，是明杠，张姐点的", "老王自摸，阿强明杠五万，张姐点的"],
  ["dalian/rule_book", "老王自摸，阿强暗杠五万，不是五万，是六万", "老王自摸，阿强暗杠六万"],
  ["dalian/rule_book", "小李胡了老王点的，不对，张姐点的", "小李胡了张姐点的"],
  ["dalian/rule_book", "老王自摸，不对，小李胡了，张姐点的炮", "小李胡了，张姐点的炮"],
  ["dalian/rule_book", "小李胡了老王点的炮，不是点炮，是自摸", "小李自摸"],
  ["dalian/rule_book", "老王自摸夹胡，不是夹胡", "老王自摸"],
  ["shandong/rule_book", "老王自摸清一色，不是清一色，是混一色", "老王自摸混一色"],
  ["shandong/rule_book", "老王报听自摸，没报听", "老王自摸"],
  ["dalian/rule_book", "嗯 小李胡了 不是自摸啊 是老汪点的", "小李胡了，老王点的"],
  ["dalian/rule_book", "小李胡了老王点的，不对，是自摸", "小李自摸"],
  ["dalian/rule_book", "小李胡了，老王点的，不是老王点的，是张姐点的", "小李胡了，张姐点的"],
  ["dalian/rule_book", "小李胡了，老王点的，不是老王点的", "小李胡了"],
  ["dalian/rule_book", "老王自摸 不是 是阿强自摸", "阿强自摸"],
  ["shandong/rule_book", "张姐胡了小李点的炮 三个花 不是三个 是四个", "张姐胡了小李点的炮 四个花"],
  ["shandong/jinan_tuyoo", "老王自摸风刻两个 不是两个 是三个", "老王自摸风刻三个"],
];

for (const [table, said, meant] of CORRECTED) {
  test(`${table}: "${said}" is taken as "${meant}"`, () => {
    assert.deepEqual(filled(table, said), filled(table, meant));
    assert.deepEqual(asked(table, said), asked(table, meant));
  });
}

test("what was negated is asked about rather than filled in", () => {
  assert.deepEqual(filled("dalian/rule_book", "小李胡了，不是自摸"), { winner: "1" });
  assert.deepEqual(asked("dalian/rule_book", "小李胡了，不是自摸"), ["how"]);
  assert.deepEqual(asked("zhengzhou/rule_book", "王姐胡了，不是自摸"), ["selfDrawOnly"]);
  assert.deepEqual(asked("dalian/rule_book", "老王自摸，不是老王"), ["whoWon"]);
});

// The per-hand wild goes into the tile turned up (issue 36): as said, or the tile before the wild named, in the
// order this table's wild follows (Dalian's winds and dragons apart, Zhengzhou's one honour cycle, 中 → 中 at
// Harbin; the tile itself where it is the treasure).
const TURNED_UP = [
  ["dalian/rule_book", "老王报听自摸，翻的是九条", "9s"],
  ["dalian/rule_book", "老王报听自摸，宝是一条", "9s"],
  ["dalian/rule_book", "老王报听自摸，宝是东风", "4z"],
  ["dalian/rule_book", "老王报听自摸，宝是发财", "5z"],
  ["dalian/club_java", "老王报听自摸，宝是三条", "3s"],
  ["harbin/rule_book", "李哥自摸，宝是红中", "7z"],
  ["harbin/go_server", "李哥自摸，翻的是五万", "5m"],
  ["zhengzhou/rule_book", "王姐自摸，混是红中", "4z"],
  ["zhengzhou/rule_book", "王姐自摸，混是东风", "5z"],
  ["zhengzhou/rule_book", "王姐自摸，北风翻出来了", "4z"],
];

for (const [table, sentence, tile] of TURNED_UP) {
  test(`${table}: "${sentence}" fills in ${tile} as the tile turned up`, () => {
    assert.equal(filled(table, sentence).turned_up, tile);
    assert.equal(filled(table, sentence).treasure, undefined);
    assert.deepEqual(asked(table, sentence), []);
  });
}

test("a wild this table's tile turned up cannot give is asked about, and Save stays on", () => {
  for (const sentence of ["李哥自摸，宝是东风", "李哥自摸，翻的是东风", "李哥自摸，宝是三条，翻的是五条"]) {
    const result = parse("harbin/rule_book", sentence);
    assert.deepEqual(result.asks.map((ask) => [ask.code, Boolean(ask.soft)]), [["turnedUpWhich", true]], sentence);
    assert.equal(result.fields.turned_up, undefined, sentence);
    assert.equal(result.fields.winner, "1", sentence);
  }
});

test("two items the table refuses together are asked about, in its words, and neither is ticked", () => {
  assert.deepEqual(filled("shandong/rule_book", "老王自摸七小对碰碰胡"), { winner: "0", how: "self_draw" });
  assert.deepEqual(question("shandong/rule_book", "老王自摸七小对碰碰胡"), ["是碰碰胡还是七小对？这桌这两个不能同时算，请点选。"]);
  // Together where the table allows it: both ticked.
  assert.deepEqual(filled("shandong/rule_book", "老王自摸清一色碰碰胡").patterns, ["pure_one_suit", "all_triplets"]);
});

test("a kind of kong the table does not have is said back with Save on where kongs pay nothing, and asked where they pay", () => {
  const harbin = parse("harbin/rule_book", "老孙自摸，李哥中发白杠");
  assert.deepEqual(harbin.asks.map((ask) => [ask.code, Boolean(ask.soft)]), [["noKongKind", true]]);
  assert.deepEqual(filled("harbin/rule_book", "老孙自摸，李哥中发白杠"), { winner: "0", how: "self_draw" });
  assert.deepEqual(asked("shandong/rule_book", "老王自摸，小李旋风杠"), ["kongNotPlayed"]);
});

test("a sentence with nothing of a hand in it sets nothing and asks nothing", () => {
  const result = parse("dalian/rule_book", "今天天气不错");
  assert.deepEqual(result, { fields: {}, asks: [], notes: [], heard: 0 });
});

test("a pattern this table does not play is never ticked, under any of its names", () => {
  for (const word of parser.PATTERN_WORDS.pure_one_suit) {
    assert.equal(filled("dalian/rule_book", `老王自摸${word}`).patterns, undefined, word);
  }
});

test("every character of the table's words has a sound, so a dictated near-homophone can be matched", () => {
  const known = new Set(Object.values(words.sounds).join(""));
  for (const [key, table] of Object.entries(tables)) {
    const said = [...table.patterns.map((p) => p.name), ...table.kongKinds.map((k) => k.name), ...table.seats].join("");
    for (const ch of said) assert.ok(known.has(ch), `${key}: ${ch}`);
  }
});
