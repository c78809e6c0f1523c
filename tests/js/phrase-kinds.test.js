// The phrase box's parser on kinds of sentence that earlier rounds missed (static/js/phrase-parse.js): each kind with
// the sentences that show it, and what they fill in or ask. The tables are the real forms' words
// (tests/js/phrase-tables.json); the corpus (tests/js/phrase-corpus.json) holds more sentences of each kind.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { parser, words, tables, parse, filled, asked } = require("./phrase-helpers.js");

function check(cases) {
  for (const [table, sentence, fields, questions] of cases) {
    assert.deepEqual(filled(table, sentence), fields, sentence);
    assert.deepEqual(asked(table, sentence), questions || [], sentence);
  }
}

test("an item that scores either way stays ticked beside the question how; one limited to the way said, beside whose", () => {
  check([
    ["zhengzhou/common", "王姐胡了七对", { winner: "0", patterns: ["seven_pairs"] }, ["how"]],
    ["harbin/go_server", "小马胡了刮大风", { winner: "3", patterns: ["gua_da_feng"] }, ["how"]],
    ["dalian/rule_book", "小李胡了杠上炮", { winner: "1", patterns: ["flowing_tears"] }, ["whoDiscarded"]],
    ["dalian/rule_book", "阿强流泪胡了", { winner: "3", patterns: ["flowing_tears"] }, ["whoDiscarded"]],
    ["zhengzhou/rule_book", "老郑和小杨都胡了", { how: "self_draw" }, ["oneWinner"]],
  ]);
});

test("what the speaker wondered about (是自摸还是点炮, 是不是自摸) is asked, not taken as said", () => {
  check([
    ["shandong/rule_book", "老王胡了碰碰胡，是自摸还是点炮？", { winner: "0", patterns: ["all_triplets"] }, ["how"]],
    ["shandong/jinan_tuyoo", "小李清一色，不知道是不是自摸", { winner: "1", patterns: ["pure_one_suit"] }, ["how"]],
    ["shandong/rule_book", "是老王还是小李胡的", {}, ["whoWon"]],
  ]);
});

test("三清 / 三家闭门 / 三家都没开门: the three who did not win were closed, said before or after the winner", () => {
  const others = { closed_1: "on", closed_2: "on", closed_3: "on" };
  check([
    ["dalian/rule_book", "三清，老王自摸", { winner: "0", how: "self_draw", ...others }],
    ["dalian/rule_book", "老王自摸三清", { winner: "0", how: "self_draw", ...others }],
    ["shenyang/rule_book", "三家都没开门，老刘自摸", { winner: "0", how: "self_draw", ...others }],
    ["dalian/club_java", "张姐自摸，三家闭门", { winner: "2", how: "self_draw", closed_0: "on", closed_1: "on", closed_3: "on" }],
  ]);
});

test("a count said after a list of names (老王、小李都没开门, 王姐大陈两家没开) is the list, each of them", () => {
  check([
    ["shenyang/rule_book", "老刘自摸，王姐大陈两家没开", { winner: "0", how: "self_draw", closed_1: "on", closed_2: "on" }],
    ["shenyang/rule_book", "老刘自摸，王姐、大陈、小赵三家都没开门",
      { winner: "0", how: "self_draw", closed_1: "on", closed_2: "on", closed_3: "on" }],
    ["dalian/rule_book", "小李张姐两个人都没开，老王自摸", { winner: "0", how: "self_draw", closed_1: "on", closed_2: "on" }],
    ["shandong/rule_book", "张姐一炮双响，老王小李两家", { winner: "0", how: "discard-2", extra_winner_1: "1" }],
  ]);
});

test("a robbed kong said from its owner's side is the robber's win on it, and no kong row (it never completed)", () => {
  check([
    ["shenyang/rule_book", "老刘补杠被王姐抢了", { winner: "1", how: "rob_kong-0" }],
    ["shenyang/rust_server", "大陈弯杠被小赵抢了", { winner: "3", how: "rob_kong-2" }],
    ["harbin/rule_book", "老孙被周姐抢杠了", { winner: "2", how: "rob_kong-0" }],
    ["zhengzhou/common", "老郑补杠被抢了，小杨胡的", { winner: "3", how: "rob_kong-1" }],
    ["dalian/rule_book", "老王补杠被抢杠胡了，张姐", { winner: "2", how: "rob_kong-0" }],
    ["shandong/jinan_tuyoo", "阿强补杠被抢了", {}, ["whoWon"]],
  ]);
});

test("a robbed kong said apart from who robbed it (补杠…抢杠, 抢杠胡…胡X的, 补杠的时候…胡了, 截杠) is that kong, robbed", () => {
  check([
    ["dalian/rule_book", "老王补杠，小李抢杠", { winner: "1", how: "rob_kong-0" }],
    ["dalian/rule_book", "抢杠胡，小李胡老王的", { winner: "1", how: "rob_kong-0" }],
    ["dalian/rule_book", "小李胡了，抢杠，老王的", { winner: "1", how: "rob_kong-0" }],
    ["dalian/rule_book", "张姐补杠的时候小李胡了", { winner: "1", how: "rob_kong-2" }],
    ["dalian/rule_book", "小李截杠胡张姐", { winner: "1", how: "rob_kong-2" }],
    ["dalian/rule_book", "小李胡老王的补杠", { winner: "1", how: "rob_kong-0" }],
    ["harbin/go_server", "老孙补杠被小马截胡", { winner: "3", how: "rob_kong-0" }],
    ["harbin/go_server", "老孙加杠被小马胡了", { winner: "3", how: "rob_kong-0" }],
    // A win beside a kong, with no word of robbing, is no robbing; a concealed kong is never the one robbed.
    ["dalian/rule_book", "小李胡了老王，张姐补杠一个，碰的阿强的",
      { winner: "1", how: "discard-0", kong_seat_0: "2", kong_kind_0: "added", kong_from_0: "3" }],
    ["dalian/rule_book", "老王暗杠，小李抢杠", { winner: "1", kong_seat_0: "0", kong_kind_0: "concealed" }, ["robbedWhom"]],
  ]);
});

