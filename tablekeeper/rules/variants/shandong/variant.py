"""Shandong (山东麻将): RULES.md §4, with the resolutions of §7.4 (decisions.md).

The declaration: names, defaults, the facts a Shandong record may hold, and this package's hooks.
Several players may win on one discard (一炮多响).
"""

from __future__ import annotations

from typing import ClassVar

from ...options import Options
from ...variant import Hooks, Variant
from . import checks, scoring, tiles
from .catalogue import NOTES, OPTIONS, PATTERNS


class Shandong(Variant):
    id = "shandong"
    name_en = "Shandong"
    name_zh = "山东麻将"
    default_base = 5
    default_starting_points = 1000
    ready_values: ClassVar[tuple[str, ...]] = ("none", "ming", "an")
    kong_kinds: ClassVar[frozenset[str]] = frozenset({"exposed", "added", "concealed"})
    uses_flowers = True
    uses_liable = True
    options = OPTIONS
    patterns = PATTERNS
    notes = NOTES
    hooks = Hooks(
        record_problems=checks.record_problems,
        state_problems=checks.state_problems,
        read_tiles=tiles.read_tiles,
        score=scoring.score,
    )

    def multiple_winners_allowed(self, options: Options) -> bool:
        return True


VARIANT = Shandong()
