"""Zhengzhou's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(("Base score", "底分"), ("The stake of every payment.", "每笔输赢的底分。"), common=True),
    "max_pao": rule(
        ("Most side-bet markers", "最多下几跑"),
        ("The most side-bet markers (下跑) a player may put down before a hand.", "每局开始前每人最多下几跑。"),
        common=True,
    ),
    "pao_mode": rule(
        ("Whose side bets count", "算谁的跑"),
        (
            "The winner's and the payer's, or the winner's only (for a kong, its owner's).",
            "赢家和输家的跑都算，或者只算赢家的（杠只算杠主的）。",
        ),
        common=True,
        values={"both": ("Both", "双方都算"), "winner_only": ("Winner's only", "只算赢家")},
    ),
    "honor_cycle": rule(
        ("Honour order for the wild", "字牌定混顺序"),
        (
            "One cycle 东南西北中发白, or winds 东南西北 and dragons 发中白 apart.",
            "东南西北中发白一圈，或者风牌东南西北、箭牌发中白分开转。",
        ),
        values={
            "single7": ("One cycle of seven", "七张一圈"),
            "winds4_dragons3": ("Winds and dragons apart", "风箭分开"),
        },
    ),
    "special_combine": rule(
        ("四混, 七对 and 杠开 combine", "四混、七对、杠开怎么叠"),
        (
            "Each doubles (×2, ×4, ×8), or each adds one stake (×2, ×3, ×4).",
            "每样翻一倍（2、4、8倍），或者每样多加一底（2、3、4倍）。",
        ),
        values={"multiply": ("Each doubles", "翻倍"), "add_units": ("Each adds one", "加底")},
    ),
    "kongs_only_winner": rule(
        ("Only the winner's kongs pay", "只算赢家的杠"),
        (
            "Only the winner's kongs are paid; off, every player's kongs are paid when someone wins.",
            "只有赢家的杠有钱；关掉则有人胡牌时每家的杠都算。",
        ),
    ),
    "kong_pao_applies": rule(
        ("Side bets raise kongs", "杠也带跑"),
        (
            "Side bets raise kong bonuses like wins; off, every kong bonus is one plain base.",
            "杠钱也加跑；关掉则每个杠只算一个底分。",
        ),
    ),
    "dealer_add_base": rule(
        ("Dealer adds a stake", "庄家加底"),
        (
            "Every payment the dealer makes or receives, for a win or a kong, counts one more stake.",
            "庄家胡牌、输牌、收杠分或赔杠分时都多算一底。",
        ),
        common=True,
    ),
    "allow_chow": rule(
        ("Chows allowed", "可以吃牌"),
        (
            "Chows may be claimed from a discard. Only matters when the winning tiles are entered.",
            "可以吃牌；只在输入胡牌的牌时有影响。",
        ),
    ),
    "allow_discard_win": rule(
        ("Discard wins allowed", "可以点炮胡"),
        ("A player may also win on a discard; the discarder alone pays.", "也可以胡别人打的牌，点炮的一家独赔。"),
        common=True,
    ),
    "seven_pairs_wild_mode": rule(
        ("Wilds in seven pairs", "七对里的混"),
        ("A wild counts only as its own face, or may complete any pair.", "混只当本身用，或者可以配任何一对。"),
        values={
            "face_value_only": ("Own face only", "只当本身"),
            "wilds_complete_pairs": ("Completes any pair", "可以配对"),
        },
    ),
    "luxury_seven_pairs": rule(
        ("Four of a kind in seven pairs", "豪华七小对"),
        (
            "Seven pairs may hold four of a kind (not a declared kong) as two pairs: luxury seven pairs, ×2 or ×4 "
            "in place of seven pairs.",
            "七对里可以有四张一样的（不是杠）当两对：豪华七小对，算七对翻倍或者四倍。",
        ),
        values={
            "off": ("Not a hand", "不算"),
            "x2": ("As seven pairs ×2", "算七对 ×2"),
            "x4": ("×4", "豪七 ×4"),
        },
    ),
    "wild_in_concealed_pung": rule(
        ("The wild may complete a concealed pung", "混可做刻子"),
        (
            "In the concealed part of a hand a wild may stand in a pung too; claimed sets and kongs still hold no "
            "wild.",
            "手里没亮出的牌中，混也可以当刻子里的牌；碰、杠的牌里仍然不能有混。",
        ),
    ),
    "kong_bloom_payer": rule(
        ("Who pays the win-after-kong double", "杠开加倍谁出"),
        (
            "Everyone pays the win after kong double, or only whoever fed the winner's last kong (after a concealed "
            "kong, everyone).",
            "杠开的加倍三家都出，或者只由放杠的一家出（暗杠后杠开仍是三家都出）。",
        ),
        values={"all": ("Everyone", "三家都加倍"), "feeder": ("Only the kong's feeder", "只有放杠的一家")},
    ),
    "kongs_paid_on_draw": rule(
        ("Kongs are paid on a drawn hand", "荒庄不荒杠"),
        (
            "Kong bonuses are paid on a drawn hand as on a won one.",
            "流局时杠钱照样算，和有人胡牌时一样。",
        ),
    ),
    "allow_rob_kong": rule(
        ("Robbing a kong is allowed", "可以抢杠胡"),
        (
            "A player may win on the tile another adds to a pung to make a kong; the robbed player alone pays.",
            "别人碰后补杠时可以抢杠胡，被抢杠的一家独赔。",
        ),
    ),
}