test("a name to ask about keeps what is certain of its hand: how, the items said, the winner fed", () => {
  check([
    ["zhengzhou/common", "老王自摸，七对", { how: "self_draw", patterns: ["seven_pairs"] }, ["whoIsLike"]],
    ["dalian/rule_book", "老赵自摸，飘", { how: "self_draw", patterns: ["double_float"] }, ["whoIs"]],
    ["dalian/rule_book", "我点炮给小李", { winner: "1" }, ["whoIsWhich", "whoDiscarded"]],
    // An item that is a self-draw by what it is says how, as it does of a seat (老王胡了，杠上开花).
    ["dalian/rule_book", "小张胡了，杠上开花", { how: "self_draw", patterns: ["kong_bloom"] }, ["whoIsLike"]],
    ["harbin/rule_book", "本人宝中宝", { how: "self_draw", patterns: ["treasure_in_treasure"] }, ["whoIsWhich"]],
    ["zhengzhou/rule_book", "咱胡了，七对", { how: "self_draw", patterns: ["seven_pairs"] }, ["whoIsWhich"]],
    ["shandong/jinan_tuyoo", "本人自摸花胡，八朵花", { how: "self_draw", patterns: ["all_flowers"], flowers: "8" }, ["whoIsWhich"]],
    // The speaker who fed the win: the winner and the items are certain, how is asked with who 我 is.
    ["shandong/rule_book", "咱点炮，张姐七小对", { winner: "2", patterns: ["seven_pairs"] }, ["whoIsWhich", "how"]],
    ["harbin/go_server", "眼镜自摸", { how: "self_draw" }, ["whoWon"]],
  ]);
});

test("the speaker as a seat (我/俺/咱自摸, 胡的是我) is asked about, which seat is 我, never guessed", () => {
  check([
    ["shenyang/rule_book", "我自摸", { how: "self_draw" }, ["whoIsWhich"]],
    ["dalian/rule_book", "俺自摸了，夹胡", { how: "self_draw", patterns: ["edge_wait"] }, ["whoIsWhich"]],
    ["shandong/rule_book", "我胡了，张姐点的炮", { how: "discard-2" }, ["whoIsWhich"]],
    ["harbin/rule_book", "胡的是我", {}, ["whoIsWhich"]],
    // 我 before no act of a hand says nothing; 我们 is no seat.
    ["shenyang/rust_server", "我说错了，老刘自摸", { winner: "0", how: "self_draw" }],
    ["zhengzhou/common", "我们这把黄了", { winner: "draw" }],
  ]);
  const table = tables["shenyang/rule_book"], texts = words.texts.zh;
  const [ask] = parse("shenyang/rule_book", "咱自摸").asks;
  assert.equal(parser.say(ask, table, texts, texts.or), "我是老刘还是王姐还是大陈还是小赵？请点选。");
});

test("dragons punged (中发白都碰了, 三元碰, 碰了红中) are the table's dragon-pung item, once a dragon, not a 中发白 set", () => {
  const self = { how: "self_draw", patterns: ["dragon_pung"] };
  check([
    ["shenyang/rule_book", "老刘自摸，中发白都碰了", { winner: "0", ...self, count_dragon_pung: "3" }],
    ["shenyang/rule_book", "王姐自摸三元碰", { winner: "1", ...self }],
    ["shenyang/rust_server", "大陈自摸，红中和发财都碰了", { winner: "2", ...self, count_dragon_pung: "2" }],
    // A pung made a kong later is that kong.
    ["shenyang/rule_book", "老刘碰的王姐的红中，后来补杠，自摸",
      { winner: "0", how: "self_draw", kong_seat_0: "0", kong_kind_0: "added", kong_tile_0: "7z", kong_from_0: "1" }],
    ["shandong/rule_book", "老王自摸，中发白都碰了", { winner: "0", how: "self_draw" }, ["unplayed"]],
  ]);
});

test("暗杠完了 / 暗杠完打的 keep the kong's kind: a concealed kong is a row, whole as said", () => {
  const row = (seat) => ({ kong_seat_0: seat, kong_kind_0: "concealed" });
  check([
    ["shenyang/rule_book", "老刘暗杠完了自摸", { winner: "0", how: "self_draw", ...row("0") }],
    ["shenyang/rule_book", "小赵暗杠完打的，大陈胡了", { winner: "2", how: "discard-3", patterns: ["kong_discard"], ...row("3") }],
    ["zhengzhou/common", "黄了，老郑暗杠完了", { winner: "draw", ...row("1") }],
    // 完了 is never heard as 忘了 (a doubt) by its sound.
    ["shandong/jinan_tuyoo", "张姐暗杠完，杠上开花", { winner: "2", how: "self_draw", patterns: ["kong_bloom"], ...row("2") }],
  ]);
});

test("a kong said on a drawn hand (黄了/荒庄 … 暗杠, 按杠) is recorded, and asks nothing more when it is complete", () => {
  check([
    ["shenyang/rule_book", "荒庄了 老刘按了个杠", { winner: "draw", kong_seat_0: "0", kong_kind_0: "concealed" }],
    ["harbin/rule_book", "黄庄了，李哥按杠九筒", { winner: "draw", kong_seat_0: "1", kong_tile_0: "9p", kong_kind_0: "concealed" }],
    ["zhengzhou/rule_book", "荒庄，小杨闷了个豆", { winner: "draw", kong_seat_0: "3", kong_kind_0: "concealed" }],
    ["dalian/club_java", "黄了，张姐按杠五万", { winner: "draw", kong_seat_0: "2", kong_tile_0: "5m", kong_kind_0: "concealed" }],
    // A claimed kong still asks whose discard it was.
    ["shenyang/rule_book", "黄了，老刘明杠东风", { winner: "draw", kong_seat_0: "0", kong_tile_0: "1z", kong_kind_0: "exposed" }, ["kongFrom"]],
  ]);
});

test("who fed the win, asked and answered in one breath (谁点的？大陈), or named by the tile (大陈打了个五万)", () => {
  check([
    ["shenyang/rule_book", "王姐胡了，谁点的？大陈", { winner: "1", how: "discard-2" }],
    ["shandong/rule_book", "谁点的炮？张姐，老王胡了", { winner: "0", how: "discard-2" }],
    ["harbin/rule_book", "谁胡的？李哥，自摸", { winner: "1", how: "self_draw" }],
    ["zhengzhou/common", "刘洋胡了，谁打的？老郑的", { winner: "2", how: "discard-1" }],
    // Unanswered, it is asked.
    ["shenyang/rust_server", "王姐胡了，谁点的不知道", { winner: "1" }, ["how"]],
    ["shenyang/rule_book", "大陈打了个五万，老刘胡了", { winner: "0", how: "discard-2" }],
    ["shandong/rule_book", "小李胡了阿强一张五万", { winner: "1", how: "discard-3" }],
    ["zhengzhou/common", "老郑出五万点炮，小杨胡了", { winner: "3", how: "discard-1" }],
  ]);
});

