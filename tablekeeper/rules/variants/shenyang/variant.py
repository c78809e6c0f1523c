"""Shenyang (沈阳麻将): RULES.md §2, with the resolutions of §7.2 (decisions.md).

Doubling hands: every item doubles what each payer pays, a drawn hand before or a dice double
doubles it again, and a revealed-tile penalty feeds a pot that the next winner takes. Its checks
need what the tiles settled, so they run after the tiles are read (findings_problems).
"""

from __future__ import annotations

from ...variant import Hooks, Variant
from ..common.consistency import Consistency
from ..common.items import with_chinese_meanings
from . import checks, scoring, tiles
from .catalogue import FACT_ITEMS, NOTES, OPTION_ALIASES, OPTIONS, PATTERNS
from .house_rules import WORDS


class Shenyang(Variant):
    id = "shenyang"
    name_en = "Shenyang"
    name_zh = "沈阳麻将"
    order = 20
    # The seed names no starting chips; 1000 leaves room for a 2^k doubling game to run a whole evening.
    default_starting_points = 1000
    ready_values = ("none",)
    kong_kinds = frozenset({"exposed", "added", "concealed", "dragon_set", "wind_set"})
    penalty_kinds = frozenset({"false_win", "four_same_discards", "revealed_tiles", "adjustment"})
    uses_dice_double = True
    uses_pot = True
    max_winners = 3
    several_winners_option = "multi_ron"
    dealer_rotation = "next_seat"
    options, notes, fact_items = OPTIONS, NOTES, FACT_ITEMS
    patterns = with_chinese_meanings(__package__, PATTERNS)  # pattern_meanings.json, beside this file
    option_words = WORDS
    option_aliases = OPTION_ALIASES
    hooks = Hooks(read_tiles=tiles.read_tiles, findings_problems=checks.findings_problems, score=scoring.score)
    # The first-turn 中发白 set draws no replacement tile; kong discard follows the discarder's own kong.
    consistency = Consistency(
        replacement_kinds=frozenset({"exposed", "added", "concealed", "wind_set"}),
        discarder_kong_patterns=frozenset({"kong_discard"}),
        kongless_patterns=frozenset({"seven_pairs"}),
    )


VARIANT = Shenyang()
