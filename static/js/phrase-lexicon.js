// The words the phrase box hears (static/js/phrase-hear.js splits a sentence into them): the names tables use for
// each pattern, kind of kong, ready declaration, penalty and side bet, the fixed words of a hand (自摸, 点炮, 流局 …),
// numerals, suits and honours, and the traditional characters read as simplified ones. Data only; each character
// here is in the sound table (reading/reasons/phrase_words.py reads this file).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.TKPhraseLexicon = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // The names tables use for each pattern, beside the variant's own (the chip's) name. A name of a pattern this
  // table does not play is still heard, so that the keeper is told rather than ignored.
  var PATTERN_WORDS = {
    pure_one_suit: ["清一色", "清一门", "清一水", "清色"],
    mixed_one_suit: ["混一色", "混一门", "混色", "凑一色"],
    all_pungs: ["对对胡", "碰碰胡", "对对和", "碰碰和", "大对子", "对对碰", "飘胡", "漂胡"],
    all_triplets: ["碰碰胡", "对对胡", "碰碰和", "对对和", "大对子", "对对碰", "飘胡", "漂胡"],
    // Dalian's all-pung hand is 双飘 (飘胡): 对对胡 is what tables call it there.
    double_float: ["双飘", "对对胡", "碰碰胡", "飘胡", "漂胡", "对对和", "大对子"],
    seven_pairs: ["七小对", "七对子", "小七对", "七对", "七小对子", "七个对子", "七对儿"],
    luxury_seven_pairs: ["豪华七小对", "豪华七对", "豪七", "龙七对", "龙七"],
    double_luxury_seven_pairs: ["双豪华七小对", "双豪华七对", "双豪华", "双豪七"],
    triple_luxury_seven_pairs: ["三豪华七小对", "三豪华七对", "三豪华", "三豪七"],
    kong_bloom: ["杠上开花", "杠上花", "杠开", "开花", "杠呲了", "杠次了", "杠开了", "杠呲", "杠次", "杠上开", "杠后开花", "杠头开花"],
    kong_discard: ["杠上炮", "杠后炮", "杠上点炮", "杠后的炮", "杠上的炮", "杠完的炮", "杠后点炮"],
    // The waits: each table's own item takes the words that mean it there (a single wait, the middle tile …);
    // a table's house rules add more (data-also: 三七夹's 边张, 大连·俱乐部's 单吊 after 报听).
    edge_wait: ["夹胡", "加胡", "卡胡", "夹张", "卡张", "夹和", "嵌张", "坎张", "卡当", "夹", "卡"],
    clamp: ["卡当", "夹胡", "加胡", "卡胡", "卡张", "夹张", "嵌张", "坎张", "夹", "卡"],
    single_wait: ["单张", "独听", "单吊", "单钓", "单调", "单听", "独一张", "夹胡", "加胡", "夹张", "卡张", "嵌张", "坎张",
      "边张", "夹", "卡", "听一张", "只听一张", "就听一张", "单听一张", "独听一张"],
    last_tile: ["海底捞月", "海底捞", "海捞", "海底", "海底摸月", "捞月"],
    four_wilds: ["四混", "四个混", "四混儿"],
    finding_treasure: ["摸宝", "摸到宝", "摸了宝", "摸的宝", "摸着宝", "摸了个宝", "摸了一个宝", "摸到了宝", "摸着宝了",
      "摸到宝了", "摸上宝", "摸上宝了", "摸了宝了", "摸包", "摸包了", "摸到包", "摸了包", "摸着包", "摸保"],
    // Dictation writes 宝 as 包 or 保 (包 alone is 承包): the whole word is heard as said.
    treasure_in_treasure: ["宝中宝", "包中包", "保中保", "宝中包", "包中宝"],
    treasure_rush: ["冲宝", "冲了宝"],
    all_generals: ["将将胡", "将将和", "二五八将", "全将", "将一色"],
    pure_terminals: ["清幺九", "清么九"],
    mixed_terminals: ["混幺九", "混么九"],
    outside_hand: ["全带幺", "全带么", "带幺九"],
    heavenly_hand: ["天胡", "天和"],
    earthly_hand: ["地胡", "地和"],
    honour_pung: ["风刻", "风刻子"],
    dragon_pung: ["箭刻", "中刻", "发刻", "白刻", "三元刻", "箭牌刻", "三元碰", "三元牌碰", "箭牌碰", "碰三元", "红中刻", "发财刻",
      "白板刻", "红中刻子", "发财刻子", "白板刻子"],
    lone_tile_wait: ["大吊车", "大钓车", "全求人", "吊车", "大吊", "手把一", "手里就剩一张", "手里剩一张", "手里只剩一张"],
    flower_bloom: ["花呲", "花开", "花上开花"],
    thirteen_unrelated: ["十三不靠"],
    all_flowers: ["花胡"],
    four_in_hand: ["四归一"],
    gua_da_feng: ["刮大风", "刮风", "刮了大风", "刮了个大风", "刮了一个大风", "大风"],
    single_float: ["单飘", "单钓飘", "单吊飘", "飘单吊"],
    terminal_wait: ["缺幺胡幺", "缺么胡么", "缺幺胡"],
    single_remaining: ["手把一"],
    // Big hands of other rule sets that none of the five variants scores: heard, so that the box says the table does
    // not score them (a table's own item of that name, as a variant folder may add, is heard as its own first).
    thirteen_orphans: ["十三幺", "十三么", "国士无双"],
    big_three_dragons: ["大三元"],
    small_three_dragons: ["小三元"],
    big_four_winds: ["大四喜"],
    small_four_winds: ["小四喜"],
    all_honours: ["字一色"],
    nine_gates: ["九莲宝灯"],
    pure_straight: ["一条龙", "清龙"],
    four_concealed_pungs: ["四暗刻"],
    flowing_tears: ["流泪", "杠上炮", "杠后炮", "杠后的炮", "杠上的炮", "杠完的炮", "杠后点炮"],
    hidden_treasure: ["宝牌"],
    dragon_bonus: ["喜杠加牌"],
  };
  // What a wait is called (单吊, 边张, 夹 …) says only how the hand waited: where no item of the table claims the
  // word, it is heard and said back, never asked about (a 单吊 is no 卡当 at Harbin: nothing to tick).
  var WAIT_WORDS = ["单张", "独听", "单吊", "单钓", "单调", "单听", "独一张", "夹胡", "卡胡", "夹张", "卡张", "夹和", "嵌张",
    "坎张", "卡当", "夹", "边张", "边三", "边七", "三七夹", "边", "卡", "听一张", "只听一张", "就听一张", "单听一张", "独听一张"];
  // Traditional characters (對對胡, 點炮) read as the simplified ones every word here is written in.
  var TRADITIONAL = "對对點点砲炮槓杠聽听門门開开龍龙莊庄風风東东發发紅红萬万條条餅饼張张劉刘陳陈趙赵馬马楊杨鄭郑孫孙強强寶宝當当沒没" +
    "個个兩两雙双響响搶抢補补撈捞歸归將将華华報报錯错說说還还與与誰谁給给黃黄詐诈邊边調调釣钓闆板財财麼么們们來来這这" +
    "嗎吗贏赢輸输後后從从飄飘連连嶺岭幾几號号樣样見见過过剛刚鋼钢種种隻只騙骗數数罰罚擲掷絕绝獨独單单隊队賠赔帶带頭头" +
    "別别裡里裏里實实閉闭顆颗兒儿場场學学謝谢鐘钟鍾钟蘇苏羅罗韓韩葉叶盧卢顧顾錢钱賈贾閻阎魯鲁鄧邓許许吳吴衝冲沖冲淚泪" +
    "雞鸡車车夾夹為为著着讓让該该時时間间麽么囉啰誒诶並并歲岁勝胜滿满盤盘闖闯齊齐壓压悶闷彎弯應应樓楼廢废無无圓圆湊凑" +
    "擡抬亂乱結结賬账殺杀聯联戲戏認认對对麼么給给換换黨党臺台檯台牆墙輪轮擊击";

  // Patterns that are self-draws by what they are, at every table that has them.
  var SELF_DRAW_PATTERNS = ["kong_bloom", "last_tile", "finding_treasure", "treasure_rush", "treasure_in_treasure",
    "flower_bloom", "heavenly_hand", "earthly_hand", "all_flowers", "four_wilds"];
  var KONG_WORDS = {
    // Zhengzhou calls a kong's bonus 豆: 闷豆 a concealed kong, 点豆 a fed one, 爬坡豆 one added to a pung.
    concealed: ["暗杠", "闷杠", "大杠", "暗的", "暗杆", "暗了个杠", "暗了一个杠", "暗了一杠", "闷豆", "暗豆", "闷了个豆", "闷了一个豆"],
    exposed: ["明杠", "直杠", "大明杠", "明豆", "明的"],
    added: ["补杠", "加杠", "弯杠", "面下杠", "碰杠", "续杠", "巴杠", "爬坡豆", "爬坡杠", "补豆", "爬坡", "爬了个坡", "补完杠", "补杠后",
      "补了个杠", "补了一个杠", "补了杠", "补个杠", "加了个杠", "加了一个杠", "加了杠"],
    dragon_set: ["喜杠", "中发白杠", "中发白", "红中发财白板", "中发白三张"],
    wind_set: ["旋风杠", "风杠", "东南西北", "东西南北", "东南西北杠", "东西南北杠", "四个风", "四风", "四张风", "四个风牌"],
  };
  // The exposed kong by the word for feeding it (点豆): 老郑点豆 is his, 点豆的是刘洋 and 点豆是刘洋的 say who fed it.
  var KONG_FED_WORDS = ["点豆", "点了个豆", "点了豆", "点了一个豆", "点个豆", "点一个豆", "放豆", "放了个豆", "放了一个豆"];
  // 豆 alone: a kong of a kind not said (两个豆).
  var KONG_NOUNS = ["豆", "个豆"];
  var READY_WORDS = {
    ready: ["报听", "听了", "听牌", "上听", "报了听", "报听了", "听着", "报过听", "报过听了", "报过听的", "听过", "报着听"],
    ming: ["明楼", "报明楼", "报了明楼", "亮明楼"],
    an: ["暗楼", "报暗楼", "报了暗楼", "暗听", "扣听"],
  };
  // Words whose meaning is fixed across tables. Longer words win over shorter ones at the same place.
  var WORDS = [
    ["self", ["自摸", "自摸了", "字母", "字摸", "自磨", "摸的", "摸的最后一张", "自己抓上来的", "自己抓的", "抓上来的", "自个儿抓的", "自己抓上来了", "自己摸的", "自己摸了", "自摸胡", "自摸的", "摸了", "自己摸", "摸到了", "摸上来了", "摸胡",
      "自个儿摸", "自个儿摸的", "自个儿摸上来的", "自个摸的", "自个儿摸了", "摸上来的", "自己摸上来的", "自己摸上来了"]],
    ["win", ["胡了", "和了", "胡牌", "赢了", "胡", "糊了", "胡的", "和牌", "糊牌", "胡了牌", "和了牌", "赢牌", "胡喽", "胡咯",
      "胡啦", "和啦", "抢着胡", "抢胡", "争着胡", "抢着胡了", "都要胡", "要胡", "截胡", "截和", "截了胡"]],
    // 一炮双响: several won on one discard; said of a seat, that seat made the discard.
    ["multi", ["双响", "一炮双响", "一炮多响", "两家胡", "一炮两响", "两响", "一炮俩响", "俩响", "双响炮", "两家都胡", "胡了两家",
      "两家胡了", "胡了俩", "两家都胡了", "点炮双响", "一炮打俩", "一炮打两家", "一炮打两个"]],
    // 俩人都胡: the two just named both won.
    ["both", ["俩人都胡", "两人都胡", "俩人都胡了", "两人都胡了", "两个人都胡了", "俩人都胡的", "两家都胡的", "他俩都胡了", "她俩都胡了",
      "这俩都胡了", "俩都胡了"]],
    // 一炮三响: the three others of whoever made the discard won on it.
    ["multi3", ["三响", "一炮三响", "一炮打仨", "一炮打三家", "三家胡", "三家都胡", "一炮仨响", "三家都胡了", "胡了三家", "三家胡了", "点炮三响"]],
    // 吃胡 / 接炮: a win on someone's discard (whose, the sentence may say).
    ["ron", ["吃胡", "吃和", "接炮", "捉炮", "点炮胡", "捉的", "接了", "接的"]],
    ["discard", ["点炮", "点的炮", "点了炮", "放炮", "放的炮", "放了炮", "放铳", "点炮了", "放炮了", "出冲", "放了一炮",
      "点了一炮", "放一炮", "点一炮", "打了一炮", "点了个炮", "放了个炮", "打出", "点了", "打出来"]],
    // 小李的炮: 小李's discard; 老王把小李的炮胡了.
    ["pao", ["炮"]],
    ["ba", ["把"]],
    // 张姐点给小李: the discard and who won on it.
    ["discardto", ["点给", "放给", "打给", "点炮给", "放炮给"]],
    ["fed", ["点的", "打的", "给的", "放的", "喂的", "供的", "打出的"]],
    ["give", ["给", "给了"]],
    // 捉了老王一炮 / 捉大陈的炮: won on that seat's discard.
    ["catch", ["捉", "捉了", "逮了", "逮", "抓了"]],
    ["rob", ["抢杠胡", "抢杠和", "抢杠", "抢了", "抢杠胡了", "截杠", "截杠胡", "截杠和", "截了杠", "抢了杠"]],
    // 老王补杠的时候小李胡了: a win said while a kong was being declared robbed it.
    ["when", ["的时候", "时候", "那时候", "那会儿", "的时侯"]],
    // 杠完打的: a discard right after one's own kong (杠上炮 for whoever won on it).
    ["kongfed", ["杠完打的", "杠完点的", "杠完放的", "杠了打的", "杠后打的", "杠后点的", "杠完点炮", "杠后点炮", "杠完打出",
      "开杠打的", "开完杠打的", "杠了以后点炮", "杠了以后打的", "杠完以后点炮", "杠完以后打的", "杠了之后点炮", "杠了之后打的",
      "杠完之后打的", "杠完之后点炮", "杠后放炮", "杠完放炮", "杠了就点炮", "杠完就点炮", "杠完就打"]],
    // 杠完 / 补完杠 / 杠后: a kong, and what its owner did right after it (杠完牌打了个五万: the discard after it).
    ["kongafter", ["杠完", "杠完了", "杠后", "杠了之后", "杠了以后", "杠完之后", "杠完以后", "开杠后", "开完杠", "杠完牌",
      "开杠以后", "开杠之后"]],
    // A tile played (打了个五万): after 杠完, the discard the winner took.
    ["play", ["打了", "打了个", "打了一张", "打出了", "出了", "出了一张", "打的是", "打", "出", "打了张", "打出一张", "出的"]],
    ["robbed", ["被抢杠", "被抢了杠", "被抢了", "被抢杠了", "被抢杠胡了", "被抢杠胡", "被抢", "杠被抢了", "杠被抢", "的杠被抢了"]],
    ["grab", ["抢", "抢的"]],
    ["pung", ["碰的", "碰了", "碰"]],
    ["draw", ["流局", "荒庄", "黄庄", "黄了", "荒了", "流了", "没人胡", "谁也没胡", "都没胡", "没胡牌", "慌庄", "流局了",
      "黄庄了", "荒庄了", "荒了庄"]],
    ["void", ["诈胡", "炸胡", "诈和", "作废", "这把作废", "这局作废", "不算了", "重打", "重来", "无效", "诈的胡", "诈了胡", "炸的胡",
      "炸了胡", "诈胡了", "乱胡", "胡错了"]],
    ["kong", ["杠了", "杠", "开杠", "开了杠"]],
    // 点杠 / 点豆: fed someone's kong (as 点炮 feeds a win); whose, the sentence says around it.
    ["kongfeed", ["点杠", "点了杠", "点的杠", "放杠", "点了个杠", "给的杠", "点了一个杠", "点个杠", "点一个杠", "放的杠",
      "点的豆", "放的豆"]],
    // 被: 老郑被刘洋点了个豆.
    ["passive", ["被", "让", "叫"]],
    ["nokong", ["没开杠", "没杠", "没有杠"]],
    // 没开门 / 没开: a closed hand, whatever the table's own word for it (门清, 闭门).
    ["closed", ["门清", "门前清", "没开门", "没开", "没开过门", "没有开门", "闭门", "闭着门", "没吃没碰", "不开门"]],
    ["flower", ["个花", "张花", "朵花", "花", "朵", "枝花", "支花"]],
    ["noflower", ["没花", "没有花", "无花", "一个花没有", "一个花都没有", "一个花也没有", "一张花没有", "一张花都没有",
      "一张花也没有", "一朵花没有", "一朵花都没有", "花都没有", "花也没有", "一个花没", "花没有"]],
    ["hasflower", ["有花", "有几个花", "带花"]],
    ["of", ["的"]],
    ["and", ["和", "跟", "还有", "与", "同"]],
    ["all", ["都", "全都", "大家", "各", "每人", "全", "一起", "同时", "一块", "一块儿", "都是"]],
    // The three others of the seat just named (三家都没开门); 三清: all three of them closed.
    ["others", ["三家", "其他三家", "另外三家", "别家", "其他人", "仨家", "那三家", "那仨家", "其他仨家", "另外仨家", "其余三家",
      "别的三家", "剩下三家", "剩下的三家", "其他家", "另外几家", "其他几家"]],
    ["othersclosed", ["三清", "三家清"]],
    // 张姐也是一个: what was just said of another seat, said of these (phrase-seat.js).
    ["also", ["也", "也是", "也一样", "也是一样"]],
    // 谁点的？老王: who fed the win, asked and answered in one breath (phrase-read.js).
    ["who", ["谁", "谁的", "哪个", "哪家", "哪一家"]],
    // A question the speaker left open: 是自摸还是点炮, 是不是自摸 (phrase-amend.js drops what was wondered about).
    ["or", ["还是"]],
    ["doubt", ["是不是", "是否", "不知道是不是", "不知道是"]],
    ["unknown", ["不知道", "不清楚", "忘了", "不记得"]],
    ["dealer", ["庄家", "坐庄的", "庄"]],
    ["count", ["个", "次", "张", "组", "副"]],
    ["is", ["是"]],
    // 我 / 俺 / 咱: the speaker, a seat the sentence does not name (phrase-read.js asks which); 我们 is no seat.
    ["me", ["我", "俺", "咱", "我自己", "俺自己", "咱自己", "本人"]],
    ["we", ["我们", "咱们", "俺们", "我们这桌", "咱们这桌", "咱家", "咱们家", "我们家", "俺们家", "你说你", "你看你"]],
    // 他 / 她: a seat named before (phrase-read.js decides which).
    ["pronoun", ["他", "她", "他家", "她家", "他自己", "她自己", "人家"]],
    // 一起 / 同时: as 都, of the seats just named.
  ];
  // Seats said by where they sit from the seat just named: 下家 the next in turn, 上家 the one before, 对家 across.
  var RELATIVE = [["下家", 1], ["对家", 2], ["上家", 3]];
  // Seats by their wind this hand: 东家 deals, 南家 sits next in turn …
  var WIND_SEATS = [["东家", 0], ["南家", 1], ["西家", 2], ["北家", 3]];
  // The treasure (or 混) said by its face (宝是三条, 红中是宝) or by the tile turned up (翻的是北风).
  var TREASURE_WORDS = [["treasure", ["宝", "宝是", "混是", "混牌是", "混儿是", "赖子是", "宝牌是"]],
    ["turned", ["翻的是", "翻出", "翻出来的是", "翻了", "翻的", "翻出来", "宝翻的是", "混翻的是", "翻开是", "翻出来了", "亮的是",
      "翻牌是", "翻了个", "翻开", "开的是"]]];
  // Surnames a 老/小 name is made of: a name said that is no seat's is asked about, never given to another.
  var SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈" +
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵钱严覃武戴莫孔向汤";
  var NOT_NAMES = "的了家是和跟都们胡杠摸对一二三四五六七八九十两俩仨个么么自";
  // Penalties by kind (only those the table's form offers are filled in), the dealer's double on the dice, and
  // 承包 (the seat that pays all a winner receives).
  var PENALTY_WORDS = {
    four_same_discards: ["跟打一圈", "跟打了一圈", "跟了一圈", "四家同打", "四家跟打", "四家跟张", "四家跟", "四家打一样的", "四家都跟了", "四家都跟", "四家跟了",
      "四家都打了", "四家一样"],
    revealed_tiles: ["露牌", "露了牌", "露了", "露张", "露", "碰倒", "碰倒了", "弄倒了", "亮牌", "亮了牌", "亮了", "亮张", "亮出",
      "亮出来", "牌亮了", "倒牌", "牌倒了", "掉牌", "牌掉了", "露出", "露出来"],
  };
  var MORE_WORDS = [
    ["dice", ["色子", "骰子", "骰", "掷色子", "打色子", "掷骰子", "摇色子", "摇骰子", "掷出", "掷了", "摇出", "摇了"]],
    // After the dice: a double (两个六, 一样, 双 …: the same number twice).
    ["pair", ["对子", "一对", "对儿", "翻倍", "打对", "打对了", "双", "一样", "一样的", "相同", "一对儿"]],
    // 豹子 alone is the dealer's double on the dice (the rules page says it so).
    // The dice's double: 豹子, or the two dice showing the same (色子打了个对).
    ["baozi", ["豹子", "包子", "报子", "打了个豹子", "掷了个豹子", "出了豹子", "打出豹子", "是豹子", "色子打了个对", "骰子打了个对", "色子打了对",
      "骰子打了对", "色子是对", "骰子是对", "色子一对", "骰子一对", "色子成对", "骰子成对", "色子对子", "骰子对子", "色子打对",
      "骰子打对", "打了个对子", "掷了个对", "掷了个对子", "色子对了", "骰子对了", "色子一样", "骰子一样"]],
    ["liable", ["承包", "包牌", "包了", "包赔", "全包", "包"]],
    // Rule talk that says who pays by the table's house rules, not a 承包 to tick: 包庄 (Harbin), 杠开包赔.
    ["rule", ["包庄", "点炮包庄", "杠开包赔", "杠上开花包赔", "包三家"]],
    ["first", ["先打的", "先打", "起的头", "带的头", "带头的", "领的头", "领头的", "领头", "第一个打的", "带头", "起头的", "开头打", "开头打的", "起手打", "起手打的", "头一个打", "头一个打的",
      "第一个打", "开头出", "带头打"]],
    // Who pays a penalty: 四家同打罚王姐 / 罚的是王姐 / 王姐罚.
    ["fine", ["罚", "罚的是", "受罚的是", "罚了", "该罚", "受罚", "罚的"]],
    // Negation and self-correction: "不是自摸，是老王点的", "没有杠", "不对，是小李".
    ["not", ["不是", "没有", "没", "并不是", "并没有", "不算", "不"]],
    ["retract", ["不对", "说错了", "错了", "不不", "不对不对", "更正", "更正一下", "改一下", "改下", "改成", "改为", "改一改",
      "应该是", "搞错了", "记错了", "弄错了", "口误", "纠正一下", "纠正", "哦不对", "等下", "等一下", "等会儿", "等会", "等等"]],
    // 重说 / 撤回: everything said before goes; 说反了 (said last): the two seats said swap places.
    ["restart", ["重说", "我重说", "重新说", "重来一遍", "从头说", "撤回", "我再说一遍", "再说一遍"]],
    ["swapped", ["说反了", "弄反了", "搞反了", "说倒了"]],
    ["plus", ["加", "+"]],
  ];
  var SIDE_WORDS = ["下跑", "跑了", "跑", "漂了", "漂", "飘", "飘了", "下了跑", "下的跑"];
  // 飘 / 漂 also name an all-pung hand (Shenyang, Dalian): the reading decides which, by the table and the number.
  var FLOAT_WORDS = ["漂了", "漂", "飘", "飘了"];
  var FILLERS = ["嗯", "呃", "额", "啊", "呀", "哦", "噢", "那个", "就是", "这个", "然后", "那么", "吧", "嘛", "呢", "哈", "啦",
    "这把", "这局", "这一把", "这一局", "本局", "刚才", "不小心", "一不小心", "不好意思"];
  // Words said in another order, put in the order the reader knows before they are heard: 闷了两个豆 is 两个闷豆,
  // 补了个五条的杠 补杠五条, 暗杠了一手九饼 暗杠了一个九饼, 杠上开了花 杠上开花.
  var TILE_SAID = "(?:[一二三四五六七八九幺1-9][万萬筒饼同条索]|[东南西北]风|红中|发财|白板)";
  var SAID_OTHERWISE = [
    [new RegExp("闷了?(两|俩|二|三|仨|四)个?豆", "g"), "$1个闷豆"],
    [new RegExp("(补|加|暗|明)了?(?:一个|个)?(" + TILE_SAID + ")的杠", "g"), "$1杠$2"],
    [new RegExp("一手(?=" + TILE_SAID + ")", "g"), "一个"],
    [/开了花|开的花|开花了/g, "开花"],
    // 闷了一个红中的豆: one concealed kong of 红中.
    [new RegExp("闷了?(?:一个|个)?(" + TILE_SAID + ")的豆", "g"), "闷豆$1"],
    // 闷了个红中 / 闷的四饼: a concealed kong of that tile (Zhengzhou's 闷豆).
    [new RegExp("闷(?:了|的)?(?:是)?(?:一个|个)?(?=" + TILE_SAID + ")", "g"), "闷豆"],
    // 又摸了一张加杠 / 摸到第四张补杠 / 又摸一张补上了: the fourth tile drawn onto a pung, an added kong.
    [/(?:又|再)?摸(?:了|到了?|上|着)?(?:一张|第四张|个|一个)(?:又|就)?(补上了?|补杠了?|加杠了?|补了杠|加了杠|补了个杠)/g, "补杠"],
    // 杠了仨 / 这把杠多: how many kongs there were, said before whose; the rows say it.
    [/(^|[\s,，。；;])(?:这把)?杠(?:了(?:仨|三个|俩|两个|四个)|多|挺多|真多)(?=[\s,，。；;]|$)/g, "$1"],
    // 王姐开门了: opened, so not closed (never 没开门, which is closed).
    // (No lookbehind: iPhones before iOS 16.4 refuse it, and the whole script with it.)
    [/(^|[^没不未])开了?门了?/g, "$1没闭门"],
    // 大陈放了王姐一炮 / 点了老王一炮: 大陈's discard, 王姐 won on it.
    [/(放|点)了([^\s,，。；;]{1,3}?)一炮/g, "$1炮给$2"],
    // 周姐让小马给捉了: 小马 won on 周姐's discard.
    [/让([^\s,，。；;]{1,3}?)给?捉了/g, "点炮给$1"],
    // 小赵…给大陈点了个飘: 大陈 won on 小赵's discard, with that item.
    [/给([^\s,，。；;]{1,3}?)点了?(?:个|一个)(?=[^\s,，。；;炮豆杠])/g, "点炮给$1，"],
    // 连着荒了三把: earlier hands, not this one.
    [/连着?(?:荒|黄)了?[一二两俩三仨四五六七八九十几]+把/g, ""],
    // 暗杠了两手: two kongs.
    [/(暗杠|明杠|杠)了?(两|俩|三|仨)手/g, "$1$2个"],
    // 起手打了个豹子: the dealer's dice, not who led four same discards.
    [/起手(?:打|掷|摇)了?(?:个|一个)?(?=豹子|包子)/g, ""],
    // 四家一家一跑: everyone's side bet.
    [/(?:四家)?一家一(?:个)?(跑|漂)/g, "四家都下了一$1"],
    // 王姐那张二饼: the tile she discarded.
    [new RegExp("那张(?=" + TILE_SAID + ")", "g"), "打的"],
    // 王姐不下 / 没下: no side bet (下 alone is the bet's verb).
    [/([不没])下(?=[\s,，。；;]|$)/g, "$1下跑"],
    // 放的跑 / 点了跑: dictation's 跑 for 炮 after the verb that makes a discard.
    [/([放点])(的|了)?跑/g, "$1$2炮"],
    // 小李补的那个五饼杠: his added kong of that tile; 俩人一块(儿): both.
    // (那个 is a filler, gone before these are read.)
    [new RegExp("(补|加|暗|明)的\\s*(" + TILE_SAID + ")的?杠", "g"), "$1杠$2"],
    [/(?:俩人|两人|两个人)?一块儿?(?=抢|胡|和)/g, "都"],
    // 小杨给抢了: 给 only joins the robber and the robbing (让…给抢了 too).
    [/给抢/g, "抢"],
    // 三副牌全是张姐喂的: the sets fed toward 承包, not the winning discard.
    [/[副口]牌?(?:全|都)?是([^\s,，。；;]{1,3}?)喂的/g, "，$1包了"],
    // 点炮给的小李: 的 only joins them.
    [/给的(?=[老小阿大])/g, "给"],
    // 亮了张牌: one tile shown.
    [/(亮|露)了张/g, "$1了一张"],
    // (喜杠…又往上加了一张红中: a dragon added onto the declared 喜杠, Dalian's 喜杠加牌.)
    [/(喜杠.*?)(?:又|再)?(?:往上)?(?:加|续|补)了?(一|两|俩|二|三)?张(?:红中|发财|白板|中|发|白)/g, "$1|喜杠加牌$2张"],
    // 亮了个喜杠: a kong shown, not a penalty for tiles shown.
    [/亮了?(?:个|一个)?(?=喜杠|旋风杠|暗杠|明杠|杠|中发白|东南西北)/g, ""],
    // 自己摸上来个宝: 摸宝 said the long way (宝是四条 after it is the wild's face).
    [/(?:自己|自个儿)?摸(?:上来|到|着|了)?(?:了)?(?:个|一个)宝(?![是牌])/g, "摸宝"],
    [/(?:自己|自个儿)摸(?:上来|到|着|了)?(?:了)?宝(?![是牌中])/g, "摸宝"],
    // 补杠了老王碰的白板 / 爬坡爬的刘洋碰的三万: the added kong on that seat's pung.
    [/爬坡爬的/g, "爬坡"],
    [new RegExp("(补杠|加杠|爬坡)了?(?!" + TILE_SAID + "|[豆杠])([^\\s,，。；;]{1,3}?)碰的", "g"), "$1$2的"],
    // 包是三饼: dictation's 包 for the wild's 宝 (包 alone is 承包).
    [/包(?=是[一二三四五六七八九幺东南西北红发白中])/g, "宝"],
    // 胡老孙那张: his discard.
    [/那张牌?/g, "的"],
    // 张姐打了张九万让阿强杠了: the discard claimed for the kong (让 only joins them).
    [new RegExp("打了?(?:张|一张)?(" + TILE_SAID + ")让", "g"), "打的$1"],
    // 杠完摸上来就胡了: won on the kong's replacement tile, 杠上开花.
    [/杠完(?:了)?(?:以后|之后)?(?:又)?摸上来(?:就)?胡了?/g, "杠上开花"],
    // 头一张是大陈打的: who led the four same discards.
    [/头一张是([^\s,，。；;]{1,3}?)打的/g, "$1先打的"],
    // 一炮三响，哦不对，就俩: two won on it, not three.
    [/三响[\s,，。]*(?:哦|噢)?不对[\s,，。]*就?(?:俩|两家|两个)/g, "双响"],
    // 下了两泡: dictation's 泡 for the side bet's 跑.
    [/([一二两俩三仨]个?)泡/g, "$1跑"],
  ];
  // Short words heard only as written: by their sound they would be others (带个 is no 大杠, 以后 no 时候).
  var AS_WRITTEN = ["直杠", "掷了", "摇了", "掷出", "摇出", "豹子", "包子", "报子", "大杠", "暗的", "明的", "接了", "接的", "人家", "字母", "字摸", "自磨", "等下", "等等", "等会", "摸包", "摸保",
    "开花", "捉的", "领头", "仨家", "别家", "反了", "枝花", "支花", "时候"];
  var NUMERALS = { 零: 0, 〇: 0, 一: 1, 幺: 1, 么: 1, 二: 2, 两: 2, 俩: 2, 三: 3, 仨: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
  var SUITS = { 万: "m", 萬: "m", 筒: "p", 饼: "p", 同: "p", 条: "s", 索: "s" };
  var HONOURS = [
    ["东风", "1z"], ["南风", "2z"], ["西风", "3z"], ["北风", "4z"], ["白板", "5z"], ["发财", "6z"], ["红中", "7z"],
    ["东", "1z"], ["南", "2z"], ["西", "3z"], ["北", "4z"], ["白", "5z"], ["发", "6z"], ["中", "7z"], ["幺鸡", "1s"],
  ];

  return {
    PATTERN_WORDS: PATTERN_WORDS,
    WAIT_WORDS: WAIT_WORDS,
    TRADITIONAL: TRADITIONAL,
    SELF_DRAW_PATTERNS: SELF_DRAW_PATTERNS,
    KONG_WORDS: KONG_WORDS,
    KONG_FED_WORDS: KONG_FED_WORDS,
    KONG_NOUNS: KONG_NOUNS,
    READY_WORDS: READY_WORDS,
    WORDS: WORDS,
    RELATIVE: RELATIVE,
    WIND_SEATS: WIND_SEATS,
    TREASURE_WORDS: TREASURE_WORDS,
    SURNAMES: SURNAMES,
    NOT_NAMES: NOT_NAMES,
    PENALTY_WORDS: PENALTY_WORDS,
    MORE_WORDS: MORE_WORDS,
    SIDE_WORDS: SIDE_WORDS,
    FLOAT_WORDS: FLOAT_WORDS,
    FILLERS: FILLERS,
    SAID_OTHERWISE: SAID_OTHERWISE,
    AS_WRITTEN: AS_WRITTEN,
    NUMERALS: NUMERALS,
    SUITS: SUITS,
    HONOURS: HONOURS,
  };
});
