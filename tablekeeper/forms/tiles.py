"""The on-screen tile keyboard: which tiles a variant has, and their labels."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..rules import settle
from ..rules.errors import TILES_NOT_IN_SET

SUITS = (("m", "万"), ("p", "筒"), ("s", "条"))
HONOURS = (("1z", "东"), ("2z", "南"), ("3z", "西"), ("4z", "北"), ("5z", "白"), ("6z", "发"), ("7z", "中"))


@dataclass(frozen=True)
class TileKey:
    face: str  # the notation of RULES.md §0.3, what the key types
    number: str
    word: str  # the Chinese label


@cache
def _variant_has(variant: str, face: str) -> bool:
    # The engine knows each variant's tile set (Harbin: suits and 中 only); ask it with a hand
    # that holds the face as its pair, and see whether it is refused as not in the set.
    hand = f"123m456p789s23s{face}{face}+1s"
    probe = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": [], "tiles": hand}]}
    return not any(error["code"] == TILES_NOT_IN_SET for error in settle(variant, probe)["errors"])


def keyboard_rows(variant: str) -> list[list[TileKey]]:
    """One row per suit (1-9) and one row of the honours this variant plays with."""
    rows = [[TileKey(f"{rank}{suit}", str(rank), word) for rank in range(1, 10)] for suit, word in SUITS]
    honours = [TileKey(face, "", word) for face, word in HONOURS if _variant_has(variant, face)]
    if honours:
        rows.append(honours)
    return rows
