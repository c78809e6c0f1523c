"""Harbin tiles (RULES.md §3.4-§3.6, §0.3): the win requirements, the clamp and the treasure, from the tiles.

P1 wins; P0 deals. Every figure is worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from .harbin_helpers import CLAMP_HAND, TWO_SIDED, closed, harbin, harbin_problems, ready, tiles_win

TILE_WINS = [
    ("clamp_derived_on_a_self_draw", tiles_win(f"{CLAMP_HAND} +8s"), {}, [-4, 12, -4, -4]),
    ("two_sided_wait_is_no_clamp", tiles_win(f"{TWO_SIDED} +9s"), {}, [-2, 6, -2, -2]),
    # 12s waits on 3s alone, but at the edge: no clamp.
    ("edge_wait_is_no_clamp", tiles_win("[123m][222p] 345s 12s 99m +3s"), {}, [-2, 6, -2, -2]),
    # 3335s waits on 4s (middle) and 5s (333s + 55s): two waits, no clamp.
    ("middle_tile_with_a_second_wait", tiles_win("[123m][222p] 3335s 789m +4s"), {}, [-2, 6, -2, -2]),
    (
        "clamp_on_a_discard_from_a_ready_player",
        tiles_win(f"{CLAMP_HAND} +8s", "discard", 2, seats=ready(2)),
        {},
        [0, 2, -2, 0],
    ),
    # The drawn treasure 4p stands for 8s, the single middle wait: 摸宝 3 × clamp 2 = 6.
    ("finding_the_treasure_for_a_clamp", tiles_win(f"{CLAMP_HAND} +4p", treasure="4p"), {}, [-6, 18, -6, -6]),
    ("finding_the_treasure_on_a_two_sided_wait", tiles_win(f"{TWO_SIDED} +4p", treasure="4p"), {}, [-3, 9, -3, -3]),
    # The treasure 9s is also a natural wait: 摸宝 (3) pays more than a self-draw (2).
    ("treasure_that_is_also_a_wait", tiles_win(f"{TWO_SIDED} +9s", treasure="9s"), {}, [-3, 9, -3, -3]),
    # The treasure 8s is the single wait: 宝中宝 12; the clamp does not double it.
    ("treasure_in_treasure_from_the_tiles", tiles_win(f"{CLAMP_HAND} +8s", treasure="8s"), {}, [-12, 36, -12, -12]),
    (
        "treasure_in_treasure_with_clamp_option",
        tiles_win(f"{CLAMP_HAND} +8s", treasure="8s"),
        {"clamp_on_bao_zhong_bao": True},
        [-24, 72, -24, -24],
    ),
    # Ticked 摸宝 without the treasure's face: the drawn tile is wild whatever it shows.
    (
        "ticked_finding_treasure_without_a_face",
        tiles_win(f"{TWO_SIDED} +4p", "self_draw", None, "finding_treasure"),
        {},
        [-3, 9, -3, -3],
    ),
    # Ticked 摸宝, but the drawn tile is the single wait itself: the tiles prove 宝中宝.
    (
        "finding_treasure_upgraded",
        tiles_win(f"{CLAMP_HAND} +8s", "self_draw", None, "finding_treasure"),
        {},
        [-12, 36, -12, -12],
    ),
    # A discarded treasure counts at face value unless treasure_wild_on_discard; then 4p stands for 8s:
    # discarder not ready 3 × clamp 2 = 6.
    (
        "discarded_treasure_as_a_wild",
        tiles_win(f"{CLAMP_HAND} +4p", "discard", 2, treasure="4p"),
        {"treasure_wild_on_discard": True},
        [0, 6, -6, 0],
    ),
    # A Red Dragon counts as the terminal; the kong comes from the tiles.
    ("red_dragon_as_terminal", tiles_win("[2222p][234m] 345s 68s 77z +7s"), {}, [-4, 12, -4, -4]),
]


@pytest.mark.parametrize(("hand", "options", "deltas"), [c[1:] for c in TILE_WINS], ids=[c[0] for c in TILE_WINS])
def test_tiles_settle_the_clamp_and_the_treasure(
    hand: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert harbin(hand, {"dealer": 0}, **options)["deltas"] == deltas


def test_derived_patterns_are_said_in_the_ledger() -> None:
    lines = [line["text"] for line in harbin(tiles_win(f"{CLAMP_HAND} +4p", treasure="4p"))["lines"]]

    assert "The tiles show a clamp (卡当) for P1." in lines
    assert "The tiles show finding the treasure (摸宝) for P1." in lines


TILE_FAILURES = [
    (
        "three_failures_at_once",
        "[222p] 333p 444p 55p 66p +6p",
        [
            "needs at least one chow",
            "needs tiles of at least 2 suits (only dots)",
            "needs a terminal (1 or 9) or a Red Dragon",
        ],
    ),
    ("closed_hand", "123m 222p 345s 79s 11m +8s", ["needs an open hand: a chow, pung or kong claimed from a discard"]),
    (
        "four_melds",
        "[123m][222p][345s][111m] 9s +9s",
        ["may set aside at most three sets: four tiles must stay in hand (no 手把一)"],
    ),
]


@pytest.mark.parametrize(("tiles", "messages"), [c[1:] for c in TILE_FAILURES], ids=[c[0] for c in TILE_FAILURES])
def test_each_failing_win_requirement_is_named(tiles: str, messages: list[str]) -> None:
    assert harbin_problems(tiles_win(tiles)) == [("win_requirement", "wins.0.tiles", message) for message in messages]


def test_a_hand_without_a_pung_fails_that_requirement() -> None:
    assert harbin_problems(tiles_win("[123m] 456p 345s 789s 1m +1m")) == [
        ("win_requirement", "wins.0.tiles", "needs at least one pung or kong")
    ]


TILE_REJECTIONS = [
    ("bad_notation", tiles_win("[12m] 456p +1p"), ("tiles_notation", "wins.0.tiles")),
    ("honours_not_in_harbin", tiles_win("[123m][555z] 456p 789s 1p +1p"), ("tiles_not_in_set", "wins.0.tiles")),
    ("seven_pairs", tiles_win("11m 22m 99p 55p 11s 33s 7z +7z"), ("tiles_not_a_win", "wins.0.tiles")),
    (
        "discarded_treasure_is_face_value",
        tiles_win(f"{CLAMP_HAND} +4p", "discard", 2, treasure="4p"),
        ("tiles_not_a_win", "wins.0.tiles"),
    ),
    (
        "clamp_on_a_two_sided_wait",
        tiles_win(f"{TWO_SIDED} +9s", "self_draw", None, "clamp"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "treasure_in_treasure_on_a_two_sided_wait",
        tiles_win(f"{TWO_SIDED} +9s", "self_draw", None, "treasure_in_treasure", treasure="9s"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "treasure_pattern_on_another_tile",
        tiles_win(f"{CLAMP_HAND} +8s", "self_draw", None, "finding_treasure", treasure="4p"),
        ("pattern_contradicts_tiles", "wins.0.patterns.0"),
    ),
    (
        "finding_treasure_that_cannot_win",
        tiles_win("[123m] 456p 345s 789s 1m +1m", "self_draw", None, "finding_treasure"),
        ("win_requirement", "wins.0.tiles"),
    ),
    (
        "kongs_disagree",
        tiles_win("[2222p][234m] 345s 68s 77z +7s", kongs=[{"seat": 1, "kind": "concealed", "tile": "2p"}]),
        ("contradictory_facts", "kongs"),
    ),
    (
        "closed_winner_with_melds",
        tiles_win(f"{CLAMP_HAND} +8s", seats=closed(1)),
        ("contradictory_facts", "seats.1.opened"),
    ),
    (
        "robbed_tile_in_hand",
        tiles_win("[123m][222p] 345s 78s 99m +9m", "rob_kong", 2),
        ("contradictory_facts", "wins.0.tiles"),
    ),
]


@pytest.mark.parametrize(("hand", "error"), [c[1:] for c in TILE_REJECTIONS], ids=[c[0] for c in TILE_REJECTIONS])
def test_tiles_that_break_the_rules_or_the_record_are_rejected(hand: dict[str, Any], error: tuple[str, str]) -> None:
    assert error in [(code, field) for code, field, _ in harbin_problems(hand)]
