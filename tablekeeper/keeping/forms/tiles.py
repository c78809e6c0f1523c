"""The on-screen tile keyboard: which tiles a variant has, and their labels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from tablekeeper.rules import Names, VariantInfo

SUITS = (("m", "万"), ("p", "筒"), ("s", "条"))
HONOURS = (("1z", "东"), ("2z", "南"), ("3z", "西"), ("4z", "北"), ("5z", "白"), ("6z", "发"), ("7z", "中"))


@dataclass(frozen=True)
class TileKey:
    face: str  # the notation of RULES.md §0.3, what the key types
    number: str
    word: str  # the Chinese label


def keyboard_rows(info: VariantInfo) -> list[list[TileKey]]:
    """One row per suit (1-9) and one row of the honours this variant plays with (`get_variant`'s tile_set)."""
    rows = [[TileKey(f"{rank}{suit}", str(rank), word) for rank in range(1, 10)] for suit, word in SUITS]
    honours = [TileKey(face, "", word) for face, word in HONOURS if face in info["tile_set"]]
    if honours:
        rows.append(honours)
    return rows


class FixedWild(TypedDict, total=False):
    """The tile wild in every hand and its name; empty where there is none."""

    face: str
    name: Names


def fixed_wild(info: VariantInfo) -> FixedWild:
    """The tile wild in every hand (`wilds.face`: 红中麻将's 红中) and its `name` in both languages, for the
    keyboard to frame and name that key; empty where the variant has none (a treasure or 混 is entered per hand)."""
    wilds = info["wilds"]
    if wilds is None or not wilds.get("face"):
        return {}
    return {"face": str(wilds["face"]), "name": wilds["name"]}


def keyboard_faces(info: VariantInfo) -> str:
    """The keyboard's rows as static/js/tiles.js reads them: faces separated by spaces, rows by "|"."""
    return "|".join(" ".join(key.face for key in row) for row in keyboard_rows(info))
