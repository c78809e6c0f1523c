"""Shenyang sessions through `replay` (RULES.md §2.4-§2.6, §0.5): every counter, every hand.

Base 2; P0 deals first unless the case says otherwise. Figures are worked by hand, hand by hand.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.rules import ReplayResult, replay

from .helpers import discard, self_draw, won
from .shenyang_helpers import shenyang_session

DRAW: dict[str, Any] = {"result": "draw"}
COUNTERS = ("dealer", "dealer_streak", "draw_streak", "pending_doubles", "pot", "previous", "hand")


def counters(result: ReplayResult) -> list[tuple[Any, ...]]:
    return [tuple(dict(r["state"])[key] for key in COUNTERS) for r in result["results"]]


def test_stack_mode_two_draws_then_a_dice_double_win() -> None:
    hands = [{"result": "draw", "dice_double": True}, DRAW, won(self_draw(1), dice_double=True)]
    result = shenyang_session(hands)

    # Hand 3: only the last drawn hand counts (×2) and the dice ×2: W 4 → 8 each, 16 from the dealer.
    assert [r["deltas"] for r in result["results"]] == [[0, 0, 0, 0], [0, 0, 0, 0], [-16, 32, -8, -8]]
    assert counters(result) == [
        (0, 1, 1, 0, 0, "draw", 2),
        (0, 2, 2, 0, 0, "draw", 3),
        (1, 0, 0, 0, 0, "win", 4),
    ]


def test_no_stack_carry_through_draws_a_void_hand_and_two_wins() -> None:
    hands = [
        won(self_draw(0), dice_double=True),  # S = 1: ×2, the dealer wins 2·2·2 = 8 each; carry 0
        {"result": "draw", "dice_double": True},  # S = 0 + 0 + 1: carry 1
        DRAW,  # S = 1 + 1 + 0: carry 2
        {"result": "void"},  # redealt: nothing moves
        won(discard(2, 3), dice_double=True),  # S = 2 + 1 + 1 = 4: one ×2 → 2·2·2 = 8; carry 3
        won(self_draw(1)),  # S = 3: ×2; P1 now deals and wins 2·2·2 = 8 each; carry 2
    ]
    result = shenyang_session(hands, liuju_dice_mode="no_stack_carry")

    assert [r["deltas"] for r in result["results"]] == [
        [24, -8, -8, -8],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 8, -8],
        [-8, 24, -8, -8],
    ]
    assert counters(result) == [
        (0, 1, 0, 0, 0, "win", 2),
        (0, 2, 1, 1, 0, "draw", 3),
        (0, 3, 2, 2, 0, "draw", 4),
        (0, 3, 2, 2, 0, "void", 5),
        (1, 0, 0, 3, 0, "win", 6),
        (1, 1, 0, 2, 0, "win", 7),
    ]
    assert result["totals"] == [16, 16, -8, -24]


def test_penalties_and_the_pot_across_a_draw_a_void_hand_and_a_win() -> None:
    hands = [
        {
            "result": "draw",
            "penalties": [
                {"kind": "revealed_tiles", "seat": 3, "count": 1},
                {"kind": "four_same_discards", "seat": 2},
            ],
        },
        {
            "result": "void",
            "penalties": [{"kind": "false_win", "seat": 1}, {"kind": "revealed_tiles", "seat": 0, "count": 2}],
        },
        won(self_draw(2)),
    ]
    result = shenyang_session(hands)

    assert [(r["deltas"], r["pot_delta"]) for r in result["results"]] == [
        # P2 pays 4 to each; P3 pays 4 into the pot (its +4 from P2 cancels it).
        ([4, 4, -12, 0], 4),
        # P1's false win: 8 to each; P0 pays 2 × 4 into the pot.
        ([0, -24, 8, 8], 8),
        # The drawn hand still doubles (the void hand kept the streak): 4 each, the dealer 8;
        # P2 takes the pot of 12.
        ([-8, -4, 28, -4], -12),
    ]
    assert [r["state"]["pot"] for r in result["results"]] == [4, 12, 0]
    assert [r["state"]["dealer"] for r in result["results"]] == [0, 0, 1]
    assert (result["totals"], result["pot"]) == ([-4, -24, 24, 4], 0)


def test_the_deal_goes_to_the_next_seat_not_to_a_non_dealer_winner() -> None:
    hands = [
        won(self_draw(1)),  # dealer P0 pays 4, the others 2; the deal passes to P1
        won(self_draw(1)),  # the dealer P1 wins 4 from each and keeps the deal
        DRAW,  # P1 keeps the deal
        won(discard(3, 2)),  # after a draw: ron 2 × 2 = 4 → 8; the deal goes to P2, not to P3
        won(discard(2, 0)),  # the dealer P2 wins 2 × 2 × 2 = 8 and keeps the deal
    ]
    result = shenyang_session(hands)

    assert [r["deltas"] for r in result["results"]] == [
        [-4, 8, -2, -2],
        [-4, 12, -4, -4],
        [0, 0, 0, 0],
        [0, 0, -8, 8],
        [-8, 0, 8, 0],
    ]
    assert [(r["state"]["dealer"], r["state"]["dealer_streak"]) for r in result["results"]] == [
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
    ]
    assert result["totals"] == [-16, 20, -6, 2]


def test_a_session_can_start_with_another_dealer() -> None:
    result = shenyang_session([won(self_draw(0))], {"dealer": 3})

    assert result["results"][0]["deltas"] == [8, -2, -2, -4]
    assert result["state"]["dealer"] == 0


def test_a_pending_carry_survives_a_stack_mode_session_untouched() -> None:
    result = shenyang_session([DRAW, won(self_draw(1))], {"pending_doubles": 2})

    # Stack mode ignores the carry: only the drawn hand doubles (4 each, 8 from the dealer).
    assert result["results"][1]["deltas"] == [-8, 16, -4, -4]
    assert result["state"]["pending_doubles"] == 2


def test_replay_stops_at_the_first_bad_record_and_keeps_what_came_before() -> None:
    hands = [won(self_draw(1)), won(discard(1, 2, "kong_bloom")), won(self_draw(2))]
    result = replay("shenyang", hands)

    assert (result["ok"], result["first_error"], len(result["results"])) == (False, 1, 2)
    assert result["totals"] == [-4, 8, -2, -2]
    assert result["state"]["dealer"] == 1 and result["state"]["hand"] == 2
