"""Harbin (哈尔滨麻将): RULES.md §3, with the resolutions of §7.3 (decisions.md).

Every winner has declared ready; a hand has one win value (1, 2, 3 or 12) that a clamp doubles;
Red (中) is the only honour, and a self-drawn treasure (宝) may be wild.
"""

from __future__ import annotations

from ...tiles import HARBIN_TILES
from ...variant import Hooks, Variant
from ..common.consistency import Consistency
from ..common.items import with_chinese_meanings
from . import checks, scoring, tiles
from .catalogue import FACT_ITEMS, NOTES, OPTIONS, PATTERNS, WILDS
from .house_rules import WORDS


class Harbin(Variant):
    id = "harbin"
    name_en = "Harbin"
    name_zh = "哈尔滨麻将"
    order = 30
    default_starting_points = 100
    uses_treasure = True
    tile_set = HARBIN_TILES
    wilds = WILDS
    options, notes, fact_items = OPTIONS, NOTES, FACT_ITEMS
    patterns = with_chinese_meanings(__package__, PATTERNS)  # pattern_meanings.json, beside this file
    option_words = WORDS
    hooks = Hooks(record_problems=checks.record_problems, read_tiles=tiles.read_tiles, score=scoring.score)
    consistency = Consistency()


VARIANT = Harbin()
