"""Harbin's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(
        ("Base score", "底分"), ("Every win's value is multiplied by this.", "每局胡牌的番数都乘以底分。"), common=True
    ),
    "starting_points": rule(
        ("Starting chips", "起始筹码"), ("Chips each player starts with.", "每人开始的筹码数。"), common=True
    ),
    "treasure_mode": rule(
        ("Which tile is the treasure", "哪张是宝"),
        ("The tile after the one turned up, or the turned-up tile itself.", "翻出来那张的下一张，或者翻出来那张本身。"),
        common=True,
        values={"successor": ("The next tile", "下一张"), "indicator": ("The turned-up tile", "翻出的那张")},
    ),
    "clamp_on_bao_zhong_bao": rule(
        ("卡当 doubles 宝中宝", "宝中宝也算卡当"),
        ("A clamp (卡当) also doubles a treasure-within-treasure (宝中宝) win.", "宝中宝胡牌时卡当也加倍。"),
    ),
    "harbin_treasure_stacks_with_self_draw": rule(
        ("Treasure wins count self-draw too", "摸宝再算自摸"),
        (
            "Treasure wins also count the self-draw ×2 (摸宝 6, 宝中宝 24).",
            "摸宝胡牌还要再算自摸2倍（摸宝6，宝中宝24）。",
        ),
    ),
    "dealer_double": rule(
        ("Dealer pays and wins double", "庄家输赢加倍"),
        ("Every payment the dealer makes or receives is doubled.", "庄家输赢都加倍。"),
        common=True,
    ),
    "closed_double": rule(
        ("Closed payer pays double", "门清赔双倍"),
        ("A payer who has not opened their hand pays double.", "没开门的一家赔双倍。"),
        common=True,
    ),
    "treasure_wild_on_discard": rule(
        ("Discarded treasure is wild", "打出的宝也能用"),
        ("A ready player may also use a discarded treasure as any tile.", "报听的人也能把别人打出的宝当万能牌用。"),
    ),
    "allow_chow_ready": rule(
        ("Ready by chowing", "吃听"),
        (
            "A player may chow any player's discard to declare ready, ahead of pungs and kongs.",
            "可以吃任何一家的牌报听，优先于碰和杠。",
        ),
    ),
    "reserve_tiles": rule(
        ("Tiles left at a draw", "留牌张数"),
        (
            "Tiles left in the wall when the hand ends as a draw (0: play the wall out).",
            "剩几张牌算流局（0：摸完为止）。",
        ),
    ),
    # RULES.md §9.4: labels as the rule book gives them.
    "gua_da_feng": rule(
        ("Win on the fourth copy", "刮大风"),
        (
            "Winning on the fourth copy of a tile you held three of (an exposed pung or three in hand) is worth 6, "
            "on a discard from anyone or on a self-draw.",
            "手里有三张（碰出的或手里暗着的）再胡第四张，算刮大风，值6分；点炮和自摸都算。",
        ),
    ),
    "clamp_edge_37": rule(
        ("12→3 and 89→7 count as a clamp", "三七边算卡当"),
        (
            "A single wait on 3 with 1-2, or on 7 with 8-9, doubles like a clamp (卡当).",
            "只听一张，且是一二听三或八九听七，也算卡当加倍。",
        ),
    ),
    "bao_zhong_bao_any_face": rule(
        ("Any self-drawn treasure on a single wait is 宝中宝", "单听摸宝算宝中宝"),
        (
            "With a single wait, a self-drawn treasure used as any tile is treasure within treasure (宝中宝, 12), "
            "not only when it is the tile you waited on.",
            "只听一张时，自摸到宝当万能牌用就算宝中宝（12分），不必是所听的那张。",
        ),
    ),
    "bao_zhuang": rule(
        ("An unready discarder pays for all", "点炮包庄"),
        (
            "A player who had not declared ready and deals in pays for all three losers, one share each, instead "
            "of the 出冲 value.",
            "没报听的人点炮，要替三家都赔（每家一份），不再算出冲。",
        ),
    ),
    "rob_kong_payer": rule(
        ("Who pays a robbed kong", "抢杠谁赔"),
        (
            "All three pay as for a self-draw, or the player whose kong was robbed pays alone, as for a discard.",
            "三家都按自摸赔，或者只由被抢杠的一家按点炮赔。",
        ),
        values={"all": ("All three", "三家都赔"), "declarer": ("The kong's declarer", "被抢的一家")},
    ),
    "self_draw_value": rule(
        ("A plain self-draw is worth", "自摸分"),
        (
            "The value of a self-draw with a natural tile (and of a robbed kong paid by all three).",
            "自摸（摸到的不是宝）值几分；三家都赔的抢杠也按这个算。",
        ),
        values={2: ("2 points", "2分"), 1: ("1 point", "1分")},
    ),
    "discarder_not_ready_value": rule(
        ("A discard from an unready player is worth", "出冲分"),
        (
            "The value of a win on a discard from a player who had not declared ready (出冲).",
            "没报听的人点炮（出冲）值几分。",
        ),
        values={3: ("3 points", "3分"), 1: ("1 point", "1分")},
    ),
}
