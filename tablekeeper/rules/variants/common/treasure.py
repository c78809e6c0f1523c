"""The treasure tile (宝牌) of Dalian (RULES.md §1.5) and Harbin (§3.5), for any tile set.

A ready player sees an indicator; the treasure is its successor, the indicator itself,
or both (`treasure_mode`). A hand record stores the treasure's face, not the indicator,
so these helpers go both ways. Indices are those of `tiles.py`; a variant passes the
tiles it plays with (Harbin's only honour is Red 中).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from ...tiles import ALL_TILES, successor, tile_face

TreasureMode = Literal["successor", "indicator", "both"]


def next_treasure(indicator: int, tile_set: Collection[int] = ALL_TILES) -> int:
    """The tile after `indicator` among `tile_set`: suits n→n+1 and 9→1, honours in their own cycles.

    Faces the set lacks are passed over, so in Harbin's set Red (中) follows Red (RULES §7.3 H-3).
    """
    if indicator not in tile_set:
        raise ValueError(f"the indicator {tile_face(indicator)} is not a tile of this set")
    after = successor(indicator)
    # The cycle comes back to the indicator itself, which is in the set, so this ends.
    while after not in tile_set:
        after = successor(after)
    return after


def treasure_faces(indicator: int, mode: TreasureMode, tile_set: Collection[int] = ALL_TILES) -> frozenset[int]:
    """The faces that are treasure once `indicator` is revealed."""
    after = next_treasure(indicator, tile_set)
    if mode == "successor":
        return frozenset({after})
    if mode == "indicator":
        return frozenset({indicator})
    return frozenset({indicator, after})


def indicator_of(treasure: int, tile_set: Collection[int] = ALL_TILES) -> int:
    """The indicator whose successor is `treasure` (the successor cycles are one-to-one)."""
    return next(tile for tile in sorted(tile_set) if next_treasure(tile, tile_set) == treasure)


def wild_faces(treasure: int, mode: TreasureMode, tile_set: Collection[int] = ALL_TILES) -> frozenset[int]:
    """The faces that are treasure, given the treasure face a hand record stores.

    The record stores the treasure proper: the successor in 'successor' and 'both' modes,
    the indicator in 'indicator' mode. In 'both' mode the indicator before it is treasure too.
    """
    if mode == "both":
        return frozenset({treasure, indicator_of(treasure, tile_set)})
    return frozenset({treasure})


def treasure_is_wild(*, method: str, ready: bool, wild_on_discard: bool = False) -> bool:
    """A treasure is wild only for a ready winner, and only when self-drawn unless a house rule widens it."""
    return ready and (method == "self_draw" or wild_on_discard)


def not_wild_words(face: str, *, seat: int, ready: bool, how: str) -> str:
    """Why a treasure that would complete the hand as a wild is not one: the winner's facts, in words.

    `how` is the win as words ("P2 won on P1's discard"); a house rule may make a discarded treasure wild.
    """
    if not ready:
        why = f"the treasure {face} is wild only for a player who declared ready (报听); P{seat} did not"
    else:
        why = f"the treasure {face} is wild only when self-drawn (house rule treasure_wild_on_discard); {how}"
    return f"The treasure {face} would complete this hand as a wild, but {why}."
