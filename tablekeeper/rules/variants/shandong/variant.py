"""Shandong (山东麻将): RULES.md §4, with the resolutions of §7.4 (decisions.md).

(base + points) × capped multipliers, with flowers, kong points and Ming Lou / An Lou ready
declarations; several players may win on one discard (一炮多响).
"""

from __future__ import annotations

from ...variant import Hooks, Variant
from ..common.consistency import Consistency
from ..common.items import with_chinese_meanings
from . import checks, scoring, tiles
from .catalogue import FACT_ITEMS, NOTES, OPTIONS, PATTERNS, SEVEN_PAIRS_LADDER
from .house_rules import WORDS


class Shandong(Variant):
    id = "shandong"
    name_en = "Shandong"
    name_zh = "山东麻将"
    order = 40
    default_starting_points = 1000
    ready_values = ("none", "ming", "an")
    uses_flowers = True
    uses_liable = True
    uses_side_bets = True  # 漂, only while max_side_bet > 0 (RULES §9.5.8)
    max_side_bet_option = "max_side_bet"
    side_bets_need_option = True
    max_winners = 3
    options, notes, fact_items = OPTIONS, NOTES, FACT_ITEMS
    patterns = with_chinese_meanings(__package__, PATTERNS)  # pattern_meanings.json, beside this file
    option_words = WORDS
    hooks = Hooks(
        record_problems=checks.record_problems,
        state_problems=checks.state_problems,
        read_tiles=tiles.read_tiles,
        findings_problems=checks.findings_problems,
        score=scoring.score,
    )
    # Seven pairs and the first-turn hands hold no kong and no claimed meld.
    consistency = Consistency(
        kongless_patterns=frozenset({*SEVEN_PAIRS_LADDER, "heavenly_hand", "earthly_hand", "thirteen_unrelated"})
    )


VARIANT = Shandong()