test("a side bet said again, short (张姐也是一个, 小杨也二, 漂一漂一), is the same bet", () => {
  check([
    ["shandong/jinan_tuyoo", "老王自摸，小李漂一个，张姐也是一个", { winner: "0", how: "self_draw", side_bet_1: "1", side_bet_2: "1" }],
    ["zhengzhou/common", "王姐自摸，老郑跑二，小杨也二", { winner: "0", how: "self_draw", side_bet_1: "2", side_bet_3: "2" }],
    ["shandong/jinan_tuyoo", "老王自摸 小李漂一漂一", { winner: "0", how: "self_draw", side_bet_1: "1" }],
  ]);
});

test("a penalty's payer is taken from its own clause, never another's, and one penalty said twice counts once", () => {
  const revealed = (seat, count) => ({ penalty_kind_0: "revealed_tiles", penalty_seat_0: seat, penalty_count_0: count });
  const four = (seat) => ({ penalty_kind_0: "four_same_discards", penalty_seat_0: seat });
  check([
    ["shenyang/rule_book", "老刘自摸，露牌的是小赵，露了两张", { winner: "0", how: "self_draw", ...revealed("3", "2") }],
    ["shenyang/rust_server", "老刘自摸，大陈露了一张，大陈露了一张", { winner: "0", how: "self_draw", ...revealed("2", "1") }],
    ["shenyang/rule_book", "老刘自摸，四家同打，王姐先打的，四家同打罚王姐", { winner: "0", how: "self_draw", ...four("1") }],
    ["shenyang/rule_book", "小赵自摸，大陈先打的四家同打", { winner: "3", how: "self_draw", ...four("2") }],
    ["shenyang/rust_server", "王姐自摸，露了两张牌的是小赵", { winner: "1", how: "self_draw", ...revealed("3", "2") }],
    ["shenyang/rule_book", "大陈自摸，露了两张，小赵", { winner: "2", how: "self_draw", ...revealed("3", "2") }],
    // The winner of another clause is no payer: asked.
    ["shenyang/rule_book", "老刘自摸，四家同打", { winner: "0", how: "self_draw", penalty_kind_0: "four_same_discards" }, ["penaltyWho"]],
  ]);
  // Two seats' penalties of one kind are two.
  assert.equal(filled("shenyang/rule_book", "老刘自摸，小赵露了两张，大陈露了一张").penalty_seat_1, "2");
});

test("a kong said before its owner (暗杠是老刘的, 暗杠五万，张姐的) is theirs; 杠了X一张: X fed it", () => {
  check([
    ["shenyang/rule_book", "黄庄，暗杠是老刘的", { winner: "draw", kong_seat_0: "0", kong_kind_0: "concealed" }],
    ["shandong/rule_book", "老王自摸，暗杠五万，张姐的",
      { winner: "0", how: "self_draw", kong_seat_0: "2", kong_tile_0: "5m", kong_kind_0: "concealed" }],
    ["harbin/rule_book", "暗杠九条，周姐，黄了", { winner: "draw", kong_seat_0: "2", kong_tile_0: "9s", kong_kind_0: "concealed" }],
    ["shenyang/rule_book", "老刘自摸，王姐杠了大陈一张",
      { winner: "0", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_from_0: "2" }],
    ["zhengzhou/common", "王姐自摸，刘洋杠了老郑一张五万",
      { winner: "0", how: "self_draw", kong_seat_0: "2", kong_tile_0: "5m", kong_kind_0: "exposed", kong_from_0: "1" }],
    // A seat that does something else after the kong is not said to own it: asked.
    ["shenyang/rule_book", "暗杠五万，老刘自摸", { winner: "0", how: "self_draw" }, ["kongWho"]],
  ]);
});

test("清一色 with 碰碰胡 at 沈阳·网络版, which scores the one in place of the other (RULES §9.3.3), is 清一色, not asked", () => {
  check([
    ["shenyang/rust_server", "老刘自摸清一色碰碰胡", { winner: "0", how: "self_draw", patterns: ["pure_one_suit"] }],
    ["shenyang/rust_server", "王姐胡了大陈点的清一色飘", { winner: "1", how: "discard-2", patterns: ["pure_one_suit"] }],
    // Where the table scores both, both; where a hand cannot be both, asked.
    ["shandong/rule_book", "老王自摸清一色碰碰胡", { winner: "0", how: "self_draw", patterns: ["pure_one_suit", "all_triplets"] }],
    ["shenyang/rust_server", "老刘自摸清一色七小对", { winner: "0", how: "self_draw" }, ["patternsExclusive"]],
  ]);
});

test("two claimants at a table where only one may win are asked about (抢着胡, 都要胡), how filled in", () => {
  check([
    ["shenyang/rule_book", "老刘和王姐抢着胡大陈的炮", { how: "discard-2" }, ["oneWinner"]],
    ["dalian/rule_book", "老王小李都要胡张姐的", { how: "discard-2" }, ["oneWinner"]],
    ["zhengzhou/common", "老郑点炮，刘洋胡了，小杨也胡了", { how: "discard-1" }, ["oneWinner"]],
  ]);
});

test("a big hand of another rule set (十三幺, 大三元, 一条龙) is said back as not scored here, never dropped", () => {
  check([
    ["shandong/rule_book", "阿强自摸十三幺", { winner: "3", how: "self_draw" }, ["unplayed"]],
    ["dalian/rule_book", "小李胡了老王的，大三元", { winner: "1", how: "discard-0" }, ["unplayed"]],
    ["harbin/go_server", "周姐自摸一条龙", { winner: "2", how: "self_draw" }, ["unplayed"]],
  ]);
});

