"""The treasure tile (宝牌) shared by Dalian (RULES.md §1.5) and Harbin (§3.5).

A ready player sees an indicator; the treasure is its successor, the indicator itself,
or both (`treasure_mode`). A hand record stores the treasure's face, not the indicator,
so these helpers go both ways. Indices are those of `tiles.py`.
"""

from __future__ import annotations

from typing import Literal

from ..tiles import ALL_TILES, HARBIN_TILES, RED, successor

TreasureMode = Literal["successor", "indicator", "both"]
TreasureVariant = Literal["dalian", "harbin"]


def next_treasure(indicator: int, variant: TreasureVariant = "dalian") -> int:
    """The tile after `indicator`: suits n→n+1 and 9→1; Dalian honours in their own cycles.

    Harbin's only honour is Red (中), so Red follows Red there (RULES §7.3 H-3).
    """
    if variant == "harbin" and indicator == RED:
        return RED
    return successor(indicator)


def treasure_faces(indicator: int, mode: TreasureMode, variant: TreasureVariant = "dalian") -> frozenset[int]:
    """The faces that are treasure once `indicator` is revealed."""
    after = next_treasure(indicator, variant)
    if mode == "successor":
        return frozenset({after})
    if mode == "indicator":
        return frozenset({indicator})
    return frozenset({indicator, after})


def indicator_of(treasure: int, variant: TreasureVariant = "dalian") -> int:
    """The indicator whose successor is `treasure` (the successor cycles are one-to-one)."""
    tile_set = HARBIN_TILES if variant == "harbin" else ALL_TILES
    return next(tile for tile in sorted(tile_set) if next_treasure(tile, variant) == treasure)


def wild_faces(treasure: int, mode: TreasureMode, variant: TreasureVariant = "dalian") -> frozenset[int]:
    """The faces that are treasure, given the treasure face a hand record stores.

    The record stores the treasure proper: the successor in 'successor' and 'both' modes,
    the indicator in 'indicator' mode. In 'both' mode the indicator before it is treasure too.
    """
    if mode == "both":
        return frozenset({treasure, indicator_of(treasure, variant)})
    return frozenset({treasure})


def treasure_is_wild(*, method: str, ready: bool, wild_on_discard: bool = False) -> bool:
    """A treasure is wild only for a ready winner, and only when self-drawn unless a house rule widens it."""
    return ready and (method == "self_draw" or wild_on_discard)
