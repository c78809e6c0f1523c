"""Dalian Qionghu (大连穷胡): RULES.md §1, with the resolutions of §7.1 (decisions.md).

Restricted hands (穷胡): a win needs tiles of all three suits, a triplet, a 1, 9 or honour and an
opened hand; a ready player's treasure (宝) may be wild; each payment stops at the cap.
"""

from __future__ import annotations

from ...variant import Hooks, Variant
from ..common.consistency import Consistency
from ..common.items import with_chinese_meanings
from . import checks, scoring, tiles
from .catalogue import FACT_ITEMS, NOTES, OPTIONS, PATTERNS, WILDS
from .house_rules import WORDS


class Dalian(Variant):
    id = "dalian"
    name_en = "Dalian Qionghu"
    name_zh = "大连穷胡"
    order = 10
    # The seed: "Common values are 500 points or 1000 points"; 1000 leaves room for capped hands of 100.
    default_starting_points = 1000
    kong_kinds = frozenset({"exposed", "added", "concealed", "dragon_set", "wind_set"})
    uses_treasure = True
    wilds = WILDS
    dealer_rotation = "next_seat"
    options, notes, fact_items = OPTIONS, NOTES, FACT_ITEMS
    patterns = with_chinese_meanings(__package__, PATTERNS)  # pattern_meanings.json, beside this file
    option_words = WORDS
    hooks = Hooks(record_problems=checks.record_problems, read_tiles=tiles.read_tiles, score=scoring.score)
    # Flowing tears is a discard made right after the discarder's own kong.
    consistency = Consistency(opens_hand=checks.kong_opens_hand, discarder_kong_patterns=frozenset({"flowing_tears"}))


VARIANT = Dalian()
