"""Harbin sessions replayed hand by hand (RULES.md §3.7, §3.8): the deal, dealer_double and drawn hands.

Base 1; P0 deals first. Figures are worked by hand, hand by hand.
"""

from __future__ import annotations

from typing import Any

from .harbin_helpers import harbin_session, ready
from .helpers import discard, robbed, self_draw, won

DRAW: dict[str, Any] = {"result": "draw"}


def test_the_winner_takes_the_deal_and_a_void_hand_moves_nothing() -> None:
    hands = [
        won(self_draw(1)),  # 2 from each; P1 deals next
        DRAW,  # P1 keeps the deal
        won(discard(1, 2, "clamp"), seats=ready(2)),  # 平胡 1 × clamp 2 from P2; the dealer P1 stays
        won(robbed(3, 1)),  # robbing is a self-draw: 2 from each, the robbed P1 included; P3 deals
        {"result": "void"},
    ]
    result = harbin_session(hands)

    assert [r["deltas"] for r in result["results"]] == [
        [-2, 6, -2, -2],
        [0, 0, 0, 0],
        [0, 2, -2, 0],
        [-2, -2, -2, 6],
        [0, 0, 0, 0],
    ]
    keys = ("dealer", "dealer_streak", "draw_streak", "previous", "hand")
    assert [tuple(dict(r["state"])[k] for k in keys) for r in result["results"]] == [
        (1, 0, 0, "win", 2),
        (1, 1, 1, "draw", 3),
        (1, 2, 0, "win", 4),
        (3, 0, 0, "win", 5),
        (3, 0, 0, "void", 6),
    ]
    assert result["totals"] == [-4, 6, -6, 4]


def test_dealer_double_follows_the_deal_as_it_moves_to_each_winner() -> None:
    hands = [
        won(self_draw(2)),  # dealer P0 pays 2 × 2, P1 and P3 pay 2; P2 deals next
        won(discard(2, 1)),  # the dealer P2 wins 出冲 3 × 2 = 6 from P1
        won(self_draw(0, "finding_treasure")),  # 摸宝 3: the dealer P2 pays 6, the others 3; P0 deals
    ]
    result = harbin_session(hands, dealer_double=True)

    assert [r["deltas"] for r in result["results"]] == [[-4, -2, 8, -2], [0, -6, 6, 0], [12, -3, -6, -3]]
    assert [r["state"]["dealer"] for r in result["results"]] == [2, 2, 0]
    assert result["totals"] == [8, -11, 8, -5]


def test_drawn_hands_carry_no_multiplier_into_the_next_win() -> None:
    result = harbin_session([DRAW, DRAW, won(self_draw(1))])

    assert result["results"][2]["deltas"] == [-2, 6, -2, -2]
    assert [(r["state"]["dealer_streak"], r["state"]["draw_streak"]) for r in result["results"]] == [
        (1, 1),
        (2, 2),
        (0, 0),
    ]
    assert result["pot"] == 0
