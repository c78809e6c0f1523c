"""Dalian's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(
        ("Base score", "底分"),
        ("What every payment starts from.", "每笔输赢从这个分数算起。"),
        common=True,
    ),
    "cap": rule(
        ("Payment cap", "封顶"),
        ("The most one hand can pay. Leave it empty for no cap.", "一局最多赔多少；空着表示不封顶。"),
        common=True,
    ),
    "cap_scope": rule(
        ("What the cap limits", "封顶算法"),
        (
            "Each payer pays at most the cap, or the winner collects at most the cap in all.",
            "每家最多赔封顶分，或者赢家一共最多收封顶分（按各家应赔比例分摊）。",
        ),
        values={"per_payer": ("Each payer", "每家封顶"), "total": ("Winner's total", "总数封顶")},
    ),
    "discard_win_multiplier": rule(
        ("Discard win pays", "点炮倍数"),
        ("How many times a win on a discard is worth; the discarder pays alone.", "点炮胡牌算几倍，点炮的一家独赔。"),
        common=True,
        values={4: ("×4", "4倍"), 2: ("×2", "2倍")},
    ),
    "rob_kong_payer": rule(
        ("Who pays a robbed kong", "抢杠谁赔"),
        (
            "The player whose kong was robbed pays alone, or all three others pay.",
            "被抢杠的一家独赔，或者另外三家都赔。",
        ),
        values={"kong_declarer": ("The robbed player", "被抢的一家"), "all": ("All three", "三家都赔")},
    ),
    "dealer_pays_double": rule(
        ("Dealer pays double", "庄家输双倍"),
        ("The dealer pays twice as much when someone else wins.", "别人胡牌时，庄家赔双倍。"),
        common=True,
    ),
    "closed_payer_factor": rule(
        ("Closed payer pays double", "门清赔双倍"),
        (
            "A player who never opened pays double. Three closed players still double everyone.",
            "没开门的一家赔双倍；三家都门清（三清）仍然每家加倍。",
        ),
        common=True,
        values={2: ("Yes, ×2", "是，2倍"), 1: ("No", "否")},
    ),
    "draw_dealer": rule(
        ("Dealer after a draw", "流局后坐庄"),
        ("After a drawn hand the dealer keeps the deal, or it passes on.", "流局后庄家连庄，或者下家坐庄。"),
        common=True,
        values={"retain": ("Keeps the deal", "连庄"), "rotate": ("Passes on", "下家坐庄")},
    ),
    "streak_counts_draws": rule(
        ("Draws count for 长毛", "流局算长毛"),
        ("A drawn hand the dealer keeps counts toward the dealer's streak.", "庄家流局连庄也算一次长毛。"),
    ),
    "must_declare_ready": rule(
        ("Must declare ready to win", "必须报听才能胡"),
        ("Only a player who declared ready (报听) may win.", "不报听不能胡牌。"),
        common=True,
    ),
    "allow_chow_ready": rule(
        ("Ready by chowing", "吃牌报听"),
        ("A player may also declare ready by chowing a discard. It changes no score.", "可以吃牌报听；不影响算分。"),
    ),
    "three_suits_mode": rule(
        ("Three suits means", "三门齐的算法"),
        (
            "Tiles of all three suits anywhere in the hand (the pair counts), or a set in each suit.",
            "手里有三门牌就行（将也算），或者每门都要有一副牌。",
        ),
        values={"tiles": ("Any tiles", "有牌就算"), "sets": ("A set in each", "每门一副")},
    ),
    "dragon_pair_counts_as_triplet": rule(
        ("Dragon pair counts as a triplet", "中发白对子算刻子"),
        ("A pair of dragons meets the triplet requirement.", "一对中发白可以当刻子用。"),
    ),
    "require_sequence": rule(
        ("Must have a chow", "必须有顺子"),
        ("A winning hand needs a chow unless it is all pungs (a float).", "胡牌必须有顺子，飘胡除外。"),
    ),
    "allow_shou_ba_yi": rule(
        ("Allow 手把一", "允许手把一"),
        (
            "Four sets down and one tile left in hand may win, only with all pungs; it scores ×2.",
            "四副牌都落地、手里只剩一张也能胡，只限对对胡，算2倍。",
        ),
    ),
    "treasure_mode": rule(
        ("Which tile is the treasure", "哪张是宝"),
        (
            "The tile after the one turned up, the turned-up tile itself, or both.",
            "翻出来那张的下一张、翻出来那张本身，或者两张都算。",
        ),
        common=True,
        values={
            "successor": ("The next tile", "下一张"),
            "indicator": ("The turned-up tile", "翻出的那张"),
            "both": ("Both", "两张都算"),
        },
    ),
    "treasure_wild_on_discard": rule(
        ("Discarded treasure is wild", "打出的宝也能用"),
        (
            "A ready player may also use a discarded treasure as any tile (no 摸宝 bonus).",
            "报听的人也能把别人打出的宝当万能牌用（不算摸宝）。",
        ),
    ),
    "hidden_treasure_per": rule(
        ("宝牌 doubles", "宝牌加倍"),
        ("Once per hand, or once for every treasure tile held.", "每局只加倍一次，或者手里每张宝加倍一次。"),
        values={"hand": ("Once per hand", "每局一次"), "tile": ("Per tile", "每张一次")},
    ),
    "edge_wait_mode": rule(
        ("What counts as 夹胡", "夹胡的算法"),
        (
            "An edge win (夹胡) needs a hand that waited on a single tile, won on the middle of a chow; or, as "
            "before, any win on the middle of a chow; or, as one game server plays it, any single wait after "
            "declaring ready with a 1, 9 or honour in hand.",
            "夹胡要只听一张，并且胡的是顺子的中间张；或者按旧算法，胡顺子中间张就算；或者报听后只听一张、手里有幺九字牌就算。",
        ),
        values={
            "single_wait": ("Single wait on a middle tile", "只听一张且夹中张"),
            "middle_of_chow": ("Middle of a chow", "胡牌张在顺子中间"),
            "single_wait_ready": ("Single wait after declaring ready", "报听后只听一张"),
        },
    ),
    "edge_includes_edge_and_single": rule(
        ("夹胡 includes end and pair waits", "边张单钓也算夹胡"),
        (
            "A win on an end wait (12 waiting on 3) or on a single pair tile also counts as 夹胡.",
            "边张（12等3）和单钓胡牌也算夹胡。",
        ),
    ),
    "last_tile_mode": rule(
        ("海底捞月 counts", "海底捞月的范围"),
        (
            "A self-draw on any of the last four tiles, or only on the very last one.",
            "最后四张里自摸都算，或者只有最后一张才算。",
        ),
        values={"last4": ("Last four tiles", "最后四张"), "final": ("Last tile only", "只算最后一张")},
    ),
    "xi_gang_mode": rule(
        ("喜杠 is", "喜杠的算法"),
        ("One each of 中发白 set aside, or a kong of one dragon.", "中发白各一张亮出来，或者一种箭牌开杠。"),
        values={"zfb_set": ("中发白 set", "中发白各一张"), "dragon_kong": ("A dragon kong", "箭牌杠")},
    ),
    "terminal_family_stacks": rule(
        ("幺九 patterns stack", "幺九番叠加"),
        (
            "全带幺, 混幺九 and 清幺九 multiply together instead of only the highest counting.",
            "全带幺、混幺九、清幺九一起乘，而不是只算最大的。",
        ),
    ),
    "discard_all_pay": rule(
        ("All three pay a discard win", "点炮三家付"),
        (
            "On a win off a discard all three others pay: the discarder the full discard price, the other two "
            "the hand without the discard factor.",
            "点炮胡牌三家都给：点炮的一家按点炮倍数给，另外两家按不算点炮的倍数给。",
        ),
        common=True,
    ),
    "allow_float_hand": rule(
        ("All-pung hands may win", "可以飘胡"),
        (
            "A hand of four pungs or kongs (飘胡) may win. If not, every winning hand needs a chow.",
            "四副都是刻子或杠（飘胡）也能胡；不允许时，胡牌必须有顺子。",
        ),
    ),
    "chicken_treasure": rule(
        ("1 Bamboo is always a treasure", "小鸡满天飞"),
        (
            "For a ready player a self-drawn 1 Bamboo (幺鸡) is a treasure too, besides the one turned up.",
            "报听的人自摸到幺鸡也算宝，和翻出来的宝一样用。",
        ),
    ),
    "treasure_rush_value": rule(
        ("Treasure rush pays", "冲宝倍数"),
        ("How many times treasure rush (冲宝) is worth.", "冲宝算几倍。"),
        values={2: ("×2", "2倍"), 8: ("×8", "8倍")},
    ),
    "kong_bloom_value": rule(
        ("Kong bloom pays", "杠上开花倍数"),
        ("How many times a win on a kong's replacement tile is worth.", "杠上开花算几倍。"),
        values={2: ("×2", "2倍"), 4: ("×4", "4倍")},
    ),
    "rob_kong_value": rule(
        ("Robbing a kong pays", "抢杠胡倍数"),
        (
            "How many times robbing a kong is worth, on top of the discard price.",
            "抢杠胡在点炮倍数之外再算几倍。",
        ),
        values={2: ("×2", "2倍"), 4: ("×4", "4倍"), 1: ("Nothing extra", "不加倍")},
    ),
    "float_value": rule(
        ("Floats pay", "飘胡倍数"),
        (
            "Double float ×8 and single float ×16, or every all-pung hand ×4.",
            "双飘8倍、单飘16倍，或者飘胡一律4倍。",
        ),
        common=True,
        values={"seed": ("Rule book (×8, ×16)", "双飘8单飘16"), "flat4": ("×4", "飘胡4倍")},
    ),
    "kong_payments": rule(
        ("Kong payments", "杠分"),
        (
            "When the hand is won, each kong is paid by the three other players: a concealed kong 4, an exposed "
            "or added kong 2 (times the base), on top of the win.",
            "胡牌的那一局，每个杠另外三家都给杠分：暗杠4分，明杠、补杠2分（乘底分），和胡牌分分开算。",
        ),
        common=True,
        values={"none": ("None", "不算杠分"), "club": ("Exposed 2, concealed 4", "明杠2暗杠4")},
    ),
    "unscored_items": rule(
        ("Items not scored", "不算的番"),
        (
            "The items ticked here count nothing at this table.",
            "这里选中的番，本桌不算。",
        ),
        values={
            "ready": ("Ready", "报听"),
            "dealer_continuation": ("Dealer continuation", "长毛"),
            "three_unopened": ("Three unopened", "三清"),
            "joyous_kong": ("Joyous kong", "喜杠"),
            "cyclone_kong": ("Cyclone kong", "旋风杠"),
            "big_concealed_kong": ("Big concealed kong", "大杠"),
        },
    ),
}
