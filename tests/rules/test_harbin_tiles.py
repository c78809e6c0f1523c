"""Harbin tiles (RULES.md §3.4-§3.6, §0.3): the win requirements, the clamp and the treasure, from the tiles.

P1 wins; P0 deals. Every figure is worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tablekeeper.rules import settle
from tests.hypothesis_profiles import examples

from .harbin_helpers import CLAMP_HAND, PAIR_WAIT, TWO_SIDED, closed, harbin, harbin_problems, ready, tiles_win
from .helpers import discard, robbed, self_draw, won
from .shenyang_harbin_helpers import Meld, ModelHand, concealed_splits, face, is_terminal_or_honour, model_hands

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


# -- the clamp and the treasure value, settled from the tiles (§3.4, §3.6) -------------------------

STACKS = {"harbin_treasure_stacks_with_self_draw": True}

# (id, win entry, record facts, options, deltas): the tiles decide clamp and treasure.
TILE_HANDS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[int]]] = [
    # A pair wait is a single wait but no clamp: a plain self-draw 2.
    ("pair_wait_is_no_clamp", self_draw(1, tiles=f"{PAIR_WAIT} +5s"), {}, {}, [-2, 6, -2, -2]),
    # Two suits are enough; 2p completes the pair.
    ("two_suits_are_enough", self_draw(1, tiles="[123m][111p] 456m 789m 2p +2p"), {}, {}, [-2, 6, -2, -2]),
    ("clamp_on_a_discarder_not_ready", discard(1, 3, tiles=f"{CLAMP_HAND} +8s"), {}, {}, [0, 6, 0, -6]),
    # An exposed and a concealed kong from the tiles earn nothing; the clamp doubles the self-draw.
    ("kongs_earn_nothing", self_draw(1, tiles="[2222p](9999m) 345s 79s 11m +8s"), {}, {}, [-4, 12, -4, -4]),
    # The treasure 5s is the single wait: 宝中宝 12 (a pair wait has no clamp to argue about).
    (
        "treasure_in_treasure_on_a_pair_wait",
        self_draw(1, tiles=f"{PAIR_WAIT} +5s"),
        {"treasure": "5s"},
        {},
        [-12, 36, -12, -12],
    ),
    # The treasure 3m stands for 5s: 摸宝 3, no clamp.
    (
        "finding_the_treasure_for_a_pair",
        self_draw(1, tiles=f"{PAIR_WAIT} +3m"),
        {"treasure": "3m"},
        {},
        [-3, 9, -3, -3],
    ),
    # A treasure face that is not the drawn tile leaves a plain self-draw.
    ("a_treasure_not_drawn", self_draw(1, tiles=f"{TWO_SIDED} +9s"), {"treasure": "4p"}, {}, [-2, 6, -2, -2]),
    (
        "indicator_mode_with_tiles",
        self_draw(1, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        {"treasure_mode": "indicator"},
        [-6, 18, -6, -6],
    ),
    # A discarded treasure used as a wild (house rule) is still a discard win: 出冲 3 × clamp 2, never stacked.
    (
        "discarded_wild_with_stacks",
        discard(1, 2, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        {"treasure_wild_on_discard": True, **STACKS},
        [0, 6, -6, 0],
    ),
    ("robbing_a_kong_for_a_clamp", robbed(1, 2, tiles=f"{CLAMP_HAND} +8s"), {}, {}, [-4, 12, -4, -4]),
    # 摸宝 3 × self-draw 2 × clamp 2 = 12.
    (
        "stacked_finding_treasure_for_a_clamp",
        self_draw(1, tiles=f"{CLAMP_HAND} +4p"),
        {"treasure": "4p"},
        STACKS,
        [-12, 36, -12, -12],
    ),
    # The 中 pair is the hand's only terminal; 7z alone completes it.
    ("red_dragon_pair_as_the_terminal", self_draw(1, tiles="[222p][234m] 345s 678s 7z +7z"), {}, {}, [-2, 6, -2, -2]),
    # 中 follows 中: the treasure 7z drawn for the single 7z wait is 宝中宝.
    (
        "red_dragon_treasure_in_treasure",
        self_draw(1, tiles="[222p][234m] 345s 678s 7z +7z"),
        {"treasure": "7z"},
        {},
        [-12, 36, -12, -12],
    ),
]


@pytest.mark.parametrize(
    ("entry", "facts", "options", "deltas"), [c[1:] for c in TILE_HANDS], ids=[c[0] for c in TILE_HANDS]
)
def test_tiles_settle_the_clamp_and_the_treasure_value(
    entry: dict[str, Any], facts: dict[str, Any], options: dict[str, Any], deltas: list[int]
) -> None:
    assert harbin(won(entry, **facts), {"dealer": 0}, **options)["deltas"] == deltas


# -- the clamp and the treasure against a brute-force second opinion on generated hands ------------
# P1 self-draws a hand of one claimed meld, three concealed sets and a pair over the 112-tile set
# (suits and 中); each other player pays V = 2, doubled by a clamp. The model applies §3.4 itself.


RED = 33


HARBIN_TILES = [*range(27), RED]


def legal_splits(hand: ModelHand, winning: int) -> list[list[Meld]]:
    """The concealed sets of every split that meets §3.4 (one claimed meld: open, at most three set aside)."""
    total = hand.total_counts(winning)
    if len({tile // 9 for tile in range(27) if total[tile]}) < 2:
        return []
    if not any(total[tile] and is_terminal_or_honour(tile) for tile in range(34)):
        return []
    legal = []
    for _, sets in concealed_splits(hand.concealed_counts(winning)):
        every = [hand.claimed, *sets]
        if any(s.kind == "chow" for s in every) and any(s.kind == "pung" for s in every):
            legal.append(sets)
    return legal


@settings(max_examples=examples(300), deadline=None)
@given(model_hands(HARBIN_TILES))
def test_the_engine_finds_the_clamp_where_the_brute_force_does(hand: ModelHand) -> None:
    result = settle("harbin", won(self_draw(1, tiles=hand.notation())), {"dealer": 0})
    splits = legal_splits(hand, hand.winning)

    if not splits:
        assert not result["ok"]
        assert {e["code"] for e in result["errors"]} <= {"win_requirement", "tiles_not_a_win"}
        return
    counts = hand.total_counts(hand.winning)
    counts[hand.winning] -= 1
    waits = [tile for tile in HARBIN_TILES if counts[tile] < 4 and legal_splits(hand, tile)]
    middle = any(Meld("chow", hand.winning - 1) in sets for sets in splits)
    clamp = 2 if waits == [hand.winning] and middle else 1
    assert result["ok"], result["errors"]
    assert result["deltas"] == [-2 * clamp, 6 * clamp, -2 * clamp, -2 * clamp]


def is_middle(hand: ModelHand, tile: int) -> bool:
    """`tile` can sit in the middle of a concealed chow in a legal split of the hand it completes."""
    return any(Meld("chow", tile - 1) in sets for sets in legal_splits(hand, tile))


@settings(max_examples=examples(300), deadline=None)
@given(model_hands(HARBIN_TILES), st.sampled_from(HARBIN_TILES))
def test_a_self_drawn_treasure_scores_the_best_of_self_draw_finding_the_treasure_and_treasure_within_treasure(
    shape: ModelHand, drawn: int
) -> None:
    hand = ModelHand(shape.claimed, shape.concealed, drawn)
    assume(max(hand.total_counts(drawn)) <= 4)
    record = won(self_draw(1, tiles=hand.notation()), treasure=face(drawn))
    result = settle("harbin", record, {"dealer": 0})
    counts = hand.total_counts(drawn)
    counts[drawn] -= 1
    waits = [tile for tile in HARBIN_TILES if counts[tile] < 4 and legal_splits(hand, tile)]

    if not waits:
        assert not result["ok"]
        return
    # 摸宝 3, doubled when the one wait is a middle tile the wild fills; a natural self-draw 2, doubled
    # for a clamp; 宝中宝 12 when the treasure is the one wait (no clamp by default).
    values = [3 * (2 if len(waits) == 1 and is_middle(hand, waits[0]) else 1)]
    if drawn in waits:
        values.append(2 * (2 if waits == [drawn] and is_middle(hand, drawn) else 1))
    if waits == [drawn]:
        values.append(12)
    assert result["ok"], result["errors"]
    assert result["deltas"][1] == 3 * max(values)
