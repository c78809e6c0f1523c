"""The on-screen tile keyboard: which tiles a variant has, and their labels."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TypedDict

from ..rules import Names, RecordWin, VariantInfo, settle, table_rules

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


# Winning hands the tile field's label may show as its example (RULES.md §0.3), the first a table accepts: a
# claimed chow and pung with an honour pair (the book's own example); with a 2-5-8 pair (Shandong, Harbin with
# no winds); a claimed pung only, the chow concealed (Zhengzhou claims no chow).
TILE_EXAMPLES = (
    "[123m][777p] 456s 11z 78p +9p",
    "[123m][777p] 456s 55m 78p +9p",
    "[777p] 123m 456s 11z 78p +9p",
    "[777p] 123m 456s 55m 78p +9p",
)


def tile_example(variant_id: str, options: Mapping[str, object] | None) -> str:
    """The tile field's example at this table: the first of TILE_EXAMPLES the engine accepts as a plain win by
    every method the table allows, so it never shows a meld or a tile the table has not; "" if none fits."""
    return _tile_example(variant_id, json.dumps(dict(options or {}), sort_keys=True, default=str))


@lru_cache(maxsize=64)
def _tile_example(variant_id: str, options_key: str) -> str:
    options: dict[str, object] = json.loads(options_key)
    methods = table_rules(variant_id, options)["methods"]
    for tiles in TILE_EXAMPLES:
        if all(
            settle(variant_id, {"result": "win", "wins": [_win(method, tiles)]}, None, options)["ok"]
            for method in methods
        ):
            return tiles
    return ""


def _win(method: str, tiles: str) -> RecordWin:
    win: RecordWin = {"seat": 1, "method": method, "patterns": [], "tiles": tiles}
    if method != "self_draw":
        win["from"] = 2
    return win