test("several kongs in one breath: each for the group (各/都/三家), the kind said of all, who fed each said after it", () => {
  check([
    ["shenyang/rust_server", "大陈自摸，王姐杠了两次，都是暗杠",
      { winner: "2", how: "self_draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_seat_1: "1", kong_kind_1: "concealed" }],
    ["shenyang/rust_server", "大陈自摸，王姐和老刘各一个暗杠",
      { winner: "2", how: "self_draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_seat_1: "0", kong_kind_1: "concealed" }],
    ["shenyang/rust_server", "大陈自摸，三家都暗杠了", {
      winner: "2", how: "self_draw", kong_seat_0: "0", kong_kind_0: "concealed", kong_seat_1: "1", kong_kind_1: "concealed",
      kong_seat_2: "3", kong_kind_2: "concealed",
    }],
    ["harbin/go_server", "小马自摸，老孙杠了三条，周姐给的",
      { winner: "3", how: "self_draw", kong_seat_0: "0", kong_tile_0: "3s", kong_kind_0: "exposed", kong_from_0: "2" }],
    ["harbin/go_server", "小马自摸，老孙开了个暗杠，又补了个杠",
      { winner: "3", how: "self_draw", kong_seat_0: "0", kong_kind_0: "concealed", kong_seat_1: "0", kong_kind_1: "added" }, ["kongFrom"]],
    ["harbin/go_server", "周姐自摸，老孙两个暗杠一个明杠，明杠是小马的", {
      winner: "2", how: "self_draw", kong_seat_0: "0", kong_kind_0: "concealed", kong_seat_1: "0", kong_kind_1: "concealed",
      kong_seat_2: "0", kong_kind_2: "exposed", kong_from_2: "3",
    }],
    ["harbin/go_server", "周姐自摸，老孙明杠，明杠是小马的",
      { winner: "2", how: "self_draw", kong_seat_0: "0", kong_kind_0: "exposed", kong_from_0: "3" }],
    // Whose kong, said after it, is still whose (not who fed it).
    ["harbin/go_server", "周姐自摸，暗杠是老孙的", { winner: "2", how: "self_draw", kong_seat_0: "0", kong_kind_0: "concealed" }],
  ]);
});

test("a correction that says the win again replaces the win, whole; one about the discarder replaces only that", () => {
  check([
    ["shenyang/rule_book", "王姐点炮，说反了，大陈点炮王姐胡", { winner: "1", how: "discard-2" }],
    ["shenyang/rule_book", "王姐胡了大陈的，不对，大陈胡了王姐的", { winner: "2", how: "discard-1" }],
    ["shenyang/rule_book", "大陈胡了小赵的，不对，老刘胡了", { winner: "0", how: "discard-3" }],
    ["shenyang/rule_book", "大陈胡了，老刘点的，不对，是小赵胡了", { winner: "3", how: "discard-0" }],
    ["shenyang/rule_book", "大陈胡了小赵的，应该是老刘点的", { winner: "2", how: "discard-0" }],
    ["shenyang/rule_book", "大陈胡了小赵的，改一下，自摸的", { winner: "2", how: "self_draw" }],
    // What else the win's clause said stays: the closed seat is still 王姐, the item still said.
    ["shenyang/rust_server", "大陈自摸清一色，王姐没开门，不对，是小赵自摸",
      { winner: "3", how: "self_draw", patterns: ["pure_one_suit"], closed_1: "on" }],
  ]);
});

test("one discard, several winners said apart from it: 一炮三响 is the three others, 双响 the two named", () => {
  check([
    ["shenyang/rust_server", "一炮三响，大陈放的", { winner: "3", how: "discard-2", extra_winner_1: "0", extra_winner_2: "1" }],
    ["shenyang/rust_server", "老刘一炮三响", { winner: "1", how: "discard-0", extra_winner_1: "2", extra_winner_2: "3" }],
    ["shenyang/rust_server", "一炮双响，老刘放炮，王姐跟大陈", { winner: "1", how: "discard-0", extra_winner_1: "2" }],
    ["shenyang/rule_book", "一炮双响，老刘放炮，王姐跟大陈", { how: "discard-0" }, ["oneWinner"]],
  ]);
});

test("money facts said the table's way: the dice's pair, the three others' side bets, no flower at all, 花呲 asks how many", () => {
  check([
    ["shenyang/rule_book", "色子打了个对，小赵自摸", { winner: "3", how: "self_draw", dice_double: "on" }],
    ["zhengzhou/common", "王姐自摸，那三家都下了一个跑", { winner: "0", how: "self_draw", side_bet_1: "1", side_bet_2: "1", side_bet_3: "1" }],
    ["shandong/rule_book", "碰碰胡，阿强自摸，一个花没有", { winner: "3", how: "self_draw", patterns: ["all_triplets"], flowers: "0" }],
    ["shandong/jinan_tuyoo", "小李花呲", { winner: "1", how: "self_draw", patterns: ["flower_bloom"] }, ["howManyFlowers"]],
    // 红 heard as 杠 by its sound is no kong: 红中刻 is the dragon pung.
    ["shenyang/rule_book", "老刘自摸飘，还有一个红中刻",
      { winner: "0", how: "self_draw", patterns: ["all_pungs", "dragon_pung"], count_dragon_pung: "1" }],
  ]);
});

test("who is meant is asked of a nickname (阳阳: 刘洋 or 小杨) and inferred only where one seat is left (报听 … 点炮胡了)", () => {
  check([
    ["zhengzhou/rule_book", "阳阳自摸了", { how: "self_draw" }, ["whoIsWhich"]],
    ["harbin/go_server", "马马自摸", { how: "self_draw" }, ["whoIsLike"]],
    ["dalian/rule_book", "小李报听，老王点炮胡了，夹胡", { winner: "1", how: "discard-0", patterns: ["edge_wait"], ready_1: "ready" }],
    ["dalian/rule_book", "老王点炮胡了", { how: "discard-0" }, ["whoWon"]],
    // 刚刚 (just now) names no one.
    ["zhengzhou/rule_book", "刚刚王姐自摸", { winner: "0", how: "self_draw" }],
  ]);
});

test("the treasure's face said without 是 (宝牌三条) is the wild, and 亮牌 / 牌倒了 is the revealed-tiles penalty", () => {
  check([
    ["dalian/club_java", "宝牌三条，张姐冲宝", { winner: "2", how: "self_draw", patterns: ["treasure_rush"], ready_2: "ready", turned_up: "3s" }],
    ["harbin/rule_book", "宝牌八万，周姐摸宝", { winner: "2", how: "self_draw", patterns: ["finding_treasure"], turned_up: "7m" }],
    ["dalian/rule_book", "小李自摸，宝牌", { winner: "1", how: "self_draw", patterns: ["hidden_treasure"], ready_1: "ready" }],
    ["shenyang/rule_book", "大陈自摸，小赵亮了两张",
      { winner: "2", how: "self_draw", penalty_kind_0: "revealed_tiles", penalty_seat_0: "3", penalty_count_0: "2" }],
    ["zhengzhou/common", "流局，小楊悶豆一個", { winner: "draw", kong_seat_0: "3", kong_kind_0: "concealed" }],
  ]);
});

test("colloquial ways of saying who fed whom: 捉了X一炮, X打的五条Y杠了, 让X给抢了, 点炮的是 in a correction", () => {
  check([
    ["harbin/go_server", "老孙捉了周姐一炮，刮大风", { winner: "0", how: "discard-2", patterns: ["gua_da_feng"] }],
    ["zhengzhou/common", "刘洋捉了小杨一炮", { winner: "2", how: "discard-3" }],
    ["harbin/go_server", "李哥打的五万周姐杠了，小马自摸",
      { winner: "3", how: "self_draw", kong_seat_0: "2", kong_tile_0: "5m", kong_kind_0: "exposed", kong_from_0: "1" }],
    ["zhengzhou/common", "王姐补杠八万，让老郑给抢了", { winner: "1", how: "rob_kong-0" }],
    ["dalian/rule_book", "老王点炮阿强胡了，哦不是，点炮的是小李，流泪", { winner: "3", how: "discard-1", patterns: ["flowing_tears"] }],
    ["harbin/rule_book", "李哥听着牌还点了炮，小马卡当胡", { winner: "3", how: "discard-1", patterns: ["clamp"], ready_1: "ready" }],
    ["shandong/rule_book", "老王自摸混一色，四朵花，哦不，五朵", { winner: "0", how: "self_draw", patterns: ["mixed_one_suit"], flowers: "5" }],
  ]);
});

test("lists and groups: side bets seat by seat, 胡的是 two seats, 胡了两家, penalties said the table's way", () => {
  check([
    ["shandong/jinan_tuyoo", "小李自摸，漂：老王一，小李三，阿强五",
      { winner: "1", how: "self_draw", side_bet_0: "1", side_bet_1: "3", side_bet_3: "5" }],
    ["zhengzhou/common", "刘洋自摸，跑是王姐一个、老郑两个、刘洋三个",
      { winner: "2", how: "self_draw", side_bet_0: "1", side_bet_1: "2", side_bet_2: "3" }],
    ["shandong/rule_book", "點炮的是小李，胡的是阿強跟老王", { winner: "3", how: "discard-1", extra_winner_1: "0" }],
    ["shenyang/rust_server", "胡了两家，小赵和王姐，都是老刘点的", { winner: "3", how: "discard-0", extra_winner_1: "1" }],
    ["shandong/rule_book", "张姐补杠五万，老王和小李都抢杠胡了", { winner: "0", how: "rob_kong-2", extra_winner_1: "1" }],
    ["shenyang/rule_book", "老刘自摸对对胡，小赵亮了一张牌，王姐开头打东风四家都跟了", {
      winner: "0", how: "self_draw", patterns: ["all_pungs"], penalty_kind_0: "revealed_tiles", penalty_seat_0: "3",
      penalty_count_0: "1", penalty_kind_1: "four_same_discards", penalty_seat_1: "1",
    }],
    ["shenyang/rule_book", "是王姐诈的胡", { winner: "void", false_win_seat: "1" }],
    // Whose ready a name to ask about declared is nobody's yet; 大强 at a table of 阿强 is asked about.
    ["shandong/jinan_tuyoo", "我暗楼，老王自摸", { winner: "0", how: "self_draw" }, ["whoIsWhich"]],
    ["dalian/club_java", "大强点炮，小李报听夹胡", { winner: "1", patterns: ["edge_wait"], ready_1: "ready" }, ["whoIsLike", "how"]],
    ["zhengzhou/rule_book", "王姐七对，胡的是老郑打的五饼", { winner: "0", patterns: ["seven_pairs"] }, ["selfDrawOnly"]],
  ]);
});

test("who won is asked, but the discard and the items said of that win are filled in (大鹏自摸卡当, 我胡了刘洋的)", () => {
  check([
    ["harbin/go_server", "大鹏自摸卡当", { how: "self_draw", patterns: ["clamp"] }, ["whoWon"]],
    ["dalian/rule_book", "大刘胡了张姐的，夹胡", { how: "discard-2", patterns: ["edge_wait"] }, ["whoIs"]],
    ["harbin/go_server", "我刮大风胡的周姐", { how: "discard-2", patterns: ["gua_da_feng"] }, ["whoIsWhich"]],
    ["shenyang/rust_server", "陈姐胡了小赵的", { how: "discard-3" }, ["whoIsLike"]],
  ]);
});

test("the discarder said after the word: 点炮的李哥, 點炮周姐, 老王点炮小李 (who won on it)", () => {
  check([
    ["harbin/rule_book", "点炮的李哥，胡牌的是小马", { winner: "3", how: "discard-1" }],
    ["harbin/go_server", "小馬邊張胡了，點炮周姐", { winner: "3", how: "discard-2", patterns: ["clamp"] }],
    ["shenyang/rust_server", "王姐清一色，點炮的小趙", { winner: "1", how: "discard-3", patterns: ["pure_one_suit"] }],
    ["shandong/rule_book", "老王点炮小李", { winner: "1", how: "discard-0" }],
  ]);
});

test("a correction that names only the discarder keeps the winner (是阿强点的, 是胡的老王, 胡的是小赵的)", () => {
  check([
    ["dalian/rule_book", "小李自摸，不对不对，是胡的老王，夹胡", { winner: "1", how: "discard-0", patterns: ["edge_wait"] }],
    ["dalian/club_java", "老王点炮给张姐，哦不是，是阿强点的，张姐报听夹胡",
      { winner: "2", how: "discard-3", patterns: ["edge_wait"], ready_2: "ready" }],
    ["shenyang/rule_book", "老刘胡王姐的，不对，胡的是小赵的，一个箭刻",
      { winner: "0", how: "discard-3", patterns: ["dragon_pung"], count_dragon_pung: "1" }],
    // …and one that says the win again as a self-draw takes the discard back with its seat.
    ["zhengzhou/common", "王姐点的炮，说错了，王姐是自摸，七对", { winner: "0", how: "self_draw", patterns: ["seven_pairs"] }],
  ]);
});

test("kongs said another way: 闷了两个豆, 补了个五条的杠, 喜杠加了两张中, 暗杠了一手九饼, 开花了", () => {
  check([
    ["zhengzhou/common", "荒了，王姐闷了两个豆，东风和九条", {
      winner: "draw", kong_seat_0: "0", kong_kind_0: "concealed", kong_tile_0: "1z",
      kong_seat_1: "0", kong_kind_1: "concealed", kong_tile_1: "9s",
    }],
    ["dalian/club_java", "阿强补了个五条的杠，碰的老王的，杠上开了花", {
      winner: "3", how: "self_draw", patterns: ["kong_bloom"], kong_seat_0: "3", kong_kind_0: "added", kong_tile_0: "5s",
      kong_from_0: "0",
    }],
    ["dalian/rule_book", "张姐自摸，喜杠加了两张中", {
      winner: "2", how: "self_draw", patterns: ["dragon_bonus"], count_dragon_bonus: "2", kong_seat_0: "2", kong_kind_0: "dragon_set",
    }],
    ["dalian/rule_book", "老王暗杠了一手九饼，杠完上来就开花了", {
      winner: "0", how: "self_draw", patterns: ["kong_bloom"], kong_seat_0: "0", kong_kind_0: "concealed", kong_tile_0: "9p",
    }],
  ]);
});

test("several winners, the others and whose: 三响 named in order, 小李三朵, 那仨家都没开门, 他 after a win", () => {
  check([
    ["shandong/jinan_tuyoo", "一炮三响，张姐点的：老王、小李、阿强",
      { winner: "0", how: "discard-2", extra_winner_1: "1", extra_winner_2: "3" }],
    ["shandong/jinan_tuyoo", "阿强跟小李都胡的老王，阿强一朵花，小李三朵",
      { winner: "3", how: "discard-0", flowers: "1", extra_winner_1: "1", extra_flowers_1: "3" }],
    ["dalian/rule_book", "老王自摸，那仨家都没开门", { winner: "0", how: "self_draw", closed_1: "on", closed_2: "on", closed_3: "on" }],
    ["dalian/club_java", "小李胡了老王的，他手里有个旋风杠", { winner: "1", how: "discard-0", kong_seat_0: "1", kong_kind_0: "wind_set" }],
  ]);
});

test("money said around the win: 杠上炮给, 带的头, a false win's reveal, sets fed toward 承包", () => {
  check([
    ["shenyang/rule_book", "大陈杠上炮给王姐", { winner: "1", how: "discard-2", patterns: ["kong_discard"] }],
    ["shenyang/rule_book", "四家跟打了四张东风，老刘带的头，后来王姐自摸",
      { winner: "1", how: "self_draw", penalty_kind_0: "four_same_discards", penalty_seat_0: "0" }],
    ["shenyang/rule_book", "小赵诈和，亮出来根本不成胡", { winner: "void", false_win_seat: "3" }],
    ["shandong/rule_book", "阿强点炮老王胡了，张姐给老王喂了三副，张姐承包", { winner: "0", how: "discard-3", liable: "2" }],
  ]);
});

test("the speaker or a nickname among the winners asks; a group or a count said again replaces the one said", () => {
  check([
    ["shandong/jinan_tuyoo", "张姐和我都胡了，阿强点的", { winner: "2", how: "discard-3" }, ["whoIsWhich"]],
    ["shenyang/rust_server", "我跟大陈都胡了，王姐点的", { winner: "2", how: "discard-1" }, ["whoIsWhich"]],
    ["shandong/rule_book", "老王点炮给我，清一色", { how: "discard-0", patterns: ["pure_one_suit"] }, ["whoIsWhich"]],
    ["dalian/rule_book", "强哥自摸，冲宝", { how: "self_draw", patterns: ["treasure_rush"] }, ["whoIsLike"]],
    ["shenyang/rust_server", "老刘跟大陈都胡了小赵的，不对，是老刘跟王姐", { winner: "0", how: "discard-3", extra_winner_1: "1" }],
    ["shenyang/rust_server", "王姐四归一，说错了，俩四归一，自摸",
      { winner: "1", how: "self_draw", patterns: ["four_in_hand"], count_four_in_hand: "2" }],
    ["shandong/jinan_tuyoo", "小李放炮，张姐四个花，阿强一个花，俩人都胡",
      { winner: "2", how: "discard-1", flowers: "4", extra_winner_1: "3", extra_flowers_1: "1" }],
  ]);
});

test("a kong said again (杠的…, 是小李杠的, 是刘洋给老郑点的) completes or corrects the one said", () => {
  check([
    ["harbin/rule_book", "流局了，李哥明杠了小马的七条，周姐也明杠，杠的老孙的八条", {
      winner: "draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_from_0: "3", kong_tile_0: "7s",
      kong_seat_1: "2", kong_kind_1: "exposed", kong_from_1: "0", kong_tile_1: "8s",
    }],
    ["zhengzhou/common", "流局，刘洋点豆给小杨，杠的七万",
      { winner: "draw", kong_seat_0: "3", kong_kind_0: "exposed", kong_from_0: "2", kong_tile_0: "7m" }],
    ["dalian/club_java", "老王明杠阿强的九万，哦不是老王，是小李杠的，最后老王自摸",
      { winner: "0", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_from_0: "3", kong_tile_0: "9m" }],
    ["zhengzhou/common", "老郑杠了俩，王姐点的一个，小杨点的一个，老郑自摸", {
      winner: "1", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_from_0: "0",
      kong_seat_1: "1", kong_kind_1: "exposed", kong_from_1: "3",
    }],
    ["shenyang/rule_book", "黄了，王姐杠了个红中，暗的", { winner: "draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "7z" }],
    ["shenyang/rule_book", "王姐自摸，杠了个红中，明的，大陈点的", {
      winner: "1", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_tile_0: "7z", kong_from_0: "2",
    }],
    ["zhengzhou/common", "小杨给老郑点了个豆，不对，是刘洋给老郑点的，老郑自摸",
      { winner: "1", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_from_0: "2" }],
  ]);
});

test("a table's other words: 诈胡是X, 头一个打的是X, X给点的, 开门了, 亮了张牌, 跟打一圈, 闷了个红中", () => {
  check([
    ["shenyang/rule_book", "詐胡，是大陳", { winner: "void", false_win_seat: "2" }],
    ["shenyang/rule_book", "四家同打白板，头一个打的是小赵，老刘自摸海底捞月", {
      winner: "0", how: "self_draw", patterns: ["last_tile"], penalty_kind_0: "four_same_discards", penalty_seat_0: "3",
    }],
    ["shenyang/rust_server", "王姐家飘了，小赵给点的", { winner: "1", how: "discard-3", patterns: ["all_pungs"] }],
    ["shenyang/rule_book", "小赵自摸，王姐闭门，不对，王姐开门了，是大陈闭门", { winner: "3", how: "self_draw", closed_2: "on" }],
    ["shenyang/rule_book", "王姐不小心亮了张牌，荒庄了",
      { winner: "draw", penalty_kind_0: "revealed_tiles", penalty_seat_0: "1", penalty_count_0: "1" }],
    ["shenyang/rule_book", "跟打一圈，老刘起的头，后来大陈胡小赵的",
      { winner: "2", how: "discard-3", penalty_kind_0: "four_same_discards", penalty_seat_0: "0" }],
    ["zhengzhou/common", "黄庄了，老郑闷了个红中", { winner: "draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "7z" }],
    ["shenyang/rule_book", "俺自摸飘，小赵闭门", { how: "self_draw", patterns: ["all_pungs"], closed_3: "on" }, ["whoIsWhich"]],
  ]);
});

test("who fed whom said the short way (放了X一炮, 小马点的周姐) and side bets seat by seat (王姐不下，老郑一个)", () => {
  check([
    ["shenyang/rule_book", "大陈放了王姐一炮", { winner: "1", how: "discard-2" }],
    ["shandong/rule_book", "老王点了小李一炮，七对", { winner: "1", how: "discard-0", patterns: ["seven_pairs"] }],
    ["harbin/go_server", "小马点的周姐，卡当", { winner: "2", how: "discard-3", patterns: ["clamp"] }],
    ["zhengzhou/common", "刘洋下跑两个，王姐不下，老郑一个，小杨自摸",
      { winner: "3", how: "self_draw", side_bet_1: "1", side_bet_2: "2" }],
    ["shandong/jinan_tuyoo", "阿强漂三，老王不下，小李一个，阿强自摸",
      { winner: "3", how: "self_draw", side_bet_1: "1", side_bet_3: "3" }],
  ]);
});

test("dictation's slips on the hand's own words: 字母 for 自摸, 放的跑 for 放的炮, 摸包 for 摸宝", () => {
  check([
    ["shandong/rule_book", "老王字母", { winner: "0", how: "self_draw" }],
    ["dalian/rule_book", "咱家小李自摸", { winner: "1", how: "self_draw" }],
    ["harbin/go_server", "小马卡当胡了，周姐放的跑", { winner: "3", how: "discard-2", patterns: ["clamp"] }],
    ["harbin/rule_book", "老孙摸包了", { winner: "0", how: "self_draw", patterns: ["finding_treasure"] }],
    ["dalian/club_java", "宝牌翻出来是七万，张姐冲宝",
      { winner: "2", how: "self_draw", patterns: ["treasure_rush"], ready_2: "ready", turned_up: "7m" }],
  ]);
});

test("重说 / 撤回 start the sentence again; 说反了 said last swaps the two seats said", () => {
  check([
    ["harbin/rule_book", "李哥点炮，周姐胡了，重说，李哥点炮，老孙胡了", { winner: "0", how: "discard-1" }],
    ["dalian/rule_book", "老王自摸夹胡，撤回，是小李自摸夹胡", { winner: "1", how: "self_draw", patterns: ["edge_wait"] }],
    ["shenyang/rule_book", "大陈点的炮，王姐胡的，哦说反了", { winner: "2", how: "discard-1" }],
    ["shenyang/rule_book", "王姐胡了大陈的，说反了，大陈胡了王姐的", { winner: "2", how: "discard-1" }],
  ]);
});

test("a name to ask about as the kong's feeder or the discarder keeps the rest (明杠了大刘的三条, 我给小杨点了个炮)", () => {
  check([
    ["shenyang/rust_server", "王姐明杠了大刘的三条，自摸",
      { winner: "1", how: "self_draw", kong_seat_0: "1", kong_kind_0: "exposed", kong_tile_0: "3s" }, ["whoIsLike", "kongFrom"]],
    ["dalian/club_java", "阿强明杠了我的六万，杠上开花", {
      winner: "3", how: "self_draw", patterns: ["kong_bloom"], kong_seat_0: "3", kong_kind_0: "exposed", kong_tile_0: "6m",
    }, ["whoIsWhich", "kongFrom"]],
    ["zhengzhou/common", "我给小杨点了个炮", { winner: "3" }, ["whoIsWhich", "whoDiscarded"]],
    ["shandong/jinan_tuyoo", "阿强三个花，不对，四个，自摸的", { winner: "3", how: "self_draw", flowers: "4" }],
  ]);
});

test("tune 8's kinds: 杠上炮 said of the discarder, 明楼的小李, 给抢了, 喂的 sets, 给的X, side bets listed after 都下了跑", () => {
  check([
    ["shenyang/rule_book", "小赵杠上炮，老刘胡的", { winner: "0", how: "discard-3", patterns: ["kong_discard"] }],
    ["shandong/rule_book", "阿强胡了，明楼的小李点的炮", { winner: "3", how: "discard-1", ready_1: "ming" }],
    ["zhengzhou/common", "老郑补杠五饼，小杨给抢了", { winner: "3", how: "rob_kong-1" }],
    ["shandong/rule_book", "老王张姐俩人一块抢了小李补的那个五饼杠", { winner: "0", how: "rob_kong-1", extra_winner_1: "2" }],
    ["shandong/rule_book", "小李这把自摸，他那三副牌全是张姐喂的，张姐承包", { winner: "1", how: "self_draw", liable: "2" }],
    ["dalian/rule_book", "小李一个大杠，暗杠的红中，阿强点炮给的小李",
      { winner: "1", how: "discard-3", kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "7z" }],
    ["shandong/rule_book", "老王点炮给小李，嗯不对，给的阿强，阿强混一色", { winner: "3", how: "discard-0", patterns: ["mixed_one_suit"] }],
    ["zhengzhou/common", "都下了跑，王姐两跑，老郑一跑，刘洋三跑，小杨一跑，刘洋自摸", {
      winner: "2", how: "self_draw", side_bet_0: "2", side_bet_1: "1", side_bet_2: "3", side_bet_3: "1",
    }],
    ["shenyang/rust_server", "大陈暗杠红中，还碰了发财，自摸", {
      winner: "2", how: "self_draw", patterns: ["dragon_pung"], count_dragon_pung: "1", kong_seat_0: "2", kong_kind_0: "concealed",
      kong_tile_0: "7z",
    }],
    ["harbin/rule_book", "老孙明杠小马的二饼，等下，是李哥打的二饼，老孙后来自摸",
      { winner: "0", how: "self_draw", kong_seat_0: "0", kong_kind_0: "exposed", kong_tile_0: "2p", kong_from_0: "1" }],
    ["dalian/club_java", "张姐自摸——不对不对，是老王点给她的，夹胡，她报听了",
      { winner: "2", how: "discard-0", patterns: ["edge_wait"], ready_2: "ready" }],
  ]);
});

test("tune 9's kinds: the discarder said around its own words, 点的是X, a count for another seat, 说错了是点炮", () => {
  check([
    ["dalian/rule_book", "老王那张幺鸡打出去，张姐缺幺胡幺就和了", { winner: "2", how: "discard-0", patterns: ["terminal_wait"] }],
    ["harbin/rule_book", "老孙你说你，都听了还点了周姐", { winner: "2", how: "discard-0", ready_0: "ready" }],
    ["harbin/rule_book", "小马自摸，啊说错了是点炮，李哥点的", { winner: "3", how: "discard-1" }],
    ["shenyang/rule_book", "老刘自摸，等会儿，是点炮，小赵点的，飘", { winner: "0", how: "discard-3", patterns: ["all_pungs"] }],
    ["harbin/rule_book", "点的是老孙，胡的是周姐，老孙那会儿听着牌，卡当",
      { winner: "2", how: "discard-0", patterns: ["clamp"], ready_0: "ready" }],
    ["shandong/rule_book", "老王放炮，张姐和阿强都胡了，张姐三个花，阿强一个",
      { winner: "2", how: "discard-0", flowers: "3", extra_winner_1: "3", extra_flowers_1: "1" }],
    ["shenyang/rule_book", "陈哥点炮王姐", { winner: "1" }, ["whoIsLike", "whoDiscarded"]],
    ["dalian/club_java", "哎呀妈呀，张姐冲宝，宝是八万，一看宝直接就胡了",
      { winner: "2", how: "self_draw", patterns: ["treasure_rush"], ready_2: "ready", turned_up: "8m" }],
    ["shenyang/rust_server", "老刘一炮打俩，胡的是小赵和王姐", { winner: "3", how: "discard-0", extra_winner_1: "1" }],
    ["zhengzhou/common", "四家一家一跑，刘洋点炮小杨",
      { winner: "3", how: "discard-2", side_bet_0: "1", side_bet_1: "1", side_bet_2: "1", side_bet_3: "1" }],
    ["shenyang/rust_server", "大陈点炮，王姐胡了，我也胡了", { winner: "1", how: "discard-2" }, ["whoIsWhich"]],
  ]);
});

test("tune 10's kinds: a ready said with 的 before a pause stays its seat's; a self-draw said again drops the discard", () => {
  check([
    ["dalian/club_java", "张姐单吊，报了听的，小李打的", { winner: "2", how: "discard-1", patterns: ["edge_wait"], ready_2: "ready" }],
    ["shandong/jinan_tuyoo", "老王胡了，小李点的，说错了，是张姐自摸", { winner: "2", how: "self_draw" }],
  ]);
});

test("tune 11's kinds: the added kong's pung said of its feeder, 给点了, 捉 by the speaker, 杠完打的牌, 闷了一个红中的豆", () => {
  check([
    ["dalian/club_java", "老王补杠，补的是张姐碰的红中，然后小李自摸",
      { winner: "1", how: "self_draw", kong_seat_0: "0", kong_kind_0: "added", kong_from_0: "2", kong_tile_0: "7z" }],
    ["harbin/rule_book", "荒庄了，小马补杠三饼，是李哥碰的",
      { winner: "draw", kong_seat_0: "3", kong_kind_0: "added", kong_from_0: "1", kong_tile_0: "3p" }],
    ["shandong/rule_book", "流局，张姐补杠了老王碰的白板",
      { winner: "draw", kong_seat_0: "2", kong_kind_0: "added", kong_from_0: "0", kong_tile_0: "5z" }],
    ["shandong/rule_book", "小李暗楼，老王给点了，清幺九", { winner: "1", how: "discard-0", patterns: ["pure_terminals"], ready_1: "an" }],
    ["harbin/go_server", "俺捉了小马一炮", { how: "discard-3" }, ["whoIsWhich"]],
    ["harbin/go_server", "小马自摸，哎说错了，是小马捉了李哥一炮", { winner: "3", how: "discard-1" }],
    ["harbin/go_server", "周姐单吊，自己摸着宝了", { winner: "2", how: "self_draw", patterns: ["treasure_in_treasure"] }],
    ["shenyang/rule_book", "王姐暗杠了一手三条，杠完打的牌大陈胡了，杠上炮", {
      winner: "2", how: "discard-1", patterns: ["kong_discard"], kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "3s",
    }],
    ["zhengzhou/rule_book", "荒庄，老郑闷了一个红中的豆", { winner: "draw", kong_seat_0: "1", kong_kind_0: "concealed", kong_tile_0: "7z" }],
  ]);
});

test("花胡 is all eight flowers; 杠上开花 where no item scores it is said back in a question that keeps Save on", () => {
  check([
    ["shandong/jinan_tuyoo", "张姐自摸花胡", { winner: "2", how: "self_draw", patterns: ["all_flowers"], flowers: "8" }],
    ["harbin/go_server", "小马杠上开花", { winner: "3", how: "self_draw" }, ["plainSelfDraw"]],
    ["shenyang/rule_book", "王姐亮了中发白，自摸", { winner: "1", how: "self_draw", kong_seat_0: "1", kong_kind_0: "dragon_set" }],
    ["dalian/rule_book", "张姐点炮了，双飘", { how: "discard-2", patterns: ["double_float"] }, ["whoWon"]],
  ]);
  const soft = parse("harbin/rule_book", "小马海底捞月").asks.filter((ask) => ask.code === "plainSelfDraw");
  assert.equal(soft.length, 1);
  assert.equal(soft[0].soft, true);
});
