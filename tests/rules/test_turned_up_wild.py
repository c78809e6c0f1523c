"""A per-hand wild read from the tile turned up (`Wilds.succession`, the record's `turned_up`): the engine turns
the tile into the wild's face in the variant's own order, a record keeps both, and what cannot be is refused.
Table-driven, no database."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import get_variant, settle, table_rules, variant_ids, wild_after
from tablekeeper.rules.catalogue_items import Succession, cycle_faces
from tablekeeper.rules.options import Options
from tablekeeper.rules.tiles import ALL_TILES, tile_face, tile_index
from tablekeeper.rules.variants import REGISTRY
from tablekeeper.rules.variants.common.treasure import next_treasure
from tablekeeper.rules.variants.zhengzhou.tiles import wild_from_indicator

from .helpers import self_draw, won

FACES = [tile_face(tile) for tile in sorted(ALL_TILES)]
HARBIN_TILES = [tile_face(tile) for tile in sorted(REGISTRY["harbin"].tile_set)]


def succession_tables() -> list[tuple[str, dict[str, Any]]]:
    """Each variant whose wild follows a turned-up tile, under each value of the house rule that picks the order."""
    tables = []
    for variant in variant_ids():
        wilds = get_variant(variant)["wilds"]
        if wilds is None or not wilds["turned_up"]:
            continue
        option = wilds["succession_option"]
        values = next((o["allowed"] for o in get_variant(variant)["options"] if o["key"] == option), [None])
        tables += [(variant, {} if option is None else {option: value}) for value in values]
    return tables


TABLES = succession_tables()


@pytest.mark.parametrize(("variant", "options"), TABLES, ids=[f"{v}-{o}" for v, o in TABLES])
def test_every_tile_a_variant_plays_is_turned_up_into_exactly_one_wild_and_back(
    variant: str, options: dict[str, Any]
) -> None:
    cycles = table_rules(variant, options)["wild_succession"]
    assert cycles is not None
    played = [tile_face(tile) for tile in sorted(REGISTRY[variant].tile_set)]
    wilds = [wild_after(variant, face, options) for face in played]
    # One-to-one on the tiles played: every tile is some turned-up tile's wild, and none outside them is.
    assert sorted(wild for wild in wilds if wild is not None) == sorted(played)
    wilds_dict = REGISTRY[variant].wilds
    assert wilds_dict is not None and wilds_dict.succession is not None
    resolved = Options(table_rules(variant, options)["options"])
    for face, wild in zip(played, wilds, strict=True):
        assert wild is not None and wilds_dict.succession.before(wild, resolved) == face


@pytest.mark.parametrize(
    ("honor_cycle", "face"),
    [(cycle, face) for cycle in ("single7", "winds4_dragons3") for face in FACES],
)
def test_zhengzhous_declared_order_is_the_one_its_tiles_module_reads_the_wild_by(honor_cycle: str, face: str) -> None:
    assert wild_after("zhengzhou", face, {"honor_cycle": honor_cycle}) == wild_from_indicator(face, honor_cycle)


@pytest.mark.parametrize(("variant", "faces"), [("dalian", FACES), ("harbin", HARBIN_TILES)])
def test_a_treasures_declared_order_is_the_one_its_treasure_module_follows(variant: str, faces: list[str]) -> None:
    tile_set = REGISTRY[variant].tile_set
    for face in faces:
        assert wild_after(variant, face, None) == tile_face(next_treasure(tile_index(face), tile_set)), face
        assert wild_after(variant, face, {"treasure_mode": "indicator"}) == face
        if variant == "dalian":  # 'both': the record's treasure is the one after, the indicator wild beside it
            assert wild_after(variant, face, {"treasure_mode": "both"}) == wild_after(variant, face, None)


@pytest.mark.parametrize(
    ("variant", "hand", "options"),
    [
        ("zhengzhou", won(self_draw(1, tiles="123m456p789s123s5z+5z")), {}),
        ("zhengzhou", won(self_draw(1, tiles="123m456p789s123s5z+5z")), {"honor_cycle": "winds4_dragons3"}),
        ("dalian", won(self_draw(2, "finding_treasure"), seats=[{}, {}, {"ready": "ready"}, {}]), {}),
        ("harbin", won(self_draw(3, "finding_treasure")), {"treasure_mode": "indicator"}),
    ],
)
def test_a_hand_naming_the_tile_turned_up_settles_as_the_hand_naming_its_wild(
    variant: str, hand: dict[str, Any], options: dict[str, Any]
) -> None:
    for turned_up in ("3s", "9p", "4z", "7z"):
        wild = wild_after(variant, turned_up, options)
        if wild is None:
            continue
        by_tile = settle(variant, {**hand, "turned_up": turned_up}, None, options)
        by_wild = settle(variant, {**hand, "treasure": wild}, None, options)
        both = settle(variant, {**hand, "turned_up": turned_up, "treasure": wild}, None, options)
        assert by_wild["ok"] and by_tile == by_wild == both, (turned_up, wild)


@pytest.mark.parametrize(
    ("variant", "facts", "code", "field"),
    [
        # The record keeps both, and they must agree.
        ("zhengzhou", {"turned_up": "9p", "treasure": "9p"}, "contradictory_facts", "turned_up"),
        ("dalian", {"turned_up": "5z", "treasure": "5z"}, "contradictory_facts", "turned_up"),
        # A variant whose wild is fixed, or that has none, turns up no tile.
        ("shandong", {"turned_up": "3s"}, "fact_not_in_variant", "turned_up"),
        ("shenyang", {"turned_up": "3s"}, "fact_not_in_variant", "turned_up"),
        # A tile the table does not play, or no tile at all.
        ("harbin", {"turned_up": "1z"}, "invalid_value", "turned_up"),
        ("zhengzhou", {"turned_up": "0m"}, "invalid_value", "turned_up"),
        ("zhengzhou", {"turned_up": 7}, "invalid_value", "turned_up"),
    ],
)
def test_a_turned_up_tile_that_cannot_be_is_refused_and_moves_nothing(
    variant: str, facts: dict[str, Any], code: str, field: str
) -> None:
    seats = [{}, {"ready": "ready"}, {}, {}] if variant in ("dalian", "harbin") else None
    hand = won(self_draw(1), **facts, **({"seats": seats} if seats else {}))

    answer = settle(variant, hand)

    assert not answer["ok"] and answer["deltas"] == [0, 0, 0, 0]
    assert [(error["code"], error["field"]) for error in answer["errors"]] == [(code, field)]


def test_a_contradiction_of_tile_and_wild_names_both_facts_in_words() -> None:
    (error,) = settle("zhengzhou", won(self_draw(1), turned_up="4z", treasure="1z"))["errors"]

    assert error["contradiction"] == "wild_not_after_turned_up"
    assert error["facts"] == ["turned_up", "treasure"]
    assert "4z was turned up" in error["message"] and "7z" in error["message"] and "1z" in error["message"]


@pytest.mark.parametrize(
    ("cycles", "turned_up", "wild"),
    [
        (("765z",), "7z", "6z"),
        (("765z",), "5z", "7z"),
        (("1234z",), "4z", "1z"),
        (("123456789m",), "9m", "1m"),
        (("5z",), "5z", "5z"),  # a cycle of one: the tile turned up is the wild
        (("765z",), "1z", None),  # a face in no cycle
    ],
)
def test_a_succession_reads_each_cycle_in_its_written_order(cycles: tuple[str, ...], turned_up: str, wild: str) -> None:
    assert Succession(cycles).after(turned_up, Options({})) == wild


@pytest.mark.parametrize("declared", [("765z", "5z"), ("11m",)])
def test_a_succession_with_a_face_in_two_places_is_refused_when_declared(declared: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="two places"):
        Succession(declared)


def test_a_cycle_is_written_with_its_digits_in_their_order() -> None:
    assert cycle_faces("76z") == ["7z", "6z"]


@pytest.mark.parametrize("cycle", ["z", "7x", "a5z", "7"])
def test_a_cycle_that_is_not_digits_and_one_suit_letter_is_refused(cycle: str) -> None:
    with pytest.raises(ValueError, match="no cycle of faces"):
        cycle_faces(cycle)
