"""Harbin's house rules in a player's words (see rules/rule_words.py)."""

from __future__ import annotations

from ...rule_words import RuleWords, rule

WORDS: dict[str, RuleWords] = {
    "base": rule(
        ("Base score", "底分"), ("Every win's value is multiplied by this.", "每把胡牌的番数都乘以底分。"), common=True
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
}
