"""Harbin (哈尔滨麻将): RULES.md §3, with the resolutions of §7.3 (decisions.md).

The declaration: names, defaults, the facts a Harbin record may hold, and this package's hooks.
"""

from __future__ import annotations

from ...variant import Hooks, Variant
from . import checks, scoring, tiles
from .catalogue import NOTES, OPTIONS, PATTERNS


class Harbin(Variant):
    id = "harbin"
    name_en = "Harbin"
    name_zh = "哈尔滨麻将"
    default_base = 1
    default_starting_points = 100
    ready_values = ("none", "ready")
    kong_kinds = frozenset({"exposed", "added", "concealed"})
    penalty_kinds = frozenset({"adjustment"})
    uses_treasure = True
    options = OPTIONS
    patterns = PATTERNS
    notes = NOTES
    hooks = Hooks(record_problems=checks.record_problems, read_tiles=tiles.read_tiles, score=scoring.score)


VARIANT = Harbin()
