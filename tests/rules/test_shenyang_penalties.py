"""Shenyang penalties, the pot and several winners (RULES.md §2.5, §2.2): figures worked by hand, P0 dealing."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .helpers import closed, discard, self_draw, won
from .shenyang_helpers import shenyang

PENALTIES = [
    # A manual adjustment is the engine's own business; Shenyang leaves it alone.
    (
        "adjustment",
        {"result": "draw", "penalties": [{"kind": "adjustment", "deltas": [5, -5, 0, 0]}]},
        {},
        [5, -5, 0, 0],
        0,
    ),
    ("false_win_flat_8", {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]}, {}, [8, 8, -24, 8], 0),
    (
        "false_win_penalty_option",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]},
        {"zhahu_penalty": 10},
        [10, 10, -30, 10],
        0,
    ),
    (
        "false_win_dealer_double",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 2}]},
        {"zhahu_dealer_double": True},
        [16, 8, -32, 8],
        0,
    ),
    (
        "false_win_by_the_dealer_doubled",
        {"result": "void", "penalties": [{"kind": "false_win", "seat": 0}]},
        {"zhahu_dealer_double": True},
        [-48, 16, 16, 16],
        0,
    ),
    (
        "four_same_discards_in_a_draw",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {},
        [4, -12, 4, 4],
        0,
    ),
    # In a won hand too: P1's self-draw [-4, 8, -2, -2] plus P2 paying 4 to each.
    (
        "four_same_discards_in_a_won_hand",
        won(self_draw(1), penalties=[{"kind": "four_same_discards", "seat": 2}]),
        {},
        [0, 12, -14, 2],
        0,
    ),
    (
        "four_same_discard_penalty_option",
        {"result": "draw", "penalties": [{"kind": "four_same_discards", "seat": 1}]},
        {"four_same_discard_penalty": 3},
        [3, -9, 3, 3],
        0,
    ),
    (
        "revealed_tiles_option",
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 2, "count": 2}]},
        {"reveal_penalty": 5},
        [0, 0, -10, 0],
        10,
    ),
]


@pytest.mark.parametrize(
    ("hand", "options", "deltas", "pot_delta"), [c[1:] for c in PENALTIES], ids=[c[0] for c in PENALTIES]
)
def test_penalties(hand: dict[str, Any], options: dict[str, Any], deltas: list[int], pot_delta: int) -> None:
    result = shenyang(hand, None, **options)

    assert (result["deltas"], result["pot_delta"]) == (deltas, pot_delta)


def test_the_next_winner_takes_the_pot_a_drawn_hand_carried() -> None:
    hands = [
        {"result": "draw", "penalties": [{"kind": "revealed_tiles", "seat": 3, "count": 1}]},
        won(self_draw(1)),  # after a drawn hand: ×2, so 4 each and 8 from the dealer, plus the pot of 4
    ]
    result = replay("shenyang", hands)

    assert result["results"][1]["deltas"] == [-8, 20, -4, -4]
    assert result["results"][1]["pot_delta"] == -4
    assert result["pot"] == 0 and result["totals"] == [-8, 20, -4, -8]


def test_the_winner_also_takes_what_was_paid_into_the_pot_during_the_won_hand() -> None:
    hand = won(self_draw(1), penalties=[{"kind": "revealed_tiles", "seat": 3, "count": 2}])
    result = shenyang(hand, {"pot": 8})

    # P3 pays 8 in; P1 takes the 8 waiting plus those 8.
    assert result["deltas"] == [-4, 24, -2, -10]
    assert result["pot_delta"] == -8
    assert result["state"]["pot"] == 0


def test_a_void_hand_keeps_what_was_paid_into_the_pot() -> None:
    hand = {"result": "void", "penalties": [{"kind": "revealed_tiles", "seat": 1, "count": 1}]}

    assert shenyang(hand, {"pot": 4})["state"]["pot"] == 8


def test_several_winners_on_one_discard_are_scored_apart_and_the_first_after_the_discarder_takes_the_pot() -> None:
    hand = won(discard(1, 3), discard(0, 3))
    result = shenyang(hand, {"pot": 4}, multi_ron=True)

    # P0 (dealer) wins 2·2·2 = 8 and the pot of 4; P1 wins 2·2 = 4; both from P3.
    assert result["deltas"] == [12, 4, 0, -12]
    assert result["state"]["dealer"] == 0


def test_with_ron_paid_by_all_a_winner_never_pays_another_winner() -> None:
    result = shenyang(won(discard(1, 3), discard(2, 3)), None, multi_ron=True, ron_payers="all")

    # Each winner: 2 × ron 2 = 4 from P3 and 8 from the dealer P0.
    assert result["deltas"] == [-16, 12, 12, -8]
    assert result["state"]["dealer"] == 1


def test_several_winners_without_the_dealer_pass_the_deal_on() -> None:
    result = shenyang(won(discard(1, 0), discard(2, 0)), None, multi_ron=True)

    assert result["deltas"] == [-16, 8, 8, 0]
    assert result["state"]["dealer"] == 1


# -- more cases of several winners on one discard and the pot (§2.5) -------------------------------


def test_two_winners_on_a_closed_dealers_discard_each_collect_the_doubled_figure() -> None:
    result = shenyang(won(discard(1, 0), discard(2, 0), seats=closed(0)), {"dealer": 0}, multi_ron=True)

    # Each: 2 × ron 2 × dealer 2 × closed 2 = 16. Neither winner deals, so the deal moves to P1.
    assert result["deltas"] == [-32, 16, 16, 0]
    assert result["state"]["dealer"] == 1


def test_the_pot_goes_to_the_winner_nearest_after_the_discarder_whatever_the_listing_order() -> None:
    hand = won(discard(2, 3), discard(1, 3))
    result = shenyang(
        hand, {"dealer": 0, "pending_doubles": 1, "pot": 8}, multi_ron=True, liuju_dice_mode="no_stack_carry"
    )

    # S = 1: each winner gets one ×2 (W = ron 2 × 2 = 4 → 8); P1 comes before P2 after P3 and takes the 8.
    assert result["deltas"] == [0, 16, 8, -16]
    assert result["pot_delta"] == -8
    assert (result["state"]["pending_doubles"], result["state"]["pot"]) == (0, 0)


def test_the_dealer_among_two_winners_keeps_the_deal() -> None:
    result = shenyang(won(discard(0, 2), discard(1, 2)), {"dealer": 0}, multi_ron=True)

    # P0: 2 × 2 × dealer 2 = 8; P1: 2 × 2 = 4; both from P2.
    assert result["deltas"] == [8, 4, -12, 0]
    assert (result["state"]["dealer"], result["state"]["dealer_streak"]) == (0, 1)
