"""Zhengzhou (郑州麻将): RULES.md §5, with the resolutions of §7.5 (decisions.md).

Self-draw wins, side bets (下跑) that raise each stake, a wild tile (混), and kong bonuses paid
whenever a hand is won.
"""

from __future__ import annotations

from ...options import Options
from ...variant import SELF_DRAW, Hooks, Variant
from ..common.consistency import Consistency
from . import checks, scoring, tiles
from .catalogue import NOTES, OPTIONS, PATTERNS


class Zhengzhou(Variant):
    id = "zhengzhou"
    name_en = "Zhengzhou"
    name_zh = "郑州麻将"
    default_starting_points = 1000
    methods = SELF_DRAW
    ready_values = ("none",)
    uses_side_bets = True
    max_side_bet_option = "max_pao"
    uses_treasure = True
    options, patterns, notes = OPTIONS, PATTERNS, NOTES
    hooks = Hooks(record_problems=checks.record_problems, read_tiles=tiles.read_tiles, score=scoring.score)
    consistency = Consistency(kongless_patterns=frozenset({"seven_pairs"}))

    def allowed_methods(self, options: Options) -> frozenset[str]:
        # The declaration lists self-draw only, as the rule book does; the house rule lets discards back in.
        return self.methods | {"discard"} if options["allow_discard_win"] else self.methods


VARIANT = Zhengzhou()
