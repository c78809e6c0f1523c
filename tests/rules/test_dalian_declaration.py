"""Dalian Qionghu (大连穷胡): the treasure helpers, what get_variant declares, and invariants over random records."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import get_variant
from tablekeeper.rules.tiles import ALL_TILES, HARBIN_TILES, tile_index
from tablekeeper.rules.variants.common.treasure import (
    indicator_of,
    next_treasure,
    treasure_faces,
    treasure_is_wild,
    wild_faces,
)
from tests.hypothesis_profiles import examples

from .dalian_helpers import dl
from .helpers import ok, self_draw, won

# -- the shared treasure helpers -------------------------------------------------------------------


def faces_of(*faces: str) -> frozenset[int]:
    return frozenset(tile_index(face) for face in faces)


TREASURES = [
    ("3s", "successor", ALL_TILES, faces_of("4s")),
    ("3s", "indicator", ALL_TILES, faces_of("3s")),
    ("3s", "both", ALL_TILES, faces_of("3s", "4s")),
    ("9p", "successor", ALL_TILES, faces_of("1p")),
    ("4z", "successor", ALL_TILES, faces_of("1z")),
    ("6z", "successor", ALL_TILES, faces_of("7z")),  # Green → Red
    ("7z", "successor", ALL_TILES, faces_of("5z")),  # Red → White
    ("5z", "successor", ALL_TILES, faces_of("6z")),  # White → Green
    ("7z", "successor", HARBIN_TILES, faces_of("7z")),  # Harbin's only honour follows itself
    ("9m", "both", HARBIN_TILES, faces_of("9m", "1m")),
]


@pytest.mark.parametrize(("indicator", "mode", "tile_set", "faces"), TREASURES)
def test_the_treasure_follows_its_indicator(
    indicator: str, mode: Any, tile_set: frozenset[int], faces: frozenset[int]
) -> None:
    assert treasure_faces(tile_index(indicator), mode, tile_set) == faces


@pytest.mark.parametrize(
    ("treasure", "tile_set", "indicator"),
    [("1p", ALL_TILES, "9p"), ("5z", ALL_TILES, "7z"), ("7z", HARBIN_TILES, "7z")],
)
def test_the_indicator_is_found_from_the_treasure(treasure: str, tile_set: frozenset[int], indicator: str) -> None:
    assert indicator_of(tile_index(treasure), tile_set) == tile_index(indicator)


def test_it_refuses_an_indicator_outside_the_tile_set() -> None:
    with pytest.raises(ValueError, match="not a tile of this set"):
        next_treasure(tile_index("1z"), HARBIN_TILES)


def test_a_recorded_treasure_face_is_wild_with_its_indicator_in_both_mode() -> None:
    assert wild_faces(tile_index("4s"), "both") == faces_of("3s", "4s")
    assert wild_faces(tile_index("4s"), "successor") == faces_of("4s")


@pytest.mark.parametrize(
    ("method", "ready", "on_discard", "wild"),
    [
        ("self_draw", True, False, True),
        ("discard", True, False, False),
        ("discard", True, True, True),
        ("self_draw", False, True, False),
    ],
)
def test_the_treasure_is_wild_only_for_a_ready_player_drawing_it(
    method: str, ready: bool, on_discard: bool, wild: bool
) -> None:
    assert treasure_is_wild(method=method, ready=ready, wild_on_discard=on_discard) is wild


# -- the declaration -------------------------------------------------------------------------------


def test_the_catalogue_has_every_pattern_id_of_the_rule_book() -> None:
    described = get_variant("dalian")
    ids = {pattern["id"] for pattern in described["patterns"]}
    rule_book = (
        "edge_wait terminal_wait double_float single_float single_remaining kong_bloom last_tile four_in_hand "
        "flowing_tears treasure_rush finding_treasure hidden_treasure outside_hand mixed_terminals pure_terminals "
        "dragon_bonus"
    )
    assert ids == set(rule_book.split(" "))
    assert described["name"] == {"en": "Dalian Qionghu", "zh": "大连穷胡"}


def test_the_options_have_every_config_key_and_house_rule_with_its_default() -> None:
    options = {option["key"]: option["default"] for option in get_variant("dalian")["options"]}
    assert options == {
        "base": 1,
        "cap": 100,
        "cap_scope": "per_payer",
        "discard_win_multiplier": 4,
        "rob_kong_payer": "kong_declarer",
        "dealer_pays_double": False,
        "closed_payer_factor": 2,
        "draw_dealer": "retain",
        "streak_counts_draws": True,
        "must_declare_ready": False,
        "allow_chow_ready": False,
        "three_suits_mode": "tiles",
        "dragon_pair_counts_as_triplet": False,
        "require_sequence": False,
        "allow_shou_ba_yi": False,
        "treasure_mode": "successor",
        "treasure_wild_on_discard": False,
        "hidden_treasure_per": "hand",
        "edge_wait_mode": "single_wait",
        "edge_includes_edge_and_single": False,
        "last_tile_mode": "last4",
        "xi_gang_mode": "zfb_set",
        "terminal_family_stacks": False,
        # RULES §9.2: every regional house rule defaults to the seed's behaviour.
        "discard_all_pay": False,
        "allow_float_hand": True,
        "chicken_treasure": False,
        "treasure_rush_value": 2,
        "kong_bloom_value": 2,
        "rob_kong_value": 2,
        "float_value": "seed",
        "kong_payments": "none",
        "unscored_items": [],
    }


def test_play_only_options_are_accepted_and_change_no_score() -> None:
    hand = won(self_draw(2, "last_tile"))
    plain = ok(dl(hand))["deltas"]
    assert ok(dl(hand, None, last_tile_mode="final", allow_chow_ready=True))["deltas"] == plain == [-4, -4, 12, -4]


# -- invariants ------------------------------------------------------------------------------------

PATTERN_IDS = [p["id"] for p in get_variant("dalian")["patterns"]]
KONG = st.fixed_dictionaries(
    {"seat": st.integers(0, 3), "kind": st.sampled_from(["concealed", "dragon_set", "wind_set"])},
    optional={"tile": st.sampled_from(["1z", "5z", "7z", "5m"])},
)


@st.composite
def dalian_records(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 5)) == 0:
        return {"result": "draw"}
    seat = draw(st.integers(0, 3))
    method = draw(st.sampled_from(["self_draw", "discard", "rob_kong"]))
    win: dict[str, Any] = {
        "seat": seat,
        "method": method,
        "patterns": draw(st.lists(st.sampled_from(PATTERN_IDS), max_size=4)),
    }
    if method != "self_draw":
        win["from"] = (seat + draw(st.integers(1, 3))) % 4
    seats = [{"opened": draw(st.booleans()), "ready": draw(st.sampled_from(["none", "ready"]))} for _ in range(4)]
    return won(win, seats=seats, kongs=draw(st.lists(KONG, max_size=3)))


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(
    record=dalian_records(),
    dealer=st.integers(0, 3),
    streak=st.integers(0, 6),
    options=st.fixed_dictionaries(
        {},
        optional={
            "cap": st.sampled_from([None, 100, 7]),
            "cap_scope": st.sampled_from(["per_payer", "total"]),
            "dealer_pays_double": st.booleans(),
            "rob_kong_payer": st.sampled_from(["kong_declarer", "all"]),
            "terminal_family_stacks": st.booleans(),
            "allow_shou_ba_yi": st.booleans(),
        },
    ),
)
def test_any_accepted_record_is_zero_sum_in_whole_numbers_and_a_rejected_one_moves_nothing(
    record: dict[str, Any], dealer: int, streak: int, options: dict[str, Any]
) -> None:
    state = {"dealer": dealer, "dealer_streak": streak}
    result = dl(record, state, **options)
    assert all(isinstance(delta, int) for delta in result["deltas"])
    assert sum(result["deltas"]) + result["pot_delta"] == 0
    if result["ok"]:
        cap = options.get("cap", 100)
        if cap is not None and record["result"] == "win":
            assert max(result["deltas"]) <= 3 * cap
    else:
        assert result["deltas"] == [0, 0, 0, 0]
        assert result["state"]["dealer"] == dealer and result["state"]["dealer_streak"] == streak


# -- what the declaration says of exclusions and options (§1.5, §1.9) ------------------------------


def test_the_declared_exclusions_name_each_impossible_pair_both_ways_round() -> None:
    catalogue = {pattern["id"]: set(pattern["excludes"]) for pattern in get_variant("dalian")["patterns"]}

    def exclusive(first: str, second: str) -> bool:
        return second in catalogue[first] or first in catalogue[second]

    for pair in [
        ("edge_wait", "terminal_wait"),
        ("terminal_wait", "double_float"),
        ("four_in_hand", "pure_terminals"),
        ("kong_bloom", "last_tile"),
        ("treasure_rush", "finding_treasure"),
        # The book's edge_wait_mode needs a chow for an edge win (RULES §9.2.1).
        ("edge_wait", "double_float"),
        ("edge_wait", "pure_terminals"),
        # In a plain hand; a 喜杠 or 旋风杠 holding the fourth honour lifts these (RULES §0.8, test_excluded_pairs).
        ("four_in_hand", "double_float"),
        ("four_in_hand", "mixed_terminals"),
    ]:
        assert exclusive(*pair), pair
    assert not exclusive("edge_wait", "outside_hand")
    assert not exclusive("four_in_hand", "outside_hand")


def test_the_robbed_kong_option_tells_the_players_what_each_payer_pays() -> None:
    option = next(o for o in get_variant("dalian")["options"] if o["key"] == "rob_kong_payer")
    assert option["default"] == "kong_declarer"
    assert "discard ×4 and robbing ×2" in option["meaning"]
