"""A tile wild in every hand (`Wilds.face`) and the counts a keeper enters in a won hand (the record's `counts`),
as the engine refuses what no table allows. The variant with both is the 红中麻将 fixture, registered from a
temporary copy of its folder; the rule book's five declare no count."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.rules import get_variant, settle
from tablekeeper.rules.variants import search_path
from tests.fixtures.variant_folder import copy_variant_folder

VARIANT = "hongzhong"


@pytest.fixture(autouse=True)
def registered(tmp_path: Path) -> Iterator[None]:
    with search_path(copy_variant_folder(VARIANT, tmp_path)):
        yield


def refusals(
    hand: dict[str, Any], options: dict[str, Any] | None = None, variant: str = VARIANT
) -> list[tuple[str, str]]:
    answer = settle(variant, hand, None, options)
    assert not answer["ok"] and answer["deltas"] == [0, 0, 0, 0]
    return [(error["code"], str(error["field"])) for error in answer["errors"]]


def self_draw(tiles: str | None = None, **counts: int) -> dict[str, Any]:
    win: dict[str, Any] = {"seat": 1, "method": "self_draw", "patterns": []}
    if tiles:
        win["tiles"] = tiles
    hand: dict[str, Any] = {"result": "win", "wins": [win]}
    if counts:
        hand["counts"] = counts
    return hand


def test_the_fixed_wild_is_described_with_its_face() -> None:
    wilds = get_variant(VARIANT)["wilds"]
    assert wilds is not None and wilds["face"] == "7z"
    assert all((get_variant(v)["wilds"] or {"face": None})["face"] is None for v in ("dalian", "zhengzhou"))


@pytest.mark.parametrize(
    ("case", "hand", "options", "expected"),
    [
        ("in a claimed pung", self_draw("[777z]123m456p789s5s+5s"), None, ("win_requirement", "wins.0.tiles")),
        ("in a concealed kong", self_draw("(7777z)123m456p789s5s+5s"), None, ("win_requirement", "wins.0.tiles")),
        (
            "won on its discard",
            {"result": "win", "wins": [{"seat": 1, "method": "discard", "from": 0, "tiles": "1239m456p789s5s77z+7z"}]},
            {"allow_discard_win": True},
            ("win_requirement", "wins.0.tiles"),
        ),
        (
            "in a listed kong",
            {"result": "draw", "kongs": [{"seat": 2, "kind": "concealed", "tile": "7z"}]},
            None,
            ("invalid_value", "kongs.0.tile"),
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_the_fixed_wild_stands_in_only_among_the_concealed_tiles(
    case: str, hand: dict[str, Any], options: dict[str, Any] | None, expected: tuple[str, str]
) -> None:
    assert expected in refusals(hand, options), case


def test_the_fixed_wild_completes_any_set_or_pair_in_the_hand() -> None:
    # 红中 红中 stand for the third 5s and the pair; then seven pairs with 红中 as the seventh pair's partner.
    assert settle(VARIANT, self_draw("123m456p789s5s77z9m+9m"))["deltas"] == [-2, 6, -2, -2]
    assert settle(VARIANT, self_draw("1133m455p22779s7z+9s"))["deltas"] == [-4, 12, -4, -4]
    assert ("tiles_not_a_win", "wins.0.tiles") in refusals(self_draw("1357m2468p1357s7z+9s"))


@pytest.mark.parametrize(
    ("counts", "options", "expected"),
    [
        ({"bird_hits": 5}, None, ("count_above_maximum", "counts.bird_hits")),
        ({"bird_hits": 3}, {"birds": 2}, ("count_above_maximum", "counts.bird_hits")),
        ({"bird_hits": -1}, None, ("invalid_value", "counts.bird_hits")),
        ({"bird_hits": True}, None, ("invalid_value", "counts.bird_hits")),
        ({"bird_hits": "2"}, None, ("invalid_value", "counts.bird_hits")),
        ({"bird_hits": None}, None, ("invalid_type", "counts.bird_hits")),
        ({"birds_hit": 1}, None, ("fact_not_in_variant", "counts.birds_hit")),
        ([2], None, ("invalid_type", "counts")),
    ],
    ids=str,
)
def test_a_count_out_of_its_bounds_is_refused_naming_it(
    counts: Any, options: dict[str, Any] | None, expected: tuple[str, str]
) -> None:
    hand = {**self_draw(), "counts": counts}
    assert refusals(hand, options) == [expected]


def test_a_count_up_to_the_house_rule_is_paid_and_one_in_a_hand_nobody_won_is_refused() -> None:
    assert settle(VARIANT, self_draw(bird_hits=6), None, {"birds": 6})["deltas"] == [-8, 24, -8, -8]
    assert settle(VARIANT, self_draw(bird_hits=0))["deltas"] == [-2, 6, -2, -2]
    assert refusals({"result": "draw", "counts": {"bird_hits": 1}}) == [("invalid_value", "counts.bird_hits")]
    assert settle(VARIANT, {"result": "void", "counts": {"bird_hits": 0}})["ok"]


def test_a_variant_without_counts_refuses_any() -> None:
    hand = {"result": "win", "wins": [{"seat": 1, "method": "self_draw", "patterns": []}], "counts": {"bird_hits": 1}}
    assert refusals(hand, variant="zhengzhou") == [("fact_not_in_variant", "counts.bird_hits")]
    assert get_variant("zhengzhou")["counts"] == []
