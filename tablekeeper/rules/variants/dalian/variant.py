"""Dalian Qionghu (大连穷胡): RULES.md §1, with the resolutions of §7.1 (decisions.md).

The declaration: names, defaults, the facts a Dalian record may hold, and this package's hooks.
"""

from __future__ import annotations

from ...variant import Hooks, Variant
from . import checks, scoring, tiles
from .catalogue import NOTES, OPTIONS, PATTERNS


class Dalian(Variant):
    id = "dalian"
    name_en = "Dalian Qionghu"
    name_zh = "大连穷胡"
    default_base = 1
    # The seed: "Common values are 500 points or 1000 points"; 1000 leaves room for capped hands of 100.
    default_starting_points = 1000
    ready_values = ("none", "ready")
    kong_kinds = frozenset({"exposed", "added", "concealed", "dragon_set", "wind_set"})
    uses_treasure = True
    options = OPTIONS
    patterns = PATTERNS
    notes = NOTES
    hooks = Hooks(record_problems=checks.record_problems, read_tiles=tiles.read_tiles, score=scoring.score)


VARIANT = Dalian()
