"""Zhengzhou (郑州麻将): RULES.md §5, with the resolutions of §7.5 (decisions.md).

Self-draw wins, side bets (下跑) that raise each stake, a wild tile (混), and kong bonuses paid
whenever a hand is won.
"""

from __future__ import annotations

from types import MappingProxyType

from ...variant import SELF_DRAW, Hooks, Variant
from ..common.consistency import Consistency
from ..common.items import with_chinese_meanings
from . import checks, scoring, tiles
from .catalogue import FACT_ITEMS, NOTES, OPTIONS, PATTERNS, WILDS
from .house_rules import WORDS


class Zhengzhou(Variant):
    id = "zhengzhou"
    name_en = "Zhengzhou"
    name_zh = "郑州麻将"
    order = 50
    default_starting_points = 1000
    methods = SELF_DRAW
    ready_values = ("none",)
    uses_side_bets = True
    max_side_bet_option = "max_pao"
    uses_treasure = True
    # The declaration lists self-draw only, as the rule book does; the house rule lets discards back in.
    # Robbing a kong is a house rule of §9.6.6 (allow_rob_kong).
    method_options = MappingProxyType({"discard": "allow_discard_win", "rob_kong": "allow_rob_kong"})
    wilds = WILDS
    options, notes, fact_items = OPTIONS, NOTES, FACT_ITEMS
    patterns = with_chinese_meanings(__package__, PATTERNS)  # pattern_meanings.json, beside this file
    option_words = WORDS
    hooks = Hooks(
        record_problems=checks.record_problems,
        read_tiles=tiles.read_tiles,
        findings_problems=checks.findings_problems,
        score=scoring.score,
    )
    consistency = Consistency(kongless_patterns=frozenset({"seven_pairs", "luxury_seven_pairs"}))


VARIANT = Zhengzhou()
