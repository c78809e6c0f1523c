"""Dalian Qionghu sessions replayed hand by hand (RULES.md §1.7, §1.8, D-2, D-17): deltas and counters, worked by hand.

Each step gives the hand, its deltas and the counters after it: (dealer, dealer_streak, draw_streak).
"""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.rules import replay

from .dalian_helpers import closed, ready
from .helpers import discard, ok, self_draw, won

DRAW: dict[str, Any] = {"result": "draw"}
VOID: dict[str, Any] = {"result": "void"}


SESSIONS = [
    (
        "retained draws count toward 长毛; another winner passes the deal to the next seat",
        {},
        None,
        [
            (won(self_draw(0)), [12, -4, -4, -4], (0, 1, 0)),  # dealer 2·2
            (DRAW, [0, 0, 0, 0], (0, 2, 1)),
            (won(self_draw(0), seats=ready(0)), [96, -32, -32, -32], (0, 3, 0)),  # 2·2·4·2 (k = 2)
            (won(discard(2, 0)), [-4, 0, 4, 0], (1, 0, 0)),
            (won(discard(1, 3, "edge_wait")), [0, 16, 0, -16], (1, 1, 0)),  # 4·2·2, P1 now deals
            (VOID, [0, 0, 0, 0], (1, 1, 0)),
            (won(self_draw(3)), [-2, -2, -2, 6], (2, 0, 0)),
        ],
        [102, -22, -34, -46],
    ),
    (
        "draw_dealer rotate: each draw passes the deal and clears the streak",
        {"draw_dealer": "rotate"},
        {"dealer": 3, "dealer_streak": 2},
        [
            (DRAW, [0, 0, 0, 0], (0, 0, 1)),
            (DRAW, [0, 0, 0, 0], (1, 0, 2)),
            (won(self_draw(1)), [-4, 12, -4, -4], (1, 1, 0)),  # 2·2
            (won(self_draw(1)), [-8, 24, -8, -8], (1, 2, 0)),  # 2·2·2
            (DRAW, [0, 0, 0, 0], (2, 0, 1)),
        ],
        [-12, 36, -12, -12],
    ),
    (
        "streak_counts_draws off: a kept draw leaves 长毛 where it was",
        {"streak_counts_draws": False},
        {"dealer": 2},
        [
            (DRAW, [0, 0, 0, 0], (2, 0, 1)),
            (DRAW, [0, 0, 0, 0], (2, 0, 2)),
            (won(self_draw(2)), [-4, -4, 12, -4], (2, 1, 0)),  # 2·2
            (DRAW, [0, 0, 0, 0], (2, 1, 1)),
            (won(discard(2, 1)), [0, -16, 16, 0], (2, 2, 0)),  # 4·2·2
            (won(discard(0, 1)), [4, -4, 0, 0], (3, 0, 0)),
        ],
        [0, -24, 28, -4],
    ),
    (
        "dealer_pays_double follows the deal as it moves",
        {"dealer_pays_double": True},
        {"dealer": 1},
        [
            (won(self_draw(2), seats=closed(1)), [-2, -8, 12, -2], (2, 0, 0)),  # P1: 2·2·2
            (won(self_draw(2)), [-4, -4, 12, -4], (2, 1, 0)),  # the dealer wins: 2·2, nobody pays double
            (won(discard(3, 2)), [0, 0, -8, 8], (3, 0, 0)),  # the dealer discards: 4·2
        ],
        [-6, -12, 16, 2],
    ),
]


@pytest.mark.parametrize(
    ("options", "start", "steps", "totals"), [c[1:] for c in SESSIONS], ids=[c[0] for c in SESSIONS]
)
def test_a_replayed_session_carries_every_counter_hand_by_hand(
    options: dict[str, Any],
    start: dict[str, Any] | None,
    steps: list[tuple[dict[str, Any], list[int], tuple[int, int, int]]],
    totals: list[int],
) -> None:
    session = replay("dalian", [hand for hand, _, _ in steps], options or None, start)
    assert session["ok"] and session["first_error"] is None
    first_hand = (start or {}).get("hand", 1)
    for number, (result, (_, deltas, (dealer, streak, draws))) in enumerate(
        zip(session["results"], steps, strict=True)
    ):
        assert ok(result)["deltas"] == deltas, number
        counters = result["state"]
        assert (counters["dealer"], counters["dealer_streak"], counters["draw_streak"]) == (dealer, streak, draws)
        assert counters["hand"] == first_hand + number + 1
        assert counters["previous"] == steps[number][0]["result"]
    assert session["totals"] == totals
    assert session["pot"] == 0


def test_a_replay_stops_at_the_first_refused_hand_and_keeps_the_state_before_it() -> None:
    hands = [won(self_draw(0)), won(discard(2, 1, "edge_wait", "terminal_wait")), DRAW]
    session = replay("dalian", hands)
    assert not session["ok"] and session["first_error"] == 1
    assert session["totals"] == [12, -4, -4, -4]
    assert (session["state"]["dealer"], session["state"]["dealer_streak"], session["state"]["hand"]) == (0, 1, 2)
