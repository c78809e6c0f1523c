"""Zhengzhou (郑州麻将) winning tiles: the wild (混), seven different pairs, four wilds (RULES.md §5.3-5.5)."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules.variants.zhengzhou.tiles import wild_from_indicator

from .helpers import errors_of, ok
from .zhengzhou_helpers import ron, tiles_win, zz

# -- the wild tile -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "cycle", "wild"),
    [
        ("3m", "single7", "4m"),
        ("9p", "single7", "1p"),
        ("9s", "single7", "1s"),
        ("1z", "single7", "2z"),
        ("4z", "single7", "7z"),  # North → Red
        ("7z", "single7", "6z"),  # Red → Green
        ("6z", "single7", "5z"),  # Green → White
        ("5z", "single7", "1z"),  # White → East
        ("4z", "winds4_dragons3", "1z"),
        ("6z", "winds4_dragons3", "7z"),  # Green → Red
        ("7z", "winds4_dragons3", "5z"),  # Red → White
        ("5z", "winds4_dragons3", "6z"),  # White → Green
    ],
)
def test_the_wild_is_the_tile_after_the_indicator(indicator: str, cycle: str, wild: str) -> None:
    assert wild_from_indicator(indicator, cycle) == wild


TILE_WINS = [
    ("a plain standard hand: 10 each", tiles_win("123m456m789m123p4p+4p"), {}, 10),
    ("a wild completes a chow: 10 each", tiles_win("123m456m789m12p 44s+5p", treasure="5p"), {}, 10),
    ("a wild completes the pair", tiles_win("123m456m789m123p 5p+4s", treasure="5p"), {}, 10),
    ("wilds at their own face may be a pung", tiles_win("555p 123m456m789m 4s+4s", treasure="5p"), {}, 10),
    ("seven distinct pairs prove seven pairs: 10 × 2", tiles_win("1122m3344p5566s7z+7z"), {}, 20),
    (
        "four wilds win whatever the rest: 10 × 2",
        tiles_win("5p5p5p 1m 3m 9m 1s 4s 7s 2z 3z 4z 6z+5p", treasure="5p"),
        {},
        20,
    ),
    (
        "a wild pairs a single in seven pairs when the house allows it",
        tiles_win("22m 5p 44s 66s 88s 11z 3z 7z+7z", treasure="5p"),
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        20,
    ),
    ("a claimed chow when the house allows chows", tiles_win("[123m]456m789m123p4p+4p"), {"allow_chow": True}, 10),
    (
        "win after kong with the kong in the tiles and the record: 10 × 2 + kong 10",
        tiles_win("(1111m)456m789m123p4p+4p", "kong_bloom", kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}]),
        {},
        30,
    ),
    (
        "an exposed kong in the tiles matches the record's",
        tiles_win("[7777s]456m789m123p4p+4p", kongs=[{"seat": 1, "kind": "exposed", "from": 0, "tile": "7s"}]),
        {},
        None,
    ),
]


@pytest.mark.parametrize(("hand", "options", "each"), [t[1:] for t in TILE_WINS], ids=[t[0] for t in TILE_WINS])
def test_winning_tiles_are_checked_and_prove_their_items(
    hand: dict[str, Any], options: dict[str, Any], each: int | None
) -> None:
    result = ok(zz(hand, **options))
    if each is not None:
        assert result["deltas"] == [-each, 3 * each, -each, -each]
    else:
        # 10 from each for the win, and P0 pays 10 more for the exposed kong it fed.
        assert result["deltas"] == [-20, 40, -10, -10]


TILE_REJECTS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("not a winning hand", tiles_win("123m456m789m123p4p+5p"), {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "a wild cannot make up a pung",
        tiles_win("11m 5p 234s 567s 789s 1z+1z", treasure="5p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("a four of a kind is not two pairs", tiles_win("1111m3344p5566s7z+7z"), {}, ("tiles_not_a_win", "wins.0.tiles")),
    (
        "a wild does not fill seven pairs by default",
        tiles_win("22m 5p 44s 66s 88s 11z 3z 7z+7z", treasure="5p"),
        {},
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    ("a claimed chow", tiles_win("[123m]456m789m123p4p+4p"), {}, ("win_requirement", "wins.0.tiles")),
    (
        "a claimed pung of the wild",
        tiles_win("[5p5p5p]456m789m123p4p+4p", treasure="5p"),
        {},
        ("win_requirement", "wins.0.tiles"),
    ),
    ("a dragon set", tiles_win("[567z]456m789m123p4p+4p"), {}, ("win_requirement", "wins.0.tiles")),
    ("bad notation", tiles_win("123m456m789m123p4p4p"), {}, ("tiles_notation", "wins.0.tiles")),
    (
        "four wilds ticked without them",
        tiles_win("1122m3344p5566s7z+7z", "four_wilds"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "seven pairs ticked on a standard hand",
        tiles_win("123m456m789m123p4p+4p", "seven_pairs"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "win after kong without a kong",
        tiles_win("123m456m789m123p4p+4p", "kong_bloom"),
        {},
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "a kong in the tiles the record does not list",
        tiles_win("(1111m)456m789m123p4p+4p"),
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a listed kong of another tile",
        tiles_win("(1111m)456m789m123p4p+4p", kongs=[{"seat": 1, "kind": "concealed", "tile": "2m"}]),
        {},
        ("contradictory_facts", "wins.0.tiles"),
    ),
    (
        "a closed player with a claimed pung",
        tiles_win("[111m]456m789m123p4p+4p", seats=[{}, {"opened": False}, {}, {}]),
        {},
        ("contradictory_facts", "seats.1.opened"),
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "problem"), [t[1:] for t in TILE_REJECTS], ids=[t[0] for t in TILE_REJECTS]
)
def test_tiles_that_break_a_zhengzhou_rule_are_rejected_by_name(
    hand: dict[str, Any], options: dict[str, Any], problem: tuple[str, str]
) -> None:
    assert problem in errors_of(zz(hand, **options))


def test_a_tile_error_says_what_is_wrong_in_words() -> None:
    result = zz(tiles_win("[123m]456m789m123p4p+4p"))
    assert "chow" in result["errors"][0]["message"]


# -- wilds proving their doublings, and discard wins and claimed chows under the house rules (§5.3-§5.5) ---


WILD_TILE_WINS: list[tuple[str, dict[str, Any], dict[str, Any], int]] = [
    # Two 5p wilds and 8s make a run (6s 7s 8s or 7s 8s 9s); 77s is the pair: a plain 10.
    ("two wilds in one run", tiles_win("123m 456m 789m 5p5p 7s8s+7s", treasure="5p"), {}, 10),
    # A pair of the wild face at its own face is one of seven different pairs: 10 × 2.
    ("a wild pair at face value in seven pairs", tiles_win("5p5p 11m 33m 77m 99s 22z 3z+3z", treasure="5p"), {}, 20),
    # Four wilds on a concealed kong's replacement: 10 × 2 × 2 = 40, and the kong 10, from each.
    (
        "four wilds drawn after a kong",
        tiles_win(
            "(1111m) 5p5p5p 2m 4m 6s 8s 3z 7z 9p+5p",
            "kong_bloom",
            treasure="5p",
            kongs=[{"seat": 1, "kind": "concealed", "tile": "1m"}],
        ),
        {},
        50,
    ),
    # Four wilds: two complete 9s and 2z, two pair each other: seven different pairs too, 10 × 4.
    (
        "four wilds that also complete seven pairs when wilds may complete pairs",
        tiles_win("5p5p5p 11m 33m 77m 99p 9s 2z+5p", treasure="5p"),
        {"seven_pairs_wild_mode": "wilds_complete_pairs"},
        40,
    ),
    # By default the four 5p are four of a kind, never two pairs: four wilds only, 10 × 2.
    (
        "the same tiles are four wilds only by default",
        tiles_win("5p5p5p 11m 33m 77m 99p 9s 2z+5p", treasure="5p"),
        {},
        20,
    ),
    # An honour wild (Red, after North) completes the run 7s 8s 9s: a plain 10.
    ("an honour wild in a run", tiles_win("123m 456m 789p 78s 7z 1z+1z", treasure="7z"), {}, 10),
]


@pytest.mark.parametrize(
    ("hand", "options", "each"), [c[1:] for c in WILD_TILE_WINS], ids=[c[0] for c in WILD_TILE_WINS]
)
def test_winning_tiles_with_wilds_prove_their_doublings(
    hand: dict[str, Any], options: dict[str, Any], each: int
) -> None:
    assert ok(zz(hand, **options))["deltas"] == [-each, 3 * each, -each, -each]


def test_a_discard_win_on_the_wild_face_is_refused() -> None:
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "123m 456m 789m 123p 4p+5p"
    hand["treasure"] = "5p"
    assert ("win_requirement", "wins.0.tiles") in errors_of(zz(hand, allow_discard_win=True))


def test_a_discard_win_on_another_tile_with_a_wild_in_hand_is_paid_by_the_discarder() -> None:
    # The 5p wild stands in for 4p's pair partner; P2 pays 10.
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "123m 456m 789m 123p 5p+4p"
    hand["treasure"] = "5p"
    assert ok(zz(hand, allow_discard_win=True))["deltas"] == [0, 10, -10, 0]


def test_a_claimed_chow_and_a_discard_win_under_both_house_rules() -> None:
    # 123m claimed, 456m 789m, 12p + P2's 3p, and 7s with the 5p wild as its pair: 10 from P2 alone.
    hand = ron(1, 2)
    hand["wins"][0]["tiles"] = "[123m] 456m 789m 12p 7s 5p+3p"
    hand["treasure"] = "5p"
    assert ok(zz(hand, allow_chow=True, allow_discard_win=True))["deltas"] == [0, 10, -10, 0]
    assert ("win_requirement", "wins.0.tiles") in errors_of(zz(hand, allow_discard_win=True))
