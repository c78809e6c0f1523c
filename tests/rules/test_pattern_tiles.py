"""The tile pictures of the rules reference (each variant folder's pattern_tiles.json) against the engine.

A picture is a real winning hand for one pattern. It must be a record `settle` accepts under the
picture's options, and the engine must score that pattern for its win (ticked and accepted, or
proven from the tiles in a `tiles_prove` line), so the reference can never draw a hand the engine
would refuse or a pattern the tiles do not make. Every pattern of `get_variant` is either pictured
or named shape-less in the file, so a new pattern has to be classified. A folder without the file
(a new variant) simply has no pictures.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tablekeeper.rules import SettleResult, get_variant, settle, variant_ids
from tablekeeper.rules.variants import folder_of

FILE = "pattern_tiles.json"


def pattern_tiles(variant: str) -> dict[str, Any] | None:
    """The variant folder's pictures file, or None where the folder has none."""
    path = folder_of(variant) / FILE
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


PICTURED = [variant for variant in variant_ids() if pattern_tiles(variant) is not None]
PICTURES = [(variant, pattern) for variant in PICTURED for pattern in (pattern_tiles(variant) or {})["pictures"]]


def items_named(value: Any) -> Iterator[str]:
    """Every item id a settled hand's lines name (factors, points, the tiles' proofs …)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "item":
                yield str(inner)
            yield from items_named(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from items_named(inner)


def proven_by_tiles(answer: SettleResult, seat: int) -> list[str]:
    return [
        str(entry["item"])
        for line in answer["lines"]
        if line.get("code") == "tiles_prove" and line["params"].get("seat") == seat
        for entry in line["params"].get("items") or []
    ]


@pytest.mark.parametrize(("variant", "pattern"), PICTURES, ids=[f"{v}:{p}" for v, p in PICTURES])
def test_every_picture_is_a_hand_the_engine_accepts_and_scores_for_its_pattern(variant: str, pattern: str) -> None:
    picture = (pattern_tiles(variant) or {})["pictures"][pattern]
    hand = picture["hand"]
    pictured_wins = [win for win in hand["wins"] if isinstance(win.get("tiles"), str)]
    assert len(pictured_wins) == 1, "a picture is one win's tiles"
    win = pictured_wins[0]

    answer = settle(variant, hand, picture.get("state"), picture.get("options"))

    assert answer["ok"], answer["errors"]
    assert pattern in win.get("patterns", []) or pattern in proven_by_tiles(answer, win["seat"])
    # Scored, not only accepted: a line of the answer names the pattern.
    assert pattern in set(items_named([line.get("params") for line in answer["lines"]]))


@pytest.mark.parametrize("variant", PICTURED)
def test_every_pattern_of_the_variant_is_pictured_or_named_shapeless(variant: str) -> None:
    data = pattern_tiles(variant) or {}
    patterns = {pattern["id"] for pattern in get_variant(variant)["patterns"]}
    pictured, shapeless = set(data["pictures"]), set(data["shapeless"])

    assert sorted(patterns - pictured - shapeless) == [], "classify each new pattern in " + FILE
    assert sorted(pictured & shapeless) == []
    assert sorted((pictured | shapeless) - patterns) == [], "an entry names no pattern of the variant"
    assert all(isinstance(why, str) and why for why in data["shapeless"].values()), "say why it has no shape"


@pytest.mark.parametrize("variant", PICTURED)
def test_a_pattern_the_engine_reads_from_the_tiles_is_never_called_shapeless(variant: str) -> None:
    shapeless = set((pattern_tiles(variant) or {})["shapeless"])
    from_tiles = {pattern["id"] for pattern in get_variant(variant)["patterns"] if pattern.get("from_tiles")}

    assert sorted(shapeless & from_tiles) == []


@pytest.mark.parametrize("variant", variant_ids())
def test_a_pictures_file_is_optional_but_the_five_rule_books_have_one(variant: str) -> None:
    # A sixth variant may come without pictures (the reference then draws none); the rule books' five may not.
    if variant in ("dalian", "shenyang", "harbin", "shandong", "zhengzhou"):
        assert variant in PICTURED
